"""The figure and the optimizer explorer's data of optimizers-and-untouched-rows.md.

Both come from one function, `run`, which does what the page's `rows_moved` does
(seed 0, nn.Embedding(5, 3), lr=0.1, the loss is the sum of the looked-up rows) and
records, after each step, how much each row moved and what moved it. The figure shows
the page's three batches; the explorer's data (`optimizer-steps.json`) holds the state
after every step for every choice the explorer offers, so that its script only looks
states up: nothing a reader sees there is computed in JavaScript.
"""

from __future__ import annotations

import itertools

import torch

from drawings.svg import COLOURS, Svg, fmt
from drawings.threads import one_thread

PAGE = "optimizers-and-untouched-rows"

ROWS, COLS, LR = 5, 3, 0.1
BATCHES = [[1, 2], [2, 3], [3, 4]]  # the page's three batches
PRESETS = [[1, 2], [2, 3], [3, 4]]  # what each step of the explorer may look up
STEPS = 3

# name -> (how the page builds it, sparse gradient?, the state that carries earlier
# gradients forward, or None). Keyword arguments besides lr are PyTorch's defaults
# unless written here.
OPTIMIZERS = {
    "SGD": (lambda p: torch.optim.SGD(p, lr=LR), False, None),
    "SGD, momentum": (lambda p: torch.optim.SGD(p, lr=LR, momentum=0.9), False, "momentum_buffer"),
    "Adam": (lambda p: torch.optim.Adam(p, lr=LR), False, "exp_avg"),
    "AdamW": (lambda p: torch.optim.AdamW(p, lr=LR), False, "exp_avg"),
    "SparseAdam": (lambda p: torch.optim.SparseAdam(p, lr=LR), True, "exp_avg"),
    "Adagrad": (lambda p: torch.optim.Adagrad(p, lr=LR), False, "sum"),
}
CODE = {
    "SGD": "SGD(lr=0.1)",
    "SGD, momentum": "SGD(lr=0.1, momentum=0.9)",
    "Adam": "Adam(lr=0.1)",
    "AdamW": "AdamW(lr=0.1)",
    "SparseAdam": "SparseAdam(lr=0.1), sparse=True",
    "Adagrad": "Adagrad(lr=0.1)",
}
IN_FIGURE = ["SGD", "SGD, momentum", "Adam", "AdamW", "SparseAdam"]

# What moved a row at a step: looked up (it had a gradient); not looked up but carried by
# the optimizer's state (momentum buffer, first moment); weight decay alone; nothing.
GRADIENT, STATE, DECAY, STILL = "g", "m", "d", "-"


def run(name: str, batches: list[list[int]]) -> list[list[dict]]:
    """Each step's rows: {kind, state, move, decay}, numbers as the page prints them
    (4 decimals). `kind` says what moved the row (GRADIENT, STATE, DECAY or STILL); `move`
    is the largest change among the row's numbers; `state` is the row's value of the
    optimizer's state after the step (the same in each of its numbers, checked here);
    `decay` (AdamW only) what weight decay alone takes off the row's largest number."""
    make, sparse, state_name = OPTIMIZERS[name]
    torch.manual_seed(0)
    table = torch.nn.Embedding(ROWS, COLS, sparse=sparse)
    optimizer = make(table.parameters())
    decay = optimizer.defaults.get("weight_decay", 0) if name == "AdamW" else 0
    steps = []
    for batch in batches:
        optimizer.zero_grad()
        table(torch.tensor(batch)).sum().backward()
        before = table.weight.detach().clone()
        optimizer.step()
        grad = table.weight.grad.to_dense()
        move = (table.weight.detach() - before).abs().amax(dim=1)
        state = None
        if state_name:
            state = optimizer.state[table.weight][state_name]
            state = state.to_dense() if state.is_sparse else state
            assert bool((state == state[:, :1]).all()), f"{name}: {state_name} differs within a row"
        shrink = before.abs().amax(dim=1) * (LR * decay)
        rows = []
        for i in range(ROWS):
            looked_up = bool((grad[i] != 0).any())
            moved = bool(move[i] > 0)
            carried = state is not None and bool(state[i, 0] != 0)
            kind = STILL if not moved else GRADIENT if looked_up else STATE if carried else DECAY
            assert not moved or fmt(move[i].item()) != fmt(0.0), f"{name}: a move too small to show with 4 decimals"
            assert bool((grad[i] == grad[i, 0]).all()), f"{name}: the gradient differs within a row"
            rows.append({
                "kind": kind,
                "state": fmt(state[i, 0].item()) if state is not None else None,
                "move": fmt(move[i].item()),
                "decay": fmt(shrink[i].item()) if decay else None,
            })
        steps.append(rows)
    return steps


# ---------------------------------------------------------------------------- the data


def data() -> dict:
    """optimizer-steps.json: for each optimizer and each choice of batches, the rows after
    the last step. Keys of `steps[name]` are the presets chosen so far, e.g. "0.2" for step 1
    looking up PRESETS[0] and step 2 PRESETS[2] (a fresh run from seed 0 for each key). A
    key's value is one string per row, joined by "; ": "kind move", then the state's value
    if the optimizer keeps one, then (AdamW) the decay."""
    steps: dict[str, dict[str, str]] = {}
    with one_thread():
        for name in OPTIMIZERS:
            nodes = {}
            for length in range(1, STEPS + 1):
                for choice in itertools.product(range(len(PRESETS)), repeat=length):
                    last = run(name, [PRESETS[c] for c in choice])[-1]
                    nodes[".".join(map(str, choice))] = "; ".join(
                        " ".join(r[k] for k in ("kind", "move", "state", "decay") if r[k] is not None) for r in last
                    )
            steps[name] = nodes
    return {
        "optimizer-steps.json": {
            "rows": ROWS,
            "steps_max": STEPS,
            "presets": PRESETS,
            "page_batches": [PRESETS.index(b) for b in BATCHES],
            "optimizers": [
                {"name": name, "code": CODE[name], "state": OPTIMIZERS[name][2], "decay": name == "AdamW"}
                for name in OPTIMIZERS
            ],
            "steps": steps,
        }
    }


