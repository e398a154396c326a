"""Every downloadable notebook runs top to bottom wherever a learner opens it, and shows what it stores.

The notebooks are made from the pages (test_notebooks_are_made_from_pages.py); this runs
the files a reader downloads as the strictest host would: top to bottom in a real Jupyter
kernel, stopping at the first error, cell tags ignored (only Jupyter's own front ends
honour `raises-exception`; Colab's and Kaggle's "Run all" would stop). Each cell's output
is compared with the stored one: what it prints, and nothing else (no error, no stderr, no
displayed values). One kernel serves all notebooks, each from an empty namespace and
PyTorch's state as a new process has it (runner.FRESH_TORCH_STATE); each cell has its page
block's time limit; every notebook that differs is reported, with its cell and the page
line it comes from.

The same notebook as a plain Python script (`jupyter nbconvert --to script`, which each
notebook's metadata makes write <page>.py) prints what the kernel printed: a script shows
what the code prints and not the values a kernel displays, and the kernel run admits none.
So the script is not run again; its text is made by nbconvert and must be plain Python
(no %magic, no !command).

A translated notebook whose code (comments aside) and stored outputs are those of its
English notebook, cell by cell, would only repeat those runs: it is compared, not run. Its
first cell differs in words only; the tests of the first cell run every language's.
"""

from __future__ import annotations

import ast
import difflib
import importlib.metadata
import io
import json
import os
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest
import torch

from notebook_files import distribution, imported, pinned
from pages import DEFAULT_TIME_LIMIT, DOCS, EXAMPLES, LANGUAGES, PageError, blocks, rel, without_comments
from runner import FRESH_TORCH_STATE

NOTEBOOKS = sorted(EXAMPLES.glob("*/*.ipynb"))
INSTALLED = importlib.metadata.version  # the real one: the first cell's tests fake it
ENGLISH = EXAMPLES / LANGUAGES[0]


