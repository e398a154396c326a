"""Make each teaching page's notebook from the page itself: one source of truth.

Prose becomes markdown cells, each Python block a code cell, and the expected output
under it (already checked against a live run) the cell's stored output, so a notebook
cannot drift from its page. A block marked <!--docs:raises--> becomes a cell that
catches the error around its last statement and prints its last line as Jupyter shows it:
"Run all" goes on after it in any front end (a `raises-exception` tag is honoured by
Jupyter's own only). The first code cell installs what the notebook imports beyond the
standard library and PyTorch (pinned, only where missing or another version) and prints
one line when the reader's versions are not those that made the outputs.
test_notebooks_run_in_jupyter.py then runs every notebook in a real kernel and as a script.
"""

from __future__ import annotations

import ast
import builtins
import functools
import importlib.metadata
import re
import sys
import unicodedata
from pathlib import Path

import nbformat
import torch

import page as page_format
from page import QUIZ_SECTION
from runner import split_error
from site_layout import EXAMPLES, ROOT, SITE_URL, lang_of, lang_prefix, published_path


HEADER = {
    "en": "> Made from the page [{title}]({url}); it runs the page's code from top to bottom. "
    "The outputs stored here come from {made_with} on a CPU. Every True/False "
    "line holds for any seed (each page is checked under 1,000 of them) and rests on how PyTorch "
    "and floating-point arithmetic work, not on this version's random numbers. {install}",
    "zh": "> 本笔记本由《{title}》一页生成，从头到尾运行该页的全部代码。"
    "其中保存的输出来自 CPU 上的 {made_with}。"
    "每一行 True/False 都不依赖随机种子（每一页都用 1,000 个种子检查过），它们取决于 PyTorch 和浮点运算的原理，"
    "而不是这个版本抽出的随机数。{install}[在网页上阅读本页]({url})。",
}
# What the header says about the first code cell: with and without packages to install.
INSTALL = {
    "en": (
        "Run the next cell first: Colab and Kaggle come with PyTorch, so it installs nothing, "
        "and it prints one line if your PyTorch version differs.",
        "Run the next cell first: it installs {pins} where another version (or none) is found, "
        "never a second PyTorch, and prints one line if your versions differ.",
    ),
    "zh": (
        "请先运行下一个单元格：Colab 和 Kaggle 都自带 PyTorch，这个单元格不会安装任何东西；"
        "你的 PyTorch 版本不同时，它会打印一行说明。",
        "请先运行下一个单元格：缺少 {pins} 或版本不同时它会安装，但绝不会再装一个 PyTorch；"
        "你的版本不同时，它会打印一行说明。",
    ),
}
# The first code cell, in the notebook's language (comments and printed words only: the
# code is the same in every language). It installs what the notebook imports beyond the
# standard library and PyTorch, at the versions of requirements.txt, only where missing or
# another version (a hosted runtime's own PyTorch is used: no second torch), and prints one
# line when the reader's versions are not those that made the stored outputs. Plain Python,
# no `%pip`: it runs as a script too.
FIRST_CELL = {
    "en": {
        "about": "Run this cell first. The outputs stored below come from {made_with} on a CPU. "
        "On another processor, or on PyTorch 2.9 or later, the last digit of a printed number or of a "
        "trained table may differ; every True/False, shape and error stays the same.",
        "pins": "# What this notebook imports besides PyTorch,\n# installed only if missing or another version",
        "installing": "Installing",
        "build": "# 2.13.0+cpu, 2.13.0+cu126: both are 2.13.0",
        "drift": [
            'f"Outputs made with {made}; "',
            'f"you have {yours}: the last digits "',
            '"may differ; every True/False, shape "',
            '"and error holds."',
        ],
    },
    "zh": {
        "about": "请先运行这个单元格。下面保存的输出是在 CPU 上用 {made_with} 得到的。"
        "换一种处理器，或换用 PyTorch 2.9 及以后的版本，打印出的数字或训练出的表，最后一位可能不同；"
        "每个 True/False、形状和报错都保持不变。",
        "pins": "# 本笔记本除 PyTorch 外导入的包：\n# 只在缺少或版本不同时安装",
        "installing": "正在安装",
        "build": "# 2.13.0+cpu、2.13.0+cu126 的版本都是 2.13.0",
        "drift": [
            'f"这些输出由 {made} 生成，"',
            'f"你用的是 {yours}：打印出的数字最后几位"',
            '"可能不同，但每个 True/False、形状和报错"',
            '"都不会变。"',
        ],
    },
}


