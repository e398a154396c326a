"""The figures of embedding-vs-linear.md, drawn from the page's own table.

Each figure is stacked vertically (viewBox at most 440 wide), so that its text stays at
9 CSS px or more when a phone shrinks it to 358 px:

- onehot-id-2: the one-hot row of ID 2 times each row of the table, and their sum, which
  is row 2 (the page's opening);
- lookup-batch: the IDs 2, 3 and 1 address rows of the table; the output stacks those
  rows in the order of the IDs;
- onehot-id-2-infinity: the same row of the batch's product after an infinity is put into
  row 0, which no token reads: 0 × ∞ makes a NaN in the output. It is drawn from the
  three-row product the page prints, not from a one-row product: a kernel may skip the zero
  entries of a single one-hot row (PyTorch's aarch64 build does), and then shows no NaN.

Rows that are read are coloured, outlined and bold; rows that are skipped are greyed and
dashed, and say so in words.
"""

from __future__ import annotations

import torch

from drawings.svg import CELL_H, CELL_W, Svg

PAGE = "embedding-vs-linear"

LABELS = {
    "en": {
        "table": "embedding.weight ({rows} × {cols})",
        "row": "row {i}",
        "id": "ID {i}",
        "onehot": "one-hot of ID {i}",
        "times": "× row {i}",
        "sum": "sum of the four products",
        "output": "output",
        "outputs": "output: one row per ID",
        "skipped": "not read",
        "zero": "→ 0",
        "kept": "→ row {i}",
        "nan": "→ NaN",
    },
    "zh": {
        "table": "embedding.weight（{rows} × {cols}）",
        "row": "第 {i} 行",
        "id": "ID {i}",
        "onehot": "ID {i} 的独热向量",
        "times": "× 第 {i} 行",
        "sum": "四个乘积相加",
        "output": "输出",
        "outputs": "输出：每个 ID 一行",
        "skipped": "没有读取",
        "zero": "→ 0",
        "kept": "→ 第 {i} 行",
        "nan": "→ NaN",
    },
}

IDS = [2, 3, 1]  # the page's batch


def weight() -> torch.Tensor:
    """The table of embedding-vs-linear.md: seed 123, nn.Embedding(4, 3)."""
    torch.manual_seed(123)
    return torch.nn.Embedding(4, 3).weight.detach()


def with_infinity(table: torch.Tensor) -> torch.Tensor:
    """The page's `broken` copy of the table: an infinity in row 0, column 0."""
    broken = table.clone()
    broken[0, 0] = float("inf")
    return broken


def onehot_figure(table: torch.Tensor, ids: list[int], lang: str, title: str) -> str:
    """The one-hot row of `ids[0]` down the left, each entry multiplying one row of the
    table; under them, the sum of the products: row 0 of the product of all the one-hot
    rows of `ids` with the table, which PyTorch computes here."""
    t = LABELS[lang]
    rows, cols = table.shape
    token = ids[0]
    onehot = torch.nn.functional.one_hot(torch.tensor(ids), rows).float()
    product = (onehot @ table)[0].tolist()
    colour = 0
    vec_x, table_x = 10, 124
    note_x = table_x + cols * CELL_W + 10
    top = 38
    out_y = top + rows * CELL_H + 40
    width = note_x + 80
    height = out_y + CELL_H + 10
    svg = Svg(width, height, title)
    svg.text(vec_x, 22, t["onehot"].format(i=token), anchor="start", cls="label")
    svg.text(table_x + cols * CELL_W / 2, 22, t["table"].format(rows=rows, cols=cols), cls="label")
    nonfinite = [i for i in range(rows) if not torch.isfinite(table[i]).all()]
    for i in range(rows):
        hot = i == token
        y = top + i * CELL_H
        svg.parts.append("<g>" if hot else '<g class="dim">')
        svg.rect(vec_x, y + 2, 30, CELL_H - 4, colour=colour if hot else None)
        svg.text(vec_x + 15, y + CELL_H / 2, str(int(hot)), cls="num read" if hot else "num")
        svg.text(vec_x + 38, y + CELL_H / 2, t["times"].format(i=i), anchor="start", cls="label read" if hot else "label")
        if not hot and i not in nonfinite:
            svg.text(note_x, y + CELL_H / 2, t["zero"], anchor="start", cls="label")
        svg.parts.append("</g>")
        if hot or i in nonfinite:
            note = t["kept"].format(i=i) if hot else t["nan"]
            svg.text(note_x, y + CELL_H / 2, note, anchor="start", cls="label read")
    svg.matrix(table_x, top, table.tolist(), highlight={token: colour}, dim=[i for i in range(rows) if i != token])
    svg.text(table_x + cols * CELL_W / 2, out_y - 12, t["sum"], cls="label")
    svg.text(table_x - 10, out_y + CELL_H / 2, f'{t["output"]} =', anchor="end", cls="label read")
    svg.matrix(table_x, out_y, [product], highlight={0: colour})
    return svg.render()


