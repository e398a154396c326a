"""What a reader sees, in headless Chromium, on every page in both languages.

The language switch keeps the reader's place, nothing is fetched from another host,
nothing errors, math and notebooks render, every internal link and anchor resolves,
search stays in the reader's language, and each page's first load stays light.
Screenshots (light and dark) go to test-output/screenshots/ for a reviewer.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urldefrag, urlsplit

import pytest

from browser import SITE_PATH, WEIGHTS
from notebooks import EXAMPLES
from pages import DOCS, LANGUAGES, ROOT, lang_prefix, published_path

OUT = ROOT / "test-output"
WEIGHT_LIMIT = 500_000  # bytes, uncompressed, of one page's first load


def site_pages() -> list[tuple[str, str]]:
    """(language, source under docs/<lang>/) for every page and notebook of the site."""
    found = []
    for lang in LANGUAGES:
        found += [(lang, str(p.relative_to(DOCS / lang))) for p in sorted((DOCS / lang).rglob("*.md"))]
        found += [(lang, f"examples/{nb.name}") for nb in sorted((EXAMPLES / lang).glob("*.ipynb"))]
    return found


class Visit:
    """One page opened in a fresh browser context, with everything it asked for recorded."""

    def __init__(self, browser, url: str, scheme: str = "light", wait_until: str = "search"):
        self.context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 900})
        self.context.set_default_timeout(10_000)
        self.page = self.context.new_page()
        self.requests: list[str] = []
        self.failures: list[str] = []
        self.errors: list[str] = []
        self.context.on("request", lambda r: self.requests.append(r.url))
        self.context.on("response", lambda r: r.status >= 400 and self.failures.append(f"{r.status} {r.url}"))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        if wait_until == "load":
            self.page.goto(url, wait_until="load")
            return
        # The search worker fetches its index after the page has loaded; it counts in the weight.
        with self.page.expect_response(lambda r: r.url.endswith("/search/search_index.json")):
            self.page.goto(url, wait_until="load")

    def close(self):
        self.context.close()


@pytest.fixture
def visit(browser):
    opened = []

    def open_(url, scheme="light", wait_until="search"):
        opened.append(Visit(browser, url, scheme, wait_until))
        return opened[-1]

    yield open_
    for v in opened:
        v.close()


def local_file(site: Path, site_url: str, url: str) -> Path | None:
    """The built file a request for `url` is answered with."""
    if not url.startswith(site_url):
        return None
    path = site / unquote(urlsplit(url).path[len(SITE_PATH):])
    return path / "index.html" if path.is_dir() else path


PAGES = site_pages()


@pytest.mark.parametrize("lang,source", PAGES, ids=[f"{l}:{s}" for l, s in PAGES])
def test_page(built_site, site_url, visit, lang, source):
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
    WEIGHTS[where] = weight
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

    # Screenshots, light and dark, for a reviewer.
    shots = OUT / "screenshots" / lang
    shots.mkdir(parents=True, exist_ok=True)
    name = source.rsplit(".", 1)[0].replace("/", "-")
    p.screenshot(path=shots / f"{name}-light.png", full_page=True)
    dark = visit(url, scheme="dark", wait_until="load")
    scheme = dark.page.evaluate("document.body.dataset.mdColorScheme")
    assert scheme == "slate", f"{where}: the dark scheme is not applied"
    dark.page.screenshot(path=shots / f"{name}-dark.png")

    # The language selector leads to the same page in the other language. The test of that
    # page clicks the way back, so each pair of pages is checked in both directions.
    for other in LANGUAGES:
        if other == lang:
            continue
        p.hover(".md-header .md-select")
        with p.expect_navigation(wait_until="commit"):
            p.locator(f'.md-select__link[hreflang="{other}"]').click()
        assert p.url == site_url + published_path(other, source), f"{where}: the {other} link leads to {p.url}"


SEARCHES = [("en", "embedding"), ("en", "one-hot"), ("zh", "嵌入"), ("zh", "独热"), ("zh", "查找表")]


@pytest.mark.parametrize("lang,query", SEARCHES)
def test_search_answers_in_the_readers_language(site_url, visit, lang, query):
    v = visit(site_url + lang_prefix(lang))
    p = v.page
    p.locator(".md-search__input").click()
    if query.isascii():
        p.keyboard.type(query, delay=30)
    else:
        # An input method commits CJK text as text, not as key presses, and the key that
        # committed it comes up as "Process"; Material reads the query on keyup.
        p.keyboard.insert_text(query)
        p.locator(".md-search__input").dispatch_event("keyup", {"key": "Process"})
    p.wait_for_selector(".md-search-result__item", timeout=10_000)
    hrefs = p.eval_on_selector_all(".md-search-result__link", "els => els.map(a => a.href)")
    assert hrefs, f"{lang}: no result for {query!r}"
    home = site_url + lang_prefix(lang)
    others = [site_url + lang_prefix(o) for o in LANGUAGES if o != lang and lang_prefix(o)]
    wrong = [h for h in hrefs if not h.startswith(home) or h.startswith(tuple(others))]
    assert not wrong, f"{lang}: {query!r} finds pages of another language: {wrong}"
    assert not v.errors, v.errors


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_missing_page_answers_in_the_readers_language(site_url, visit, lang):
    v = visit(site_url + lang_prefix(lang) + "no-such-page/", wait_until="load")
    v.page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    assert "404" in v.page.inner_text("article")
    assert not [e for e in v.errors if "404" not in e], v.errors
