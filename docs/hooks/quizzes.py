"""Turn each "predict the output" question of a page into a quiz.

A page writes a question as ordinary checked blocks, so the test suite computes every
option like any other output (see README, "Quizzes"):

    <!--docs:quiz-->            the question: its printed output is the right answer
    ```python ... ```  + expected output + a paragraph that explains it
    <!--docs:wrong-->           2 or 3 times: a wrong mental model, written as code;
    ```python ... ```  + expected output + a paragraph that names the mistake

The page model (docs/hooks/page.py) reads the questions; the options are put in an order
fixed by a hash of the outputs (the same in every language, and not the order they were
written in). The page shows the question's
code, the options as radio buttons and, in a collapsed <details>, the answer with every
explanation (and each wrong model's code): enough without JavaScript. assets/quiz.js adds
the feedback when a reader picks an option.
"""

from __future__ import annotations

import html
from pathlib import Path

import page as page_format
from page import LETTERS, Quiz


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
    page_format.read(Path(page.file.abs_src_path))  # a malformed page stops the build at its file and line
    lines = markdown.splitlines()
    for n, quiz in reversed(list(enumerate(page_format.parse(markdown, page.file.abs_src_path).quizzes, 1))):
        lines[quiz.start - 1 : quiz.end] = [_render(quiz, n, config.extra["quiz"])]
    return "\n".join(lines)
