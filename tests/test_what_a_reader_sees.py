"""What a reader sees and does on every page, in headless Chromium, in both languages.

Each page is loaded once per language and everything is checked on that load: nothing is
fetched from another host, nothing fails or errors, math is laid out, notebooks show
their cells and outputs, every internal link and anchor resolves, the first load stays
light, the figures are readable in the light and (after Material's own toggle) the dark
scheme, and the look-up explorer lights up the right row for every ID, by mouse and by
keyboard, with the numbers PyTorch wrote; and a teaching page, every box closed, is at most
8 screens of 1,280 x 800 tall on page 1 and the core path (the nav's first two tiers), 12
on the others (its height on the same load; the reader's window is 900 px tall, which
changes no page's height, only how much of it shows). The English page's language link is then
clicked, as a reader does, and must land on the same page in Chinese, which is checked
the same way. With SCREENSHOTS=1, screenshots of the figures go to test-output/screenshots/.
"""

from __future__ import annotations

import functools
import json
import os
import re
from pathlib import Path
from urllib.parse import unquote, urldefrag

import pytest

import page as page_format

from accessibility import COLOUR_RULES, violations
from browser import OUT, SEARCH_INDEX, local_file, switch_to_dark
from pages import DOCS, EXAMPLES, LANGUAGES, NOT_TEACHING, core_path, load_hook, published_path

SCREENSHOTS = os.environ.get("SCREENSHOTS") == "1"
WEIGHT_LIMIT = 500_000  # bytes, uncompressed, of one page's first load
FIGURE_LIMIT = 60_000  # bytes of one inline figure, or of one widget's data file

SOURCE, OTHERS = LANGUAGES[0], LANGUAGES[1:]
PAGES = [str(p.relative_to(DOCS / SOURCE)) for p in sorted((DOCS / SOURCE).rglob("*.md"))]
PAGES += [f"examples/{nb.name}" for nb in sorted((EXAMPLES / SOURCE).glob("*.ipynb"))]
HOVERED = ("index.md", "embedding-vs-linear.md")


@pytest.mark.parametrize("source", PAGES)
def test_page_in_every_language(built_site, site_url, reader, record_property, source):
    site = built_site[0]
    reader.open(site_url + published_path(SOURCE, source))
    too_tall = [check_page(site, site_url, reader, record_property, SOURCE, source)]
    for lang in OTHERS:
        # The language selector keeps the page. On two pages it is used as a reader does
        # (hover, wait for the menu, click); elsewhere its link is followed at once, which
        # spares the wait for the menu's animation.
        link = reader.page.locator(f'.md-select__link[hreflang="{lang}"]')
        if source in HOVERED:
            reader.page.hover(".md-header .md-select")
        reader.open(click=link, as_reader=source in HOVERED)
        want = site_url + published_path(lang, source)
        assert reader.page.url == want, f"{SOURCE}:{source}: the {lang} link leads to {reader.page.url}, not {want}"
        too_tall.append(check_page(site, site_url, reader, record_property, lang, source))
    too_tall = [m for m in too_tall if m]
    assert not too_tall, "\n".join(too_tall)


