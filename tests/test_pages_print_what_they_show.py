"""Every Python block of every page, in both languages, runs; what it prints is what the page shows."""

import pytest

from pages import pages, rel
from runner import problems, update_outputs as rewrite


@pytest.mark.parametrize("page", pages(), ids=rel)
def test_page_prints_what_it_shows(page, update_outputs):
    if update_outputs:
        rewrite(page)
    found = problems(page)
    if found:
        pytest.fail("\n\n".join(found), pytrace=False)
