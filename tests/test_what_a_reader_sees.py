"""What a reader sees and does on every page, in headless Chromium, in both languages.

Each page is loaded once per language and everything is checked on that load, each check
reported on its own (pytest's subtests): nothing is fetched from another host, nothing
fails or errors, math is laid out, notebooks show their cells and outputs, every internal
link and anchor resolves, the first load stays light, a widget's files load only on the
page that shows it, the figures are readable in the light and (after Material's own toggle)
the dark scheme, and the look-up explorer lights up the right row for every ID, by mouse
and by keyboard, with the numbers PyTorch wrote; and a teaching page, every box closed, is
at most 8 screens of 1,280 x 800 tall on page 1 and the core path (the nav's first two
tiers), 12 on the others (its height on the same load; the reader's window is 900 px tall,
which changes no page's height, only how much of it shows). The English page's language
link is then clicked, as a reader does, and must land on the same page in Chinese, which is
checked the same way. With SCREENSHOTS=1, screenshots of the figures go to
test-output/screenshots/. The JavaScript that reads each page is in tests/js/.
"""

from __future__ import annotations

import functools
import json
import os
import re
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import unquote, urldefrag

import pytest

import page as page_format

from accessibility import COLOUR_RULES, violations
from browser import OUT, SEARCH_INDEX, assert_focus_ring, local_file, switch_to_dark
from pages import DOCS, EXAMPLES, LANGUAGES, NOT_TEACHING, core_path, load_hook, published_path

SCREENSHOTS = os.environ.get("SCREENSHOTS") == "1"
WEIGHT_LIMIT = 500_000  # bytes, uncompressed, of one page's first load
FIGURE_LIMIT = 60_000  # bytes of one inline figure, or of one widget's data file
FIGURE_CONTRAST = 4.5  # WCAG 2 AA for text under 18 px (24 px bold): all figure text is
SCREEN = 800  # px: one screen of a 1280 x 800 laptop, the size the first-screen goals are set for
CORE_SCREENS, SCREENS = 8, 12  # a teaching page's height, boxes closed: page 1 and the core path, the others
# The widgets (docs/overrides/assets/widgets.js loads NAME.css and NAME-widget.js where a page
# holds <div class="NAME">), and the data each fetches.
WIDGETS = {"explorer": "explorer-data.json", "optimizer-explorer": "optimizer-steps.json", "training-slider": "training-slider.json"}

SOURCE, OTHERS = LANGUAGES[0], LANGUAGES[1:]
PAGES = [str(p.relative_to(DOCS / SOURCE)) for p in sorted((DOCS / SOURCE).rglob("*.md"))]
PAGES += [f"examples/{nb.name}" for nb in sorted((EXAMPLES / SOURCE).glob("*.ipynb"))]
HOVERED = ("index.md", "embedding-vs-linear.md")


@pytest.mark.parametrize("source", PAGES)
def test_page_in_every_language(built_site, site_url, reader, record_property, subtests, source):
    reader.open(site_url + published_path(SOURCE, source))
    Visit(built_site[0], site_url, reader, record_property, subtests, SOURCE, source).run()
    for lang in OTHERS:
        # The language selector keeps the page. On two pages it is used as a reader does
        # (hover, wait for the menu, click); elsewhere its link is followed at once, which
        # spares the wait for the menu's animation.
        arrived = False
        with subtests.test("the language link leads to the same page", page=f"{SOURCE}:{source}", to=lang):
            link = reader.page.locator(f'.md-select__link[hreflang="{lang}"]')
            if source in HOVERED:
                reader.page.hover(".md-header .md-select")
            reader.open(click=link, as_reader=source in HOVERED)
            want = site_url + published_path(lang, source)
            assert reader.page.url == want, f"{SOURCE}:{source}: the {lang} link leads to {reader.page.url}, not {want}"
            arrived = True
        if arrived:
            Visit(built_site[0], site_url, reader, record_property, subtests, lang, source).run()


