"""Run a page's Python blocks in order, in one namespace, like the cells of a notebook.

pytest-codeblocks runs each block on its own and lets a `cont` chain carry one expected
output; a step-by-step page builds state over many blocks and shows output after each,
so this runner keeps the namespace and compares the output of every block.
"""

from __future__ import annotations

import difflib
import io
import traceback
import warnings
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from pages import MARKER, Block, blocks, rel


@dataclass
class Ran:
    block: Block
    printed: str
    error: str | None = None


def run_blocks(page_blocks: list[Block]) -> list[Ran]:
    namespace: dict = {"__name__": "__main__"}
    ran = []
    for block in page_blocks:
        if not block.is_python:
            continue
        out, err = io.StringIO(), io.StringIO()
        # Pad with blank lines so a traceback points at the page's own line numbers.
        code = compile("\n" * block.line + block.code, str(block.page), "exec")
        error = None
        try:
            with redirect_stdout(out), redirect_stderr(err), warnings.catch_warnings():
                warnings.simplefilter("error")  # a warning is noise on the reader's screen
                exec(code, namespace)
        except Exception:
            error = traceback.format_exc(limit=-3)
        if err.getvalue():
            error = (error or "") + "it wrote to stderr:\n" + err.getvalue()
        ran.append(Ran(block, out.getvalue(), error))
        if error:
            break  # later blocks depend on this one
    return ran


def side_by_side(shown: str, shown_from: int, printed: str) -> str:
    """A diff whose shown lines carry their line numbers in the page."""
    a, b = shown.splitlines(), printed.splitlines()
    rows = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            rows += [f"  {shown_from + i:5} | {a[i]}" for i in range(i1, i2)]
            continue
        rows += [f"- {shown_from + i:5} | {a[i]}" for i in range(i1, i2)]
        rows += [f"+       | {b[j]}" for j in range(j1, j2)]
    return "\n".join(["  (- shown on the page, + printed by the code)"] + rows)


def problems(page: Path) -> list[str]:
    """Everything about a page's blocks and outputs that is not as the page shows it."""
    found = []
    page_blocks = blocks(page)
    for block in page_blocks:
        if block.expected is not None and not block.is_python:
            found.append(f"{block.where}: an expected output follows a block that is not Python ({block.syntax!r})")
    for r in run_blocks(page_blocks):
        b = r.block
        if r.error:
            found.append(f"{b.where}: the block failed\n{r.error}")
        elif b.expected is None and r.printed:
            found.append(
                f"{b.where}: the block printed output that the page does not show; add "
                f"{MARKER} and a fence with it after the block (or run pytest --update-outputs)\n"
                + side_by_side("", 0, r.printed)
            )
        elif b.expected is not None and b.expected != r.printed:
            fence = b.output_fence
            found.append(
                f"{rel(page)}:{fence.start + 1}: the output shown for the block at line {b.line} "
                f"is not what it prints\n" + side_by_side(b.expected, fence.start + 1, r.printed)
            )
    return found


def update_outputs(page: Path) -> None:
    """Rewrite every expected output of the page from a live run (maintainers only)."""
    lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
    edits = []  # (first line index, last line index exclusive, new lines), applied bottom-up
    for r in run_blocks(blocks(page)):
        if r.error:
            raise RuntimeError(f"{r.block.where}: cannot update, the block failed\n{r.error}")
        new = r.printed.splitlines(keepends=True)
        fence = r.block.output_fence
        if fence is not None:
            edits.append((fence.start, fence.end - 1, new))
        elif r.printed:
            code_end = r.block.line + r.block.code.count("\n") + 1
            edits.append((code_end, code_end, ["\n", MARKER + "\n", "\n", "```text\n", *new, "```\n"]))
    for start, end, new in sorted(edits, reverse=True):
        lines[start:end] = new
    page.write_text("".join(lines), encoding="utf-8")
