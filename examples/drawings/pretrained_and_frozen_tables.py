"""The figure of pretrained-and-frozen-tables.md: which rows of a grown table (four loaded
rows, two new ones) move under each optimizer when the loaded rows' gradient is masked to
zero, and when the loaded rows sit in a frozen table of their own. The training is the
page's: the batch [1, 4, 5, 2], three masked steps, `old_rows_kept` and `GrownEmbedding`."""

from __future__ import annotations

import torch

from drawings.svg import Svg

PAGE = "pretrained-and-frozen-tables"
OLD_ROWS, NEW_ROWS, DIM = 4, 2, 3
BATCH = [1, 4, 5, 2]

LABELS = {
    "en": {
        "title": "Which rows of a grown table move when the loaded rows' gradient is masked, "
        "under each optimizer, and when the loaded rows are a frozen table of their own",
        "row": "row",
        "loaded": "loaded",
        "new": "new",
        "masked": "gradient of rows 0 to 3 masked:",
        "lines": [
            "SGD",
            "SGD, momentum, fresh",
            "SGD, momentum, after a step",
            "Adam, fresh",
            "Adam, after a step",
            "AdamW (weight decay)",
        ],
        "two": "rows 0 to 3 in a frozen table:",
        "two_line": "two tables, AdamW",
        "legend": "X moved, · kept bit for bit; the batch looks up rows 1, 2, 4, 5",
    },
    "zh": {
        "title": "对载入的行的梯度加掩码时，各优化器会移动扩充后嵌入表的哪些行；把载入的行单独放进一张冻结的表时又如何",
        "row": "行",
        "loaded": "载入的行",
        "new": "新行",
        "masked": "第 0 到 3 行的梯度加了掩码：",
        "lines": [
            "SGD",
            "SGD，动量，全新",
            "SGD，动量，已走过一步",
            "Adam，全新",
            "Adam，已走过一步",
            "AdamW（权重衰减）",
        ],
        "two": "第 0 到 3 行放进一张冻结的表：",
        "two_line": "两张表，AdamW",
        "legend": "X 表示移动，· 表示逐位不变；批量查到第 1、2、4、5 行",
    },
}


def saved_table() -> torch.Tensor:
    return torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [1.0, 0.0, 1.0]])


def masked_rows_moved(make_optimizer, earlier: bool) -> list[bool]:
    """The page's old_rows_kept, row by row: which of the six rows the three masked steps move."""
    batch = torch.tensor(BATCH)
    mask = torch.zeros(OLD_ROWS + NEW_ROWS, 1)
    mask[OLD_ROWS:] = 1
    torch.manual_seed(0)
    layer = torch.nn.Embedding(OLD_ROWS + NEW_ROWS, DIM)
    w = layer.weight
    optimizer = make_optimizer([w])
    if earlier:
        layer(batch).pow(2).sum().backward()
        optimizer.step()
    hook = w.register_hook(lambda g: g * mask)
    before = w.detach().clone()
    for _ in range(3):
        optimizer.zero_grad()
        layer(batch).pow(2).sum().backward()
        optimizer.step()
    hook.remove()
    return (w.detach() != before).any(dim=1).tolist()


def two_tables_rows_moved() -> list[bool]:
    """The page's GrownEmbedding trained by AdamW: which rows of the glued table move."""
    batch = torch.tensor(BATCH)
    torch.manual_seed(0)
    old = torch.nn.Embedding.from_pretrained(saved_table())
    new = torch.nn.Embedding(NEW_ROWS, DIM)

    def glued():
        return torch.cat([old.weight, new.weight])

    optimizer = torch.optim.AdamW([*old.parameters(), *new.parameters()], lr=0.1)
    before = glued().detach().clone()
    for _ in range(3):
        optimizer.zero_grad()
        torch.nn.functional.embedding(batch, glued()).pow(2).sum().backward()
        optimizer.step()
    return (glued().detach() != before).any(dim=1).tolist()


def grid() -> list[list[bool]]:
    optim = torch.optim
    settings = [
        (lambda p: optim.SGD(p, lr=0.1), False),
        (lambda p: optim.SGD(p, lr=0.1, momentum=0.9), False),
        (lambda p: optim.SGD(p, lr=0.1, momentum=0.9), True),
        (lambda p: optim.Adam(p, lr=0.1), False),
        (lambda p: optim.Adam(p, lr=0.1), True),
        (lambda p: optim.AdamW(p, lr=0.1), False),
    ]
    return [masked_rows_moved(make, earlier) for make, earlier in settings] + [two_tables_rows_moved()]


def figure(lang: str) -> str:
    t = LABELS[lang]
    moved = grid()
    cw, ch = 34, 24
    x0 = 436 - 6 * cw  # the first cell
    svg = Svg(440, 330, t["title"])
    # Column heads: row numbers (looked-up rows bold), then which rows are loaded and new
    svg.text(x0 - 8, 16, t["row"], anchor="end", cls="label")
    for j in range(6):
        svg.text(x0 + j * cw + cw / 2, 16, str(j), cls="num", weight="bold" if j in BATCH else None)
    svg.text(x0 + 2 * cw, 36, t["loaded"], cls="label")
    svg.text(x0 + 5 * cw, 36, t["new"], cls="label")

    def line(y, label, row):
        svg.text(x0 - 8, y + ch / 2, label, anchor="end")
        for j, m in enumerate(row):
            x = x0 + j * cw
            if m:
                svg.parts.append('<g class="c0">')
                svg.rect(x + 2, y + 2, cw - 4, ch - 4, colour=0)
                svg.text(x + cw / 2, y + ch / 2, "X", cls="num read")
                svg.parts.append("</g>")
            else:
                svg.parts.append('<g class="dim">')
                svg.rect(x + 2, y + 2, cw - 4, ch - 4)
                svg.text(x + cw / 2, y + ch / 2, "·", cls="num")
                svg.parts.append("</g>")

    y = 56
    svg.text(10, y, t["masked"], anchor="start", cls="label")
    y += 12
    for label, row in zip(t["lines"], moved[:-1]):
        line(y, label, row)
        y += ch + 2
    y += 14
    svg.text(10, y, t["two"], anchor="start", cls="label")
    y += 12
    line(y, t["two_line"], moved[-1])
    # between the loaded rows and the new ones
    svg.parts.append(f'<path class="cell" d="M{x0 + 4 * cw} 26V{y + ch + 2}"/>')
    y += ch + 22
    svg.text(10, y, t["legend"], anchor="start", cls="label")
    svg.height = y + 14
    return svg.render()


def figures(lang: str) -> dict[str, str]:
    return {"rows-each-optimizer-moves.svg": figure(lang)}
