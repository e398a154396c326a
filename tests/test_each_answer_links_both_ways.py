"""Each short answer of *Questions learners ask* links to the sections that treat it in
depth, those sections exist, and each of them, as built, links back to the answer right
under its heading (docs/hooks/backlinks.py derives the way back from the way there)."""

import html
import re

import pytest

import page as page_format
from pages import DOCS, LANGUAGES, headings, load_hook, published_path

backlinks = load_hook("backlinks")
QUESTIONS = backlinks.QUESTIONS


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_answer_links_to_a_section_that_exists(lang):
    found = backlinks.answers(page_format.read(DOCS / lang / QUESTIONS))
    assert len(found) >= 20, f"{lang}: only {len(found)} answers found"
    problems = []
    for anchor, _, links in found:
        if not links:
            problems.append(f"#{anchor}: no link to the section that treats it in depth (page.md#section)")
        for page, section in links:
            target = DOCS / lang / page
            if not target.exists():
                problems.append(f"#{anchor}: links to {page}, which does not exist")
            elif section not in [a for _, _, a in headings(target)]:
                problems.append(f"#{anchor}: links to {page}#{section}, a heading {page} does not have")
    assert not problems, f"docs/{lang}/{QUESTIONS}:\n" + "\n".join(problems)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_in_depth_section_links_back_to_its_answer(built_site, lang):
    site, _ = built_site
    label = backlinks.LABELS[lang]
    problems = []
    for (page, section), sources in backlinks.backlinks(page_format.read(DOCS / lang / QUESTIONS)).items():
        built = (site / published_path(lang, page) / "index.html").read_text(encoding="utf-8")
        heading = rf'<h([1-6]) id="{section}"[^>]*>.*?</h\1>\s*'
        under = re.search(heading + r'<p class="short-answer">(.*?)</p>', built, re.S)
        where = f"{lang}: {page}#{section}"
        if under is None:
            problems.append(f"{where}: no short-answer line right under the heading")
            continue
        line = html.unescape(re.sub(r"<[^>]+>", "", under.group(2)))
        for anchor, title in sources:
            back = f'href="../{"../" * page.count("/")}{published_path("en", QUESTIONS)}#{anchor}"'
            if page == "index.md":
                back = f'href="{published_path("en", QUESTIONS)}#{anchor}"'
            if back not in under.group(2):
                problems.append(f"{where}: does not link back to {QUESTIONS}#{anchor} ({back})")
            if not line.startswith(label) or title not in line:
                problems.append(f"{where}: the line reads {line!r}, not {label}… {title!r}")
    assert not problems, "\n".join(problems)
