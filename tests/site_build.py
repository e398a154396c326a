"""Build the site once per test run, as `mkdocs build --strict` does for a maintainer."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

from pages import ROOT


def build(into: Path, env: dict | None = None) -> str:
    """Build both languages into `into`; returns the build log, raises with it on failure.
    `env` adds to (or overrides) the environment, e.g. {"SITE_URL": ...} for another address."""
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(into)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1", **(env or {})},
    )
    log = result.stdout + result.stderr
    if result.returncode != 0:
        raise RuntimeError(f"mkdocs build --strict failed:\n{log}")
    return log


def build_once(shared: Path) -> tuple[Path, str]:
    """Build into shared/site unless another pytest-xdist worker of this run already is;
    then wait for it. Returns (site folder, build log); a failed build fails every worker."""
    folder, log, done = shared / "site", shared / "site.log", shared / "site.done"
    try:
        (shared / "site.lock").mkdir()
    except FileExistsError:
        deadline = time.monotonic() + 300
        while not done.exists():
            if time.monotonic() > deadline:
                raise RuntimeError(f"no site was built in {shared} within 300 s")
            time.sleep(0.2)
    else:
        try:
            log.write_text(build(folder), encoding="utf-8")
            done.write_text("ok", encoding="utf-8")
        except Exception as error:
            log.write_text(str(error), encoding="utf-8")
            done.write_text("failed", encoding="utf-8")
            raise
    if done.read_text(encoding="utf-8") != "ok":
        raise RuntimeError(log.read_text(encoding="utf-8"))
    return folder, log.read_text(encoding="utf-8")
