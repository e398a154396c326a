"""The figure of initialisation-and-scale.md: the row lengths of a table drawn from N(0, 1)
and from N(0, 0.02), and the first loss of a tied head on each (the page's opening block).
As on the site, N(0, s) names a standard deviation s, not a variance: 0.02 is `std=0.02`."""

from __future__ import annotations

import math

import torch

from drawings.svg import Svg

PAGE = "initialisation-and-scale"

LABELS = {
    "en": {
        "title": "Row lengths and the first loss of a tied head, for a table drawn from N(0, 1) and from N(0, 0.02)",
        "lengths": "Row lengths: {rows:,} rows of {cols} numbers",
        "range": "{lo:.1f} to {hi:.1f}",
        "range_small": "all between {lo:.2f} and {hi:.2f}",
        "loss": "First loss: {n} positions, each predicting the next ID",
        "big": "{loss:.2f}, p(own token) {p:.3f}",
        "small": "{loss:.2f} (ln V = {lnv:.2f}), p(own token) {p:.3f}",
    },
    "zh": {
        "title": "嵌入表取自 N(0, 1) 与 N(0, 0.02) 时，各行的长度，以及共享权重的输出层在第一步的损失",
        "lengths": "各行的长度：{rows} 行，每行 {cols} 个数",
        "range": "{lo:.1f} 到 {hi:.1f}",
        "range_small": "全部在 {lo:.2f} 到 {hi:.2f} 之间",
        "loss": "第一步的损失：{n} 个位置各预测下一个 ID",
        "big": "{loss:.2f}，p(自身词元) {p:.3f}",
        "small": "{loss:.2f}（ln V = {lnv:.2f}），p(自身词元) {p:.3f}",
    },
}
NAMES = ("N(0, 1)", "N(0, 0.02)")


def tables() -> tuple[torch.Tensor, list[torch.Tensor]]:
    """The opening block's IDs and two tables: seed 0, V = 1000, D = 768."""
    torch.manual_seed(0)
    V, D = 1000, 768
    ids = torch.randint(V, (9,))
    default = torch.nn.Embedding(V, D)
    gpt2 = torch.nn.Embedding(V, D)
    torch.nn.init.normal_(gpt2.weight, std=0.02)
    return ids, [default.weight.detach(), gpt2.weight.detach()]


def first_loss(ids: torch.Tensor, table: torch.Tensor) -> tuple[float, float]:
    """(loss, mean probability of each position's own token), as the page computes them."""
    logits = table[ids[:-1]] @ table.T
    loss = torch.nn.functional.cross_entropy(logits, ids[1:])
    p = logits.softmax(dim=1)[torch.arange(len(ids) - 1), ids[:-1]].mean()
    return loss.item(), p.item()


def figure(lang: str) -> str:
    t = LABELS[lang]
    ids, both = tables()
    rows, cols = both[0].shape
    V = rows
    width, x0, x1 = 440, 100, 424
    svg = Svg(width, 292, t["title"])
    axis = lambda y: svg.parts.append(f'<path class="cell" d="M{x0} {y:g}H{x1}"/>')

    # Row lengths: one histogram per table on a shared axis 0..30
    svg.text(10, 14, t["lengths"].format(rows=rows, cols=cols), anchor="start", cls="label")
    top, lmax, bin_w = 30, 30.0, 0.25
    sx = lambda v, vmax: x0 + (x1 - x0) * v / vmax
    for k, (name, table) in enumerate(zip(NAMES, both)):
        lengths = table.norm(dim=1)
        base = top + 44 + k * 54
        counts = torch.histc(lengths, bins=int(lmax / bin_w), min=0.0, max=lmax)
        peak = counts.max().item()
        svg.parts.append(f'<g class="c{k}">')
        for b, c in enumerate(counts.tolist()):
            if c:
                h = 40 * c / peak
                svg.parts.append(
                    f'<rect class="hl" x="{sx(b * bin_w, lmax):.1f}" y="{base - h:.1f}" '
                    f'width="{sx(bin_w, lmax) - x0:.2f}" height="{h:.1f}"/>'
                )
        svg.parts.append("</g>")
        axis(base)
        svg.text(x0 - 8, base - 14, name, anchor="end", weight="bold")
        lo, hi = lengths.min().item(), lengths.max().item()
        if hi > 5:
            svg.text(sx(lo, lmax) - 6, base - 30, t["range"].format(lo=lo, hi=hi), anchor="end", cls="num")
        else:
            svg.text(sx(hi, lmax) + 8, base - 30, t["range_small"].format(lo=lo, hi=hi), anchor="start", cls="num")
    ticks_y = top + 44 + 54 + 14
    for v in range(0, 31, 5):
        svg.text(sx(v, lmax), ticks_y, str(v), cls="num")

    # The first loss: one bar per table on a shared axis 0..800
    top2 = ticks_y + 34
    svg.text(10, top2, t["loss"].format(n=len(ids) - 1), anchor="start", cls="label")
    vmax = 800.0
    for k, (name, table) in enumerate(zip(NAMES, both)):
        loss, p = first_loss(ids, table)
        y = top2 + 18 + k * 36
        svg.parts.append(
            f'<g class="c{k}"><rect class="hl" x="{x0}" y="{y}" width="{sx(loss, vmax) - x0:.2f}" height="24"/></g>'
        )
        svg.text(x0 - 8, y + 12, name, anchor="end", weight="bold")
        if loss > vmax / 2:
            svg.text(sx(loss, vmax) - 6, y + 12, t["big"].format(loss=loss, p=p), anchor="end", cls="num")
        else:
            svg.text(sx(loss, vmax) + 6, y + 12, t["small"].format(loss=loss, lnv=math.log(V), p=p),
                     anchor="start", cls="num")
    axis(top2 + 18 + 2 * 36 - 6)
    for v in range(0, 801, 200):
        svg.text(sx(v, vmax), top2 + 18 + 2 * 36 + 8, str(v), cls="num")
    return svg.render()


def figures(lang: str) -> dict[str, str]:
    return {"first-loss-by-scale.svg": figure(lang)}
