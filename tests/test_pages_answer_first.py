"""A teaching page answers first: its opening shows the claim and a block that runs on its
own, its caveats and method sit in folded boxes, and it ends with key points and a next step.

- The first Python block stands before the first section heading, within the opening's
  word budget, and is standalone (<!--docs:standalone-->: its own imports, no earlier
  names; the page runner runs it in a fresh namespace) with a checked output.
- Folded boxes are well formed (`<details class="..." markdown>`, its `<summary>` on the
  next line, closed, not nested): the page model (docs/hooks/page.py) refuses any other
  shape, with the line, when it reads the page.
- `## Key points { #key-points }` is the last section, or the first, right under the
  opening (page 1's: a reader who stops after the answer has them): 3 to 5 bullets. The
  page ends with a link to the next page of the path, derived from mkdocs.yml's nav
  (docs/makers/next_lines.py writes it; the core path's last page says first that the path
  ends there); the last page of the path links to where learners go next.
How early the answer shows on a screen is measured in the browser (test_what_a_reader_sees.py).
"""

from __future__ import annotations

import re

import pytest

import page as page_format
from next_lines import next_line, reading_order
from pages import LANGUAGES, rel, teaching_pages

OPENING_WORDS = 120  # prose words before the first block: two or three sentences, and a title
KEY_POINTS = range(3, 6)

TEACHING = [p for lang in LANGUAGES for p in teaching_pages(lang)]


@pytest.mark.parametrize("page", TEACHING, ids=rel)
def test_the_page_answers_first_and_ends_with_key_points(page, subtests):
    doc = page_format.read(page)  # a malformed fold, marker or fence fails here, with its line
    with subtests.test(msg="the opening block answers on its own"):
        python = [b for b in doc.blocks if b.is_python]
        assert python, f"{rel(page)}: a teaching page without a Python block"
        first = python[0]
        first_heading = doc.headings[0].line if doc.headings else 10**9
        assert first.line < first_heading, (
            f"{first.where}: the first block comes after the first section heading (line {first_heading}); "
            "open the page with the answer: two or three sentences, then a block that shows it"
        )
        assert first.standalone, f"{first.where}: the opening block must run on its own: put <!--docs:standalone--> above it (its own imports, no earlier names)"
        assert first.expected, f"{first.where}: the opening block shows no output; print what it shows"
        words = sum(len(re.findall(r"[A-Za-z]+|[\u4e00-\u9fff]{1,2}", line)) for _, line in doc.opening_prose())
        assert words <= OPENING_WORDS * (1 if doc.lang == "en" else 1.6), (
            f"{first.where}: {words} words before the opening block; keep the opening to two or three sentences"
        )

    with subtests.test(msg="the page has key points and ends with the next page"):
        points = doc.key_points()
        assert points, (
            f"{rel(page)}: ## Key points {{ #key-points }} must be the last section (3 to 5 bullets, then the next page), "
            "or the first, right under the opening"
        )
        assert len(points.bullets) in KEY_POINTS, f"{rel(page)}:{points.heading}: {len(points.bullets)} key points; write 3 to 5 bullets"
        assert page.name in reading_order(), f"{rel(page)}: a teaching page that is not in mkdocs.yml's nav"
        want, (n, last) = next_line(page), doc.last_line()
        if want is None:
            section = "\n".join(line for k, line in doc.prose() if k > doc.headings[-1].line)
            assert "](https://" in section, f"{rel(page)}:{n}: the last page of the path ends with where learners go next (links out)"
        else:
            assert last == want, (
                f"{rel(page)}:{n}: the page ends with the next page of mkdocs.yml's nav: "
                f"write\n{want}\n(found {last!r}; python docs/make.py writes it)"
            )
