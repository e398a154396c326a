"""Render math at build time as MathML: no KaTeX or MathJax to download, no CDN.

pymdownx.arithmatex (generic mode) protects $...$ and $$...$$ from Markdown and wraps
them in span/div.arithmatex; here each becomes a <math> element that browsers draw natively.
"""

from __future__ import annotations

import html as html_lib
import re

from latex2mathml.converter import convert

_INLINE = re.compile(r'<span class="arithmatex">\\\((.+?)\\\)</span>', re.S)
_BLOCK = re.compile(r'<div class="arithmatex">\\\[(.+?)\\\]</div>', re.S)


def to_mathml(latex: str, display: bool) -> str:
    return convert(html_lib.unescape(latex).strip(), display="block" if display else "inline")


# Notebook markdown cells keep Jupyter's $...$ (mkdocs-jupyter leaves it to MathJax).
_NOTEBOOK_INLINE = re.compile(r"\$([^$<>\n]+?)\$")
_PRE = re.compile(r"(<pre\b.*?</pre>)", re.S)


def on_page_content(html, page, **kwargs):
    html = _BLOCK.sub(lambda m: to_mathml(m.group(1), True), html)
    html = _INLINE.sub(lambda m: to_mathml(m.group(1), False), html)
    if page.file.src_uri.endswith(".ipynb"):
        parts = _PRE.split(html)  # odd parts are <pre> blocks: code and outputs stay as they are
        html = "".join(
            part if i % 2 else _NOTEBOOK_INLINE.sub(lambda m: to_mathml(m.group(1), False), part)
            for i, part in enumerate(parts)
        )
    return html
