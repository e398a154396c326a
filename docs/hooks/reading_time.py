"""How long a page takes, from its Markdown: to read, and to work through. The one
computation the build shows (docs/hooks/map.py) and the tests hold it to
(tests/test_the_map_is_derived.py).

Both figures count what a reader meets on the main path; folded boxes (<details>), which
only some readers open, are left out of both.

To read: prose at 230 words a minute (Chinese: 400 characters a minute, a Latin word or
number counting as one), plus 3 seconds for every non-empty line of code and of printed
output. The *Check yourself* section (questions, options, answers) is left out: a quiz is
the reader's own time. Images, widgets, HTML-only lines and markers count nothing.

To work through (the unit costs of the learning review's walk-through, 2026-11-28,
learning-measure/walkthrough.py): prose at 150 words a minute (Chinese: 260 characters,
the same 400/230 ratio as above, which is also the ratio of Chinese characters to English
words over this site's own pages, 1.74), a line of Python 6 s (read it, predict it), a
line of printed output or other fenced text 2 s, running each Python block 10 s, looking
at a figure 40 s, trying a widget 60 s; and the quiz: its question's code 6 s a line, each
option's output 2 s a line, 30 s to choose, the explanations as prose, the wrong options'
code 3 s a line. Where a reader gets stuck cannot be computed, and is not included.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

import page as page_format
from page import QUIZ_SECTION

WORDS_PER_MINUTE = 230
CHINESE_CHARACTERS_PER_MINUTE = 400
SECONDS_PER_CODE_LINE = 3

# Working through: the walk-through's unit costs.
WORK_WORDS_PER_MINUTE = 150
WORK_CHINESE_CHARACTERS_PER_MINUTE = 260  # 150 × 400 / 230, rounded
WORK_SECONDS = {
    "code_line": 6,  # a line of Python on the main path: read it, predict what it does
    "output_line": 2,  # a line of printed output (or other fenced text)
    "run": 10,  # running a Python block
    "figure": 40,
    "widget": 60,
    "question_line": 6,  # a quiz question's code
    "option_line": 2,  # an option: a line of output
    "choose": 30,  # each question
    "wrong_line": 3,  # the wrong options' code, shown with the explanations
}

# Prose lines that hold no words a reader reads: markers, images, HTML-only lines, table rules.
_SKIP = re.compile(r"^\s*(<!--|!\[|<div|</div|<details|</details|\|?\s*:?-{3,})")
_MARKUP = [
    (re.compile(r"\{\s*#[\w-]+\s*\}"), " "),  # heading anchors
    (re.compile(r"\]\([^)]*\)"), "]"),  # link targets
    (re.compile(r"<[^>]+>"), " "),  # HTML tags
    (re.compile(r"[#*_`>\[\]|]"), " "),  # Markdown marks
]
_CJK = re.compile(r"[\u3400-\u9fff]")
_LATIN = re.compile(r"[A-Za-z0-9][\w.'’-]*")


@dataclass
class Counts:
    """What a page puts in front of a reader who opens nothing (folded boxes left out)."""

    prose: list[str] = field(default_factory=list)  # prose lines, the quiz aside
    code_lines: int = 0  # non-empty lines of Python
    output_lines: int = 0  # non-empty lines of other fences: outputs, shell, quoted text
    blocks: int = 0  # Python blocks, each run once
    figures: int = 0
    widgets: int = 0
    questions: int = 0  # the quiz (Check yourself)
    question_lines: int = 0
    wrong_lines: int = 0
    option_lines: int = 0
    quiz_prose: list[str] = field(default_factory=list)


def count(markdown: str) -> Counts:
    """What the page model (docs/hooks/page.py) finds on the main path, counted."""
    doc, c = page_format.parse(markdown), Counts()
    quiz = lambda n: doc.in_section(QUIZ_SECTION, n)  # noqa: E731
    for block in doc.blocks:
        if doc.fold_at(block.line):
            continue
        code = sum(1 for line in block.code.splitlines() if line.strip())
        shown = sum(1 for line in (block.expected or "").splitlines() if line.strip())
        if not quiz(block.line):
            c.blocks += block.is_python
            c.code_lines += code if block.is_python else 0
            c.output_lines += shown + (0 if block.is_python else code)
        elif block.is_python:
            question = "quiz" in block.markers
            c.questions += question
            c.question_lines += code if question else 0
            c.wrong_lines += 0 if question else code
            c.option_lines += shown
        else:
            c.option_lines += code
    for n, kind in doc.pictures():
        if not doc.fold_at(n) and not quiz(n):
            c.figures += kind == "figure"
            c.widgets += kind == "widget"
    for n, line in doc.prose():
        stripped = line.strip()
        if stripped and not doc.fold_at(n) and not _SKIP.match(stripped):
            (c.quiz_prose if quiz(n) else c.prose).append(stripped)
    return c


def main_path(markdown: str) -> tuple[list[str], int]:
    """(prose lines, code and output lines) a reader meets without opening anything, the
    quiz aside: what the reading time counts."""
    c = count(markdown)
    return c.prose, c.code_lines + c.output_lines


def units(prose: list[str], lang: str) -> int:
    """Words (English) or characters (Chinese: each Han character, each Latin word or number)."""
    text = " ".join(prose)
    for pattern, replacement in _MARKUP:
        text = pattern.sub(replacement, text)
    if lang == "zh":
        return len(_CJK.findall(text)) + len(_LATIN.findall(text))
    return len([w for w in text.split() if re.search(r"\w", w)])


def exact_minutes(markdown: str, lang: str) -> float:
    """To read: prose and the code and output lines of the main path."""
    prose, code = main_path(markdown)
    rate = CHINESE_CHARACTERS_PER_MINUTE if lang == "zh" else WORDS_PER_MINUTE
    return units(prose, lang) / rate + code * SECONDS_PER_CODE_LINE / 60


def exact_work_minutes(markdown: str, lang: str) -> float:
    """To work through: read, run every block, look at each figure and widget, take the quiz."""
    c, s = count(markdown), WORK_SECONDS
    rate = WORK_CHINESE_CHARACTERS_PER_MINUTE if lang == "zh" else WORK_WORDS_PER_MINUTE
    seconds = (
        c.code_lines * s["code_line"] + c.output_lines * s["output_line"] + c.blocks * s["run"]
        + c.figures * s["figure"] + c.widgets * s["widget"]
        + c.question_lines * s["question_line"] + c.option_lines * s["option_line"]
        + c.questions * s["choose"] + c.wrong_lines * s["wrong_line"]
    )
    return units(c.prose + c.quiz_prose, lang) / rate + seconds / 60


def shown(exact: float) -> int:
    """The figure a reader is shown: whole minutes, rounded half up, at least 1."""
    return max(1, math.floor(exact + 0.5))


def minutes(markdown: str, lang: str) -> int:
    """To read, as shown."""
    return shown(exact_minutes(markdown, lang))


def work_minutes(markdown: str, lang: str) -> int:
    """To work through, as shown."""
    return shown(exact_work_minutes(markdown, lang))
