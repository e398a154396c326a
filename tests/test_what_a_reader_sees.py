"""What a reader sees, in headless Chromium, on every page in both languages.

Nothing is fetched from another host, nothing errors, math, figures and notebooks render
(figures readable in the light and the dark scheme), every internal link and anchor
resolves, the language links lead to the same page, and each page's first load stays
light. Screenshots (light and dark) go to test-output/screenshots/ for a reviewer.
What a reader does (search, switch language, explore) is in test_what_a_reader_does.py.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlsplit

import pytest

from browser import OUT, SITE_PATH, switch_to_dark
from notebooks import EXAMPLES
from pages import DOCS, LANGUAGES, published_path

WEIGHT_LIMIT = 500_000  # bytes, uncompressed, of one page's first load
FIGURE_LIMIT = 60_000  # bytes that the inline figures and the explorer add to a page


def site_pages(kind: str) -> list[tuple[str, str]]:
    """(language, source under docs/<lang>/) for every page ("md") or notebook ("ipynb")."""
    found = []
    for lang in LANGUAGES:
        if kind == "md":
            found += [(lang, str(p.relative_to(DOCS / lang))) for p in sorted((DOCS / lang).rglob("*.md"))]
        else:
            found += [(lang, f"examples/{nb.name}") for nb in sorted((EXAMPLES / lang).glob("*.ipynb"))]
    return found


def local_file(site: Path, site_url: str, url: str) -> Path | None:
    """The built file a request for `url` is answered with."""
    if not url.startswith(site_url):
        return None
    path = site / unquote(urlsplit(url).path[len(SITE_PATH):])
    return path / "index.html" if path.is_dir() else path


PAGES = site_pages("md")


@pytest.mark.parametrize("lang,source", PAGES, ids=[f"{l}:{s}" for l, s in PAGES])
def test_page(built_site, site_url, visit, record_property, lang, source):
    check_page(built_site, site_url, visit, record_property, lang, source)


def check_page(built_site, site_url, visit, record_property, lang, source, dark=True):
    """Everything test_page promises, for one page (test_what_a_reader_sees_in_notebooks.py
    runs it on the notebook pages, so the two halves can run on two workers)."""
    site = built_site[0]
    url = site_url + published_path(lang, source)
    v = visit(url)
    p = v.page
    where = f"{lang}:{source}"

    origin = f"{urlsplit(site_url).scheme}://{urlsplit(site_url).netloc}/"
    outside = [r for r in v.requests if not r.startswith((origin, "data:", "blob:"))]
    assert not outside, f"{where}: requests leave the site: {outside}"
    assert not v.failures, f"{where}: failed responses: {v.failures}"
    assert not v.errors, f"{where}: console or page errors: {v.errors}"

    # Weight of the first load, from the files the server sent (uncompressed).
    files = {local_file(site, site_url, r) for r in v.requests} - {None}
    weight = sum(f.stat().st_size for f in files if f.is_file())
    record_property("first_load_bytes", weight)
    assert weight <= WEIGHT_LIMIT, f"{where}: first load is {weight:,} bytes, over {WEIGHT_LIMIT:,}"

    # Math is MathML laid out by the browser; no TeX source is left on screen.
    text = p.inner_text("article")
    assert not re.search(r"\\(top|cdot|times)|\$[A-Za-z]", text), f"{where}: unrendered math in the text"
    maths = p.eval_on_selector_all(
        "article math",
        "els => els.map(e => [getComputedStyle(e).display, e.getBoundingClientRect().width, e.getBoundingClientRect().height])",
    )
    for i, (display, width, height) in enumerate(maths):
        assert "math" in display and width > 0 and height > 0, f"{where}: math {i} is not laid out as math"

    if source.endswith(".ipynb"):
        assert p.locator(".jp-CodeCell").first.is_visible(), f"{where}: no code cell shown"
        outputs = p.locator(".jp-OutputArea-output pre")
        assert outputs.count() > 0 and outputs.first.is_visible(), f"{where}: no output shown"

    # Every internal link resolves, and so does its #anchor.
    broken = []
    for href in p.eval_on_selector_all("a[href]", "els => els.map(a => a.href)"):
        if not href.startswith(site_url):
            continue
        target, anchor = urldefrag(href)
        file = local_file(site, site_url, target)
        if file is None or not file.is_file():
            broken.append(href)
        elif anchor and file.suffix == ".html" and f'id="{unquote(anchor)}"' not in file.read_text(encoding="utf-8"):
            broken.append(href)
    assert not broken, f"{where}: broken links: {broken}"

    # The language selector leads to the same page in the other language (clicked through
    # on the pages of test_language_switch_keeps_the_page).
    for other in LANGUAGES:
        if other != lang:
            href = p.eval_on_selector(f'.md-select__link[hreflang="{other}"]', "a => a.href")
            assert href == site_url + published_path(other, source), f"{where}: the {other} link leads to {href}"

    # Figures are inline SVG, laid out, and drawn in the page's text colour.
    check_figures(p, where, "light")
    added = sum(p.eval_on_selector_all(".figure > svg", "els => els.map(e => e.outerHTML.length)"))
    added += sum(f.stat().st_size for f in files if f.name.startswith("explorer"))
    assert added <= FIGURE_LIMIT, f"{where}: figures and explorer add {added:,} bytes, over {FIGURE_LIMIT:,}"

    # Screenshots, light and then dark (Material's own switch), for a reviewer.
    shots = OUT / "screenshots" / lang
    shots.mkdir(parents=True, exist_ok=True)
    name = source.rsplit(".", 1)[0].replace("/", "-")
    # Whole pages where there are figures or an explorer to see; the top of the others.
    drawn = p.locator(".figure, .explorer").count() > 0
    p.screenshot(path=shots / f"{name}-light.jpg", full_page=drawn, quality=80)
    if not dark:
        return
    switch_to_dark(p, where)
    check_figures(p, where, "dark")
    p.screenshot(path=shots / f"{name}-dark.jpg", full_page=drawn, quality=80)


def check_figures(p, where, scheme):
    found = p.eval_on_selector_all(
        ".figure > svg",
        """els => els.map(svg => {
            const box = svg.getBoundingClientRect();
            const rgb = getComputedStyle(svg.querySelector('text')).fill.match(/[\\d.]+/g).map(Number);
            return [svg.closest('figure').id, box.width, box.height, (0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]) / 255];
        })""",
    )
    for figure, width, height, luminance in found:
        assert width > 100 and height > 50, f"{where}: {figure} is not laid out ({width} x {height})"
        readable = luminance < 0.4 if scheme == "light" else luminance > 0.6
        assert readable, f"{where}: the text of {figure} has luminance {luminance:.2f} in the {scheme} scheme"


