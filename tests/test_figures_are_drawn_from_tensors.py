"""Every figure, and the widgets' data, is what examples/figures.py draws from live tensors.

The generator is run again here and each committed file must show what its fresh drawing
shows: the same text, labels, ids and order, every integer exactly, and every decimal
number within one unit of its committed last digit (docs/makers/shown_numbers.py), so
another CPU's last bits pass while a number edited by hand, or a PyTorch upgrade that
moves one, fails with the file, the place and both values. `python docs/make.py` writes
the files; this only compares. No SVG may sit in a figures folder without a maker, each
is shown by a page, and each teaching page shows one drawn from its own tensors.
Drawing trains small models, so one test draws everything once (on one pytest-xdist
worker) and reports each guarantee, and each file, as a subtest.
"""

from __future__ import annotations

import re

import page as page_format
from pages import DOCS, LANGUAGES, ROOT, load_example, rel, teaching_pages
from shown_numbers import differences

figures = load_example("figures")
cost = load_example("cost_benchmark")


def committed() -> list:
    """The generated files as committed (the benchmark's plots have a test of their own)."""
    plots = {cost.plot_path(lang) for lang in LANGUAGES}
    return sorted(p for p in DOCS.glob("*/figures/*.svg") if p not in plots) + sorted(figures.ASSETS.glob("*.json"))


def test_every_figure_is_what_pytorch_draws_now(subtests):
    drawn = figures.drawn_by_page()
    plots = {cost.plot_path(lang) for lang in LANGUAGES}
    for path in committed():
        with subtests.test(msg=rel(path)):
            assert path in drawn, f"{rel(path)}: no drawing module makes it (see examples/figures.py)"
            found = differences(path.read_text(encoding="utf-8"), drawn[path][1], rel(path))
            assert not found, "\n".join(found) + (
                f"\n{rel(path)} no longer shows what examples/figures.py draws from PyTorch now "
                "(python docs/make.py rewrites it, if the change is deliberate)"
            )

    with subtests.test(msg="every drawing is committed, and every figure has a maker"):
        new = sorted(rel(p) for p in set(drawn) - set(committed()))
        assert not new, f"drawn but not committed: {new}; run python docs/make.py"
        made = {p for p in drawn if p.suffix == ".svg"} | plots
        unknown = sorted(rel(p) for p in set(DOCS.glob("*/figures/*")) - made)
        assert not unknown, f"figures that no generator makes (so nothing checks their numbers): {unknown}"

    shown = {(lang, name) for lang in LANGUAGES for p in (DOCS / lang).glob("*.md")
             for _, _, name, _ in page_format.read(p).figures()}
    with subtests.test(msg="every figure is shown by a page of its language"):
        unshown = [rel(p) for p in sorted({p for p in drawn if p.suffix == ".svg"} | plots)
                   if (p.relative_to(DOCS).parts[0], p.name) not in shown]
        assert not unshown, f"figures shown by no page of their language: {unshown}"

    for page in [p for lang in LANGUAGES for p in teaching_pages(lang)]:
        with subtests.test(msg=f"{rel(page)} shows a figure drawn from its own tensors"):
            lang = page.relative_to(DOCS).parts[0]
            own = {p.name for p, (stem, _) in drawn.items() if stem == page.stem and p.parent.parent.name == lang}
            if page.stem == cost.PAGE.removesuffix(".md"):
                own.add(cost.plot_path(lang).name)
            its = {name for _, _, name, _ in page_format.read(page).figures()}
            assert its & own, (
                f"{rel(page)} shows no figure drawn from its own tensors (it shows {sorted(its) or 'none'}); "
                f"draw one in examples/drawings/{page.stem.replace('-', '_')}.py (see README, figures)"
            )

    with subtests.test(msg="page 1's figures show the table page 1 prints"):
        # The same seeds and calls as the page: the figures show exactly the printed values.
        weight = figures.embedding_vs_linear_weight()
        table = [f"{x:.4f}" for x in weight.flatten().tolist()]
        for name in ("lookup-batch.svg", "onehot-id-2.svg"):
            svg = drawn[DOCS / "en" / "figures" / name][1]
            assert re.findall(r">(-?\d\.\d{4})<", svg)[: len(table)] == table, (
                f"the table drawn in {name} is not embedding.weight of embedding-vs-linear.md"
            )
