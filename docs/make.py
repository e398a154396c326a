"""Make every file that is derived from the pages, the drawings and the measurements.

    python docs/make.py

In this order, each step reading what the steps before it wrote:

1. outputs: every English page's Python blocks run (docs/makers/runner.py), and what each
   prints becomes its shown output; each translation shows its English page's outputs,
   block for block;
2. tables: the glossary's table on the glossary pages (docs/glossary.yml), and the cost
   page's tables and plots (examples/cost_benchmark.json);
3. Next lines: the line that ends each teaching page, from mkdocs.yml's nav;
4. notebooks: examples/<lang>/<page>.ipynb, made from each page with Python blocks;
5. figures and widget data: examples/figures.py draws them from live tensors.

A file is written only when a reader would see a change (a figure whose numbers moved by
less than one unit of their last digit, as on another CPU, is left alone), and each file
written is named; a second run writes nothing. A translation is never signed here: the
maker names each one whose English page has changed since it was signed (or that was never
signed), with the `translates:` line to write once its text says what the English says. The tests compare these files with what
this makes and never write (tests/test_*.py); run this after changing a page, then the
tests. Outputs come from PyTorch on one thread, as in the tests.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["OMP_NUM_THREADS"] = "1"  # as in the tests; every shown output holds at 1 and 4 threads
os.environ.setdefault("HF_HUB_OFFLINE", "1")  # a page that tries to download fails at once
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
for folder in (HERE / "hooks", HERE / "makers"):
    sys.path.insert(0, str(folder))

import glossary_tables  # noqa: E402
import next_lines  # noqa: E402
import notebook_files  # noqa: E402
import shown_outputs  # noqa: E402
import page as page_format  # noqa: E402
from page import PageError  # noqa: E402
from site_layout import LANGUAGES, counterpart, load_example, pages, rel  # noqa: E402


def write(path: Path, text: str, written: list[str]) -> None:
    """Write `text` to `path` if it differs from what is there."""
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    written.append(rel(path))


def outputs(written: list[str]) -> None:
    import torch

    torch.set_num_threads(1)
    source, others = LANGUAGES[0], LANGUAGES[1:]
    for page in pages(source):
        write(page, shown_outputs.english(page), written)
        for lang in others:
            if counterpart(page, lang).is_file():
                write(counterpart(page, lang), shown_outputs.translated(counterpart(page, lang), page), written)


def tables(written: list[str]) -> None:
    import json

    cost_benchmark = load_example("cost_benchmark")

    for lang in LANGUAGES:
        write(glossary_tables.page(lang), glossary_tables.with_table(lang), written)
    results = json.loads(cost_benchmark.RESULTS.read_text(encoding="utf-8"))
    for lang in LANGUAGES:
        page = ROOT / "docs" / lang / cost_benchmark.PAGE
        write(page, cost_benchmark.render_page(page, results, lang), written)
        plot = cost_benchmark.plot(results, cost_benchmark.LABELS[lang], lang)
        _write_drawn(cost_benchmark.plot_path(lang), plot, written)


def next_line(written: list[str]) -> None:
    for page in pages():
        write(page, next_lines.with_next_line(page), written)


def notebooks(written: list[str]) -> None:
    made = set()
    for page in pages():
        if notebook_files.has_notebook(page):
            path = notebook_files.notebook_path(page)
            write(path, notebook_files.make_notebook(page), written)
            made.add(path)
    for orphan in sorted(set(notebook_files.EXAMPLES.glob("*/*.ipynb")) - made):
        orphan.unlink()  # its page is gone
        written.append(f"{rel(orphan)} (removed: no page makes it)")


def figures(written: list[str]) -> None:
    cost_benchmark = load_example("cost_benchmark")
    drawn = load_example("figures").everything()
    for path, text in drawn.items():
        _write_drawn(path, text, written)
    plots = {cost_benchmark.plot_path(lang) for lang in LANGUAGES}
    for orphan in sorted(set((ROOT / "docs").glob("*/figures/*.svg")) - set(drawn) - plots):
        orphan.unlink()  # no drawing module makes it any more
        written.append(f"{rel(orphan)} (removed: nothing draws it)")


def _write_drawn(path: Path, text: str, written: list[str]) -> None:
    """A drawing is rewritten only where a reader would see a change: another machine's
    last bits are none (tests/shown_numbers.py)."""
    from shown_numbers import differences

    if path.is_file() and not differences(path.read_text(encoding="utf-8"), text, rel(path)):
        return
    write(path, text, written)


STEPS = [outputs, tables, next_line, notebooks, figures]


def unsigned() -> list[str]:
    """Each translation whose English page changed since it was signed (or never was)."""
    found = []
    for page in pages(LANGUAGES[0]):
        now = page_format.read(page).fingerprint()
        for lang in LANGUAGES[1:]:
            theirs = counterpart(page, lang)
            if theirs.is_file() and str(page_format.read(theirs).front_matter.get("translates")) != now:
                found.append(f"{rel(theirs)}: once it says what {rel(page)} says, sign it: `translates: {now}` in its front matter")
    return found


def main() -> int:
    written: list[str] = []
    try:
        for step in STEPS:
            step(written)
    except (PageError, shown_outputs.MakeError) as error:
        print(f"docs/make.py stopped: {error}", file=sys.stderr)
        return 1
    for name in written:
        print(f"wrote {name}")
    if not written:
        print("every derived file is up to date")
    for line in unsigned():
        print(f"translation behind: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
