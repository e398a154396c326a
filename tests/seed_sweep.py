"""The seed sweep: every True/False a page prints, under a thousand or more other seeds.

    python tests/seed_sweep.py                    # every English page, 1,000 seeds each
    python tests/seed_sweep.py docs/en/bags-and-special-rows.md --seeds 5000

The luck guard in the test suite tries three other seeds on every run; a comparison that
fails once in a thousand seeds gets past it. Run this before committing a page that prints
a True or False: each page runs again once per seed world (every torch.manual_seed(n) of
the page given another seed, the same n always the same new seed, see seeds.py) on both
cores, and any printed boolean that comes out otherwise is reported with its page:line and
the seeds that flip it. Exit status 1 if anything flips or fails. Blocks marked
<!--docs:depends-on-values--> are left out, as in the luck guard. Chinese pages have the
same code as their English page (test_translations_match.py), so English suffices.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

_HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(_HERE), str(_HERE.parent / "docs" / "hooks"), str(_HERE.parent / "docs" / "makers")]  # as pyproject.toml's pythonpath

from pages import LANGUAGES, ROOT, blocks, pages, rel  # noqa: E402
from seeds import BOOLEAN, SEED, guarded, reseeded, seed_for, seeded  # noqa: E402


def sweep(args: tuple[str, range]) -> tuple[dict[str, list[str]], list[str], int]:
    """(page:line -> worlds that flip it, failures, booleans compared) for worlds of one page."""
    path, worlds = args
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    import torch

    torch.set_num_threads(1)  # two processes share the two cores
    from runner import run_blocks

    page = Path(path)
    page_blocks = blocks(page)
    checked = guarded(page_blocks)
    needed = page_blocks[: page_blocks.index(checked[-1]) + 1]
    originals = sorted({int(m.group(2)) for b in needed if b.is_python for m in SEED.finditer(b.code)})
    flips: dict[str, list[str]] = {}
    failures, compared = [], 0
    for world in worlds:
        seeds = ", ".join(f"{o}->{seed_for(world, o)}" for o in originals)
        for r in run_blocks(needed, edit=reseeded(world)):
            if r.error:
                failures.append(f"{r.block.where}: fails with seeds {seeds}: {r.error.strip().splitlines()[-1]}")
                break
            if r.block in checked:
                compared += len(BOOLEAN.findall(r.block.expected))
                if BOOLEAN.findall(r.printed) != BOOLEAN.findall(r.block.expected):
                    flips.setdefault(f"{rel(page)}:{r.block.output.start + 1}", []).append(seeds)
    return flips, failures, compared


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("pages", nargs="*", help="pages to sweep (default: every English page)")
    parser.add_argument("--seeds", type=int, default=1000, help="seed worlds per page (default 1000)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    options = parser.parse_args()
    chosen = [Path(p).resolve() for p in options.pages] or pages(LANGUAGES[0])
    todo = [p for p in chosen if seeded(p) and guarded(blocks(p))]
    for p in chosen:
        if p not in todo:
            print(f"{rel(p)}: nothing to sweep (no torch.manual_seed, or no printed True/False outside depends-on-values)")
    chunks = max(1, options.jobs)
    bad = 0
    with ProcessPoolExecutor(options.jobs) as pool:
        for page in todo:
            start = time.monotonic()
            parts = [(str(page), range(i, options.seeds, chunks)) for i in range(chunks)]
            flips: dict[str, list[str]] = {}
            failures, compared = [], 0
            for f, fails, n in pool.map(sweep, parts):
                for where, seeds in f.items():
                    flips.setdefault(where, []).extend(seeds)
                failures += fails
                compared += n
            took = time.monotonic() - start
            print(f"{rel(page)}: {options.seeds} seed worlds, {compared:,} printed booleans compared, "
                  f"{sum(map(len, flips.values()))} flips, {len(failures)} failures ({took:.1f} s)")
            for where, seeds in sorted(flips.items()):
                print(f"  FLIP {where}: {len(seeds)} of {options.seeds} worlds, first: {'; '.join(seeds[:3])}")
            for failure in failures[:5]:
                print(f"  FAIL {failure}")
            bad += bool(flips or failures)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
