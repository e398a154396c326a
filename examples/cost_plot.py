"""The cost page's plot: time per call against vocabulary size, as SVG text.

Drawn by examples/cost_benchmark.py from its measurements (and by the tests from the
committed ones). The file must come out the same on any machine and for any user:
- it starts from matplotlib's own defaults and names its font (DejaVu Sans, shipped with
  matplotlib), so a reader's matplotlibrc changes nothing;
- the ids matplotlib derives from hashes of full-precision coordinates (clip paths,
  markers), which a last-bit difference in the layout arithmetic changes, are renamed in
  order of appearance to readable names that are unique on the page.
"""

from __future__ import annotations

import io
import math
import re
import warnings

# Lines in the order they are drawn: (measurement, matplotlib format, colour)
LINES = [
    ("onehot", "o-", "#e8710a"), ("dense_bwd", "^--", "#b0417a"), ("csr", "D-", "#3a9a5b"),
    ("sparse_bwd", "v--", "#7a5cc4"), ("lookup", "s-", "#3f7fd9"),
]
INK = "#010203"  # a colour no one uses, replaced by currentColor below
# 432 pt wide (a viewBox under 440) with 12 px text: on a 390 px phone the figure
# shrinks to about 358 px and its smallest text still renders at about 10 px.
STYLE = {
    "font.family": "sans-serif", "font.sans-serif": ["DejaVu Sans"], "font.size": 12,
    "svg.fonttype": "none", "svg.hashsalt": "cost",
    "text.color": INK, "axes.labelcolor": INK, "axes.edgecolor": INK,
    "xtick.color": INK, "ytick.color": INK, "legend.frameon": False,
}


def spaced(vs: list[int], decades: float = 0.55) -> list[int]:
    """The sizes to label on the logarithmic axis: the first, the last, and those in between
    that leave room for their labels (the others keep an unlabelled tick)."""
    kept = [vs[0]]
    for v in vs[1:]:
        if math.log10(v / kept[-1]) >= decades:
            kept.append(v)
    if kept[-1] != vs[-1]:
        if len(kept) > 1 and math.log10(vs[-1] / kept[-1]) < decades:
            kept.pop()
        kept.append(vs[-1])
    return kept


def readable_ids(svg: str, prefix: str) -> str:
    """matplotlib's hash-derived ids (p + 10 hex digits for a clip path, m + 10 for a
    marker) renamed to prefix-clip1, prefix-marker1, ... in order of first appearance."""
    names: dict[str, str] = {}

    def name(match: re.Match) -> str:
        old = match.group(0)
        if old not in names:
            kind = "clip" if old[0] == "p" else "marker"
            count = sum(1 for n in names.values() if f"-{kind}" in n) + 1
            names[old] = f"{prefix}-{kind}{count}"
        return names[old]

    return re.sub(r"(?<=[\"#])[pm][0-9a-f]{10}(?=[\")])", name, svg)


def plot(results: dict, labels: dict, lang: str) -> str:
    """The plot as SVG text. Text and axes are drawn in currentColor, so the page's colour
    scheme (light or dark) decides their colour once the SVG is inlined."""
    import matplotlib

    matplotlib.use("svg")
    import matplotlib.pyplot as plt

    with matplotlib.style.context("default"), plt.rc_context(STYLE), warnings.catch_warnings():
        # CJK labels are measured with DejaVu Sans, which lacks them; the browser draws
        # them with the page's fonts (font-family: inherit, below).
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        fig, ax = plt.subplots(figsize=(6.0, 6.0), layout="constrained")
        for device in sorted({row["device"] for row in results["rows"]}):
            rows = [row for row in results["rows"] if row["device"] == device]
            vs = [row["V"] for row in rows]
            suffix = f" ({device})" if device != "cpu" else ""
            for key, fmt, colour in LINES:
                ax.plot(vs, [r["ms"][key]["min"] for r in rows], fmt, color=colour, label=labels["legend"][key] + suffix)
        # Both axes logarithmic: a time proportional to V is a straight line of slope 1.
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel(labels["x"])
        ax.set_ylabel(labels["y"])
        vs = sorted({row["V"] for row in results["rows"]})
        ax.set_xticks(vs, minor=True)
        ax.set_xticks(spaced(vs), [f"{v:,}" for v in spaced(vs)])
        ax.xaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
        ax.yaxis.set_major_formatter(matplotlib.ticker.FuncFormatter(lambda y, _: f"{y:,g}"))
        ax.spines[["top", "right"]].set_visible(False)
        fig.legend(loc="outside lower center", ncol=1)
        out = io.StringIO()
        # No metadata: matplotlib's RDF block is not valid inside HTML (the Nu checker says so).
        fig.savefig(out, format="svg", transparent=True,
                    metadata={"Format": None, "Type": None, "Date": None, "Creator": None})
        plt.close(fig)
    svg = out.getvalue().replace(INK, "currentColor")
    svg = re.sub(r"font-family:[^;\"]*;?", "font-family: inherit;", svg)
    return readable_ids(svg, f"cost-{lang}")
