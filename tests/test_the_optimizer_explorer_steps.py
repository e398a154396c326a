"""The optimizer explorer shows exactly the states PyTorch computed, by mouse and by keyboard,
and says what each step did, in the page's language.

The explorer (docs/overrides/assets/optimizer-explorer-widget.js, loaded by widgets.js on optimizers-and-untouched-rows)
only looks states up in optimizer-steps.json, which examples/drawings/
optimizers_and_untouched_rows.py writes from PyTorch runs (and
test_figures_are_drawn_from_tensors.py checks against a fresh run). Here, in headless
Chromium and in each language:

- every choice it offers (each optimizer, each batch for each step, after each step) shows
  the marks, moves and states of that choice's entry in the data, and no others;
- a reader with a mouse picks an optimizer and batches and steps; the grid and the spoken
  summary (aria-live) say what the data says, in words of the page's language;
- a reader with the keyboard alone (arrows in the radio groups, Tab, Enter and Space on the
  buttons) does the same, and sees a focus ring of 3:1 or more on what has the focus;
- every kind of cell, on its tint, reaches AA contrast in the light and the dark scheme.

Each of these is a subtest of one load per language. Without JavaScript the explorer stays
hidden and the page's figure remains (test_what_a_reader_does.py); no other page loads its
files (test_what_a_reader_sees.py, on every page's load). The JavaScript is tests/js/optimizer.js.
"""

from __future__ import annotations

import itertools
import json

import pytest

from browser import assert_focus_ring, switch_to_dark
from pages import LANGUAGES, published_path

PAGE = "optimizers-and-untouched-rows.md"
MARK = {"g": "●", "m": "▲", "d": "◆", "-": "·"}
# How the summary names things, per language: the script's words, written once more here,
# and kept: what the summary must say is which rows moved *and why*, and the why is words
# (looked up, carried by which state, decay, still). Derived from the data alone, the test
# would check the row numbers and not the causes; derived from the script's own table, a
# script that named the wrong cause would agree with itself.
WORDS = {
    "en": {
        "names": {"SGD, momentum": "SGD, momentum 0.9"},
        "state": {"momentum_buffer": "momentum buffer", "exp_avg": "first moment", "sum": "sum of squared gradients"},
        "rows": lambda rows: f"row {rows[0]}" if len(rows) == 1 else "rows " + ", ".join(map(str, rows[:-1])) + f" and {rows[-1]}",
        "g": "{rows} moved (looked up)",
        "m": "{rows} moved by the {state} (not looked up)",
        "d": "{rows} moved by weight decay only",
        "-": "{rows} did not move",
        "said": "Step {k} with {name}, batch {batch}: {parts}.",
        "join": "; ",
    },
    "zh": {
        "names": {"SGD, momentum": "SGD（动量 0.9）"},
        "state": {"momentum_buffer": "动量缓冲区", "exp_avg": "一阶矩", "sum": "梯度平方和"},
        "rows": lambda rows: "第 " + "、".join(map(str, rows)) + " 行",
        "g": "{rows}被查到而移动",
        "m": "{rows}没被查到，靠{state}移动",
        "d": "{rows}只因权重衰减而移动",
        "-": "{rows}没有移动",
        "said": "第 {k} 步（{name}，批量 {batch}）：{parts}。",
        "join": "；",
    },
}

def data(built_site) -> dict:
    return json.loads((built_site[0] / "assets" / "optimizer-steps.json").read_text(encoding="utf-8"))


def expected(d: dict, optimizer: int, batches: list[int], taken: int) -> dict:
    """What the grid must show after `taken` steps with these choices: a cell per row and
    step, then the state (and decay) columns of the last step taken."""
    o = d["optimizers"][optimizer]
    cells = [["" for _ in range(d["steps_max"])] for _ in range(d["rows"])]
    state = []
    for k in range(1, taken + 1):
        rows = d["steps"][o["name"]][".".join(map(str, batches[:k]))].split("; ")
        for i, row in enumerate(rows):
            kind, move, *rest = row.split(" ")
            cells[i][k - 1] = MARK[kind] if kind == "-" else f"{MARK[kind]} {move}"
            if k == taken:
                state.extend(rest)
    columns = (1 if o["state"] else 0) + (1 if o["decay"] else 0)
    if not taken:
        state = [""] * columns * d["rows"]
    return {"cells": cells, "state": state}


