"""The page format, read in one place: the build hooks, the makers and the tests all read
pages through this module, and nothing else parses fences, markers, headings or front matter.

A page is Markdown with a few conventions (README, "How the checks work"):

    ---                                   front matter (YAML): `translates:`, `blocks: standalone`
    # Title                               the H1
    <!--docs:standalone-->                our markers, each on its own line above a fence
    ```python                             a code block ...
    ```
    <!--pytest-codeblocks:expected-output-->
    ```text                               ... and what it prints (pytest-codeblocks' marker)
    ```
    ## Heading { #anchor }                every heading below the title has an explicit anchor
    <details class="note" markdown>       a folded box: its <summary> on the next line, not nested
    <!--docs:quiz--> / <!--docs:wrong-->  a "predict the output" question and its wrong options
    ## Key points { #key-points }         the last section: bullets, then the Next line
    <!-- NAME: made by ... --> ... <!-- NAME end -->   a generated region (a table)

Code blocks and their expected outputs come from pytest-codeblocks' parser (the project's
code-block tool); this module places them on the page's lines and reads everything around
them. A page that breaks a convention raises PageError naming the file, the line and what
to write.
"""

from __future__ import annotations

import functools
import hashlib
import io
import re
import tokenize
from dataclasses import dataclass, field
from pathlib import Path

import yaml
from pytest_codeblocks import extract_from_buffer

MARKER = "<!--pytest-codeblocks:expected-output-->"
_OUTPUT_MARKER = re.compile(r"<!--[-\s]*pytest-codeblocks:\s*expected-output[-\s]*-->")
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
_DOCS_MARKER = re.compile(r"<!--\s*docs:([\w-]+)(?:=(\S*?))?\s*-->")
DEFAULT_TIME_LIMIT = 30.0

_FRONT_MATTER = re.compile(r"\A---[ \t]*\n(.*?\n)?---[ \t]*\n", re.S)
# A heading below the title; a translated one may carry a label for the table of contents.
_HEADING = re.compile(r"^(#{2,6})\s+(.*?)\s*(?:\{\s*#([\w-]+)(?:\s+data-toc-label=\"([^\"]*)\")?\s*\})?\s*$")
_FOLD_OPEN = re.compile(r'<details class="([\w -]+)" markdown>')
_SUMMARY = re.compile(r"<summary>(.+)</summary>")
_GENERATED = re.compile(r"<!-- ([\w -]+?): made by (.*?) -->")
_LINK = re.compile(r"\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_LINK_WITH_TITLE = re.compile(r"\]\(([^)\s]+)(\s+\"[^\"]*\")?\)")
# A figure: ![alt text](figures/name.svg "caption"); the alt text may hold [brackets].
_FIGURE = re.compile(r"!\[((?:[^\[\]]|\[[^\[\]]*\])*)\]\(figures/([\w-]+\.svg)(?:\s+\"([^\"]*)\")?\)")
# A widget's place: an empty, hidden div that the site's script fills.
_WIDGET = re.compile(r'<div class="([\w -]+)"[^>]*\bhidden\b[^>]*></div>')
_NEXT = {"en": "Next: [{title}]({page})", "zh": "下一页：[{title}]({page})"}
# How the last page of the nav's Core path says, before its Next line, that the path has ended.
_PATH_ENDS = {"en": "End of the core path. ", "zh": "核心路线到此结束。"}
QUIZ_SECTION, KEY_POINTS = "check-yourself", "key-points"
LETTERS = "ABCD"
# Printed tensors look like this; `torch.tensor([` in code is a call, not output.
TENSOR_TEXT = re.compile(r"(?<![\w.])tensor\(\[|(?<![\w.])tensor\(-?\d|Parameter containing:|\b-?\d\.\d{4}\b")


class PageError(Exception):
    """A page that cannot be read as intended; the message names file and line."""


