"""Read the documentation pages the way the tests need them.

Code and expected outputs come from pytest-codeblocks' parser (its markers are what
authors write); this module adds what the parser does not keep: where each expected
output sits in the file (for page:line messages and for rewriting it), and a clear
error, with file and line, for a fence that is never closed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from mkdocs.utils.yaml import yaml_load
from pytest_codeblocks import extract_from_file

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGUAGES = ("en", "zh")  # the first is the source language
# As the build reads it: $SITE_URL if set, else the default in mkdocs.yml (`!ENV [SITE_URL, ...]`)
SITE_URL = yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["site_url"]
MARKER = "<!--pytest-codeblocks:expected-output-->"
_MARKER = re.compile(r"<!--[-\s]*pytest-codeblocks:\s*expected-output[-\s]*-->")
# Printed tensors look like this; `torch.tensor([` in code is a call, not output.
TENSOR_TEXT = re.compile(r"(?<![\w.])tensor\(\[|(?<![\w.])tensor\(-?\d|Parameter containing:|\b-?\d\.\d{4}\b")


class PageError(Exception):
    """A page that cannot be read as intended; the message names file and line."""


@dataclass
class Fence:
    start: int  # 1-based line of the opening ```
    end: int  # 1-based line of the closing ```
    info: str
    after_marker: bool  # the expected-output marker stands right before it


@dataclass
class Block:
    page: Path
    line: int
    code: str
    syntax: str
    expected: str | None
    output_fence: Fence | None

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    @property
    def is_python(self) -> bool:
        return self.syntax.split()[0:1] == ["python"] if self.syntax else False


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def pages(lang: str | None = None) -> list[Path]:
    langs = [lang] if lang else LANGUAGES
    return sorted(p for l in langs for p in (DOCS / l).rglob("*.md"))


def lang_of(page: Path) -> str:
    return page.relative_to(DOCS).parts[0]


def lang_prefix(lang: str) -> str:
    """Where a language's site sits under the site root: the first at the root, others in <lang>/."""
    return "" if lang == LANGUAGES[0] else f"{lang}/"


def published_path(lang: str, source: str) -> str:
    """Where docs/<lang>/<source> (x.md, or examples/x.ipynb) is published, from the site root."""
    stem = source.rsplit(".", 1)[0]
    return lang_prefix(lang) + ("" if stem == "index" else f"{stem}/")


def counterpart(page: Path, lang: str) -> Path:
    """The same page in another language (docs/en/x.md -> docs/zh/x.md)."""
    return DOCS / lang / page.relative_to(DOCS / lang_of(page))


def fences(page: Path) -> list[Fence]:
    """Every ``` fence, with the same rules as pytest-codeblocks' parser."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found, marker_pending, i = [], False, 0
    while i < len(lines):
        stripped = lines[i].strip()
        if _MARKER.fullmatch(stripped):
            marker_pending = True
        elif stripped.startswith("```"):
            ticks = len(stripped) - len(stripped.lstrip("`"))
            start = i
            i += 1
            while i < len(lines) and not lines[i].lstrip().startswith("`" * ticks):
                i += 1
            if i == len(lines):
                raise PageError(f"{rel(page)}:{start + 1}: this code fence is never closed")
            found.append(Fence(start + 1, i + 1, stripped[ticks:].strip(), marker_pending))
            marker_pending = False
        i += 1
    return found


def blocks(page: Path) -> list[Block]:
    """The page's code blocks, each with its expected output and where that output sits."""
    all_fences = fences(page)  # first, so an unclosed fence is reported with its line
    try:
        parsed = extract_from_file(page)
    except RuntimeError as err:
        raise PageError(f"{rel(page)}: {err}") from err
    code_fences = [f for f in all_fences if not f.after_marker]
    output_fences = iter(f for f in all_fences if f.after_marker)
    assert [f.start for f in code_fences] == [b.lineno for b in parsed], rel(page)
    result = []
    for fence, block in zip(code_fences, parsed):
        output = next(output_fences) if block.expected_output is not None else None
        result.append(Block(page, fence.start, block.code, block.syntax or "", block.expected_output, output))
    return result


def unchecked_tensor_text(page: Path) -> list[tuple[int, str]]:
    """Lines that look like printed tensors but are not inside a checked expected output."""
    checked = set()
    for fence in fences(page):
        if fence.after_marker:
            checked.update(range(fence.start, fence.end + 1))
    lines = page.read_text(encoding="utf-8").splitlines()
    return [(n, line) for n, line in enumerate(lines, 1) if n not in checked and TENSOR_TEXT.search(line)]


_HEADING = re.compile(r"^(#{2,6})\s+(.*?)\s*(?:\{\s*#([\w-]+)\s*\})?\s*$")


def headings(page: Path) -> list[tuple[int, str, str | None]]:
    """(line, text, explicit anchor or None) of every heading below the title."""
    inside = set()
    for fence in fences(page):
        inside.update(range(fence.start, fence.end + 1))
    out = []
    for n, line in enumerate(page.read_text(encoding="utf-8").splitlines(), 1):
        m = _HEADING.match(line)
        if m and n not in inside:
            out.append((n, m.group(2), m.group(3)))
    return out


def load_example(name: str):
    """A script of examples/ as a module (examples/ is not a package: its files are downloads)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(name, ROOT / "examples" / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
