"""Render math at build time as MathML: no KaTeX or MathJax to download, no CDN.

pymdownx.arithmatex (generic mode) reads $...$ and $$...$$ and makes span/div.arithmatex
elements; a Python-Markdown tree processor of this hook, registered in on_config (the
extension point MkDocs and Python-Markdown document), turns each into a <math> element
that browsers draw natively. A notebook page has no Markdown stage of ours (mkdocs-jupyter
renders it, and leaves $...$ to MathJax): its HTML is converted instead.
"""

from __future__ import annotations

import html as html_lib
import re

from latex2mathml.converter import convert
from markdown import Extension
from markdown.treeprocessors import Treeprocessor


def to_mathml(latex: str, display: bool) -> str:
    return convert(html_lib.unescape(latex).strip(), display="block" if display else "inline")


_WRAP = re.compile(r"\A\s*\\[(\[](.*?)\\[)\]]\s*\Z", re.S)  # \( ... \) or \[ ... \]


class _MathML(Treeprocessor):
    def run(self, root):
        found = [(parent, el) for parent in root.iter() for el in parent
                 if el.tag in ("span", "div") and el.get("class") == "arithmatex"]
        for parent, el in reversed(found):
            m = _WRAP.match(el.text or "")
            if m is None:
                raise ValueError(f"arithmatex gave {el.text!r}: expected \\(...\\) or \\[...\\] (generic mode)")
            stashed = self.md.htmlStash.store(to_mathml(m.group(1), el.tag == "div"))
            index, tail = list(parent).index(el), el.tail or ""
            if index == 0:
                parent.text = (parent.text or "") + stashed + tail
            else:
                parent[index - 1].tail = (parent[index - 1].tail or "") + stashed + tail
            parent.remove(el)


class MathML(Extension):
    def extendMarkdown(self, md):
        md.treeprocessors.register(_MathML(md), "mathml", 19)  # right after the inline patterns (20)


def on_config(config, **kwargs):
    config.markdown_extensions.append(MathML())
    return config


# A notebook's markdown cells keep Jupyter's $...$: nbconvert leaves math as TeX for MathJax
# to typeset in the browser, a script from a CDN this site does not load.
_NOTEBOOK_INLINE = re.compile(r"\$([^$<>\n]+?)\$")
_PRE = re.compile(r"(<pre\b.*?</pre>)", re.S)
_TEX_LEFT = re.compile(r"\$|\\\(|\\\[")


def on_page_content(html, page, **kwargs):
    if not page.file.src_uri.endswith(".ipynb"):
        return html
    return _notebook_math(page, html)


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
