"""Time an embedding look-up against one-hot vectors times the same weight matrix.

    python examples/cost_benchmark.py --threads 1 # full run, as the page's tables were measured
    python examples/cost_benchmark.py --from-json # redraw the tables and plots, measure nothing
    python examples/cost_benchmark.py --quick     # a few seconds, tables only, into a folder of its own

Every way computes the vectors of N = 1024 token IDs in a table of V rows and D = 768
columns, for vocabulary sizes from 4 (where a one-hot matrix is smaller than the output)
up to GPT-2's 50,257:

  forward            look-up        F.embedding(idx, W)
                     CSR one-hot    torch.sparse_csr_tensor(arange(N+1), idx, ones(N)) @ W
                     one-hot        F.one_hot(idx, V).float() @ W, and its two parts:
                                    building it (F.one_hot(...).float(), or a float
                                    torch.zeros(N, V).scatter_(...)) and the GEMM alone
  forward+backward   look-up with a dense gradient, with sparse=True, and the one-hot way
                     (the gradient with respect to W)

For each size the outputs are compared with `torch.equal` (the gradients with
`torch.equal` and `torch.allclose`) and the results are recorded, not assumed. Times come
from `torch.utils.benchmark.Timer.timeit`, in runs of one call or of as many calls as take
about a millisecond (see `time_ms`), with the thread count PyTorch uses (the Timer's default
is one thread); per call, the min, median, interquartile range and max over the runs are kept.
Peak memory is measured, not computed: on the CPU from the allocation and free events of
`torch.profiler` (profile_memory=True), replayed in time order; on CUDA with
`torch.cuda.max_memory_allocated`. Where CUDA is present the GPU is measured too, with
TF32 matmuls off and on (`torch.backends.cuda.matmul.allow_tf32`).

The full run writes examples/cost_benchmark.json (the measurements, stamped with the
machine's parts, the PyTorch version, its thread count and BLAS, and the date), and from
it the tables in docs/<lang>/the-cost-measured.md and the plot docs/<lang>/figures/cost.svg.
"""

from __future__ import annotations

import argparse
import datetime
import io
import json
import logging
import os
import platform
import re
import sys
import tempfile
import warnings
from pathlib import Path

# What PyTorch's profiler (Kineto) logs goes to the process's stderr, from C++: a line per
# start and stop, and, in a CUDA build of PyTorch on a machine with no GPU, "gpuGetDeviceCount
# failed with code 35". None of it is about the measurements; Kineto's own setting keeps it
# quiet (6: no level is logged). It must be set before torch is imported.
os.environ.setdefault("KINETO_LOG_LEVEL", "6")
# A CUDA build with no CUDA runtime also warns "No CUDA runtime is found" when
# torch.utils.benchmark imports torch.utils.cpp_extension; nothing here compiles C++.
logging.getLogger("torch.utils.cpp_extension").setLevel(logging.ERROR)

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from torch.utils import benchmark  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(Path(__file__).resolve().parent))  # cost_plot.py beside this file
sys.path.insert(0, str(ROOT / "docs" / "hooks"))  # the page model, which finds the tables
import page as page_format  # noqa: E402
from cost_plot import plot  # noqa: E402
RESULTS = ROOT / "examples" / "cost_benchmark.json"
PAGE = "the-cost-measured.md"
N, D = 1024, 768
FULL = [4, 16, 64, 256, 1_000, 5_000, 10_000, 25_000, 50_257]
QUICK = [4, 400]
LANGUAGES = ("en", "zh")
MIN_CALLS = {"full": 5, "quick": 2}
GRAD_RTOL, GRAD_ATOL = 1e-5, 1e-5  # gradients are sums of a few rows of g, each about 1 in size

