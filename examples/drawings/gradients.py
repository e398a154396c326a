"""The figure of gradients.md: the look-up's backward as a scatter-add, beside onehotᵀ @ g.

Drawn from the page's opening block (seed 123, a table of 4 rows of 3, IDs [2, 1, 2], the
output gradient g = 1..9): the gradients drawn are the ones both layers compute there.
"""

from __future__ import annotations

import torch

from drawings.svg import COLOURS, Svg

PAGE = "gradients"

W, H = 30, 24  # a cell: whole numbers need little room

LABELS = {
    "en": {
        "title": "The rows of g add into the rows of their IDs; onehotᵀ @ g gives the same numbers",
        "g": "g (output gradient)",
        "grad": "emb.weight.grad",
        "token": "g{p} (ID {i})",
        "row": "row {i}",
        "sum": "= g{a} + g{b}",
        "one": "= g{a}",
        "zero": "= 0",
        "product": "the linear layer: onehotᵀ @ g",
        "onehot_t": "onehotᵀ",
        "result": "lin.weight.grad.T",
    },
    "zh": {
        "title": "g 的各行加到其 ID 对应的行上；独热矩阵的转置乘以 g，得到同样的数",
        "g": "g（输出的梯度）",
        "grad": "emb.weight.grad",
        "token": "g{p}（ID {i}）",
        "row": "第 {i} 行",
        "sum": "= g{a} + g{b}",
        "one": "= g{a}",
        "zero": "= 0",
        "product": "线性层：onehotᵀ @ g",
        "onehot_t": "onehotᵀ",
        "result": "lin.weight.grad.T",
    },
}

SUB = str.maketrans("0123456789", "₀₁₂₃₄₅₆₇₈₉")


def opening() -> dict:
    """The opening block of gradients.md, run again: its tensors and both gradients."""
    torch.manual_seed(123)
    emb = torch.nn.Embedding(4, 3)
    lin = torch.nn.Linear(4, 3, bias=False)
    with torch.no_grad():
        lin.weight.copy_(emb.weight.T)
    ids = torch.tensor([2, 1, 2])
    onehot = torch.nn.functional.one_hot(ids, 4)
    g = torch.arange(1.0, 10.0).reshape(3, 3)
    emb(ids).backward(g)
    lin(onehot.float()).backward(g)
    assert torch.equal(lin.weight.grad.T, emb.weight.grad)
    return {
        "ids": ids.tolist(),
        "onehot_t": onehot.T.tolist(),
        "g": g.tolist(),
        "grad": emb.weight.grad.tolist(),
        "lin_grad_t": lin.weight.grad.T.tolist(),
    }


def number(x: float) -> str:
    return f"{x:g}"


def cells(svg: Svg, x, y, values, bold=(), dim=(), colour_of=None, w=W):
    """A small matrix: rows in `bold` are read (tinted, bold), rows in `dim` skipped (dashed)."""
    colour_of = colour_of or {}
    for i, row in enumerate(values):
        svg.parts.append('<g class="dim">' if i in dim else "<g>")
        for j, v in enumerate(row):
            colour = colour_of.get((i, j), colour_of.get(i))
            svg.rect(x + j * w, y + i * H, w, H, colour=colour, rx=0)
            svg.text(x + j * w + w / 2, y + i * H + H / 2, number(v),
                     cls="num read" if (i in bold or (i, j) in bold) else "num")
        svg.parts.append("</g>")


def scatter_add(svg, t: dict, ids: list[int], colour: dict, rows: list, from_x: float, to_x: float, top: float) -> None:
    """The rows added into the table's gradient (or its dense form): one arrow from each
    token's row to row ID, and beside each row the tokens it sums (or zero)."""
    looked = set(ids)
    cells(svg, to_x, top, rows, bold=looked, dim=[r for r in range(len(rows)) if r not in looked],
          colour_of={r: colour[r] for r in looked})
    for p, i in enumerate(ids):
        svg.arrow(from_x + 3 * W + 4, top + p * H + H / 2, to_x - 4, top + i * H + H / 2, colour[i])
    for r in range(len(rows)):
        sources = [p for p, i in enumerate(ids) if i == r]
        label = t["row"].format(i=r) + " "
        if len(sources) == 2:
            label += t["sum"].format(a=sources[0], b=sources[1]).translate(SUB)
        elif len(sources) == 1:
            label += t["one"].format(a=sources[0]).translate(SUB)
        else:
            label += t["zero"]
        svg.text(to_x + 3 * W + 8, top + r * H + H / 2, label, anchor="start", cls="label read" if sources else "label")


def figure(lang: str) -> str:
    t = LABELS[lang]
    d = opening()
    ids, g, grad = d["ids"], d["g"], d["grad"]
    colour = {}
    for p, i in enumerate(ids):
        colour.setdefault(i, len(colour) % len(COLOURS))
    width = 440
    g_x, grad_x, top = 84, 226, 40
    svg = Svg(width, 0, t["title"])

    # Top: the scatter-add.
    svg.text(g_x + 1.5 * W, 16, t["g"], cls="label")
    svg.text(grad_x + 1.5 * W, 16, t["grad"], cls="label")
    for p, i in enumerate(ids):
        y = top + p * H
        svg.text(g_x - 8, y + H / 2, t["token"].format(p=str(p).translate(SUB), i=i), anchor="end", cls="label")
    cells(svg, g_x, top, g, bold=range(len(ids)), colour_of={p: colour[i] for p, i in enumerate(ids)})
    scatter_add(svg, t, ids, colour, grad, g_x, grad_x, top)
    looked = set(ids)

    # Bottom: the linear layer's product, transposed so its rows line up with the table's.
    y0 = top + len(grad) * H + 40
    svg.text(width / 2, y0 - 4, t["product"], cls="label")
    oh_x = 70
    m_top = y0 + 34
    oh_w = 26
    g2_x = oh_x + 3 * oh_w + 30
    res_x = g2_x + 3 * W + 30
    svg.text(oh_x + 1.5 * oh_w, m_top - 12, t["onehot_t"], cls="label")
    svg.text(g2_x + 1.5 * W, m_top - 12, "g", cls="label")
    svg.text(res_x + 1.5 * W, m_top - 12, t["result"], cls="label")
    onehot_t = d["onehot_t"]
    ones = {(r, p) for r, row in enumerate(onehot_t) for p, v in enumerate(row) if v}
    cells(svg, oh_x, m_top, onehot_t, bold=ones, dim=[r for r in range(len(onehot_t)) if r not in looked],
          colour_of={(r, p): colour[r] for r, p in ones}, w=oh_w)
    for r in range(len(onehot_t)):
        svg.text(oh_x - 6, m_top + r * H + H / 2, str(r), anchor="end", cls="label")
    svg.text(g2_x - 15, m_top + 1.5 * H, "@", weight="bold")
    cells(svg, g2_x, m_top, g, bold=range(len(ids)), colour_of={p: colour[i] for p, i in enumerate(ids)})
    svg.text(res_x - 15, m_top + 2 * H, "=", weight="bold")
    result = d["lin_grad_t"]
    cells(svg, res_x, m_top, result, bold=looked, dim=[r for r in range(len(result)) if r not in looked],
          colour_of={r: colour[r] for r in looked})
    svg.height = m_top + len(result) * H + 10
    return svg.render()


def figures(lang: str) -> dict[str, str]:
    """file name -> SVG text, for the figure of one language."""
    return {"gradient-scatter-add.svg": figure(lang)}
