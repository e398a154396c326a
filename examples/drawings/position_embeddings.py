"""The figure of position-embeddings.md: (B, T) IDs become (B, T, D) token vectors, and
the same (T, D) position rows are added to every sequence of the batch (broadcasting)."""

from __future__ import annotations

import torch

from drawings.svg import COLOURS, Svg

PAGE = "position-embeddings"

# Two 4-column blocks side by side must fit in 440 px (the phone's width, see the brief),
# so this figure shows two decimals, in 44-px cells.
CELL_W, CELL_H = 44, 24
WIDTH = 440

LABELS = {
    "en": {
        "title": "The IDs of 2 sequences of 3 tokens become 2 × 3 token vectors of 4 numbers; the same 3 position rows are added to each sequence",
        "ids": "ids: (B, T) = (2, 3)",
        "pos": "position {t}",
        "seq": "sequence {b}: tok_emb(ids[{b}])",
        "rows": "pos_emb(arange(T))",
        "again": "the same rows again",
        "id": "ID {i}",
        "result": "sum: (B, T, D) = (2, 3, 4), as the token vectors",
    },
    "zh": {
        "title": "2 个序列、每个 3 个词元的 ID 变成 2 × 3 个由 4 个数组成的词元向量；每个序列都加上同样的 3 行位置向量",
        "ids": "ids：(B, T) = (2, 3)",
        "pos": "位置 {t}",
        "seq": "序列 {b}：tok_emb(ids[{b}])",
        "rows": "pos_emb(arange(T))",
        "again": "还是这 3 行",
        "id": "ID {i}",
        "result": "和：(B, T, D) = (2, 3, 4)，与词元向量同形",
    },
}


def tensors() -> tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """The page's tables and batch: seed 0, then Embedding(6, 4) and Embedding(5, 4)."""
    torch.manual_seed(0)
    tok_emb = torch.nn.Embedding(6, 4)
    pos_emb = torch.nn.Embedding(5, 4)
    ids = torch.tensor([[2, 5, 2], [3, 5, 1]])
    with torch.no_grad():
        return ids, tok_emb(ids), pos_emb(torch.arange(ids.shape[1]))


def cells(svg: Svg, x: float, y: float, values, colours) -> None:
    """Rows of numbers (two decimals), row r outlined in colour colours[r]."""
    for i, row in enumerate(values):
        for j, v in enumerate(row):
            cx, cy = x + j * CELL_W, y + i * CELL_H
            svg.rect(cx, cy, CELL_W, CELL_H, colour=colours[i], rx=0)
            svg.text(cx + CELL_W / 2, cy + CELL_H / 2, f"{v:.2f}", cls="num")


def broadcast_figure(lang: str) -> str:
    t = LABELS[lang]
    ids, token_vectors, position_rows = tensors()
    B, T = ids.shape
    colours = [p % len(COLOURS) for p in range(T)]

    tok_x = 48
    pos_x = WIDTH - 4 - 4 * CELL_W
    plus_x = (tok_x + 4 * CELL_W + pos_x) / 2
    svg = Svg(WIDTH, 0, t["title"])

    # The IDs, one column per position.
    svg.text(8, 14, t["ids"], anchor="start", cls="label")
    grid_x, grid_w = pos_x, 4 * CELL_W / 3
    for p in range(T):
        svg.text(grid_x + (p + 0.5) * grid_w, 14, t["pos"].format(t=p), cls="label")
    for b in range(B):
        for p in range(T):
            x, y = grid_x + p * grid_w, 24 + b * CELL_H
            svg.rect(x, y, grid_w, CELL_H, colour=colours[p], rx=0)
            svg.text(x + grid_w / 2, y + CELL_H / 2, str(int(ids[b, p])), weight="bold")
        svg.text(grid_x - 6, 24 + b * CELL_H + CELL_H / 2, f"b = {b}", anchor="end", cls="label")

    y = 24 + B * CELL_H + 26
    for b in range(B):
        svg.text(8, y, t["seq"].format(b=b), anchor="start", cls="label")
        svg.text(pos_x + 2 * CELL_W, y, t["rows"] if b == 0 else t["again"], cls="label")
        top = y + 10
        for p in range(T):
            svg.text(tok_x - 6, top + p * CELL_H + CELL_H / 2, t["id"].format(i=int(ids[b, p])), anchor="end",
                     cls="label read")
            svg.text(plus_x, top + p * CELL_H + CELL_H / 2, "+", weight="bold")
        cells(svg, tok_x, top, token_vectors[b].tolist(), colours)
        cells(svg, pos_x, top, position_rows.tolist(), colours)
        y = top + T * CELL_H + 26
    svg.text(8, y - 8, t["result"], anchor="start", cls="label")
    svg.height = y
    return svg.render()


def figures(lang: str) -> dict[str, str]:
    """file name -> SVG text, for the figures of one language."""
    return {"position-broadcast.svg": broadcast_figure(lang)}
