"""The benchmark of the-cost-measured.md runs, checks its own equality, and is what the page shows.

Timings differ from run to run, so they are not compared with anything; what is checked
is that the quick mode runs (as the suite's smoke test of the script), that the page's
tables and plot are exactly what the committed measurements render to, and that those
measurements support what the page's prose says about them, phrase by phrase: each claim
below names the words of the page it backs, in both languages, and fails if the words
are gone or the measurements no longer bear them out.
"""

from __future__ import annotations

import copy
import functools
import json
import math
import re
import subprocess
import sys

import pytest

from pages import DOCS, LANGUAGES, ROOT, load_example
from shown_numbers import differences

cost = load_example("cost_benchmark")
RESULTS = json.loads(cost.RESULTS.read_text(encoding="utf-8"))
MB = 1e6


def _cpu_rows(results):
    return [r for r in results["rows"] if r["device"] == "cpu"]


def _flat(results, route):
    times = [r["ms"][route]["min"] for r in _cpu_rows(results)]
    return max(times) < 3 * min(times), f"{route} times vary with V: {times}"


def _proportional(results, route, from_v=1_000):
    """The slope on log-log axes from the first size of at least `from_v` to the last:
    below that, the fixed costs of a call (writing the N x D output) hide the growth."""
    rows = [r for r in _cpu_rows(results) if r["V"] >= from_v]
    first, last = rows[0], rows[-1]
    slope = math.log(last["ms"][route]["min"] / first["ms"][route]["min"]) / math.log(last["V"] / first["V"])
    return 0.7 <= slope <= 1.3, f"{route}: slope {slope:.2f} on log-log axes from V = {first['V']:,}, not about 1"


def _faster(results, fast, slow):
    bad = [r["V"] for r in _cpu_rows(results) if not r["ms"][fast]["min"] < r["ms"][slow]["min"]]
    return not bad, f"{fast} is not faster than {slow} at V = {bad}"


def _ratio(results, top, bottom, at_least):
    row = _cpu_rows(results)[-1]
    ratio = row["ms"][top]["min"] / row["ms"][bottom]["min"]
    return ratio >= at_least, f"{top} / {bottom} at V = {row['V']:,} is {ratio:,.0f}, below {at_least:,}"


def _all(results, field, keys):
    bad = [(r["device"], r["V"], k) for r in results["rows"] for k in keys if not r[field].get(k)]
    return not bad, f"{field} false for {bad}"


def _all_rows(results, holds, what):
    bad = [r["V"] for r in _cpu_rows(results) if not holds(r)]
    return not bad, f"{what} at V = {bad}"


def _peaks(results):
    row = _cpu_rows(results)[-1]
    n, v, d = results["N"], row["V"], results["D"]
    peak = row["peak_mb"]
    int64_and_float = n * v * (8 + 4) / MB
    ok = (
        peak["onehot"] >= int64_and_float > 600
        and abs(peak["lookup"] - n * d * 4 / MB) < 0.01
        and peak["dense_bwd"] >= v * d * 4 / MB
        and peak["sparse_bwd"] < 10
    )
    return ok, f"peak memory at V = {v:,} does not match the prose: {peak}"


