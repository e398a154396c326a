"""What a reader does beyond reading a page, in headless Chromium: search, a wrong
address, no JavaScript. (The language switch and the explorer are used on every page's
own load, in test_what_a_reader_sees.py.)

Search answers in the reader's language; a missing page answers in the reader's
language; without JavaScript the static figures remain and no empty explorer shows.
"""

from __future__ import annotations

import pytest

from accessibility import COLOUR_RULES, violations
from browser import SEARCH_INDEX, switch_to_dark
from pages import LANGUAGES, lang_prefix, published_path


# What a reader types, and a page that must be among the results.
SEARCHES = {
    "en": [
        ("embedding", "embedding-vs-linear.md"),
        ("one-hot", "embedding-vs-linear.md"),
        ("gradient", "gradients.md"),
        ("EmbeddingBag", "bags-and-special-rows.md"),
        ("weight tying", "weight-tying.md"),
        ("benchmark", "the-cost-measured.md"),
        ("glossary", "glossary.md"),
        ("wpe", "position-embeddings.md"),
        ("AdamW", "optimizers-and-untouched-rows.md"),
        ("initialisation", "initialisation-and-scale.md"),
        ("unfreezing", "pretrained-and-frozen-tables.md"),
        ("IndexError", "errors-you-will-meet.md"),
        ("HotFlip", "when-a-matrix-product-fits.md"),
    ],
    "zh": [
        ("嵌入", "embedding-vs-linear.md"),
        ("独热", "embedding-vs-linear.md"),
        ("词元嵌入", "token-embeddings.md"),
        ("梯度", "gradients.md"),
        ("EmbeddingBag", "bags-and-special-rows.md"),
        ("权重共享", "weight-tying.md"),
        ("基准测试", "the-cost-measured.md"),
        ("术语表", "glossary.md"),
        ("位置表", "position-embeddings.md"),
        ("一阶矩", "optimizers-and-untouched-rows.md"),
        ("位置编码", "initialisation-and-scale.md"),
        ("解冻", "pretrained-and-frozen-tables.md"),
        ("常见报错", "errors-you-will-meet.md"),
        ("软词元", "when-a-matrix-product-fits.md"),
    ],
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_answers_in_the_readers_language(site_url, reader, lang):
    v = reader.open(site_url + lang_prefix(lang))
    p = reader.page
    box = p.locator(".md-search__input")
    # The index is fetched when the reader turns to search, not with the page.
    with p.expect_response(lambda r: r.url.endswith(SEARCH_INDEX)) as index:
        box.click()
    assert index.value.url.startswith(site_url + lang_prefix(lang) + "search/"), f"{lang}: {index.value.url}"
    home = site_url + lang_prefix(lang)
    others = tuple(site_url + lang_prefix(o) for o in LANGUAGES if o != lang and lang_prefix(o))
    for query, page in SEARCHES[lang]:
        box.fill("")
        box.dispatch_event("keyup", {"key": "Backspace"})
        p.wait_for_selector(".md-search-result__item", state="detached")
        # Typed as an input method commits text (CJK is never typed key by key): the text
        # arrives at once and the key that committed it comes up; Material reads on keyup.
        p.keyboard.insert_text(query)
        box.dispatch_event("keyup", {"key": "Process" if not query.isascii() else query[-1]})
        try:
            p.wait_for_selector(".md-search-result__item", timeout=10_000)
        except Exception:
            pytest.fail(f"{lang}: {query!r} finds nothing (it should find {page})", pytrace=False)
        hrefs = p.eval_on_selector_all(".md-search-result__link", "els => els.map(a => a.href)")
        wrong = [h for h in hrefs if not h.startswith(home) or h.startswith(others)]
        assert not wrong, f"{lang}: {query!r} finds pages of another language: {wrong}"
        expected = site_url + published_path(lang, page)
        found = {h.split("?")[0].split("#")[0] for h in hrefs}  # links carry ?h=<query>#<section>
        assert expected in found, f"{lang}: {query!r} does not find {page}, only {sorted(found)}"
    assert not v.errors, v.errors
    found = violations(p)  # the search dialog open, with results
    if found:
        pytest.fail(f"{lang}: search, open with results: axe finds\n" + "\n".join(found), pytrace=False)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_missing_page_answers_in_the_readers_language(site_url, reader, lang):
    v = reader.open(site_url + lang_prefix(lang) + "no-such-page/")
    reader.page.wait_for_function(f"document.documentElement.lang === '{lang}'")
    assert "404" in reader.page.inner_text("article")
    home = reader.page.eval_on_selector("article a[href]", "a => a.href")
    assert home == site_url + lang_prefix(lang), f"{lang}: the 404 page leads home to {home}, not {site_url + lang_prefix(lang)}"
    assert not [e for e in v.errors if "404" not in e], v.errors
    for scheme, rules in [("light", None), ("dark", COLOUR_RULES)]:
        if scheme == "dark":
            switch_to_dark(reader.page)
        found = violations(reader.page, rules)
        if found:
            pytest.fail(f"{lang}: the 404 page, {scheme} scheme: axe finds\n" + "\n".join(found), pytrace=False)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_javascript_figures_and_answers_remain(browser, site_url, lang):
    context = browser.new_context(java_script_enabled=False)
    try:
        p = context.new_page()
        p.goto(site_url + published_path(lang, "embedding-vs-linear.md"))
        assert not p.locator(".explorer").is_visible(), f"{lang}: an empty explorer shows without JavaScript"
        figures = p.locator(".figure > svg")
        assert figures.count() == 5 and all(figures.nth(i).is_visible() for i in range(5)), f"{lang}: figures missing"
        # Each question's answer waits, collapsed, under its options; one click opens it.
        quizzes = p.locator(".quiz")
        assert quizzes.count() > 0, f"{lang}: no quiz on the page"
        for i in range(quizzes.count()):
            quiz, right = quizzes.nth(i), int(quizzes.nth(i).get_attribute("data-answer"))
            answer = quiz.locator(".quiz__answer")
            assert quiz.locator("input[type=radio]").first.is_visible() and not answer.evaluate("d => d.open")
            answer.locator("summary").click()
            said = answer.locator(f'.quiz__explanation[data-option="{right}"]').inner_text()
            assert said.startswith(f"{'ABCD'[right]}. ") and answer.evaluate("d => d.open"), f"{lang}: quiz {i + 1}: the answer reads {said!r}"
    finally:
        context.close()