def lookup_figure(table: torch.Tensor, ids: list[int], lang: str, title: str) -> str:
    """The table on top; under it the output, one row per ID, each ID pointing up to the
    row it reads, and the output row naming the row it copies."""
    t = LABELS[lang]
    rows, cols = table.shape
    values = table.tolist()
    colours: dict[int, int] = {}
    for pos, i in enumerate(ids):
        colours.setdefault(i, pos % 4)
    label_x, table_x = 108, 118
    note_x = table_x + cols * CELL_W + 10
    top = 40
    out_top = top + rows * CELL_H + 44
    width = note_x + 70
    height = out_top + len(ids) * CELL_H + 10
    svg = Svg(width, height, title)
    svg.text(table_x + cols * CELL_W / 2, 16, t["table"].format(rows=rows, cols=cols), cls="label")
    for i in range(rows):
        y = top + i * CELL_H + CELL_H / 2
        read = i in colours
        svg.text(label_x, y, t["row"].format(i=i), anchor="end", cls="label read" if read else "label")
        if not read:
            svg.parts.append('<g class="dim">')
            svg.text(note_x, y, t["skipped"], anchor="start", cls="label")
            svg.parts.append("</g>")
    svg.matrix(table_x, top, values, highlight=colours, dim=[i for i in range(rows) if i not in colours])
    svg.text(table_x + cols * CELL_W / 2, out_top - 14, t["outputs"], cls="label")
    svg.matrix(table_x, out_top, [values[i] for i in ids], highlight={p: colours[i] for p, i in enumerate(ids)})
    for pos, i in enumerate(ids):
        y = out_top + pos * CELL_H + CELL_H / 2
        colour = colours[i]
        svg.rect(label_x - 56, y - CELL_H / 2 + 2, 52, CELL_H - 4, colour=colour)
        svg.text(label_x - 30, y, t["id"].format(i=i), weight="bold")
        svg.text(note_x, y, t["row"].format(i=i), anchor="start", cls="label read")
        # From the ID's box, out to the left margin and up to the row it addresses.
        x0, x1 = label_x - 58, 40 - 9 * pos
        y_row = top + i * CELL_H + CELL_H / 2
        end = label_x - 52
        svg.parts.append(
            f'<g class="c{colour}"><path class="line" d="M{x0:g} {y:g}C{x1:g} {y:g} {x1:g} {y_row:g} {end - 7:g} {y_row:g}"/>'
            f'<path class="head" d="M{end - 8:g} {y_row - 4.5:g}L{end:g} {y_row:g}L{end - 8:g} {y_row + 4.5:g}Z"/></g>'
        )
    return svg.render()


def figures(lang: str) -> dict[str, str]:
    """file name -> SVG text, for the figures of one language."""
    table = weight()
    titles = {
        "en": {
            "onehot-id-2": "The one-hot row of ID 2 times the table: rows 0, 1 and 3 are multiplied by 0, row 2 by 1, and the sum is row 2",
            "lookup-batch": "The IDs 2, 3 and 1 read rows 2, 3 and 1 of the table; the output stacks them in the order of the IDs; row 0 is not read",
            "onehot-id-2-infinity": "With an infinity in row 0, the one-hot row of ID 2 still multiplies row 0 by 0, and 0 × ∞ puts a NaN into row 0 of the batch's product, ID 2's",
        },
        "zh": {
            "onehot-id-2": "ID 2 的独热向量乘以嵌入表：第 0、1、3 行乘以 0，第 2 行乘以 1，相加的结果就是第 2 行",
            "lookup-batch": "ID 2、3、1 读出嵌入表的第 2、3、1 行，输出按 ID 的顺序把这几行叠在一起；第 0 行没有读取",
            "onehot-id-2-infinity": "第 0 行有一个无穷大时，ID 2 的独热向量照样把第 0 行乘以 0，而 0 × ∞ 让整批乘积中属于 ID 2 的那一行出现 NaN",
        },
    }[lang]
    return {
        "onehot-id-2.svg": onehot_figure(table, IDS[:1], lang, titles["onehot-id-2"]),
        "lookup-batch.svg": lookup_figure(table, IDS, lang, titles["lookup-batch"]),
        # The batch's three rows: a one-row product may skip the zeros, and show no NaN.
        "onehot-id-2-infinity.svg": onehot_figure(with_infinity(table), IDS, lang, titles["onehot-id-2-infinity"]),
    }
