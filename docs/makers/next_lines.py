"""The line that ends each teaching page (after its key points, or at the end of its last
section when the key points stand first), derived from mkdocs.yml's nav (on the last page of
the core path, after "End of the core path."): a link to the next
teaching page in the nav's order (the questions page and the glossary are looked up, not
read through: skipped), titled by that page's H1 in the page's language. The path's last
page ends with where learners go next, written by hand (links out)."""

from __future__ import annotations

from pathlib import Path

import page as page_format
from site_layout import DOCS, core_path, lang_of, nav_order, teaching_pages


def reading_order() -> list[str]:
    """The teaching pages in the nav's order (file names relative to docs/<lang>/)."""
    teaching = {p.name for p in teaching_pages("en")}
    return [p for p in nav_order() if p in teaching]


def next_page(path: Path) -> str | None:
    """The page after this one, or None for the last page (or a page not in the nav)."""
    order = reading_order()
    here = order.index(path.name) if path.name in order else None
    return order[here + 1] if here is not None and here + 1 < len(order) else None


def next_line(path: Path) -> str | None:
    """The Next line a teaching page ends with (None: the last page, written by hand)."""
    target = next_page(path)
    if target is None:
        return None
    doc = page_format.read(path)
    ends = path.name == core_path()[-1]  # the last page of the core path says so
    return doc.next_line(page_format.read(DOCS / lang_of(path) / target).title, target, path_ends=ends)


def with_next_line(path: Path) -> str:
    """The page's text ending with its Next line (a page without one, or whose last line is
    not a Next line, is left as it is: the page checks say what to write)."""
    doc, want = page_format.read(path), next_line(path)
    last = doc.last_line()
    if want is None or last is None or not page_format.is_next_line(last[1]):
        return doc.text
    return doc.replaced([(last[0], last[0], want)])
