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
FIGURE_LIMIT = 60_000  # bytes that the inline figures and the explorer add to a page


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
    p.screenshot(path=shots / f"{name}-light.jpg", full_page=True, quality=80)
    switch_to_dark(p, where)
    check_figures(p, where, "dark")
    p.screenshot(path=shots / f"{name}-dark.jpg", full_page=True, quality=80)


def switch_to_dark(p, where):
    p.locator('form[data-md-component="palette"] label:not([hidden])').click()
    p.wait_for_function("document.body.dataset.mdColorScheme === 'slate'", timeout=5000)


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


SWITCHED = [(lang, page) for lang in LANGUAGES for page in ("index.md", "embedding-vs-linear.md")]


@pytest.mark.parametrize("lang,source", SWITCHED, ids=[f"{l}:{s}" for l, s in SWITCHED])
def test_language_switch_keeps_the_page(site_url, visit, lang, source):
    # Clicked as a reader does; every page's link targets are checked by test_page.
    p = visit(site_url + published_path(lang, source), wait_until="load").page
    for other in LANGUAGES:
        if other == lang:
            continue
        p.hover(".md-header .md-select")
        with p.expect_navigation(wait_until="commit"):
            p.locator(f'.md-select__link[hreflang="{other}"]').click()
        assert p.url == site_url + published_path(other, source), f"{lang}:{source}: the {other} link leads to {p.url}"


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


EXPLORERS = [
    (lang, str(p.relative_to(DOCS / lang)))
    for lang in LANGUAGES
    for p in sorted((DOCS / lang).glob("*.md"))
    if 'class="explorer"' in p.read_text(encoding="utf-8")
]


@pytest.mark.parametrize("lang,source", EXPLORERS, ids=[f"{l}:{s}" for l, s in EXPLORERS])
def test_explorer_shows_the_row_of_each_id(built_site, site_url, visit, lang, source):
    """Each ID, clicked or reached with the keyboard, lights up its row, its one-hot slot,
    and a product equal to that row, all as in the data PyTorch wrote."""
    data = json.loads((built_site[0] / "assets" / "explorer-data.json").read_text(encoding="utf-8"))
    v = visit(site_url + published_path(lang, source), wait_until="load")
    p, where = v.page, f"{lang}:{source}"
    explorer = p.locator(".explorer")
    explorer.locator("button").first.wait_for()
    table = data[explorer.get_attribute("data-table")]
    buttons = explorer.locator(".explorer__ids button")
    assert buttons.count() == len(table["labels"]), f"{where}: one button per ID"

    def shown():
        return p.evaluate(
            """root => ({
                checked: [...root.querySelectorAll('[aria-checked=true]')].map(b => Number(b.dataset.id)),
                rows: [...root.querySelectorAll('.explorer__table tr.is-selected')].map(r => Number(r.dataset.row)),
                selectedRow: [...root.querySelectorAll('.explorer__table tr.is-selected td')].map(td => td.textContent),
                onehot: [...root.querySelectorAll('.explorer__onehot td')].map(td => td.textContent),
                output: [...root.querySelectorAll('.explorer__output td')].map(td => td.textContent),
                focused: document.activeElement.dataset.id,
            })""",
            explorer.element_handle(),
        )

    def expect(i, how):
        state = shown()
        onehot = ["1" if j == i else "0" for j in range(len(table["labels"]))]
        assert state["checked"] == [i] and state["rows"] == [i], f"{where}: {how} ID {i} selects {state}"
        assert state["onehot"] == onehot, f"{where}: {how} ID {i} shows the one-hot {state['onehot']}"
        assert state["selectedRow"] == table["weight"][i], f"{where}: row {i} shows {state['selectedRow']}"
        assert state["output"] == table["product"][i] == table["weight"][i], f"{where}: the product shows {state['output']}"
        return state

    for i in range(buttons.count()):
        buttons.nth(i).click()
        expect(i, "clicking")
    # The keyboard: the chosen ID is the one tab stop; arrows move, Home and End jump.
    buttons.last.focus()
    for key, i in [("ArrowRight", 0), ("ArrowDown", 1), ("End", len(table["labels"]) - 1), ("ArrowLeft", len(table["labels"]) - 2), ("Home", 0)]:
        p.keyboard.press(key)
        assert expect(i, f"{key} to")["focused"] == str(i), f"{where}: focus did not follow {key}"
    assert not v.errors, f"{where}: console or page errors: {v.errors}"

    shots = OUT / "screenshots" / lang
    shots.mkdir(parents=True, exist_ok=True)
    name = Path(source).stem
    explorer.screenshot(path=shots / f"{name}-explorer-light.png")
    switch_to_dark(p, where)
    explorer.screenshot(path=shots / f"{name}-explorer-dark.png")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_javascript_the_figures_remain(browser, site_url, lang):
    context = browser.new_context(java_script_enabled=False)
    try:
        p = context.new_page()
        p.goto(site_url + published_path(lang, "embedding-vs-linear.md"))
        assert not p.locator(".explorer").is_visible(), f"{lang}: an empty explorer shows without JavaScript"
        figures = p.locator(".figure > svg")
        assert figures.count() == 5 and all(figures.nth(i).is_visible() for i in range(5)), f"{lang}: figures missing"
    finally:
        context.close()
