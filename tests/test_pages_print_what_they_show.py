"""Every Python block of every page runs; what it prints is what the page shows.

The English pages run here, on this machine's kernels and one thread per worker. The
Chinese pages have the same code and outputs block by block (tests/test_translations_match.py),
so they run once, in the second-machine check (tests/test_outputs_hold_on_another_machine.py:
scalar kernels, four threads), with the same page:line messages. `python docs/make.py`
writes the outputs a page shows, in both languages, from a live run.
"""

import pytest

from pages import LANGUAGES, pages, rel
from runner import problems


@pytest.mark.parametrize("page", pages(LANGUAGES[0]), ids=rel)
def test_page_prints_what_it_shows(page):
    found = problems(page)
    if found:
        pytest.fail("\n\n".join(found), pytrace=False)
