"""Every Python block of every page runs; what it prints is what the page shows.

The English pages run here, on this machine's kernels and one thread per worker. The
Chinese pages have the same code and outputs block by block (tests/test_translations_match.py),
so they run once, in the second-machine check (tests/test_outputs_hold_on_another_machine.py:
scalar kernels, four threads), with the same page:line messages; `--update-outputs`
rewrites both languages here.
"""

import pytest

from pages import LANGUAGES, pages, rel
from runner import problems, update_outputs as rewrite


def pytest_generate_tests(metafunc):
    if "page" in metafunc.fixturenames:
        updating = metafunc.config.getoption("--update-outputs")
        chosen = pages() if updating else pages(LANGUAGES[0])
        metafunc.parametrize("page", chosen, ids=rel)


def test_page_prints_what_it_shows(page, update_outputs):
    if update_outputs:
        rewrite(page)
    found = problems(page)
    if found:
        pytest.fail("\n\n".join(found), pytrace=False)
