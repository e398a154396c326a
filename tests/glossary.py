"""The places in Chinese text that use a form docs/glossary.yml says not to use."""

from __future__ import annotations

import json
import re
from pathlib import Path

import page as page_format
from glossary_tables import entries
from pages import DOCS, ROOT, rel

_INLINE_CODE = re.compile(r"`[^`]*`")
_CJK = re.compile(r"[\u3400-\u9fff]")


def chinese_text(path: Path) -> list[tuple[int, str]]:
    """(line, text) a Chinese reader sees in a file, code and printed outputs left out."""
    if path.suffix == ".md":
        return [(n, _INLINE_CODE.sub(" ", line)) for n, line in page_format.read(path).prose()]
    text = path.read_text(encoding="utf-8")
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
    """Every file with Chinese a reader sees: pages, notebooks, figures, interface strings
    (only the files that hold Chinese at all: the others have nothing to check)."""
    files = [*(DOCS / "zh").rglob("*.md"), *(ROOT / "examples" / "zh").glob("*.ipynb"), *(DOCS / "zh").rglob("*.svg")]
    files += [p for p in (DOCS / "overrides").rglob("*") if p.suffix in {".html", ".js", ".css"}]
    files += [*sorted(ROOT.glob("mkdocs*.yml")), *sorted((ROOT / "examples").rglob("*.py")), *sorted((DOCS / "hooks").glob("*.py"))]
    files += sorted((DOCS / "makers").glob("*.py"))
    return sorted(p for p in files if _CJK.search(p.read_text(encoding="utf-8")))
