"""The reader's map is derived from mkdocs.yml's nav, and what a search engine reads of a
page is the page's own.

- The nav: the home page, the questions page, then two tiers (the core path, page 1 first,
  and reference); the core path is at most 5 pages and 30 minutes of reading by the build's
  own figures; the Chinese nav names the tiers (and the questions page) in Chinese.
- Every page but the home page shows under its title its two times, to read and to work
  through, the figures of docs/hooks/reading_time.py for its Markdown (whose rules are
  pinned here on small pages); a looked-up page shows what it holds instead (the questions
  page: its answers, each with its share of the times; the glossary: its terms). The home
  page's lines (each tier with the sums of its pages' figures, where the core path ends,
  the questions page with its own line) and lists are the nav's, in its order, with the
  same figures.
- Each page's description is its own answer (docs/hooks/map.py), in its language; each page
  names itself and its twin with hreflang (and x-default), carries Open Graph tags with its
  own address, and the root sitemap lists every page of both languages.
(The Next link at the end of each teaching page follows the nav too: tests/test_pages_answer_first.py.)
"""

from __future__ import annotations

import html
import re
import sys

import pytest

import glossary
from pages import DOCS, LANGUAGES, NOT_TEACHING, load_hook, mkdocs_config, nav_sections, published_path, rel
from site_build import TEST_SITE_URL

sys.path.insert(0, str(DOCS / "hooks"))  # docs/hooks/map.py imports reading_time, as the build does
reading_time = load_hook("reading_time")
site_map = load_hook("map")

CONFIG = mkdocs_config()
CORE_MINUTES, CORE_PAGES = 30, 5
QUESTIONS = "questions-learners-ask.md"
# What a reader sees under a title: this test's own copy of the wording (mkdocs.yml's reading_time)
PAGE_LABEL = {"en": "{read} min read · {work} min with code and quiz", "zh": "阅读约 {read} 分钟 · 连同运行代码和自测约 {work} 分钟"}
SUM_LABEL = {"en": "{read} min read · {work} min with code and quizzes", "zh": PAGE_LABEL["zh"]}
ANSWERS_LABEL = {"en": "{n} answers, each {read} min read · {work} min with code", "zh": "{n} 个解答，每个阅读约 {read} 分钟 · 连同运行代码约 {work} 分钟"}
TERMS_LABEL = {"en": "{n} terms", "zh": "{n} 个术语"}


def markdown(lang: str, page: str) -> str:
    return (DOCS / lang / page).read_text(encoding="utf-8")


def minutes(lang: str, page: str) -> int:
    return reading_time.minutes(markdown(lang, page), lang)


def work_minutes(lang: str, page: str) -> int:
    return reading_time.work_minutes(markdown(lang, page), lang)


def under_title(lang: str, page: str) -> str:
    """What the line under the page's title must say, counted here apart from docs/hooks/map.py."""
    text = markdown(lang, page)
    if page == QUESTIONS:  # each answer (an H2) gets its share of the page's two figures
        n = len(re.findall(r"^## ", text, re.M))
        each = {"read": reading_time.shown(reading_time.exact_minutes(text, lang) / n),
                "work": reading_time.shown(reading_time.exact_work_minutes(text, lang) / n)}
        return ANSWERS_LABEL[lang].format(n=n, **each)
    if page == "glossary.md":  # the terms docs/glossary.yml defines for readers
        return TERMS_LABEL[lang].format(n=sum("define_en" in e for e in glossary.entries()))
    return PAGE_LABEL[lang].format(read=minutes(lang, page), work=work_minutes(lang, page))


# -- the rules of the reading time, on pages small enough to count by hand ----------------

# The opening both small pages share: front matter, a title, the prose under test, a block and its output.
_OPENING = """---
translates: abc
---

# Title words

{prose}

```python
print(1)

print(2)
```

<!--pytest-codeblocks:expected-output-->

```text
1
2
```

"""

_PAGE = _OPENING + """<details class="note" markdown>
<summary>Folded</summary>

these folded words are left out

```python
print("left out")
```

</details>

![a figure's alt text is not read](figures/x.svg "nor its caption")

## Check yourself { #check-yourself }

<!--docs:quiz-->
```python
print("quiz code is left out")
```

quiz words are left out too

## Key points { #key-points }

- one two

Next: [Linked page](next.md)
"""


