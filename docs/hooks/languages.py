"""Build every language of the site from the one mkdocs.yml.

The English site is the main build. After it, each other language listed under
`extra.languages` is built from docs/<lang>/ into <site_dir>/<lang>/ with the entry's
`overrides` merged into mkdocs.yml. Separate builds give each language its own search
index (mkdocs-static-i18n builds one mixed index and stops mkdocs-jupyter from rendering
notebooks). This runs under `mkdocs serve` too, so both languages are served and rebuilt.
"""

from __future__ import annotations

import copy
import logging
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
    if isinstance(nav, list):
        return [_rename_sections(item, titles) for item in nav]
    if isinstance(nav, dict):
        return {titles.get(k, k): _rename_sections(v, titles) for k, v in nav.items()}
    return nav


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


def on_post_build(config, **kwargs):
    if config.extra["lang"] != config.extra["languages"][0]["lang"]:
        return  # only the main build builds the others
    for entry in config.extra["languages"][1:]:
        lang = entry["lang"]
        log.info("Building the '%s' site", lang)
        build(
            language_config(
                config.config_file_path,
                lang,
                site_dir=str(Path(config.site_dir) / lang),
                site_url=(config.site_url or "/") + f"{lang}/",
                strict=config.strict,
            )
        )


def on_serve(server, config, builder, **kwargs):
    for entry in config.extra["languages"][1:]:
        server.watch(str(Path(config.config_file_path).parent / "docs" / entry["lang"]))
    return server
