"""The luck guard: a True or False that a page prints holds for other random values too.

Each English page runs again with every torch.manual_seed(...) given other seeds; every
True/False a block prints must come out the same. A block whose boolean is meant to
depend on the values carries <!--docs:depends-on-values--> (and its prose says so). The
Chinese pages have the same code (test_translations_match.py), so English suffices.
"""

from __future__ import annotations

import re
import zlib

import pytest

from pages import LANGUAGES, blocks, pages, rel
from runner import run_blocks

OTHER_SEEDS = (0, 1, 2)  # three more worlds; each page run costs about what the page costs
_SEED = re.compile(r"(torch\.manual_seed\()\s*(\d+)\s*(\))")
_BOOLEAN = re.compile(r"\b(True|False)\b")


def reseeded(world: int):
    """Rewrite each seed to another one, the same seed always to the same other one."""

    def edit(code: str) -> str:
        def other(m: re.Match) -> str:
            new = zlib.crc32(f"{world}:{m.group(2)}".encode()) % 10_000
            return f"{m.group(1)}{new}{m.group(3)}"

        return _SEED.sub(other, code)

    return edit


SEEDED = [p for p in pages(LANGUAGES[0]) if any(_SEED.search(b.code) for b in blocks(p) if b.is_python)]


@pytest.mark.parametrize("page", SEEDED, ids=rel)
def test_printed_booleans_hold_for_other_seeds(page):
    page_blocks = blocks(page)
    guarded = [b for b in page_blocks if b.expected and _BOOLEAN.search(b.expected) and "depends-on-values" not in b.markers]
    if not guarded:
        return
    flipped: dict[str, list[int]] = {}
    failed = []
    needed = page_blocks[: page_blocks.index(guarded[-1]) + 1]  # nothing after the last guarded block
    for world in OTHER_SEEDS:
        for r in run_blocks(needed, edit=reseeded(world)):
            if r.error:
                failed.append(f"{r.block.where}: under other seeds (world {world}) the block fails: {r.error.splitlines()[-1]}")
                break
            if r.block in guarded and _BOOLEAN.findall(r.printed) != _BOOLEAN.findall(r.block.expected):
                fence = r.block.output_fence
                flipped.setdefault(f"{rel(page)}:{fence.start + 1}", []).append(world)
    found = [
        f"{where}: prints other True/False when the seeds change (worlds {worlds}); show a comparison that holds "
        "for every seed (e.g. torch.allclose), or mark the output <!--docs:depends-on-values--> and say so in the prose"
        for where, worlds in flipped.items()
    ] + failed
    if found:
        pytest.fail("\n".join(found), pytrace=False)
