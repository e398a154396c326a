"""Build the site once per test session, as `mkdocs build --strict` does for a maintainer."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pages import ROOT


def build(into: Path) -> str:
    """Build both languages into `into`; returns the build log, raises with it on failure."""
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(into)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        env={**os.environ, "NO_MKDOCS_2_WARNING": "1"},
    )
    log = result.stdout + result.stderr
    if result.returncode != 0:
        raise RuntimeError(f"mkdocs build --strict failed:\n{log}")
    return log
