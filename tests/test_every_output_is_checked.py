"""Nothing that looks like a printed tensor sits anywhere unchecked.

Printed output may appear only in an expected-output fence (which the page runner
compares with a live run) or as a stored notebook output (which a real kernel compares,
in test_notebooks_run_in_jupyter.py). Tensor text anywhere else, in prose, in a plain
fence, in a comment, in a markdown cell, could drift from PyTorch without any test noticing.
"""

import json

import pytest

import page as page_format
from pages import ROOT, TENSOR_TEXT, rel

# The project's own Markdown: a virtual environment or a cache inside the clone is not ours.
MARKDOWN = sorted([*ROOT.glob("*.md"), *(ROOT / "docs").rglob("*.md"), *(ROOT / "examples").rglob("*.md")])
NOTEBOOKS = sorted((ROOT / "examples").rglob("*.ipynb"))


@pytest.mark.parametrize("path", MARKDOWN, ids=rel)
def test_no_tensor_text_outside_checked_outputs(path):
    found = page_format.read(path).unchecked_tensor_text()
    assert not found, "printed-tensor text outside a checked expected output:\n" + "\n".join(
        f"{rel(path)}:{n}: {line}" for n, line in found
    )


@pytest.mark.parametrize("path", NOTEBOOKS, ids=rel)
def test_no_tensor_text_in_notebook_sources(path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found = [
        f"{rel(path)}: cell {i} ({cell['cell_type']}): {line}"
        for i, cell in enumerate(cells)
        for line in "".join(cell["source"]).splitlines()
        if TENSOR_TEXT.search(line)
    ]
    assert not found, "printed-tensor text in a notebook's sources (only its outputs are checked):\n" + "\n".join(found)


def test_no_tensor_numbers_in_other_site_files():
    # Figures and the explorer's data hold the pages' numbers too; they are checked only
    # because test_figures_are_drawn_from_tensors.py and test_the_cost_is_measured.py draw
    # them again. Any other file of the site with such numbers would be checked by nothing.
    from pages import LANGUAGES, load_example

    drawn = set(load_example("figures").everything())
    drawn |= {load_example("cost_benchmark").plot_path(lang) for lang in LANGUAGES}
    found = [
        rel(path)
        for path in sorted((ROOT / "docs").rglob("*"))
        if path.is_file() and path.suffix in {".svg", ".json", ".html", ".js", ".csv", ".txt"}
        and path not in drawn
        and TENSOR_TEXT.search(path.read_text(encoding="utf-8", errors="replace"))
    ]
    assert not found, f"tensor-like numbers in site files that no test redraws: {found}"