# The routes, as statements for torch.utils.benchmark.Timer (W has no gradient; Wg does).
FORWARD = {
    "lookup": "F.embedding(idx, W)",
    "csr": "torch.sparse_csr_tensor(crow, idx, ones, size=(N, V), check_invariants=False) @ W",
    "onehot": "F.one_hot(idx, V).float() @ W",
    "build_one_hot": "F.one_hot(idx, V).float()",
    "build_scatter": "torch.zeros(N, V, device=W.device).scatter_(1, idx[:, None], 1.0)",
    "gemm": "onehot @ W",
}
BACKWARD = {
    "dense_bwd": "Wg.grad = None; F.embedding(idx, Wg).backward(g)",
    "sparse_bwd": "Wg.grad = None; F.embedding(idx, Wg, sparse=True).backward(g)",
    "onehot_bwd": "Wg.grad = None; (F.one_hot(idx, V).float() @ Wg).backward(g)",
}
TF32 = ("onehot", "gemm")  # timed again with TF32 on, on CUDA only
MEMORY = ("lookup", "csr", "onehot", "dense_bwd", "sparse_bwd", "onehot_bwd")

# The tables of the page: (name, [(column key, format)]). Each sits between its markers.
TABLES = {
    "forward": ["lookup", "csr", "build_one_hot", "build_scatter", "gemm", "onehot", "speedup", "equal"],
    "backward": ["dense_bwd", "sparse_bwd", "onehot_bwd", "bwd_ratio", "grad"],
    "memory": ["mem:lookup", "mem:csr", "mem:onehot", "mem:dense_bwd", "mem:sparse_bwd", "mem:onehot_bwd"],
}


def region(name: str) -> str:
    """The generated region of the page that holds a table:
    <!-- cost-table NAME: made by examples/cost_benchmark.py --> ... <!-- cost-table NAME end -->."""
    return f"cost-table {name}"


LABELS = {
    "en": {
        "lookup": "look-up (ms)", "csr": "CSR one-hot @ W (ms)",
        "build_one_hot": "one_hot().float() (ms)", "build_scatter": "zeros().scatter_() (ms)",
        "gemm": "GEMM one-hot @ W (ms)", "onehot": "one-hot way, total (ms)",
        "speedup": "total / look-up", "equal": "equal",
        "dense_bwd": "look-up, dense grad (ms)", "sparse_bwd": "look-up, sparse=True (ms)",
        "onehot_bwd": "one-hot way (ms)", "bwd_ratio": "dense / sparse", "grad": "same gradient",
        "mem:lookup": "look-up (MB)", "mem:csr": "CSR one-hot @ W (MB)", "mem:onehot": "one-hot way (MB)",
        "mem:dense_bwd": "look-up + backward, dense (MB)", "mem:sparse_bwd": "look-up + backward, sparse (MB)",
        "mem:onehot_bwd": "one-hot way + backward (MB)",
        "yes": "yes", "no": "no", "close": "to rounding",
        "stamp": "Measured on {cpu}, {cores} cores, {os}, with PyTorch {torch} on {threads} thread{s} "
        "({parallel}; {blas}; oneDNN {onednn}), on {date}; N = {N:,}, D = {D}. Each time is per call, from "
        "the fastest of several timed runs (at least {min_calls} calls in all; torch.utils.benchmark); the "
        "median run was at most {spread:.1f}× the fastest in any cell, and {json} keeps every cell's min, "
        "median, interquartile range and max. "
        "Memory is the peak of the allocations made during one call, measured with torch.profiler.",
        "gpu": " GPU: {gpu}.",
        "x": "vocabulary size V",
        "y": "time per call (ms)",
        "legend": {
            "onehot": "one-hot way: one_hot(idx).float() @ W", "csr": "CSR one-hot @ W",
            "lookup": "look-up: embedding(idx, W)",
            "dense_bwd": "look-up + backward, dense gradient", "sparse_bwd": "look-up + backward, sparse=True",
        },
    },
    "zh": {
        "lookup": "查表（ms）", "csr": "CSR 独热矩阵 @ W（ms）",
        "build_one_hot": "one_hot().float()（ms）", "build_scatter": "zeros().scatter_()（ms）",
        "gemm": "GEMM 独热矩阵 @ W（ms）", "onehot": "独热做法合计（ms）",
        "speedup": "合计 / 查表", "equal": "结果相同",
        "dense_bwd": "查表，稠密梯度（ms）", "sparse_bwd": "查表，sparse=True（ms）",
        "onehot_bwd": "独热做法（ms）", "bwd_ratio": "稠密 / 稀疏", "grad": "梯度相同",
        "mem:lookup": "查表（MB）", "mem:csr": "CSR 独热矩阵 @ W（MB）", "mem:onehot": "独热做法（MB）",
        "mem:dense_bwd": "查表 + 反向，稠密（MB）", "mem:sparse_bwd": "查表 + 反向，稀疏（MB）",
        "mem:onehot_bwd": "独热做法 + 反向（MB）",
        "yes": "是", "no": "否", "close": "舍入误差内",
        "stamp": "测量环境：处理器 {cpu}，{cores} 核，{os}，PyTorch {torch}，线程数 {threads}"
        "（{parallel}；{blas}；oneDNN {onednn}）；测量日期 {year} 年 {month} 月 {day} 日；"
        "N = {N:,}，D = {D}。每个耗时都是单次调用的耗时，取自多轮计时中最快的一轮（总共至少 {min_calls} 次调用；"
        "torch.utils.benchmark）；所有单元格中，各轮耗时的中位数至多是最快一轮的 {spread:.1f} 倍；每格的最小值、中位数、四分位距和最大值"
        "都记录在 {json} 中。内存为一次调用期间所分配内存的峰值，由 torch.profiler 测得。",
        "gpu": "GPU：{gpu}。",
        "x": "词表大小 V",
        "y": "每次调用耗时（ms）",
        "legend": {
            "onehot": "独热做法 one_hot(idx).float() @ W", "csr": "CSR 独热矩阵 @ W",
            "lookup": "查表 embedding(idx, W)",
            "dense_bwd": "查表 + 反向，稠密梯度", "sparse_bwd": "查表 + 反向，sparse=True",
        },
    },
}

