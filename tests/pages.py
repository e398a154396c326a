"""Read the documentation pages the way the tests need them.

Code and expected outputs come from pytest-codeblocks' parser (its expected-output
marker is what authors write); this module adds what the parser does not keep: where each
expected output sits in the file (for page:line messages and for rewriting it), the
page's own markers (DOCS_MARKERS), and a clear error, with file and line, for a fence that
is never closed or a marker that is unknown or misplaced.
"""

from __future__ import annotations

import functools
import io
import re
import tokenize
from dataclasses import dataclass
from pathlib import Path

import yaml
from mkdocs.utils.yaml import yaml_load
from pytest_codeblocks import extract_from_file

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LANGUAGES = ("en", "zh")  # the first is the source language


def mkdocs_config() -> dict:
    """mkdocs.yml, as MkDocs reads it (its !ENV tags resolved from this process's
    environment, which the suite does not change; the build runs in a process of its own)."""
    return _config(ROOT.joinpath("mkdocs.yml").read_text(encoding="utf-8"))


@functools.cache
def _config(text: str) -> dict:
    # Parsed once per text: the nav and the languages are read by many tests.
    return yaml_load(text)


# As the build reads it: $SITE_URL if set, else the default in mkdocs.yml (`!ENV [SITE_URL, ...]`)
SITE_URL = mkdocs_config()["site_url"]
MARKER = "<!--pytest-codeblocks:expected-output-->"
_MARKER = re.compile(r"<!--[-\s]*pytest-codeblocks:\s*expected-output[-\s]*-->")
# Our own markers, each on its own line directly above the fence it is about (blank lines
# and other markers may stand between). What each means, and where it may stand:
DOCS_MARKERS = {
    "raises": "<!--docs:raises--> above a block: it must raise; its shown output ends with the error's last line",
    "time-limit": "<!--docs:time-limit=SECONDS--> above a block: it may run that long (default 30 s)",
    "depends-on-values": "<!--docs:depends-on-values--> above a block or its output: a True/False it prints "
    "may change with the seed (the luck guard skips it; say so in the prose)",
    "quiz": "<!--docs:quiz--> above a block: a 'predict the output' question; its output is the right answer "
    "(see docs/hooks/quizzes.py)",
    "wrong": "<!--docs:wrong--> above a block after a question: a wrong mental model as code; its output is a wrong option",
    "standalone": "<!--docs:standalone--> above a block: it runs in a fresh namespace (its own imports, no earlier "
    "names), so it can be quoted on its own; `blocks: standalone` in a page's front matter makes every block so",
}
DOCS_MARKER_LINE = re.compile(r"<!--\s*docs:([\w-]+)(?:=(\S*?))?\s*-->")
DEFAULT_TIME_LIMIT = 30.0
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
    markers: dict[str, str | None]  # our markers above it: name -> value (None for a flag)


@dataclass
class Block:
    page: Path
    line: int
    code: str
    syntax: str
    expected: str | None
    output_fence: Fence | None
    markers: dict[str, str | None]

    @property
    def where(self) -> str:
        return f"{self.page.relative_to(ROOT)}:{self.line}"

    @property
    def raises(self) -> bool:
        return "raises" in self.markers

    @property
    def time_limit(self) -> float:
        return float(self.markers.get("time-limit") or DEFAULT_TIME_LIMIT)

    @property
    def standalone(self) -> bool:
        return "standalone" in self.markers

    @property
    def is_python(self) -> bool:
        return self.syntax.split()[0:1] == ["python"] if self.syntax else False


def rel(path: Path) -> str:
    return str(path.relative_to(ROOT))


def pages(lang: str | None = None) -> list[Path]:
    langs = [lang] if lang else LANGUAGES
    return sorted(p for l in langs for p in (DOCS / l).rglob("*.md"))


# Pages that teach a step of the path: each opens with an answer and ends with key points
# and a quiz. The others are the home page, the glossary and the page of learners' questions.
NOT_TEACHING = ("index", "glossary", "questions-learners-ask")


def teaching_pages(lang: str | None = None) -> list[Path]:
    return [p for p in pages(lang) if p.stem not in NOT_TEACHING]