# (what the prose says, in each language) -> the check of the measurements that backs it
CLAIMS = [
    ({"en": "look-up's output, identical, bit for bit, at every size", "zh": "都与查表的输出逐位相同"},
     lambda r: _all(r, "equal", ("onehot", "scatter", "scatter_is_one_hot", "csr"))),
    ({"en": "agree to within rounding", "zh": "在舍入误差范围内一致"},
     lambda r: _all(r, "grad_close", ("sparse_bwd", "onehot_bwd"))),
    ({"en": "the GEMM takes the largest share of it", "zh": "其中 GEMM 占的份额最大"},
     lambda r: _all_rows(r, lambda row: row["ms"]["gemm"]["min"] > max(row["ms"]["build_one_hot"]["min"], row["ms"]["build_scatter"]["min"]),
                         "the GEMM is not the largest part")),
    ({"en": "The look-up's time stays within a factor of three", "zh": "查表的耗时始终在三倍以内"}, lambda r: _flat(r, "lookup")),
    ({"en": "The CSR product's time also stays within a factor of three", "zh": "CSR 乘积的耗时也在三倍以内"},
     lambda r: _flat(r, "csr")),
    ({"en": "from V = 1,000 up, the one-hot time grows in proportion to V", "zh": "从 V = 1,000 起，独热做法的耗时与 V 成正比增长"},
     lambda r: _proportional(r, "onehot")),
    ({"en": "The look-up was the faster way at every vocabulary size measured", "zh": "在测量的每一种词表大小下，查表都比独热做法快"},
     lambda r: _faster(r, "lookup", "onehot")),
    ({"en": "the one-hot matrix is smaller than the output, the two are within a factor of two",
      "zh": "独热矩阵比输出还小，两者相差不到两倍"},
     lambda r: (_cpu_rows(r)[0]["ms"]["onehot"]["min"] < 2 * _cpu_rows(r)[0]["ms"]["lookup"]["min"],
                f"at V = {_cpu_rows(r)[0]['V']} the one-hot way is not within twice the look-up's time")),
    ({"en": "the CSR product was slower than the look-up at every size", "zh": "在每一种大小下，CSR 乘积都比查表慢"},
     lambda r: _faster(r, "lookup", "csr")),
    ({"en": "peak below, 6.3 MB, is twice the look-up's 3.1 MB", "zh": "内存峰值是 6.3 MB，是查表 3.1 MB 的两倍"},
     lambda r: _all_rows(r, lambda row: abs(row["peak_mb"]["csr"] - 2 * row["peak_mb"]["lookup"]) < 0.1
                         and f"{row['peak_mb']['csr']:.1f}" == "6.3" and f"{row['peak_mb']['lookup']:.1f}" == "3.1",
                         "the CSR product's peak is not 6.3 MB, twice the look-up's 3.1 MB,")),
    ({"en": "at least a thousand times faster", "zh": "至少快一千倍"}, lambda r: _ratio(r, "onehot", "lookup", 1000)),
    ({"en": "the dense backward takes more than ten times as long as the sparse one",
      "zh": "稠密梯度的反向传播耗时是稀疏梯度的十倍以上"},
     lambda r: _ratio(r, "dense_bwd", "sparse_bwd", 10)),
    ({"en": "peaks above 600 MB", "zh": "峰值超过 600 MB"}, _peaks),
    ({"en": "tables here were measured on one thread", "zh": "本页表格只用一个线程测量"},
     lambda r: (r["threads"] == 1, f"the tables were measured on {r['threads']} threads")),
    ({"en": "tells glibc's malloc to keep the memory it frees", "zh": "让 glibc 的 malloc 保留它释放的内存"},
     lambda r: (r["allocator"].startswith("glibc"), f"the allocator was {r['allocator']!r}")),
]


def problems(results) -> list[str]:
    found = []
    for _, check in CLAIMS:
        ok, why = check(results)
        if not ok:
            found.append(why)
    return found


