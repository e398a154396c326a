"""The figure of weight-tying.md: one matrix E read two ways. The look-up reads one row of
it; the tied head compares a hidden vector with every row, one score per token (h Eᵀ)."""

from __future__ import annotations

import torch

from drawings.svg import Svg, fmt

PAGE = "weight-tying"

# A 3-column matrix and its output side by side in 440 px (the phone's width, see the
# brief): a number of 7 characters at 11.5 px monospace is about 48 px wide.
CELL_W, CELL_H = 54, 26
WIDTH = 440

LABELS = {
    "en": {
        "title": "One matrix E read two ways: looking up ID 2 reads row 2; the tied head scores h against every row, six logits",
        "lookup": "embedding(ID 2): the look-up reads one row of E",
        "head": "head(h) = h Eᵀ: one score per row of E",
        "row": "row {i}",
        "id": "ID {i}",
        "h": "h",
        "out": "output",
        "logits": "logits",
    },
    "zh": {
        "title": "同一个矩阵 E 的两种读法：查 ID 2 读出第 2 行；共享权重的输出层拿 h 与每一行比较，得到 6 个 logits",
        "lookup": "embedding(ID 2)：查表只读 E 的一行",
        "head": "head(h) = h Eᵀ：E 的每一行各得一个分数",
        "row": "第 {i} 行",
        "id": "ID {i}",
        "h": "h",
        "out": "输出",
        "logits": "logits",
    },
}


def tensors() -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """The page's tied pair (seed 123, Embedding(6, 3), Linear(3, 6)), a hidden vector h
    and what the head returns for it."""
    torch.manual_seed(123)
    embedding = torch.nn.Embedding(6, 3)
    head = torch.nn.Linear(3, 6, bias=False)
    head.weight = embedding.weight
    h = torch.tensor([1.0, 0.0, -1.0])
    with torch.no_grad():
        return embedding.weight.detach().clone(), h, head(h)


def cells(svg: Svg, x: float, y: float, values, read=(), width=CELL_W, text=fmt) -> None:
    """A matrix in cells of `width`; rows in `read` tinted and bold, the others greyed and dashed."""
    for i, row in enumerate(values):
        svg.parts.append("<g>" if i in read else '<g class="dim">')
        for j, v in enumerate(row):
            cx, cy = x + j * width, y + i * CELL_H
            svg.rect(cx, cy, width, CELL_H, colour=0 if i in read else None, rx=0)
            svg.text(cx + width / 2, cy + CELL_H / 2, text(v), cls="num" + (" read" if i in read else ""))
        svg.parts.append("</g>")


def tied_figure(lang: str) -> str:
    t = LABELS[lang]
    E, h, logits = tensors()
    rows = E.shape[0]
    token = 2
    e_x = 96
    out_x = WIDTH - 4 - 3 * CELL_W
    svg = Svg(WIDTH, 0, t["title"])

    # The look-up: one row.
    svg.text(8, 14, t["lookup"], anchor="start", cls="label")
    top = 28
    for i in range(rows):
        if i == token:
            svg.rect(8, top + i * CELL_H + 2, 50, CELL_H - 4, colour=0)
            svg.text(33, top + i * CELL_H + CELL_H / 2, t["id"].format(i=i), weight="bold")
            svg.arrow(60, top + i * CELL_H + CELL_H / 2, e_x - 3, top + i * CELL_H + CELL_H / 2, 0)
        else:
            svg.text(e_x - 8, top + i * CELL_H + CELL_H / 2, t["row"].format(i=i), anchor="end", cls="label")
    cells(svg, e_x, top, E.tolist(), read=[token])
    svg.text(out_x + 1.5 * CELL_W, top + token * CELL_H - 10, t["out"], cls="label")
    cells(svg, out_x, top + token * CELL_H, [E[token].tolist()], read=[0])
    svg.arrow(e_x + 3 * CELL_W + 3, top + token * CELL_H + CELL_H / 2, out_x - 3, top + token * CELL_H + CELL_H / 2, 0)

    # The tied head: every row, one score each.
    y = top + rows * CELL_H + 30
    svg.text(8, y, t["head"], anchor="start", cls="label")
    h_top = y + 12
    svg.text(e_x - 8, h_top + CELL_H / 2, t["h"], anchor="end", weight="bold")
    cells(svg, e_x, h_top, [h.tolist()], read=[0], text=lambda v: f"{v:.1f}")
    top = h_top + CELL_H + 10
    score_w = 64
    score_x = out_x + 1.5 * CELL_W - score_w / 2
    svg.text(score_x + score_w / 2, top - 8, t["logits"], cls="label")
    for i in range(rows):
        svg.text(e_x - 8, top + i * CELL_H + CELL_H / 2, t["row"].format(i=i), anchor="end", cls="label read")
        svg.arrow(e_x + 3 * CELL_W + 3, top + i * CELL_H + CELL_H / 2, score_x - 3, top + i * CELL_H + CELL_H / 2, 0)
    cells(svg, e_x, top, E.tolist(), read=range(rows))
    cells(svg, score_x, top, [[s] for s in logits.tolist()], read=range(rows), width=score_w)
    svg.height = top + rows * CELL_H + 10
    return svg.render()


def figures(lang: str) -> dict[str, str]:
    """file name -> SVG text, for the figures of one language."""
    return {"tied-matrix.svg": tied_figure(lang)}
