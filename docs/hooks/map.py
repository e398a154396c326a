"""The reader's map, derived from mkdocs.yml's nav, and what a search engine reads of a page.

The nav is the one place the map is written: after the home page, its top-level entries
(the questions page; the sections Core path and Reference). From it and the pages
themselves this hook derives:

- under each title, the page's times (docs/hooks/reading_time.py: to read, and to work
  through with its code and quiz), put into page.meta for docs/overrides/main.html; not on
  the home page, which is the map. A page that is looked up, not read through (the
  questions page, the glossary), says instead what it holds: its answers, each with its
  times, or its terms;
- on the home page, `<!--map:tier N-->` becomes the Nth entry's line: a section's title,
  linked to its list, with the sums of its pages' times (looked-up pages left out), or a
  page's title, linked to it, with the line under its title; `<!--map:last N-->` a link to
  the Nth entry's last page (where the core path ends); and `<!--map:pages-->` a list of each
  section's pages, titled by their H1 (or the title the nav gives them), each with the
  line under its title;
- each page's description (<meta name="description"> and og:description): the first
  sentences of its opening paragraph, without markup or asides in parentheses; a notebook
  page takes its teaching page's, the home page keeps the site's (mkdocs.yml);
- one sitemap for every language: the other languages' addresses go into the root one,
  each with its twins (hreflang), as the pages' own <link rel=" alternate"> say.
"""

from __future__ import annotations

import gzip
import html
import re
from pathlib import Path

import page as page_format
import reading_time

# Pages no one reads through: what they hold is counted instead (its answers: one per H2;
# its terms: the rows of its table).
LOOKED_UP = {"questions-learners-ask.md": "answers", "glossary.md": "terms"}
DESCRIPTION_LIMIT = {"en": 160, "zh": 100}  # characters; a Chinese character is twice as wide

# The nav's top-level entries after the home page: (title, [(page, nav title)], is a section)
_entries: list[tuple[str, list[tuple[str, str | None]], bool]] = []


def on_nav(nav, config, files, **kwargs):
    _entries.clear()
    for item in nav.items:
        if item.is_section:
            pages = [(p.file.src_uri, p.__dict__.get("title")) for p in item.children if p.is_page]
            _entries.append((item.title, pages, True))
        elif item.is_page and item.file.src_uri != "index.md":
            _entries.append((item.__dict__.get("title"), [(item.file.src_uri, item.__dict__.get("title"))], False))
    return nav


def source(config, page: str) -> str:
    return (Path(config.docs_dir) / page).read_text(encoding="utf-8")


def h1(markdown: str) -> str:
    return page_format.parse(markdown).title


def entries(markdown: str, kind: str) -> int:
    """How many answers (H2 sections) or terms (rows of its table) a looked-up page holds."""
    doc = page_format.parse(markdown)
    if kind == "answers":
        return sum(h.level == 2 for h in doc.headings)
    rows = [line for _, line in doc.prose() if line.startswith("|") and not re.match(r"\|[\s:|-]+$", line)]
    return len(rows) - 1  # the header row aside


def times(markdown: str, lang: str) -> dict:
    """The page's two figures, as shown: to read, and to work through."""
    return {"read": reading_time.minutes(markdown, lang), "work": reading_time.work_minutes(markdown, lang)}


def label(markdown: str, page: str, labels: dict, lang: str) -> str:
    """The line under a page's title, the same beside it on the home page."""
    kind = LOOKED_UP.get(page)
    if kind == "answers":  # each answer's share of the page's figures
        n = entries(markdown, kind)
        each = {k: reading_time.shown(f(markdown, lang) / n) for k, f in
                (("read", reading_time.exact_minutes), ("work", reading_time.exact_work_minutes))}
        return labels[kind].format(n=n, **each)
    if kind:
        return labels[kind].format(n=entries(markdown, kind))
    return labels["page"].format(**times(markdown, lang))


def tiers(config) -> list[dict]:
    """Each top-level entry of the nav after the home page: title, link and anchor (a section's
    list; none for a page), its line's label, and pages (file, title, label, times or None
    for a looked-up page)."""
    lang, labels, out = config.extra["lang"], config.extra["reading_time"], []
    for n, (title, pages, section) in enumerate(_entries, 1):
        rows = []
        for page, nav_title in pages:
            text = source(config, page)
            time = None if page in LOOKED_UP else times(text, lang)
            rows.append((page, nav_title or h1(text), label(text, page, labels, lang), time))
        if section:
            sums = {k: sum(t[k] for *_, t in rows if t is not None) for k in ("read", "work")}
            out.append({"title": title, "link": f"#tier-{n}", "anchor": f"tier-{n}", "label": labels["sum"].format(**sums), "pages": rows})
        else:  # a page of its own (the questions page): linked to itself, with the line under its title
            page, title, line, _ = rows[0]
            out.append({"title": title, "link": page, "anchor": None, "label": line, "pages": rows})
    return out


_TIER = re.compile(r"<!--map:tier (\d+)-->")
_LAST = re.compile(r"<!--map:last (\d+)-->")


