"""Where the pages are and how the site is laid out: paths, languages, the nav, addresses.

Shared by the makers (docs/make.py) and the tests. What a page says (its blocks, outputs,
headings, front matter, quizzes) is read by the page model, docs/hooks/page.py.
"""

from __future__ import annotations

import functools
from pathlib import Path

from mkdocs.utils.yaml import yaml_load

import page as page_format

ROOT = Path(__file__).resolve().parents[2]
DOCS = ROOT / "docs"
EXAMPLES = ROOT / "examples"  # the notebooks, examples/<lang>/<page>.ipynb
LANGUAGES = ("en", "zh")  # the first is the source language


def mkdocs_config(lang: str | None = None) -> dict:
    """The config of `lang` as MkDocs reads it: the first language's is mkdocs.yml, another's
    its own file (extra.languages[].config) over the mkdocs.yml it INHERITs; !ENV tags are
    resolved from this process's environment, which the suite does not change (the build
    runs in a process of its own)."""
    name = "mkdocs.yml"
    if lang not in (None, LANGUAGES[0]):
        name = next(e["config"] for e in mkdocs_config()["extra"]["languages"] if e["lang"] == lang)
    texts = tuple(ROOT.joinpath(n).read_text(encoding="utf-8") for n in dict.fromkeys([name, "mkdocs.yml"]))
    return _config(name, texts)


@functools.cache
def _config(name: str, texts: tuple[str, ...]) -> dict:
    # Parsed once per text: the nav and the languages are read by many tests.
    with ROOT.joinpath(name).open("rb") as file:  # a file, so that MkDocs follows INHERIT
        return yaml_load(file)


# As the build reads it: $SITE_URL if set, else the default in mkdocs.yml (`!ENV [SITE_URL, ...]`)
SITE_URL = mkdocs_config()["site_url"]


def rel(path: Path) -> str:
    return page_format.relative(path)


def pages(lang: str | None = None) -> list[Path]:
    langs = [lang] if lang else LANGUAGES
    return sorted(p for l in langs for p in (DOCS / l).rglob("*.md"))


def _looked_up() -> tuple[str, ...]:
    """The pages looked up, not read through, as the build's map says (docs/hooks/map.py)."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("site_map_pages", DOCS / "hooks" / "map.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return tuple(name.removesuffix(".md") for name in module.LOOKED_UP)


# Pages that teach a step of the path: each opens with an answer and ends with key points
# and a quiz. The others are the home page and the pages looked up (questions, glossary).
NOT_TEACHING = ("index", *_looked_up())


def teaching_pages(lang: str | None = None) -> list[Path]:
    return [p for p in pages(lang) if p.stem not in NOT_TEACHING]


def nav_sections() -> list[tuple[str, list[str]]]:
    """The tiers of mkdocs.yml's nav: (section title, its pages), in order."""
    config = mkdocs_config()
    return [(title, pages) for item in config["nav"] if isinstance(item, dict) for title, pages in item.items()]


def core_path() -> list[str]:
    """The core path, page 1 first: the teaching pages of the nav's first section."""
    return [p for _, pages in nav_sections()[:1] for p in pages if p.removesuffix(".md") not in NOT_TEACHING]


def nav_order() -> list[str]:
    """The pages of mkdocs.yml's nav, in order (file names relative to docs/<lang>/)."""
    def walk(items):
        for item in items:
            if isinstance(item, str):
                yield item
            elif isinstance(item, dict):
                for value in item.values():
                    yield from walk(value) if isinstance(value, list) else [value]

    config = mkdocs_config()
    return [p for p in walk(config["nav"]) if p.endswith(".md")]


def html_lang(lang: str) -> str:
    """The language tag a page of `lang` declares (<html lang>, hreflang): its `locale` in mkdocs.yml, zh-CN for zh."""
    config = mkdocs_config()
    return next(e["locale"] for e in config["extra"]["languages"] if e["lang"] == lang)


def lang_of(page: Path) -> str:
    return page.relative_to(DOCS).parts[0]


def lang_prefix(lang: str) -> str:
    """Where a language's site sits under the site root: the first at the root, others in <lang>/."""
    return "" if lang == LANGUAGES[0] else f"{lang}/"


def published_path(lang: str, source: str) -> str:
    """Where docs/<lang>/<source> (x.md, or examples/x.ipynb) is published, from the site root."""
    stem = source.rsplit(".", 1)[0]
    return lang_prefix(lang) + ("" if stem == "index" else f"{stem}/")


def counterpart(page: Path, lang: str) -> Path:
    """The same page in another language (docs/en/x.md -> docs/zh/x.md)."""
    return DOCS / lang / page.relative_to(DOCS / lang_of(page))


def load_hook(name: str):
    """A build hook of docs/hooks/ as a module (the tests check what the build does)."""
    return _module(DOCS / "hooks" / f"{name}.py", f"hook_{name}")


def load_example(name: str):
    """A script of examples/ as a module (examples/ is not a package: its files are downloads)."""
    return _module(ROOT / "examples" / f"{name}.py", name)


def _module(path: Path, name: str):
    import importlib.util
    import sys

    if name in sys.modules:
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module
