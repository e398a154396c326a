"""Run a page again in another random world: every torch.manual_seed(n) gets another seed.

Shared by the luck guard (test_equalities_do_not_depend_on_the_seed.py, a few worlds on
every run of the suite) and the seed sweep (seed_sweep.py, a thousand or more, run by a
maintainer before committing a page).
"""

from __future__ import annotations

import re
import zlib

from pages import blocks

SEED = re.compile(r"(torch\.manual_seed\()\s*(\d+)\s*(\))")
# What must not depend on the seed: each printed True or False, and each row of marks that
# pages print for a list of booleans ("moved: .XX..", one mark per row; x or X for True).
BOOLEAN = re.compile(r"\bTrue\b|\bFalse\b|(?<![\w.])[.xX]{2,}(?![\w.])")


def seed_for(world: int, original: int, modulus: int = 2**32) -> int:
    """The seed that `original` becomes in `world`: the same original, the same new seed."""
    return zlib.crc32(f"{world}:{original}".encode()) % modulus


def reseeded(world: int, modulus: int = 2**32):
    """An edit for runner.run_blocks that rewrites each seed of a block for `world`."""

    def edit(code: str) -> str:
        return SEED.sub(lambda m: f"{m.group(1)}{seed_for(world, int(m.group(2)), modulus)}{m.group(3)}", code)

    return edit


def guarded(page_blocks) -> list:
    """The blocks whose printed True/False (or marks) must not depend on the seed."""
    return [b for b in page_blocks if b.expected and BOOLEAN.search(b.expected) and "depends-on-values" not in b.markers]


def seeded(page) -> bool:
    return any(SEED.search(b.code) for b in blocks(page) if b.is_python)