# ---------------------------------------------------------------------------- the figure

LABELS = {
    "en": {
        "title": "Which rows each step moved, for five optimizers and the batches [1, 2], [2, 3], [3, 4]",
        "names": {"SGD": "SGD", "SGD, momentum": "SGD, momentum 0.9", "Adam": "Adam", "AdamW": "AdamW",
                  "SparseAdam": "SparseAdam (sparse=True)"},
        "step": "step {k}",
        "row": "row {i}",
        "legend": [
            (GRADIENT, "looked up: moved by"),
            (None, "its gradient"),
            (STATE, "not looked up: moved"),
            (None, "by momentum or"),
            (None, "first moment"),
            (DECAY, "not looked up: moved"),
            (None, "by weight decay alone"),
            (STILL, "did not move"),
            (None, "number: the largest"),
            (None, "change in the row"),
        ],
    },
    "zh": {
        "title": "五种优化器在批量 [1, 2]、[2, 3]、[3, 4] 下，每一步改动了哪些行",
        "names": {"SGD": "SGD", "SGD, momentum": "SGD，动量 0.9", "Adam": "Adam", "AdamW": "AdamW",
                  "SparseAdam": "SparseAdam（sparse=True）"},
        "step": "第 {k} 步",
        "row": "第 {i} 行",
        "legend": [
            (GRADIENT, "查到了：靠梯度移动"),
            (STATE, "没查到：靠动量缓冲区"),
            (None, "或一阶矩移动"),
            (DECAY, "没查到：仅因权重衰减"),
            (None, "而移动"),
            (STILL, "没有移动"),
            (None, "数字：该行 3 个数中"),
            (None, "最大的变化量"),
        ],
    },
}
MARKS = {GRADIENT: "●", STATE: "▲", DECAY: "◆", STILL: "·"}
COLOUR = {GRADIENT: 0, STATE: 1, DECAY: 2}

LABEL_W, CELL_W, CELL_H, GAP = 48, 62, 24, 12
GROUP_W = STEPS * CELL_W
BAND_H = 22 + 34 + ROWS * CELL_H + 16  # name, step and batch, rows, space


def group(svg: Svg, x: float, y: float, name: str, steps: list[list[dict]], lang: str) -> None:
    """One optimizer: its name, then a column per step (its batch on top), a cell per row."""
    t = LABELS[lang]
    svg.text(x + GROUP_W / 2, y + 9, t["names"][name], weight="bold")
    top = y + 22
    for k, batch in enumerate(BATCHES):
        cx = x + k * CELL_W + CELL_W / 2
        svg.text(cx, top + 8, t["step"].format(k=k + 1), cls="label")
        svg.text(cx, top + 24, str(batch), cls="num")
    top += 34
    for i in range(ROWS):
        cy = top + i * CELL_H
        for k, rows in enumerate(steps):
            row, cx = rows[i], x + k * CELL_W
            cell(svg, cx, cy, CELL_W, CELL_H, row["kind"], row["move"])


def cell(svg: Svg, x: float, y: float, w: float, h: float, kind: str, number: str | None) -> None:
    """A mark (and the size of the move) on a tinted, outlined cell; a dashed, greyed one
    for a row that did not move."""
    if kind == STILL:
        svg.parts.append('<g class="dim">')
        svg.rect(x, y, w, h, rx=0)
        svg.text(x + w / 2, y + h / 2, MARKS[STILL], cls="num")
        svg.parts.append("</g>")
        return
    svg.rect(x, y, w, h, colour=COLOUR[kind], rx=0)
    if number is None:
        svg.text(x + w / 2, y + h / 2, MARKS[kind], cls="num")
    else:
        svg.text(x + 9, y + h / 2, MARKS[kind], cls="num")
        svg.text(x + w - 5, y + h / 2, number, anchor="end", cls="num read" if kind == GRADIENT else "num")


def figures(lang: str) -> dict[str, str]:
    """file name -> SVG text: rows × steps for five optimizers, two to a band, and a legend."""
    t = LABELS[lang]
    with one_thread():
        runs = {name: run(name, BATCHES) for name in IN_FIGURE}
    left, right = LABEL_W, LABEL_W + GROUP_W + GAP
    width = right + GROUP_W + 2
    bands = (len(IN_FIGURE) + 2) // 2
    svg = Svg(width, bands * BAND_H - 6, t["title"])
    slots = [(x, band * BAND_H + 2) for band in range(bands) for x in (left, right)]
    for band in range(bands):
        top = band * BAND_H + 2 + 22 + 34
        for i in range(ROWS):
            svg.text(LABEL_W - 6, top + i * CELL_H + CELL_H / 2, t["row"].format(i=i), anchor="end", cls="label")
    for (x, y), name in zip(slots, IN_FIGURE):
        group(svg, x, y, name, runs[name], lang)
    x, y = slots[len(IN_FIGURE)]
    y += 22 + 6
    gap = 0
    for n, (kind, words) in enumerate(t["legend"]):
        # A little space before the note on the numbers, and under it, its second line.
        gap = 6 if words.startswith(("number", "数字")) else gap
        ly = y + n * 15 + gap
        if kind is not None:
            cell(svg, x, ly - 8, 20, 16, kind, None)
        if words:
            svg.text(x + 26, ly, words, anchor="start", cls="label")
    return {"optimizer-rows-moved.svg": svg.render()}


assert len(COLOURS) >= 3
