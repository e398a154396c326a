"""What a reader does beyond reading a page, in headless Chromium: search, a wrong
address, no JavaScript. (The language switch and the explorer are used on every page's
own load, in test_what_a_reader_sees.py.)

Search answers in the reader's language; a missing page answers in the reader's
language; without JavaScript the static figures remain and each quiz's answer opens. Each check is a subtest; tests/js/search.js types the queries.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import page as page_format

from accessibility import COLOUR_RULES, violations
from browser import SEARCH_INDEX, assert_focus_ring, switch_to_dark
from pages import DOCS, EXAMPLES, LANGUAGES, headings, html_lang, lang_prefix, published_path


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
        ("tie_word_embeddings", "tables-in-hugging-face-models.md"),
        ("resize_token_embeddings", "tables-in-hugging-face-models.md"),
        ("newly initialized", "tables-in-hugging-face-models.md"),
        ("glitch token", "how-rows-learn-meaning.md"),
        ("SolidGoldMagikarp", "how-rows-learn-meaning.md"),
        ("cosine similarity", "how-rows-learn-meaning.md"),
        ("SparseAdam", "sparse-gradients.md"),
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
        ("从未查到的行", "optimizers-and-untouched-rows.md"),
        ("位置编码", "initialisation-and-scale.md"),
        ("解冻", "pretrained-and-frozen-tables.md"),
        ("常见报错", "errors-you-will-meet.md"),
        ("软词元", "when-a-matrix-product-fits.md"),
        ("tie_word_embeddings", "tables-in-hugging-face-models.md"),
        ("resize_token_embeddings", "tables-in-hugging-face-models.md"),
        ("newly initialized", "tables-in-hugging-face-models.md"),
        ("检查点", "tables-in-hugging-face-models.md"),
        ("异常词元", "how-rows-learn-meaning.md"),
        ("余弦相似度", "how-rows-learn-meaning.md"),
        ("SolidGoldMagikarp", "how-rows-learn-meaning.md"),
        ("稀疏梯度", "sparse-gradients.md"),
    ],
}


# Each answer on the page of learners' questions is found by its own title (the question
# in the learner's words, or the error's last line as pasted), down to its section.
QUESTIONS = "questions-learners-ask.md"
for _lang in LANGUAGES:
    SEARCHES[_lang] += [(text, f"{QUESTIONS}#{anchor}") for _, text, anchor in headings(DOCS / _lang / QUESTIONS)]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_search_answers_in_the_readers_language(site_url, reader, subtests, lang):
    v = reader.open(site_url + lang_prefix(lang))
    p = reader.page
    box = p.locator(".md-search__input")
    # The index is fetched when the reader turns to search, not with the page.
    with p.expect_response(lambda r: r.url.endswith(SEARCH_INDEX)) as index:
        box.click()
    assert index.value.url.startswith(site_url + lang_prefix(lang) + "search/"), f"{lang}: {index.value.url}"
    home = site_url + lang_prefix(lang)
    others = tuple(site_url + lang_prefix(o) for o in LANGUAGES if o != lang and lang_prefix(o))
    # One script types every query in turn (the keyboard test types one key by key).
    results = p.evaluate("queries => checks.search(queries)", [query for query, _ in SEARCHES[lang]])
    for (query, page), hrefs in zip(SEARCHES[lang], results):
        with subtests.test("search finds the page", query=query, lang=lang):
            assert hrefs is not None, f"{lang}: {query!r} finds nothing (it should find {page})"
            wrong = [h for h in hrefs if not h.startswith(home) or h.startswith(others)]
            assert not wrong, f"{lang}: {query!r} finds pages of another language: {wrong}"
            page, _, section = page.partition("#")
            expected = site_url + published_path(lang, page) + (f"#{section}" if section else "")
            # Links carry ?h=<query>#<section>; a page is found by any of its sections.
            found = {h.split("?")[0] + ("#" + h.split("#")[1] if section and "#" in h else "") for h in hrefs}
            assert expected in found, f"{lang}: {query!r} does not find {page}{'#' + section if section else ''}, only {sorted(found)[:8]}"
    with subtests.test("no console or page error", lang=lang):
        assert not v.errors, v.errors
    with subtests.test("axe finds nothing in the open search with results", lang=lang):
        found = violations(p)
        assert not found, f"{lang}: search, open with results: axe finds\n" + "\n".join(found)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_missing_page_answers_in_the_readers_language(site_url, reader, subtests, lang):
    v = reader.open(site_url + lang_prefix(lang) + "no-such-page/")
    with subtests.test("it answers in the reader's language and leads home", lang=lang):
        # The host answers with the root 404 page, in English: its script sends a reader of
        # another language to that language's 404 page.
        reader.page.wait_for_function(f"document.documentElement.lang === '{html_lang(lang)}'")
        assert "404" in reader.page.inner_text("article")
        home = reader.page.eval_on_selector("article a[href]", "a => a.href")
        assert home == site_url + lang_prefix(lang), f"{lang}: the 404 page leads home to {home}, not {site_url + lang_prefix(lang)}"
        assert not [e for e in v.errors if "404" not in e], v.errors
    for scheme, rules in [("light", None), ("dark", COLOUR_RULES)]:
        with subtests.test(f"axe finds nothing, {scheme} scheme", lang=lang):
            if scheme == "dark":
                switch_to_dark(reader.page, as_reader=False)
            found = violations(reader.page, scheme, rules)
            assert not found, f"{lang}: the 404 page, {scheme} scheme: axe finds\n" + "\n".join(found)


# Without JavaScript: page 1 (its figures and quizzes), and each page with a widget, whose
# figures tell its story. (No empty widget can show: a widget's style sheet comes with its
# script, which widgets.js loads, so without JavaScript its div has nothing to draw.)
NO_JS_PAGES = ["embedding-vs-linear.md"] + sorted(p.name for p in (DOCS / LANGUAGES[0]).glob("*.md") if page_format.read(p).widgets())


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_javascript_figures_and_answers_remain(browser, site_url, subtests, lang):
    context = browser.new_context(java_script_enabled=False)
    try:
        p = context.new_page()
        for page in NO_JS_PAGES:
            p.goto(site_url + published_path(lang, page))
            source = (DOCS / lang / page).read_text(encoding="utf-8")
            where = f"{lang}:{page}"
            with subtests.test("its figures show", page=where):
                figures = p.locator(".figure > svg")
                shown = source.count("](figures/")
                assert shown and figures.count() == shown and all(figures.nth(i).is_visible() for i in range(shown)), f"{where}: figures missing"
            if page != "embedding-vs-linear.md":
                continue
            # Each question's answer waits, collapsed, under its options; one click opens it.
            with subtests.test("each quiz's answer opens", page=where):
                quizzes = p.locator(".quiz")
                assert quizzes.count() > 0, f"{where}: no quiz on the page"
                for i in range(quizzes.count()):
                    quiz, right = quizzes.nth(i), int(quizzes.nth(i).get_attribute("data-answer"))
                    answer = quiz.locator(".quiz__answer")
                    assert quiz.locator("input[type=radio]").first.is_visible() and not answer.evaluate("d => d.open")
                    answer.locator("summary").click()
                    said = answer.locator(f'.quiz__explanation[data-option="{right}"]').inner_text()
                    assert said.startswith(f"{'ABCD'[right]}. " if lang == "en" else f"{'ABCD'[right]} 项") and answer.evaluate("d => d.open"), f"{where}: quiz {i + 1}: the answer reads {said!r}"
    finally:
        context.close()


def tab_to(p, selector: str, where: str, most: int = 15):
    """Press Tab until the element matching `selector` has the focus, and see its ring."""
    for _ in range(most):
        p.keyboard.press("Tab")
        if p.evaluate(f"document.activeElement.matches({selector!r})"):
            assert_focus_ring(p, where)
            return
    pytest.fail(f"{where}: {most} presses of Tab do not reach {selector}", pytrace=False)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_keyboard_alone_searches_downloads_and_switches_language(site_url, reader, subtests, lang):
    p, other = reader.page, next(o for o in LANGUAGES if o != lang)
    notebook = site_url + published_path(lang, "examples/gradients.ipynb")
    with subtests.test("'/' searches, the arrows reach a result, Enter opens it", lang=lang):
        reader.open(notebook)
        with p.expect_response(lambda r: r.url.endswith(SEARCH_INDEX)):
            p.keyboard.press("/")
        assert p.evaluate("document.activeElement.matches('.md-search__input')"), f"{lang}: '/' does not focus search"
        query, page = SEARCHES[lang][2]
        p.keyboard.type(query)  # Chinese arrives as committed text, without keys:
        p.keyboard.press("End")  # a key the reader presses next lets Material read it
        p.wait_for_selector(".md-search-result__item")
        # The arrows walk the results (other pages may rank above it for a common word).
        want = published_path(lang, page)
        for _ in range(6):
            p.keyboard.press("ArrowDown")
            if want in (p.evaluate("document.activeElement.getAttribute('href') || ''")):
                break
        assert_focus_ring(p, f"{lang}: search result")
        with p.expect_navigation(wait_until="load"):
            p.keyboard.press("Enter")
        assert p.url.split("?")[0].split("#")[0] == site_url + published_path(lang, page), f"{lang}: Enter on the first result for {query!r} opens {p.url}"
    with subtests.test("the skip link, then Tab to the notebook's download, Enter downloads it", lang=lang):
        reader.open(notebook)
        tab_to(p, ".md-skip", f"{lang}: skip link", most=1)
        p.keyboard.press("Enter")
        tab_to(p, "a[download]", f"{lang}: notebook download", most=4)  # past Colab, Kaggle (and the Chinese note)
        with p.expect_download() as download:
            p.keyboard.press("Enter")
        assert download.value.suggested_filename == "gradients.ipynb", f"{lang}: downloads {download.value.suggested_filename}"
        cells = lambda text: [c["source"] for c in json.loads(text)["cells"] if c["cell_type"] == "code"]
        got = Path(download.value.path()).read_text(encoding="utf-8")
        assert cells(got) == cells((EXAMPLES / lang / "gradients.ipynb").read_text(encoding="utf-8")), f"{lang}: the download is not the notebook"
    with subtests.test("Tab from the top reaches the language link, Enter follows it", lang=lang):
        reader.open(notebook)
        tab_to(p, f'.md-select__link[hreflang="{other}"]', f"{lang}: language selector")
        with p.expect_navigation(wait_until="load"):
            p.keyboard.press("Enter")
        assert p.url == site_url + published_path(other, "examples/gradients.ipynb"), f"{lang}: Enter on the {other} link leads to {p.url}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_copy_button_in_a_quiz_answer_copies_its_own_block(site_url, reader, lang):
    """Material finds the code a copy button copies by an id made from the block's nearest
    ancestor with an id; each block of a quiz needs one of its own (they once shared
    `quiz-N`, and every button copied the question). Clicked, each copies its own code."""
    reader.context.grant_permissions(["clipboard-read", "clipboard-write"])
    try:
        reader.open(site_url + published_path(lang, "embedding-vs-linear.md"))
        p = reader.page
        quiz = p.locator(".quiz").first
        quiz.locator(".quiz__answer summary").click()
        blocks = quiz.locator("pre")
        assert blocks.count() >= 3, f"{lang}: the first quiz has {blocks.count()} code blocks; this test needs a question and two answers"
        copied = []
        for i in range(blocks.count()):
            block = blocks.nth(i)
            block.hover()
            block.locator(".md-code__nav button").click()
            got = p.evaluate("navigator.clipboard.readText()").rstrip("\n")
            want = block.locator("code").inner_text().rstrip("\n")
            assert got == want, f"{lang}: the copy button of code block {i} of the first quiz copies {got[:60]!r}, not its own {want[:60]!r}"
            copied.append(got)
        assert len(set(copied)) == len(copied), f"{lang}: two copy buttons copied the same code"
    finally:
        reader.context.clear_permissions()
