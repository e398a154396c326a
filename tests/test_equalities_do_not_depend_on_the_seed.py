"""The luck guard: a True or False that a page prints holds for other random values too.

Each English page runs again with every torch.manual_seed(...) given other seeds; every
True/False a block prints must come out the same. A block whose boolean is meant to
depend on the values carries <!--docs:depends-on-values--> (and its prose says so). The
Chinese pages have the same code (test_translations_match.py), so English suffices.
"""

from __future__ import annotations

import pytest

from pages import LANGUAGES, blocks, pages, rel
from runner import run_blocks
from seeds import BOOLEAN, guarded as guarded_blocks, reseeded, seeded

OTHER_SEEDS = (0, 1, 2)  # three more worlds; each page run costs about what the page costs
SEEDED = [p for p in pages(LANGUAGES[0]) if seeded(p)]


@pytest.mark.parametrize("page", SEEDED, ids=rel)
def test_printed_booleans_hold_for_other_seeds(page):
    page_blocks = blocks(page)
    guarded = guarded_blocks(page_blocks)
    if not guarded:
        return
    flipped: dict[str, list[int]] = {}
    failed = []
    needed = page_blocks[: page_blocks.index(guarded[-1]) + 1]  # nothing after the last guarded block
    for world in OTHER_SEEDS:
        for r in run_blocks(needed, edit=reseeded(world, modulus=10_000)):
            if r.error:
                failed.append(f"{r.block.where}: under other seeds (world {world}) the block fails: {r.error.splitlines()[-1]}")
                break
            if r.block in guarded and BOOLEAN.findall(r.printed) != BOOLEAN.findall(r.block.expected):
                fence = r.block.output
                flipped.setdefault(f"{rel(page)}:{fence.start + 1}", []).append(world)
    found = [
        f"{where}: prints other True/False when the seeds change (worlds {worlds}); make it hold by construction "
        "(an exact equality that is exact for any values; a tolerance scaled to what is summed, atol about "
        "n·eps·sum|terms|, never allclose's default atol=1e-8 near zero; values built to satisfy the condition), "
        "or mark the output <!--docs:depends-on-values--> and say so in the prose; then run python tests/seed_sweep.py PAGE"
        for where, worlds in flipped.items()
    ] + failed
    if found:
        pytest.fail("\n".join(found), pytrace=False)
