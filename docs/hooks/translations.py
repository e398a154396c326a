"""A translated page says which English text it translates, and warns readers when it is behind.

Each page of docs/<lang>/ (other than English) carries `translates: <fingerprint>` in its
front matter: the fingerprint of the English page's prose when the translator last
brought it up to date (docs/hooks/page.py, Page.fingerprint). Printed outputs, generated
tables and the Next line are left out of it: docs/make.py writes those, not translators.
When the English page changes, its fingerprint no longer matches: the test suite fails
(tests/test_translations_match.py) and, should such a build be deployed anyway, the page
opens with a notice in its own language that links to the English page.
"""

from __future__ import annotations

from pathlib import Path

import page as page_format

NOTICE = {
    "zh": '!!! warning translation-behind "本页译文落后于英文原文"\n\n'
    "    英文原文在本页翻译之后有过修改，译文尚未跟进。请以[英文原文]({url})为准。\n\n",
}


def on_page_markdown(markdown, page, config, **kwargs):
    lang, default = config.extra["lang"], config.extra["languages"][0]["lang"]
    if lang == default or not page.file.src_path.endswith(".md"):
        return markdown
    english = Path(config.docs_dir).parent / default / page.file.src_path
    # str(): YAML reads a fingerprint of digits only, such as 667493817632, as a number
    if str(page.meta.get("translates")) == page_format.read(english).fingerprint():
        return markdown
    # From <site>/<lang>/<page>/ up to the site root, then the English page; under the title.
    url = "../" * (page.url.count("/") + 1) + page.url
    title, _, rest = markdown.partition("\n")
    return f"{title}\n\n" + NOTICE[lang].format(url=url) + rest