@dataclass(frozen=True)
class Fence:
    start: int  # 1-based line of the opening ```
    end: int  # 1-based line of the closing ```
    info: str  # what follows the opening ticks: the syntax

    @property
    def lines(self) -> range:
        return range(self.start, self.end + 1)


@dataclass
class Block:
    page: Path
    fence: Fence
    code: str
    syntax: str
    expected: str | None  # what the page shows it prints (None: no output shown)
    output: Fence | None  # where that output stands
    markers: dict[str, str | None]
    marker_lines: list[int] = field(default_factory=list)  # the lines of its markers (ours, and the expected-output one)

    @property
    def line(self) -> int:
        return self.fence.start

    @property
    def where(self) -> str:
        return f"{relative(self.page)}:{self.line}"

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
        return self.syntax.split()[0:1] == ["python"]

    @property
    def last_line(self) -> int:
        """The last line the block and its output take."""
        return (self.output or self.fence).end


@dataclass(frozen=True)
class Heading:
    line: int
    level: int
    text: str
    anchor: str | None
    toc_label: str | None


@dataclass(frozen=True)
class Fold:
    start: int  # the <details> line
    end: int  # the </details> line
    summary: str
    kind: str  # its class: note, ...


@dataclass
class Option:
    block: Block
    explanation: str  # Markdown, one paragraph
    right: bool

    @property
    def line(self) -> int:
        """The line of its <!--docs:quiz--> or <!--docs:wrong--> marker."""
        return self.marker_line

    marker_line: int = 0

    @property
    def code(self) -> str:
        return self.block.code.rstrip("\n")

    @property
    def output(self) -> str:
        return (self.block.expected or "").rstrip("\n")


@dataclass
class Quiz:
    start: int  # 1-based line of its <!--docs:quiz--> marker
    end: int  # 1-based last line of its last explanation
    options: list[Option] = field(default_factory=list)

    @property
    def line(self) -> int:
        return self.start

    @property
    def question(self) -> Option:
        return self.options[0]

    def shown(self) -> list[Option]:
        """The options in the order readers see them: by a hash of the answer and the option
        (outputs only: code comments are translated, outputs are the same in every language)."""
        key = lambda o: hashlib.sha256(f"{self.question.output}\n{o.output}".encode()).hexdigest()
        return sorted(self.options, key=key)


@dataclass(frozen=True)
class KeyPoints:
    heading: int  # the line of ## Key points
    bullets: list[str]
    first: bool  # the page's first section (right under the opening), not its last


@dataclass(frozen=True)
class Generated:
    name: str
    maker: str
    start: int  # the <!-- NAME: made by ... --> line
    end: int  # the <!-- NAME end --> line


