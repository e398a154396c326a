"""The Chinese site uses one term per concept, the one docs/glossary.yml gives.

A form the glossary lists under `avoid`, anywhere a Chinese reader sees it (pages,
notebooks, figure labels, the explorer and other interface strings), fails with file,
line and the term to use; code and printed outputs are exempt (they equal the English).
The glossary pages show exactly the glossary's table (`python docs/make.py` writes it).
"""

import pytest

import page as page_format
from glossary import chinese_files, misused
from glossary_tables import GLOSSARY, REGION, entries, table
from pages import DOCS, LANGUAGES, rel


@pytest.mark.parametrize("path", chinese_files(), ids=rel)
def test_no_form_the_glossary_avoids(path):
    found = misused(path)
    assert not found, "\n".join(found)


def test_glossary_is_complete():
    for i, e in enumerate(entries()):
        missing = {"en", "zh"} - e.keys() or ({"define_en", "define_zh"} - e.keys() if "define_en" in e or "define_zh" in e else set())
        assert not missing, f"{rel(GLOSSARY)}: entry {i + 1} ({e.get('en')}) lacks {sorted(missing)}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_glossary_page_shows_the_glossary(lang):
    doc = page_format.read(DOCS / lang / "glossary.md")
    assert doc.generated_text(REGION) == table(lang), (
        f"{rel(doc.path)}:{doc.generated_region(REGION).start}: the table is not {rel(GLOSSARY)}; "
        "run python docs/make.py to rewrite it"
    )
