"""The figure of sparse-gradients.md: what sparse=True stores, beside what to_dense() makes of it.

Drawn from the page's opening block (seed 123, nn.Embedding(4, 3, sparse=True), IDs [2, 1, 2],
the output gradient g = 1..9): the indices, values and dense rows drawn are the sparse
gradient's own.
"""

from __future__ import annotations

import torch

from drawings.gradients import SUB, H, W, cells, scatter_add
from drawings.svg import COLOURS, Svg

PAGE = "sparse-gradients"

LABELS = {
    "en": {
        "title": "sparse=True stores one row per token under its ID; to_dense() adds a repeated ID's rows",
        "indices": "_indices()",
        "values": "_values()",
        "dense": "to_dense()",
        "token": "g{p}",
        "row": "row {i}",
        "sum": "= g{a} + g{b}",
        "one": "= g{a}",
        "zero": "= 0",
    },
    "zh": {
        "title": "sparse=True 为每个词元按 ID 存一行；to_dense() 把重复 ID 的行加起来",
        "indices": "_indices()",
        "values": "_values()",
        "dense": "to_dense()",
        "token": "g{p}",
        "row": "第 {i} 行",
        "sum": "= g{a} + g{b}",
        "one": "= g{a}",
        "zero": "= 0",
    },
}


def opening() -> dict:
    """The opening block of sparse-gradients.md, run again: the sparse gradient's parts."""
    torch.manual_seed(123)
    emb = torch.nn.Embedding(4, 3, sparse=True)
    ids = torch.tensor([2, 1, 2])
    g = torch.arange(1.0, 10.0).reshape(3, 3)
    emb(ids).backward(g)
    grad = emb.weight.grad
    assert grad.is_sparse and not grad.is_coalesced()
    return {
        "indices": grad._indices()[0].tolist(),
        "values": grad._values().tolist(),
        "dense": grad.to_dense().tolist(),
    }


def figure(lang: str) -> str:
    t = LABELS[lang]
    d = opening()
    ids, values, dense = d["indices"], d["values"], d["dense"]
    colour = {}
    for i in ids:
        colour.setdefault(i, len(colour) % len(COLOURS))
    width, top = 440, 40
    idx_w = 26
    idx_x = 40
    val_x = idx_x + idx_w + 14
    dense_x = val_x + 3 * W + 56
    svg = Svg(width, top + len(dense) * H + 10, t["title"])

    svg.text(idx_x + idx_w / 2, 16, t["indices"], cls="label")
    svg.text(val_x + 1.5 * W + 8, 16, t["values"], cls="label")
    svg.text(dense_x + 1.5 * W, 16, t["dense"], cls="label")
    for p in range(len(ids)):
        svg.text(idx_x - 8, top + p * H + H / 2, t["token"].format(p=str(p).translate(SUB)), anchor="end", cls="label")
    cells(svg, idx_x, top, [[i] for i in ids], bold=range(len(ids)),
          colour_of={p: colour[i] for p, i in enumerate(ids)}, w=idx_w)
    cells(svg, val_x, top, values, bold=range(len(ids)), colour_of={p: colour[i] for p, i in enumerate(ids)})
    scatter_add(svg, t, ids, colour, dense, val_x, dense_x, top)
    return svg.render()


def figures(lang: str) -> dict[str, str]:
    """file name -> SVG text, for the figure of one language."""
    return {"sparse-gradient.svg": figure(lang)}
