"""The figure of bags-and-special-rows.md: a sum bag beside a linear layer on its counts.

Drawn from the page's opening block (the table of whole numbers, row i = 3i, 3i + 1,
3i + 2, and the bag [0, 2, 2, 5]): the rows, counts and sums drawn are the ones it prints.
"""

from __future__ import annotations

import torch

from drawings.svg import COLOURS, Svg

PAGE = "bags-and-special-rows"

W, H = 34, 24  # a cell: whole numbers need little room

LABELS = {
    "en": {
        "title": "A sum bag adds the rows it reads; the counts times the table add the same rows",
        "left": "bag(ids): rows read",
        "right": "counts @ table",
        "id": "ID {i}",
        "row": "row {i}",
        "count": "count",
    },
    "zh": {
        "title": "求和的袋把查到的行相加；计数乘以嵌入表，加的是同样的行",
        "left": "bag(ids)：查到的行",
        "right": "counts @ table",
        "id": "ID {i}",
        "row": "第 {i} 行",
        "count": "计数",
    },
}


def opening() -> dict:
    """The opening block of bags-and-special-rows.md, run again."""
    table = torch.arange(18.0).reshape(6, 3)
    bag = torch.nn.EmbeddingBag.from_pretrained(table, mode="sum")
    ids = torch.tensor([[0, 2, 2, 5]])
    counts = torch.bincount(ids[0], minlength=6)
    by_bag = bag(ids)[0]
    by_counts = counts.float() @ table
    assert torch.equal(by_bag, by_counts)
    return {
        "table": table.tolist(),
        "ids": ids[0].tolist(),
        "counts": counts.tolist(),
        "by_bag": by_bag.tolist(),
        "by_counts": by_counts.tolist(),
    }


def number(x: float) -> str:
    return f"{x:g}"


def row_cells(svg: Svg, x, y, values, colour=None, read=True, dim=False, w=W):
    svg.parts.append('<g class="dim">' if dim else "<g>")
    for j, v in enumerate(values):
        svg.rect(x + j * w, y, w, H, colour=colour, rx=0)
        svg.text(x + j * w + w / 2, y + H / 2, number(v), cls="num read" if read else "num")
    svg.parts.append("</g>")


def figure(lang: str) -> str:
    t = LABELS[lang]
    d = opening()
    table, ids, counts = d["table"], d["ids"], d["counts"]
    colour = {}
    for i in ids:
        colour.setdefault(i, len(colour) % (len(COLOURS) - 1))
    out_colour = len(COLOURS) - 1
    top = 44
    rows = len(table)
    y_sum = top + rows * H + 14
    svg = Svg(440, y_sum + H + 12, t["title"])

    # Left: the rows the bag reads, one per token, and their sum.
    left_x = 62
    svg.text(left_x + 1.5 * W, 16, t["left"], cls="label")
    for p, i in enumerate(ids):
        y = top + p * H
        svg.text(left_x - 8, y + H / 2, t["id"].format(i=i), anchor="end", cls="label read")
        row_cells(svg, left_x, y, table[i], colour=colour[i])
    svg.parts.append(
        f'<path class="cell" d="M{left_x:g} {y_sum - 7:g}H{left_x + 3 * W:g}"/>'
    )
    svg.text(left_x - 8, y_sum + H / 2, "=", anchor="end", weight="bold")
    row_cells(svg, left_x, y_sum, d["by_bag"], colour=out_colour)

    # Right: every row of the table times its count, and the sum.
    count_x, table_x = 224, 276
    svg.text(count_x + 14, 30, t["count"], cls="label")
    svg.text(table_x + 1.5 * W, 16, t["right"], cls="label")
    for r in range(rows):
        y = top + r * H
        n = counts[r]
        used = n > 0
        svg.parts.append('<g class="dim">' if not used else "<g>")
        svg.rect(count_x, y, 28, H, colour=colour.get(r), rx=0)
        svg.text(count_x + 14, y + H / 2, str(n), cls="num read" if used else "num")
        svg.text(count_x + 40, y + H / 2, "×", cls="label")
        svg.parts.append("</g>")
        row_cells(svg, table_x, y, table[r], colour=colour.get(r), read=used, dim=not used)
        svg.text(table_x + 3 * W + 6, y + H / 2, t["row"].format(i=r), anchor="start",
                 cls="label read" if used else "label")
    svg.parts.append(
        f'<path class="cell" d="M{table_x:g} {y_sum - 7:g}H{table_x + 3 * W:g}"/>'
    )
    svg.text(table_x - 10, y_sum + H / 2, "=", anchor="end", weight="bold")
    row_cells(svg, table_x, y_sum, d["by_counts"], colour=out_colour)
    return svg.render()


def figures(lang: str) -> dict[str, str]:
    """file name -> SVG text, for the figure of one language."""
    return {"bag-counts.svg": figure(lang)}
