"""Every downloadable notebook, run in a real Jupyter kernel, shows what it stores.

The notebooks are made from the pages (test_notebooks_are_made_from_pages.py); this runs
the files a reader downloads, top to bottom, and compares each cell's output with the
stored one: what it prints, the error it raises (only in a cell tagged raises-exception),
and nothing else (no stderr, no displayed values). One kernel serves all notebooks; each
cell has its page block's time limit; every notebook that differs is reported, with its
cell and the page line it comes from.

A translated notebook whose code (comments aside), tags and stored outputs are those of
its English notebook, cell by cell, would only repeat that run: it is compared, not run.
"""

from __future__ import annotations

import difflib
import json
from pathlib import Path

import pytest

from notebooks import EXAMPLES
from pages import DOCS, DEFAULT_TIME_LIMIT, LANGUAGES, PageError, blocks, rel, without_comments

NOTEBOOKS = sorted(EXAMPLES.glob("*/*.ipynb"))


def stored(cell: dict) -> tuple[str, tuple[str, str] | None]:
    stdout = "".join("".join(o["text"]) for o in cell["outputs"] if o["output_type"] == "stream" and o["name"] == "stdout")
    errors = [(o["ename"], o["evalue"]) for o in cell["outputs"] if o["output_type"] == "error"]
    return stdout, errors[0] if errors else None


def runs_as(notebook: Path) -> tuple:
    """What running the notebook depends on and shows, cell by cell: code without comments,
    tags, stored output and error."""
    cells = [c for c in json.loads(notebook.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
    return tuple((without_comments("".join(c["source"])), tuple(c.get("metadata", {}).get("tags", [])), stored(c)) for c in cells)


def time_limits(notebook: Path) -> list[tuple[str, float]]:
    """(page:line, time limit) of each code cell, from the page the notebook is made of."""
    page = DOCS / notebook.parent.name / f"{notebook.stem}.md"
    try:
        return [(b.where, b.time_limit) for b in blocks(page) if b.is_python]
    except (PageError, OSError):
        return []  # test_notebooks_are_made_from_pages.py names the problem


def problems(kernel, notebook: Path) -> list[str]:
    """What differs between the notebook run now and what it stores (stops at the first cell)."""
    kernel.reset()
    cells = [c for c in json.loads(notebook.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]
    limits = time_limits(notebook)
    for n, cell in enumerate(cells):
        source, limit = limits[n] if n < len(limits) else ("", DEFAULT_TIME_LIMIT)
        where = f"{rel(notebook)}, code cell {n + 1}" + (f" (from {source})" if source else "")
        ran = kernel.run("".join(cell["source"]), limit)
        if ran.timed_out:
            return [f"{where}: ran past its time limit of {limit:g} s and was interrupted"]
        stdout, error = stored(cell)
        raises = "raises-exception" in cell.get("metadata", {}).get("tags", [])
        found = []
        if ran.stdout != stdout:
            diff = difflib.unified_diff(stdout.splitlines(), ran.stdout.splitlines(), "stored", "printed now", lineterm="")
            found.append("prints other output than it stores\n" + "\n".join(diff))
        if ran.error != error:
            found.append(f"raises {ran.error} but stores {error}")
        if ran.error and not raises:
            found.append("raises an error but is not tagged raises-exception (Run All would stop there)")
        if ran.stderr:
            found.append(f"writes to stderr:\n{ran.stderr}")
        if ran.shown:
            found.append(f"displays values the page does not show (print them on the page): {ran.shown}")
        if found:
            return [f"{where}: " + "\n".join(found)]
    return []


def test_every_notebook_runs_and_shows_what_it_stores():
    # One test, so that one pytest-xdist worker starts one kernel for all the notebooks;
    # each notebook is reported on its own, and all of them are run.
    from kernel import Kernel

    assert NOTEBOOKS, "no notebooks in examples/"
    english = EXAMPLES / LANGUAGES[0]
    to_run = [nb for nb in NOTEBOOKS if nb.parent == english or runs_as(nb) != runs_as(english / nb.name)]
    kernel = Kernel()
    try:
        found = [problem for notebook in to_run for problem in problems(kernel, notebook)]
    finally:
        kernel.close()
    if found:
        pytest.fail("\n\n".join(found), pytrace=False)
