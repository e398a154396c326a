import os
from pathlib import Path

import pytest

# Hugging Face's hub retries a refused connection for about 20 s before it gives up; offline,
# a block that tries to download fails at once (the runner refuses the network either way).
os.environ.setdefault("HF_HUB_OFFLINE", "1")
# One PyTorch thread wherever the suite runs PyTorch: here, in pytest-xdist's workers, in
# the notebooks' Jupyter kernel and in every process they start (set before any of them
# imports torch). Outputs do not depend on it: tests/test_outputs_hold_on_another_machine.py
# runs every page again with four threads.
os.environ["OMP_NUM_THREADS"] = "1"


def pytest_sessionstart(session):
    # The site builds in the background while the pages and notebooks run.
    if not hasattr(session.config, "workerinput"):
        from site_build import start

        start(session.config._tmp_path_factory.getbasetemp())


@pytest.fixture(scope="session")
def built_site(tmp_path_factory, worker_id):
    """The whole site (every language), built once with --strict; (folder, build log).
    pytest-xdist's workers share the controller's temporary root, and its one build."""
    from site_build import build_once

    base = tmp_path_factory.getbasetemp()
    return build_once(base if worker_id == "master" else base.parent)


@pytest.fixture(scope="session")
def site_url(built_site):
    """The built site, served on 127.0.0.1 under the path it was built for."""
    from urllib.parse import urlsplit

    from browser import serve
    from site_build import TEST_SITE_URL

    server, url = serve(built_site[0], urlsplit(TEST_SITE_URL).path)
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def reader(browser):
    """One browser tab that reads page after page (see browser.Reader)."""
    from browser import Reader

    tab = Reader(browser)
    yield tab
    tab.close()


@pytest.fixture(scope="session")
def browser():
    """Headless Chromium. Without it the browser tests skip, except under CI=true."""
    import os

    from browser import CHROMIUM_ARGS, chromium

    path = chromium()
    if path is None:
        reason = "no Chromium on this machine (apt-get install chromium-headless-shell)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{reason}; CI must run the browser tests", pytrace=False)
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chrome = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield chrome
        chrome.close()


# The suite writes nothing into the repository (it passes on a read-only checkout), except,
# when asked with SCREENSHOTS=1 (the workflow does, for its reviewers), test-output/: the
# figures' screenshots and each page's first-load weight.
WRITES_OUTPUT = os.environ.get("SCREENSHOTS") == "1"


def pytest_configure(config):
    controller = not hasattr(config, "workerinput")
    if controller and WRITES_OUTPUT:  # not each pytest-xdist worker
        # Screenshots of this run only: a stale one of a page since renamed would mislead a reviewer.
        import shutil

        from browser import OUT

        shutil.rmtree(OUT / "screenshots", ignore_errors=True)
    if not controller or not getattr(config.option, "numprocesses", 0):
        # The process that runs the tests (a worker, or this one in a serial run): two
        # workers share two cores, and PyTorch's own threads would only wait for each other
        # (a page's tiny tensors ran ten times slower so on a busy machine).
        import torch

        torch.set_num_threads(1)


def pytest_collection_modifyitems(items):
    # The longest tests first, and those that need the built site last, so that the two
    # workers share the work evenly while the site builds in the background.
    def order(item):
        needs_site = "built_site" in getattr(item, "fixturenames", ())
        longest = item.nodeid.startswith(("tests/test_notebooks_run_in_jupyter.py", "tests/test_outputs_hold_on_another_machine.py"))
        return (needs_site, not longest)

    items.sort(key=order)


def pytest_terminal_summary(terminalreporter):
    """Report each page's first-load weight and, per language, how many blocks scroll on a
    phone: the browser tests record them as test properties (so they reach this report from
    pytest-xdist's workers too)."""
    import json

    from browser import OUT

    terminalreporter.section("machine (a failure elsewhere may name another CPU)")
    terminalreporter.write_line(machine())
    weights, phone = {}, {}
    for report in terminalreporter.stats.get("passed", []) + terminalreporter.stats.get("failed", []):
        for name, value in getattr(report, "user_properties", []):
            if name.startswith("first_load_bytes ") and report.when == "call":
                weights[name.split(" ", 1)[1]] = value
            if name.startswith("phone_scrolling ") and report.when == "call":
                phone[name.split(" ", 1)[1]] = value
    if phone:
        terminalreporter.section("code and output blocks that scroll sideways at 390 px (every page)")
        for lang, share in sorted(phone.items()):
            terminalreporter.write_line(f"{lang}: {share}")
    if not weights:
        return
    if WRITES_OUTPUT:
        OUT.mkdir(exist_ok=True)
        (OUT / "page-weights.json").write_text(json.dumps(weights, indent=1, sort_keys=True))
    terminalreporter.section("first-load weight of each page (uncompressed)")
    for page, size in sorted(weights.items(), key=lambda kv: -kv[1]):
        terminalreporter.write_line(f"{size / 1000:8.1f} KB  {page}")


def machine() -> str:
    """The CPU and its vector units, read without importing torch (the controller has none)."""
    import platform

    try:
        info = Path("/proc/cpuinfo").read_text()
    except OSError:
        return f"{platform.machine()} {platform.processor()}".strip()
    model = next((line.split(":", 1)[1].strip() for line in info.splitlines() if line.startswith(("model name", "Model"))), "")
    flags = set(next((line.split(":", 1)[1].split() for line in info.splitlines() if line.startswith(("flags", "Features"))), []))
    units = ", ".join(f for f in ("avx2", "avx512f", "asimd", "sve") if f in flags) or "no vector units listed"
    return f"{platform.machine()}, {model or 'unknown CPU'} ({units})"
