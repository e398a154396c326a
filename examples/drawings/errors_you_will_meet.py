"""The figure of errors-you-will-meet.md: an ID past the last row of the table."""

from __future__ import annotations

import torch

from drawings.svg import CELL_H, CELL_W, Svg

PAGE = "errors-you-will-meet"

LABELS = {
    "en": {
        "title": "ID 1 reads row 1 of a table of 4 rows; ID 4 has no row there, and the look-up raises IndexError",
        "table": "table.weight ({rows} × {cols}): IDs 0 to {last}",
        "ids": "IDs",
        "id": "ID {i}",
        "row": "row {i}",
        "missing": "no row {i}",
        "raises": "so table(torch.tensor([1, {i}])) raises:",
    },
    "zh": {
        "title": "ID 1 读出 4 行嵌入表的第 1 行；表中没有第 4 行，查 ID 4 就会抛出 IndexError",
        "table": "table.weight（{rows} × {cols}）：ID 0 到 {last}",
        "ids": "ID",
        "id": "ID {i}",
        "row": "第 {i} 行",
        "missing": "没有第 {i} 行",
        "raises": "所以 table(torch.tensor([1, {i}])) 会抛出：",
    },
}
ERROR = "IndexError: index out of range in self"


def table() -> torch.Tensor:
    """The table of errors-you-will-meet.md: seed 123, nn.Embedding(4, 3)."""
    torch.manual_seed(123)
    return torch.nn.Embedding(4, 3).weight.detach()


def past_the_last_row(weight: torch.Tensor, ids: list[int], lang: str) -> str:
    """IDs on the left, each level with the row it addresses, arrows to those rows: a row that exists is read (bold,
    outlined), the address past the last row is an empty dashed slot, and the error below."""
    t = LABELS[lang]
    rows, cols = weight.shape
    values = weight.tolist()
    ids_x, table_x, top = 10, 160, 44
    width = table_x + cols * CELL_W + 20
    slots = max(rows, max(ids) + 1)
    height = top + slots * CELL_H + 74
    svg = Svg(width, height, t["title"])
    svg.text(ids_x + 30, 16, t["ids"], cls="label")
    svg.text(table_x + cols * CELL_W / 2, 16, t["table"].format(rows=rows, cols=cols, last=rows - 1), cls="label")
    present = [i for i in ids if i < rows]
    colours = {i: pos for pos, i in enumerate(ids)}
    for i in range(rows):
        svg.text(table_x - 10, top + i * CELL_H + CELL_H / 2, t["row"].format(i=i), anchor="end",
                 cls="label read" if i in present else "label")
    svg.matrix(table_x, top, values, highlight={i: colours[i] for i in present},
               dim=[i for i in range(rows) if i not in present])
    for i in ids:
        if i < rows:
            continue
        y = top + i * CELL_H
        # The slot a row 4 would take: nothing there, dashed and empty.
        svg.parts.append('<g class="dim">')
        svg.parts.append(
            f'<rect x="{table_x}" y="{y}" width="{cols * CELL_W}" height="{CELL_H}" rx="0" class="cell"/>'
        )
        svg.parts.append("</g>")
        svg.text(table_x + cols * CELL_W / 2, y + CELL_H / 2, t["missing"].format(i=i), weight="bold")
    for i in ids:
        # Each ID stands level with the row it addresses, so its arrow runs straight there.
        y = top + i * CELL_H
        svg.rect(ids_x, y + 2, 60, CELL_H - 4, colour=colours[i])
        svg.text(ids_x + 30, y + CELL_H / 2, t["id"].format(i=i), weight="bold")
        end = top + i * CELL_H + CELL_H / 2
        svg.arrow(ids_x + 62, y + CELL_H / 2, table_x - (62 if i < rows else 4), end, colours[i])
    bottom = top + slots * CELL_H
    missing = [i for i in ids if i >= rows]
    svg.text(ids_x, bottom + 26, t["raises"].format(i=missing[0]), anchor="start", cls="label")
    svg.text(ids_x, bottom + 50, ERROR, anchor="start", cls="num", weight="bold")
    return svg.render()


def figures(lang: str) -> dict[str, str]:
    """file name -> SVG text, for the figures of one language."""
    return {"index-out-of-range.svg": past_the_last_row(table(), [1, 4], lang)}
