"""The training slider of how-rows-learn-meaning.md shows the snapshots PyTorch wrote.

training-slider.json is written by examples/drawings/how_rows_learn_meaning.py from the
page's own training run (test_figures_are_drawn_from_tensors.py redraws it, character for
character). Here:

- its numbers are the ones the page prints: the loss at each step the page shows, the
  agreement before and after training, the unseen rows' shrinking, so slider and page
  show one run;
- in headless Chromium, in both languages, moved by the keyboard (arrows, Home, End, with a
  visible focus ring) and by the mouse, every word's mark stands where the data puts it for
  the step the slider is on, and the step, the loss, the agreement and the unseen rows'
  length are the data's, in the spoken summary (aria-live) in the page's language;
- with the figure and the script it adds at most 60 KB to the page.

The summary's numbers are checked against the data, in the order each language says
them; its words are the translator's (tests/js/slider.js reads the slider).
"""

from __future__ import annotations

import json
import re

import pytest

import page as page_format

from browser import assert_focus_ring
from pages import DOCS, LANGUAGES, ROOT, published_path

PAGE = "how-rows-learn-meaning.md"
ASSETS = ROOT / "docs" / "overrides" / "assets"
DATA = ASSETS / "training-slider.json"
LIMIT = 60_000  # bytes that figures and explorers may add to a page

# What the spoken summary of a snapshot says, in the order each language says it (the
# Chinese sentence names the words in the text before those that agree).
SAID = {
    "en": ["step", "steps", "loss", "agree", "seen", "unseen_length"],
    "zh": ["step", "steps", "loss", "seen", "agree", "unseen_length"],
}
NUMBER = re.compile(r"\d+(?:\.\d+)?")


def load() -> dict:
    return json.loads(DATA.read_text(encoding="utf-8"))


def test_the_slider_shows_the_numbers_the_page_prints():
    data = load()
    snapshot = {s["step"]: s for s in data["snapshots"]}
    page = "".join(b.expected or "" for b in page_format.read(DOCS / "en" / PAGE).blocks)  # what it prints
    losses = re.findall(r"^step +(\d+): loss (\d\.\d{3})$", page, re.M)
    assert len(losses) >= 5, f"docs/en/{PAGE}: the printed losses are not found"
    for step, loss in losses:
        assert snapshot[int(step)]["loss"] == loss, f"step {step}: the page prints loss {loss}, the slider shows {snapshot[int(step)]['loss']}"
    for when, step in [("before", 0), ("after", data["steps"])]:
        printed = re.search(rf"^{when} training: +(\d\.\d\d)$", page, re.M).group(1)
        shown = f"{snapshot[step]['agree'] / data['seen']:.2f}"
        assert shown == printed, f"agreement {when} training: the page prints {printed}, the slider shows {shown}"
    shrink = float(re.search(r"\*\* 150 = (\d\.\d{4})$", page, re.M).group(1))
    assert snapshot[150]["unseen_length"] == f"{100 * shrink:.0f}", "the unseen rows' length at the end is not the page's shrink"
    assert [s["unseen_length"] for s in data["snapshots"]][0] == "100"


def test_the_slider_is_small():
    figures = sum((DOCS / lang / "figures" / "rows-in-two-dimensions.svg").stat().st_size for lang in ["en"])
    added = figures + DATA.stat().st_size + (ASSETS / "training-slider-widget.js").stat().st_size + (ASSETS / "training-slider.css").stat().st_size
    assert added <= LIMIT, f"figure, slider data and script add {added:,} bytes to the page, over {LIMIT:,}"


def js_number(x: float) -> str:
    """A number as JavaScript's String() writes it (the data has at most one decimal)."""
    return str(int(x)) if x == int(x) else repr(x)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_slider_shows_each_snapshot(built_site, site_url, reader, subtests, lang):
    data = load()
    last = len(data["snapshots"]) - 1
    reader.open(site_url + published_path(lang, PAGE))
    p = reader.page
    root = p.locator(".training-slider")
    slider = root.locator("input[type=range]")
    slider.wait_for()
    where = f"{lang}:{PAGE}"

    def expect(n: int, how: str) -> dict:
        state = root.evaluate("root => checks.sliderState(root)")
        assert state["value"] == n, f"{where}: {how} puts the slider on snapshot {state['value']}, not {n}"
        s = data["snapshots"][n]
        want = {w: f"translate({js_number(x)} {js_number(y)})" for w, (x, y) in zip(data["words"], s["points"])}
        wrong = {w: (state["marks"].get(w), t) for w, t in want.items() if state["marks"].get(w) != t}
        assert not wrong, f"{where}: {how}, step {s['step']}: marks not where the data puts them (shown, data): {dict(list(wrong.items())[:4])}"
        step = [str(s["step"]), str(data["steps"])]
        assert NUMBER.findall(state["step"]) == step and state["valuetext"] == state["step"], f"{where}: {how} shows {state['step']!r} / {state['valuetext']!r}, not step {step[0]} of {step[1]}"
        numbers = {**s, "steps": data["steps"], "seen": data["seen"]}
        said = [str(numbers[name]) for name in SAID[lang]]
        assert NUMBER.findall(state["said"]) == said and state["live"] == "polite", f"{where}: {how}, the spoken summary {state['said']!r} does not say {said}"
        assert str(s["step"]) in state["picture"], f"{where}: the picture's name {state['picture']!r} does not say step {s['step']}"
        return state

    with subtests.test("it shows", page=where):
        assert root.is_visible(), f"{where}: the slider does not show"
        expect(0, "loading")
    # The keyboard: the slider is a tab stop; arrows step, Home and End jump.
    with subtests.test("the keyboard moves it, with a focus ring", page=where):
        slider.focus()
        for key, n in [("End", last), ("ArrowLeft", last - 1), ("Home", 0), ("ArrowRight", 1), ("ArrowUp", 2), ("ArrowDown", 1)]:
            p.keyboard.press(key)
            state = expect(n, f"pressing {key}")
            assert state["focused"], f"{where}: the slider lost the focus"
            assert_focus_ring(p, f"{where}: the slider")
    # The mouse: a click on the track moves the thumb there.
    with subtests.test("a click on the track moves it there", page=where):
        box = slider.bounding_box()
        seen = set()
        for fraction in (1.0, 0.0, 0.5):
            p.mouse.click(box["x"] + 2 + fraction * (box["width"] - 4), box["y"] + box["height"] / 2)
            value = root.evaluate("root => checks.sliderState(root)")["value"]
            expect(value, f"clicking at {fraction:.0%} of the track")
            seen.add(value)
        assert {0, last} <= seen and len(seen) == 3, f"{where}: clicks on the track reach snapshots {sorted(seen)}"