def check_page(site: Path, site_url: str, reader, record_property, lang: str, source: str) -> str | None:
    """Everything a reader sees on one load; returns what is wrong with the page's height
    (None if nothing), asserted once every language has been checked."""
    p, load, where = reader.page, reader.load, f"{lang}:{source}"
    outside = load.outside(site_url)
    assert not outside, f"{where}: requests leave the site: {outside}"
    assert not load.failures, f"{where}: failed responses: {load.failures}"
    assert not load.errors, f"{where}: console or page errors: {load.errors}"

    # Weight of the first load, from the files the server sent (uncompressed). The search
    # index is not part of it: it comes when the reader turns to search.
    assert not [r for r in load.requests if r.endswith(SEARCH_INDEX)], f"{where}: the search index is loaded before anyone searches"
    files = load.files(site, site_url)
    weight = sum(f.stat().st_size for f in files if f.is_file())
    record_property(f"first_load_bytes {where}", weight)
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
    for href in set(p.eval_on_selector_all("a[href]", "els => els.map(a => a.href)")):
        if not href.startswith(site_url):
            continue
        target, anchor = urldefrag(href)
        file = local_file(site, site_url, target)
        if file is None or not file.is_file():
            broken.append(href)
        elif anchor and file.suffix == ".html" and unquote(anchor) not in ids_in(file):
            broken.append(href)
    assert not broken, f"{where}: broken links: {broken}"

    # The language selector leads to the same page in every language.
    for other in LANGUAGES:
        if other != lang:
            href = p.eval_on_selector(f'.md-select__link[hreflang="{other}"]', "a => a.href")
            assert href == site_url + published_path(other, source), f"{where}: the {other} link leads to {href}"

    if lang != SOURCE:
        english = interface_in_english(p)
        assert not english, f"{where}: English left in the interface (titles, labels, description, header, footer, widgets): {english}"

    # What the theme's scripts and the hooks add must leave the page sound: no id twice
    # (Material's copy buttons find their code by id), no notebook cell tag on screen; on a
    # Chinese page, Chinese faces first and no slanted Chinese.
    page_state = p.evaluate(_PAGE_STATE)
    assert not page_state["duplicateIds"], f"{where}: ids used more than once: {page_state['duplicateIds'][:8]}"
    assert not page_state["cellTags"], f"{where}: notebook cell tags shown: {page_state['cellTags'][:3]}"
    if lang == "zh":
        assert _CJK_FACE.match(page_state["font"]), f"{where}: the prose's first font is not a Chinese face: {page_state['font']}"
        assert not page_state["italicChinese"], f"{where}: Chinese set in italics: {page_state['italicChinese'][:4]}"
    teaching = source.endswith(".md") and Path(source).stem not in NOT_TEACHING
    if teaching:
        check_first_screen(page_state, where, source)
        # Its height with every box closed, as loaded (asserted last, so the checks below still run).
        screens = page_state["height"] / SCREEN
        record_property(f"screens {where}", round(screens, 2))

    # Figures are inline SVG, laid out, drawn in the page's text colour; light first.
    check_figures(p, where, "light")
    # Each figure, and each widget's data, stays small (the page as a whole is held above).
    drawn = p.eval_on_selector_all(".figure > svg", "els => els.map(e => [e.closest('figure').id, new Blob([e.outerHTML]).size])")
    drawn += [[f.name, f.stat().st_size] for f in files if f.suffix == ".json"]
    heavy = [(name, size) for name, size in drawn if size > FIGURE_LIMIT]
    assert not heavy, f"{where}: figures or widget data over {FIGURE_LIMIT:,} bytes each: {heavy}"
    explorer = p.locator(".explorer")
    if explorer.count():
        check_explorer(site, p, explorer, where)
    if source.endswith(".md"):
        check_quizzes(p, DOCS / lang / source, where)

    # Usable by every reader: axe finds nothing, in the state the checks above left
    # (an explorer row chosen, each quiz answered), in the light scheme and then the dark.
    # A Chinese notebook page is the English one's cells, headings and links (the notebook and
    # translation checks hold them equal), with other words: every rule runs on the English
    # page, the colour rules on both (a third of the suite's time went to axe on notebook pages).
    translated_notebook = source.endswith(".ipynb") and lang != SOURCE
    found = violations(p, "light", COLOUR_RULES) if translated_notebook else violations(p)
    if found:
        pytest.fail(f"{where}, light scheme: axe finds\n" + "\n".join(found), pytrace=False)

    # Screenshots where there is something drawn to review, light and dark, when asked for
    # (SCREENSHOTS=1: the workflow does, for its reviewers; a tenth of a second each).
    drawn = SCREENSHOTS and p.locator(".figure, .explorer").count() > 0 and not source.endswith(".ipynb")
    shots = OUT / "screenshots" / lang
    name = source.rsplit(".", 1)[0].replace("/", "-")
    if drawn:
        shots.mkdir(parents=True, exist_ok=True)
        p.locator(".figure, .explorer").first.screenshot(path=shots / f"{name}-light.png")
    switch_to_dark(p, as_reader=source in HOVERED)
    check_figures(p, where, "dark")
    found = violations(p, "dark", COLOUR_RULES)
    if found:
        pytest.fail(f"{where}, dark scheme: axe finds\n" + "\n".join(found), pytrace=False)
    if drawn:
        p.locator(".figure, .explorer").first.screenshot(path=shots / f"{name}-dark.png")
    assert not load.errors, f"{where}: console or page errors: {load.errors}"
    if teaching:
        limit = CORE_SCREENS if source in core_path() else SCREENS
        if screens > limit:
            return f"{where}: {screens:.1f} screens of 1,280 x 800 with every box closed, over {limit} ({'core path' if limit == CORE_SCREENS else 'a reference page'})"
    return None


