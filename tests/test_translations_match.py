"""A translation has the same pages, code, outputs, anchors and links as its English page,
and says which version of the English prose it translates.

Only prose and code comments are translated; a Chinese page that lost, reordered or
changed a block (or its markers) fails here, naming the page and the block. Each
translated page records the fingerprint of the English prose it follows (`translates:`
in its front matter, see docs/hooks/translations.py); when the English page changes, the
translation is behind until a translator brings it up to date and records the new one.
"""

import difflib
import subprocess

import pytest

import page as page_format
from pages import DOCS, LANGUAGES, ROOT, counterpart, pages, rel, without_comments

SOURCE, TRANSLATIONS = LANGUAGES[0], LANGUAGES[1:]


def test_every_page_exists_in_every_language():
    relative = {lang: {str(p.relative_to(DOCS / lang)) for p in pages(lang)} for lang in LANGUAGES}
    for lang in TRANSLATIONS:
        assert relative[SOURCE] - relative[lang] == set(), f"pages missing in docs/{lang}/"
        assert relative[lang] - relative[SOURCE] == set(), f"pages in docs/{lang}/ only"


translated = [(p, lang) for p in pages(SOURCE) for lang in TRANSLATIONS if counterpart(p, lang).exists()]


@pytest.mark.parametrize("page,lang", translated, ids=[f"{rel(counterpart(p, l))}" for p, l in translated])
def test_same_code_and_outputs(page, lang):
    theirs = counterpart(page, lang)
    ours, their_blocks = page_format.read(page).blocks, page_format.read(theirs).blocks
    for n, (a, b) in enumerate(zip(ours, their_blocks), 1):
        where = f"block {n} ({rel(page)}:{a.line} vs {rel(theirs)}:{b.line})"
        assert a.syntax == b.syntax, f"{where}: fence language differs"
        code_a = without_comments(a.code) if a.is_python else a.code
        code_b = without_comments(b.code) if b.is_python else b.code
        assert code_b == code_a, f"{where}: code differs (comments aside)"
        assert b.markers == a.markers, f"{where}: markers differ ({a.markers} vs {b.markers})"
        assert b.expected == a.expected, f"{where}: shown output differs"
    assert len(their_blocks) == len(ours), (
        f"{rel(theirs)} has {len(their_blocks)} code blocks, {rel(page)} has {len(ours)}"
    )


@pytest.mark.parametrize("page,lang", translated, ids=[f"{rel(counterpart(p, l))}" for p, l in translated])
def test_same_anchors_and_links(page, lang):
    docs = {p: page_format.read(p) for p in (page, counterpart(page, lang))}
    for p, doc in docs.items():
        bare = [f"{rel(p)}:{h.line}: {h.text}" for h in doc.headings if h.anchor is None]
        assert not bare, "headings need an explicit anchor, { #like-this }, identical in every language:\n" + "\n".join(bare)
    ours, theirs = docs.values()
    assert [h.anchor for h in theirs.headings] == [h.anchor for h in ours.headings], "heading anchors differ"
    assert theirs.links() == ours.links(), "link targets differ"


@pytest.mark.parametrize("page,lang", translated, ids=[f"{rel(counterpart(p, l))}" for p, l in translated])
def test_translation_follows_its_english_page(page, lang):
    theirs = counterpart(page, lang)
    recorded = page_format.read(theirs).front_matter.get("translates")
    recorded = None if recorded is None else str(recorded)  # YAML reads 667493817632 as a number
    now = page_format.read(page).fingerprint()
    if recorded == now:
        return
    sign_off = (
        f"once {rel(theirs)} says what {rel(page)} says, record it: put `translates: {now}` "
        f"in its front matter (between --- lines at the top)"
    )
    if recorded is None:
        pytest.fail(f"{rel(theirs)} does not say which English text it translates; {sign_off}", pytrace=False)
    pytest.fail(
        f"{rel(theirs)} translates an older {rel(page)} (translates: {recorded}, the English page is now {now}).\n"
        f"{english_changes_since(page, recorded)}\n{sign_off}",
        pytrace=False,
    )


def english_changes_since(page, recorded: str) -> str:
    """The English prose's diff since the version with the recorded fingerprint, from git."""
    path = str(page.relative_to(ROOT))
    run = lambda *args: subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True)  # noqa: E731
    commits = run("log", "--format=%H", "-n", "200", "--", path).stdout.split()
    for commit in commits:
        old = page_format.parse(run("show", f"{commit}:{path}").stdout, page)
        if old.fingerprint() == recorded:
            diff = difflib.unified_diff(
                old.translated_prose().splitlines(), page_format.read(page).translated_prose().splitlines(),
                f"{path} at {commit[:10]} (translated)", f"{path} now", lineterm="", n=1,
            )
            return "What changed in the English page since:\n" + "\n".join(diff)
    return "(the translated version is not in this clone's history, so no diff; a shallow clone?)"