# The CSR tensor's beta-state notice is not a result of this script.
warnings.filterwarnings("ignore", message="Sparse CSR tensor support is in beta state")


# ---------------------------------------------------------------------------------------
# Measuring


def steady_allocator() -> str:
    """Keep glibc's malloc from returning freed memory to the system between calls.

    By default glibc adapts its thresholds as blocks are freed, and trims the heap; then a
    call's few-MB output is sometimes served by memory already mapped and sometimes by
    fresh pages, faulted in one by one, and the same call takes 0.2 ms or 2 to 24 ms
    depending on what ran before. Fixed thresholds make the time depend on the call: blocks
    under 32 MiB are reused, larger ones (the one-hot matrices, the dense gradient) are
    still mapped afresh every call, as they are in a real run."""
    try:
        import ctypes

        libc = ctypes.CDLL("libc.so.6")
        M_TRIM_THRESHOLD, M_MMAP_THRESHOLD = -1, -3
        if libc.mallopt(M_TRIM_THRESHOLD, 1 << 30) and libc.mallopt(M_MMAP_THRESHOLD, 32 << 20):
            return "glibc malloc: trim threshold 1 GiB, mmap threshold 32 MiB"
    except (OSError, AttributeError):
        pass
    return "default"


def time_ms(stmt: str, env: dict, min_calls: int, least_seconds: float) -> dict:
    """Time `stmt` with torch.utils.benchmark on PyTorch's current thread count (the Timer's
    default is one thread). The first call warms up and estimates; then blocks of calls of
    about a millisecond each (one call per block for slower statements) are timed until at
    least `least_seconds` and `min_calls` calls have passed. Short blocks make the minimum
    meaningful on a shared machine: blocked_autorange's blocks of 10 ms or more rarely all
    escape other work. Returns min, median, interquartile range and max per call, in ms."""
    timer = benchmark.Timer(stmt, globals=env, num_threads=torch.get_num_threads())
    first = timer.timeit(1).times[0]
    number = max(1, int(1e-3 / max(first, 1e-7)))
    times = []
    while len(times) * number < min_calls or sum(times) * number < least_seconds:
        times.append(timer.timeit(number).times[0])  # the mean of one block of `number` calls
    times = sorted(t * 1e3 for t in times)
    quartiles = torch.tensor([0.25, 0.5, 0.75], dtype=torch.float64)
    q1, median, q3 = torch.quantile(torch.tensor(times, dtype=torch.float64), quartiles).tolist()
    return {
        "min": times[0], "median": median, "iqr": q3 - q1, "max": times[-1],
        "calls": len(times) * number, "calls_per_block": number,
    }


