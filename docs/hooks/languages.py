"""Every language of the site from one command: `mkdocs build` or `mkdocs serve` on mkdocs.yml.

Each language other than the first one under `extra.languages` has its own config, which
INHERITs mkdocs.yml and says only what differs (mkdocs.zh.yml). This hook runs in every
language's build:

- in a language's own build, it publishes the language under <site_url><lang>/ and names
  the nav's sections in it (`extra.nav_titles`: the nav is written once, in mkdocs.yml);
- in the first language's build, once MkDocs has cleaned the site folder, it starts
  `mkdocs build` on each other language's config, into <site_dir>/<lang>/, in a process of
  its own (two cores build two languages at once), and waits for it before the other
  hooks' on_post_build (docs/hooks/map.py then merges the sitemaps); a language that fails
  fails the build, with its log. Under `mkdocs serve` the same happens on every rebuild,
  and an edit to a language's pages or config triggers one.

Separate builds give each language its own search index. (mkdocs-static-i18n 1.3.1 builds
all languages in one process, but into one search index, and stops mkdocs-jupyter from
rendering the notebooks: see the README's "Two languages, one command".)
"""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import IO

from mkdocs.exceptions import Abort
from mkdocs.utils.yaml import yaml_load

log = logging.getLogger("mkdocs.hooks.languages")

# In the first language's build: (lang, its `mkdocs build`, the file its log goes to; a pipe
# left unread while this build runs would stall it once full)
_builds: list[tuple[str, subprocess.Popen, IO[str]]] = []


def _is_first(config) -> bool:
    return config.extra["lang"] == config.extra["languages"][0]["lang"]


def _others(config) -> list[dict]:
    return config.extra["languages"][1:]


def _config_file(config, entry: dict) -> Path:
    return Path(config.config_file_path).parent / entry["config"]


def _named(nav, titles: dict):
    """The nav with its section titles in this language; a page listed in `titles` by its
    path gets that title in the nav (and on the home page's map) instead of its H1."""
    if isinstance(nav, list):
        return [_named(item, titles) for item in nav]
    if isinstance(nav, dict):
        return {titles.get(k, k): _named(v, titles) for k, v in nav.items()}
    return {titles[nav]: nav} if nav in titles else nav


def on_config(config, **kwargs):
    if _is_first(config):
        return config
    if config.site_url:  # the inherited site_url ($SITE_URL or its default) is the first language's
        config.site_url += f"{config.extra['lang']}/"
    config.nav = _named(config.nav, config.extra.get("nav_titles", {}))
    return config


def _start(config, entry: dict) -> tuple[str, subprocess.Popen, IO[str]]:
    """`mkdocs build` on a language's config, into <site_dir>/<lang>/, for this build's
    site_url (as the deploy or `mkdocs serve` set it) and strictness."""
    command = [
        sys.executable, "-m", "mkdocs", "build",
        "--config-file", str(_config_file(config, entry)),
        "--site-dir", str(Path(config.site_dir) / entry["lang"]),
        "--strict" if config.strict else "--no-strict",
    ]
    level = logging.getLogger("mkdocs").getEffectiveLevel()  # as -q or -v set it for this build
    command += ["--quiet"] if level >= logging.ERROR else ["--verbose"] if level <= logging.DEBUG else []
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}  # the first build has shown Material's notice
    if config.site_url:
        env["SITE_URL"] = config.site_url
    log.info("Building the '%s' site from %s", entry["lang"], entry["config"])
    output = tempfile.TemporaryFile("w+", encoding="utf-8")
    return entry["lang"], subprocess.Popen(command, env=env, stdout=output, stderr=subprocess.STDOUT), output


def on_files(files, config, **kwargs):
    if _is_first(config):  # the site folder has just been cleaned
        _builds.extend(_start(config, entry) for entry in _others(config))
    return files


def on_post_build(config, **kwargs):
    if not _is_first(config):
        return
    failed = []
    while _builds:
        lang, build, output = _builds.pop(0)
        with output:
            build.wait()
            output.seek(0)
            sys.stderr.write(output.read())  # its log, after this build's own
        if build.returncode != 0:
            failed.append(lang)
    if failed:
        raise Abort(f"the {', '.join(failed)} site did not build (its log is above)")


def on_build_error(**kwargs):
    """The first language failed (or `mkdocs serve` stops): stop the others, which would
    write into a failed build (or a removed folder)."""
    while _builds:
        _, build, output = _builds.pop()
        build.kill()
        build.wait()
        output.close()


on_shutdown = on_build_error


def on_serve(server, config, **kwargs):
    """Rebuild on an edit to another language's pages or config, as MkDocs does for the first's."""
    for entry in _others(config):
        file = _config_file(config, entry)
        server.watch(str(file))
        docs_dir = yaml_load(file.read_text(encoding="utf-8"))["docs_dir"]
        server.watch(str(file.parent / docs_dir))
    return server
