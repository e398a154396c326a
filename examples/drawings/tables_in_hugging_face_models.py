"""The figure of tables-in-hugging-face-models.md: GPT-2's one token table, read twice.

The tiny GPT-2 of the page (seed 0, the page's `tiny_config()`), built from its
configuration with Hugging Face transformers: the IDs 3, 1, 4 read three rows of
`transformer.wte`; the hidden vector h of the last position, after the block and the final
layer norm, is compared with every row of the same matrix (`lm_head.weight`), one logit per
row.
"""

from __future__ import annotations

import torch

from drawings.svg import CELL_H, CELL_W, COLOURS, Svg, fmt

PAGE = "tables-in-hugging-face-models"
IDS = [3, 1, 4]

LABELS = {
    "en": {
        "title": "GPT-2's token table, read twice: three rows for the IDs at the input, every row for the logits at the output",
        "ids": "IDs",
        "table": "transformer.wte.weight (10 × 4)",
        "same": "= lm_head.weight, the same tensor",
        "logits": "logits",
        "id": "ID {i}",
        "flow": [
            "wte rows + wpe rows 0, 1, 2",
            "GPT-2 block, then ln_f",
            "h of the last position",
        ],
        "read_in": "input: the look-up reads rows 3, 1 and 4",
        "read_out": "output: the head reads all 10 rows, logit v = h · row v",
    },
    "zh": {
        "title": "GPT-2 的词元嵌入表被读了两次：输入端按 ID 读出三行，输出端用每一行算出 logits",
        "ids": "ID",
        "table": "transformer.wte.weight（10 × 4）",
        "same": "= lm_head.weight，同一个张量",
        "logits": "logits",
        "id": "ID {i}",
        "flow": [
            "wte 的行 + wpe 的第 0、1、2 行",
            "GPT-2 的块，再经 ln_f",
            "最后一个位置的 h",
        ],
        "read_in": "输入端：查表读出第 3、1、4 行",
        "read_out": "输出端：输出层读遍全部 10 行，第 v 个 logit = h · 第 v 行",
    },
}


def tiny_model():
    """The page's `model`: tiny_config(), seed 0, in evaluation mode."""
    from transformers import GPT2Config, GPT2LMHeadModel

    config = GPT2Config(vocab_size=10, n_positions=8, n_embd=4, n_layer=1, n_head=1, bos_token_id=9, eos_token_id=9)
    torch.manual_seed(0)
    return GPT2LMHeadModel(config).eval()


def tensors() -> tuple[list[list[float]], list[float]]:
    """The token table and the logits of the last position for the IDs [3, 1, 4]."""
    model = tiny_model()
    with torch.no_grad():
        out = model(torch.tensor([IDS]))
        return model.transformer.wte.weight.tolist(), out.logits[0, -1].tolist()


def down(svg: Svg, x: float, y1: float, y2: float) -> None:
    """A short arrow pointing down, in the text's colour."""
    svg.parts.append(
        f'<path d="M{x:g} {y1:g}V{y2 - 6:g}" style="fill:none;stroke:currentColor;stroke-width:1.5"/>'
        f'<path d="M{x - 4.5:g} {y2 - 7:g}L{x:g} {y2:g}L{x + 4.5:g} {y2 - 7:g}Z" style="fill:currentColor"/>'
    )


def figure(lang: str) -> str:
    t = LABELS[lang]
    table, logits = tensors()
    rows, cols = len(table), len(table[0])
    ids_x, table_x = 10, 104
    logits_x = table_x + cols * CELL_W + 14
    top = 56
    flow_top = top + rows * CELL_H + 30
    box_w, box_h, gap = 250, 30, 16
    height = flow_top + 3 * box_h + 2 * gap + 40
    width = 440
    svg = Svg(width, height, t["title"])
    svg.text(ids_x + 25, 34, t["ids"], cls="label")
    svg.text(table_x + cols * CELL_W / 2, 16, t["table"], cls="label")
    svg.text(table_x + cols * CELL_W / 2, 34, t["same"], cls="label")
    svg.text(logits_x + 29, 34, t["logits"], cls="label")
    colours = {i: pos % len(COLOURS) for pos, i in enumerate(IDS)}
    for i in range(rows):
        svg.text(table_x - 6, top + i * CELL_H + CELL_H / 2, str(i), anchor="end",
                 cls="label read" if i in colours else "label")
    svg.matrix(table_x, top, table, highlight=colours)
    # One logit per row, beside it: h compared with row v.
    svg.matrix(logits_x - (CELL_W - 58) / 2, top, [[v] for v in logits], cls="num")
    for pos, i in enumerate(IDS):
        y = top + pos * CELL_H + 2
        svg.rect(ids_x, y, 50, CELL_H - 4, colour=colours[i])
        svg.text(ids_x + 25, y + (CELL_H - 4) / 2, t["id"].format(i=i), weight="bold")
        svg.arrow(ids_x + 52, y + (CELL_H - 4) / 2, table_x - 20, top + i * CELL_H + CELL_H / 2, colours[i])
    # Below: what the blocks do with the rows, down to h.
    box_x = table_x + cols * CELL_W / 2 - box_w / 2
    for k, label in enumerate(t["flow"]):
        y = flow_top + k * (box_h + gap)
        svg.rect(box_x, y, box_w, box_h)
        svg.text(box_x + box_w / 2, y + box_h / 2, label, weight="bold" if k == 2 else None)
        start = y - gap if k else top + rows * CELL_H
        down(svg, box_x + box_w / 2, start + 2, y - 1)
    # From h back up to the logits column: every row of the same matrix is read.
    h_y = flow_top + 2 * (box_h + gap) + box_h / 2
    col_x = logits_x + 29
    svg.parts.append(
        f'<g class="c3"><path class="line" d="M{box_x + box_w + 2:g} {h_y:g}H{col_x:g}V{top + rows * CELL_H + 10:g}"/>'
        f'<path class="head" d="M{col_x - 4.5:g} {top + rows * CELL_H + 10:g}L{col_x:g} {top + rows * CELL_H + 2:g}'
        f'L{col_x + 4.5:g} {top + rows * CELL_H + 10:g}Z"/></g>'
    )
    svg.text(10, height - 26, t["read_in"], anchor="start", cls="label")
    svg.text(10, height - 10, t["read_out"], anchor="start", cls="label")
    return svg.render()


def figures(lang: str) -> dict[str, str]:
    return {"gpt2-one-table-two-reads.svg": figure(lang)}