SCREEN = 800  # px: one screen of a 1280 x 800 laptop, the size the first-screen goals are set for
CORE_SCREENS, SCREENS = 8, 12  # a teaching page's height, boxes closed: page 1 and the core path, the others
_CJK_FACE = re.compile(r'"?(PingFang SC|Hiragino Sans GB|Microsoft YaHei|Noto Sans CJK SC|Source Han Sans SC|WenQuanYi)')
_PAGE_STATE = r"""() => {
    const seen = {}, duplicateIds = [];
    for (const e of document.querySelectorAll('[id]')) {
        if (seen[e.id]) duplicateIds.push(e.id);
        seen[e.id] = true;
    }
    const visible = e => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
    const cellTags = [...document.querySelectorAll('.cell-tag, .celltoolbar')].filter(visible).map(e => e.textContent.trim());
    const italicChinese = [];
    const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walk.nextNode()) {
        const t = walk.currentNode, e = t.parentElement;
        if (/[\u4e00-\u9fff]/.test(t.textContent) && e && getComputedStyle(e).fontStyle !== 'normal' && visible(e))
            italicChinese.push(t.textContent.trim().slice(0, 20));
    }
    const top = e => e.getBoundingClientRect().top + scrollY, bottom = e => e.getBoundingClientRect().bottom + scrollY;
    const article = document.querySelector('article');
    const first = article.querySelector(':scope > .highlight, :scope > .output');
    const output = first && first.nextElementSibling && first.nextElementSibling.matches('.output') ? first.nextElementSibling : null;
    const firstTrue = [...article.querySelectorAll('.output pre')].find(e => /\bTrue\b/.test(e.textContent));
    return {
        duplicateIds, cellTags, italicChinese,
        font: getComputedStyle(article.querySelector('p') || article).fontFamily,
        firstBlock: first ? [first.className, top(first), bottom(first)] : null,
        firstOutput: output ? [top(output), bottom(output), output.textContent] : null,
        firstTrue: firstTrue ? bottom(firstTrue) : null,
        height: document.documentElement.scrollHeight,
    };
}"""


def check_first_screen(state: dict, where: str, source: str):
    """A teaching page answers on its first screen (1280 x 800): its opening block, run on
    its own, is all there, and its output starts there; page 1's True stands within two."""
    assert state["firstBlock"] and "highlight" in state["firstBlock"][0], f"{where}: the article does not start with a code block after its opening"
    _, _, code_bottom = state["firstBlock"]
    assert code_bottom <= SCREEN, f"{where}: the opening block ends at {code_bottom:.0f} px, below the first screen ({SCREEN} px)"
    assert state["firstOutput"] and state["firstOutput"][0] <= SCREEN, f"{where}: the opening block's output starts below the first screen: {state['firstOutput']}"
    if source == "embedding-vs-linear.md":
        assert state["firstTrue"] and state["firstTrue"] <= 2 * SCREEN, f"{where}: the first True ends at {state['firstTrue']} px, past two screens"


# Names and code stay as they are in every language; everything else must be translated.
_CODE_LIKE = re.compile(
    r"\S*[._()@=\[\]/<>]\S*|\b[A-Z]{2,}\d*\b|\b(PyTorch|GPT|IDs?|Jupyter|MkDocs|Material|EmbeddingBag|Wᵀ|Colab|Kaggle|Hugging Face|Llama|AdamW?|SparseAdam|Adagrad|SGD)\b"
)
# Where the theme, the overrides, the hooks and the widgets put words on a page: everything
# outside the article, and inside it the parts no author writes (the page's own prose, code
# and figures are the translator's, checked by the translation and glossary tests).
_INTERFACE = ", ".join([
    ".md-header", ".md-footer", ".md-sidebar", ".md-search", ".md-skip", ".md-top", ".md-dialog",
    ".notebook-links", ".md-code__nav", ".admonition-title", ".output__label",
    ".quiz__prompt", ".quiz__answer > summary", ".quiz__feedback", ".quiz__explanation > p:first-child > strong:first-child",
    "[class*=explorer]", "[class*=slider]",
])


def interface_in_english(p) -> list[str]:
    """Interface text of a translated page that still holds English words (text marked as
    another language, such as the language selector's "English", is left out)."""
    texts = p.evaluate(
        """selector => {
            const mine = e => (e.closest('[lang]')?.lang || '') === document.documentElement.lang;
            const found = [];  // (the description is the page's own first sentences: author text)
            for (const e of document.querySelectorAll('[title], [aria-label], [placeholder], [alt], [aria-description]'))
                if (mine(e)) for (const a of ['title', 'aria-label', 'placeholder', 'alt', 'aria-description'])
                    if (e.getAttribute(a)) found.push(e.getAttribute(a));
            for (const part of document.querySelectorAll(selector)) {
                const walk = document.createTreeWalker(part, NodeFilter.SHOW_TEXT);
                while (walk.nextNode()) {
                    const parent = walk.currentNode.parentElement;
                    // Navigation entries are the pages' own titles and headings: author text.
                    if (mine(parent) && !parent.closest('script, style, code, pre, kbd, math, .md-nav__item'))
                        found.push(walk.currentNode.textContent.trim());
                }
            }
            return found.filter(Boolean);
        }""",
        _INTERFACE,
    )
    return sorted({t for t in texts if re.search(r"[A-Za-z]{3,}", _CODE_LIKE.sub(" ", t))})