def nav_sections() -> list[tuple[str, list[str]]]:
    """The tiers of mkdocs.yml's nav: (section title, its pages), in order."""
    config = mkdocs_config()
    return [(title, pages) for item in config["nav"] if isinstance(item, dict) for title, pages in item.items()]


def core_path() -> list[str]:
    """The core path, page 1 first: the teaching pages of the nav's first section."""
    return [p for _, pages in nav_sections()[:1] for p in pages if p.removesuffix(".md") not in NOT_TEACHING]


def nav_order() -> list[str]:
    """The pages of mkdocs.yml's nav, in order (file names relative to docs/<lang>/)."""
    def walk(items):
        for item in items:
            if isinstance(item, str):
                yield item
            elif isinstance(item, dict):
                for value in item.values():
                    yield from walk(value) if isinstance(value, list) else [value]

    config = mkdocs_config()
    return [p for p in walk(config["nav"]) if p.endswith(".md")]


def html_lang(lang: str) -> str:
    """The language tag a page of `lang` declares (<html lang>, hreflang): its `locale` in mkdocs.yml, zh-CN for zh."""
    config = mkdocs_config()
    return next(e["locale"] for e in config["extra"]["languages"] if e["lang"] == lang)


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


def without_comments(code: str) -> str:
    """The code with comments and trailing blanks removed, so comments may be translated."""
    tokens = tokenize.generate_tokens(io.StringIO(code).readline)
    lines = code.splitlines()
    for tok in tokens:
        if tok.type == tokenize.COMMENT:
            row, col = tok.start
            lines[row - 1] = lines[row - 1][:col]
    return "\n".join(line.rstrip() for line in lines if line.strip())


def _docs_marker(page: Path, n: int, stripped: str) -> tuple[str, str | None] | None:
    """The marker on line n, if the line is one of ours; a clear error if it is malformed."""
    m = DOCS_MARKER_LINE.fullmatch(stripped)
    if m is None:
        if re.match(r"<!--\s*docs\s*:", stripped):
            raise PageError(f"{rel(page)}:{n}: malformed marker {stripped!r}; write <!--docs:NAME--> or <!--docs:NAME=VALUE-->")
        if stripped.startswith("<!--") and "pytest-codeblocks" in stripped and not _MARKER.fullmatch(stripped):
            raise PageError(
                f"{rel(page)}:{n}: {stripped!r}: the page runner knows only {MARKER} of pytest-codeblocks' markers; "
                f"our own are " + ", ".join(f"<!--docs:{k}-->" for k in DOCS_MARKERS)
            )
        return None
    name, value = m.group(1), m.group(2)
    if name not in DOCS_MARKERS:
        known = "\n".join(f"  {v}" for v in DOCS_MARKERS.values())
        raise PageError(f"{rel(page)}:{n}: unknown marker <!--docs:{name}-->; the known ones are\n{known}")
    if name == "time-limit":
        try:
            ok = float(value) > 0
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise PageError(f"{rel(page)}:{n}: <!--docs:time-limit=SECONDS--> needs a positive number of seconds, not {value!r}")
    elif value is not None:
        raise PageError(f"{rel(page)}:{n}: <!--docs:{name}--> takes no value (found ={value})")
    return name, value


def fences(page: Path) -> list[Fence]:
    """Every ``` fence, with the same rules as pytest-codeblocks' parser, and our markers above it."""
    lines = page.read_text(encoding="utf-8").splitlines()
    found, marker_pending, i = [], False, 0
    pending: dict[str, str | None] = {}
    pending_at = 0
    while i < len(lines):
        stripped = lines[i].strip()
        ours = _docs_marker(page, i + 1, stripped)
        if ours:
            if ours[0] in pending:
                raise PageError(f"{rel(page)}:{i + 1}: <!--docs:{ours[0]}--> twice above one fence")
            pending[ours[0]] = ours[1]
            pending_at = pending_at or i + 1
        elif _MARKER.fullmatch(stripped):
            marker_pending = True
        elif stripped.startswith("```"):
            ticks = len(stripped) - len(stripped.lstrip("`"))
            start = i
            i += 1
            while i < len(lines) and not lines[i].lstrip().startswith("`" * ticks):
                i += 1
            if i == len(lines):
                raise PageError(f"{rel(page)}:{start + 1}: this code fence is never closed")
            found.append(Fence(start + 1, i + 1, stripped[ticks:].strip(), marker_pending, pending))
            marker_pending, pending, pending_at = False, {}, 0
        elif stripped and pending:
            raise PageError(
                f"{rel(page)}:{pending_at}: a marker must stand directly above a code fence (or above the "
                f"expected-output marker of its block), but line {i + 1} comes first"
            )
        i += 1
    if pending:
        raise PageError(f"{rel(page)}:{pending_at}: a marker with no code fence after it")
    return found


