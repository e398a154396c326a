"""Mark what a block printed as its output, so a reader tells it from the code at a glance.

Each expected output (the fence after `<!--pytest-codeblocks:expected-output-->`) is put in
a box labelled "Output" in the page's language, without a copy button (the code is what a
reader copies); the output of a block marked `<!--docs:raises-->` is labelled and styled
as an error. The page model (docs/hooks/page.py) finds them in the Markdown; our markers
are for the checks, not for readers, and go. A quiz's outputs are left to the quiz hook,
which runs next (docs/hooks/quizzes.py). Notebook pages are left alone: Jupyter draws its
own outputs.
"""

from __future__ import annotations

import page as page_format


def on_page_markdown(markdown, page, config, **kwargs):
    if not page.file.src_uri.endswith(".md"):
        return markdown
    labels, doc = config.extra["output"], page_format.parse(markdown, page.file.abs_src_path)
    regions = []
    for block in doc.blocks:
        if {"quiz", "wrong"} & block.markers.keys():
            continue
        if block.output is None:
            regions += [(n, n, None) for n in block.marker_lines]
            continue
        regions += [(n, n, None) for n in block.marker_lines if n < block.line]
        kind, label = ("output output--error", labels["error"]) if block.raises else ("output", labels["output"])
        fence = "\n".join(doc.lines[block.output.start - 1 : block.output.end])
        box = f'\n<div class="{kind} no-copy" markdown>\n<p class="output__label">{label}</p>\n\n{fence}\n\n</div>\n'
        regions.append((block.fence.end + 1, block.output.end, box))
    return doc.replaced(regions)