@dataclass
class Page:
    path: Path
    text: str
    front_matter: dict
    body_start: int  # 1-based first line after the front matter
    title: str
    title_line: int
    blocks: list[Block]
    headings: list[Heading]
    folds: list[Fold]
    generated: list[Generated]
    marker_lines: set[int]  # lines that hold a marker (ours, or the expected-output one)
    _lines: list[str] = field(repr=False, default_factory=list)

    @property
    def lines(self) -> list[str]:
        return self._lines

    @property
    def lang(self) -> str:
        return self.path.parent.name

    @property
    def fences(self) -> list[Fence]:
        found = []
        for b in self.blocks:
            found += [b.fence] + ([b.output] if b.output else [])
        return found

    @functools.cached_property
    def fence_lines(self) -> set[int]:
        return {n for f in self.fences for n in f.lines}

    def fold_at(self, n: int) -> Fold | None:
        return next((f for f in self.folds if f.start <= n <= f.end), None)

    def section_at(self, n: int) -> Heading | None:
        """The level-2 section a line is in (None before the first)."""
        return next((h for h in reversed(self.headings) if h.level == 2 and h.line <= n), None)

    def prose(self) -> list[tuple[int, str]]:
        """(line, text) of every line outside the front matter and the code and output fences,
        the title included."""
        return [(n, line) for n, line in enumerate(self.lines, 1) if n >= self.body_start and n not in self.fence_lines]

    def in_section(self, anchor: str, n: int) -> bool:
        section = self.section_at(n)
        return section is not None and section.anchor == anchor

    def main_path(self) -> tuple[list[str], list[Block], list[tuple[int, str]]]:
        """What a reader meets without opening anything or taking the quiz: (prose lines
        after the title, blocks, figures and widgets as (line, kind))."""
        outside = lambda n: self.fold_at(n) is None and not self.in_section(QUIZ_SECTION, n)  # noqa: E731
        prose = [line for n, line in self.prose() if n > self.title_line and outside(n)]
        blocks = [b for b in self.blocks if outside(b.line)]
        shown = [(n, kind) for n, kind in self.pictures() if outside(n)]
        return prose, blocks, shown

    def pictures(self) -> list[tuple[int, str]]:
        """(line, "figure" or "widget") of each figure and widget of the page."""
        found = []
        for n, line in self.prose():
            found += [(n, "figure")] * len(_FIGURE.findall(line))
            if _WIDGET.fullmatch(line.strip()):
                found.append((n, "widget"))
        return found

    def figures(self) -> list[tuple[int, str, str, str]]:
        """(line, alt text, file name, caption) of each figure."""
        return [(n, m.group(1), m.group(2), m.group(3) or "") for n, line in self.prose() for m in _FIGURE.finditer(line)]

    def widgets(self) -> list[tuple[int, str, dict]]:
        """(line, class, attributes) of each widget's place."""
        found = []
        for n, line in self.prose():
            if m := _WIDGET.fullmatch(line.strip()):
                found.append((n, m.group(1), dict(re.findall(r'([\w-]+)="([^"]*)"', line))))
        return found

    def links(self, start: int = 1, end: int | None = None) -> list[str]:
        """Every link and image target written in the prose (of lines start..end), in order."""
        end = end or len(self.lines)
        return [m.group(1) for n, line in self.prose() if start <= n <= end for m in _LINK.finditer(line)]

    @functools.cached_property
    def quizzes(self) -> list[Quiz]:
        return _quizzes(self)

    def key_points(self) -> KeyPoints | None:
        """The Key points section, if it is the page's last section or its first (right under
        the opening: a reader who stops after the answer has them): its bullets."""
        sections = [h for h in self.headings if h.level == 2]
        at = [i for i, h in enumerate(sections) if h.anchor == KEY_POINTS]
        if not at or at[0] not in (0, len(sections) - 1):
            return None
        start = sections[at[0]].line
        end = sections[at[0] + 1].line if at[0] + 1 < len(sections) else len(self.lines) + 1
        bullets = [line for n, line in self.prose() if start < n < end and re.match(r"[-*] ", line)]
        return KeyPoints(start, bullets, at[0] == 0 and len(sections) > 1)

    def last_line(self) -> tuple[int, str] | None:
        """The page's last line of text, (line, text): where its Next line stands."""
        lines = [(n, line.strip()) for n, line in self.prose() if line.strip() and n > self.title_line]
        return lines[-1] if lines else None

    def opening_prose(self) -> list[tuple[int, str]]:
        """The prose between the title and the first block (the page's answer)."""
        first = next((b.line for b in self.blocks), len(self.lines) + 1)
        return [(n, line) for n, line in self.prose() if self.title_line < n < first]

    def first_paragraph(self) -> str:
        """The opening paragraph after the title, its lines joined (no markup lines)."""
        paragraph = []
        for n, line in self.prose():
            if n <= self.title_line:
                continue
            if not line.strip() or re.match(r"\s*(<|!\[|#|>|!!!)", line):
                if paragraph:
                    break
                continue
            paragraph.append(line.strip())
        return " ".join(paragraph)

    def generated_region(self, name: str) -> Generated:
        found = next((g for g in self.generated if g.name == name), None)
        if found is None:
            raise PageError(f"{relative(self.path)}: no generated region <!-- {name}: made by ... --> ... <!-- {name} end -->")
        return found

    def generated_text(self, name: str) -> str:
        """What a generated region holds (between its markers and their blank lines)."""
        region = self.generated_region(name)
        return "\n".join(self.lines[region.start : region.end - 1]).strip("\n")

    def with_generated(self, name: str, content: str) -> str:
        """The page's text with a generated region holding `content`."""
        region = self.generated_region(name)
        return self.replaced([(region.start + 1, region.end - 1, "\n" + content.strip("\n") + "\n")])

    def replaced(self, regions: list[tuple[int, int, str]]) -> str:
        """The page's text with each (first line, last line, replacement) put in instead."""
        lines = list(self.lines)
        for start, end, new in sorted(regions, reverse=True):
            lines[start - 1 : end] = [new] if new is not None else []
        return "\n".join(lines) + "\n"

    def next_line(self, title: str, target: str, path_ends: bool = False) -> str:
        """The line that ends a teaching page: a link to `target`, titled by its H1 (after
        saying that the core path ends here, on its last page)."""
        return (_PATH_ENDS[self.lang] if path_ends else "") + _NEXT[self.lang].format(title=title, page=target)

    def translated_prose(self) -> str:
        """What a translation follows: the page without front matter, printed outputs,
        generated regions and the derived Next line (the build and the maker write those,
        not translators)."""
        regions = [(b.output.start, b.output.end, None) for b in self.blocks if b.output]
        regions += [(g.start, g.end, f"<!-- {g.name} -->") for g in self.generated]
        last = self.last_line()
        if last and is_next_line(last[1]):
            regions.append((last[0], last[0], "<!-- next -->"))
        text = self.replaced(regions)
        return "\n".join(text.splitlines()[self.body_start - 1 :]) + "\n"

    def fingerprint(self) -> str:
        return hashlib.sha256(self.translated_prose().encode("utf-8")).hexdigest()[:12]

    def unchecked_tensor_text(self) -> list[tuple[int, str]]:
        """Lines that look like printed tensors but are not inside a checked expected output."""
        checked = {n for b in self.blocks if b.output for n in b.output.lines}
        return [(n, line) for n, line in enumerate(self.lines, 1) if n not in checked and TENSOR_TEXT.search(line)]


