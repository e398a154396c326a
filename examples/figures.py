"""Draw the site's figures and the explorers' data from live PyTorch tensors.

    python examples/figures.py

Each page's figures are drawn by its own module, examples/drawings/<page>.py, from
tensors made there with the same seed and the same calls as the page, so a figure
cannot drift from the page's printed output: tests/test_figures_are_drawn_from_tensors.py
draws everything again and fails on any difference. A module has

    PAGE = "the-page"                      # docs/<lang>/the-page.md shows its figures
    def figures(lang) -> {file name: SVG}  # one drawing per language (labels in it)
    def data() -> {file name: JSON value}  # optional: an explorer's data, language-neutral

and is found by its place in drawings/; nothing here needs to change when one is added.
SVG goes to docs/<lang>/figures/, data to docs/overrides/assets/ (both builds ship it).
Shared drawing code is drawings/svg.py.
"""

from __future__ import annotations

import importlib
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))  # examples/ is no package: make drawings/ importable
sys.path.insert(0, str(ROOT / "docs" / "hooks"))  # the page model, which finds the explorers

import page as page_format  # noqa: E402

from drawings import embedding_vs_linear, token_embeddings  # noqa: E402
from drawings.svg import fmt  # noqa: E402

LANGUAGES = ("en", "zh")
ASSETS = ROOT / "docs" / "overrides" / "assets"
DATA = ASSETS / "explorer-data.json"


def makers() -> list:
    """Every module of drawings/ that draws for a page, in file order."""
    found = []
    for path in sorted((HERE / "drawings").glob("*.py")):
        module = importlib.import_module(f"drawings.{path.stem}")
        if hasattr(module, "PAGE"):
            found.append(module)
    return found


def embedding_vs_linear_weight():
    """The table of embedding-vs-linear.md (kept here: the tests compare it with the figures)."""
    return embedding_vs_linear.weight()


def explorer_data() -> dict:
    """The tables the look-up explorer shows, with the product one-hot × table for every ID,
    computed here rather than in the browser, so the test compares it with PyTorch."""
    import torch

    def entry(weight, labels: list[str]) -> dict:
        rows = weight.shape[0]
        onehots = torch.nn.functional.one_hot(torch.arange(rows), rows).float()
        return {
            "labels": labels,
            "weight": [[fmt(x) for x in row] for row in weight.tolist()],
            "product": [[fmt(x) for x in row] for row in (onehots @ weight).tolist()],
        }

    def ids_table():
        weight = embedding_vs_linear.weight()
        return entry(weight, [str(i) for i in range(weight.shape[0])])

    def words_table():
        vocab, words = token_embeddings.weight()
        return entry(words, vocab)

    tables = {"embedding-vs-linear": ids_table, "token-embeddings": words_table}
    # Only the tables a page shows an explorer for (<div class="explorer" data-table="..." hidden>).
    shown = {attrs.get("data-table") for p in (ROOT / "docs" / "en").glob("*.md") for _, _, attrs in page_format.read(p).widgets()}
    return {name: make() for name, make in tables.items() if name in shown}


def everything() -> dict[Path, str]:
    """Every file this script writes, with its text."""
    return {path: text for path, (_, text) in drawn_by_page().items()}


def drawn_by_page() -> dict[Path, tuple[str | None, str]]:
    """Every file this script writes: (the page whose module draws it, or None for the
    explorer's data, which several pages share; its text)."""
    out: dict[Path, tuple[str | None, str]] = {}

    def put(path: Path, text: str, maker) -> None:
        if path in out:
            raise ValueError(f"{path.relative_to(ROOT)} is made twice (again by drawings/{maker.__name__.split('.')[-1]}.py)")
        out[path] = (maker.PAGE, text)

    for maker in makers():
        for lang in LANGUAGES:
            for name, text in maker.figures(lang).items():
                put(ROOT / "docs" / lang / "figures" / name, text, maker)
        for name, value in getattr(maker, "data", dict)().items():
            put(ASSETS / name, json.dumps(value, indent=1, ensure_ascii=False) + "\n", maker)
    out[DATA] = (None, json.dumps(explorer_data(), indent=1, ensure_ascii=False) + "\n")
    return out


def main() -> None:
    for path, text in everything().items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
