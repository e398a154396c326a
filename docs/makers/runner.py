"""Run a page's Python blocks in order, in one namespace, like the cells of a notebook.

pytest-codeblocks runs each block on its own and lets a `cont` chain carry one expected
output; a step-by-step page builds state over many blocks and shows output after each,
so this runner keeps the namespace and compares the output of every block. A block
marked <!--docs:raises--> must raise, from its last statement (its notebook cell catches
the error there): its shown output ends with the error's last line, as Jupyter shows it,
and the page goes on after it. A block marked <!--docs:standalone-->
(or every block of a page whose front matter says `blocks: standalone`) runs in a fresh
namespace, with PyTorch's global state as a new process has it, so it stays true when
quoted on its own. Every block has a time limit, and none may reach the network.
"""

from __future__ import annotations

import ast
import difflib
import io
import re
import signal
import sys
import threading
import traceback
import warnings
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

import page as page_format
from offline import no_network
from page import MARKER, Block

# The first line of a shown output that starts the error of a <!--docs:raises--> block.
ERROR_LINE = re.compile(r"^([A-Za-z_]\w*(?:Error|Exception|Warning|Exit|Interrupt)|StopIteration)(?:: |$)", re.M)


class _Current:
    """One stream object for the whole process that writes to whatever the running block
    captures. A library that keeps the stream it found at import (Python logging's
    StreamHandler does: transformers makes one on first import) would otherwise write a
    later block's messages into a block long finished, and past the stderr check."""

    def __init__(self, name: str):
        self.name, self.target = name, None

    def write(self, text):
        return (self.target or getattr(sys, f"__{self.name}__")).write(text)

    def flush(self):
        (self.target or getattr(sys, f"__{self.name}__")).flush()

    def isatty(self):
        return False


STDOUT, STDERR = _Current("stdout"), _Current("stderr")


@contextmanager
def captured(out: io.StringIO, err: io.StringIO):
    """Point the process's stdout and stderr (and every stream kept from them) at the buffers."""
    STDOUT.target, STDERR.target = out, err
    try:
        with redirect_stdout(STDOUT), redirect_stderr(STDERR):
            yield
    finally:
        STDOUT.target = STDERR.target = None


class TimeLimit(BaseException):
    """Raised inside a block that ran past its limit (a BaseException: `except Exception` in
    the page's own code must not swallow it)."""


