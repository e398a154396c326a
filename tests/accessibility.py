"""axe-core (shipped by axe-playwright-python) run inside a page the browser tests already loaded.

Every rule of WCAG 2.0, 2.1 and 2.2, levels A and AA, and axe's best practices is checked
in the light scheme. In the dark scheme only colours change (Material's slate scheme sets
other values for the same CSS variables), so the rules about colour run again there.

Speed: the contrast rule is most of the cost, and most text on a page repeats a kind
already seen: a syntax colour in a code block, a link in the sidebar, a paragraph. Text
with the same colour, size, weight and shadow, painted on the same background box (with
nothing translucent, filtered or image-backed in between), has the same contrast, so only
the first of each kind goes to that rule; the other rules still see every element, and
SVG text (drawn on shapes, not on its parents) is always checked.
"""

from __future__ import annotations

from pathlib import Path

import axe_playwright_python

AXE = (Path(axe_playwright_python.__file__).parent / "axe.min.js").read_text(encoding="utf-8")
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]
COLOUR_RULES = ["color-contrast", "link-in-text-block"]
# Rules switched off, each with its reason. Keep it empty or near-empty.
EXCEPTIONS: dict[str, str] = {}

_PREPARE = """exceptions => {
    const seen = new Set(), boxes = new Map(), clear = 'rgba(0, 0, 0, 0)';
    const box = e => {  // the nearest box that paints a plain background behind e
        for (let b = e; b; b = b.parentElement) {
            const s = getComputedStyle(b);
            if (s.opacity !== '1' || s.filter !== 'none' || s.backgroundImage !== 'none') return null;
            if (s.backgroundColor !== clear) return boxes.has(b) ? boxes.get(b) : (boxes.set(b, boxes.size), boxes.size - 1);
        }
        return null;
    };
    for (const e of document.body.querySelectorAll('*')) {
        if (e.closest('svg')) continue;  // SVG text sits on shapes, not on its parents
        const s = getComputedStyle(e), b = box(e);
        const kind = b === null ? null : [s.color, s.fontSize, s.fontWeight, s.textShadow, b].join();
        e.toggleAttribute('data-contrast-twin', kind !== null && seen.has(kind));
        if (kind !== null) seen.add(kind);
    }
    window.axe.configure({rules: [{id: 'color-contrast', selector: '*:not([data-contrast-twin])'},
                                  ...exceptions.map(id => ({id, enabled: false}))]});
}"""


def violations(page, rules: list[str] | None = None) -> list[str]:
    """What axe finds on the page as it is now (all rules, or only `rules`), one message
    per rule: its name, impact and help, how to fix, and the elements (up to 5)."""
    if not page.evaluate("!!window.axe"):
        page.evaluate(AXE)
    page.evaluate(_PREPARE, list(EXCEPTIONS))
    run_only = {"type": "rule", "values": rules} if rules else {"type": "tag", "values": TAGS}
    fast = {"runOnly": run_only, "resultTypes": ["violations"], "selectors": False, "noHtml": True, "preload": False}
    found = page.evaluate("o => axe.run(document, o).then(r => r.violations.map(v => v.id))", fast)
    if not found:
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
