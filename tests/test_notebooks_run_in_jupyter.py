"""Every downloadable notebook, run in a real Jupyter kernel, shows what it stores.

The notebooks are made from the pages (test_notebooks_are_made_from_pages.py); this runs
the files a reader downloads, top to bottom, and compares each cell's output with the
stored one: what it prints, the error it raises (only in a cell tagged raises-exception),
and nothing else (no stderr, no displayed values). One kernel serves all notebooks; each
cell has its page block's time limit.
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

from notebooks import EXAMPLES
from pages import DOCS, DEFAULT_TIME_LIMIT, PageError, blocks, rel

NOTEBOOKS = sorted(EXAMPLES.glob("*/*.ipynb"))
pytestmark = pytest.mark.xdist_group("one-kernel")  # on one pytest-xdist worker, so one kernel


@pytest.fixture(scope="module")
def kernel():
    from kernel import Kernel

    k = Kernel()
    yield k
    k.close()


def stored(cell: dict) -> tuple[str, tuple[str, str] | None]:
    stdout = "".join("".join(o["text"]) for o in cell["outputs"] if o["output_type"] == "stream" and o["name"] == "stdout")
    errors = [(o["ename"], o["evalue"]) for o in cell["outputs"] if o["output_type"] == "error"]
    return stdout, errors[0] if errors else None


def time_limits(notebook: Path) -> list[tuple[str, float]]:
    """(page:line, time limit) of each code cell, from the page the notebook is made of."""
    page = DOCS / notebook.parent.name / f"{notebook.stem}.md"
    try:
        return [(b.where, b.time_limit) for b in blocks(page) if b.is_python]
    except (PageError, OSError):
        return []  # test_notebooks_are_made_from_pages.py names the problem


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=rel)
def test_notebook_runs_and_shows_what_it_stores(kernel, notebook):
    kernel.reset()
    cells = [c for c in json.loads(notebook.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
    limits = time_limits(notebook)
    for n, cell in enumerate(cells):
        source, limit = limits[n] if n < len(limits) else ("", DEFAULT_TIME_LIMIT)
        where = f"{rel(notebook)}, code cell {n + 1}" + (f" (from {source})" if source else "")
        ran = kernel.run("".join(cell["source"]), limit)
        if ran.timed_out:
            pytest.fail(f"{where}: ran past its time limit of {limit:g} s and was interrupted", pytrace=False)
        stdout, error = stored(cell)
        raises = "raises-exception" in cell.get("metadata", {}).get("tags", [])
        problems = []
        if ran.stdout != stdout:
            diff = difflib.unified_diff(stdout.splitlines(), ran.stdout.splitlines(), "stored", "printed now", lineterm="")
            problems.append("prints other output than it stores\n" + "\n".join(diff))
        if ran.error != error:
            problems.append(f"raises {ran.error} but stores {error}")
        if ran.error and not raises:
            problems.append("raises an error but is not tagged raises-exception (Run All would stop there)")
        if ran.stderr:
            problems.append(f"writes to stderr:\n{ran.stderr}")
        if ran.shown:
            problems.append(f"displays values the page does not show (print them on the page): {ran.shown}")
        if problems:
            pytest.fail(f"{where}: " + "\n".join(problems), pytrace=False)
