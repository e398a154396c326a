"""Keep short technical tokens whole on every screen width.

A browser may end a line at a space or after a hyphen, so on a phone "GPT-2" can end one
line with "GPT-" and "N(0, 0.02)" or "d_model = 512" can be torn in two (a line then
starts with "= 512"). Each such token in running text (headings, paragraphs, lists,
tables, inline code; not code blocks, figures, math or scripts) is wrapped in
<span class="nowrap">, which assets/site.css keeps on one line. PATTERN is also what
tests/test_what_a_phone_reader_sees.py looks for, broken across lines, at 390 px.

It runs in Markdown's conversion of each page, as a Python-Markdown postprocessor (the
extension point for the finished HTML, registered in on_config): running text includes
the raw HTML that pages write (a fold's <summary>, a figure's caption) and hooks write (a
quiz's options), which no earlier stage sees as text. Notebook pages, which mkdocs-jupyter
converts, are left as they are.
"""

from __future__ import annotations

import re

from markdown import Extension
from markdown.postprocessors import Postprocessor

_N = r"\d(?:[\d,.]*\d)?"  # a number: 512, 0.02, 128,256 (never ending in a full stop)
TOKENS = [
    r"GPT-\d(?: (?:small|medium|large|XL))?",  # GPT-2, GPT-2 XL
    r"[A-Za-z][A-Za-z0-9]*-[A-Z0-9][A-Za-z0-9.]*",  # Flan-T5, IEEE-754, UTF-8, GPT-J
    r"(?:LLaMA|Llama|PyTorch|Python|transformers) \d+(?:\.\d+)*(?: \d+B)?",  # Llama 3.1 8B, LLaMA 1, PyTorch 2.13.0
    rf"{_N} (?:ms|µs|s|KB|KiB|MB|MiB|GB|GiB)(?!\w)",  # 24 ms, 154.4 MB, 1,540 MiB
    r"±?\d+/√\w+",  # 1/√d_model, ±1/√in_features
    r"[A-Za-z]\w*\([^()\s<>]{1,20}, [^()\s<>]{1,20}\)",  # N(0, 0.02), N(0, initializer_range)
    r"\([^()\s<>]{1,12}, [^()\s<>]{1,12}(?:, [^()\s<>]{1,12})?\)",  # shapes: (4, 3)
    r"\[[^\[\]\s]{1,8}, [^\[\]\s]{1,8}\]",  # [0, 2]
    # an operand, an operator, a number: d_model = 512, V = 128,256, β1 = 0.9, eps = 1.2e-7, 0.02² = 1/2500,
    # |h| ≈ 27.7, 2 / 2 = 1
    rf"(?:\|\w+\||[A-Za-z_\u03b1-\u03c9][\w.]*|{_N}[²³]?)(?: / {_N})? [=≈≠≤≥<>] -?{_N}(?:e-?\d+|/{_N})?",
    rf"{_N} × {_N}(?: × {_N})*",  # 6 × 3
    r"\d(?:\.\d+)?e-\d+",  # 1e-7
    r"True/False|False/True",
    rf"ID (?:{_N}|[a-z])(?!\w)",  # ID 0, ID n
    r'" \w+"',  # a token with its leading space: " SolidGoldMagikarp"
]
# Never from inside a word: "e-7" of "1e-7" is not a name.
PATTERN = "|".join(f"(?<![\\w.-])(?:{t})" for t in TOKENS)  # also a JavaScript regex
_TOKEN = re.compile(PATTERN, re.ASCII)
# Elements whose text is left alone: code blocks and what is not running text.
_SKIP = {"pre", "script", "style", "svg", "math", "textarea", "title"}
_TAG = re.compile(r"(<!--.*?-->|<[^>]+>)", re.S)
_NAME = re.compile(r"</?([a-zA-Z][\w-]*)")


def keep_whole(html: str) -> str:
    out, skipping = [], []
    for part in _TAG.split(html):
        if part.startswith("<"):
            name = _NAME.match(part)
            if name and not part.startswith("<!--"):
                tag = name.group(1).lower()
                if tag in _SKIP and not part.endswith("/>"):
                    if part.startswith("</"):
                        if skipping and skipping[-1] == tag:
                            skipping.pop()
                    else:
                        skipping.append(tag)
            out.append(part)
        elif skipping or not part.strip():
            out.append(part)
        else:
            out.append(_TOKEN.sub(lambda m: f'<span class="nowrap">{m.group(0)}</span>', part))
    return "".join(out)


class _KeepWhole(Postprocessor):
    def run(self, text: str) -> str:
        return keep_whole(text)


class KeepWhole(Extension):
    def extendMarkdown(self, md):
        # After Markdown has put the raw HTML back (30) and written its entities (20).
        md.postprocessors.register(_KeepWhole(md), "keep-whole", 5)


def on_config(config, **kwargs):
    config.markdown_extensions.append(KeepWhole())
    return config
