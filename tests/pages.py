"""The tests' view of the site: its layout, shared with the makers (docs/makers/site_layout.py),
and what the page model (docs/hooks/page.py, the one reader of the page format) says of a page."""

from __future__ import annotations

from pathlib import Path

import page as page_format
from page import DEFAULT_TIME_LIMIT, MARKER, TENSOR_TEXT, Block, PageError, without_comments  # noqa: F401
from site_layout import *  # noqa: F401,F403


def blocks(page: Path) -> list[Block]:
    return page_format.read(page).blocks


def headings(page: Path) -> list[tuple[int, str, str | None]]:
    """(line, text, explicit anchor or None) of every heading below the title."""
    return [(h.line, h.text, h.anchor) for h in page_format.read(page).headings]


def front_matter(page: Path) -> dict:
    return page_format.read(page).front_matter
