"""Mark what a block printed as its output, so a reader tells it from the code at a glance.

Each expected output (the fence after `<!--pytest-codeblocks:expected-output-->`) is put in
a box labelled "Output" in the page's language, without a copy button (the code is what a
reader copies); the output of a block marked `<!--docs:raises-->` is labelled and styled
as an error. The markers survive Markdown as HTML comments, which is what this reads.
Notebook pages are left alone: Jupyter draws its own outputs.
"""

from __future__ import annotations

import re

_BLOCK = r'<div class="highlight"><pre>(?:(?!</pre>).)*</pre></div>'
_MARKERS = r"(?:<!--docs:[\w=.-]+-->\s*)*"
_OUTPUT = re.compile(
    rf"(?P<raises><!--docs:raises-->\s*{_MARKERS})?(?P<code>{_BLOCK}\s*)?"
    rf"{_MARKERS}<!--pytest-codeblocks:expected-output-->\s*{_MARKERS}(?P<output>{_BLOCK})",
    re.S,
)


def on_page_content(html, page, config, **kwargs):
    if page.file.src_uri.endswith(".ipynb"):
        return html
    labels = config.extra["output"]

    def box(m: re.Match) -> str:
        error = m.group("raises") is not None
        kind, label = ("output output--error", labels["error"]) if error else ("output", labels["output"])
        return (
            (m.group("raises") or "") + (m.group("code") or "")
            + f'<div class="{kind} no-copy"><p class="output__label">{label}</p>{m.group("output")}</div>'
        )

    return _OUTPUT.sub(box, html)
