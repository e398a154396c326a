"""The figure and the training slider's data of how-rows-learn-meaning.md.

Both come from `run()`, which does what the page does, call for call: the same made-up
language (seed 0: 300 sentences of one pattern, five words of the vocabulary never
used), the same tiny next-word model (seed 13: nn.Embedding(24, 8) then nn.Linear(8, 24)),
trained the same way (AdamW, lr 0.1, weight decay 0.2, 150 steps of 128 random word pairs),
with the table kept at the page's snapshot steps. The rows are drawn in two dimensions:
the two directions along which the final rows of the words in the text spread most (the
top right-singular vectors of those rows, centred), the same two directions for every
step, so a move on the drawing is a move of the row. The origin is the zero row.

The slider's data (training-slider.json) holds, for each snapshot, every word's point in
the slider's own coordinates, the loss on the whole text, and how many words have a
nearest neighbour (by cosine similarity) of their own class: the script only shows them.
"""

from __future__ import annotations

import functools

import torch
import torch.nn.functional as F

from drawings.svg import Svg
from drawings.threads import one_thread

PAGE = "how-rows-learn-meaning"

CLASSES = {
    "det": ["the", "a", "every", "this"],
    "adj": ["big", "small", "red", "old"],
    "noun": ["cat", "dog", "bird", "fox", "kid", "king"],
    "verb": ["sees", "likes", "finds", "fears", "chases"],
    "unseen": ["axolotl", "quokka", "okapi", "narwhal", "pangolin"],
}
SNAPSHOTS = [0, 2, 4, 6, 8, 10, 15, 20, 30, 50, 100, 150]
TEMPLATE = ["det", "adj", "noun", "verb", "det", "adj", "noun"]  # "the big cat sees a red dog"
STEPS, LR, DECAY, BATCH, DIM = 150, 0.1, 0.2, 128, 8
SEED = 13  # the page's train(): its table starts about as far from the classes as chance
PANELS = [0, 6, 150]  # the figure's three steps: the start, meaning forming, the end
SLIDER = 300  # the slider draws in a square of this many units

# How each class is drawn: a shape (meaning never rests on colour alone) and a colour
# (c0 to c3 of drawings/svg.py's COLOURS; the unseen words in the text's colour, greyed, as the site
# draws what a look-up skips).
SHAPES = {"det": "square", "adj": "triangle", "noun": "circle", "verb": "diamond", "unseen": "cross"}
COLOUR = {"det": 0, "adj": 1, "noun": 2, "verb": 3, "unseen": None}

LABELS = {
    "en": {
        "names": {"det": "determiner", "adj": "adjective", "noun": "noun", "verb": "verb",
                  "unseen": "never in the text"},
        "step": "step {step}",
        "title": "The 24 rows of the table drawn in two dimensions at steps 0, 6 and 150 of "
                 "training: random at the start; at step 6 the words of each class begin to gather; at "
                 "the end four groups, and the five words never in the text shrunk to the centre",
    },
    "zh": {
        "names": {"det": "限定词", "adj": "形容词", "noun": "名词", "verb": "动词",
                  "unseen": "文本中从未出现"},
        "step": "第 {step} 步",
        "title": "嵌入表的 24 行在训练第 0、6、150 步时的二维投影：起初杂乱无章；到第 6 步，"
                 "同类的词开始聚拢；训练结束时分成四团，文本中从未出现的五个词缩到了中心",
    },
}


def language() -> tuple[list[str], list[str], torch.Tensor]:
    """The page's vocabulary, each word's class, and the (word, next word) pairs of its
    300 sentences: seed 0 and the page's calls, in the page's order."""
    vocab, kind = [], []
    for k, words in CLASSES.items():
        vocab += words
        kind += [k] * len(words)
    torch.manual_seed(0)

    def pick(k):
        words = CLASSES[k]
        return words[torch.randint(len(words), ())]

    text = [[pick(k) for k in TEMPLATE] for _ in range(300)]
    ids = {w: i for i, w in enumerate(vocab)}
    pairs = torch.tensor([(ids[a], ids[b]) for s in text for a, b in zip(s, s[1:])])
    return vocab, kind, pairs


