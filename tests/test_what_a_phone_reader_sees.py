"""What a reader on a phone (390 x 844 CSS px) sees on every page, in both languages.

A phone shows about 48 characters of a code line. With every folded box and quiz answer
opened: over all the pages of a language at most 12 code and output blocks scroll
sideways, none on the questions page, and none that a reader needs whole: a page's
opening block (before its first section) and its output, and each quiz question's code.
No page is wider than the phone; no copy button covers text. Figure text is drawn at 9 CSS
px or more (a figure shrinks to the screen's width, and its text with it). No technical
token is broken across two lines: the short tokens of docs/hooks/typography.py (GPT-2,
N(0, 0.02), d_model = 512, 6 × 3) anywhere in running text, and inline code inside a word
in headings, tables and the glossary. Each check of each page is a subtest; the scrolling
blocks are counted per language (tests/js/phone.js reads a page).
"""

from __future__ import annotations

import pytest

from browser import new_context
from pages import LANGUAGES, load_hook, nav_order, published_path

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
MOST_SCROLLING = 12  # code and output blocks that scroll sideways, over all the pages of a language
NO_SCROLLING = ("questions-learners-ask.md",)  # pages where none may
SMALLEST_FIGURE_TEXT = 9.0  # CSS px
TOKENS = load_hook("typography").PATTERN
ALL_CODE = ("glossary.md",)  # pages whose every inline code is a term to keep whole


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_phone_shows_every_page_whole(browser, built_site, site_url, lang, subtests, record_property):
    context = new_context(browser, **PHONE)
    page = context.new_page()
    scrolling, blocks = [], 0
    try:
        for source in nav_order():
            page.goto(site_url + published_path(lang, source), wait_until="load")
            state = page.evaluate("([tokens, all]) => checks.phone(tokens, all)", [TOKENS, source in ALL_CODE])
            where = f"{lang}:{source} at 390 px"
            blocks += state["blocks"]
            scrolling += [f"{source}: {line!r}" for line in state["scrolling"]]

            def check(name):
                return subtests.test(name, page=where)

            with check("no technical token broken across two lines"):
                assert not state["broken"], f"{where}: broken across two lines (docs/hooks/typography.py keeps such tokens whole; inline code breaks at a space): {state['broken']}"
            with check("no wider than the phone"):
                assert state["pageWidth"] <= 390, f"{where}: the page itself is {state['pageWidth']} px wide"
            with check("what a reader needs whole does not scroll"):
                assert not state["neededScrolling"], f"{where}: blocks a reader needs whole (opening block, its output, a quiz question) scroll: {state['neededScrolling']}"
            if source in NO_SCROLLING:
                with check("no block scrolls on this page"):
                    assert not state["scrolling"], f"{where}: {len(state['scrolling'])} blocks scroll sideways: {state['scrolling']}"
            with check("no copy button over text"):
                assert not state["covered"], f"{where}: a copy button covers the text of the blocks starting {state['covered']}"
            with check("figure text at 9 px or more"):
                small = [f"{figure}: {text!r} at {px} px" for figure, text, px in state["smallText"]]
                assert not small, f"{where}: figure text drawn under {SMALLEST_FIGURE_TEXT} px: {small[:5]}"
    finally:
        context.close()
    record_property(f"phone_scrolling {lang}", f"{len(scrolling)}/{blocks}")
    assert len(scrolling) <= MOST_SCROLLING, (
        f"{lang}: {len(scrolling)} of {blocks} code and output blocks scroll sideways at 390 px, over {MOST_SCROLLING}; "
        "the longest line of each:\n" + "\n".join(scrolling)
    )
