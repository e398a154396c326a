"""Build the site once per test run, as `mkdocs build --strict` does for a maintainer.

The build starts in the background when the run starts (the page and notebook checks
need no site), and the tests that need it wait for it. It is built for a base path that
is not mkdocs.yml's default, as a fork or a renamed repository deploys it (the workflow
passes the Pages address in SITE_URL, and the repository and branch in REPO_URL and
REPO_BRANCH): every browser check then shows that links, the language switch, the 404
page and the Colab links work for any base path and repository.
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import time
from pathlib import Path

from pages import ROOT

TEST_SITE_URL = "https://fork.example.org/renamed/docs-site/"
# The repository and branch a fork deploys from (the Open in Colab links follow them).
TEST_REPO_URL, TEST_REPO_BRANCH = "https://github.com/a-fork/renamed-repo", "their-branch"


def build(into: Path, site_url: str | None = None) -> str:
    """Build both languages into `into` (for `site_url`, else mkdocs.yml's); returns the
    build log, raises with it on failure."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    if site_url:
        env.update(SITE_URL=site_url, REPO_URL=TEST_REPO_URL, REPO_BRANCH=TEST_REPO_BRANCH)
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(into)],
        cwd=ROOT, capture_output=True, text=True, env=env,
    )
    log = result.stdout + result.stderr
    if result.returncode != 0:
        raise RuntimeError(f"mkdocs build --strict failed:\n{log}")
    return log


def start(shared: Path) -> bool:
    """Build into shared/site in a background thread, unless a build has started already."""
    try:
        (shared / "site.lock").mkdir(parents=True)
    except FileExistsError:
        return False

    def run():
        folder, log, done = shared / "site", shared / "site.log", shared / "site.done"
        try:
            log.write_text(build(folder, TEST_SITE_URL), encoding="utf-8")
            done.write_text("ok", encoding="utf-8")
        except Exception as error:
            log.write_text(str(error), encoding="utf-8")
            done.write_text("failed", encoding="utf-8")

    threading.Thread(target=run, daemon=True).start()
    return True


def build_once(shared: Path) -> tuple[Path, str]:
    """The site of this run (started by `start`, or now); waits for it. Returns (site
    folder, build log); a failed build fails every test that needs it, with its log."""
    start(shared)
    done, deadline = shared / "site.done", time.monotonic() + 300
    while not done.exists():
        if time.monotonic() > deadline:
            raise RuntimeError(f"no site was built in {shared} within 300 s")
        time.sleep(0.1)
    log = (shared / "site.log").read_text(encoding="utf-8")
    if done.read_text(encoding="utf-8") != "ok":
        raise RuntimeError(log)
    return shared / "site", log
