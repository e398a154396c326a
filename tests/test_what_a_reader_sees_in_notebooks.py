"""What a reader sees on each notebook page: the checks of test_what_a_reader_sees.py.

A file of its own so that pytest-xdist (which hands out whole files) can run the
notebook pages and the teaching pages side by side. The dark scheme is left to the
teaching pages: a notebook page shows the same figures with the same styles.
"""

from __future__ import annotations

import pytest

from test_what_a_reader_sees import check_page, site_pages

NOTEBOOK_PAGES = site_pages("ipynb")


@pytest.mark.parametrize("lang,source", NOTEBOOK_PAGES, ids=[f"{l}:{s}" for l, s in NOTEBOOK_PAGES])
def test_notebook_page(built_site, site_url, visit, record_property, lang, source):
    check_page(built_site, site_url, visit, record_property, lang, source, dark=False)
