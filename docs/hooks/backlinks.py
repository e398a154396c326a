"""Link each in-depth section back to the short answer that points to it.

Every answer on the questions page ends with links to the sections that treat it in depth
("More: [Timed](the-cost-measured.md#timed)"). This hook reads those links from the
questions page of the language being built and puts, right under each target heading, a
line "Short answer: <the answer's title>" linking back to the answer (a link to a whole
page, with no section, gets none: the page's opening must stay on the first screen). The other pages are not edited: the way back is derived from
the way there, so the two cannot drift apart.
"""

from __future__ import annotations

import html as html_lib
import re
from pathlib import Path

from mkdocs.utils import get_relative_url

QUESTIONS = "questions-learners-ask.md"
LABELS = {"en": "Short answer: ", "zh": "简答："}
_ANSWER = re.compile(r"^## (?P<title>.*?)\s*\{\s*#(?P<anchor>[\w-]+)[^}]*\}\s*$", re.M)
_LINK = re.compile(r"\]\((?P<page>[\w-]+\.md)#(?P<section>[\w-]+)\)")


def answers(markdown: str) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """(anchor, title, [(page, section), ...]) of each answer, in page order."""
    found = list(_ANSWER.finditer(markdown))
    out = []
    for m, end in zip(found, [n.start() for n in found[1:]] + [len(markdown)]):
        body = markdown[m.end() : end]
        links = [(link["page"], link["section"]) for link in _LINK.finditer(body) if link["page"] != QUESTIONS]
        out.append((m["anchor"], m["title"], list(dict.fromkeys(links))))
    return out


def backlinks(markdown: str) -> dict[tuple[str, str], list[tuple[str, str]]]:
    """{(page, section): [(answer anchor, answer title), ...]}."""
    targets: dict = {}
    for anchor, title, links in answers(markdown):
        for target in links:
            targets.setdefault(target, []).append((anchor, title))
    return targets


def on_page_content(html, page, config, files, **kwargs):
    source = Path(config.docs_dir) / QUESTIONS
    if page.file.src_uri.endswith(".ipynb") or page.file.src_uri == QUESTIONS or not source.exists():
        return html
    questions = files.get_file_from_path(QUESTIONS)
    label = LABELS.get(config.extra.get("lang"), LABELS["en"])
    url = get_relative_url(questions.url, page.url)
    for (target, section), sources in backlinks(source.read_text(encoding="utf-8")).items():
        if target != page.file.src_uri:
            continue
        heading = re.compile(rf'<h([1-6]) id="{section}"[^>]*>.*?</h\1>', re.S)
        links = " · ".join(
            f'<a href="{url}#{anchor}">{html_lib.escape(title)}</a>' for anchor, title in sources
        )
        line = f'<p class="short-answer">{label}{links}</p>'
        html, n = heading.subn(lambda m: m.group(0) + line, html, count=1)
        if n == 0:
            raise ValueError(f"{QUESTIONS} links to {target}#{section}, a heading that {target} does not have")
    return html
