"""Turn each "predict the output" question of a page into a quiz.

A page writes a question as ordinary checked blocks, so the test suite computes every
option like any other output (see README, "Quizzes"):

    <!--docs:quiz-->            the question: its printed output is the right answer
    ```python ... ```  + expected output + a paragraph that explains it
    <!--docs:wrong-->           2 or 3 times: a wrong mental model, written as code;
    ```python ... ```  + expected output + a paragraph that names the mistake

The options are put in an order fixed by a hash of the outputs (the same in every
language, and not the order they were written in). The page shows the question's
code, the options as radio buttons and, in a collapsed <details>, the answer with every
explanation (and each wrong model's code): enough without JavaScript. assets/quiz.js adds
the feedback when a reader picks an option.
"""

from __future__ import annotations

import hashlib
import html
import re
from dataclasses import dataclass, field

_MARKER = re.compile(r"<!--\s*docs:(quiz|wrong)\s*-->")
_OUTPUT = re.compile(r"<!--[-\s]*pytest-codeblocks:\s*expected-output[-\s]*-->")
LETTERS = "ABCD"


class QuizError(ValueError):
    """A question that cannot be read; the message starts with the line (1-based)."""


@dataclass
class Option:
    line: int  # the line of its <!--docs:quiz--> or <!--docs:wrong--> marker
    code: str
    output: str
    explanation: str  # Markdown, one paragraph
    right: bool


@dataclass
class Quiz:
    start: int  # 0-based first line of the quiz (its <!--docs:quiz--> marker)
    end: int  # 0-based line after its last explanation
    options: list[Option] = field(default_factory=list)

    @property
    def line(self) -> int:
        return self.start + 1

    @property
    def question(self) -> Option:
        return self.options[0]

    def shown(self) -> list[Option]:
        """The options in the order readers see them: by a hash of the answer and the option
        (outputs only: code comments are translated, outputs are the same in every language)."""
        key = lambda o: hashlib.sha256(f"{self.question.output}\n{o.output}".encode()).hexdigest()
        return sorted(self.options, key=key)


def _fence(lines: list[str], i: int, what: str) -> tuple[str, int]:
    """The text of the ``` fence starting at the first non-blank line from i; the line after it."""
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i == len(lines) or not lines[i].lstrip().startswith("```"):
        raise QuizError(f"{i + 1}: expected {what} here")
    ticks = len(lines[i].strip()) - len(lines[i].strip().lstrip("`"))
    j = i + 1
    while j < len(lines) and not lines[j].lstrip().startswith("`" * ticks):
        j += 1
    if j == len(lines):
        raise QuizError(f"{i + 1}: this fence is never closed")
    return "\n".join(lines[i + 1 : j]), j + 1


def _option(lines: list[str], i: int, right: bool) -> tuple[Option, int]:
    code, i = _fence(lines, i + 1, "the option's Python block, directly after its marker")
    while i < len(lines) and not lines[i].strip():
        i += 1
    if i == len(lines) or not _OUTPUT.fullmatch(lines[i].strip()):
        raise QuizError(f"{i + 1}: a question or wrong option shows its output: the expected-output marker and a fence")
    output, i = _fence(lines, i + 1, "the printed output's fence")
    while i < len(lines) and not lines[i].strip():
        i += 1
    start = i
    while i < len(lines) and lines[i].strip() and not lines[i].lstrip().startswith(("<!--", "```", "#")):
        i += 1
    if i == start:
        raise QuizError(f"{start + 1}: each option needs a paragraph right after its output that explains it")
    return Option(0, code, output, "\n".join(l.strip() for l in lines[start:i]), right), i


def quizzes(markdown: str) -> list[Quiz]:
    """Every quiz of a page, in order; QuizError names the line of what is malformed."""
    lines, found, i = markdown.splitlines(), [], 0
    while i < len(lines):
        m = _MARKER.fullmatch(lines[i].strip())
        if m and m.group(1) == "wrong":
            raise QuizError(f"{i + 1}: <!--docs:wrong--> must follow a <!--docs:quiz--> question or another wrong option")
        if not m:
            i += 1
            continue
        quiz = Quiz(i, i)
        while m:
            line = i + 1
            option, i = _option(lines, i, right=m.group(1) == "quiz")
            option.line = line
            quiz.options.append(option)
            j = i
            while j < len(lines) and not lines[j].strip():
                j += 1
            m = _MARKER.fullmatch(lines[j].strip()) if j < len(lines) else None
            if m and m.group(1) == "quiz":
                m = None  # the next question starts
            elif m:
                i = j
        quiz.end = i
        found.append(quiz)
    return found


def _render(quiz: Quiz, n: int, labels: dict) -> str:
    shown = quiz.shown()
    name = f"quiz-{n}"
    radios, answers = [], []
    for k, option in enumerate(shown):
        radios.append(
            f'<label class="quiz__option"><input type="radio" name="{name}" value="{k}">'
            f'<span class="quiz__letter">{LETTERS[k]}</span>'
            f'<code class="quiz__output">{html.escape(option.output)}</code></label>'
        )
        verdict = labels["right"] if option.right else labels["wrong"]
        model = "" if option.right else f"\n\n```python\n{option.code}\n```\n"
        # Each code block needs an element with an id of its own around it: Material names a
        # block after its closest ancestor with an id, and its copy button copies that name's
        # first match (one id for every block of a quiz made each button copy the question).
        answers.append(
            f'<div class="quiz__explanation" id="{name}-{LETTERS[k].lower()}" data-option="{k}" markdown>\n\n'
            f"**{labels['verdict'].format(letter=LETTERS[k], verdict=verdict)}** {option.explanation}\n{model}\n</div>"
        )
    right = next(k for k, o in enumerate(shown) if o.right)
    return "\n".join(
        [
            f'<div class="quiz" id="{name}" data-answer="{right}" markdown>',
            f'<p class="quiz__prompt" id="{name}-prompt">{labels["prompt"]}</p>',
            f'<div class="quiz__question" id="{name}-question" markdown>',
            "",
            f"```python\n{quiz.question.code}\n```",
            "",
            "</div>",
            f'<fieldset class="quiz__options" aria-labelledby="{name}-prompt">',
            *radios,
            "</fieldset>",
            '<p class="quiz__feedback" role="status"></p>',
            '<details class="quiz__answer" markdown>',
            f"<summary>{labels['answer']}</summary>",
            "",
            *answers,
            "",
            "</details>",
            "</div>",
        ]
    )


def on_page_markdown(markdown, page, config, files):
    try:
        found = quizzes(markdown)
    except QuizError as err:  # the build stops at the file and line (front matter counted)
        line, _, what = str(err).partition(": ")
        above = len(page.file.content_string.splitlines()) - len(markdown.splitlines())
        raise SystemExit(f"{page.file.src_path}:{int(line) + above}: {what}") from None
    lines = markdown.splitlines()
    for n, quiz in reversed(list(enumerate(found, 1))):
        lines[quiz.start : quiz.end] = [_render(quiz, n, config.extra["quiz"])]
    return "\n".join(lines)
