"""axe-core (shipped by axe-playwright-python) run inside a page the browser tests already loaded.

Every rule of WCAG 2.0, 2.1 and 2.2, levels A and AA, and axe's best practices is checked
in the light scheme. In the dark scheme only colours change (Material's slate scheme sets
other values for the same CSS variables), so the rules about colour run again there.

Speed: the two colour rules would be most of the cost, and most text repeats a kind
already checked: a syntax colour in a code block, a sidebar link, a paragraph. Text of the
same colour, size, weight and shadow over the same backdrop has the same contrast; a link
of the same colour, decoration and weight in text of the same colour is told apart the
same way. The backdrop is what axe reads behind the text: the background colours of its
ancestors down to the first opaque one, with their opacities; under an absolutely or
fixed positioned box (which lies over whatever is there), the elements under its middle,
found as axe finds a text's background (elementsFromPoint); with a filter or a background
image on the way, or a floating box off the screen, it is unknown, and the text is always
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
The pages have no frames (asserted), so axe does not look for any. Both halves are in
tests/js/axe.js.
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

# target-size looks at every element ("*") and keeps those its matcher takes: a widget
# role, not inline in text (axe-core's widget-not-inline-matches). Only these elements can
# have a widget role (implicitly, or by their role attribute), so the rule is given them
# to look at: the same targets, a third of the rule's time (it was two fifths of a run).
TARGETS = "a[href], area[href], button, input, select, textarea, option, summary, [role], [tabindex], [contenteditable]"
if 'id:"target-size",impact:"serious",selector:"*",enabled:!1,matches:"widget-not-inline-matches"' not in AXE:
    raise RuntimeError("axe-core's target-size rule changed: check that TARGETS in tests/accessibility.py still holds every element it can match")
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
    fresh, marked = page.evaluate("a => checks.prepareAxe(a)", [sorted(checked), list(EXCEPTIONS), TARGETS])
    if rules and set(rules) <= set(COLOUR_RULES) and not marked:
        return []  # every kind of text here is one already checked in this scheme
    run_only = {"type": "rule", "values": rules} if rules else {"type": "tag", "values": TAGS}
    fast = {"runOnly": run_only, "resultTypes": ["violations"], "selectors": False, "noHtml": True, "preload": False, "iframes": False}
    found = page.evaluate("o => checks.runAxe(o)", fast)
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
