"""The reader's map, derived from mkdocs.yml's nav, and what a search engine reads of a page.

The nav is the one place the tiers are written (its sections: Start, the core path,
reference). From it and the pages themselves this hook derives:

- under each title, the page's reading time (docs/hooks/reading_time.py), put into
  page.meta for docs/overrides/main.html; not on the home page, which is the map;
- on the home page, `<!--map:tier N-->` becomes the Nth section's title, linked to its list,
  with the reading time of its teaching pages, and `<!--map:pages-->` a list of every
  section's pages, titled by their H1 (or the title the nav gives them), with reading
  times on teaching pages (the questions page and the glossary are looked up, not read
  through: no time, and not in the sums);
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

import reading_time

LOOKED_UP = ("glossary.md", "questions-learners-ask.md")  # pages no one reads through
DESCRIPTION_LIMIT = {"en": 160, "zh": 100}  # characters; a Chinese character is twice as wide

_sections: list[tuple[str, list[tuple[str, str | None]]]] = []  # (title, [(page, nav title)])


def on_nav(nav, config, files, **kwargs):
    _sections.clear()
    for item in nav.items:
        if item.is_section:
            pages = [(p.file.src_uri, p.__dict__.get("title")) for p in item.children if p.is_page]
            _sections.append((item.title, pages))
    return nav


def source(config, page: str) -> str:
    return (Path(config.docs_dir) / page).read_text(encoding="utf-8")


def h1(markdown: str) -> str:
    return next(line[2:].strip() for line in markdown.splitlines() if line.startswith("# "))


def tiers(config) -> list[dict]:
    """Each section of the nav: title, anchor, minutes (teaching pages) and pages
    (file, title, minutes or None)."""
    lang, out = config.extra["lang"], []
    for n, (title, pages) in enumerate(_sections, 1):
        rows = []
        for page, nav_title in pages:
            text = source(config, page)
            time = None if page in LOOKED_UP else reading_time.minutes(text, lang)
            rows.append((page, nav_title or h1(text), time))
        minutes = sum(t for _, _, t in rows if t is not None)
        out.append({"title": title, "anchor": f"tier-{n}", "minutes": minutes, "pages": rows})
    return out


_TIER = re.compile(r"<!--map:tier (\d+)-->")


def home_page(markdown: str, config) -> str:
    labels, found = config.extra["reading_time"], tiers(config)

    def tier(m):
        t = found[int(m.group(1)) - 1]
        return labels["tier"].format(title=t["title"], anchor=t["anchor"], minutes=t["minutes"])

    lists = []
    for t in found:
        lists.append(f"## {t['title']} {{ #{t['anchor']} }}\n")
        for page, title, time in t["pages"]:
            lists.append(f"- [{title}]({page})" + ("" if time is None else labels["list"].format(time)))
        lists.append("")
    return _TIER.sub(tier, markdown).replace("<!--map:pages-->", "\n".join(lists))


# What a description leaves out: asides, markup, link targets.
_ASIDE = {"en": re.compile(r" \([^()]*\)"), "zh": re.compile(r"（[^（）]*）")}
_LINKS = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_STRIP = [(re.compile(r"<[^>]+>|[*`]"), ""), (re.compile(r"\s+"), " ")]
_SENTENCE = {"en": re.compile(r"(?<=[.!?:])\s+(?=[A-Z`*\[(\"])"), "zh": re.compile(r"(?<=[。！？：])")}


def description(markdown: str, lang: str) -> str:
    """The page's answer in a sentence or two: its opening paragraph's first sentences
    that fit DESCRIPTION_LIMIT, without markup (cut at a word, with …, if the first is longer)."""
    lines = markdown.splitlines()
    title = next(n for n, line in enumerate(lines) if line.startswith("# "))
    paragraph = []
    for line in lines[title + 1 :]:
        if not line.strip():
            if paragraph:
                break
            continue
        if re.match(r"\s*(<|```|!\[|#|>|!!!)", line):
            if paragraph:
                break
            continue
        paragraph.append(line.strip())
    text = " ".join(paragraph)
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
    page.meta["reading_time"] = config.extra["reading_time"]["page"].format(reading_time.minutes(text, lang))
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
