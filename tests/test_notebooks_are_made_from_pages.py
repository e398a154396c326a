"""Each teaching page has a notebook in examples/<lang>/, made from the page and identical to it.

The notebook is made again from the page (code and checked outputs) and must equal the
committed file; `python docs/make.py` writes it. test_notebooks_run_in_jupyter.py runs
the notebooks themselves in a real kernel.
"""

import json
from difflib import unified_diff

import pytest

from notebook_files import EXAMPLES, has_notebook, make_notebook, notebook_path
from pages import pages, rel

TEACHING = [p for p in pages() if has_notebook(p)]


@pytest.mark.parametrize("page", TEACHING, ids=rel)
def test_notebook_matches_its_page(page):
    path = notebook_path(page)
    assert path.exists(), f"{rel(page)} has no notebook {rel(path)}; run python docs/make.py"
    want, have = json.loads(make_notebook(page))["cells"], json.loads(path.read_text(encoding="utf-8"))["cells"]
    for i, (w, h) in enumerate(zip(want, have)):
        if w != h:
            diff = unified_diff(
                json.dumps(h, indent=1, ensure_ascii=False).splitlines(),
                json.dumps(w, indent=1, ensure_ascii=False).splitlines(),
                f"{rel(path)} cell {i}",
                f"made from {rel(page)}",
                lineterm="",
            )
            pytest.fail(f"{rel(path)}: cell {i} differs from its page {rel(page)} (python docs/make.py remakes it)\n"
                        + "\n".join(diff), pytrace=False)
    assert len(have) == len(want), f"{rel(path)} has {len(have)} cells, its page makes {len(want)}"
    assert path.read_text(encoding="utf-8") == make_notebook(page), f"{rel(path)}: metadata differs from what its page makes"


def test_no_notebook_without_a_page():
    made = {notebook_path(p) for p in TEACHING}
    orphans = [rel(p) for p in EXAMPLES.rglob("*.ipynb") if p not in made]
    assert not orphans, f"notebooks with no teaching page: {orphans} (python docs/make.py removes them)"