def rewrite_links(line: str, target) -> str:
    """`line` with each link's or image's (url, title) replaced by target(url, title)."""
    return _LINK_WITH_TITLE.sub(lambda m: f"]({target(m.group(1), m.group(2) or '')})", line)


def without_anchor(heading_line: str) -> str:
    """A heading line without its { #anchor } (a notebook's Markdown has no such syntax)."""
    h = _HEADING.match(heading_line)
    return f"{h.group(1)} {h.group(2)}" if h else heading_line


def is_next_line(text: str) -> bool:
    return text.startswith(tuple(form.split("[")[0] for form in _NEXT.values()) + tuple(_PATH_ENDS.values()))


def relative(path: Path) -> str:
    """A path as messages show it: from the repository root when it is under it."""
    root = Path(__file__).resolve().parents[2]
    try:
        return str(path.resolve().relative_to(root))
    except ValueError:
        return str(path)


def read(path: Path | str) -> Page:
    """The page at `path` (read once per text: many checks read the same pages)."""
    path = Path(path)
    return _parse(path, path.read_text(encoding="utf-8"))


def parse(text: str, path: Path | str = Path("page.md")) -> Page:
    """A page from its text (the build's hooks get text, not files)."""
    return _parse(Path(path), text)


@functools.lru_cache(maxsize=256)
def _parse(path: Path, text: str) -> Page:
    lines = text.splitlines()
    where = lambda n: f"{relative(path)}:{n}"  # noqa: E731
    front, body_start = {}, 1
    if m := _FRONT_MATTER.match(text):
        try:
            front = yaml.safe_load(m.group(1) or "") or {}
        except yaml.YAMLError as error:
            raise PageError(f"{where(1)}: the front matter is not YAML: {error}") from None
        body_start = text[: m.end()].count("\n") + 1
    blocks, marker_lines = _blocks(path, text, lines, body_start, front.get("blocks"))
    inside = {n for b in blocks for f in (b.fence, b.output) if f for n in f.lines}
    title, title_line, headings, folds, generated = "", 0, [], [], []
    fold_open: tuple[int, str] | None = None
    generated_open: tuple[int, str, str] | None = None
    for n, line in enumerate(lines, 1):
        if n < body_start or n in inside:
            continue
        stripped = line.strip()
        if line.startswith("# ") and not title:
            title, title_line = line[2:].strip(), n
        elif h := _HEADING.match(line):
            headings.append(Heading(n, len(h.group(1)), h.group(2), h.group(3), h.group(4)))
        elif stripped.startswith("<details"):
            if fold_open:
                raise PageError(f"{where(n)}: a folded box inside the one opened at line {fold_open[0]}; close that one first")
            opened = _FOLD_OPEN.fullmatch(stripped)
            if not opened:
                raise PageError(f'{where(n)}: write a folded box as <details class="note" markdown> on a line of its own')
            following = next((l.strip() for l in lines[n:] if l.strip()), "")
            summary = _SUMMARY.fullmatch(following)
            if not summary:
                raise PageError(f"{where(n)}: the line after <details ...> must be its title, <summary>...</summary>")
            fold_open = (n, summary.group(1), opened.group(1))
        elif stripped.startswith("</details"):
            if not fold_open:
                raise PageError(f"{where(n)}: </details> without a folded box open")
            folds.append(Fold(fold_open[0], n, fold_open[1], fold_open[2]))
            fold_open = None
        elif g := _GENERATED.fullmatch(stripped):
            generated_open = (n, g.group(1), g.group(2))
        elif generated_open and stripped == f"<!-- {generated_open[1]} end -->":
            generated.append(Generated(generated_open[1], generated_open[2], generated_open[0], n))
            generated_open = None
    if fold_open:
        raise PageError(f"{where(fold_open[0])}: a folded box that is never closed (</details>)")
    if generated_open:
        raise PageError(f"{where(generated_open[0])}: <!-- {generated_open[1]}: made by ... --> without <!-- {generated_open[1]} end -->")
    return Page(path, text, front, body_start, title, title_line, blocks, headings, folds, generated, marker_lines, lines)