def summary(d: dict, lang: str, optimizer: int, batches: list[int], k: int) -> str:
    w, o = WORDS[lang], d["optimizers"][optimizer]
    rows = [r.split(" ")[0] for r in d["steps"][o["name"]][".".join(map(str, batches[:k]))].split("; ")]
    parts = []
    for kind in ("g", "m", "d", "-"):
        which = [i for i, r in enumerate(rows) if r == kind]
        if which:
            parts.append(w[kind].format(rows=w["rows"](which), state=w["state"].get(o["state"] or "", "")))
    batch = "[" + ", ".join(map(str, d["presets"][batches[k - 1]])) + "]"
    return w["said"].format(k=k, name=w["names"].get(o["name"], o["name"]), batch=batch, parts=w["join"].join(parts))


def open_explorer(reader, site_url, lang):
    reader.open(site_url + published_path(lang, PAGE))
    root = reader.page.locator(".optimizer-explorer")
    root.locator(".optimizer-explorer__step").wait_for()
    return root


def shown(root) -> dict:
    """The grid's cells (row by row), the state columns (row by row: state, then decay) and
    the summary, as the explorer shows them now."""
    return root.evaluate("root => checks.optimizerShown(root)")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_it_shows_what_pytorch_computed_by_mouse_and_keyboard(built_site, site_url, reader, subtests, lang):
    """One load per language (a page load costs more than all the clicks): it starts empty,
    a reader steps it by mouse, then by keyboard, then every choice is swept."""
    d = data(built_site)
    root = open_explorer(reader, site_url, lang)
    with subtests.test("it starts empty, its summary read aloud", lang=lang):
        state = shown(root)
        assert state["live"] == "polite", f"{lang}: the summary is not read aloud (aria-live)"
        assert state["cells"] == expected(d, 0, d["page_batches"], 0)["cells"], f"{lang}: the grid does not start empty"
    with subtests.test("a reader steps it by mouse", lang=lang):
        steps_by_mouse(d, root, lang)
    with subtests.test("a reader steps it by keyboard alone, with a focus ring", lang=lang):
        steps_by_keyboard(d, root, reader.page, lang)
    with subtests.test("every choice shows its states and says them", lang=lang):
        every_choice_shows_its_states(d, root, lang)
    with subtests.test("every text at 4.5:1 on its tint, light and dark", lang=lang):
        readable_in_both_schemes(d, root, reader.page, lang)


def readable_in_both_schemes(d: dict, root, p, lang: str):
    """Every kind of cell (● ▲ ◆ ·, each on its tint) and every other text of the explorer
    at 4.5:1 or more (all of it is small text), in the light and the dark scheme."""
    names = [o["name"] for o in d["optimizers"]]
    # The choices are set as a click sets them (the mouse and the keyboard were tested
    # above), and the contrast is measured in the same round trip (tests/js/optimizer.js).
    kinds = set()
    for scheme in ("light", "dark"):
        if scheme == "dark":
            switch_to_dark(p)
        for name, steps in (("AdamW", 2), ("Adam", 3)):
            got = json.loads(root.evaluate("(root, plan) => checks.optimizerContrast(root, plan)", [names.index(name), d["page_batches"], steps]))
            kinds |= set(got["kinds"])
            low = sorted({(t, round(r, 2)) for t, r in got["ratios"] if r < 4.5}, key=lambda x: x[1])
            assert not low, f"{lang}, {scheme} scheme, {name} after {steps} steps: text below 4.5:1 (text, ratio): {low[:6]}"
    assert {"is-looked-up", "is-carried", "is-decayed", "is-still"} <= kinds, f"{lang}: not every kind of cell was checked: {kinds}"


def every_choice_shows_its_states(d: dict, root, lang: str):
    """Each optimizer, each batch for each step, after each step: the grid and the summary
    are that choice's entry in the data."""
    plans = [
        [o, list(batches)]
        for o in range(len(d["optimizers"]))
        for batches in itertools.product(range(len(d["presets"])), repeat=d["steps_max"])
    ]
    # One script sets each choice as a click would, starts again and steps to the end,
    # reading the grid after each step (a round trip per click would take minutes).
    seen = json.loads(root.evaluate("(root, plans) => checks.optimizerSweep(root, plans)", plans))
    wrong = []
    for (o, batches), steps in zip(plans, seen):
        for k, state in enumerate(steps, 1):
            want = expected(d, o, batches, k)
            if state["cells"] != want["cells"] or state["state"] != want["state"]:
                wrong.append(f"{d['optimizers'][o]['name']} {batches} after step {k}: shows {state['cells']} {state['state']}, the data holds {want}")
            elif state["said"] != summary(d, lang, o, batches, k):
                wrong.append(f"{d['optimizers'][o]['name']} {batches} after step {k}: says {state['said']!r}")
    assert not wrong, f"{lang}: {len(wrong)} of {len(plans) * d['steps_max']} states differ from optimizer-steps.json, e.g.\n" + "\n".join(wrong[:3])


