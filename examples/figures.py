"""Draw the site's figures and the explorer's data from live PyTorch tensors.

    python examples/figures.py

Every number in a figure is read from a tensor made here with the same seed and the same
calls as the page that shows it, so a figure cannot drift from the page's printed output:
tests/test_figures_are_drawn_from_tensors.py draws everything again and fails on any
difference. The figures are plain SVG, one per language (labels in that language), drawn
in currentColor so they follow the page's light or dark scheme once inlined
(docs/hooks/figures.py). The explorer's data, language-neutral, goes to
docs/overrides/assets/explorer-data.json, which both language builds ship.
"""

from __future__ import annotations

import json
from html import escape
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
LANGUAGES = ("en", "zh")
DATA = ROOT / "docs" / "overrides" / "assets" / "explorer-data.json"

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

# Positions in a batch get a colour each (classes c0 to c3 in STYLE); all read well on
# white and on Material's slate (3:1 or more, as lines and shapes must).
# Rows a look-up reads are coloured, outlined and bold; rows it skips are greyed, with
# dashed cells, and still 4.5:1 or more: the difference survives without colour.
COLOURS = ["#3f7fd9", "#e8710a", "#2e9e5b", "#b04fc4"]
STYLE = """<style>
.fig text { fill: currentColor; font-size: 13px; text-anchor: middle; dominant-baseline: central; }
.fig .start { text-anchor: start; }
.fig .end { text-anchor: end; }
COLOURS
.fig .hl { fill: var(--c); fill-opacity: 0.18; stroke: var(--c); stroke-width: 1.5; }
.fig .line { fill: none; stroke: var(--c); stroke-width: 1.5; }
.fig .head { fill: var(--c); }
.fig .num { font-family: var(--md-code-font-family, ui-monospace, monospace); font-size: 11.5px; }
.fig .cell { fill: none; stroke: currentColor; stroke-opacity: 0.35; }
.fig .read { font-weight: 700; }
.fig .dim text { opacity: 0.72; }
.fig .dim .cell { stroke-dasharray: 4 3; }
.fig .label { font-size: 12px; opacity: 0.85; }
</style>""".replace("COLOURS", " ".join(f".fig .c{i} {{ --c: {c}; }}" for i, c in enumerate(COLOURS)))

CELL_W, CELL_H = 60, 26


def fmt(x: float) -> str:
    """A number as PyTorch prints it on these pages: four decimals."""
    return f"{x:.4f}"


def embedding_vs_linear_weight() -> torch.Tensor:
    """The table of embedding-vs-linear.md: seed 123, nn.Embedding(4, 5)."""
    torch.manual_seed(123)
    return torch.nn.Embedding(4, 5).weight.detach()


def token_embeddings_weight() -> tuple[list[str], torch.Tensor]:
    """The vocabulary and table of token-embeddings.md: seed 42, nn.Embedding(6, 3)."""
    words = "Quick fox is in the house".lower().split()
    vocab = sorted(set(words))
    torch.manual_seed(42)
    return vocab, torch.nn.Embedding(len(vocab), 3).weight.detach()


class Svg:
    def __init__(self, width: int, height: int, title: str):
        self.width, self.height, self.parts = width, height, []
        self.title = title

    def text(self, x, y, s, anchor="middle", cls="", weight=None):
        classes = " ".join(c for c in (cls, anchor if anchor != "middle" else "") if c)
        attrs = f' class="{classes}"' if classes else ""
        attrs += f' font-weight="{weight}"' if weight else ""
        self.parts.append(f'<text x="{x:g}" y="{y:g}"{attrs}>{escape(s)}</text>')

    def rect(self, x, y, w, h, colour=None, rx=3):
        """A cell: outlined, or filled with colour number `colour` (see STYLE)."""
        cls = "cell" if colour is None else f"hl c{colour}"
        self.parts.append(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx}" class="{cls}"/>')

    def arrow(self, x1, y1, x2, y2, colour):
        mid = (x1 + x2) / 2
        self.parts.append(
            f'<g class="c{colour}"><path class="line" d="M{x1:g} {y1:g}C{mid:g} {y1:g} {mid:g} {y2:g} {x2 - 7:g} {y2:g}"/>'
            f'<path class="head" d="M{x2 - 8:g} {y2 - 4.5:g}L{x2:g} {y2:g}L{x2 - 8:g} {y2 + 4.5:g}Z"/></g>'
        )

    def matrix(self, x, y, values, highlight=None, dim=(), cls="num"):
        """Cells of a 2-D list of numbers; highlight maps a row index to a colour."""
        highlight = highlight or {}
        for i, row in enumerate(values):
            group = ' class="dim"' if i in dim else ""
            self.parts.append(f"<g{group}>")
            for j, v in enumerate(row):
                cx, cy = x + j * CELL_W, y + i * CELL_H
                self.rect(cx, cy, CELL_W, CELL_H, colour=highlight.get(i), rx=0)
                self.text(cx + CELL_W / 2, cy + CELL_H / 2, v if isinstance(v, str) else fmt(v),
                          cls=cls + (" read" if i in highlight else ""))
            self.parts.append("</g>")

    def render(self) -> str:
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="fig" viewBox="0 0 {self.width} {self.height}" '
            f'width="{self.width}" height="{self.height}">\n<title>{escape(self.title)}</title>\n{STYLE}\n'
            + "\n".join(self.parts)
            + "\n</svg>\n"
        )


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
    weight = embedding_vs_linear_weight()
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
        "lookup-id-1.svg": lookup_figure(weight, [1], lang, titles["lookup-id-1"]),
        "lookup-id-2.svg": lookup_figure(weight, [2], lang, titles["lookup-id-2"]),
        "lookup-batch.svg": lookup_figure(weight, [2, 3, 1], lang, titles["lookup-batch"]),
        "onehot-first-token.svg": onehot_figure(weight, 2, lang, titles["onehot-first-token"]),
        "onehot-second-token.svg": onehot_figure(weight, 3, lang, titles["onehot-second-token"]),
    }


def explorer_data() -> dict:
    """The tables the explorer shows, with the product one-hot × table for every ID,
    computed here rather than in the browser, so the test compares it with PyTorch."""
    def entry(weight: torch.Tensor, labels: list[str]) -> dict:
        rows = weight.shape[0]
        onehots = torch.nn.functional.one_hot(torch.arange(rows), rows).float()
        return {
            "labels": labels,
            "weight": [[fmt(x) for x in row] for row in weight.tolist()],
            "product": [[fmt(x) for x in row] for row in (onehots @ weight).tolist()],
        }

    weight = embedding_vs_linear_weight()
    vocab, words = token_embeddings_weight()
    return {
        "embedding-vs-linear": entry(weight, [str(i) for i in range(weight.shape[0])]),
        "token-embeddings": entry(words, vocab),
    }


def everything() -> dict[Path, str]:
    """Every file this script writes, with its text."""
    out = {}
    for lang in LANGUAGES:
        for name, text in figures(lang).items():
            out[ROOT / "docs" / lang / "figures" / name] = text
    out[DATA] = json.dumps(explorer_data(), indent=1, ensure_ascii=False) + "\n"
    return out


def main() -> None:
    for path, text in everything().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