def _blocks(path: Path, text: str, lines: list[str], body_start: int, every_block) -> tuple[list[Block], set[int]]:
    """The code blocks as pytest-codeblocks reads them, each placed on the page's lines with
    its output fence and our markers."""
    where = lambda n: f"{relative(path)}:{n}"  # noqa: E731
    if every_block not in (None, "standalone"):
        raise PageError(f"{where(1)}: `blocks: {every_block}` in the front matter; the one value known is `blocks: standalone`")
    try:
        parsed = extract_from_buffer(io.StringIO(text))
    except RuntimeError as error:
        if "end-of-file" in str(error):
            raise PageError(f"{where(_unclosed(text))}: this code fence is never closed") from None
        raise PageError(f"{relative(path)}: {error}") from None
    blocks, claimed = [], set()  # claimed: the lines of fences and of the markers they own
    for cb in parsed:
        before = set(claimed)
        code_fence = Fence(cb.lineno, cb.lineno + cb.code.count("\n") + 1, (cb.syntax or "").strip())
        markers, output = _markers_above(path, lines, code_fence.start, claimed), None
        if cb.expected_output is not None:
            output, output_markers = _output_fence(path, lines, code_fence, cb.expected_output, claimed)
            misplaced = {k: v for k, v in output_markers.items() if k != "depends-on-values"}
            if misplaced:
                raise PageError(f"{where(output.start)}: {_names(misplaced)} belongs above the code block at line {code_fence.start}, not above its output")
            markers.update(output_markers)
        claimed.update(code_fence.lines)
        owned = sorted(n for n in claimed - before if _is_marker(lines[n - 1]))
        block = Block(path, code_fence, cb.code, code_fence.info, cb.expected_output, output, markers, owned)
        if every_block and block.is_python:
            if "standalone" in markers:
                raise PageError(f"{block.where}: <!--docs:standalone--> on a page whose blocks are all standalone")
            markers["standalone"] = None
        if block.markers and not block.is_python:
            raise PageError(f"{block.where}: {_names(block.markers)} on a {block.syntax or 'plain'!r} block; markers are for Python blocks")
        if "depends-on-values" in markers and output is None:
            raise PageError(f"{block.where}: <!--docs:depends-on-values--> on a block that shows no output")
        if block.expected is not None and not block.is_python:
            raise PageError(f"{block.where}: an expected output follows a block that is not Python ({block.syntax!r})")
        blocks.append(block)
    # Every marker of ours belongs to a fence; one that stands elsewhere is a mistake.
    for n, line in enumerate(lines, 1):
        stripped = line.strip()
        if n < body_start or n in claimed and not stripped.startswith("<!--"):
            continue
        if "pytest-codeblocks" in stripped and stripped.startswith("<!--") and not _OUTPUT_MARKER.fullmatch(stripped):
            raise PageError(
                f"{where(n)}: {stripped!r}: the page runner knows only {MARKER} of pytest-codeblocks' markers; "
                "our own are " + ", ".join(f"<!--docs:{k}-->" for k in DOCS_MARKERS)
            )
        if n not in claimed and _marker(path, n, stripped):
            raise PageError(f"{where(n)}: a marker must stand directly above a code fence (or above the expected-output marker of its block)")
    return blocks, {n for b in blocks for n in b.marker_lines}


