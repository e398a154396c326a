"""Link each in-depth section back to the short answer that points to it.

Every answer on the questions page ends with links to the sections that treat it in depth
("More: [Timed](the-cost-measured.md#timed)"). This hook reads those links from the
questions page of the language being built and puts, right under each target heading, a
line "Short answer: <the answer's title>" linking back to the answer (a link to a whole
page, with no section, gets none: the page's opening must stay on the first screen). The
other pages are not edited: the way back is derived from the way there, so the two cannot
drift apart. The page model (docs/hooks/page.py) reads both pages; the line is written into
the target page's Markdown, as raw HTML.
"""

from __future__ import annotations

import html as html_lib
from pathlib import Path

from mkdocs.utils import get_relative_url

import page as page_format

QUESTIONS = "questions-learners-ask.md"
LABELS = {"en": "Short answer: ", "zh": "简答："}


def answers(questions: page_format.Page) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """(anchor, title, [(page, section), ...]) of each answer (a level-2 section of the
    questions page), in page order."""
    sections = [h for h in questions.headings if h.level == 2 and h.anchor]
    out = []
    for heading, following in zip(sections, sections[1:] + [None]):
        end = following.line - 1 if following else None
        links = [tuple(target.split("#", 1)) for target in questions.links(heading.line, end) if "#" in target]
        links = [(page, section) for page, section in links if page.endswith(".md") and page != QUESTIONS]
        out.append((heading.anchor, heading.text, list(dict.fromkeys(links))))
    return out


def backlinks(questions: page_format.Page) -> dict[tuple[str, str], list[tuple[str, str]]]:
    """{(page, section): [(answer anchor, answer title), ...]}."""
    targets: dict = {}
    for anchor, title, links in answers(questions):
        for target in links:
            targets.setdefault(target, []).append((anchor, title))
    return targets


def on_page_markdown(markdown, page, config, files, **kwargs):
    source = Path(config.docs_dir) / QUESTIONS
    if page.file.src_uri == QUESTIONS or not page.file.src_uri.endswith(".md") or not source.exists():
        return markdown
    wanted = {section: sources for (target, section), sources in backlinks(page_format.read(source)).items()
              if target == page.file.src_uri}
    if not wanted:
        return markdown
    url = get_relative_url(files.get_file_from_path(QUESTIONS).url, page.url)
    label = LABELS.get(config.extra.get("lang"), LABELS["en"])
    doc, regions = page_format.parse(markdown, page.file.abs_src_path), []
    for heading in doc.headings:
        if heading.anchor in wanted:
            links = " · ".join(f'<a href="{url}#{anchor}">{html_lib.escape(title)}</a>' for anchor, title in wanted.pop(heading.anchor))
            regions.append((heading.line, heading.line, f'{doc.lines[heading.line - 1]}\n\n<p class="short-answer">{label}{links}</p>\n'))
    if wanted:
        raise ValueError(f"{QUESTIONS} links to {page.file.src_uri}#{next(iter(wanted))}, a heading that {page.file.src_uri} does not have")
    return doc.replaced(regions)
