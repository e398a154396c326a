"""A translated page says which English text it translates, and warns readers when it is behind.

Each page of docs/<lang>/ (other than English) carries `translates: <fingerprint>` in its
front matter: the fingerprint of the English page's prose when the translator last
brought it up to date. Printed outputs and generated tables are left out of the
fingerprint (they change with a PyTorch upgrade or a new measurement, not with the
text). When the English page changes, its fingerprint no longer matches: the test suite
fails (tests/test_translations_match.py) and, should such a build be deployed anyway,
the page opens with a notice in its own language that links to the English page.
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

_OUTPUT = re.compile(r"<!--pytest-codeblocks:expected-output-->\s*\n\s*(`{3,}).*?\n.*?^\1[ \t]*$", re.M | re.S)
_GENERATED = re.compile(r"^<!-- ([\w -]+?): made by .*?-->$.*?^<!-- \1 end -->$", re.M | re.S)
_FRONT_MATTER = re.compile(r"\A---\n.*?\n---\n", re.S)

NOTICE = {
    "zh": '!!! warning translation-behind "本页译文落后于英文原文"\n\n'
    "    英文原文在本页翻译之后有过修改，译文尚未跟进。请以[英文原文]({url})为准。\n\n",
}


def prose(english: str) -> str:
    """What a translation follows: the English page without front matter, printed outputs
    and generated tables."""
    text = _FRONT_MATTER.sub("", english)
    text = _OUTPUT.sub("<!--pytest-codeblocks:expected-output-->", text)
    return _GENERATED.sub(r"<!-- \1 -->", text)


def fingerprint(english: str) -> str:
    return hashlib.sha256(prose(english).encode("utf-8")).hexdigest()[:12]


def on_page_markdown(markdown, page, config, **kwargs):
    lang, default = config.extra["lang"], config.extra["languages"][0]["lang"]
    if lang == default or not page.file.src_path.endswith(".md"):
        return markdown
    english = Path(config.docs_dir).parent / default / page.file.src_path
    # str(): YAML reads a fingerprint of digits only, such as 667493817632, as a number
    if str(page.meta.get("translates")) == fingerprint(english.read_text(encoding="utf-8")):
        return markdown
    # From <site>/<lang>/<page>/ up to the site root, then the English page; under the title.
    url = "../" * (page.url.count("/") + 1) + page.url
    title, _, rest = markdown.partition("\n")
    return f"{title}\n\n" + NOTICE[lang].format(url=url) + rest