def _is_marker(line: str) -> bool:
    return bool(_DOCS_MARKER.fullmatch(line.strip()) or _OUTPUT_MARKER.fullmatch(line.strip()))


def _marker(path: Path, n: int, stripped: str) -> tuple[str, str | None] | None:
    """The marker on line n, if the line is one of ours; a clear error if it is malformed."""
    m = _DOCS_MARKER.fullmatch(stripped)
    if m is None:
        if re.match(r"<!--\s*docs\s*:", stripped):
            raise PageError(f"{relative(path)}:{n}: malformed marker {stripped!r}; write <!--docs:NAME--> or <!--docs:NAME=VALUE-->")
        return None
    name, value = m.group(1), m.group(2)
    if name not in DOCS_MARKERS:
        known = "\n".join(f"  {v}" for v in DOCS_MARKERS.values())
        raise PageError(f"{relative(path)}:{n}: unknown marker <!--docs:{name}-->; the known ones are\n{known}")
    if name == "time-limit":
        try:
            ok = float(value) > 0
        except (TypeError, ValueError):
            ok = False
        if not ok:
            raise PageError(f"{relative(path)}:{n}: <!--docs:time-limit=SECONDS--> needs a positive number of seconds, not {value!r}")
    elif value is not None:
        raise PageError(f"{relative(path)}:{n}: <!--docs:{name}--> takes no value (found ={value})")
    return name, value


def _markers_above(path: Path, lines: list[str], start: int, claimed: set[int]) -> dict[str, str | None]:
    """Our markers on the lines right above line `start` (blank lines may stand between)."""
    found: dict[str, str | None] = {}
    n = start - 1
    while n >= 1 and n not in claimed:
        stripped = lines[n - 1].strip()
        marker = _marker(path, n, stripped)
        if marker:
            if marker[0] in found:
                raise PageError(f"{relative(path)}:{n}: <!--docs:{marker[0]}--> twice above one fence")
            found[marker[0]] = marker[1]
            claimed.add(n)
        elif stripped:
            break
        n -= 1
    return dict(reversed(found.items()))


