"""The CI workflow passes zizmor's offline audits: every action pinned to a commit, no
checkout that leaves its token on disk, no template injection, least privilege, ...

zizmor (in requirements.txt) is a program, not a module: it is run from the scripts
folder of this Python. Offline, so the check needs no network and no GitHub token.
"""

from __future__ import annotations

import json
import re
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"


def zizmor() -> str:
    folders = (str(Path(sys.executable).parent), sysconfig.get_path("scripts"))
    found = shutil.which("zizmor", path=os.pathsep.join(folders))
    assert found, f"zizmor is not installed beside {sys.executable}: pip install -r requirements.txt"
    return found


def audit(*options: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [zizmor(), "--offline", "--strict-collection", "--no-progress", "--color", "never", *options, str(WORKFLOWS.relative_to(ROOT))],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_zizmor_finds_nothing_in_the_workflows():
    assert sorted(WORKFLOWS.glob("*.yml")), f"no workflow in {WORKFLOWS}"
    result = audit("--format", "json")
    findings = json.loads(result.stdout) if result.stdout.strip() else None
    if result.returncode != 0 or findings != []:
        readable = audit()  # the same findings, as zizmor explains them
        raise AssertionError(
            f"zizmor (exit code {result.returncode}) flags the workflows:\n{readable.stdout}{readable.stderr}"
        )


# owner/repo[/path]@<commit> # v1.2.3
PINNED = re.compile(r"^[\w.-]+/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$")


def test_each_pin_names_its_version():
    """zizmor checks the commit pins; a reader (and Dependabot) also needs the version."""
    for workflow in sorted(WORKFLOWS.glob("*.yml")):
        for number, line in enumerate(workflow.read_text(encoding="utf-8").splitlines(), 1):
            used = re.match(r"^\s*(?:- )?uses:\s*(.*)$", line)
            if used:
                assert PINNED.match(used[1]), f"{workflow.relative_to(ROOT)}:{number}: `{used[1]}` is not `owner/repo@<commit> # vX.Y.Z`"
