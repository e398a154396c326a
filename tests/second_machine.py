"""Run what the suite checks once more as another machine would, and print what differs.

    ATEN_CPU_CAPABILITY=default OMP_NUM_THREADS=4 python tests/second_machine.py 4

PyTorch's scalar kernels (ATEN_CPU_CAPABILITY=default) stand in for another CPU, the
nearest thing to one on a single machine, and four threads for a reader with more cores
than the suite's one thread per worker. The Chinese pages run here (their code and outputs
are the English pages', block by block, as the translation check proves; the English pages
run in the suite's own workers on the native kernels and one thread), so every page's code
runs on both "machines" and neither run is paid twice. Every generator draws again and is
compared with the committed files as a reader sees them (tests/shown_numbers.py).

Prints one JSON object: the kernels and threads it ran with, and every problem found.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE), str(HERE.parent / "docs" / "hooks"), str(HERE.parent / "docs" / "makers")]  # as pyproject.toml's pythonpath


def main(threads: int) -> None:
    import torch

    torch.set_num_threads(threads)
    from pages import ROOT, load_example, pages
    from runner import problems
    from shown_numbers import differences

    found = []
    for page in pages("zh"):
        found += problems(page)
    # (The cost plots are drawn by matplotlib from committed measurements, with no PyTorch
    # kernel or thread involved: tests/test_the_cost_is_measured.py holds them.)
    drawn = load_example("figures").everything()
    for path, text in drawn.items():
        name = str(path.relative_to(ROOT))
        found += differences(path.read_text(encoding="utf-8"), text, name) if path.is_file() else [f"{name} is missing"]
    print(json.dumps({
        "capability": torch.backends.cpu.get_cpu_capability(),
        "threads": torch.get_num_threads(),
        "pages": len(pages("zh")), "files": len(drawn), "problems": found,
    }))


if __name__ == "__main__":
    main(int(sys.argv[1]))