def _output_fence(path: Path, lines: list[str], code: Fence, expected: str, claimed: set[int]) -> tuple[Fence, dict]:
    """Where pytest-codeblocks found the block's expected output: the fence after the
    expected-output marker that follows the code fence; and our markers around that marker."""
    n, markers = code.end + 1, {}
    while n <= len(lines):
        stripped = lines[n - 1].strip()
        if stripped.startswith("```"):
            break
        if marker := _marker(path, n, stripped):
            markers[marker[0]] = marker[1]
        claimed.add(n)
        n += 1
    fence = Fence(n, n + expected.count("\n") + 1, lines[n - 1].strip().lstrip("`").strip())
    shown = "".join(line + "\n" for line in lines[fence.start : fence.end - 1])
    if shown.strip() != expected.strip():  # (pytest-codeblocks strips an indented fence's margin)
        raise PageError(f"{relative(path)}:{fence.start}: the expected output of the block at line {code.start} is not where it was read")
    claimed.update(fence.lines)
    return fence, markers


def _unclosed(text: str) -> int:
    """The line of the fence that is never closed: the last fence opening before which the
    page still reads whole."""
    lines = text.splitlines(keepends=True)
    candidates = [n for n, line in enumerate(lines, 1) if line.lstrip().startswith("```")]
    for n in reversed(candidates):
        try:
            extract_from_buffer(io.StringIO("".join(lines[: n - 1])))
            return n
        except RuntimeError:
            continue
    return candidates[0] if candidates else 1


def _names(markers: dict) -> str:
    return ", ".join(f"<!--docs:{k}-->" for k in markers)


def _quizzes(page: Page) -> list[Quiz]:
    """Every "predict the output" question, in order: a block marked <!--docs:quiz-->, then 2
    or 3 marked <!--docs:wrong-->; each shows its output and is followed by one paragraph
    that explains it."""
    found: list[Quiz] = []
    for i, block in enumerate(page.blocks):
        kind = "quiz" if "quiz" in block.markers else "wrong" if "wrong" in block.markers else None
        if kind is None:
            continue
        if kind == "wrong" and (not found or page.blocks[i - 1] not in [o.block for o in found[-1].options]):
            raise PageError(f"{block.where}: <!--docs:wrong--> must follow a <!--docs:quiz--> question or another wrong option")
        if block.output is None:
            raise PageError(f"{block.where}: a question or wrong option shows its output: the expected-output marker and a fence")
        marker_line = _marker_line(page, block, kind)
        explanation, last = _explanation(page, block)
        option = Option(block, explanation, kind == "quiz", marker_line)
        if kind == "quiz":
            found.append(Quiz(marker_line, last))
        found[-1].options.append(option)
        found[-1].end = last
    return found


def _marker_line(page: Page, block: Block, kind: str) -> int:
    n = block.line - 1
    while n >= 1 and page.lines[n - 1].strip() != f"<!--docs:{kind}-->":
        n -= 1
    return n


def _explanation(page: Page, block: Block) -> tuple[str, int]:
    n = block.output.end + 1
    while n <= len(page.lines) and not page.lines[n - 1].strip():
        n += 1
    start = n
    while n <= len(page.lines) and page.lines[n - 1].strip() and not page.lines[n - 1].lstrip().startswith(("<!--", "```", "#")):
        n += 1
    if n == start:
        raise PageError(f"{relative(page.path)}:{start}: each option needs a paragraph right after its output that explains it")
    return "\n".join(line.strip() for line in page.lines[start - 1 : n - 1]), n - 1


def without_comments(code: str) -> str:
    """The code with comments and trailing blanks removed, so comments may be translated."""
    tokens = tokenize.generate_tokens(io.StringIO(code).readline)
    lines = code.splitlines()
    for tok in tokens:
        if tok.type == tokenize.COMMENT:
            row, col = tok.start
            lines[row - 1] = lines[row - 1][:col]
    return "\n".join(line.rstrip() for line in lines if line.strip())
