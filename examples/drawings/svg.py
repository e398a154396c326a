"""What every figure shares: the SVG writer, its style sheet, colours and number format.

Figures are plain SVG drawn in currentColor, so that once inlined in a page
(docs/hooks/figures.py) they follow its light or dark scheme. Each page's figures are
made by its own module beside this one (drawings/<page>.py), from the page's own tensors.
"""

from __future__ import annotations

from html import escape

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


