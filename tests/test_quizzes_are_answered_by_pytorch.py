"""Every teaching page ends with "predict the output" questions whose options PyTorch computes.

A question and each wrong option are ordinary checked blocks (docs/hooks/quizzes.py): the
page runner already compares the question's output (the right answer) and each wrong
model's output (a wrong option) with a live run, and the translation check keeps the
Chinese code and options equal to the English ones. This test adds what makes them a
quiz: 2 to 4 questions on each teaching page, 2 or 3 wrong options each, none of which
prints what the answer prints (or what another option prints), one explanation per option
that no other option on the site shares, and a shown order in which the right answer
does not always take the same place. What a reader clicks is checked in the browser
(test_what_a_reader_sees.py). Every language asks the same questions with the same options
in the same order: the translation check holds their code, markers and outputs equal, and
the order shown is a function of the outputs alone (Quiz.shown in docs/hooks/page.py).
"""

from __future__ import annotations

import pytest

import page as page_format
from pages import LANGUAGES, pages, rel, teaching_pages

QUESTIONS_PER_PAGE = range(2, 5)
WRONG_PER_QUESTION = range(2, 4)


def read(page):
    return page_format.read(page).quizzes  # a malformed question fails here, with its line


@pytest.mark.parametrize("page", teaching_pages(), ids=rel)
def test_each_question_has_wrong_options_that_are_really_wrong(page):
    found, problems = read(page), []
    if len(found) not in QUESTIONS_PER_PAGE:
        problems.append(f"{rel(page)}: {len(found)} questions; a teaching page ends with 2 to 4 (see README, Quizzes)")
    for quiz in found:
        where = f"{rel(page)}:{quiz.line}"
        wrong = quiz.options[1:]
        if len(wrong) not in WRONG_PER_QUESTION:
            problems.append(f"{where}: {len(wrong)} wrong options; a question has 2 or 3 (<!--docs:wrong--> blocks)")
        seen = {quiz.question.output.strip(): quiz.question.line}
        for option in wrong:
            same = seen.get(option.output.strip())
            if same == quiz.question.line:
                problems.append(f"{rel(page)}:{option.line}: this wrong option prints exactly what the answer prints; "
                                "its model is not a mistake here: change the code of the wrong model or the question")
            elif same:
                problems.append(f"{rel(page)}:{option.line}: prints the same as the option at line {same}; two options would look alike")
            seen[option.output.strip()] = option.line
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_explanations_are_not_copied_and_answers_move(lang):
    explained, places, problems = {}, [], []
    teaching = set(teaching_pages(lang))
    for page in pages(lang):
        if page not in teaching and read(page):
            problems.append(f"{rel(page)}: a page that is not a teaching page holds a quiz (only teaching pages end with one)")
        for quiz in read(page):
            shown = quiz.shown()
            places.append(next(k for k, o in enumerate(shown) if o.right))
            for option in quiz.options:
                where = f"{rel(page)}:{option.line}"
                if option.explanation in explained:
                    problems.append(f"{where}: the same explanation as {explained[option.explanation]}; say what this option gets wrong")
                explained.setdefault(option.explanation, where)
    if places and len(set(places)) < min(3, len(places)):
        problems.append(f"the right answer is shown at places {sorted(set(places))} only, across {len(places)} questions")
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)
