"""axe-core (shipped by axe-playwright-python) run inside a page the browser tests already loaded.

Every rule of WCAG 2.0, 2.1 and 2.2, levels A and AA, and axe's best practices is checked
in the light scheme. In the dark scheme only colours change (Material's slate scheme sets
other values for the same CSS variables), so the rules about colour run again there.

Speed: the two colour rules would be most of the cost, and most text repeats a kind
already checked: a syntax colour in a code block, a sidebar link, a paragraph. Text of the
same colour, size, weight and shadow over the same backdrop has the same contrast; a link
of the same colour, decoration and weight in text of the same colour is told apart the
same way. The backdrop is what axe reads behind the text: the background colours of its
ancestors down to the first opaque one, with their opacities, and the place on screen of
any absolutely or fixed positioned one (a box that floats lies over whatever is there);
with a filter or a background image on the way it is unknown, and the text is always
checked. So each kind goes to those two rules once per run and scheme, on the first page
that shows it (and fails there); the rules visit only the marked elements, and in the dark
scheme axe does not run when nothing is marked. Every other rule sees every element.
SVG text is a kind like any other: axe reads it as HTML text on the page background (the
tests check the contrast of figures as drawn, over their cells, themselves).

Syntax tokens: two thirds of a page's elements are the spans a highlighted code block is
made of (a class, a few characters); a quarter of axe's time went to them. Such a span carries
nothing but its colour, so while axe runs, each one the colour rules do not visit becomes
its text again, and every block is put back as it was before anything else looks. A block
holding anything else (a link, an id, an attribute, a nested element) is left whole.
The pages have no frames (asserted), so axe does not look for any.
"""

from __future__ import annotations

import weakref
from pathlib import Path

import axe_playwright_python

AXE = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
# Rules switched off, each with its reason. Keep it empty or near-empty.
EXCEPTIONS: dict[str, str] = {}

_PREPARE = """([seen, exceptions]) => {
    // Mark the text the two contrast rules must check: one element of each kind not seen
    // on this page or an earlier one, and every element whose backdrop cannot be told from
    // its ancestors. The rules visit only marked elements (visiting all is most of their cost).
    seen = new Set(seen);
    const fresh = new Set(), clear = 'rgba(0, 0, 0, 0)', backdrops = new Map();
    const backdrop = e => {  // what is painted behind e, as a key: null if unsure
        if (!e) return 'canvas';
        if (backdrops.has(e)) return backdrops.get(e);
        const s = getComputedStyle(e), parts = [];
        let found = null;
        if (s.filter === 'none' && s.backgroundImage === 'none') {
            if (s.opacity !== '1') parts.push('opacity ' + s.opacity);
            if (['absolute', 'fixed'].includes(s.position)) {  // over whatever lies there
                const r = e.getBoundingClientRect();
                parts.push(`at ${[r.x, r.y, r.width, r.height].map(Math.round)}`);
            }
            if (s.backgroundColor !== clear) parts.push(s.backgroundColor);
            const under = s.backgroundColor.startsWith('rgb(') ? '' : backdrop(e.parentElement);
            found = under === null ? null : parts.concat(under).join(' ');
        }
        backdrops.set(e, found);
        return found;
    };
    const text = e => e.matches('input, select, textarea') || [...e.childNodes].some(n => n.nodeType === 3 && n.data.trim());
    for (const e of document.body.querySelectorAll('[data-contrast-check], [data-link-check]')) {
        e.removeAttribute('data-contrast-check');
        e.removeAttribute('data-link-check');
    }
    for (const e of document.body.querySelectorAll('*')) {
        const link = e.matches('a[href], [role=link]');
        if (!(link || text(e)) || !e.getClientRects().length) continue;
        // axe reads SVG text as HTML text: its CSS colour (our figures fill text with it) on
        // the backgrounds behind it, shapes being transparent to it; so do we.
        const bg = backdrop(e);
        const s = getComputedStyle(e), kinds = [];
        if (text(e)) kinds.push(['contrast', [s.color, s.fontSize, s.fontWeight, s.textShadow, bg]]);
        if (link) kinds.push(['link', [s.color, s.textDecorationLine, s.borderBottomStyle, s.fontWeight, bg, getComputedStyle(e.parentElement).color]]);
        for (const [rule, values] of kinds) {
            const kind = rule + values.join();
            if (bg === null) e.setAttribute(`data-${rule}-check`, '');
            else if (!seen.has(kind) && !fresh.has(kind)) fresh.add(kind), e.setAttribute(`data-${rule}-check`, '');
        }
    }
    window.axe.configure({rules: [
        {id: 'color-contrast', selector: '[data-contrast-check]'},
        {id: 'link-in-text-block', selector: '[data-link-check]'},
        ...exceptions.map(id => ({id, enabled: false}))]});
    return [[...fresh], document.querySelectorAll('[data-contrast-check], [data-link-check]').length];
}"""
# axe.run with the syntax tokens the colour rules do not visit as plain text (see above).
_RUN = """async o => {
    if (document.querySelector('iframe, frame')) throw new Error('a frame on the page: run axe with iframes');
    const marks = ['class', 'data-contrast-check', 'data-link-check'];
    const token = e => e.tagName === 'SPAN' && !e.childElementCount && [...e.attributes].every(a => marks.includes(a.name));
    const blocks = [...document.querySelectorAll('pre > code')]
        .filter(c => c.querySelectorAll('*').length === c.childElementCount && [...c.children].every(token));
    const saved = blocks.map(c => [...c.childNodes]);
    for (const c of blocks)
        c.replaceChildren(...[...c.childNodes].map(n => n.nodeType === 1 && n.attributes.length < 2 ? n.textContent : n));
    try { return (await axe.run(document, o)).violations.map(v => v.id); }
    finally { blocks.forEach((c, i) => c.replaceChildren(...saved[i])); }
}"""
_PRELOADED: weakref.WeakSet = weakref.WeakSet()  # the browser contexts that load axe into every page
# The kinds of text whose contrast this process has checked, per colour scheme.
_CHECKED: dict[str, set[str]] = {}


