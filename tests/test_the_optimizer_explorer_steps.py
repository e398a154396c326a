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
- every kind of cell, on its tint, reaches AA contrast in the light and the dark scheme;
- without JavaScript the explorer stays hidden and the page's figure remains; a page
  without the explorer does not fetch its data.
"""

from __future__ import annotations

import itertools
import json
import re

import pytest

from browser import switch_to_dark
from pages import LANGUAGES, published_path

PAGE = "optimizers-and-untouched-rows.md"
MARK = {"g": "●", "m": "▲", "d": "◆", "-": "·"}
# How the summary names things, per language (the script's words, written once more here:
# a script that said another row or another cause than the data would fail).
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

SHOWN = """root => ({
    cells: [...root.querySelectorAll('tbody tr')].map(tr => [...tr.querySelectorAll('td[data-step]')].map(td => td.textContent)),
    state: [...root.querySelectorAll('tbody td.optimizer-explorer__state')].filter(td => !td.hidden).map(td => td.textContent),
    said: root.querySelector('.optimizer-explorer__said').textContent,
    live: root.querySelector('.optimizer-explorer__said').getAttribute('aria-live'),
})"""


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
    return root.evaluate(SHOWN)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_it_shows_what_pytorch_computed_by_mouse_and_keyboard(built_site, site_url, reader, lang):
    """One load per language (a page load costs more than all the clicks): it starts empty,
    a reader steps it by mouse, then by keyboard, then every choice is swept."""
    d = data(built_site)
    root = open_explorer(reader, site_url, lang)
    state = shown(root)
    assert state["live"] == "polite", f"{lang}: the summary is not read aloud (aria-live)"
    assert state["cells"] == expected(d, 0, d["page_batches"], 0)["cells"], f"{lang}: the grid does not start empty"
    steps_by_mouse(d, root, lang)
    steps_by_keyboard(d, root, reader.page, lang)
    every_choice_shows_its_states(d, root, lang)
    readable_in_both_schemes(d, root, reader.page, lang)


# The contrast of each text of the explorer as drawn: its colour (with its opacity) over the
# backgrounds behind it, tints included, down to the first opaque one, by WCAG 2's formula.
# (axe runs on the page in test_what_a_reader_sees.py, with the grid still empty.)
CONTRAST_OF_TEXTS = """root => {
    const rgba = c => { const v = c.match(/[\\d.]+/g).map(Number); return [v[0], v[1], v[2], v.length > 3 ? v[3] : 1]; };
    const over = (top, alpha, under) => under.map((u, i) => top[i] * alpha + u * (1 - alpha));
    const lum = c => { const l = c.map(v => (v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]; };
    const own = e => [...e.childNodes].some(n => n.nodeType === 3 && n.data.trim());
    return [...root.querySelectorAll('*')].filter(e => own(e) && e.getClientRects().length).map(e => {
        const layers = [];
        for (let a = e; a; a = a.parentElement) { const c = rgba(getComputedStyle(a).backgroundColor); layers.push(c); if (c[3] === 1) break; }
        let back = [255, 255, 255];
        for (const c of layers.reverse()) back = over(c, c[3], back);
        const fg = rgba(getComputedStyle(e).color), front = over(fg, fg[3], back);
        const [x, y] = [lum(front), lum(back)].sort((m, n) => n - m);
        return [e.tagName + '.' + e.className + ' ' + e.textContent.trim().slice(0, 20), (x + 0.05) / (y + 0.05)];
    });
}"""


def readable_in_both_schemes(d: dict, root, p, lang: str):
    """Every kind of cell (● ▲ ◆ ·, each on its tint) and every other text of the explorer
    at 4.5:1 or more (all of it is small text), in the light and the dark scheme."""
    names = [o["name"] for o in d["optimizers"]]
    # The choices are set as a click sets them (the mouse and the keyboard were tested
    # above), and the contrast is measured in the same round trip (returned as JSON, as in
    # every_choice_shows_its_states).
    fill_and_measure = (
        """(root, [o, batches, steps]) => {
            const groups = [...root.querySelectorAll('fieldset')];
            groups[0].querySelectorAll('input')[o].click();
            batches.forEach((b, k) => groups[k + 1].querySelectorAll('input')[b].click());
            root.querySelector('.optimizer-explorer__reset').click();
            for (let k = 0; k < steps; k++) root.querySelector('.optimizer-explorer__step').click();
            return JSON.stringify({kinds: [...root.querySelectorAll('td[data-step]')].map(td => td.className),
                                   ratios: ("""
        + CONTRAST_OF_TEXTS
        + """)(root)});
        }"""
    )
    kinds = set()
    for scheme in ("light", "dark"):
        if scheme == "dark":
            switch_to_dark(p)
        for name, steps in (("AdamW", 2), ("Adam", 3)):
            got = json.loads(root.evaluate(fill_and_measure, [names.index(name), d["page_batches"], steps]))
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
    # reading the grid after each step (a round trip per click would take minutes). It
    # returns one JSON string: Playwright checks a returned structure value by value, which
    # took longer than the sweep itself.
    seen = json.loads(root.evaluate(
        """(root, plans) => {
            const groups = [...root.querySelectorAll('fieldset')];
            const pick = (g, i) => groups[g].querySelectorAll('input')[i].click();
            const out = [];
            for (const [o, batches] of plans) {
                pick(0, o);
                batches.forEach((b, k) => pick(k + 1, b));
                root.querySelector('.optimizer-explorer__reset').click();
                const steps = [];
                for (let k = 0; k < batches.length; k++) {
                    root.querySelector('.optimizer-explorer__step').click();
                    steps.push((""" + SHOWN + """)(root));
                }
                out.push(steps);
            }
            return JSON.stringify(out);
        }""",
        plans,
    ))
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


CONTRAST = """() => {
    const e = document.activeElement;
    const ringed = e.matches('input') ? e.closest('label') : e;
    const s = getComputedStyle(ringed);
    const rgb = c => c.match(/[\\d.]+/g).map(Number);
    const lum = c => { const l = c.slice(0, 3).map(v => (v /= 255) <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
        return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]; };
    let back = null;  // the first opaque background behind the ring
    for (let a = ringed.parentElement; a && !back; a = a.parentElement) { const c = rgb(getComputedStyle(a).backgroundColor); if (c.length < 4 || c[3] === 1) back = c; }
    back = (back || [255, 255, 255]).slice(0, 3);
    const ring = rgb(s.outlineColor), alpha = ring.length > 3 ? ring[3] : 1;
    const drawn = back.map((v, i) => ring[i] * alpha + v * (1 - alpha));
    const [x, y] = [lum(drawn), lum(back)].sort((m, n) => n - m);
    return {style: s.outlineStyle, width: parseFloat(s.outlineWidth), ratio: (x + 0.05) / (y + 0.05), what: e.tagName + ' ' + (e.value || e.textContent)};
}"""


def steps_by_keyboard(d: dict, root, p, lang: str):
    """The keyboard alone: arrows choose in a radio group, Tab moves on, Enter and Space
    press the buttons; what has the focus shows a ring of 3:1 or more."""
    names = [o["name"] for o in d["optimizers"]]
    # From the start: SGD, the page's batches, no step taken (set at once, as a script
    # would: the mouse was tested above).
    root.evaluate(
        """(root, batches) => {
            const groups = [...root.querySelectorAll('fieldset')];
            root.querySelector('.optimizer-explorer__reset').click();
            groups[0].querySelectorAll('input')[0].click();
            batches.forEach((b, k) => groups[k + 1].querySelectorAll('input')[b].click());
        }""",
        d["page_batches"],
    )
    batches = list(d["page_batches"])

    def ring(where):
        r = p.evaluate(CONTRAST)
        assert r["style"] != "none" and r["width"] >= 2 and r["ratio"] >= 3, f"{lang}: {where}: focus ring {r}"

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


@pytest.mark.parametrize("lang", LANGUAGES)
def test_without_javascript_the_figure_tells_it_and_other_pages_skip_it(browser, site_url, reader, lang):
    context = browser.new_context(java_script_enabled=False)
    try:
        p = context.new_page()
        p.goto(site_url + published_path(lang, PAGE))
        assert not p.locator(".optimizer-explorer").is_visible(), f"{lang}: an empty optimizer explorer shows without JavaScript"
        assert p.locator("#figure-optimizer-rows-moved > svg").is_visible(), f"{lang}: the figure is missing without JavaScript"
    finally:
        context.close()
    # Other pages, and the notebook page made from this one, load none of it.
    for other in ("gradients.md", "examples/" + PAGE.replace(".md", ".ipynb")):
        load = reader.open(site_url + published_path(lang, other))
        fetched = [r for r in load.requests if re.search(r"optimizer-(steps\.json|explorer\.css|explorer-widget\.js)", r)]
        assert not fetched, f"{lang}:{other}: a page without the explorer loads its script, style or data: {fetched}"
