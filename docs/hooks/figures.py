"""Inline the SVG figures of docs/<lang>/figures/ into the pages that show them.

A page shows a figure as a plain Markdown image, `![alt text](figures/name.svg "caption")`,
which previews anywhere. In the site the SVG itself is put into the page, inside a
<figure> with the caption, so that it is drawn in the page's colours (the figures use
currentColor and the site's CSS variables; an <img> could not follow the light/dark
switch), its text can be selected and found with the browser, and it costs no request.
The page model (docs/hooks/page.py) finds the figures in the Markdown; each becomes raw
HTML there, which Markdown passes through. A notebook page has no Markdown stage of ours
(mkdocs-jupyter renders it): there the figures' <img> tags are replaced in its HTML.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import page as page_format

_PROLOGUE = re.compile(r"^\s*(<\?xml[^>]*\?>\s*)?(<!DOCTYPE[^>]*>\s*)?", re.S)


def inline_figure(alt: str, caption: str, svg_text: str, name: str) -> str:
    if not alt:
        raise ValueError(f"figures/{name}: the image needs alt text (the text in ![...])")
    svg = _PROLOGUE.sub("", svg_text, count=1).strip()
    # The numbers stay selectable and findable in the page, but out of the search index.
    label = html.escape(alt, quote=False).replace('"', "&quot;")  # as Markdown writes an attribute
    svg = svg.replace("<svg ", f'<svg role="img" aria-label="{label}" data-search-exclude ', 1)
    figcaption = f"<figcaption>{html.escape(caption, quote=False)}</figcaption>" if caption else ""
    return f'<figure class="figure" id="figure-{Path(name).stem}">{svg}{figcaption}</figure>'


_IMAGE = re.compile(r'<p>\s*(<img\b[^>]*\bsrc="(?:\.\./)*figures/([\w-]+\.svg)"[^>]*>)\s*</p>')
_ATTR = re.compile(r'(\w+)="([^"]*)"')


def on_page_content(html_text, page, config, **kwargs):
    """A notebook page's figures (its links to them are made relative by docs/hooks/notebooks.py)."""
    if not page.file.src_uri.endswith(".ipynb"):
        return html_text

    def replace(match):
        attrs, name = dict(_ATTR.findall(match.group(1))), match.group(2)
        svg = (Path(config.docs_dir) / "figures" / name).read_text(encoding="utf-8")
        return inline_figure(html.unescape(attrs.get("alt", "")), html.unescape(attrs.get("title", "")), svg, name)

    return _IMAGE.sub(replace, html_text)


def on_page_markdown(markdown, page, config, **kwargs):
    if not page.file.src_uri.endswith(".md"):
        return markdown
    doc, regions = page_format.parse(markdown, page.file.abs_src_path), []
    for n, alt, name, caption in doc.figures():
        line = doc.lines[n - 1].strip()
        alone = line.startswith("![") and line.endswith(")") and line.count("](figures/") == 1
        blank = lambda k: k < 1 or k > len(doc.lines) or not doc.lines[k - 1].strip()  # noqa: E731
        if not (alone and blank(n - 1) and blank(n + 1)):
            # A figure inside a sentence or a list would stay an <img>, drawn black on the
            # dark scheme; say so rather than ship it.
            raise ValueError(f"{page.file.src_uri}: figures/{name} must stand alone in a paragraph: ![alt](figures/x.svg \"caption\")")
        path = Path(config.docs_dir) / "figures" / name
        if not path.is_file():
            raise ValueError(f"{page.file.src_uri}: figures/{name} does not exist")
        regions.append((n, n, inline_figure(alt, caption, path.read_text(encoding="utf-8"), name)))
    return doc.replaced(regions)
