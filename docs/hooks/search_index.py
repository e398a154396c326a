"""Keep the search index out of a page's first load, and small.

Material fetches search/search_index.json on every page load, before anyone searches;
with every page's text in it, it was a fifth of each page's weight. After the build:

- Material's script asks for the index only once the reader focuses the search box
  (a keyboard shortcut or a click does that too). Material's bundle is minified; the one
  expression replaced is pinned to mkdocs-material's version in requirements.txt, and the
  build fails, saying so, if it is not found.
- The index is written as UTF-8 (Material writes \\u escapes: 6 bytes per Chinese
  character instead of 3) and without code blocks and printed outputs, which were a third
  of it, except the errors they show: readers paste those into the search box.
- jieba's word breaks (U+200B, which the search separates terms on) are taken out before
  closing punctuation and after opening punctuation: each is a place a line may break, and
  a result's snippet must not start a line with 。，）. The separator splits terms on
  that punctuation itself (mkdocs.yml), so no term changes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from mkdocs.exceptions import PluginError

# Material 9.8: `index$ = form ? requestJSON(index) : NEVER`, minified.
_EAGER = 'zi=document.forms.namedItem("search")?ks():tt'
# The same, deferred: an Observable (made with NEVER's constructor) that requests the index
# when the search box first gets focus.
_LAZY = (
    'zi=document.forms.namedItem("search")?new tt.constructor(s=>{let asked=e=>{'
    'if(!e.target.matches||!e.target.matches("[data-md-component=search-query]"))return;'
    'document.removeEventListener("focusin",asked);ks().subscribe(s)};'
    'document.addEventListener("focusin",asked)}):tt'
)
_PRE = re.compile(r"<pre>.*?</pre>", re.S)
_ERROR = re.compile(r"^[A-Za-z_]\w*(?:Error|Exception|Warning): .*$", re.M)
_NO_BREAK = re.compile("\u200b+(?=[。，、；：？！）》」』】〕”’…%])|(?<=[（《「『【〔“‘])\u200b+")


def _errors_only(block: re.Match) -> str:
    text = re.sub(r"<[^>]+>", "", block.group(0))
    return "".join(f"<p>{line}</p>" for line in _ERROR.findall(text))


def on_post_build(config, **kwargs):
    site = Path(config.site_dir)
    bundles = sorted((site / "assets" / "javascripts").glob("bundle.*.min.js"))
    for bundle in bundles:
        script = bundle.read_text(encoding="utf-8")
        if _EAGER not in script:
            raise PluginError(
                f"docs/hooks/search_index.py: {bundle.name} has no {_EAGER!r}; Material's bundle changed "
                "(a new mkdocs-material?): find where it requests search_index.json and defer that again"
            )
        bundle.write_text(script.replace(_EAGER, _LAZY), encoding="utf-8")
    index = site / "search" / "search_index.json"
    if index.is_file():
        data = json.loads(index.read_text(encoding="utf-8"))
        for doc in data["docs"]:
            doc["text"] = _NO_BREAK.sub("", _PRE.sub(_errors_only, doc["text"]))
            doc["title"] = _NO_BREAK.sub("", doc["title"])
        index.write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
