"""Compare a generated file with its committed copy as a reader sees it.

Figures and widget data are drawn from PyTorch, and another CPU, BLAS or thread count
moves a trained value by a few units in its last bits; stored at 0.1, one of hundreds of
numbers then lands on the other side of a rounding boundary. So a generated file is
compared by its text with the numbers taken out, exactly (structure, labels, ids, order);
every integer exactly (an ID, a shape, a count, a layout position: none is measured); and
every decimal number within one unit of the committed number's last digit. A number that
moves further, or any other change, is reported with the file, the line and column, and
both values.
"""

from __future__ import annotations

import difflib
import re

# A number not glued to a name before it (so "clip1", "h2" and "#1f77b4" stay text).
NUMBER = re.compile(r"(?<![\w.#-])-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?")


def _split(text: str) -> tuple[list[str], list[tuple[str, int]]]:
    """The text around the numbers, and each number with its offset."""
    pieces, numbers, last = [], [], 0
    for match in NUMBER.finditer(text):
        pieces.append(text[last:match.start()])
        numbers.append((match.group(0), match.start()))
        last = match.end()
    pieces.append(text[last:])
    return pieces, numbers


def is_integer(number: str) -> bool:
    """Written without a decimal point or an exponent: an ID, a shape, a count, a position."""
    return not any(c in number for c in ".eE")


def unit(number: str) -> float:
    """One unit of the last digit written: 0.1 for '154.9', 1 for '12', 1e-6 for '2.5e-05'."""
    mantissa, _, exponent = number.lower().partition("e")
    decimals = len(mantissa.partition(".")[2])
    return 10.0 ** (int(exponent or 0) - decimals)


def _place(text: str, offset: int) -> str:
    line = text.count("\n", 0, offset) + 1
    column = offset - (text.rfind("\n", 0, offset) + 1) + 1
    return f"line {line}, column {column}"


def differences(committed: str, drawn: str, name: str, limit: int = 10) -> list[str]:
    """What a reader would see change between the committed file and a fresh drawing;
    empty when every number is within one unit of its committed last digit and nothing
    else differs."""
    text_a, numbers_a = _split(committed)
    text_b, numbers_b = _split(drawn)
    if text_a != text_b:
        diff = difflib.unified_diff(committed.splitlines(), drawn.splitlines(),
                                    f"{name} (committed)", f"{name} (drawn now)", lineterm="", n=1)
        return [f"{name}: more than numbers changed (structure, labels, ids or order):\n" + "\n".join(list(diff)[:40])]
    found = []
    for (a, offset), (b, _) in zip(numbers_a, numbers_b):
        if is_integer(a) or is_integer(b):
            if a != b:
                found.append(f"{name}, {_place(committed, offset)}: committed {a}, drawn now {b} (an integer: compared exactly)")
            continue
        # a little slack for the float arithmetic of the comparison itself
        if abs(float(a) - float(b)) > unit(a) * (1 + 1e-9):
            found.append(f"{name}, {_place(committed, offset)}: committed {a}, drawn now {b} "
                         f"(more than one unit of its last digit, {unit(a):g})")
    if len(found) > limit:
        found = found[:limit] + [f"... and {len(found) - limit} more"]
    return found
