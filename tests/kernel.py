"""One Jupyter kernel that runs notebook after notebook, cell by cell, with a time limit.

Starting a kernel (and importing torch in it) costs more than running most notebooks, so
the notebooks share one; each starts from an empty namespace, as a reader's
fresh kernel would, apart from modules already imported.
"""

from __future__ import annotations

import queue
import time
from dataclasses import dataclass, field

import tempfile
from pathlib import Path

from jupyter_client.manager import KernelManager


@dataclass
class CellRun:
    stdout: str = ""
    stderr: str = ""
    error: tuple[str, str] | None = None  # (ename, evalue)
    shown: list[str] = field(default_factory=list)  # values Jupyter displays (Out[n], display())
    timed_out: bool = False


class Kernel:
    def __init__(self):
        # Local sockets (ipc) rather than TCP ports: nothing listens on the network.
        self.folder = tempfile.TemporaryDirectory()
        self.manager = KernelManager(kernel_name="python3", transport="ipc", ip=str(Path(self.folder.name) / "kernel"))
        self.manager.start_kernel()
        self.client = self.manager.client()
        self.client.start_channels()
        self.client.wait_for_ready(timeout=60)
        # Only an error's type and message are compared; IPython's default tracebacks, with
        # source context and colours, take a tenth of a second each to format.
        self.run("%xmode Minimal", 30)

    def run(self, code: str, limit: float) -> CellRun:
        """Run one cell and collect what a reader would see under it."""
        msg_id = self.client.execute(code, store_history=True, allow_stdin=False, stop_on_error=False)
        result, deadline = CellRun(), time.monotonic() + limit
        while True:
            try:
                msg = self.client.get_iopub_msg(timeout=max(0.05, deadline - time.monotonic()))
            except queue.Empty:
                if time.monotonic() < deadline:
                    continue
                result.timed_out = True
                self.manager.interrupt_kernel()
                self._wait_idle(msg_id, 10)
                return result
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            kind, content = msg["msg_type"], msg["content"]
            if kind == "stream":
                if content["name"] == "stdout":
                    result.stdout += content["text"]
                else:
                    result.stderr += content["text"]
            elif kind == "error":
                result.error = (content["ename"], content["evalue"])
            elif kind in ("execute_result", "display_data"):
                result.shown.append(content["data"].get("text/plain", str(content["data"])))
            elif kind == "status" and content["execution_state"] == "idle":
                return result

    def _wait_idle(self, msg_id: str, seconds: float) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                msg = self.client.get_iopub_msg(timeout=deadline - time.monotonic())
            except queue.Empty:
                return
            if msg["parent_header"].get("msg_id") == msg_id and msg["msg_type"] == "status" \
                    and msg["content"]["execution_state"] == "idle":
                return

    def reset(self) -> None:
        # Every name the notebook made goes; %reset -f would also collect all garbage, a
        # quarter of a second per notebook with torch loaded.
        self.run("%reset_selective -f .", 30)

    def close(self) -> None:
        self.client.stop_channels()
        self.manager.shutdown_kernel(now=True)
        self.folder.cleanup()
