"""How long a page takes to read, from its Markdown: the one computation the build shows
(docs/hooks/map.py) and the tests hold it to (tests/test_the_map_is_derived.py).

What a reader meets on the main path counts: prose at 230 words a minute (Chinese: 400
characters a minute, a Latin word or number counting as one), plus 3 seconds for every
non-empty line of code and of printed output. Left out: folded boxes (<details>), which
only some readers open, and the whole *Check yourself* section (the questions, their
options and answers): a quiz is the reader's own time, not reading. Images and figures,
HTML-only lines and markers count nothing.
"""

from __future__ import annotations

import math
import re

WORDS_PER_MINUTE = 230
CHINESE_CHARACTERS_PER_MINUTE = 400
SECONDS_PER_CODE_LINE = 3

_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)
_FENCE = re.compile(r"^\s*(`{3,}|~{3,})")
_QUIZ = re.compile(r"^##\s.*\{\s*#check-yourself\s*\}\s*$")
_SKIP = re.compile(r"^\s*(<!--|!\[|<div|</div|<details|</details|\|?\s*:?-{3,})")
_MARKUP = [
    (re.compile(r"\{\s*#[\w-]+\s*\}"), " "),  # heading anchors
    (re.compile(r"\]\([^)]*\)"), "]"),  # link targets
    (re.compile(r"<[^>]+>"), " "),  # HTML tags
    (re.compile(r"[#*_`>\[\]|]"), " "),  # Markdown marks
]
_CJK = re.compile(r"[\u3400-\u9fff]")
_LATIN = re.compile(r"[A-Za-z0-9][\w.'’-]*")


def main_path(markdown: str) -> tuple[list[str], int]:
    """(prose lines, code and output lines) a reader meets without opening anything."""
    prose, code = [], 0
    fence = folded = quiz = False
    for line in _FRONT_MATTER.sub("", markdown).splitlines():
        stripped = line.strip()
        if m := _FENCE.match(line):
            if not fence:
                fence = m.group(1)
            elif stripped.startswith(fence) and not stripped.strip(fence[0]):
                fence = False
            continue
        if fence:
            code += bool(stripped) and not folded and not quiz
            continue
        if stripped.startswith("<details"):
            folded = True
        elif stripped.startswith("</details"):
            folded = False
            continue
        if stripped.startswith("## "):
            quiz = bool(_QUIZ.match(stripped))
        if folded or quiz or not stripped or _SKIP.match(stripped):
            continue
        prose.append(stripped)
    return prose, code


def units(prose: list[str], lang: str) -> int:
    """Words (English) or characters (Chinese: each Han character, each Latin word or number)."""
    text = " ".join(prose)
    for pattern, replacement in _MARKUP:
        text = pattern.sub(replacement, text)
    if lang == "zh":
        return len(_CJK.findall(text)) + len(_LATIN.findall(text))
    return len([w for w in text.split() if re.search(r"\w", w)])


def exact_minutes(markdown: str, lang: str) -> float:
    prose, code = main_path(markdown)
    rate = CHINESE_CHARACTERS_PER_MINUTE if lang == "zh" else WORDS_PER_MINUTE
    return units(prose, lang) / rate + code * SECONDS_PER_CODE_LINE / 60


def minutes(markdown: str, lang: str) -> int:
    """The figure a reader is shown: whole minutes, rounded half up, at least 1."""
    return max(1, math.floor(exact_minutes(markdown, lang) + 0.5))
