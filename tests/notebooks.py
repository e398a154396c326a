"""Make each teaching page's notebook from the page itself: one source of truth.

Prose becomes markdown cells, each Python block a code cell, and the expected output
under it (already checked against a live run) the cell's stored output, so a notebook
cannot drift from its page. A block marked <!--docs:raises--> becomes a cell tagged
`raises-exception` (Run All goes on after it) whose output is a Jupyter error.
test_notebooks_run_in_jupyter.py then runs every notebook in a real kernel.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import nbformat
import torch

from pages import DOCS_MARKER_LINE, MARKER, ROOT, SITE_URL, PageError, blocks, fences, lang_of, lang_prefix, load_hook, published_path
from runner import split_error

EXAMPLES = ROOT / "examples"

HEADER = {
    "en": "> Made from the page [{title}]({url}); it runs the page's code from top to bottom. "
    "The outputs stored here come from Python {python} and PyTorch {torch} on a CPU (the next cell "
    "prints the version you run). Every True/False line holds for any seed (each page is checked "
    "under 1,000 of them) and rests on how PyTorch and floating-point arithmetic work, not on this "
    "version's random numbers; the random values themselves may differ on another version or "
    "machine. Nothing needs installing in Colab: it comes with PyTorch.",
    "zh": "> 本笔记本由《{title}》一页生成，从头到尾运行该页的全部代码。"
    "其中保存的输出来自 CPU 上的 Python {python} 与 PyTorch {torch}（下一个单元格会打印你所用的版本）。"
    "每一行 True/False 都不依赖随机种子（每一页都用 1,000 个种子检查过），它们取决于 PyTorch 和浮点运算的原理，"
    "而不是这个版本抽出的随机数；随机数值本身换了版本或机器可能不同。"
    "在 Colab 中无需安装任何东西：它自带 PyTorch。[在网页上阅读本页]({url})。",
}
# The notebook's first code cell: the version a reader runs, beside the one the outputs came from.
VERSION_CELL = 'import torch\n\nprint("PyTorch", torch.__version__)'
# A quiz would show its answer as the cell's output: the notebook links to it instead.
QUIZ = {
    "en": "**Check yourself, question {n}:** [answer it on the page]({url}#quiz-{n}) "
    "(predict the output, then see the answer and its explanations).",
    "zh": "**自测第 {n} 题**：[到网页上作答]({url}#quiz-{n})（先预测输出，再看答案与解析）。",
}
# The quiz section's opening words speak of options the notebook does not show.
QUIZ_INTRO = {
    "en": "The questions, with their options, are on the page; predict each output before you open it.",
    "zh": "题目和选项都在网页上；打开之前，先想好每题会打印什么。",
}

_ANCHOR = re.compile(r"\s*\{\s*#[\w-]+(?:\s+data-toc-label=\"[^\"]*\")?\s*\}\s*$")
# A folded box (<details markdown> ... </details>) holds code cells in the notebook, which a
# Markdown cell's <details> cannot wrap: the notebook shows its title in bold and its content open.
_DETAILS = re.compile(r"\s*</?details\b[^>]*>\s*")
_SUMMARY = re.compile(r"\s*<summary>(.*)</summary>\s*")
# A widget's place on a page (the look-up explorer, the optimizer explorer, ...): an empty,
# hidden div that the site's script fills.
_WIDGET = re.compile(r'<div class="[\w -]+"[^>]*\bhidden\b[^>]*></div>')
_LINK = re.compile(r"\]\((?!https?://)([^)#\s]*)(#[^)\s]*)?(\s+\"[^\"]*\")?\)")


def notebook_path(page: Path) -> Path:
    return EXAMPLES / lang_of(page) / f"{page.stem}.ipynb"


def page_url(page: Path, target: str = "") -> str:
    """The published address of a page of `page`'s language (targets are relative to docs/<lang>/)."""
    return SITE_URL + published_path(lang_of(page), f"{target or 'index'}.md")


def _absolute(page: Path, match: re.Match) -> str:
    """A relative link or image of a page, made absolute: a notebook is read anywhere."""
    target, anchor, title = match.group(1), match.group(2) or "", match.group(3) or ""
    if not target:
        url = page_url(page, page.stem)
    elif target.endswith(".md"):
        url = page_url(page, target[: -len(".md")])
    else:  # a file of the site, such as figures/x.svg
        url = SITE_URL + lang_prefix(lang_of(page)) + target
    return f"]({url}{anchor}{title})"


