import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))  # the helpers next to the tests


def pytest_addoption(parser):
    parser.addoption(
        "--update-outputs",
        action="store_true",
        help="rewrite every expected output in the pages (and the notebooks made from them) "
        "from a live run, after a deliberate upgrade; review the diff before committing",
    )


@pytest.fixture(scope="session")
def update_outputs(request) -> bool:
    return request.config.getoption("--update-outputs")


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The whole site (every language), built once with --strict; yields (folder, build log)."""
    from site_build import build

    folder = tmp_path_factory.mktemp("site")
    return folder, build(folder)