def home_page(markdown: str, config) -> str:
    labels, found = config.extra["reading_time"], tiers(config)

    def tier(m):
        t = found[int(m.group(1)) - 1]
        return labels["tier"].format(title=t["title"], link=t["link"], time=t["label"])

    def last(m):
        page, title, *_ = found[int(m.group(1)) - 1]["pages"][-1]
        return f"[{title}]({page})"

    lists = []
    for t in found:
        if t["anchor"] is None:  # a page of its own: its line above is its entry
            continue
        lists.append(f"## {t['title']} {{ #{t['anchor']} }}\n")
        for page, title, line, _ in t["pages"]:
            lists.append(f"- [{title}]({page})" + labels["list"].format(line))
        lists.append("")
    markdown = _LAST.sub(last, _TIER.sub(tier, markdown))
    return markdown.replace("<!--map:pages-->", "\n".join(lists))


# What a description leaves out: asides, markup, link targets.
_ASIDE = {"en": re.compile(r" \([^()]*\)"), "zh": re.compile(r"（[^（）]*）")}
_LINKS = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_STRIP = [(re.compile(r"<[^>]+>|[*`]"), ""), (re.compile(r"\s+"), " ")]
_SENTENCE = {"en": re.compile(r"(?<=[.!?:])\s+(?=[A-Z`*\[(\"])"), "zh": re.compile(r"(?<=[。！？：])")}


def description(markdown: str, lang: str) -> str:
    """The page's answer in a sentence or two: its opening paragraph's first sentences
    that fit DESCRIPTION_LIMIT, without markup (cut at a word, with …, if the first is longer)."""
    text = page_format.parse(markdown).first_paragraph()
    for pattern, replacement in [(_LINKS, r"\1"), (_ASIDE[lang], ""), *_STRIP]:
        text = pattern.sub(replacement, text)
    text = text.strip()
    if lang == "zh":  # where an aside was: a space between Chinese and Latin, none before punctuation
        text = re.sub(r"(?<=[A-Za-z0-9])(?=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff])(?=[A-Za-z0-9])", " ", text)
        text = re.sub(r" (?=[\u3000-\u303f\uff00-\uffef])", "", text)
    limit, chosen = DESCRIPTION_LIMIT[lang], ""
    for sentence in _SENTENCE[lang].split(text):
        joined = (chosen + (" " if lang == "en" and chosen else "") + sentence.strip())
        if len(joined) > limit:
            break
        chosen = joined
    if not chosen:  # the first sentence alone is too long: cut it at a word
        cut = text[: limit - 1]
        if lang == "en":
            cut = cut.rsplit(" ", 1)[0]
        else:
            cut = re.split(r"(?<=[，、；])", cut)
            cut = "".join(cut[:-1]) if len(cut) > 1 else cut[0]
        chosen = cut.rstrip(" ,;:，、；：") + "…"
    if chosen.endswith(":"):
        chosen = chosen[:-1] + "."
    elif chosen.endswith("："):
        chosen = chosen[:-1] + "。"
    return chosen


def on_page_markdown(markdown, page, config, files, **kwargs):
    lang, name = config.extra["lang"], page.file.src_uri
    if name.endswith(".ipynb"):
        teaching = f"{Path(name).stem}.md"
        if (Path(config.docs_dir) / teaching).is_file():
            page.meta.setdefault("description", html.escape(description(source(config, teaching), lang)))
        return markdown
    text = source(config, name)
    if page.is_homepage:  # its answer is the site's description (mkdocs.yml)
        return home_page(markdown, config)
    page.meta.setdefault("description", html.escape(description(text, lang)))  # Material writes it as is
    page.meta["reading_time"] = label(text, name, config.extra["reading_time"], lang)
    return markdown


_URL = re.compile(r"<url>.*?</url>\s*", re.S)
_LOC = re.compile(r"(<loc>([^<]*)</loc>)")


def on_post_build(config, **kwargs):
    """The main build (run after docs/hooks/languages.py has waited for the others) puts
    every other language's addresses into its sitemap, a crawler reads /sitemap.xml only,
    each with its twins in every language (hreflang, and x-default: the first language)."""
    languages = config.extra["languages"]
    if config.extra["lang"] != languages[0]["lang"]:
        return
    site, root = Path(config.site_dir), config.site_url
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    others = "".join(
        m.group(0) for e in languages[1:] for m in _URL.finditer((site / e["lang"] / "sitemap.xml").read_text(encoding="utf-8"))
    )
    sitemap = sitemap.replace("</urlset>", "    " + others.rstrip() + "\n</urlset>") if others else sitemap

    def twins(m):
        path = m.group(2)[len(root):]
        for e in languages[1:]:
            path = path.removeprefix(f"{e['lang']}/")
        where = {e["locale"]: root + ("" if e is languages[0] else f"{e['lang']}/") + path for e in languages}
        where["x-default"] = root + path
        links = "".join(f'\n         <xhtml:link rel="alternate" hreflang="{k}" href="{v}"/>' for k, v in where.items())
        return m.group(1) + links

    sitemap = _LOC.sub(twins, sitemap).replace("<urlset ", '<urlset xmlns:xhtml="http://www.w3.org/1999/xhtml" ', 1)
    (site / "sitemap.xml").write_text(sitemap, encoding="utf-8")
    with gzip.GzipFile(site / "sitemap.xml.gz", "wb", mtime=0) as out:
        out.write(sitemap.encode("utf-8"))