def _markdown(page: Path, lines: list[str]) -> str:
    out = []
    for line in lines:
        if line.strip() == MARKER or DOCS_MARKER_LINE.fullmatch(line.strip()) or _WIDGET.fullmatch(line.strip()):
            continue  # a widget needs the site's script; the notebook is for running code
        if _DETAILS.fullmatch(line):
            continue
        if m := _SUMMARY.fullmatch(line):
            line = f"**{m.group(1)}**"
        if line.startswith("#"):
            line = _ANCHOR.sub("", line)
        line = _LINK.sub(lambda m: _absolute(page, m), line)
        out.append(line)
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip("\n")


def has_notebook(page: Path) -> bool:
    try:
        return any(b.is_python for b in blocks(page))
    except PageError:
        return True  # let the page's notebook test run and report the page's error



def outputs(block) -> list:
    """A cell's stored outputs: what its block printed, and the error it raised, if marked."""
    printed, error = split_error(block.expected) if block.raises else (block.expected, "")
    found = [nbformat.v4.new_output("stream", name="stdout", text=printed)] if printed else []
    if error:
        name, _, value = error.partition(": ")
        found.append(nbformat.v4.new_output("error", ename=name, evalue=value, traceback=[error]))
    return found


def make_notebook(page: Path) -> str:
    """The notebook of a page, as the text of an .ipynb file."""
    lines = page.read_text(encoding="utf-8").splitlines()
    first = lines.index("---", 1) + 1 if lines[0] == "---" else 0  # after the front matter
    while not lines[first].strip():
        first += 1
    title = lines[first].lstrip("# ").strip()
    header = HEADER[lang_of(page)].format(
        title=title,
        url=page_url(page, page.stem),
        python=".".join(map(str, sys.version_info[:2])),
        torch=torch.__version__,
    )
    cells = [nbformat.v4.new_markdown_cell(f"# {title}\n\n{header}"), nbformat.v4.new_code_cell(VERSION_CELL)]
    cells[-1].outputs = [nbformat.v4.new_output("stream", name="stdout", text=f"PyTorch {torch.__version__}\n")]
    output_at = {b.output_fence.start: b for b in blocks(page) if b.output_fence}
    code_at = {b.line: b for b in blocks(page)}
    prose, cursor = [], first + 1  # the title is already in the first cell
    quiz_lines = {}  # 1-based line -> what the notebook has there instead ("" but on its first line)
    found = load_hook("quizzes").quizzes("\n".join(lines))
    for n, quiz in enumerate(found, 1):
        quiz_lines.update(dict.fromkeys(range(quiz.start + 1, quiz.end + 1), ""))
        quiz_lines[quiz.start + 1] = QUIZ[lang_of(page)].format(n=n, url=page_url(page, page.stem))
    heading = next((i for i, line in enumerate(lines, 1) if line.startswith("## ") and "{ #check-yourself }" in line), None)
    if heading and found:
        intro = range(heading + 1, found[0].start + 1)
        quiz_lines.update(dict.fromkeys(intro, ""))
        quiz_lines[heading + 1] = "\n" + QUIZ_INTRO[lang_of(page)] + "\n"

    def text(start: int, end: int) -> list[str]:
        """Lines start..end (1-based, inclusive) as the notebook has them."""
        return [quiz_lines.get(n, lines[n - 1]) for n in range(start, end + 1) if quiz_lines.get(n) != ""]

    def flush():
        text = _markdown(page, prose)
        if text:
            cells.append(nbformat.v4.new_markdown_cell(text))
        prose.clear()

    for fence in fences(page):
        prose.extend(text(cursor + 1, fence.start - 1))
        cursor = fence.end
        block = code_at.get(fence.start)
        if fence.start in quiz_lines:
            continue
        if block is not None and block.is_python:
            flush()
            cell = nbformat.v4.new_code_cell(block.code.rstrip("\n"))
            if block.raises:
                cell.metadata["tags"] = ["raises-exception"]
            cells.append(cell)
        elif fence.start in output_at:
            cells[-1].outputs = outputs(output_at[fence.start])
        else:
            prose.extend(lines[fence.start - 1 : fence.end])
    prose.extend(text(cursor + 1, len(lines)))
    flush()

    count = 0
    for i, cell in enumerate(cells):
        cell.id = f"cell-{i}"
        if cell.cell_type == "code":
            count += 1
            cell.execution_count = count
            for output in cell.outputs:
                output.pop("execution_count", None)
    nb = nbformat.v4.new_notebook(cells=cells)
    nb.metadata = {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    }
    return nbformat.writes(nb) + "\n"
