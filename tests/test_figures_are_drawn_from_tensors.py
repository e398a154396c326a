"""Every figure, and the explorer's data, is what examples/figures.py draws from live tensors.

The generator is run again here and each committed file must show what its fresh drawing
shows: the same text, labels, ids and order, and every number within one unit of its
committed last digit (tests/shown_numbers.py), so another CPU's last bits pass while a
number edited by hand, or a PyTorch upgrade that moves one, fails with the file, the place
and both values. Only `pytest --update-outputs` rewrites the committed files.
No SVG may sit in a figures folder without a maker, and each is shown by a page.
"""

from __future__ import annotations

import functools
import re

import pytest

from pages import DOCS, LANGUAGES, ROOT, load_example, rel, teaching_pages
from shown_numbers import differences

figures = load_example("figures")
cost = load_example("cost_benchmark")
# Drawing trains small models: done once, by the one worker that runs these tests (xdist_group),
# when the first of them needs it, not by every worker while it collects.
pytestmark = pytest.mark.xdist_group("figures")


@functools.cache
def drawn() -> dict:
    return figures.everything()


def committed() -> list:
    """The generated files as committed (the benchmark's plots have a test of their own);
    test_every_figure_has_a_maker_and_a_page holds this list to what is drawn."""
    plots = {cost.plot_path(lang) for lang in LANGUAGES}
    return sorted(p for p in DOCS.glob("*/figures/*.svg") if p not in plots) + sorted(figures.ASSETS.glob("*.json"))


@pytest.mark.parametrize("path", committed(), ids=lambda p: str(p.relative_to(ROOT)))
def test_committed_figure_shows_what_pytorch_draws_now(path, update_outputs):
    expected = drawn().get(path)
    assert expected is not None, f"{path.relative_to(ROOT)}: no drawing module makes it (see examples/figures.py)"
    rel = path.relative_to(ROOT)
    committed = path.read_text(encoding="utf-8") if path.is_file() else None
    if update_outputs and (committed is None or differences(committed, expected, str(rel))):
        # rewritten only where a reader would see a change: another machine's last bits are none
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(committed := expected, encoding="utf-8")
    assert committed is not None, f"{rel} is missing: run python -m pytest --update-outputs"
    found = differences(committed, expected, str(rel))
    assert not found, (
        "\n".join(found) + f"\n{rel} no longer shows what examples/figures.py draws from PyTorch now "
        "(pytest --update-outputs rewrites it, if the change is deliberate)"
    )


def test_every_figure_has_a_maker_and_a_page(update_outputs):
    new = sorted(set(drawn()) - set(committed()))
    if update_outputs:
        for path in new:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(drawn()[path], encoding="utf-8")
    else:
        assert not new, f"drawn but not committed: {[str(p.relative_to(ROOT)) for p in new]}; run python -m pytest --update-outputs"
    made = {p for p in drawn() if p.suffix == ".svg"} | {cost.plot_path(lang) for lang in LANGUAGES}
    found = set(DOCS.glob("*/figures/*"))
    unknown = sorted(str(p.relative_to(ROOT)) for p in found - made)
    assert not unknown, f"figures that no generator makes (so nothing checks their numbers): {unknown}"
    for path in sorted(made):
        lang = path.relative_to(DOCS).parts[0]
        shown = [p for p in (DOCS / lang).glob("*.md") if f"](figures/{path.name} " in p.read_text(encoding="utf-8")]
        assert shown, f"{path.relative_to(ROOT)} is shown by no page of docs/{lang}/"


def test_figure_numbers_are_the_tables_the_pages_print():
    # The same seeds and calls as the pages: the figures show exactly the printed values.
    weight = figures.embedding_vs_linear_weight()
    table = [f"{x:.4f}" for x in weight.flatten().tolist()]
    for name in ("lookup-batch.svg", "onehot-id-2.svg"):
        svg = drawn()[DOCS / "en" / "figures" / name]
        shown = re.findall(r">(-?\d\.\d{4})<", svg)
        assert shown[: len(table)] == table, f"the table drawn in {name} is not embedding.weight of embedding-vs-linear.md"


@pytest.mark.parametrize("page", [p for lang in LANGUAGES for p in teaching_pages(lang)], ids=rel)
def test_every_teaching_page_shows_a_figure_of_its_own(page):
    """Each teaching page shows at least one figure drawn from its own tensors: by the
    drawing module that names it (PAGE), or, on the cost page, the benchmark's plot."""
    lang = page.relative_to(DOCS).parts[0]
    own = {name for maker in figures.makers() if maker.PAGE == page.stem for name in maker.figures(lang)}
    if page.stem == "the-cost-measured":
        own.add(cost.plot_path(lang).name)
    shown = set(re.findall(r"\]\(figures/([\w-]+\.svg) ", page.read_text(encoding="utf-8")))
    assert shown & own, (
        f"{rel(page)} shows no figure drawn from its own tensors (it shows {sorted(shown) or 'none'}); "
        f"draw one in examples/drawings/{page.stem.replace('-', '_')}.py (see README, figures)"
    )
