"""The glossary (docs/glossary.yml): its table for the glossary pages, and the places in
Chinese text that use a form it says not to use."""

from __future__ import annotations

import functools
import json
import re
from pathlib import Path

import yaml

from pages import DOCS, ROOT, fences, rel

GLOSSARY = DOCS / "glossary.yml"
TABLE_START, TABLE_END = "<!-- glossary: made by tests/glossary.py from docs/glossary.yml -->", "<!-- glossary end -->"
HEADER = {
    "en": "| English | 中文 | What it means |\n| --- | --- | --- |\n",
    "zh": "| 中文 | 英文 | 含义 |\n| --- | --- | --- |\n",
}
_INLINE_CODE = re.compile(r"`[^`]*`")
_CJK = re.compile(r"[\u3400-\u9fff]")


def entries() -> list[dict]:
    return _parsed(GLOSSARY.read_text(encoding="utf-8"))


@functools.cache
def _parsed(text: str) -> list[dict]:
    # Parsed once per text, not once per checked file (pure-Python YAML: 60 ms a time).
    return yaml.safe_load(text)


def table(lang: str) -> str:
    rows = []
    for e in entries():
        if "define_en" not in e:
            continue
        first, second = (e["en"], e["zh"]) if lang == "en" else (e["zh"], e["en"])
        rows.append(f"| {first} | {second} | {e['define_' + lang]} |\n")
    return f"{TABLE_START}\n\n{HEADER[lang]}{''.join(rows)}\n{TABLE_END}"


def shown_table(page: Path) -> tuple[str, int]:
    """(the table on a glossary page, its line)"""
    text = page.read_text(encoding="utf-8")
    start, end = text.find(TABLE_START), text.find(TABLE_END)
    if start < 0 or end < 0:
        return "", 0
    return text[start : end + len(TABLE_END)], text[:start].count("\n") + 1


def write_table(page: Path, lang: str) -> None:
    text = page.read_text(encoding="utf-8")
    shown, _ = shown_table(page)
    page.write_text(text.replace(shown, table(lang)), encoding="utf-8")


def chinese_text(path: Path) -> list[tuple[int, str]]:
    """(line, text) a Chinese reader sees in a file, code and printed outputs left out."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".md":
        inside = {n for f in fences(path) for n in range(f.start, f.end + 1)}
        return [(n, _INLINE_CODE.sub(" ", line)) for n, line in enumerate(text.splitlines(), 1) if n not in inside]
    if path.suffix == ".ipynb":
        cells = json.loads(text)["cells"]
        return [(i, _INLINE_CODE.sub(" ", "".join(c["source"]))) for i, c in enumerate(cells) if c["cell_type"] == "markdown"]
    return [(n, line) for n, line in enumerate(text.splitlines(), 1) if _CJK.search(line)]


def misused(path: Path) -> list[str]:
    """Each use of a form to avoid: file:line, the form, and the term to use."""
    rules = [(re.compile(form), e["zh"], form) for e in entries() for form in e.get("avoid", [])]
    cell = path.suffix == ".ipynb"
    found = []
    for n, line in chinese_text(path):
        for pattern, term, form in rules:
            for m in pattern.finditer(line):
                where = f"{rel(path)}, cell {n}" if cell else f"{rel(path)}:{n}"
                found.append(f"{where}: “{m.group(0)}” is a form to avoid ({form}); use “{term}” (docs/glossary.yml)")
    return found


def chinese_files() -> list[Path]:
    """Every file with Chinese a reader sees: pages, notebooks, figures, interface strings."""
    files = [*(DOCS / "zh").rglob("*.md"), *(ROOT / "examples" / "zh").glob("*.ipynb"), *(DOCS / "zh").rglob("*.svg")]
    files += [p for p in (DOCS / "overrides").rglob("*") if p.suffix in {".html", ".js", ".css"}]
    files += [*sorted(ROOT.glob("mkdocs*.yml")), *sorted((ROOT / "examples").rglob("*.py")), *sorted((DOCS / "hooks").glob("*.py"))]
    return sorted(files)