@functools.lru_cache(maxsize=None)
def ids_in(file: Path) -> frozenset[str]:
    """The element ids of a built page (read once per run: every page links to many)."""
    return frozenset(re.findall(r'\bid="([^"]+)"', file.read_text(encoding="utf-8")))


# The contrast of each figure's text as drawn, which axe cannot see: axe takes SVG text for
# HTML text on the page's background, but ours is filled (and faded, on skipped rows) over
# tinted cells. Each text's fill, with its opacity, over the cells under its centre, over
# the figure's background, by WCAG 2's formula; all our figure text is small (under 18 px).
_FIGURE_CONTRAST = """svg => {
    const rgba = c => { const v = c.match(/[\\d.]+/g).map(Number); return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1]; };
    const over = (top, alpha, under) => under.map((u, i) => top[i] * alpha + u * (1 - alpha));
    const luminance = c => { const l = c.map(v => (v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]; };
    const opacity = e => { let o = 1; for (let a = e; a && a !== svg.parentElement; a = a.parentElement) o *= Number(getComputedStyle(a).opacity); return o; };
    let page = null;
    for (let e = svg; e && !page; e = e.parentElement) { const c = rgba(getComputedStyle(e).backgroundColor); if (c[3] === 1) page = c.slice(0, 3); }
    page = page || [255, 255, 255];
    const shapes = [...svg.querySelectorAll('rect, path, circle, ellipse, polygon, use')]
        .filter(r => !r.closest('defs, clipPath, mask, marker, pattern, symbol') && getComputedStyle(r).fill.startsWith('rgb'))
        .map(r => { const s = getComputedStyle(r), fill = rgba(s.fill);  // read once, not once per text
            return [r.getBoundingClientRect(), fill.slice(0, 3), fill[3] * Number(s.fillOpacity) * opacity(r)]; });
    return [...svg.querySelectorAll('text')].map(t => {
        const box = t.getBoundingClientRect(), x = box.x + box.width / 2, y = box.y + box.height / 2;
        let back = page;
        for (const [b, fill, alpha] of shapes)  // in drawing order; a shape's box stands for its area (cells are boxes)
            if (x >= b.left && x <= b.right && y >= b.top && y <= b.bottom) back = over(fill, alpha, back);
        const s = getComputedStyle(t), fill = rgba(s.fill);
        const front = over(fill.slice(0, 3), fill[3] * Number(s.fillOpacity) * opacity(t), back);
        const [a, b] = [luminance(front), luminance(back)].sort((m, n) => n - m);
        return [t.textContent, (a + 0.05) / (b + 0.05)];
    });
}"""
FIGURE_CONTRAST = 4.5  # WCAG 2 AA for text under 18 px (24 px bold)


def check_figures(p, where, scheme):
    found = p.eval_on_selector_all(
        ".figure > svg",
        "els => { const contrast = " + _FIGURE_CONTRAST + """;
            return els.map(svg => {
                const box = svg.getBoundingClientRect();
                const rgb = getComputedStyle(svg.querySelector('text')).fill.match(/[\\d.]+/g).map(Number);
                const luminance = (0.2126 * rgb[0] + 0.7152 * rgb[1] + 0.0722 * rgb[2]) / 255;
                return [svg.closest('figure').id, box.width, box.height, luminance, contrast(svg)];
            });
        }""",
    )
    for figure, width, height, luminance, texts in found:
        assert width > 100 and height > 50, f"{where}: {figure} is not laid out ({width} x {height})"
        readable = luminance < 0.4 if scheme == "light" else luminance > 0.6
        assert readable, f"{where}: the text of {figure} has luminance {luminance:.2f} in the {scheme} scheme"
        low = sorted({(text, round(ratio, 2)) for text, ratio in texts if ratio < FIGURE_CONTRAST}, key=lambda t: t[1])
        assert not low, f"{where}: {figure}, {scheme} scheme: text drawn below {FIGURE_CONTRAST}:1 (text, ratio): {low[:6]}"