def steps_by_mouse(d: dict, root, lang: str):
    """A reader with a mouse picks AdamW and batches, steps twice, then changes step 1."""
    names = [o["name"] for o in d["optimizers"]]
    # AdamW; step 2 looks up [1, 2] again; two steps.
    optimizer, batches = names.index("AdamW"), list(d["page_batches"])
    batches[1] = 0
    root.locator("fieldset").nth(0).locator("label").nth(optimizer).click()
    root.locator("fieldset").nth(2).locator("label").nth(batches[1]).click()
    for k in (1, 2):
        root.locator(".optimizer-explorer__step").click()
        state = shown(root)
        want = expected(d, optimizer, batches, k)
        assert state["cells"] == want["cells"], f"{lang}: AdamW {batches}, step {k}: the grid shows {state['cells']}, the data {want['cells']}"
        assert state["state"] == want["state"], f"{lang}: AdamW {batches}, step {k}: the state shows {state['state']}, the data {want['state']}"
        assert state["said"] == summary(d, lang, optimizer, batches, k), f"{lang}: step {k} says {state['said']!r}"
    # Changing a step already taken shows (and says) the new choice at once.
    root.locator("fieldset").nth(1).locator("label").nth(2).click()
    batches[0] = 2
    state = shown(root)
    assert state["cells"] == expected(d, optimizer, batches, 2)["cells"], f"{lang}: a new batch for step 1 does not redraw the grid"
    assert state["said"] == summary(d, lang, optimizer, batches, 2), f"{lang}: a new batch for step 1 says {state['said']!r}"


def steps_by_keyboard(d: dict, root, p, lang: str):
    """The keyboard alone: arrows choose in a radio group, Tab moves on, Enter and Space
    press the buttons; what has the focus shows a ring of 3:1 or more."""
    names = [o["name"] for o in d["optimizers"]]
    # From the start: SGD, the page's batches, no step taken (set at once, as a script
    # would: the mouse was tested above).
    root.evaluate("(root, batches) => checks.optimizerChoose(root, 0, batches, 0)", d["page_batches"])
    batches = list(d["page_batches"])

    def ring(where):
        assert_focus_ring(p, f"{lang}: {where}")

    # The checked optimizer is its group's tab stop; the arrows choose.
    root.locator("fieldset").nth(0).locator("input:checked").focus()
    p.keyboard.press("ArrowRight")  # SGD -> SGD, momentum
    p.keyboard.press("ArrowRight")  # -> Adam
    optimizer = names.index("Adam")
    ring("the optimizer")
    assert root.locator("fieldset").nth(0).locator("input").nth(optimizer).is_checked(), f"{lang}: the arrows do not choose Adam"
    # Tab to step 1's batches, ArrowLeft wraps from [1, 2] to [3, 4].
    p.keyboard.press("Tab")
    p.keyboard.press("ArrowLeft")
    batches[0] = len(d["presets"]) - 1
    ring("step 1's batch")
    # Tab past steps 2 and 3 to Step: Enter, Space, Enter.
    for _ in range(3):
        p.keyboard.press("Tab")
    assert p.evaluate("document.activeElement.matches('.optimizer-explorer__step')"), f"{lang}: Tab does not reach Step"
    ring("Step")
    for k, key in enumerate(["Enter", "Space", "Enter"], 1):
        p.keyboard.press(key)
        state = shown(root)
        want = expected(d, optimizer, batches, k)
        assert state["cells"] == want["cells"] and state["state"] == want["state"], f"{lang}: {key} for step {k}: shows {state}, the data {want}"
        assert state["said"] == summary(d, lang, optimizer, batches, k), f"{lang}: {key} for step {k} says {state['said']!r}"
    # A fourth press says that all steps are taken; Start again empties the grid.
    p.keyboard.press("Enter")
    state = shown(root)
    assert state["cells"] == expected(d, optimizer, batches, 3)["cells"], f"{lang}: a fourth step changed the grid"
    assert state["said"] not in ("", summary(d, lang, optimizer, batches, 3)), f"{lang}: a fourth step says {state['said']!r}"
    p.keyboard.press("Tab")
    ring("Start again")
    p.keyboard.press("Enter")
    assert shown(root)["cells"] == expected(d, optimizer, batches, 0)["cells"], f"{lang}: Start again leaves the grid filled"
