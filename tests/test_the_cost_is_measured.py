"""The benchmark of the-cost-measured.md runs, checks its own equality, and is what the page shows.

Timings differ from run to run, so they are not compared with anything; what is checked
is that the quick mode runs (as the suite's smoke test of the script), that the page's
table and plot are exactly what the committed measurements render to, and that those
measurements still support what the page's prose says about them.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from pages import DOCS, LANGUAGES, ROOT, load_example

cost = load_example("cost_benchmark")
RESULTS = json.loads(cost.RESULTS.read_text(encoding="utf-8"))


def test_quick_mode_runs_and_both_ways_agree(tmp_path):
    run = subprocess.run(
        [sys.executable, str(ROOT / "examples" / "cost_benchmark.py"), "--quick", "--out", str(tmp_path)],
        capture_output=True, text=True, timeout=60,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert not run.stderr, f"the benchmark wrote to stderr:\n{run.stderr}"
    results = json.loads((tmp_path / "results.json").read_text(encoding="utf-8"))
    assert [r["V"] for r in results["rows"] if r["device"] == "cpu"] == cost.QUICK
    assert all(r["equal"] for r in results["rows"])
    for lang in LANGUAGES:
        assert (tmp_path / f"table.{lang}.md").read_text(encoding="utf-8").startswith("| V |")
        assert (tmp_path / f"cost.{lang}.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_page_shows_the_committed_measurements(lang):
    page = DOCS / lang / cost.PAGE
    text = page.read_text(encoding="utf-8")
    shown = text[text.find(cost.TABLE_START) : text.find(cost.TABLE_END) + len(cost.TABLE_END)]
    line = text[: text.find(cost.TABLE_START)].count("\n") + 1
    expected = cost.replace_table(shown, cost.table(RESULTS, lang), page)
    assert shown == expected, (
        f"{page.relative_to(ROOT)}:{line}: the table is not {cost.RESULTS.name} as the benchmark writes it; "
        "run `python examples/cost_benchmark.py --from-json` (or measure again without the flag)"
    )
    figure = cost.plot_path(lang)
    assert figure.read_text(encoding="utf-8") == cost.plot(RESULTS, lang), (
        f"{figure.relative_to(ROOT)} is not the plot of {cost.RESULTS.name}; "
        "run `python examples/cost_benchmark.py --from-json`"
    )


def test_measurements_cover_gpt2_and_support_the_prose():
    rows = [r for r in RESULTS["rows"] if r["device"] == "cpu"]
    assert (RESULTS["N"], RESULTS["D"]) == (1024, 768)
    assert [r["V"] for r in rows] == cost.FULL and cost.FULL[-1] == 50_257
    assert all(r["equal"] for r in rows)
    assert all(RESULTS[key] for key in ("machine", "torch", "date"))
    # "The look-up time does not depend on V" and "thousands of times faster".
    lookups = [r["lookup_ms"] for r in rows]
    assert max(lookups) < 3 * min(lookups), f"look-up times vary with V: {lookups}"
    assert rows[-1]["onehot_ms"] / rows[-1]["lookup_ms"] >= 1000
