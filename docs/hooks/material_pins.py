"""What the site's workarounds assume of Material for MkDocs, checked at the start of every build.

Each workaround is a row of the README's "Workarounds kept"; when a new Material breaks what
one of them assumes, the build stops here and says what changed and what to do (the
deferred search index, docs/hooks/search_index.py, checks its own assumption):

- docs/overrides/partials/search.html is Material's search partial with one attribute
  added, a name for the search dialog (axe: aria-dialog-name; Material has no setting
  for it): the copy must still be Material's partial, that attribute aside.
- docs/overrides/main.html writes the pages' hreflang links rel=" alternate" (a leading
  space): Material's script fetches sitemap.xml beside every link whose rel is exactly
  "alternate", meant for its own links to each language's home; beside a page that is a
  request that fails. The dodge holds while the script selects exactly that.
"""

from __future__ import annotations

import re
from pathlib import Path

from mkdocs.exceptions import PluginError

SEARCH = "partials/search.html"
NAMED = ' aria-label="{{ lang.t(\'search.placeholder\') }}"'  # the one attribute the copy adds
ALTERNATES = '"link[rel=alternate]"'  # the selector in Material's bundle that rel=" alternate" dodges
_COMMENT = re.compile(r"\{#.*?#\}", re.S)


def _material(config, name: str) -> Path:
    """Material's own file or folder `name` (in the theme folders after docs/overrides)."""
    custom = Path(config.theme.custom_dir).resolve()
    return next(p for d in config.theme.dirs if Path(d).resolve() != custom and (p := Path(d) / name).exists())


def _without_comments(template: str) -> str:
    return _COMMENT.sub("", template).strip()


def check_search_partial(config) -> None:
    ours = Path(config.theme.custom_dir) / SEARCH
    theirs = _material(config, SEARCH)
    copied = _without_comments(ours.read_text(encoding="utf-8"))
    if NAMED not in copied or copied.replace(NAMED, "", 1) != _without_comments(theirs.read_text(encoding="utf-8")):
        raise PluginError(
            f"docs/hooks/material_pins.py: docs/overrides/{SEARCH} is no longer Material's {theirs} with one "
            f"attribute added ({NAMED.strip()} on the role=\"dialog\" element): Material's partial changed. "
            "If Material now names the search dialog, delete the copy and its README row; else copy Material's "
            "partial again and add that attribute."
        )


def check_alternate_selector(config) -> None:
    bundles = sorted(_material(config, "assets/javascripts").glob("bundle.*.min.js"))
    if not bundles or ALTERNATES not in bundles[0].read_text(encoding="utf-8"):
        raise PluginError(
            f"docs/hooks/material_pins.py: Material's script no longer selects {ALTERNATES} (a new "
            "mkdocs-material?). docs/overrides/main.html writes rel=\" alternate\" to dodge that selector's "
            "sitemap.xml requests: find what the script selects now, and whether the leading space is still "
            "needed or no longer enough."
        )


def on_config(config, **kwargs):
    check_search_partial(config)
    check_alternate_selector(config)
    return config