def test_reading_time_counts_prose_and_code_lines_on_the_main_path():
    prose = " ".join(["word"] * 224)  # + Title words, Key points, one two, Next: Linked page = 233 words
    page = _PAGE.replace("{prose}", prose)
    lines, code = reading_time.main_path(page)
    assert code == 4, "code and output lines on the main path: 2 + 2 (blank lines, folds and the quiz left out)"
    assert reading_time.units(lines, "en") == 224 + 2 + 2 + 2 + 3
    assert reading_time.exact_minutes(page, "en") == pytest.approx(233 / 230 + 4 * 3 / 60)
    assert reading_time.minutes(page, "en") == 1
    # Chinese: 400 characters a minute, a Latin word or a number counting as one.
    zh = _PAGE.replace("{prose}", "字" * 390 + " PyTorch 2.13")
    lines, _ = reading_time.main_path(zh)
    assert reading_time.units(lines, "zh") == 390 + 2 + 2 + 2 + 2 + 3  # + PyTorch 2.13, the headings, one two, Next Linked page
    assert reading_time.minutes(_PAGE.replace("{prose}", " ".join(["word"] * 600)), "en") == 3  # 2.6 + 0.2, rounded


# Every kind of thing the work-through counts, once or twice, on the main path, in a fold and in the quiz.
_WORK_PAGE = _OPENING + """```bash
pip install torch
```

<details class="note" markdown>
<summary>Folded</summary>

folded words

```python
print("left out")
```

![a folded figure is not looked at](figures/y.svg)

</details>

![a figure](figures/x.svg "its caption")

<div class="training-slider" hidden></div>

## Check yourself { #check-yourself }

<!--docs:quiz-->
```python
print(3)
```

<!--pytest-codeblocks:expected-output-->

```text
3
```

Why three.

<!--docs:wrong-->
```python
print(4)
print(5)
```

<!--pytest-codeblocks:expected-output-->

```text
4
5
```

Not four.

## Key points { #key-points }

- one two

Next: [Linked page](next.md)
"""


def test_the_time_to_work_through_counts_code_runs_figures_widgets_and_the_quiz():
    page = _WORK_PAGE.replace("{prose}", " ".join(["word"] * 141))
    c = reading_time.count(page)
    assert (c.code_lines, c.output_lines, c.blocks) == (2, 3, 1), "main path: 2 lines of Python in 1 block; 2 output and 1 shell line"
    assert (c.figures, c.widgets) == (1, 1), "one figure and one widget on the main path (the folded figure left out)"
    assert (c.questions, c.question_lines, c.option_lines, c.wrong_lines) == (1, 1, 3, 2), "the quiz: 1 question of 1 line, 3 option lines, 2 wrong lines"
    assert reading_time.units(c.prose, "en") == 141 + 2 + 2 + 2 + 3 and reading_time.units(c.quiz_prose, "en") == 2 + 2 + 2
    # 150 words a minute; 6 s a line of Python, 2 s a line of output, 10 s a run, 40 s a figure,
    # 60 s a widget; the quiz: 6 s a question line, 2 s an option line, 30 s to choose, 3 s a wrong line
    seconds = 2 * 6 + 3 * 2 + 1 * 10 + 40 + 60 + 1 * 6 + 3 * 2 + 30 + 2 * 3
    assert reading_time.exact_work_minutes(page, "en") == pytest.approx(156 / 150 + seconds / 60)
    assert reading_time.work_minutes(page, "en") == 4  # 1.04 + 2.93, rounded
    assert reading_time.minutes(page, "en") == 1, "reading: the words and the 5 lines of the main path only"
    # Chinese: 260 characters a minute (150 × 400 / 230), a Latin word or a number counting as one.
    zh = _WORK_PAGE.replace("{prose}", "字" * 510)
    assert reading_time.exact_work_minutes(zh, "zh") == pytest.approx((510 + 2 + 2 + 2 + 3 + 6) / 260 + seconds / 60)


# -- the tiers ---------------------------------------------------------------------------------

def test_the_nav_has_the_questions_page_then_two_tiers_and_a_short_core_path():
    nav = CONFIG["nav"]
    assert nav[:2] == ["index.md", QUESTIONS], "the nav opens with the home page, then the questions page (one tap on a phone)"
    found = nav_sections()
    assert [t for t, _ in found] == ["Core path", "Reference"], "the nav's sections are the tiers"
    core, reference = (pages for _, pages in found)
    assert core[0] == "embedding-vs-linear.md", "the core path starts with page 1"
    assert reference[-1] == "glossary.md"
    path = [p for p in core if p.removesuffix(".md") not in NOT_TEACHING]
    for lang in LANGUAGES:
        times = {p: minutes(lang, p) for p in path}
        assert len(path) <= CORE_PAGES and sum(times.values()) <= CORE_MINUTES, (
            f"{lang}: the core path takes {sum(times.values())} min of reading over {len(path)} pages "
            f"(at most {CORE_MINUTES} min, {CORE_PAGES} pages): {times}"
        )