def train(pairs: torch.Tensor, vocab_size: int) -> dict[int, tuple[float, torch.Tensor]]:
    """The page's `train` with AdamW: step -> (loss on the whole text, table)."""
    torch.manual_seed(SEED)
    model = torch.nn.Sequential(torch.nn.Embedding(vocab_size, DIM), torch.nn.Linear(DIM, vocab_size))
    optimizer = torch.optim.AdamW(model.parameters(), lr=LR, weight_decay=DECAY)

    def loss_on(pairs):
        return F.cross_entropy(model(pairs[:, 0]), pairs[:, 1])

    history = {}
    for step in range(STEPS + 1):
        if step in SNAPSHOTS:
            with torch.no_grad():
                loss = loss_on(pairs).item()
            history[step] = loss, model[0].weight.detach().clone()
        if step == STEPS:
            return history
        batch = torch.randint(len(pairs), (BATCH,))
        loss = loss_on(pairs[batch])
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()


def agreement(table: torch.Tensor, kind: list[str], seen: int) -> int:
    """How many of the words in the text have a nearest neighbour (by cosine similarity,
    among those words) of their own class: the page's `agreement` times `seen`."""
    unit = F.normalize(table[:seen], dim=1)
    cos = unit @ unit.T
    cos.fill_diagonal_(-2)
    near = cos.topk(1, dim=1).indices[:, 0].tolist()
    return sum(kind[i] == kind[j] for i, j in enumerate(near))


@functools.lru_cache(maxsize=1)
def run() -> dict:
    """Everything the figure and the slider show, computed once."""
    with one_thread():
        vocab, kind, pairs = language()
        history = train(pairs, len(vocab))
        seen = sum(k != "unseen" for k in kind)
        end = history[STEPS][1][:seen]
        # The two directions of largest spread of the final rows of the words in the text.
        # An SVD may return a direction or its negative: each is turned so that its
        # entry of largest magnitude is positive, which fixes the drawing.
        _, _, vh = torch.linalg.svd(end - end.mean(dim=0), full_matrices=False)
        axes = vh[:2]
        flip = torch.where(axes.gather(1, axes.abs().argmax(dim=1, keepdim=True)) < 0, -1.0, 1.0)
        axes = (axes * flip).T
        points = {step: (table @ axes).tolist() for step, (_, table) in history.items()}
        unseen = torch.tensor([i for i, k in enumerate(kind) if k == "unseen"])
        start = history[0][1][unseen].norm(dim=1)
        return {
            "vocab": vocab,
            "kind": kind,
            "seen": seen,
            "points": points,
            "loss": {step: loss for step, (loss, _) in history.items()},
            "agree": {step: agreement(table, kind, seen) for step, (_, table) in history.items()},
            # the unseen rows' length now over at the start, the mean of the five
            "unseen_length": {step: (table[unseen].norm(dim=1) / start).mean().item() for step, (_, table) in history.items()},
            "reach": max(abs(v) for pts in points.values() for p in pts for v in p),
        }


# ------------------------------------------------------------------------- the drawing


def marker(svg: Svg, x: float, y: float, k: str, r: float) -> None:
    """One word's mark: its class's shape, in its class's colour (outlined, lightly filled)."""
    colour = COLOUR[k]
    cls = f'class="mark c{colour}"' if colour is not None else 'class="mark unseen"'
    shape = SHAPES[k]
    if shape == "square":
        body = f'<rect x="{x - r * 0.85:.1f}" y="{y - r * 0.85:.1f}" width="{r * 1.7:.1f}" height="{r * 1.7:.1f}"/>'
    elif shape == "circle":
        body = f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}"/>'
    elif shape == "triangle":
        body = f'<path d="M{x:.1f} {y - r * 1.1:.1f}L{x + r:.1f} {y + r * 0.8:.1f}L{x - r:.1f} {y + r * 0.8:.1f}Z"/>'
    elif shape == "diamond":
        body = f'<path d="M{x:.1f} {y - r * 1.15:.1f}L{x + r * 1.15:.1f} {y:.1f}L{x:.1f} {y + r * 1.15:.1f}L{x - r * 1.15:.1f} {y:.1f}Z"/>'
    else:
        d = r * 0.8
        body = f'<path d="M{x - d:.1f} {y - d:.1f}L{x + d:.1f} {y + d:.1f}M{x - d:.1f} {y + d:.1f}L{x + d:.1f} {y - d:.1f}"/>'
    svg.parts.append(f"<g {cls}>{body}</g>")


