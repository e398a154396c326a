"""Time an embedding look-up against one-hot vectors times the same weight matrix.

    python examples/cost_benchmark.py           # full run: the table and plot of the page
    python examples/cost_benchmark.py --quick   # a few seconds, written to a folder of its own

Both ways compute the vectors of N = 1024 token IDs in a table of V rows and D = 768
columns, for vocabulary sizes up to GPT-2's 50,257. Each size is first checked with
`torch.equal`: the two outputs must be identical, or the run stops. Each timing is the
median of several calls, on the CPU and, where CUDA is present, on the GPU.

The full run writes examples/cost_benchmark.json (the measurements, stamped with the
machine, the PyTorch version and the date), and from it the table in
docs/<lang>/the-cost-measured.md and the plot docs/<lang>/figures/cost.svg.
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import os
import platform
import re
import statistics
import sys
import tempfile
import time
import warnings
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "examples" / "cost_benchmark.json"
PAGE = "the-cost-measured.md"
N, D = 1024, 768
FULL = [1_000, 5_000, 10_000, 25_000, 50_257]
QUICK = [1_000, 4_000]
LANGUAGES = ("en", "zh")
TABLE_START, TABLE_END = "<!-- cost-table: made by examples/cost_benchmark.py -->", "<!-- cost-table end -->"

LABELS = {
    "en": {
        "columns": ["V", "look-up (ms)", "one-hot @ W (ms)", "speed-up", "one-hot matrix (MB)", "equal"],
        "yes": "yes",
        "stamp": "Measured on {machine} with PyTorch {torch} on {date}; N = {N:,}, D = {D}; "
        "median of at least {repeats} calls per cell.",
        "x": "vocabulary size V",
        "y": "time per call (ms)",
    },
    "zh": {
        "columns": ["V", "查找（毫秒）", "独热 @ W（毫秒）", "加速比", "独热矩阵（MB）", "结果相同"],
        "yes": "是",
        "stamp": "测量环境：{machine}，PyTorch {torch}；测量日期：{date}；N = {N:,}，D = {D}；"
        "每格取至少 {repeats} 次调用的中位数。",
        "x": "词表大小 V",
        "y": "每次调用耗时（毫秒）",
    },
}


def _sync(device: str) -> None:
    if device == "cuda":
        torch.cuda.synchronize()


def median_ms(fn, device: str, repeats: int, least_seconds: float) -> float:
    """Median time of one call, over `repeats` calls or more: fast calls are repeated
    until they have taken `least_seconds` in all, so one slow call does not decide."""
    for _ in range(2):
        fn()  # warm-up: the first calls allocate memory and start threads
    times = []
    while len(times) < repeats or sum(times) < least_seconds * 1000:
        _sync(device)
        start = time.perf_counter()
        fn()
        _sync(device)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def measure(vocabs: list[int], repeats: int, least_seconds: float) -> dict:
    devices = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
    rows = []
    for device in devices:
        for v in vocabs:
            torch.manual_seed(0)
            weight = torch.randn(v, D, device=device)
            idx = torch.randint(v, (N,), device=device)

            def lookup():
                return torch.nn.functional.embedding(idx, weight)

            def onehot():
                return torch.nn.functional.one_hot(idx, v).float() @ weight

            if not torch.equal(lookup(), onehot()):
                sys.exit(f"V = {v} on {device}: the look-up and one-hot @ W differ")
            look = median_ms(lookup, device, repeats, least_seconds)
            hot = median_ms(onehot, device, repeats, least_seconds)
            rows.append({
                "device": device, "V": v, "lookup_ms": look, "onehot_ms": hot,
                "onehot_mb": N * v * 4 / 1e6, "equal": True,
            })
            print(f"{device} V={v:>6,}: look-up {look:8.3f} ms, one-hot @ W {hot:9.3f} ms", flush=True)
    return {
        "machine": machine(), "torch": torch.__version__,
        "date": datetime.date.today().isoformat(),
        "N": N, "D": D, "repeats": repeats, "rows": rows,
    }


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        names = re.findall(r"model name\s*:\s*(.+)", Path("/proc/cpuinfo").read_text())
        cpu = names[0].strip() if names else cpu
    except OSError:
        pass
    name = f"{cpu}, {os.cpu_count()} cores, {platform.system()}"
    if torch.cuda.is_available():
        name += f", {torch.cuda.get_device_name()}"
    return name


def table(results: dict, lang: str) -> str:
    """The Markdown table of the page, with its stamp."""
    labels = LABELS[lang]
    lines = ["| " + " | ".join(labels["columns"]) + " |", "|" + " ---: |" * 5 + " :---: |"]
    devices = {row["device"] for row in results["rows"]}
    for row in results["rows"]:
        v = f"{row['V']:,}" + (f" ({row['device']})" if len(devices) > 1 else "")
        lines.append(
            f"| {v} | {row['lookup_ms']:.3f} | {row['onehot_ms']:.1f} | "
            f"{row['onehot_ms'] / row['lookup_ms']:,.0f}× | {row['onehot_mb']:.1f} | {labels['yes']} |"
        )
    stamp = labels["stamp"].format(**results)
    return "\n".join(lines) + "\n\n" + stamp


def plot(results: dict, lang: str) -> str:
    """The plot as SVG text. Text and axes are drawn in currentColor, so the page's colour
    scheme (light or dark) decides their colour once the SVG is inlined."""
    import matplotlib

    matplotlib.use("svg")
    import matplotlib.pyplot as plt

    ink = "#010203"  # a colour no one uses, replaced by currentColor below
    style = {
        "svg.fonttype": "none", "svg.hashsalt": "cost", "font.size": 11,
        "text.color": ink, "axes.labelcolor": ink, "axes.edgecolor": ink,
        "xtick.color": ink, "ytick.color": ink, "legend.frameon": False,
    }
    labels = LABELS[lang]
    with plt.rc_context(style), warnings.catch_warnings():
        # CJK labels are measured with matplotlib's own font, which lacks them; the
        # browser draws them with the page's fonts (font-family: inherit, below).
        warnings.filterwarnings("ignore", message="Glyph .* missing from font")
        fig, ax = plt.subplots(figsize=(6.4, 3.6))
        for device in sorted({row["device"] for row in results["rows"]}):
            rows = [row for row in results["rows"] if row["device"] == device]
            vs = [row["V"] for row in rows]
            suffix = f" ({device})" if device != "cpu" else ""
            ax.plot(vs, [r["onehot_ms"] for r in rows], "o-", color="#e8710a", label="one_hot(idx) @ W" + suffix)
            ax.plot(vs, [r["lookup_ms"] for r in rows], "s-", color="#3f7fd9", label="embedding(idx)" + suffix)
        # Both axes logarithmic: a time proportional to V is a straight line of slope 1.
        ax.set_xscale("log")
        ax.set_yscale("log")
        ax.set_xlabel(labels["x"])
        ax.set_ylabel(labels["y"])
        vs = sorted({row["V"] for row in results["rows"]})
        ax.set_xticks(vs, [f"{v:,}" for v in vs])
        ax.xaxis.set_minor_locator(matplotlib.ticker.NullLocator())
        ax.spines[["top", "right"]].set_visible(False)
        ax.legend()
        fig.tight_layout()
        out = io.StringIO()
        fig.savefig(out, format="svg", transparent=True, metadata={"Date": None, "Creator": None})
        plt.close(fig)
    svg = out.getvalue().replace(ink, "currentColor")
    return re.sub(r"font-family:[^;\"]*;?", "font-family: inherit;", svg)


def replace_table(page_text: str, new_table: str, page: Path) -> str:
    start, end = page_text.find(TABLE_START), page_text.find(TABLE_END)
    if start < 0 or end < start:
        raise SystemExit(f"{page}: the markers {TABLE_START!r} and {TABLE_END!r} are missing")
    return page_text[: start + len(TABLE_START)] + "\n\n" + new_table + "\n\n" + page_text[end:]


def plot_path(lang: str) -> Path:
    """Where the page of `lang` finds its plot."""
    return ROOT / "docs" / lang / "figures" / "cost.svg"


def write_pages(results: dict) -> None:
    """Rewrite the table of the page and its plot, in every language (all or nothing)."""
    texts = {}
    for lang in LANGUAGES:
        page = ROOT / "docs" / lang / PAGE
        if not page.is_file():
            raise SystemExit(f"{page} does not exist; nothing was written")
        texts[page] = replace_table(page.read_text(encoding="utf-8"), table(results, lang), page)
        texts[plot_path(lang)] = plot(results, lang)
    for path, text in texts.items():
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"V in {QUICK}, 3 calls each; leaves the page alone")
    parser.add_argument("--out", type=Path, help="folder for the quick run's results (default: a new temporary one)")
    parser.add_argument("--from-json", action="store_true", help="redraw the page's table and plot from " + RESULTS.name)
    args = parser.parse_args(argv)
    if args.from_json:
        write_pages(json.loads(RESULTS.read_text(encoding="utf-8")))
        return
    if not args.quick:
        results = measure(FULL, repeats=7, least_seconds=0.5)
        RESULTS.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
        write_pages(results)
        print(f"wrote {RESULTS.relative_to(ROOT)}, the tables and the plots")
        return
    out = args.out or Path(tempfile.mkdtemp(prefix="cost-benchmark-"))
    out.mkdir(parents=True, exist_ok=True)
    results = measure(QUICK, repeats=3, least_seconds=0.05)
    (out / "results.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    for lang in LANGUAGES:
        (out / f"table.{lang}.md").write_text(table(results, lang) + "\n", encoding="utf-8")
        (out / f"cost.{lang}.svg").write_text(plot(results, lang), encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
