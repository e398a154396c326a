"""The reader's map is derived from mkdocs.yml's nav, and what a search engine reads of a
page is the page's own.

- The nav has three tiers (Start, the core path, reference); page 1 and the core path are
  at most 5 pages and 30 minutes by the build's own figures; the Chinese nav names them in
  Chinese.
- Every page but the home page shows its reading time under its title, the figure of
  docs/hooks/reading_time.py for its Markdown (whose rules are pinned here on small pages);
  the home page's tier lines and lists are the nav's, in its order, with the same figures.
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

from pages import DOCS, LANGUAGES, NOT_TEACHING, front_matter, lang_prefix, load_hook, mkdocs_config, nav_sections, published_path, rel
from site_build import TEST_SITE_URL

sys.path.insert(0, str(DOCS / "hooks"))  # docs/hooks/map.py imports reading_time, as the build does
reading_time = load_hook("reading_time")
site_map = load_hook("map")

CONFIG = mkdocs_config()
CORE_MINUTES, CORE_PAGES = 30, 5
PAGE_LABEL = {"en": "{} min read", "zh": "阅读约 {} 分钟"}


def minutes(lang: str, page: str) -> int:
    return reading_time.minutes((DOCS / lang / page).read_text(encoding="utf-8"), lang)


# -- the rules of the reading time, on pages small enough to count by hand ----------------

_PAGE = """---
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

<details class="note" markdown>
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


# -- the tiers ---------------------------------------------------------------------------------

def test_the_nav_has_three_tiers_and_a_short_core_path():
    found = nav_sections()
    assert [t for t, _ in found] == ["Start", "Core path", "Reference"], "the nav's sections are the tiers"
    start, core, reference = (pages for _, pages in found)
    assert start == ["embedding-vs-linear.md", "questions-learners-ask.md"], "Start: page 1, then the questions page"
    assert reference[-1] == "glossary.md"
    path = [p for p in start + core if p.removesuffix(".md") not in NOT_TEACHING]
    for lang in LANGUAGES:
        times = {p: minutes(lang, p) for p in path}
        assert len(path) <= CORE_PAGES and sum(times.values()) <= CORE_MINUTES, (
            f"{lang}: page 1 and the core path take {sum(times.values())} min over {len(path)} pages "
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


def html_of(site, lang: str, source: str) -> str:
    return (site / published_path(lang, source) / "index.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_shows_its_reading_time_under_its_title(built_site, lang):
    site, _ = built_site
    wrong = []
    for page in sorted((DOCS / lang).glob("*.md")):
        built = html_of(site, lang, page.name)
        shown = re.findall(r'<span class="reading-time">([^<]*)</span>', built)
        want = [] if page.stem == "index" else [PAGE_LABEL[lang].format(minutes(lang, page.name))]
        if shown != want:
            wrong.append(f"{rel(page)}: shows {shown}, its Markdown makes {want}")
        elif want and built.index("reading-time") < built.index("</h1>"):
            wrong.append(f"{rel(page)}: the reading time stands above the title")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_home_page_lists_the_tiers_of_the_nav(built_site, lang):
    site, _ = built_site
    built = html_of(site, lang, "index.md")
    article = built[built.index("<article"):]
    overrides = mkdocs_config(lang)["extra"].get("nav_titles", {})
    label = {"en": "{} min", "zh": "约 {} 分钟"}[lang]
    # One line per tier, on the first screen (before the lists), linked to its list, with its time.
    first = article[: article.index('id="tier-1"')]
    for n, (title, pages) in enumerate(nav_sections(), 1):
        total = sum(minutes(lang, p) for p in pages if p.removesuffix(".md") not in NOT_TEACHING)
        link = f'<a href="#tier-{n}">{overrides.get(title, title)}</a>'
        assert link in first and label.format(total) in first[first.index(link):][:200], f"{lang}: no tier line {link} with {label.format(total)}"
    # Then each tier's pages, in the nav's order, titled as the nav shows them, with their times.
    listed = [
        (page, " ".join(html.unescape(re.sub(r"<[^>]+>", "", title)).split()), time)
        for page, title, time in re.findall(
            r'<a href="(?:\.\./)*([\w-]+)/">(.*?)</a>(?:(?:, |（约 )(\d+) (?:min|分钟）))?', article[article.index('id="tier-1"'):]
        )
    ]
    want = []
    for _, pages in nav_sections():
        for p in pages:
            text = (DOCS / lang / p).read_text(encoding="utf-8")
            title = overrides.get(p) or re.sub(r"[`*]", "", site_map.h1(text))
            time = None if p.removesuffix(".md") in NOT_TEACHING else str(minutes(lang, p))
            want.append((p.removesuffix(".md"), title, time or ""))
    assert listed[: len(want)] == want, f"{lang}: the home page's lists are not the nav's"


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
        want = mkdocs_config(lang)["site_description"] if page.stem == "index" else site_map.description(text, lang)
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
