"""What a reader on a phone (390 x 844 CSS px) sees on the teaching pages, in both languages.

A phone shows about 48 characters of a code line. Over all teaching pages of a language,
with every folded box and quiz answer opened, at most a quarter of the code and output
blocks may scroll sideways, and none that a reader needs whole: a page's opening block and
its output, and each quiz question's code. No copy button covers text. Figure text is drawn
at 9 CSS px or more (a figure shrinks to the screen's width, and its text with it). On
every page, no short technical token (GPT-2, N(0, 0.02), d_model = 512, 6 × 3: the
patterns of docs/hooks/typography.py) is broken across two lines.
"""

from __future__ import annotations

import pytest

from pages import LANGUAGES, load_hook, nav_order, published_path, teaching_pages

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 2}
MOST_SCROLLING = 0.25
SMALLEST_FIGURE_TEXT = 9.0  # CSS px
TOKENS = load_hook("typography").PATTERN

_STATE = """(tokens) => {
    for (const d of document.querySelectorAll('article details')) d.open = true;
    const article = document.querySelector('article');
    const broken = [];
    const text = document.createTreeWalker(article, NodeFilter.SHOW_TEXT, {acceptNode: n =>
        n.parentElement.closest('pre, svg, math, script, style') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT});
    while (text.nextNode()) {
        const node = text.currentNode;
        for (const m of node.textContent.matchAll(new RegExp(tokens, 'g'))) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const tops = [...range.getClientRects()].filter(r => r.width > 0).map(r => r.top);
            if (tops.length && Math.max(...tops) - Math.min(...tops) > 8) broken.push(m[0]);
        }
    }
    const scrolls = code => code.scrollWidth > code.clientWidth + 1;
    const codes = [...article.querySelectorAll('pre > code')];
    const first = article.querySelector(':scope > .highlight');
    const firstOutput = first && first.nextElementSibling && first.nextElementSibling.matches('.output') ? first.nextElementSibling : null;
    const needed = [first, firstOutput, ...article.querySelectorAll('.quiz__question')].filter(Boolean);
    const neededScrolling = needed.flatMap(e => [...e.querySelectorAll('pre > code')]).filter(scrolls)
        .map(c => c.textContent.split('\\n').reduce((a, b) => b.length > a.length ? b : a, ''));
    const covered = [];
    for (const pre of article.querySelectorAll('pre')) {
        const button = pre.querySelector('.md-code__nav button');
        if (!button || !button.getClientRects().length) continue;
        const b = button.getBoundingClientRect(), range = document.createRange();
        const walk = document.createTreeWalker(pre.querySelector('code'), NodeFilter.SHOW_TEXT);
        while (walk.nextNode()) {
            range.selectNodeContents(walk.currentNode);
            const hit = [...range.getClientRects()].some(r => r.width > 0 && r.right > b.left && r.left < b.right && r.bottom > b.top && r.top < b.bottom);
            if (hit) { covered.push(pre.textContent.trim().split('\\n')[0].slice(0, 40)); break; }
        }
    }
    const smallText = [];
    for (const svg of article.querySelectorAll('.figure > svg')) {
        const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        for (const t of svg.querySelectorAll('text')) {
            const px = parseFloat(getComputedStyle(t).fontSize) * scale;
            if (px < 9) smallText.push([svg.closest('figure').id, t.textContent, Math.round(px * 10) / 10]);
        }
    }
    return {blocks: codes.length, scrolling: codes.filter(scrolls).length, neededScrolling, covered, smallText,
            pageWidth: document.documentElement.scrollWidth, broken};
}"""


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_phone_shows_the_teaching_pages_whole(browser, built_site, site_url, lang, record_property):
    teaching = {p.name for p in teaching_pages(lang)}
    sources = nav_order()
    context = browser.new_context(**PHONE)
    context.add_init_script("try { localStorage.clear() } catch (e) {}")
    page = context.new_page()
    blocks = scrolling = 0
    problems, per_page = [], []
    try:
        for source in sources:
            page.goto(site_url + published_path(lang, source), wait_until="load")
            state = page.evaluate(_STATE, TOKENS)
            where = f"{lang}:{source} at 390 px"
            for token in state["broken"]:
                problems.append(f"{where}: {token!r} is broken across two lines (docs/hooks/typography.py keeps such tokens whole)")
            if source not in teaching:
                continue
            blocks += state["blocks"]
            scrolling += state["scrolling"]
            per_page.append(f"{source} {state['scrolling']}/{state['blocks']}")
            if state["pageWidth"] > 390:
                problems.append(f"{where}: the page itself is {state['pageWidth']} px wide")
            for line in state["neededScrolling"]:
                problems.append(f"{where}: a block a reader needs whole (opening block, its output, a quiz question) scrolls: {line!r}")
            for line in state["covered"]:
                problems.append(f"{where}: a copy button covers the text of the block starting {line!r}")
            for figure, text, px in state["smallText"][:5]:
                problems.append(f"{where}: {figure}: text {text!r} is drawn at {px} px, under {SMALLEST_FIGURE_TEXT}")
    finally:
        context.close()
    record_property(f"phone_scrolling {lang}", f"{scrolling}/{blocks}")
    share = scrolling / max(blocks, 1)
    if share > MOST_SCROLLING:
        problems.append(
            f"{lang}: {scrolling} of {blocks} code and output blocks ({share:.0%}) scroll sideways at 390 px, over "
            f"{MOST_SCROLLING:.0%}; per page: " + ", ".join(per_page)
        )
    assert not problems, "\n".join(problems)
