"""The figure of when-a-matrix-product-fits.md: a soft token, the probability-weighted sum of
the rows of the table (the page's opening block: seed 123, nn.Embedding(5, 3), probabilities
0.5 on tokens 1 and 3), with the gradient each row receives."""

from __future__ import annotations

import torch

from drawings.svg import CELL_H, CELL_W, Svg

PAGE = "when-a-matrix-product-fits"

LABELS = {
    "en": {
        "title": "A soft token: half of row 1 plus half of row 3 of the table; only those two rows get a gradient",
        "probs": "probs",
        "table": "weight (5 × 3)",
        "grad": "gradient",
        "row": "row {i}",
        "out": "probs @ weight",
        "sum": "= 0.5 × row 1 + 0.5 × row 3",
    },
    "zh": {
        "title": "软词元：嵌入表第 1 行的一半加上第 3 行的一半；只有这两行得到梯度",
        "probs": "probs",
        "table": "weight（5 × 3）",
        "grad": "梯度",
        "row": "第 {i} 行",
        "out": "probs @ weight",
        "sum": "= 0.5 × 第 1 行 + 0.5 × 第 3 行",
    },
}


def opening() -> tuple[torch.Tensor, torch.Tensor, torch.Tensor, torch.Tensor]:
    """(table, probabilities, the soft token, the table's gradient) as the opening block makes them."""
    torch.manual_seed(123)
    table = torch.nn.Embedding(5, 3)
    w = table.weight
    probs = torch.tensor([0.0, 0.5, 0.0, 0.5, 0.0])
    mixed = probs @ w
    mixed.sum().backward()
    return w.detach(), probs, mixed.detach(), w.grad


def figure(lang: str) -> str:
    t = LABELS[lang]
    weight, probs, mixed, grad = opening()
    rows, cols = weight.shape
    p_x, table_x = 10, 136
    grad_x = table_x + cols * CELL_W + 14
    top = 40
    svg = Svg(440, top + (rows + 2) * CELL_H + 34, t["title"])
    svg.text(p_x + 25, 16, t["probs"], cls="label")
    svg.text(table_x + cols * CELL_W / 2, 16, t["table"], cls="label")
    svg.text(grad_x + 36, 16, t["grad"], cls="label")
    read = {i: k for k, i in enumerate(i for i in range(rows) if probs[i] != 0)}
    for i in range(rows):
        y = top + i * CELL_H
        on = i in read
        svg.parts.append("<g>" if on else '<g class="dim">')
        svg.rect(p_x, y + 2, 50, CELL_H - 4, colour=read[i] if on else None)
        svg.text(p_x + 25, y + CELL_H / 2, f"{probs[i].item():g}", cls="num" + (" read" if on else ""))
        svg.text(p_x + 64, y + CELL_H / 2, "×", cls="label")
        svg.text(table_x - 8, y + CELL_H / 2, t["row"].format(i=i), anchor="end",
                 cls="label read" if on else "label")
        svg.text(grad_x + 36, y + CELL_H / 2, f"{grad[i, 0].item():g}", cls="num" + (" read" if on else ""))
        svg.parts.append("</g>")
    svg.matrix(table_x, top, weight.tolist(), highlight=read, dim=[i for i in range(rows) if i not in read])
    y_out = top + (rows + 1) * CELL_H
    svg.parts.append(f'<path class="cell" d="M{table_x} {y_out - CELL_H / 2:g}H{table_x + cols * CELL_W}"/>')
    svg.text(table_x - 8, y_out + CELL_H / 2, t["out"], anchor="end", cls="label")
    svg.matrix(table_x, y_out, [mixed.tolist()], highlight={0: 2})
    svg.text(table_x, y_out + CELL_H + 18, t["sum"], anchor="start", cls="label")
    return svg.render()


def figures(lang: str) -> dict[str, str]:
    return {"soft-token-mix.svg": figure(lang)}