def peak_mb(fn, device: str) -> float:
    """Peak of the memory allocated during one call of `fn`, above what was allocated before.
    CPU: the profiler's allocation (+) and free (-) records, summed in time order."""
    if device == "cuda":
        torch.cuda.synchronize()
        base = torch.cuda.memory_allocated()
        torch.cuda.reset_peak_memory_stats()
        fn()
        torch.cuda.synchronize()
        return (torch.cuda.max_memory_allocated() - base) / 1e6
    # The autograd profiler without Kineto's activity tracing starts in milliseconds (with
    # it, the first start takes seconds); its records are the same.
    with torch.autograd.profiler.profile(use_kineto=False, profile_memory=True) as prof:
        fn()
    records = sorted((e.start_ns(), e.nbytes()) for e in prof.kineto_results.events() if e.name() == "[memory]")
    now = peak = 0
    for _, nbytes in records:
        now += nbytes
        peak = max(peak, now)
    return peak / 1e6


def measure_size(device: str, v: int, min_calls: int, least_seconds: float) -> dict:
    torch.manual_seed(0)
    W = torch.randn(v, D, device=device)
    Wg = W.clone().requires_grad_()
    idx = torch.randint(v, (N,), device=device)
    g = torch.randn(N, D, device=device)
    crow = torch.arange(N + 1, device=device)
    ones = torch.ones(N, device=device)
    onehot = F.one_hot(idx, v).float()
    env = {"F": F, "torch": torch, "N": N, "V": v, "W": W, "Wg": Wg, "idx": idx, "g": g,
           "crow": crow, "ones": ones, "onehot": onehot}

    def run(stmt):
        exec(stmt, env)
        return env.get("out")

    def output(name):
        return run("out = " + FORWARD[name])

    def gradient(name):
        run(BACKWARD[name])
        grad = Wg.grad
        return grad.to_dense() if grad.is_sparse else grad.clone()

    looked_up = output("lookup")
    equal = {
        "onehot": torch.equal(output("onehot"), looked_up),
        "scatter": torch.equal(output("build_scatter") @ W, looked_up),
        "scatter_is_one_hot": torch.equal(output("build_scatter"), onehot),
        "csr": torch.equal(output("csr"), looked_up),
    }
    dense = gradient("dense_bwd")
    grads = {name: gradient(name) for name in ("sparse_bwd", "onehot_bwd")}
    grad_equal = {name: torch.equal(grad, dense) for name, grad in grads.items()}
    grad_close = {name: torch.allclose(grad, dense, rtol=GRAD_RTOL, atol=GRAD_ATOL) for name, grad in grads.items()}
    if device == "cuda":
        tf32 = torch.backends.cuda.matmul.allow_tf32
        try:
            torch.backends.cuda.matmul.allow_tf32 = True
            equal["onehot_tf32"] = torch.equal(output("onehot"), looked_up)
        finally:
            torch.backends.cuda.matmul.allow_tf32 = tf32
    env.pop("out", None)

    ms = {}
    for name, stmt in {**FORWARD, **BACKWARD}.items():
        ms[name] = time_ms(stmt, env, min_calls, least_seconds)
    if device == "cuda":
        tf32 = torch.backends.cuda.matmul.allow_tf32
        try:
            torch.backends.cuda.matmul.allow_tf32 = True
            for name in TF32:
                ms[name + "_tf32"] = time_ms(FORWARD[name], env, min_calls, least_seconds)
        finally:
            torch.backends.cuda.matmul.allow_tf32 = tf32

    peak = {}
    for name in MEMORY:
        stmt = FORWARD.get(name) or BACKWARD[name]
        Wg.grad = None  # a gradient left from before is freed inside the call otherwise
        peak[name] = peak_mb(lambda: run(stmt), device)
        env.pop("out", None)
    Wg.grad = None
    return {
        "device": device, "V": v, "ms": ms, "peak_mb": peak, "equal": equal,
        "grad_equal": grad_equal, "grad_close": grad_close,
    }


