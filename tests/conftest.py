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


@pytest.fixture(scope="session")
def site_url(built_site):
    """The built site, served on 127.0.0.1 under its site_url path."""
    from browser import serve

    server, url = serve(built_site[0])
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium. Without it the browser tests skip, except under CI=true."""
    import os

    from browser import CHROMIUM_ARGS, chromium

    path = chromium()
    if path is None:
        reason = "no Chromium on this machine (apt-get install chromium)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason}; CI must run the browser tests", pytrace=False)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chrome = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chrome
        chrome.close()



def pytest_terminal_summary(terminalreporter):
    """Report each page's first-load weight (measured by the browser tests)."""
    import json

    from browser import WEIGHTS
    from pages import ROOT

    if not WEIGHTS:
        return
    out = ROOT / "test-output"
    out.mkdir(exist_ok=True)
    (out / "page-weights.json").write_text(json.dumps(WEIGHTS, indent=1, sort_keys=True))
    terminalreporter.section("first-load weight of each page (uncompressed)")
    for page, size in sorted(WEIGHTS.items(), key=lambda kv: -kv[1]):
        terminalreporter.write_line(f"{size / 1000:8.1f} KB  {page}")
