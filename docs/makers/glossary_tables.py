"""The glossary's table on the glossary pages, made from docs/glossary.yml (one term per
concept, with the forms to avoid: tests/test_chinese_uses_the_glossary.py checks those)."""

from __future__ import annotations

import functools

import yaml

import page as page_format
from site_layout import DOCS

GLOSSARY = DOCS / "glossary.yml"
REGION = "glossary"  # <!-- glossary: made by docs/make.py from docs/glossary.yml --> ... <!-- glossary end -->
HEADER = {
    "en": "| English | 中文 | What it means |\n| --- | --- | --- |",
    "zh": "| 中文 | 英文 | 含义 |\n| --- | --- | --- |",
}


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
        rows.append(f"| {first} | {second} | {e['define_' + lang]} |")
    return "\n".join([HEADER[lang], *rows])


def page(lang: str):
    return DOCS / lang / "glossary.md"


def with_table(lang: str) -> str:
    return page_format.read(page(lang)).with_generated(REGION, table(lang))
