"""The figure of token-embeddings.md (a sentence's words become IDs, the IDs read rows),
and the table its look-up explorer shows word by word."""

from __future__ import annotations

import torch

from drawings.svg import COLOURS, Svg, fmt

PAGE = "token-embeddings"

# Narrower cells than drawings/svg.py's, so that a 3-column table and its output fit side
# by side in 440 px (the phone's width, see the brief): a number of 7 characters at
# 11.5 px monospace is about 48 px wide.
CELL_W, CELL_H = 54, 26
WIDTH = 440

LABELS = {
    "en": {
        "title": "The words “in is the house” become the IDs 2, 3, 5 and 1, which read rows 2, 3, 5 and 1 of the table, in that order",
        "words": "words → IDs",
        "id": "ID {i}",
        "table": "table.weight (6 × 3)",
        "output": "table(ids) (4 × 3)",
        "row": "{word} {i}",
    },
    "zh": {
        "title": "四个词变成 ID 2、3、5、1，再依次读出嵌入表的第 2、3、5、1 行",
        "words": "词 → ID",
        "id": "ID {i}",
        "table": "table.weight（6 × 3）",
        "output": "table(ids)（4 × 3）",
        "row": "{word} {i}",
    },
}


def weight() -> tuple[list[str], torch.Tensor]:
    """The vocabulary and table of token-embeddings.md: seed 42, nn.Embedding(6, 3)."""
    words = "quick fox is in the house".split()
    vocab = sorted(set(words))
    torch.manual_seed(42)
    return vocab, torch.nn.Embedding(len(vocab), 3).weight.detach()


def cells(svg: Svg, x: float, y: float, values, highlight=None, dim=()) -> None:
    """A matrix of numbers in CELL_W × CELL_H cells; highlight maps a row to a colour."""
    highlight = highlight or {}
    for i, row in enumerate(values):
        svg.parts.append('<g class="dim">' if i in dim else "<g>")
        for j, v in enumerate(row):
            cx, cy = x + j * CELL_W, y + i * CELL_H
            svg.rect(cx, cy, CELL_W, CELL_H, colour=highlight.get(i), rx=0)
            svg.text(cx + CELL_W / 2, cy + CELL_H / 2, fmt(v), cls="num" + (" read" if i in highlight else ""))
        svg.parts.append("</g>")


def lookup_figure(lang: str) -> str:
    """Words with their IDs on top; the table with the rows read; the rows, in word order."""
    t = LABELS[lang]
    vocab, table = weight()
    words = "in is the house".split()
    ids = [vocab.index(w) for w in words]
    rows = table[torch.tensor(ids)].tolist()  # what table(ids) returns
    colours = {i: pos % len(COLOURS) for pos, i in enumerate(ids)}

    box_w, gap, box_y, box_h = 96, 8, 28, 40
    head_y = box_y + box_h + 22
    top = head_y + 14
    table_x = 58
    out_x = WIDTH - 10 - 3 * CELL_W
    svg = Svg(WIDTH, top + len(vocab) * CELL_H + 12, t["title"])

    svg.text(16, 12, t["words"], anchor="start", cls="label")
    for pos, (word, i) in enumerate(zip(words, ids)):
        x = 16 + pos * (box_w + gap)
        svg.rect(x, box_y, box_w, box_h, colour=colours[i])
        svg.text(x + box_w / 2, box_y + 13, word, weight="bold")
        svg.text(x + box_w / 2, box_y + 29, t["id"].format(i=i), cls="label read")

    svg.text(table_x + 1.5 * CELL_W, head_y, t["table"], cls="label")
    svg.text(out_x + 1.5 * CELL_W, head_y, t["output"], cls="label")
    for i, word in enumerate(vocab):
        svg.text(table_x - 6, top + i * CELL_H + CELL_H / 2, t["row"].format(word=word, i=i), anchor="end",
                 cls="label read" if i in colours else "label")
    cells(svg, table_x, top, table.tolist(), highlight=colours, dim=[i for i in range(len(vocab)) if i not in colours])
    cells(svg, out_x, top, rows, highlight={pos: colours[i] for pos, i in enumerate(ids)})
    for pos, i in enumerate(ids):
        svg.arrow(table_x + 3 * CELL_W + 3, top + i * CELL_H + CELL_H / 2, out_x - 3, top + pos * CELL_H + CELL_H / 2,
                  colours[i])
    return svg.render()


def figures(lang: str) -> dict[str, str]:
    """file name -> SVG text; the page also shows this table in the look-up explorer."""
    return {"token-sentence-lookup.svg": lookup_figure(lang)}
