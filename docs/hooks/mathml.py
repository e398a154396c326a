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


# A notebook's markdown cells keep Jupyter's $...$: nbconvert leaves math as TeX for MathJax
# to typeset in the browser, a script from a CDN this site does not load.
_NOTEBOOK_INLINE = re.compile(r"\$([^$<>\n]+?)\$")
_PRE = re.compile(r"(<pre\b.*?</pre>)", re.S)
_TEX_LEFT = re.compile(r"\$|\\\(|\\\[")


def on_page_content(html, page, **kwargs):
    html = _BLOCK.sub(lambda m: to_mathml(m.group(1), True), html)
    html = _INLINE.sub(lambda m: to_mathml(m.group(1), False), html)
    if page.file.src_uri.endswith(".ipynb"):
        html = _notebook_math(page, html)
    return html


def _notebook_math(page, html: str) -> str:
    """Each $...$ of a notebook page outside code and outputs as MathML; any other TeX
    delimiter left there stops the build (nbconvert would then write math another way)."""
    parts = _PRE.split(html)  # odd parts are <pre> blocks: code and outputs stay as they are
    for i in range(0, len(parts), 2):
        parts[i] = _NOTEBOOK_INLINE.sub(lambda m: to_mathml(m.group(1), False), parts[i])
        if left := _TEX_LEFT.search(parts[i]):
            raise ValueError(
                f"{page.file.src_uri}: math left as TeX ({parts[i][left.start():left.start() + 40]!r}): "
                "nbconvert no longer writes notebook math as $...$; see README, Workarounds kept"
            )
    return "".join(parts)