class Visit:
    """One load of one page in one language, and everything a reader sees on it."""

    def __init__(self, site: Path, site_url: str, reader, record_property, subtests, lang: str, source: str):
        self.site, self.site_url, self.p, self.load = site, site_url, reader.page, reader.load
        self.record, self.subtests, self.lang, self.source = record_property, subtests, lang, source
        self.where = f"{lang}:{source}"
        self.teaching = source.endswith(".md") and Path(source).stem not in NOT_TEACHING

    @contextmanager
    def check(self, name: str):
        """One check of this load, reported on its own; the next ones run whatever it finds."""
        with self.subtests.test(name, page=self.where):
            yield

    def run(self):
        """Every check, in the order a reader meets what it checks."""
        where, p, load, check = self.where, self.p, self.load, self.check
        with check("no request leaves the site, none fails"):
            outside = load.outside(self.site_url)
            assert not outside, f"{where}: requests leave the site: {outside}"
            assert not load.failures, f"{where}: failed responses: {load.failures}"

        # Weight of the first load, from the files the server sent (uncompressed). The search
        # index is not part of it: it comes when the reader turns to search.
        files = load.files(self.site, self.site_url)
        with check("the first load is light"):
            assert not [r for r in load.requests if r.endswith(SEARCH_INDEX)], f"{where}: the search index is loaded before anyone searches"
            weight = sum(f.stat().st_size for f in files if f.is_file())
            self.record(f"first_load_bytes {where}", weight)
            assert weight <= WEIGHT_LIMIT, f"{where}: first load is {weight:,} bytes, over {WEIGHT_LIMIT:,}"

        state = p.evaluate("checks.page()")
        with check("a widget's files load only where it is shown"):
            wanted = {name: name in state["widgets"] for name in WIDGETS}
            for name, shown in wanted.items():
                fetched = sorted(f.name for f in files if f.name in (f"{name}.css", f"{name}-widget.js", WIDGETS[name]))
                assert bool(fetched) == shown, f"{where}: {'the' if shown else 'a page without the'} {name} loads {fetched or 'none of its files'}"
        self.math(state)
        if self.source.endswith(".ipynb"):
            with check("a notebook page shows its cells and outputs"):
                assert state["cells"] == [True, True], f"{where}: code cell shown, output shown: {state['cells']}"
        self.links(state)
        if self.lang != SOURCE:
            with check("no English in the interface"):
                english = interface_in_english(p)
                assert not english, f"{where}: English left in the interface (titles, labels, description, header, footer, widgets): {english}"
        # What the theme's scripts and the hooks add must leave the page sound: no id twice
        # (Material's copy buttons find their code by id), no notebook cell tag on screen; on a
        # Chinese page, Chinese faces first and no slanted Chinese.
        with check("no id used twice"):
            assert not state["duplicateIds"], f"{where}: ids used more than once: {state['duplicateIds'][:8]}"
        with check("no notebook cell tag on screen"):
            assert not state["cellTags"], f"{where}: notebook cell tags shown: {state['cellTags'][:3]}"
        if self.lang == "zh":
            with check("Chinese faces first, no Chinese in italics"):
                assert _CJK_FACE.match(state["font"]), f"{where}: the prose's first font is not a Chinese face: {state['font']}"
                assert not state["italicChinese"], f"{where}: Chinese set in italics: {state['italicChinese'][:4]}"
        if self.teaching:
            self.first_screen(state)
            with check("its height, every box closed"):
                screens = state["height"] / SCREEN
                self.record(f"screens {where}", round(screens, 2))
                limit = CORE_SCREENS if self.source in core_path() else SCREENS
                assert screens <= limit, f"{where}: {screens:.1f} screens of 1,280 x 800 with every box closed, over {limit} ({'core path' if limit == CORE_SCREENS else 'a reference page'})"

        self.figures("light", files)
        if "explorer" in state["widgets"]:
            with check("the explorer lights up the row of each ID, by mouse and keyboard"):
                check_explorer(self.site, p, p.locator(".explorer"), where)
        if self.source.endswith(".md"):
            with check("each quiz marks and explains a wrong answer, then the right one"):
                check_quizzes(p, DOCS / self.lang / self.source, where)

        # Usable by every reader: axe finds nothing, in the state the checks above left
        # (an explorer row chosen, each quiz answered), in the light scheme and then the dark.
        # A Chinese notebook page is the English one's cells, headings and links (the notebook and
        # translation checks hold them equal), with other words: every rule runs on the English
        # page, the colour rules on both (a third of the suite's time went to axe on notebook pages).
        with check("axe finds nothing, light scheme"):
            translated_notebook = self.source.endswith(".ipynb") and self.lang != SOURCE
            found = violations(p, "light", COLOUR_RULES) if translated_notebook else violations(p)
            assert not found, f"{where}, light scheme: axe finds\n" + "\n".join(found)

        # Screenshots where there is something drawn to review, light and dark, when asked for
        # (SCREENSHOTS=1: the workflow does, for its reviewers; a tenth of a second each).
        shot = self.screenshot if SCREENSHOTS and state["drawn"] and not self.source.endswith(".ipynb") else lambda scheme: None
        shot("light")
        dark = False
        with check("Material's toggle turns the dark scheme on"):
            switch_to_dark(p, as_reader=self.source in HOVERED)
            dark = True
        if dark:
            self.figures("dark", files)
            with check("axe finds nothing, dark scheme (colour rules)"):
                found = violations(p, "dark", COLOUR_RULES)
                assert not found, f"{where}, dark scheme: axe finds\n" + "\n".join(found)
            shot("dark")
        with check("no console or page error, all visit long"):
            assert not load.errors, f"{where}: console or page errors: {load.errors}"

    def math(self, state: dict):
        """Math is MathML laid out by the browser; no TeX source is left on screen."""
        with self.check("math is laid out, no TeX left"):
            assert not state["tex"], f"{self.where}: unrendered math in the text: {state['tex'][:3]}"
            for i, (display, width, height) in enumerate(state["maths"]):
                assert "math" in display and width > 0 and height > 0, f"{self.where}: math {i} is not laid out as math"

    def links(self, state: dict):
        with self.check("every internal link and anchor resolves"):
            broken = []
            for href in state["links"]:
                if not href.startswith(self.site_url):
                    continue
                target, anchor = urldefrag(href)
                file = local_file(self.site, self.site_url, target)
                if file is None or not file.is_file():
                    broken.append(href)
                elif anchor and file.suffix == ".html" and unquote(anchor) not in ids_in(file):
                    broken.append(href)
            assert not broken, f"{self.where}: broken links: {broken}"
        with self.check("the language links lead to the same page"):
            for other in LANGUAGES:
                if other != self.lang:
                    href = state["languages"].get(other)
                    assert href == self.site_url + published_path(other, self.source), f"{self.where}: the {other} link leads to {href}"

    def first_screen(self, state: dict):
        """A teaching page answers on its first screen (1280 x 800): its opening block, run on
        its own, is all there, and its output starts there; page 1's True stands within two."""
        with self.check("the opening block and its output on the first screen"):
            where = self.where
            assert state["firstBlock"] and "highlight" in state["firstBlock"][0], f"{where}: the article does not start with a code block after its opening"
            _, _, code_bottom = state["firstBlock"]
            assert code_bottom <= SCREEN, f"{where}: the opening block ends at {code_bottom:.0f} px, below the first screen ({SCREEN} px)"
            assert state["firstOutput"] and state["firstOutput"][0] <= SCREEN, f"{where}: the opening block's output starts below the first screen: {state['firstOutput']}"
            if self.source == "embedding-vs-linear.md":
                assert state["firstTrue"] and state["firstTrue"] <= 2 * SCREEN, f"{where}: the first True ends at {state['firstTrue']} px, past two screens"

    def figures(self, scheme: str, files: set[Path]):
        """Figures are inline SVG, laid out, drawn in the page's text colour (so they follow
        the scheme), each text at 4.5:1 over what lies under it; each figure, and each
        widget's data, stays small (the page as a whole is held above)."""
        figures = self.p.evaluate("checks.figures()")
        if not figures and scheme == "dark":
            return
        with self.check(f"figures laid out and readable, {scheme} scheme"):
            for f in figures:
                assert f["width"] > 100 and f["height"] > 50, f"{self.where}: {f['id']} is not laid out ({f['width']} x {f['height']})"
                assert f["inPageColour"], f"{self.where}: {f['id']}'s text is not drawn in the page's text colour in the {scheme} scheme"
                low = sorted({(text, round(ratio, 2)) for text, ratio in f["texts"] if ratio < FIGURE_CONTRAST}, key=lambda t: t[1])
                assert not low, f"{self.where}: {f['id']}, {scheme} scheme: text drawn below {FIGURE_CONTRAST}:1 (text, ratio): {low[:6]}"
        if scheme == "light":
            with self.check("each figure and widget data at most 60 KB"):
                drawn = [(f["id"], f["bytes"]) for f in figures] + [(f.name, f.stat().st_size) for f in files if f.suffix == ".json"]
                heavy = [(name, size) for name, size in drawn if size > FIGURE_LIMIT]
                assert not heavy, f"{self.where}: figures or widget data over {FIGURE_LIMIT:,} bytes each: {heavy}"

    def screenshot(self, scheme: str):
        shots = OUT / "screenshots" / self.lang
        shots.mkdir(parents=True, exist_ok=True)
        name = self.source.rsplit(".", 1)[0].replace("/", "-")
        self.p.locator(".figure, .explorer").first.screenshot(path=shots / f"{name}-{scheme}.png")