MARK_STYLE = """<style>
.fig .mark { fill: var(--c); fill-opacity: 0.18; stroke: var(--c); stroke-width: 1.6; }
.fig .mark.unseen { fill: none; stroke: currentColor; stroke-opacity: 0.72; stroke-width: 1.8; }
.fig .axis { stroke: currentColor; stroke-opacity: 0.35; stroke-dasharray: 3 3; }
.fig .frame { fill: none; stroke: currentColor; stroke-opacity: 0.35; }
</style>"""


def panel_point(p: list[float], x0: float, y0: float, size: float, reach: float) -> tuple[float, float]:
    """A projected row in a square panel whose centre is the zero row (y grows upwards)."""
    scale = (size / 2 - 8) / reach
    return x0 + size / 2 + p[0] * scale, y0 + size / 2 - p[1] * scale


def figure(lang: str) -> str:
    t = LABELS[lang]
    r = run()
    size, gap, top = 136, 16, 24
    width = 3 * size + 2 * gap
    legend_top = top + size + 18
    height = legend_top + 2 * 22 + 4
    svg = Svg(width, height, t["title"])
    svg.parts.append(MARK_STYLE)
    for n, step in enumerate(PANELS):
        x0 = n * (size + gap)
        svg.text(x0 + size / 2, 11, t["step"].format(step=step), weight="bold")
        svg.parts.append(f'<rect class="frame" x="{x0}" y="{top}" width="{size}" height="{size}"/>')
        svg.parts.append(
            f'<path class="axis" d="M{x0 + size / 2} {top}V{top + size}M{x0} {top + size / 2}H{x0 + size}"/>'
        )
        # The words in the text first, the unseen words on top (at the end they sit in the centre)
        order = sorted(range(len(r["vocab"])), key=lambda i: r["kind"][i] == "unseen")
        for i in order:
            x, y = panel_point(r["points"][step][i], x0, top, size, r["reach"])
            marker(svg, x, y, r["kind"][i], 4.2)
    # The legend: five entries in two rows
    entries = list(CLASSES)
    columns = [0, 150, 300]
    for n, k in enumerate(entries):
        x = columns[n % 3]
        y = legend_top + (n // 3) * 22
        marker(svg, x + 7, y, k, 4.8)
        svg.text(x + 18, y, t["names"][k], anchor="start", cls="label")
    return svg.render()


def figures(lang: str) -> dict[str, str]:
    return {"rows-in-two-dimensions.svg": figure(lang)}


# ----------------------------------------------------------------------- the slider


def data() -> dict:
    """training-slider.json: the words, their classes, and for each snapshot step the loss
    on the whole text (3 decimals, as the page prints it), the number of words whose nearest
    neighbour is of their own class, the unseen rows' length as a share of their start (in
    per cent) and every word's point in the slider's square (0 to SLIDER, y downwards, the
    zero row in the middle)."""
    r = run()
    half = SLIDER / 2
    scale = (half - 14) / r["reach"]
    snapshots = []
    for step in SNAPSHOTS:
        snapshots.append({
            "step": step,
            "loss": f"{r['loss'][step]:.3f}",
            "agree": r["agree"][step],
            "unseen_length": f"{100 * r['unseen_length'][step]:.0f}",
            "points": [[round(half + x * scale, 1), round(half - y * scale, 1)] for x, y in r["points"][step]],
        })
    return {"training-slider.json": {
        "page": PAGE,
        "size": SLIDER,
        "words": r["vocab"],
        "kinds": r["kind"],
        "seen": r["seen"],
        "steps": STEPS,
        "snapshots": snapshots,
    }}