def pinned() -> dict[str, str]:
    """requirements.txt's exact versions: distribution name (lower case) -> version."""
    found = {}
    for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines():
        if m := re.fullmatch(r"([A-Za-z0-9_.-]+)==(\S+)", line.split("#")[0].strip()):
            found[m.group(1).lower().replace("_", "-")] = m.group(2)
    return found


def imported(code: str) -> list[str]:
    """Top-level modules that `code` imports, in order of first import."""
    found = []
    for node in ast.walk(ast.parse(code)):
        names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
            [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module else []
        found += [n.split(".")[0] for n in names if n.split(".")[0] not in found]
    return found


def distribution(module: str) -> str:
    """The installed distribution that provides a module (lower case, - for _)."""
    names = _providers().get(module, [module])
    return names[0].lower().replace("_", "-")


@functools.cache
def _providers() -> dict[str, list[str]]:
    # Read once per process: it walks every installed package's file list (0.6 s each time).
    return importlib.metadata.packages_distributions()


def needs(codes: list[str]) -> list[str]:
    """`name==version` of each package the code imports beyond the standard library and
    torch, at requirements.txt's version."""
    pins, found = pinned(), []
    for module in imported("\n\n".join(codes)):
        if module in sys.stdlib_module_names or module == "torch":
            continue
        name = distribution(module)
        if name not in pins:
            raise ValueError(f"notebooks import {module} ({name}), which requirements.txt does not pin")
        if f"{name}=={pins[name]}" not in found:
            found.append(f"{name}=={pins[name]}")
    return found


def made_with() -> str:
    """PyTorch's version as requirements.txt pins it and as this run has it (the outputs')."""
    version = pinned()["torch"]
    if torch.__version__.split("+")[0] != version:
        raise RuntimeError(f"requirements.txt pins torch=={version}, but this is PyTorch {torch.__version__}")
    return version


def first_cell(lang: str, pins: list[str]) -> str:
    words = FIRST_CELL[lang]
    versions = {"torch": made_with(), **dict(p.split("==") for p in pins)}
    checked = ["transformers"] if "transformers" in versions else []
    made = ", ".join([f"PyTorch {versions['torch']}"] + [f"{name} {versions[name]}" for name in checked])
    lines = [comment(words["about"].format(made_with=_listed(lang, made.split(", "))))]
    if pins:
        listed = ",\n        ".join(f'"{p}"' for p in pins)
        lines += [
            "import importlib\nimport subprocess\nimport sys\nfrom importlib import metadata\n",
            words["pins"],
            f"pins = [{listed}]",
            "missing = []\nfor pin in pins:\n    name, version = pin.split(\"==\")\n    try:\n"
            "        found = metadata.version(name)\n"
            "    except metadata.PackageNotFoundError:\n        found = None\n"
            "    if found != version:\n        missing.append(pin)\n"
            f"if missing:\n    print(\"{words['installing']}\", *missing)\n"
            "    subprocess.run([sys.executable, \"-m\", \"pip\",\n"
            "                    \"install\", \"-q\", *missing])\n"
            "    importlib.invalidate_caches()\n",
        ]
    lines.append("import torch" + "".join(f"\nimport {name}" for name in checked) + "\n")
    lines.append(f'made = "{made}"')
    lines.append(words["build"])
    lines.append('torch_version = torch.__version__.split("+")[0]')
    lines.append('yours = f"PyTorch {torch_version}"')
    lines += [f'hf_version = {name}.__version__\nyours += f", {name} {{hf_version}}"' for name in checked]
    drift = "\n          ".join(words["drift"])
    lines.append(f"if yours != made:\n    print({drift})")
    return "\n".join(lines)


def _listed(lang: str, items: list[str]) -> str:
    """a, b and c / a、b 和 c"""
    if len(items) < 2:
        return "".join(items)
    comma, also = (", ", " and ") if lang == "en" else ("、", " 和 ")
    return comma.join(items[:-1]) + also + items[-1]


def _width(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def comment(text: str, width: int = 48) -> str:
    """`text` as comment lines of at most `width` columns (a Chinese character takes two);
    lines break at spaces and after Chinese punctuation."""
    pieces = re.findall(r"[A-Za-z0-9./+=_-]+[,.;:]?\s*|\s+|[。，、；：）]|[^\sA-Za-z0-9。，、；：）]+", text)
    lines, line = [], "#"
    for piece in pieces:
        glued = re.fullmatch(r"[。，、；：）》]", piece)
        if _width(line + " " + piece.rstrip()) > width and line != "#" and not glued:
            lines.append(line.rstrip())
            line = "#"
        line += (" " if line == "#" else "") + (piece if line != "#" else piece.lstrip())
    lines.append(line.rstrip())
    return "\n".join(lines)


def demonstrated(block) -> str:
    """A <!--docs:raises--> block as a notebook cell that shows its error and goes on: its
    last statement (the one that raises: the page runner checks it) inside try/except,
    printing the error's last line as Jupyter shows it. Run all cannot halt there, in any
    front end, and the cell prints what the page shows."""
    code = block.code.rstrip("\n")
    tree = ast.parse(code)
    last = tree.body[-1]
    start = min([last.lineno] + [d.lineno for d in getattr(last, "decorator_list", [])]) - 1
    lines = code.splitlines()
    name, _, message = split_error(block.expected)[1].partition(": ")
    builtin = isinstance(getattr(builtins, name, None), type) and issubclass(getattr(builtins, name), BaseException)
    if not builtin:
        handler = f'except Exception as error:\n    print(f"{{type(error).__name__}}: {{error}}")'
    elif message:
        handler = f'except {name} as error:\n    print("{name}:", error)'
    else:
        handler = f'except {name}:\n    print("{name}")'
    body = [("    " + line) if line.strip() else line for line in lines[start:]]
    wrapped = "\n".join(lines[:start] + ["try:"] + body + [handler])
    new = ast.parse(wrapped)
    if ast.dump(new.body[-1].body[0]) != ast.dump(last) or len(new.body) != len(tree.body):
        raise PageError(f"{block.where}: the notebook cannot wrap this block's last statement in try/except as written")
    return wrapped


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

def notebook_path(page: Path) -> Path:
    return EXAMPLES / lang_of(page) / f"{page.stem}.ipynb"


def page_url(page: Path, target: str = "") -> str:
    """The published address of a page of `page`'s language (targets are relative to docs/<lang>/)."""
    return SITE_URL + published_path(lang_of(page), f"{target or 'index'}.md")


def _absolute(page: Path, url: str, title: str) -> str:
    """A relative link or image of a page, made absolute: a notebook is read anywhere."""
    if url.startswith(("http://", "https://")):
        return url + title
    target, _, anchor = url.partition("#")
    anchor = f"#{anchor}" if anchor else ""
    if not target:
        url = page_url(page, page.stem)
    elif target.endswith(".md"):
        url = page_url(page, target[: -len(".md")])
    else:  # a file of the site, such as figures/x.svg
        url = SITE_URL + lang_prefix(lang_of(page)) + target
    return f"{url}{anchor}{title}"


def has_notebook(page: Path) -> bool:
    """A page with Python blocks has a notebook (a page that cannot be read too: its
    notebook test then reports the page's error)."""
    try:
        return any(b.is_python for b in page_format.read(page).blocks)
    except page_format.PageError:
        return True


def outputs(block) -> list:
    """A cell's stored outputs: what its block printed (a raises block's cell prints the
    error's last line too: it catches the error, see demonstrated())."""
    return [nbformat.v4.new_output("stream", name="stdout", text=block.expected)] if block.expected else []


def _notebook_lines(doc: page_format.Page) -> dict[int, str | None]:
    """What the notebook has instead of some of the page's lines (None: nothing).

    A quiz would show its answer as the cell's output: the notebook links to it instead. A
    folded box holds code cells in the notebook, which a Markdown cell's <details> cannot
    wrap: the notebook shows its title in bold and its content open. Markers go, and so do
    widgets (they need the site's script; the notebook is for running code). Headings lose
    their { #anchor }, and links become absolute (a notebook is read anywhere)."""
    lang, url = doc.lang, page_url(doc.path, doc.path.stem)
    instead: dict[int, str | None] = dict.fromkeys(doc.marker_lines)
    instead.update(dict.fromkeys(n for n, _, _ in doc.widgets()))
    for n, quiz in enumerate(doc.quizzes, 1):
        instead.update(dict.fromkeys(range(quiz.start, quiz.end + 1)))
        instead[quiz.start] = QUIZ[lang].format(n=n, url=url)
    heading = next((h.line for h in doc.headings if h.anchor == QUIZ_SECTION), None)
    if heading and doc.quizzes:
        instead.update(dict.fromkeys(range(heading + 1, doc.quizzes[0].start)))
        instead[heading + 1] = "\n" + QUIZ_INTRO[lang] + "\n"
    for fold in doc.folds:
        instead[fold.start] = instead[fold.end] = None
        instead[fold.start + 1] = f"**{fold.summary}**"
    for h in doc.headings:
        instead.setdefault(h.line, page_format.without_anchor(doc.lines[h.line - 1]))
    return instead


def make_notebook(page: Path) -> str:
    """The notebook of a page, as the text of an .ipynb file."""
    doc = page_format.read(page)
    instead = _notebook_lines(doc)
    title, cells, prose = doc.title, [], []

    def text(start: int, end: int) -> None:
        """Lines start..end (1-based, inclusive) as the notebook has them, into the prose."""
        for n in range(start, end + 1):
            line = instead[n] if n in instead else doc.lines[n - 1]
            if line is not None:
                prose.append(page_format.rewrite_links(line, lambda url, title: _absolute(page, url, title)))

    def flush():
        joined = re.sub(r"\n{3,}", "\n\n", "\n".join(prose)).strip("\n")
        if joined:
            cells.append(nbformat.v4.new_markdown_cell(joined))
        prose.clear()

    cursor = doc.title_line  # the title is already in the first cell
    quiz_blocks = {o.block.line for quiz in doc.quizzes for o in quiz.options}
    for block in doc.blocks:
        text(cursor + 1, block.line - 1)
        cursor = block.last_line
        if block.line in quiz_blocks:
            continue
        if block.is_python:
            flush()
            cells.append(nbformat.v4.new_code_cell(demonstrated(block) if block.raises else block.code.rstrip("\n")))
            cells[-1].outputs = outputs(block)
        else:
            prose.extend(doc.lines[block.fence.start - 1 : block.fence.end])
    text(cursor + 1, len(doc.lines))
    flush()

    lang = doc.lang
    pins = needs(["".join(c.source) for c in cells if c.cell_type == "code"])
    made = ["Python " + ".".join(map(str, sys.version_info[:2])), f"PyTorch {made_with()}"]
    made += [p.replace("==", " ") for p in pins if p.startswith("transformers==")]
    install = INSTALL[lang][bool(pins)].format(pins=_listed(lang, [p.replace("==", " ") for p in pins]))
    header = HEADER[lang].format(
        title=title,
        url=page_url(page, page.stem),
        made_with=_listed(lang, made),
        install=install,
    )
    cells[:0] = [nbformat.v4.new_markdown_cell(f"# {title}\n\n{header}"), nbformat.v4.new_code_cell(first_cell(lang, pins))]

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
        # file_extension: `jupyter nbconvert --to script` writes <name>.py (without it, .txt)
        "language_info": {"name": "python", "file_extension": ".py"},
    }
    return nbformat.writes(nb) + "\n"
