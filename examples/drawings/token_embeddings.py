"""The table of token-embeddings.md, which the look-up explorer shows word by word."""

from __future__ import annotations

import torch

PAGE = "token-embeddings"


def weight() -> tuple[list[str], torch.Tensor]:
    """The vocabulary and table of token-embeddings.md: seed 42, nn.Embedding(6, 3)."""
    words = "Quick fox is in the house".lower().split()
    vocab = sorted(set(words))
    torch.manual_seed(42)
    return vocab, torch.nn.Embedding(len(vocab), 3).weight.detach()




def figures(lang: str) -> dict[str, str]:
    """None yet: the page shows this table in the look-up explorer."""
    return {}