def code_cells(notebook: Path) -> list[dict]:
    return [c for c in json.loads(notebook.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code"]


def stored(cell: dict) -> tuple[str, list[tuple[str, str]]]:
    stdout = "".join("".join(o["text"]) for o in cell["outputs"] if o["output_type"] == "stream" and o["name"] == "stdout")
    errors = [(o["ename"], o["evalue"]) for o in cell["outputs"] if o["output_type"] == "error"]
    return stdout, errors


def runs_as(notebook: Path) -> tuple:
    """What running the notebook depends on and shows, cell by cell after the first (whose
    words are the notebook's language): code without comments, tags, stored output."""
    return tuple(
        (without_comments("".join(c["source"])), tuple(c.get("metadata", {}).get("tags", [])), stored(c))
        for c in code_cells(notebook)[1:]
    )


def repeats_english(notebook: Path) -> bool:
    return notebook.parent != ENGLISH and runs_as(notebook) == runs_as(ENGLISH / notebook.name)


def time_limits(notebook: Path) -> list[tuple[str, float]]:
    """(page:line, time limit) of each code cell, from the page the notebook is made of
    (the first cell is the notebook's own)."""
    page = DOCS / notebook.parent.name / f"{notebook.stem}.md"
    try:
        return [("", DEFAULT_TIME_LIMIT)] + [(b.where, b.time_limit) for b in blocks(page) if b.is_python]
    except (PageError, OSError):
        return []  # test_notebooks_are_made_from_pages.py names the problem


def problems(kernel, notebook: Path) -> list[str]:
    """What differs between the notebook run now and what it stores (stops at the first cell)."""
    kernel.reset()
    kernel.run(FRESH_TORCH_STATE, DEFAULT_TIME_LIMIT)
    cells = code_cells(notebook)
    limits = time_limits(notebook)
    for n, cell in enumerate(cells):
        source, limit = limits[n] if n < len(limits) else ("", DEFAULT_TIME_LIMIT)
        where = f"{rel(notebook)}, code cell {n + 1}" + (f" (from {source})" if source else "")
        stdout, errors = stored(cell)
        if errors or cell.get("metadata", {}).get("tags"):
            # A host that ignores tags stops at a stored error's cell; show an error by printing it.
            return [f"{where}: stores an error or carries tags {cell['metadata'].get('tags')}; "
                    "a demonstrated error must be caught and printed (remake: python docs/make.py)"]
        ran = kernel.run("".join(cell["source"]), limit)
        if ran.timed_out:
            return [f"{where}: ran past its time limit of {limit:g} s and was interrupted"]
        found = []
        if ran.stdout != stdout:
            diff = difflib.unified_diff(stdout.splitlines(), ran.stdout.splitlines(), "stored", "printed now", lineterm="")
            found.append("prints other output than it stores\n" + "\n".join(diff))
        if ran.error:
            found.append(f"raises {ran.error[0]}: {ran.error[1]}; Run all stops here in Colab and Kaggle, "
                         "whatever the tags (a demonstrated error must be caught and printed)")
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
    to_run = [nb for nb in NOTEBOOKS if not repeats_english(nb)]
    kernel = Kernel()
    try:
        found = [problem for notebook in to_run for problem in problems(kernel, notebook)]
    finally:
        kernel.close()
    if found:
        pytest.fail("\n\n".join(found), pytrace=False)


# --- as a plain Python script ---------------------------------------------------------------


def test_nbconvert_makes_a_plain_python_script_of_every_notebook(subtests):
    """`jupyter nbconvert --to script` writes <page>.py, and it is plain Python."""
    import nbformat
    from nbconvert.exporters import ScriptExporter

    exporter = ScriptExporter()
    for notebook in NOTEBOOKS:
        with subtests.test(msg=rel(notebook)):
            script, resources = exporter.from_notebook_node(nbformat.read(notebook, as_version=4))
            assert resources["output_extension"] == ".py", (
                f"{rel(notebook)}: nbconvert --to script would write {notebook.stem}{resources['output_extension']}; "
                "the notebook's language_info needs file_extension .py (docs/makers/notebook_files.py)"
            )
            try:
                compile(script, str(notebook), "exec")
            except SyntaxError as error:
                pytest.fail(f"{rel(notebook)} is not plain Python (a %magic or !command?): {error}", pytrace=False)


# --- the first cell: what it installs, and what it says ----------------------------------


def first_cell(notebook: Path) -> str:
    return "".join(code_cells(notebook)[0]["source"])


# The first cells differ only by language and by what a notebook imports: each distinct
# one is run once, named after the first notebook that has it.
DISTINCT_FIRST_CELLS = list({first_cell(nb): nb for nb in reversed(NOTEBOOKS)}.values())[::-1]


def run_first_cell(notebook: Path, monkeypatch, installed: dict[str, str] | None = None,
                   running: dict[str, str] | None = None) -> tuple[str, list]:
    """Run the notebook's first cell here, with faked versions: `installed`, what pip's
    metadata says; `running`, the imported modules' __version__ (torch, transformers). What
    it prints, and the commands it runs (recorded, not run)."""
    commands = []
    installed = installed or {}
    monkeypatch.setattr(importlib.metadata, "version", lambda name: installed.get(name, INSTALLED(name)))
    monkeypatch.setattr(subprocess, "run", lambda command, *a, **k: commands.append(command))
    for name, version in (running or {}).items():
        monkeypatch.setattr(__import__(name), "__version__", version)
    out = io.StringIO()
    with redirect_stdout(out):
        exec(compile(first_cell(notebook), f"{rel(notebook)}, code cell 1", "exec"), {"__name__": "__main__"})
    return out.getvalue(), commands


def pins_in(notebook: Path) -> list[str]:
    return [
        pin for node in ast.parse(first_cell(notebook)).body
        if isinstance(node, ast.Assign) and [ast.unparse(t) for t in node.targets] == ["pins"]
        for pin in ast.literal_eval(node.value)
    ]


def test_every_notebook_pins_what_it_imports(subtests):
    """Every package a notebook imports is the standard library, PyTorch, or pinned in its
    first cell at requirements.txt's version; never torch."""
    pins = pinned()
    for notebook in NOTEBOOKS:
        with subtests.test(msg=rel(notebook)):
            in_cell, wrong = pins_in(notebook), []
            for module in imported("\n\n".join("".join(c["source"]) for c in code_cells(notebook))):
                if module in sys.stdlib_module_names or module == "torch":
                    continue
                name = distribution(module)
                if f"{name}=={pins.get(name)}" not in in_cell:
                    wrong.append(f"imports {module}, but its first cell does not pin {name}=={pins.get(name, '?')} (requirements.txt)")
            wrong += [f"pins {pin}, which is not requirements.txt's {pin.split('==')[0]}=={pins.get(pin.split('==')[0])}"
                      for pin in in_cell if pin.split("==")[0] not in pins or pin != f"{pin.split('==')[0]}=={pins[pin.split('==')[0]]}"]
            wrong += [f"pins {pin}: a hosted runtime's own PyTorch is used" for pin in in_cell if pin.startswith("torch==")]
            assert not wrong, f"{rel(notebook)}: " + "; ".join(wrong)


@pytest.mark.parametrize("notebook", DISTINCT_FIRST_CELLS, ids=rel)
def test_the_first_cell_installs_only_what_is_missing(notebook, monkeypatch):
    """The first cell installs a pinned package only where it is missing or another version
    (here: nothing), by pip in the running Python."""
    in_cell = pins_in(notebook)
    printed, commands = run_first_cell(notebook, monkeypatch)
    assert (printed, commands) == ("", []), f"{rel(notebook)}: with every pin satisfied, the first cell printed {printed!r} and ran {commands}"
    for pin in in_cell:
        name, version = pin.split("==")
        printed, commands = run_first_cell(notebook, monkeypatch, installed={name: "0.0.1"})
        assert commands == [[sys.executable, "-m", "pip", "install", "-q", pin]], \
            f"{rel(notebook)}: with {name} 0.0.1 installed, the first cell ran {commands}, not pip install {pin}"


@pytest.mark.parametrize("notebook", DISTINCT_FIRST_CELLS, ids=rel)
def test_the_first_cell_says_when_versions_differ(notebook, monkeypatch):
    """One line, when PyTorch (or transformers) is not the version that made the outputs:
    which version made them, that the last digits may differ, and that every True/False,
    shape and error holds; nothing when it is (a GPU or CPU build of it alike)."""
    made = torch.__version__.split("+")[0]
    for build in (f"{made}+cpu", f"{made}+cu126", made):
        printed, _ = run_first_cell(notebook, monkeypatch, running={"torch": build})
        assert printed == "", f"{rel(notebook)}: PyTorch {build} made the outputs, yet the first cell says {printed!r}"
    words = {"en": ("last digits", "True/False, shape and error"), "zh": ("最后几位", "True/False、形状和报错")}[notebook.parent.name]
    fakes = [{"torch": "2.5.1+cu121"}]
    if "import transformers" in first_cell(notebook):
        fakes.append({"transformers": "4.57.1"})
    for fake in fakes:
        (name, version), = fake.items()
        printed, _ = run_first_cell(notebook, monkeypatch, running={"torch": made, **fake})
        lines = printed.splitlines()
        assert len(lines) == 1, f"{rel(notebook)}: with {name} {version}, the first cell printed {len(lines)} lines: {printed!r}"
        want = [version.split("+")[0], made, *words]
        missing = [w for w in want if w not in lines[0]]
        assert not missing, f"{rel(notebook)}: with {name} {version}, the first cell says {lines[0]!r}, without {missing}"