def measure(vocabs: list[int], min_calls: int, least_seconds: float) -> dict:
    devices = ["cpu"] + (["cuda"] if torch.cuda.is_available() else [])
    allocator = steady_allocator()
    rows = []
    for device in devices:
        for v in vocabs:
            row = measure_size(device, v, min_calls, least_seconds)
            rows.append(row)
            ms = row["ms"]
            print(
                f"{device} V={v:>6,}: look-up {ms['lookup']['min']:8.3f} ms, CSR {ms['csr']['min']:7.3f} ms, "
                f"one-hot {ms['onehot']['min']:9.3f} ms; backward dense {ms['dense_bwd']['min']:8.3f} ms, "
                f"sparse {ms['sparse_bwd']['min']:7.3f} ms; equal {all(row['equal'].values())}",
                flush=True,
            )
    return {**stamp(), "N": N, "D": D, "min_calls": min_calls, "grad_rtol": GRAD_RTOL, "grad_atol": GRAD_ATOL,
            "allocator": allocator, "rows": rows}


def stamp() -> dict:
    """The machine's parts, PyTorch and its threads and BLAS, and the date, each on its own."""
    cpu = platform.processor() or platform.machine()
    try:
        names = re.findall(r"model name\s*:\s*(.+)", Path("/proc/cpuinfo").read_text())
        cpu = names[0].strip() if names else cpu
    except OSError:
        pass
    info = torch.__config__.parallel_info() + torch.__config__.show()

    def find(pattern, default="unknown"):
        found = re.search(pattern, info)
        return found.group(1).strip() if found else default

    if torch.backends.mkl.is_available():
        blas = "MKL " + find(r"Math Kernel Library Version ([\d.]+)")
    else:
        blas = find(r"BLAS_INFO=(\w+)")
    return {
        "cpu": cpu, "cores": os.cpu_count(), "os": platform.system(),
        "gpu": torch.cuda.get_device_name() if torch.cuda.is_available() else None,
        "torch": torch.__version__, "threads": torch.get_num_threads(),
        "parallel": find(r"ATen parallel backend: (.+)"), "blas": blas,
        "onednn": find(r"MKL-DNN v([\d.]+)", "none"),
        "date": datetime.date.today().isoformat(),
    }


# ---------------------------------------------------------------------------------------
# Rendering


def _times(ratio: float) -> str:
    """A ratio of two times: one decimal below 10 (4.5×, 0.8×), whole numbers above."""
    return f"{ratio:.1f}×" if ratio < 10 else f"{ratio:,.0f}×"


def _cell(row: dict, key: str, labels: dict) -> str:
    ms, peak = row["ms"], row["peak_mb"]
    if key.startswith("mem:"):
        return f"{peak[key[4:]]:,.1f}"
    if key == "speedup":
        return _times(ms["onehot"]["min"] / ms["lookup"]["min"])
    if key == "bwd_ratio":
        return _times(ms["dense_bwd"]["min"] / ms["sparse_bwd"]["min"])
    if key == "equal":
        return labels["yes"] if all(row["equal"][k] for k in ("onehot", "scatter", "csr")) else labels["no"]
    if key == "grad":
        if all(row["grad_equal"].values()):
            return labels["yes"]
        return labels["close"] if all(row["grad_close"].values()) else labels["no"]
    t = ms[key]["min"]
    return f"{t:,.3f}" if t < 1 else f"{t:,.1f}"


def spread(results: dict) -> float:
    """The largest median / min over every timed cell."""
    return max(t["median"] / t["min"] for row in results["rows"] for t in row["ms"].values())


