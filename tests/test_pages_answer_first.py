"""A teaching page answers first: its opening shows the claim and a block that runs on its
own, its caveats and method sit in folded boxes, and it ends with key points and a next step.

- The first Python block stands before the first section heading, within the opening's
  word budget, and is standalone (<!--docs:standalone-->: its own imports, no earlier
  names; the page runner runs it in a fresh namespace) with a checked output.
- A folded box is `<details class="..." markdown>`, its `<summary>` on the next line, closed
  by `</details>`, not nested: the notebook maker and the build both rely on that shape.
- The last section is `## Key points { #key-points }`: 3 to 5 bullets, then a link to the
  next page of the path, derived from mkdocs.yml's nav: the next teaching page in its order
  (the questions page and the glossary are skipped), titled by that page's H1, as
  `Next: [Title](page.md)` (Chinese: `下一页：[标题](page.md)`); the last page of the nav's
  Core path says so first, `End of the core path. Next: [Title](page.md)` (Chinese:
  `核心路线到此结束。下一页：...`); the last page of the path links to where learners go next.
How early the answer shows on a screen is measured in the browser (test_what_a_reader_sees.py).
"""

from __future__ import annotations

import re

import pytest

from pages import DOCS, LANGUAGES, blocks, fences, headings, lang_of, nav_order, nav_sections, rel, teaching_pages

OPENING_WORDS = 120  # prose words before the first block: two or three sentences, and a title
KEY_POINTS = range(3, 6)
_DETAILS_OPEN = re.compile(r'<details class="[\w -]+" markdown>')
_LINK = re.compile(r"\]\(([^)#\s]+\.md)(?:#[\w-]+)?\)")

TEACHING = [p for lang in LANGUAGES for p in teaching_pages(lang)]


def prose_lines(page) -> list[tuple[int, str]]:
    inside = set()
    for fence in fences(page):
        inside.update(range(fence.start, fence.end + 1))
    lines = page.read_text(encoding="utf-8").splitlines()
    start = lines.index("---", 1) + 1 if lines and lines[0] == "---" else 0
    return [(n, line) for n, line in enumerate(lines, 1) if n > start and n not in inside]


@pytest.mark.parametrize("page", TEACHING, ids=rel)
def test_the_first_block_answers_on_its_own(page):
    python = [b for b in blocks(page) if b.is_python]
    assert python, f"{rel(page)}: a teaching page without a Python block"
    first = python[0]
    first_heading = next((n for n, _, _ in headings(page)), 10**9)
    assert first.line < first_heading, (
        f"{first.where}: the first block comes after the first section heading (line {first_heading}); "
        "open the page with the answer: two or three sentences, then a block that shows it"
    )
    assert first.standalone, f"{first.where}: the opening block must run on its own: put <!--docs:standalone--> above it (its own imports, no earlier names)"
    assert first.expected, f"{first.where}: the opening block shows no output; print what it shows"
    words = sum(len(re.findall(r"[A-Za-z]+|[\u4e00-\u9fff]{1,2}", line)) for n, line in prose_lines(page) if n < first.line and not line.startswith("# "))
    assert words <= OPENING_WORDS * (1 if "/en/" in str(page) else 1.6), (
        f"{first.where}: {words} words before the opening block; keep the opening to two or three sentences"
    )


@pytest.mark.parametrize("page", TEACHING, ids=rel)
def test_folded_boxes_are_well_formed(page):
    lines = prose_lines(page)
    open_at = None
    problems = []
    for i, (n, line) in enumerate(lines):
        stripped = line.strip()
        if stripped.startswith("<details"):
            if open_at:
                problems.append(f"{rel(page)}:{n}: a folded box inside the one opened at line {open_at}; close that one first")
            if not _DETAILS_OPEN.fullmatch(stripped):
                problems.append(f"{rel(page)}:{n}: write a folded box as <details class=\"note\" markdown> on a line of its own")
            following = next((l.strip() for _, l in lines[i + 1 :] if l.strip()), "")
            if not re.fullmatch(r"<summary>.+</summary>", following):
                problems.append(f"{rel(page)}:{n}: the line after <details ...> must be its title, <summary>...</summary>")
            open_at = n
        elif stripped.startswith("</details"):
            if not open_at:
                problems.append(f"{rel(page)}:{n}: </details> without a folded box open")
            open_at = None
    if open_at:
        problems.append(f"{rel(page)}:{open_at}: a folded box that is never closed (</details>)")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("page", TEACHING, ids=rel)
def test_the_page_ends_with_key_points_and_a_next_step(page, update_outputs):
    found = headings(page)
    assert found and found[-1][2] == "key-points", (
        f"{rel(page)}: the last section must be ## Key points {{ #key-points }} (3 to 5 bullets, then the next page)"
    )
    start = found[-1][0]
    section = [line for n, line in prose_lines(page) if n > start]
    bullets = [line for line in section if re.match(r"[-*] ", line)]
    assert len(bullets) in KEY_POINTS, f"{rel(page)}:{start}: {len(bullets)} key points; write 3 to 5 bullets"
    path = [p for p in nav_order() if p.split(".")[0] in {t.stem for t in teaching_pages("en")}]
    text = "\n".join(section)
    here = path.index(page.name) if page.name in path else None
    if here is None:
        pytest.fail(f"{rel(page)}: a teaching page that is not in mkdocs.yml's nav", pytrace=False)
    if here + 1 < len(path):
        # Derived from the nav: the next teaching page in its order, by its title (its H1).
        want = next_line(page, path[here + 1])
        if page.name == dict(nav_sections()).get(CORE_PATH, [None])[-1]:
            want = CORE_PATH_ENDS[lang_of(page)] + want
        last = section[-1].strip() if section else ""
        starts = (NEXT[lang_of(page)].split("[")[0], CORE_PATH_ENDS[lang_of(page)])
        if update_outputs and last != want and last.startswith(starts):
            # derived, so rewritten like an output: after a page moves in the nav or is retitled
            text = page.read_text(encoding="utf-8")
            page.write_text(text[: text.rindex(last)] + want + text[text.rindex(last) + len(last):], encoding="utf-8")
            last = want
        assert last == want, f"{rel(page)}:{start}: the key points end with the next page of mkdocs.yml's nav: write\n{want}\n(found {last!r})"
    else:
        assert "](https://" in text, f"{rel(page)}:{start}: the last page of the path ends with where learners go next (links out)"


NEXT = {"en": "Next: [{title}]({page})", "zh": "下一页：[{title}]({page})"}
# The nav section whose last page tells the reader the path has ended, and how it says so.
CORE_PATH = "Core path"
CORE_PATH_ENDS = {"en": "End of the core path. ", "zh": "核心路线到此结束。"}


def next_line(page, target: str) -> str:
    """The line that ends a teaching page: a link to `target`, titled by its H1 in the page's language."""
    lang = lang_of(page)
    title = next(line[2:].strip() for line in (DOCS / lang / target).read_text(encoding="utf-8").splitlines() if line.startswith("# "))
    return NEXT[lang].format(title=title, page=target)
