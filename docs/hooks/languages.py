"""Build every language of the site from the one mkdocs.yml.

The English site is the main build. Each other language listed under `extra.languages` is
built from docs/<lang>/ into <site_dir>/<lang>/ with the entry's `overrides` merged into
mkdocs.yml: in a forked process started once the main build has cleaned the site folder
(the builds share nothing, and two cores halve the wall time), waited for at the end. Separate builds give each language its own search
index (mkdocs-static-i18n builds one mixed index and stops mkdocs-jupyter from rendering
notebooks). This runs under `mkdocs serve` too, so both languages are served and rebuilt.
"""

from __future__ import annotations

import copy
import logging
import os
from pathlib import Path

from mkdocs.commands.build import build
from mkdocs.config import load_config
from mkdocs.utils.yaml import yaml_load

log = logging.getLogger("mkdocs.hooks.languages")


def _merge(base: dict, extra: dict) -> dict:
    merged = copy.deepcopy(base)
    for key, value in extra.items():
        if isinstance(value, dict) and isinstance(merged.get(key), dict):
            merged[key] = _merge(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def _rename_sections(nav, titles: dict):
    """The nav with its section titles in this language (`nav_titles`); a page listed there
    by its path gets that title in the nav (and on the home page's map) instead of its H1."""
    if isinstance(nav, list):
        return [_rename_sections(item, titles) for item in nav]
    if isinstance(nav, dict):
        return {titles.get(k, k): _rename_sections(v, titles) for k, v in nav.items()}
    return {titles[nav]: nav} if nav in titles else nav


def language_config(config_file: str, lang: str, site_dir: str, site_url: str, strict: bool):
    """The MkDocs config of one non-default language, as the hook builds it."""
    raw = yaml_load(Path(config_file).read_text(encoding="utf-8"))  # MkDocs' loader: !ENV
    entry = next(e for e in raw["extra"]["languages"] if e["lang"] == lang)
    overrides = dict(entry.get("overrides", {}))
    titles = overrides.pop("nav_titles", {})
    changed = {key: _merge({key: raw.get(key)}, {key: value})[key] for key, value in overrides.items()}
    changed["nav"] = _rename_sections(raw["nav"], titles)
    root = Path(config_file).resolve().parent
    return load_config(
        config_file,
        docs_dir=str(root / "docs" / lang),
        site_dir=site_dir,
        site_url=site_url,
        strict=strict,
        **changed,
    )


_children: list[tuple[str, int]] = []


def _build_language(config, lang: str):
    build(
        language_config(
            config.config_file_path,
            lang,
            site_dir=str(Path(config.site_dir) / lang),
            site_url=(config.site_url or "/") + f"{lang}/",
            strict=config.strict,
        )
    )


def on_files(files, config, **kwargs):
    if config.extra["lang"] != config.extra["languages"][0]["lang"]:
        return  # only the main build builds the others
    for entry in config.extra["languages"][1:]:
        lang = entry["lang"]
        log.info("Building the '%s' site", lang)
        if not hasattr(os, "fork"):
            continue  # built in on_post_build, one after the other
        pid = os.fork()
        if pid == 0:  # the child: build, and report only by exit status (its log is shared)
            code = 1
            try:
                _build_language(config, lang)
                code = 0
            except BaseException as error:  # noqa: BLE001 - any failure must fail the parent build
                log.error("The '%s' site failed: %s", lang, error)
            finally:
                os._exit(code)
        _children.append((lang, pid))


def on_post_build(config, **kwargs):
    if config.extra["lang"] != config.extra["languages"][0]["lang"]:
        return
    if not hasattr(os, "fork"):
        for entry in config.extra["languages"][1:]:
            _build_language(config, entry["lang"])
    failed = []
    while _children:
        lang, pid = _children.pop()
        if os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) != 0:
            failed.append(lang)
    if failed:
        from mkdocs.exceptions import Abort

        raise Abort(f"the {', '.join(failed)} site did not build (see the errors above)")


def on_serve(server, config, builder, **kwargs):
    for entry in config.extra["languages"][1:]:
        server.watch(str(Path(config.config_file_path).parent / "docs" / entry["lang"]))
    return server