def violations(page, scheme: str = "light", rules: list[str] | None = None) -> list[str]:
    """What axe finds on the page as it is now (all rules, or only `rules`), one message
    per rule: its name, impact and help, how to fix, and the elements (up to 5)."""
    if not page.evaluate("!!window.axe"):
        page.evaluate(AXE)
        if page.context not in _PRELOADED:
            # Every later page of this tab gets axe as it loads: sent once (550 KB), not once a page.
            page.context.add_init_script(AXE)
            _PRELOADED.add(page.context)
    checked = _CHECKED.setdefault(scheme, set())
    fresh, marked = page.evaluate(_PREPARE, [sorted(checked), list(EXCEPTIONS)])
    if rules and set(rules) <= set(COLOUR_RULES) and not marked:
        return []  # every kind of text here is one already checked in this scheme
    run_only = {"type": "rule", "values": rules} if rules else {"type": "tag", "values": TAGS}
    fast = {"runOnly": run_only, "resultTypes": ["violations"], "selectors": False, "noHtml": True, "preload": False, "iframes": False}
    found = page.evaluate(_RUN, fast)
    if not found:
        checked.update(fresh)
        return []
    # Only when something fails: again, with the elements named.
    full = {"runOnly": {"type": "rule", "values": found}, "resultTypes": ["violations"]}
    out = []
    for v in page.evaluate("o => axe.run(document, o).then(r => r.violations)", full):
        nodes = "\n".join(
            f"      {' '.join(map(str, n['target']))}: {n['html'][:160]}\n        "
            + n["failureSummary"].replace("\n", "\n        ")
            for n in v["nodes"][:5]
        )
        more = f"\n      ... and {len(v['nodes']) - 5} more" if len(v["nodes"]) > 5 else ""
        out.append(f"  {v['id']} ({v['impact']}, {len(v['nodes'])} elements): {v['help']} ({v['helpUrl']})\n{nodes}{more}")
    return out
