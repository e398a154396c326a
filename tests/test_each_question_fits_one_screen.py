"""Each answer of *Questions learners ask* fits one screen, so it can be read, and quoted,
whole: from its title to the next title, at most the window's height under the sticky
header, on a desktop (1,280 x 800) and on a phone (390 x 844), in every language.
One page load per language and window (tests/js/questions.js measures the answers).
"""

from __future__ import annotations

import pytest

from browser import new_context
from pages import LANGUAGES, published_path

PAGE = "questions-learners-ask.md"
WINDOWS = {
    "desktop": {"viewport": {"width": 1280, "height": 800}},
    "phone": {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2},
}


def heights(browser, site_url, lang, window):
    context = new_context(browser, **WINDOWS[window])
    try:
        page = context.new_page()
        page.goto(site_url + published_path(lang, PAGE), wait_until="load")
        return page.evaluate("checks.answerHeights()")
    finally:
        context.close()


@pytest.mark.parametrize("window", WINDOWS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_answer_fits_one_screen(browser, built_site, site_url, lang, window, record_property):
    found = heights(browser, site_url, lang, window)
    answers, room = found["answers"], found["room"]
    assert len(answers) >= 20, f"{lang}: only {len(answers)} answers found on {PAGE}"
    record_property(f"questions {lang} {window}", ", ".join(f"{a['anchor']} {a['height']}" for a in answers))
    over = [f"#{a['anchor']}: {a['height']} px, {a['height'] - room} over" for a in answers if a["height"] > room]
    assert not over, f"{lang}, {window}: answers taller than one screen ({room} px under the header):\n" + "\n".join(over)