@contextmanager
def time_limit(seconds: float):
    """Interrupt the code inside after `seconds` (a SIGALRM timer: Python code is stopped
    between bytecodes, a long C call when it returns). pytest-timeout guards the rest."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def stop(signum, frame):
        raise TimeLimit

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def error_line(error: BaseException) -> str:
    """The last line of a traceback as Jupyter shows it: `Type: message`."""
    message = str(error)
    return f"{type(error).__name__}: {message}" if message else type(error).__name__


def split_error(shown: str) -> tuple[str, str]:
    """(what the block printed, its error's last line) of a <!--docs:raises--> block's output."""
    m = ERROR_LINE.search(shown)
    if m is None:
        return shown, ""
    return shown[: m.start()], shown[m.start() :].rstrip("\n")


def page_traceback(error: BaseException, block: Block) -> str:
    """The traceback's frames in the page, and its last line: where on the page, and what."""
    tb = traceback.TracebackException.from_exception(error)
    tb.stack = traceback.StackSummary.from_list([f for f in tb.stack if f.filename == str(block.page)])
    return "".join(tb.format())


def raising_line(error: BaseException, block: Block) -> int | None:
    """The page line of the block's top-level statement that was running when it raised."""
    tb = error.__traceback__
    while tb is not None and tb.tb_frame.f_code.co_filename != str(block.page):
        tb = tb.tb_next
    return tb.tb_lineno if tb is not None else None


def last_statement(block: Block) -> range:
    """The page lines of the block's last top-level statement (a raises block's notebook
    cell wraps it in try/except: notebook_files.py)."""
    last = ast.parse(block.code).body[-1]
    first = min([last.lineno] + [d.lineno for d in getattr(last, "decorator_list", [])])
    return range(block.line + first, block.line + last.end_lineno + 1)


@dataclass
class Ran:
    block: Block
    printed: str  # stdout, then the error's last line for a block that raised as marked
    error: str | None = None  # why the block did not run as the page says


# PyTorch's global state as a new Python process has it: what a page, a standalone block and
# a notebook may assume, and all they may assume (their own imports and names come from them).
# Code, so that the notebooks' kernel runs the very same (tests/test_notebooks_run_in_jupyter.py).
FRESH_TORCH_STATE = """
__import__("torch").seed()  # a new process starts from a random seed: code that prints random values seeds itself
__import__("torch").set_printoptions(profile="default")
__import__("torch").set_default_dtype(__import__("torch").float32)
__import__("torch").set_grad_enabled(True)
"""


def fresh_torch_state() -> None:
    exec(FRESH_TORCH_STATE, {})


def run_blocks(page_blocks: list[Block], edit=None) -> list[Ran]:
    """Run the Python blocks in one namespace (a standalone block in its own), from PyTorch's
    state in a new process, whatever ran before; `edit(code)` may rewrite each block first."""
    page_namespace: dict = {"__name__": "__main__"}
    fresh_torch_state()
    ran = []
    for block in page_blocks:
        if not block.is_python:
            continue
        namespace = page_namespace
        if block.standalone:
            namespace = {"__name__": "__main__"}
            fresh_torch_state()
        out, err = io.StringIO(), io.StringIO()
        # Pad with blank lines so a traceback points at the page's own line numbers.
        code = block.code if edit is None else edit(block.code)
        error, raised, tried = None, None, []
        try:
            compiled = compile("\n" * block.line + code, str(block.page), "exec")
            with time_limit(block.time_limit), captured(out, err), warnings.catch_warnings(), no_network() as tried:
                warnings.simplefilter("error")  # a warning is noise on the reader's screen
                exec(compiled, namespace)
        except TimeLimit:
            error = (
                f"the block ran past its time limit of {block.time_limit:g} s and was stopped; make it faster, "
                "or give it more time with <!--docs:time-limit=SECONDS--> above it"
            )
        except Exception as e:
            if block.raises:
                raised = e
            else:
                error = page_traceback(e, block) + (
                    "(if this error is what the page means to show, put <!--docs:raises--> above the block)"
                )
        printed = out.getvalue()
        if tried:
            error = (
                f"the block tried to reach the network ({', '.join(sorted(set(tried)))}); nothing on these "
                "pages may download: build models from their configuration, and data in the block"
            )
        elif block.raises and error is None:
            if raised is None:
                error = "the block is marked <!--docs:raises--> but ran without an error; remove the marker or show the error"
            elif (line := raising_line(raised, block)) not in last_statement(block):
                error = (
                    f"the error comes from line {line}, not from the block's last statement; the notebook "
                    "made from the page catches it there (try/except), so end the block with the statement that raises"
                )
            else:
                printed += error_line(raised) + "\n"
                if split_error(printed) != (out.getvalue(), error_line(raised)):
                    error = (
                        "the output before the error has a line that looks like an error's last line; "
                        "a reader (and the notebook made from the page) could not tell where the error starts"
                    )
        if err.getvalue():
            error = (error + "\n" if error else "") + "it wrote to stderr:\n" + err.getvalue()
        ran.append(Ran(block, printed, error))
        if error:
            break  # later blocks depend on this one
    return ran


def side_by_side(shown: str, shown_from: int, printed: str) -> str:
    """A diff whose shown lines carry their line numbers in the page."""
    a, b = shown.splitlines(), printed.splitlines()
    rows = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if tag == "equal":
            rows += [f"  {shown_from + i:5} | {a[i]}" for i in range(i1, i2)]
            continue
        rows += [f"- {shown_from + i:5} | {a[i]}" for i in range(i1, i2)]
        rows += [f"+       | {b[j]}" for j in range(j1, j2)]
    return "\n".join(["  (- shown on the page, + printed by the code)"] + rows)


def problems(page: Path) -> list[str]:
    """Everything about a page's blocks and outputs that is not as the page shows it."""
    found = []
    for r in run_blocks(page_format.read(page).blocks):
        b = r.block
        if r.error:
            found.append(f"{b.where}: the block failed\n{r.error}" if r.error.startswith("Traceback") else f"{b.where}: {r.error}")
        elif b.expected is None and r.printed:
            found.append(
                f"{b.where}: the block printed output that the page does not show; add "
                f"{MARKER} and a fence with it after the block (or run python docs/make.py)\n"
                + side_by_side("", 0, r.printed)
            )
        elif b.expected is not None and b.expected != r.printed:
            fence = b.output
            hint = " (a standalone block starts from a new process's random state: one that prints random values seeds itself)" if b.standalone else ""
            found.append(
                f"{page_format.relative(page)}:{fence.start + 1}: the output shown for the block at line {b.line} "
                f"is not what it prints{hint}\n" + side_by_side(b.expected, fence.start + 1, r.printed)
            )
    return found
