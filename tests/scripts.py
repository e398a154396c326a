"""Run Python scripts (notebooks as `jupyter nbconvert --to script` makes them), each in a
fresh process, without paying for `import torch` each time.

A host process imports torch (nothing is run), then forks one child per script: each
script starts in a new process with an empty namespace and PyTorch's state as a new
process has it, as `python notebook.py` would (importing torch costs 1.5 s of CPU, more
than most notebooks; 15 fresh interpreters spent 25 s on it). The host and its children run
PyTorch on one thread, as the suite's workers do (OMP_NUM_THREADS=1): every shown output is
the same on one thread as on more, and two cores shared by many threads would only wait.

Run as a module, this file is the host: it reads one job a line on stdin (JSON: script,
folder, time limit) and answers one line on stdout (exit code, timed out).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path


@dataclass
class ScriptRun:
    returncode: int
    stdout: str
    stderr: str
    timed_out: bool
    cpu: float  # seconds of CPU the script's process took


class ScriptHost:
    def __init__(self, env: dict[str, str] | None = None):
        env = {**os.environ, **(env or {}), "OMP_NUM_THREADS": "1", "PYTHONIOENCODING": "utf-8"}
        self.process = subprocess.Popen(
            [sys.executable, __file__], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env,
        )

    def run(self, script: Path, limit: float) -> ScriptRun:
        """Run `script` in a fresh process, in its folder; stdout and stderr go beside it."""
        job = {"script": str(script), "limit": limit}
        self.process.stdin.write(json.dumps(job) + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError("the script host stopped")
        result = json.loads(answer)
        out, err = script.with_suffix(".stdout"), script.with_suffix(".stderr")
        return ScriptRun(result["returncode"], out.read_text(encoding="utf-8"), err.read_text(encoding="utf-8"), result["timed_out"], result["cpu"])

    def close(self) -> None:
        self.process.stdin.close()
        self.process.wait(timeout=30)


def _child(script: Path) -> None:
    """In the forked process: run the script as __main__, its output into files; never returns."""
    code = 0
    try:
        os.chdir(script.parent)
        for fd, suffix in ((1, ".stdout"), (2, ".stderr")):
            target = os.open(script.with_suffix(suffix), os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            os.dup2(target, fd)
            os.close(target)
        sys.argv = [str(script)]
        sys.path[0] = str(script.parent)  # as `python script.py` has it, not this file's folder
        import runpy

        runpy.run_path(str(script), run_name="__main__")
    except SystemExit as stop:
        code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
    except BaseException:
        import traceback

        traceback.print_exc()
        code = 1
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)


def _host() -> None:
    import signal

    # What the scripts' processes share: modules imported, no state. torch._dynamo is what
    # the first optimizer step imports (1.2 s of CPU, in 10 of 15 notebooks).
    import torch  # noqa: F401
    import torch._dynamo  # noqa: F401

    for line in sys.stdin:
        job = json.loads(line)
        script = Path(job["script"])
        pid = os.fork()
        if pid == 0:
            sys.stdin.close()
            _child(script)
        deadline, timed_out = time.monotonic() + job["limit"], False
        while True:
            done, status, usage = os.wait4(pid, os.WNOHANG)
            if done:
                break
            if time.monotonic() > deadline:
                os.kill(pid, signal.SIGKILL)
                done, status, usage = os.wait4(pid, 0)
                timed_out = True
                break
            time.sleep(0.01)
        cpu = usage.ru_utime + usage.ru_stime
        print(json.dumps({"returncode": os.waitstatus_to_exitcode(status), "timed_out": timed_out, "cpu": cpu}), flush=True)


if __name__ == "__main__":
    _host()