def table(results: dict, lang: str, name: str = "forward") -> str:
    """One Markdown table of the page; the last one carries the stamp."""
    labels = LABELS[lang]
    keys = TABLES[name]
    centred = {"equal", "grad"}
    lines = [
        "| V | " + " | ".join(labels[k] for k in keys) + " |",
        "| ---: |" + "".join(" :---: |" if k in centred else " ---: |" for k in keys),
    ]
    devices = {row["device"] for row in results["rows"]}
    for row in results["rows"]:
        v = f"{row['V']:,}" + (f" ({row['device']})" if len(devices) > 1 else "")
        lines.append(f"| {v} | " + " | ".join(_cell(row, k, labels) for k in keys) + " |")
    text = "\n".join(lines)
    if name == list(TABLES)[-1]:
        year, month, day = results["date"].split("-")
        fields = {**results, "spread": spread(results), "json": "examples/" + RESULTS.name,
                  "s": "" if results["threads"] == 1 else "s",
                  "year": int(year), "month": int(month), "day": int(day)}
        text += "\n\n" + labels["stamp"].format(**fields)
        if results.get("gpu"):
            text += labels["gpu"].format(**fields) + tf32_note(results, lang)
    return text


def tf32_note(results: dict, lang: str) -> str:
    rows = [r for r in results["rows"] if r["device"] == "cuda"]
    still = all(r["equal"].get("onehot_tf32") for r in rows)
    if lang == "zh":
        return f"开启 TF32 时，独热做法与查表的结果{'仍然' if still else '不再'}逐位相同。"
    return f" With TF32 on, the one-hot way {'still' if still else 'no longer'} equals the look-up bit for bit."


def render_page(page: Path, results: dict, lang: str) -> str:
    """The page's text with every table made from `results`."""
    text = page.read_text(encoding="utf-8")
    for name in TABLES:
        text = page_format.parse(text, page).with_generated(region(name), table(results, lang, name))
    return text


def plot_path(lang: str) -> Path:
    """Where the page of `lang` finds its plot."""
    return ROOT / "docs" / lang / "figures" / "cost.svg"


def write_pages(results: dict) -> None:
    """Rewrite the tables of the page and its plot, in every language (all or nothing)."""
    texts = {}
    for lang in LANGUAGES:
        page = ROOT / "docs" / lang / PAGE
        if not page.is_file():
            raise SystemExit(f"{page} does not exist; nothing was written")
        texts[page] = render_page(page, results, lang)
        texts[plot_path(lang)] = plot(results, LABELS[lang], lang)
    for path, text in texts.items():
        path.parent.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help=f"V in {QUICK}, a few calls each; leaves the page alone")
    parser.add_argument("--out", type=Path, help="folder for the quick run's results (default: a new temporary one)")
    parser.add_argument("--from-json", action="store_true", help="redraw the page's tables and plot from " + RESULTS.name)
    parser.add_argument("--threads", type=int, help="threads for PyTorch (default: its own choice, %d here)" % torch.get_num_threads())
    args = parser.parse_args(argv)
    if args.threads:
        torch.set_num_threads(args.threads)
    if args.from_json:
        write_pages(json.loads(RESULTS.read_text(encoding="utf-8")))
        return
    if not args.quick:
        results = measure(FULL, min_calls=MIN_CALLS["full"], least_seconds=0.2)
        RESULTS.write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
        write_pages(results)
        print(f"wrote {RESULTS.relative_to(ROOT)}, the tables and the plots")
        return
    out = args.out or Path(tempfile.mkdtemp(prefix="cost-benchmark-"))
    out.mkdir(parents=True, exist_ok=True)
    # A smoke test: one thread, so that a machine busy with other work does not leave one
    # of two OpenMP threads waiting for the other (its times are not shown anywhere).
    torch.set_num_threads(args.threads or 1)
    results = measure(QUICK, min_calls=MIN_CALLS["quick"], least_seconds=0.002)
    (out / "results.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    for lang in LANGUAGES:
        tables = "\n\n".join(table(results, lang, name) for name in TABLES)
        (out / f"table.{lang}.md").write_text(tables + "\n", encoding="utf-8")
    # No plot: drawing it takes longer than measuring, and the suite draws the page's plot
    # from the committed measurements with the same function.
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