def test_the_chinese_nav_names_the_tiers_in_chinese(built_site):
    site, _ = built_site
    built = html_of(site, "zh", "gradients.md")
    nav = built[built.index("md-nav--primary"):built.index("md-sidebar--secondary")]
    words = " ".join(html.unescape(re.sub(r"<[^>]+>", " ", nav)).split())
    titles = mkdocs_config(LANGUAGES[1])["extra"]["nav_titles"]
    for title, _ in nav_sections():
        assert title in titles, f"mkdocs.zh.yml: no Chinese title for the section {title!r} (extra.nav_titles)"
        assert titles[title] in words and title not in words, f"zh nav: {title!r} is not shown as {titles[title]!r}: {words[:300]}"
    questions = titles.get(QUESTIONS) or site_map.h1(markdown("zh", QUESTIONS))
    assert questions in words, f"zh nav: the questions page is not shown as {questions!r}: {words[:300]}"


def html_of(site, lang: str, source: str) -> str:
    return (site / published_path(lang, source) / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_shows_its_times_under_its_title(built_site, lang):
    site, _ = built_site
    wrong = []
    for page in sorted((DOCS / lang).glob("*.md")):
        built = html_of(site, lang, page.name)
        shown = re.findall(r'<span class="reading-time">([^<]*)</span>', built)
        want = [] if page.stem == "index" else [under_title(lang, page.name)]
        if shown != want:
            wrong.append(f"{rel(page)}: shows {shown}, its Markdown makes {want}")
        elif want and built.index("reading-time") < built.index("</h1>"):
            wrong.append(f"{rel(page)}: the times stand above the title")
    assert not wrong, "\n".join(wrong)


def _text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", "", fragment)).split())


# Between a page's link and the line under its title, in the home page's lists (mkdocs.yml's reading_time.list)
LIST_LABEL = {"en": ", {}", "zh": "（{}）"}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_page_lists_the_tiers_of_the_nav(built_site, lang):
    site, _ = built_site
    built = html_of(site, lang, "index.md")
    article = built[built.index("<article"):]
    overrides = mkdocs_config(lang)["extra"].get("nav_titles", {})
    # One line per entry of the nav after the home page, on the first screen (before the lists).
    first = article[: article.index('id="tier-')]
    items = re.findall(r"<li>(.*?)</li>", first, re.S)

    def line(link: str) -> str:
        found = [_text(li) for li in items if link in li]
        assert found, f"{lang}: no line with {link} on the home page, above the lists"
        return found[0]

    entries = CONFIG["nav"][1:]
    # The questions page: linked to itself, with the line under its title.
    questions = overrides.get(QUESTIONS) or site_map.h1(markdown(lang, QUESTIONS))
    text = line(f'<a href="{QUESTIONS.removesuffix(".md")}/">{questions}</a>')
    assert under_title(lang, QUESTIONS) in text, f"{lang}: the questions page's line is not {under_title(lang, QUESTIONS)!r}: {text}"
    # Each tier: linked to its list, with the sums of its teaching pages' figures.
    for title, pages in nav_sections():
        n = next(i for i, e in enumerate(entries, 1) if isinstance(e, dict) and title in e)
        path = [p for p in pages if p.removesuffix(".md") not in NOT_TEACHING]
        sums = SUM_LABEL[lang].format(read=sum(minutes(lang, p) for p in path), work=sum(work_minutes(lang, p) for p in path))
        text = line(f'<a href="#tier-{n}">{overrides.get(title, title)}</a>')
        assert sums in text, f"{lang}: the line of {title!r} does not say {sums!r}: {text}"
        assert f'id="tier-{n}"' in article, f"{lang}: no list #tier-{n} for {title!r}"
    # The core path's line says where it ends: a link to its last page.
    title, core = nav_sections()[0]
    n = next(i for i, e in enumerate(entries, 1) if isinstance(e, dict) and title in e)
    last = core[-1]
    ending = f'<a href="{last.removesuffix(".md")}/">{site_map.h1(markdown(lang, last))}</a>'
    assert ending in next(li for li in items if f'href="#tier-{n}"' in li), f"{lang}: the core path's line does not end with {ending}"
    # Then each tier's pages, in the nav's order, titled as the nav shows them, each with the line under its title.
    lists = article[article.index('id="tier-'):article.index('id="every-output-is-checked"')]
    listed = [(page, _text(title + rest)) for page, title, rest in re.findall(r'<li><a href="(?:\.\./)*([\w-]+)/">(.*?)</a>(.*?)</li>', lists, re.S)]
    want = []
    for _, pages in nav_sections():
        for p in pages:
            title = overrides.get(p) or re.sub(r"[`*]", "", site_map.h1(markdown(lang, p)))
            want.append((p.removesuffix(".md"), title + LIST_LABEL[lang].format(under_title(lang, p))))
    assert listed == want, f"{lang}: the home page's lists are not the nav's:\n{listed}\n{want}"


# -- what a search engine reads ----------------------------------------------------------------

_CJK = re.compile(r"[\u4e00-\u9fff]")


def _attr(built: str, pattern: str) -> list[str]:
    return [html.unescape(v) for v in re.findall(pattern, built)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_page_tells_a_search_engine_its_answer_and_its_twin(built_site, lang):
    site, _ = built_site
    hreflang = {e["lang"]: e["locale"] for e in CONFIG["extra"]["languages"]}
    wrong = []
    for page in sorted((DOCS / lang).glob("*.md")):
        built, where = html_of(site, lang, page.name), rel(page)
        text = page.read_text(encoding="utf-8")
        want = CONFIG["site_description"] if page.stem == "index" and lang == LANGUAGES[0] else (
            mkdocs_config(lang)["site_description"] if page.stem == "index" else site_map.description(text, lang)
        )
        description = _attr(built, r'<meta name="description" content="([^"]*)"')
        if description != [want.strip()]:
            wrong.append(f"{where}: description {description}, not its own answer {want!r}")
        elif page.stem != "index" and not (20 <= len(want) <= site_map.DESCRIPTION_LIMIT[lang]) or bool(_CJK.search(want)) != (lang == "zh"):
            wrong.append(f"{where}: description of {len(want)} characters or in another language: {want!r}")
        mine = TEST_SITE_URL + published_path(lang, page.name)
        # rel=" alternate": the token "alternate" (see docs/overrides/main.html for the space)
        alternates = dict(re.findall(r'<link rel="\s*alternate\s*" hreflang="([^"]+)" href="([^"]+)">', built))
        expected = {hreflang[l]: TEST_SITE_URL + published_path(l, page.name) for l in LANGUAGES}
        expected["x-default"] = TEST_SITE_URL + published_path(LANGUAGES[0], page.name)
        if alternates != expected:
            wrong.append(f"{where}: hreflang links {alternates}, not {expected}")
        og = dict(re.findall(r'<meta property="(og:[\w:]+)" content="([^"]*)">', built))
        for key, value in {"og:url": mine, "og:description": want.strip(), "og:type": "website" if page.stem == "index" else "article"}.items():
            if html.unescape(og.get(key, "")) != value:
                wrong.append(f"{where}: {key} is {og.get(key)!r}, not {value!r}")
        if not og.get("og:title") or og.get("og:locale") != CONFIG["extra"]["languages"][LANGUAGES.index(lang)]["og_locale"]:
            wrong.append(f"{where}: og:title or og:locale missing: {og}")
        if f'<html lang="{hreflang[lang]}"' not in built:
            wrong.append(f"{where}: not <html lang=\"{hreflang[lang]}\">")
    assert not wrong, "\n".join(wrong)


def test_the_sitemap_lists_both_languages(built_site):
    site, _ = built_site
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    listed = set(re.findall(r"<loc>([^<]+)</loc>", sitemap))
    want = {TEST_SITE_URL + published_path(lang, p.name) for lang in LANGUAGES for p in (DOCS / lang).glob("*.md")}
    assert want <= listed, f"the root sitemap misses {sorted(want - listed)[:6]}"
    assert all(u.startswith(TEST_SITE_URL) for u in listed), "sitemap addresses"
    # Each address names its twins, as the pages do.
    twins = dict(re.findall(r'<loc>([^<]+)</loc>\s*<xhtml:link rel="alternate" hreflang="en" href="[^"]+"/>\s*'
                            r'<xhtml:link rel="alternate" hreflang="zh-CN" href="([^"]+)"/>', sitemap))
    for p in (DOCS / "en").glob("*.md"):
        en, zh = (TEST_SITE_URL + published_path(lang, p.name) for lang in ("en", "zh"))
        assert twins.get(en) == zh and twins.get(zh) == zh, f"the sitemap does not pair {en} with {zh}"


def test_descriptions_leave_out_markup_and_asides():
    page = "# T\n\nA `nn.Embedding` reads [one row](x.md#a) (not a product) of N(0, 1): its **weight**. Then more.\n"
    assert site_map.description(page, "en") == "A nn.Embedding reads one row of N(0, 1): its weight. Then more."
    long = "# T\n\n" + "word " * 60 + "end.\n"
    cut = site_map.description(long, "en")
    assert cut.endswith("…") and len(cut) <= site_map.DESCRIPTION_LIMIT["en"]
    assert site_map.description("# 标题\n\n嵌入层（embedding layer）读出一行 ID（不是乘积）。\n", "zh") == "嵌入层读出一行 ID。"