_CJK_FACE = re.compile(r'"?(PingFang SC|Hiragino Sans GB|Microsoft YaHei|Noto Sans CJK SC|Source Han Sans SC|WenQuanYi)')

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
    """Interface text of a translated page that still holds English words."""
    texts = p.evaluate("selector => checks.interfaceTexts(selector)", _INTERFACE)
    return sorted({t for t in texts if re.search(r"[A-Za-z]{3,}", _CODE_LIKE.sub(" ", t))})


@functools.lru_cache(maxsize=None)
def ids_in(file: Path) -> frozenset[str]:
    """The element ids of a built page (read once per run: every page links to many)."""
    return frozenset(re.findall(r'\bid="([^"]+)"', file.read_text(encoding="utf-8")))


def check_explorer(site: Path, p, explorer, where: str):
    """Each ID, clicked or reached with the keyboard, lights up its row, its one-hot slot,
    and a product equal to that row, all as in the data PyTorch wrote."""
    data = json.loads((site / "assets" / "explorer-data.json").read_text(encoding="utf-8"))
    explorer.locator("button").first.wait_for()
    table = data[explorer.get_attribute("data-table")]
    buttons = explorer.locator(".explorer__ids button")
    assert buttons.count() == len(table["labels"]), f"{where}: one button per ID"
    root = explorer.element_handle()

    def expect(i, how):
        state = p.evaluate("root => checks.explorerState(root)", root)
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
        assert_focus_ring(p, f"{where}: the explorer's ID {i}")


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
    if not quizzes:
        return
    shown, wrong, right = plans[0]
    states = [answer_by_hand(p, p.locator("#quiz-1"), page.stem in ("embedding-vs-linear", "gradients"), wrong, right, len(shown), where)]
    states += p.evaluate("plans => checks.answerQuizzes(plans)", [[n, wrong, right] for n, (_, wrong, right) in enumerate(plans[1:], 2)])
    for n, (quiz, (shown, wrong, right), both) in enumerate(zip(quizzes, plans, states), 1):
        what = f"{where}: quiz {n} (line {quiz.line})"
        for chosen, verdict, state in zip((wrong, right), ("is-wrong", "is-right"), both):
            assert state["outputs"] == [o.output for o in shown], f"{what}: the options shown are not the outputs its blocks print"
            marked = [verdict if k == chosen else "" for k in range(len(shown))]
            assert state["marked"] == marked and state["focused"] == str(chosen), f"{what}: choosing {chosen} marks {state['marked']}"
            said = state["feedback"][1]
            assert verdict in state["feedback"][0] and state["role"] == "status", f"{what}: no {verdict} status after choosing {chosen}"
            written = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", shown[chosen].explanation).replace("`", "").replace("*", "")
            assert " ".join(said.split()).endswith(" ".join(written.split())), f"{what}: the feedback is not option {chosen}'s explanation: {said!r}"


def answer_by_hand(p, box, mouse: bool, wrong: int, right: int, options: int, where: str) -> list[dict]:
    """Pick the wrong option (clicked, or focused and Space), then move to the right one
    with the arrow keys; the state after each, with a visible focus ring on the focused one."""
    if mouse:
        box.locator(".quiz__option").nth(wrong).click()
    else:
        box.locator("input").nth(wrong).focus()
        p.keyboard.press("Space")
    states = [box.evaluate("box => checks.quizState(box)")]
    assert_focus_ring(p, f"{where}: quiz 1, option {wrong}")
    for _ in range((right - wrong) % options):
        p.keyboard.press("ArrowDown")
    states.append(box.evaluate("box => checks.quizState(box)"))
    assert_focus_ring(p, f"{where}: quiz 1, option {right}")
    return states
