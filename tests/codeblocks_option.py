"""`pytest --codeblocks docs/` runs this project's page checks.

A maintainer who knows pytest-codeblocks (whose parser the checks use) types its
documented command. That plugin runs each block of a page on its own, but these pages build
their state over many blocks, like the cells of a notebook, and show an output after
each: run apart, most blocks fail for a name an earlier block defined. So the plugin's own
run is switched off (pyproject.toml: `-p no:codeblocks`) and this module takes its option:
each Markdown page given, or found under a folder given, is one test that runs the page's
blocks in order in one namespace and compares every shown output (tests/runner.py, as
tests/test_pages_print_what_they_show.py does), failing with page:line and a diff.
"""

from __future__ import annotations

import os

import pytest

os.environ.setdefault("HF_HUB_OFFLINE", "1")  # as tests/conftest.py: a download attempt fails at once


def pytest_addoption(parser):
    parser.getgroup("codeblocks").addoption(
        "--codeblocks", action="store_true",
        help="run each Markdown page's Python blocks in order, in one namespace, and compare every "
        "shown output (the page check of tests/test_pages_print_what_they_show.py)",
    )


def pytest_collect_file(file_path, parent):
    if parent.config.getoption("codeblocks") and file_path.suffix == ".md":
        return Page.from_parent(parent, path=file_path)
    return None


class Page(pytest.File):
    def collect(self):
        yield PageBlocks.from_parent(self, name="every block, in order")


class NotAsShown(Exception):
    pass


class PageBlocks(pytest.Item):
    def runtest(self):
        from runner import problems

        found = problems(self.path)
        if found:
            raise NotAsShown("\n\n".join(found))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, NotAsShown):
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self):
        return self.path, None, f"{self.path}: every block, in order"
