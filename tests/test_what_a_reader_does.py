"""What a reader does, in headless Chromium: search, switch language, use the explorer.

Search answers in the reader's language; the language switch keeps the page; a missing
page answers in the reader's language; the look-up explorer lights up the right row for
every ID, by mouse and by keyboard, with the numbers PyTorch wrote; without JavaScript
the static figures remain and no empty explorer shows.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from browser import OUT, switch_to_dark
from pages import DOCS, LANGUAGES, lang_prefix, published_path


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


# What a reader types, and a page that must be among the results.
SEARCHES = {
    "en": [
        ("embedding", "embedding-vs-linear.md"),
        ("one-hot", "embedding-vs-linear.md"),
        ("gradient", "gradients.md"),
        ("EmbeddingBag", "bags-and-special-rows.md"),
        ("weight tying", "weight-tying.md"),
        ("benchmark", "the-cost-measured.md"),
    ],
    "zh": [
        ("嵌入", "embedding-vs-linear.md"),
        ("独热", "embedding-vs-linear.md"),
        ("查找表", "token-embeddings.md"),
        ("梯度", "gradients.md"),
        ("EmbeddingBag", "bags-and-special-rows.md"),
        ("权重共享", "weight-tying.md"),
        ("基准测试", "the-cost-measured.md"),
    ],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_answers_in_the_readers_language(site_url, visit, lang):
    v = visit(site_url + lang_prefix(lang))
    p = v.page
    box = p.locator(".md-search__input")
    box.click()
    home = site_url + lang_prefix(lang)
    others = tuple(site_url + lang_prefix(o) for o in LANGUAGES if o != lang and lang_prefix(o))
    for query, page in SEARCHES[lang]:
        box.fill("")
        box.dispatch_event("keyup", {"key": "Backspace"})
        p.wait_for_selector(".md-search-result__item", state="detached")
        if query.isascii():
            p.keyboard.type(query, delay=20)
        else:
            # An input method commits CJK text as text, not as key presses, and the key that
            # committed it comes up as "Process"; Material reads the query on keyup.
            p.keyboard.insert_text(query)
            box.dispatch_event("keyup", {"key": "Process"})
        p.wait_for_selector(".md-search-result__item", timeout=10_000)
        hrefs = p.eval_on_selector_all(".md-search-result__link", "els => els.map(a => a.href)")
        wrong = [h for h in hrefs if not h.startswith(home) or h.startswith(others)]
        assert not wrong, f"{lang}: {query!r} finds pages of another language: {wrong}"
        expected = site_url + published_path(lang, page)
        found = {h.split("?")[0].split("#")[0] for h in hrefs}  # links carry ?h=<query>#<section>
        assert expected in found, f"{lang}: {query!r} does not find {page}, only {sorted(found)}"
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
