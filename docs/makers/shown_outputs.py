"""The outputs a page shows, made from a live run: the English page runs, and each
translation shows its English page's outputs, block for block (their code is the same,
comments aside: tests/test_translations_match.py)."""

from __future__ import annotations

from pathlib import Path

import page as page_format
from page import MARKER, PageError, without_comments
from runner import run_blocks


class MakeError(Exception):
    """What stops the maker; the message names the page, the line and what to do."""


def _with_outputs(doc: page_format.Page, printed: list[str | None]) -> str:
    """The page's text with each block showing `printed[i]` (None: leave the block as it is);
    a block that prints but shows nothing gets the marker and a fence after it."""
    regions = []
    for block, text in zip(doc.blocks, printed):
        if text is None or text == (block.expected or ""):
            continue
        if block.output is not None and not text:
            raise MakeError(f"{block.where}: the block prints nothing now; remove its expected output by hand")
        shown = text[:-1] if text.endswith("\n") else text  # the closing fence ends the last line
        if block.output is not None:
            regions.append((block.output.start + 1, block.output.end - 1, shown))
        else:
            end = block.fence.end
            regions.append((end, end, f"{doc.lines[end - 1]}\n\n{MARKER}\n\n```text\n{shown}\n```"))
    return doc.replaced(regions)


def english(path: Path) -> str:
    """The text of an English page with every output as its blocks print them now."""
    doc = page_format.read(path)
    ran = run_blocks(doc.blocks)
    for r in ran:
        if r.error:
            raise MakeError(f"{r.block.where}: {r.error}")
    printed = {id(r.block): r.printed for r in ran}
    return _with_outputs(doc, [printed.get(id(b)) if b.is_python else None for b in doc.blocks])


def translated(path: Path, english_path: Path) -> str:
    """The text of a translated page with its English page's outputs, block for block."""
    doc, source = page_format.read(path), page_format.read(english_path)
    if len(doc.blocks) != len(source.blocks):
        raise MakeError(f"{page_format.relative(path)} has {len(doc.blocks)} code blocks, "
                        f"{page_format.relative(english_path)} has {len(source.blocks)}: translate the page's blocks first")
    for mine, theirs in zip(doc.blocks, source.blocks):
        same = without_comments(mine.code) == without_comments(theirs.code) if mine.is_python else mine.code == theirs.code
        if not same:
            raise MakeError(f"{mine.where}: its code differs from {theirs.where} (comments aside); a translation keeps the code")
        if theirs.expected is None and mine.expected is not None:
            raise MakeError(f"{mine.where}: shows an output that {theirs.where} does not show; remove it")
    return _with_outputs(doc, [theirs.expected if theirs.is_python else None for theirs in source.blocks])


__all__ = ["MakeError", "PageError", "english", "translated"]
