"""axe-core (shipped by axe-playwright-python) run inside a page the browser tests already loaded.

Every rule of WCAG 2.0, 2.1 and 2.2, levels A and AA, and axe's best practices is checked
in the light scheme. In the dark scheme only colours change (Material's slate scheme sets
other values for the same CSS variables), so the rules about colour run again there.

Speed: the two colour rules are most of the cost, and most text repeats a kind already
seen: a syntax colour in a code block, a sidebar link, a paragraph. Text of the same
colour, size, weight and shadow on the same plain background colour (nothing translucent,
filtered or image-backed in between) has the same contrast; a link of the same colour,
decoration and weight in text of the same colour is told apart the same way. So each kind
goes to those two rules once per run and scheme, on the first page that shows it (and
fails there); every other rule sees every element, and SVG text (drawn on shapes, not on
its parents) is always checked.
"""

from __future__ import annotations

from pathlib import Path

import axe_playwright_python

AXE = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
# Rules switched off, each with its reason. Keep it empty or near-empty.
EXCEPTIONS: dict[str, str] = {}

_PREPARE = """([seen, exceptions]) => {
    // Mark text that repeats a kind already checked (on this page or an earlier one): the
    // contrast rules skip it. A kind is represented only by visible text of its own.
    seen = new Set(seen);
    const fresh = new Set(), clear = 'rgba(0, 0, 0, 0)';
    const background = e => {  // the plain colour painted behind e, if nothing else is
        for (let b = e; b; b = b.parentElement) {
            const s = getComputedStyle(b);
            if (s.opacity !== '1' || s.filter !== 'none' || s.backgroundImage !== 'none') return null;
            if (s.backgroundColor !== clear) return s.backgroundColor;
        }
        return null;
    };
    const text = e => [...e.childNodes].some(n => n.nodeType === 3 && n.data.trim()) && e.getClientRects().length;
    for (const e of document.body.querySelectorAll('*')) {
        e.removeAttribute('data-contrast-twin');
        e.removeAttribute('data-link-twin');
        if (e.closest('svg') || !text(e)) continue;  // SVG text sits on shapes, not on its parents
        const s = getComputedStyle(e), bg = background(e);
        if (bg === null) continue;
        const kinds = [['contrast', [s.color, s.fontSize, s.fontWeight, s.textShadow, bg]]];
        if (e.matches('a[href]') && e.parentElement)
            kinds.push(['link', [s.color, s.textDecorationLine, s.borderBottomStyle, s.fontWeight, bg, getComputedStyle(e.parentElement).color]]);
        for (const [rule, values] of kinds) {
            const kind = rule + values.join();
            if (seen.has(kind) || fresh.has(kind)) e.setAttribute(`data-${rule}-twin`, '');
            else fresh.add(kind);
        }
    }
    window.axe.configure({rules: [
        {id: 'color-contrast', selector: '*:not([data-contrast-twin])'},
        {id: 'link-in-text-block', selector: 'a[href]:not([data-link-twin]), [role=link]:not([data-link-twin])'},
        ...exceptions.map(id => ({id, enabled: false}))]});
    return [...fresh];
}"""
# The kinds of text whose contrast this process has checked, per colour scheme.
_CHECKED: dict[str, set[str]] = {}


def violations(page, scheme: str = "light", rules: list[str] | None = None) -> list[str]:
    """What axe finds on the page as it is now (all rules, or only `rules`), one message
    per rule: its name, impact and help, how to fix, and the elements (up to 5)."""
    if not page.evaluate("!!window.axe"):
        page.evaluate(AXE)
    checked = _CHECKED.setdefault(scheme, set())
    fresh = page.evaluate(_PREPARE, [sorted(checked), list(EXCEPTIONS)])
    run_only = {"type": "rule", "values": rules} if rules else {"type": "tag", "values": TAGS}
    fast = {"runOnly": run_only, "resultTypes": ["violations"], "selectors": False, "noHtml": True, "preload": False}
    found = page.evaluate("o => axe.run(document, o).then(r => r.violations.map(v => v.id))", fast)
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
