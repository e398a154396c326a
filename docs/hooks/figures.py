"""Inline the SVG figures of docs/<lang>/figures/ into the pages that show them.

A page shows a figure as a plain Markdown image, `![alt text](figures/name.svg "caption")`,
which previews anywhere. In the site the SVG itself is put into the page, inside a
<figure> with the caption, so that it is drawn in the page's colours (the figures use
currentColor and the site's CSS variables; an <img> could not follow the light/dark
switch), its text can be selected and found with the browser, and it costs no request.
"""

from __future__ import annotations

import re
from pathlib import Path

_IMAGE = re.compile(r'<p>\s*(<img\b[^>]*\bsrc="(?:\.\./)*figures/([\w-]+\.svg)"[^>]*>)\s*</p>')
_ATTR = re.compile(r'(\w+)="([^"]*)"')
_PROLOGUE = re.compile(r"^\s*(<\?xml[^>]*\?>\s*)?(<!DOCTYPE[^>]*>\s*)?", re.S)


def inline_figure(img_tag: str, svg_text: str, name: str) -> str:
    attrs = dict(_ATTR.findall(img_tag))
    alt, caption = attrs.get("alt", ""), attrs.get("title", "")
    if not alt:
        raise ValueError(f"figures/{name}: the image needs alt text (the text in ![...])")
    svg = _PROLOGUE.sub("", svg_text, count=1)
    # The numbers stay selectable and findable in the page, but out of the search index.
    svg = svg.replace("<svg ", f'<svg role="img" aria-label="{alt}" data-search-exclude ', 1)
    figcaption = f"<figcaption>{caption}</figcaption>" if caption else ""
    return f'<figure class="figure" id="figure-{Path(name).stem}">{svg}{figcaption}</figure>'


def on_page_content(html_text, page, config, **kwargs):
    def replace(match):
        name = match.group(2)
        path = Path(config.docs_dir) / "figures" / name
        if not path.is_file():
            raise ValueError(f"{page.file.src_uri}: figures/{name} does not exist")
        return inline_figure(match.group(1), path.read_text(encoding="utf-8"), name)

    html_text = _IMAGE.sub(replace, html_text)
    # A figure inside a sentence or a list would stay an <img>, drawn black on the dark
    # scheme; say so rather than ship it.
    left = re.findall(r'<img\b[^>]*\bsrc="(?:\.\./)*figures/([\w-]+\.svg)"', html_text)
    if left:
        raise ValueError(f"{page.file.src_uri}: figures {left} must stand alone in a paragraph: ![alt](figures/x.svg \"caption\")")
    return html_text
