"""The figures of embedding-vs-linear.md: looking IDs up, and one-hot rows times the table."""

from __future__ import annotations

import torch

from drawings.svg import CELL_H, CELL_W, COLOURS, Svg

PAGE = "embedding-vs-linear"

LABELS = {
    "en": {
        "table": "embedding.weight ({rows} × {cols})",
        "row": "row {i}",
        "ids": "IDs",
        "id": "ID {i}",
        "output": "output",
        "onehot": "one-hot of ID {i}",
        "times": "× {v}",
        "table_t": "Wᵀ = embedding.weight",
    },
    "zh": {
        "table": "embedding.weight（{rows} × {cols}）",
        "row": "第 {i} 行",
        "ids": "ID",
        "id": "ID {i}",
        "output": "输出",
        "onehot": "ID {i} 的独热向量",
        "times": "× {v}",
        "table_t": "Wᵀ = embedding.weight",
    },
}


def weight() -> torch.Tensor:
    """The table of embedding-vs-linear.md: seed 123, nn.Embedding(4, 5)."""
    torch.manual_seed(123)
    return torch.nn.Embedding(4, 5).weight.detach()


def lookup_figure(weight: torch.Tensor, ids: list[int], lang: str, title: str) -> str:
    """IDs on the left, the table in the middle with the rows they read, the output right."""
    t = LABELS[lang]
    rows, cols = weight.shape
    table = weight.tolist()
    ids_x, table_x = 10, 200
    out_x = table_x + cols * CELL_W + 90
    top = 44
    width = out_x + cols * CELL_W + 10
    height = top + max(rows, len(ids)) * CELL_H + 14
    svg = Svg(width, height, title)
    svg.text(ids_x + 30, 16, t["ids"], cls="label")
    svg.text(table_x + cols * CELL_W / 2, 16, t["table"].format(rows=rows, cols=cols), cls="label")
    svg.text(out_x + cols * CELL_W / 2, 16, t["output"], cls="label")
    colours = {}
    for pos, i in enumerate(ids):
        colours.setdefault(i, pos % len(COLOURS))
    for i in range(rows):
        svg.text(table_x - 10, top + i * CELL_H + CELL_H / 2, t["row"].format(i=i), anchor="end",
                 cls="label read" if i in colours else "label")
    svg.matrix(table_x, top, table, highlight=colours, dim=[i for i in range(rows) if i not in colours])
    svg.matrix(out_x, top, [table[i] for i in ids], highlight={p: colours[i] for p, i in enumerate(ids)})
    for pos, i in enumerate(ids):
        y = top + pos * CELL_H
        colour = colours[i]
        svg.rect(ids_x, y + 2, 60, CELL_H - 4, colour=colour)
        svg.text(ids_x + 30, y + CELL_H / 2, t["id"].format(i=i), weight="bold")
        svg.arrow(ids_x + 62, y + CELL_H / 2, table_x - 62, top + i * CELL_H + CELL_H / 2, colour)
        svg.arrow(table_x + cols * CELL_W + 4, top + i * CELL_H + CELL_H / 2, out_x - 4, y + CELL_H / 2, colour)
    return svg.render()


def onehot_figure(weight: torch.Tensor, token: int, lang: str, title: str) -> str:
    """A one-hot row, each entry multiplying one row of the table, summing to one row."""
    t = LABELS[lang]
    rows, cols = weight.shape
    table = weight.tolist()
    onehot = torch.nn.functional.one_hot(torch.tensor(token), rows).tolist()
    product = (torch.nn.functional.one_hot(torch.tensor([token]), rows).float() @ weight)[0].tolist()
    colour = 0
    vec_x, table_x = 10, 170
    out_x = table_x + cols * CELL_W + 60
    top = 44
    width = out_x + cols * CELL_W + 10
    height = top + rows * CELL_H + 14
    svg = Svg(width, height, title)
    svg.text(vec_x + 20, 16, t["onehot"].format(i=token), anchor="start", cls="label")
    svg.text(table_x + cols * CELL_W / 2, 16, t["table_t"], cls="label")
    svg.text(out_x + cols * CELL_W / 2, 16, t["output"], cls="label")
    dim = [i for i in range(rows) if onehot[i] == 0]
    for i, v in enumerate(onehot):
        y = top + i * CELL_H
        hot = {0: colour} if v else {}
        group = ' class="dim"' if v == 0 else ""
        svg.parts.append(f"<g{group}>")
        svg.matrix(vec_x, y, [[str(v)]], highlight=hot)
        svg.text(vec_x + CELL_W + 12, y + CELL_H / 2, t["times"].format(v=v).replace(f" {v}", " " + t["row"].format(i=i)),
                 anchor="start", cls="label")
        svg.parts.append("</g>")
    svg.matrix(table_x, top, table, highlight={token: colour}, dim=dim)
    y_out = top + token * CELL_H
    svg.text(out_x - 30, y_out + CELL_H / 2, "=", weight="bold")
    svg.matrix(out_x, y_out, [product], highlight={0: colour})
    return svg.render()


def figures(lang: str) -> dict[str, str]:
    """file name -> SVG text, for the figures of one language."""
    weight_ = weight()
    titles = {
        "en": {
            "lookup-id-1": "Looking up ID 1 reads row 1 of the table",
            "lookup-id-2": "Looking up ID 2 reads row 2 of the table",
            "lookup-batch": "The batch [2, 3, 1] reads rows 2, 3 and 1, in that order",
            "onehot-first-token": "The one-hot row of ID 2 times the table keeps row 2",
            "onehot-second-token": "The one-hot row of ID 3 times the table keeps row 3",
        },
        "zh": {
            "lookup-id-1": "对 ID 1 查表，就是读出嵌入表的第 1 行",
            "lookup-id-2": "对 ID 2 查表，就是读出嵌入表的第 2 行",
            "lookup-batch": "对批量 [2, 3, 1] 查表：依次读出第 2、3、1 行",
            "onehot-first-token": "ID 2 的独热向量乘以嵌入表，只留下第 2 行",
            "onehot-second-token": "ID 3 的独热向量乘以嵌入表，只留下第 3 行",
        },
    }[lang]
    return {
        "lookup-id-1.svg": lookup_figure(weight_, [1], lang, titles["lookup-id-1"]),
        "lookup-id-2.svg": lookup_figure(weight_, [2], lang, titles["lookup-id-2"]),
        "lookup-batch.svg": lookup_figure(weight_, [2, 3, 1], lang, titles["lookup-batch"]),
        "onehot-first-token.svg": onehot_figure(weight_, 2, lang, titles["onehot-first-token"]),
        "onehot-second-token.svg": onehot_figure(weight_, 3, lang, titles["onehot-second-token"]),
    }