def check_explorer(site: Path, p, explorer, where: str):
    """Each ID, clicked or reached with the keyboard, lights up its row, its one-hot slot,
    and a product equal to that row, all as in the data PyTorch wrote."""
    data = json.loads((site / "assets" / "explorer-data.json").read_text(encoding="utf-8"))
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
                ring: getComputedStyle(document.activeElement).outlineStyle,
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
    last = len(table["labels"]) - 1
    for key, i in [("ArrowRight", 0), ("ArrowDown", 1), ("End", last), ("ArrowLeft", last - 1), ("Home", 0)]:
        p.keyboard.press(key)
        state = expect(i, f"{key} to")
        assert state["focused"] == str(i), f"{where}: focus did not follow {key}"
        assert state["ring"] != "none", f"{where}: the focused ID has no visible focus ring"


_QUIZ_STATE = """box => ({
    outputs: [...box.querySelectorAll('.quiz__output')].map(e => e.textContent),
    marked: [...box.querySelectorAll('.quiz__option')].map(e => e.className.replace('quiz__option', '').trim()),
    focused: document.activeElement.value,
    ring: getComputedStyle(document.activeElement.closest('.quiz__option') || document.body).outlineStyle,
    feedback: [box.querySelector('.quiz__feedback').className, box.querySelector('.quiz__feedback').textContent],
    role: box.querySelector('.quiz__feedback').getAttribute('role'),
})"""


def check_quizzes(p, page: Path, where: str):
    """Each question shows the options its page's blocks printed, in the hook's order; a
    wrong option, picked, is marked wrong and explained; then the right one, marked right
    and explained, in a status line (read aloud). The first question is answered with the
    keyboard (Space picks, arrows move), or on two pages with the mouse; the others by
    their radio buttons' own click, in one script, which spares a round trip per key."""
    quizzes = page_format.read(page).quizzes
    assert p.locator(".quiz").count() == len(quizzes), f"{where}: {p.locator('.quiz').count()} quizzes shown, {len(quizzes)} written"
    plans = []
    for quiz in quizzes:
        shown = quiz.shown()
        right = next(k for k, o in enumerate(shown) if o.right)
        plans.append((shown, (right + 1) % len(shown), right))
    states = p.evaluate(
        "plans => { const state = " + _QUIZ_STATE + """;
            return plans.map(([n, wrong, right]) => {
                const box = document.getElementById('quiz-' + n), inputs = box.querySelectorAll('input');
                if (n === 1) return [];  // answered by hand, below
                return [wrong, right].map(k => (inputs[k].focus(), inputs[k].click(), state(box)));
            });
        }""",
        [[n, wrong, right] for n, (_, wrong, right) in enumerate(plans, 1)],
    )
    for n, (quiz, (shown, wrong, right)) in enumerate(zip(quizzes, plans), 1):
        what = f"{where}: quiz {n} (line {quiz.line})"
        if n == 1:
            states[0] = answer_by_hand(p, p.locator("#quiz-1"), page.stem in ("embedding-vs-linear", "gradients"), wrong, right, len(shown))
        for chosen, verdict, state in zip((wrong, right), ("is-wrong", "is-right"), states[n - 1]):
            assert state["outputs"] == [o.output for o in shown], f"{what}: the options shown are not the outputs its blocks print"
            marked = [verdict if k == chosen else "" for k in range(len(shown))]
            assert state["marked"] == marked and state["focused"] == str(chosen), f"{what}: choosing {chosen} marks {state['marked']}"
            said = state["feedback"][1]
            assert verdict in state["feedback"][0] and state["role"] == "status", f"{what}: no {verdict} status after choosing {chosen}"
            written = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", shown[chosen].explanation).replace("`", "").replace("*", "")
            assert " ".join(said.split()).endswith(" ".join(written.split())), f"{what}: the feedback is not option {chosen}'s explanation: {said!r}"


def answer_by_hand(p, box, mouse: bool, wrong: int, right: int, options: int) -> list[dict]:
    """Pick the wrong option (clicked, or focused and Space), then move to the right one
    with the arrow keys; the state after each, with a visible focus ring on the focused one."""
    if mouse:
        box.locator(".quiz__option").nth(wrong).click()
    else:
        box.locator("input").nth(wrong).focus()
        p.keyboard.press("Space")
    states = [box.evaluate(_QUIZ_STATE)]
    for _ in range((right - wrong) % options):
        p.keyboard.press("ArrowDown")
    states.append(box.evaluate(_QUIZ_STATE))
    for state in states:
        assert state["ring"] not in ("none", ""), f"{box}: the focused option has no visible focus ring"
    return states
