"""The source notebooks' own numbers stand on the site, checked, in both languages.

A learner with the book's notebook (rasbt's "Embedding Layers and Linear Layers", seed 123)
or the "Token embeddings" notebook (seed 42) open beside the site checks one against the
other first. These are the key lines those notebooks print with PyTorch 2.13.0 (each also
what the notebooks stored when they were saved); every one must appear inside an output the
suite compares with a live run (an expected-output fence), on some page of each language.
"""

from __future__ import annotations

import re

import pytest

from pages import LANGUAGES, blocks, pages

KEY_LINES = {
    "seed 123: row 0 of the 4 × 5 table": "[ 0.3374, -0.1778, -0.3035, -0.5880,  1.5810]",
    "seed 123: row 1 (the look-up of ID 1)": "[ 1.3010,  1.2753, -0.2010, -0.1606, -0.4015]",
    "seed 123: row 2 (the look-up of ID 2)": "[ 0.6957, -1.8061, -1.1589,  0.3255, -0.6315]",
    "seed 123: row 3": "[-2.8400, -0.7849, -1.4096, -0.4076,  0.7953]",
    "seed 123: first row of Linear(4, 5)'s own weight": "[-0.2039,  0.0166, -0.2483,  0.1886]",
    "seed 123: last row of Linear(4, 5)'s own weight": "[-0.3814,  0.3274, -0.1179,  0.1605]",
    "the look-up's autograd record": "grad_fn=<EmbeddingBackward0>",
    "the linear layer's autograd record": "grad_fn=<MmBackward0>",
    "seed 42: the vector of 'fox'": "[ 1.9269,  1.4873, -0.4974]",
    "seed 42: the look-up of [2, 3, 5, 1], last row": "[ 0.4396, -0.7581,  1.0783]",
    "unseeded Embedding(4, 5) after seed 42's table: row 0": "[-0.2234,  1.7174,  0.3189, -0.4245, -0.8140]",
    "unseeded Embedding(4, 5): row 2, looked up with [0, 2]": "[ 0.3672,  0.1754, -1.1845,  1.3835, -1.2024]",
}


def _shown(lang: str) -> str:
    return "\n".join(b.expected for page in pages(lang) for b in blocks(page) if b.expected)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_source_notebooks_key_outputs_are_shown_and_checked(lang):
    shown = re.sub(r"[ \t]+", " ", _shown(lang))
    missing = [f"{what}: {line}" for what, line in KEY_LINES.items() if re.sub(r"[ \t]+", " ", line) not in shown]
    assert not missing, (
        f"docs/{lang}/ shows, in no checked output, these lines the source notebooks print "
        "(see the folded boxes on embedding-vs-linear and token-embeddings):\n" + "\n".join(missing)
    )