def blocks(page: Path) -> list[Block]:
    """The page's code blocks, each with its expected output and where that output sits."""
    all_fences = fences(page)  # first, so an unclosed fence is reported with its line
    try:
        parsed = extract_from_file(page)
    except RuntimeError as err:
        raise PageError(f"{rel(page)}: {err}") from err
    every_block = front_matter(page).get("blocks")
    if every_block not in (None, "standalone"):
        raise PageError(f"{rel(page)}:1: `blocks: {every_block}` in the front matter; the one value known is `blocks: standalone`")
    code_fences = [f for f in all_fences if not f.after_marker]
    output_fences = iter(f for f in all_fences if f.after_marker)
    assert [f.start for f in code_fences] == [b.lineno for b in parsed], rel(page)
    result = []
    for fence, block in zip(code_fences, parsed):
        output = next(output_fences) if block.expected_output is not None else None
        markers = {**fence.markers, **(output.markers if output else {})}
        if every_block and (block.syntax or "").split()[0:1] == ["python"]:
            if "standalone" in markers:
                raise PageError(f"{rel(page)}:{fence.start}: <!--docs:standalone--> on a page whose blocks are all standalone")
            markers["standalone"] = None
        b = Block(page, fence.start, block.code, block.syntax or "", block.expected_output, output, markers)
        if markers and not b.is_python:
            raise PageError(f"{b.where}: {_names(markers)} on a {b.syntax or 'plain'!r} block; markers are for Python blocks")
        misplaced = {k: v for k, v in (output.markers if output else {}).items() if k != "depends-on-values"}
        if misplaced:
            raise PageError(f"{rel(page)}:{output.start}: {_names(misplaced)} belongs above the code block at line {b.line}, not above its output")
        if "depends-on-values" in markers and output is None:
            raise PageError(f"{b.where}: <!--docs:depends-on-values--> on a block that shows no output")
        result.append(b)
    return result


def _names(markers: dict) -> str:
    return ", ".join(f"<!--docs:{k}-->" for k in markers)


def unchecked_tensor_text(page: Path) -> list[tuple[int, str]]:
    """Lines that look like printed tensors but are not inside a checked expected output."""
    checked = set()
    for fence in fences(page):
        if fence.after_marker:
            checked.update(range(fence.start, fence.end + 1))
    lines = page.read_text(encoding="utf-8").splitlines()
    return [(n, line) for n, line in enumerate(lines, 1) if n not in checked and TENSOR_TEXT.search(line)]


# A translated heading may also carry a label for the table of contents, { #anchor data-toc-label="..." }
_HEADING = re.compile(r"^(#{2,6})\s+(.*?)\s*(?:\{\s*#([\w-]+)(?:\s+data-toc-label=\"[^\"]*\")?\s*\})?\s*$")


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


def front_matter(page: Path) -> dict:
    """The YAML front matter of a page ({} without one)."""
    text = page.read_text(encoding="utf-8")
    if not text.startswith("---\n"):
        return {}
    return yaml.safe_load(text[4 : text.index("\n---\n", 4)]) or {}


def load_hook(name: str):
    """A build hook of docs/hooks/ as a module (the tests check what the build does)."""
    return _module(DOCS / "hooks" / f"{name}.py", f"hook_{name}")


def load_example(name: str):
    """A script of examples/ as a module (examples/ is not a package: its files are downloads)."""
    return _module(ROOT / "examples" / f"{name}.py", name)


def _module(path: Path, name: str):
    import importlib.util
    import sys

    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module