@pytest.fixture(scope="module")
def quick_run(tmp_path_factory):
    """The quick run starts before the other tests of this file and runs beside them."""
    out = tmp_path_factory.mktemp("quick")
    run = subprocess.Popen(
        [sys.executable, str(ROOT / "examples" / "cost_benchmark.py"), "--quick", "--out", str(out)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    yield run, out
    if run.poll() is None:
        run.kill()
        run.wait()


@pytest.fixture(autouse=True)
def _start_quick_run(quick_run):
    pass


@pytest.mark.parametrize("lang", LANGUAGES)
def test_page_shows_the_committed_measurements(lang):
    page = DOCS / lang / cost.PAGE
    text = page.read_text(encoding="utf-8")
    expected = cost.render_page(page, RESULTS, lang)
    if text != expected:
        line = next(i for i, (a, b) in enumerate(zip(text.splitlines(), expected.splitlines()), 1) if a != b)
        pytest.fail(
            f"{page.relative_to(ROOT)}:{line}: a table is not {cost.RESULTS.name} as the benchmark writes it; "
            "run `python examples/cost_benchmark.py --from-json` (or measure again without the flag)"
        )
    figure = cost.plot_path(lang)
    found = differences(figure.read_text(encoding="utf-8"), plot(lang), str(figure.relative_to(ROOT)))
    assert not found, "\n".join(found) + (
        f"\n{figure.relative_to(ROOT)} is not the plot of {cost.RESULTS.name}; "
        "run `python examples/cost_benchmark.py --from-json`"
    )


@functools.cache
def plot(lang: str) -> str:
    """The plot as drawn here with matplotlib's own settings (once per language: 0.4 s)."""
    return cost.plot(RESULTS, cost.LABELS[lang], lang)


# What a reader's matplotlibrc may say (a CJK font first is common among Chinese users).
HOSTILE = {
    "font.family": "serif", "font.serif": ["Noto Sans CJK SC", "DejaVu Serif"],
    "font.sans-serif": ["Noto Sans CJK SC", "DejaVu Sans"], "font.size": 20,
    "axes.labelsize": "x-large", "xtick.labelsize": 7, "legend.fontsize": "small",
    "figure.constrained_layout.h_pad": 0.3, "lines.linewidth": 4, "lines.markersize": 11,
    "axes.spines.left": False, "svg.fonttype": "path", "svg.hashsalt": None,
    "axes.formatter.use_mathtext": True, "figure.figsize": (3, 9),
}


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_readers_matplotlib_settings_change_no_plot(lang):
    import matplotlib

    with matplotlib.rc_context(HOSTILE):
        drawn = cost.plot(RESULTS, cost.LABELS[lang], lang)
    assert drawn == plot(lang), f"a matplotlibrc changes the plot of {lang}: plot() must start from matplotlib's defaults"
    ids = re.findall(r'id="([^"]+)"', drawn)
    assert len(ids) == len(set(ids)), f"the plot of {lang} uses an id twice"
    hashed = [i for i in ids if re.fullmatch(r"[pm][0-9a-f]{10}", i)]
    assert not hashed, f"the plot of {lang} keeps matplotlib's hash-derived ids {hashed[:3]}: they change with the last bit of the layout"


def test_measurements_cover_gpt2_and_name_the_machine():
    rows = _cpu_rows(RESULTS)
    assert (RESULTS["N"], RESULTS["D"]) == (1024, 768)
    assert [r["V"] for r in rows] == cost.FULL and cost.FULL[-1] == 50_257
    for key in ("cpu", "cores", "os", "torch", "threads", "parallel", "blas", "onednn", "date", "allocator"):
        assert RESULTS.get(key), f"{cost.RESULTS.name} does not record {key}"
    for row in RESULTS["rows"]:
        for route, t in row["ms"].items():
            assert t["calls"] >= RESULTS["min_calls"] and t["min"] <= t["median"] <= t["max"], (row["V"], route, t)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_prose_says_what_the_measurements_support(lang):
    text = " ".join((DOCS / lang / cost.PAGE).read_text(encoding="utf-8").split())  # lines joined
    for words, check in CLAIMS:
        assert words[lang] in text, f"docs/{lang}/{cost.PAGE} no longer says {words[lang]!r}; update CLAIMS"
        ok, why = check(RESULTS)
        assert ok, f"docs/{lang}/{cost.PAGE} says {words[lang]!r}, but {why}"


def test_a_broken_measurement_is_caught():
    for field, key in (("equal", "csr"), ("equal", "onehot"), ("grad_close", "onehot_bwd")):
        broken = copy.deepcopy(RESULTS)
        broken["rows"][2][field][key] = False
        assert problems(broken), f"{field}[{key}] = false at one size went unnoticed"
    slow = copy.deepcopy(RESULTS)
    slow["rows"][-1]["ms"]["lookup"]["min"] *= 100
    assert problems(slow), "a look-up time that grows with V went unnoticed"


def test_quick_mode_runs_and_every_way_agrees(quick_run):
    run, out = quick_run
    stdout, stderr = run.communicate(timeout=120)
    assert run.returncode == 0, stdout + stderr
    assert not stderr, f"the benchmark wrote to stderr:\n{stderr}"
    results = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert [r["V"] for r in _cpu_rows(results)] == cost.QUICK
    assert _all(results, "equal", ("onehot", "scatter", "scatter_is_one_hot", "csr"))[0], results["rows"]
    assert _all(results, "grad_close", ("sparse_bwd", "onehot_bwd"))[0], results["rows"]
    for row in _cpu_rows(results):  # memory is measured: the one-hot way holds int64 and float copies
        assert row["peak_mb"]["onehot"] >= results["N"] * row["V"] * 12 / MB, row["peak_mb"]
    for lang in LANGUAGES:
        tables = (out / f"table.{lang}.md").read_text(encoding="utf-8")
        assert tables.startswith("| V |") and tables.count("| V |") == len(cost.TABLES), tables
