"""Put the notebooks of examples/<lang>/ into the site of that language.

Notebooks live outside docs/ (docs_dir cannot be the repository root, and the files are
downloads in their own right). Each examples/<lang>/<name>.ipynb becomes the page
examples/<name>/ rendered by mkdocs-jupyter, and the teaching page <name>.md links to it.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

import jinja2
from mkdocs.plugins import CombinedEvent, event_priority
from mkdocs.structure.files import File
from nbconvert.exporters.templateexporter import TemplateExporter

NOTEBOOKS = "examples"


class _CompiledOnce(jinja2.BytecodeCache):
    """mkdocs-jupyter makes two nbconvert exporters per notebook, and each compiled its
    templates anew: a quarter of the build's time (12 s -> 9 s at 13 pages). Compiled
    templates are kept for the build."""

    def __init__(self):
        self.compiled = {}

    def load_bytecode(self, bucket):
        bucket.code = self.compiled.get((bucket.key, bucket.checksum))

    def dump_bytecode(self, bucket):
        self.compiled[(bucket.key, bucket.checksum)] = bucket.code


_COMPILED = _CompiledOnce()
_new_environment = TemplateExporter._create_environment


def _environment_with_compiled_templates(self):
    environment = _new_environment(self)
    environment.bytecode_cache = _COMPILED
    return environment


TemplateExporter._create_environment = _environment_with_compiled_templates


def _notebook_dir(config) -> Path:
    return Path(config.config_file_path).parent / NOTEBOOKS / config.extra["lang"]


@event_priority(100)  # before mkdocs-jupyter, which turns these files into pages
def _add_notebooks(files, config, **kwargs):
    for path in sorted(_notebook_dir(config).glob("*.ipynb")):
        files.append(File.generated(config, f"{NOTEBOOKS}/{path.name}", abs_src_path=str(path)))
    return files


@event_priority(-100)
def _after_mkdocs_jupyter(files, config, **kwargs):
    # mkdocs-jupyter wraps each notebook File in an object that recomputes abs_src_path from
    # src_dir, which generated files do not have; hand it the real path again.
    for file in files:
        inner = getattr(file, "file", None)
        if isinstance(inner, File) and inner.generated_by and inner.src_uri.endswith(".ipynb"):
            file.abs_src_path = inner.abs_src_path
    return files


on_files = CombinedEvent(_add_notebooks, _after_mkdocs_jupyter)


def on_page_markdown(markdown, page, config, files, **kwargs):
    if page.file.src_uri.endswith(".ipynb"):
        # Its teaching page holds the same text: one search result, not two, and half the index.
        page.meta["search"] = {"exclude": True}
        return markdown
    notebook = files.get_file_from_path(f"{NOTEBOOKS}/{Path(page.file.src_uri).stem}.ipynb")
    if notebook is not None and page.file.src_uri.endswith(".md"):
        page.meta["notebook"] = notebook.url
        page.meta["download_url"] = f"{notebook.url}{Path(notebook.abs_src_path).name}"
        _hosts(page, config, Path(notebook.abs_src_path))
    return markdown


def _hosts(page, config, notebook: Path) -> None:
    """Where the page's notebook runs: Colab, Kaggle, and (on pages whose language asks for
    it) the two commands that run it locally from a package mirror."""
    page.meta["colab"] = colab_url(config, notebook)
    page.meta["kaggle"] = kaggle_url(config, notebook)
    if config.extra.get("local_mirror"):
        page.meta["local_commands"] = local_commands(config, notebook)


def _github_file(config, notebook: Path) -> str:
    """owner/repo/blob/branch/examples/<lang>/<name>.ipynb of the deploying repository."""
    m = _GITHUB.fullmatch(config.repo_url or "")
    if m is None:
        raise ValueError(f"repo_url {config.repo_url!r} is not a GitHub repository; the Open in Colab and Kaggle links need one")
    return f"{m.group(1)}/{m.group(2)}/blob/{config.extra['repo_branch']}/{NOTEBOOKS}/{config.extra['lang']}/{notebook.name}"


def kaggle_url(config, notebook: Path) -> str:
    """Kaggle opens a notebook from its GitHub address (the same file Colab opens)."""
    return f"https://kaggle.com/kernels/welcome?src=https://github.com/{_github_file(config, notebook)}"


_PIN = re.compile(r'"([A-Za-z0-9_.-]+==[\w.]+)"')


def local_commands(config, notebook: Path) -> list[str]:
    """Install what the notebook needs from the package mirror of extra.local_mirror (PyTorch
    and numpy at requirements.txt's versions, the pins of its first cell, JupyterLab), then open
    it: two commands for a reader who downloaded it."""
    root = Path(config.config_file_path).parent
    pins = {}
    for line in (root / "requirements.txt").read_text(encoding="utf-8").splitlines():
        if m := re.fullmatch(r"([A-Za-z0-9_.-]+)==(\S+)", line.split("#")[0].strip()):
            pins[m.group(1).lower()] = m.group(0)
    first = next(c for c in json.loads(notebook.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code")
    packages = [pins["torch"], pins["numpy"]] + _PIN.findall("".join(first["source"])) + ["jupyterlab"]
    return [
        f"pip install {' '.join(packages)} -i {config.extra['local_mirror']}",
        f"jupyter lab {notebook.name}",
    ]


_GITHUB = re.compile(r"https://github\.com/([\w.-]+)/([\w.-]+?)(?:\.git)?/?")


def colab_url(config, notebook: Path) -> str:
    """Colab opens a notebook straight from a GitHub repository: the committed file of this
    language on the deployed branch (repo_url and extra.repo_branch, set by the deploy)."""
    return f"https://colab.research.google.com/github/{_github_file(config, notebook)}"


# mkdocs-jupyter's HTML inlines JupyterLab's whole stylesheet (575 KB), a MathJax and a
# Mermaid loader pointing at a CDN, and a copy button of its own into every notebook page.
# The site draws notebook cells with Material's own code styles (assets/site.css) and
# math as MathML (mathml.py), so all of that goes.
_DROP = [
    re.compile(r"<(style|script)\b[^>]*>.*?</\1>", re.S),
    re.compile(r'<div class="zeroclipboard-container">.*?</clipboard-copy>\s*</div>', re.S),
    re.compile(r'<div class="clipboard-copy-txt"[^>]*>.*?</div>', re.S),
]
_CODE = re.compile(r'<div class="highlight-ipynb hl-python"><pre>(.*?)</pre></div>', re.S)


class _AsWritten(yaml.SafeLoader):
    """mkdocs.yml as written: `!ENV [NAME, default]` is its default, whatever the environment."""


_AsWritten.add_constructor("!ENV", lambda loader, node: loader.construct_sequence(node)[-1])


def _as_written(path: Path) -> dict:
    """A config file as written, over the file it INHERITs (a language's: mkdocs.zh.yml)."""
    raw = yaml.load(path.read_text(encoding="utf-8"), Loader=_AsWritten)
    if "INHERIT" in raw:
        return {**_as_written(path.parent / raw.pop("INHERIT")), **raw}
    return raw


def _roots(config) -> tuple[str, str]:
    """This language's site address in this build (site_url: $SITE_URL when set) and in the
    committed notebooks' links (made with mkdocs.yml's default site_url)."""
    raw = _as_written(Path(config.config_file_path))
    default = config.extra["languages"][0]["lang"]
    lang = config.extra["lang"]
    return config.site_url, raw["site_url"] + ("" if lang == default else f"{lang}/")


def on_page_content(html, page, config, files, **kwargs):
    if not page.file.src_uri.endswith(".ipynb"):
        return html
    page.meta["download"] = Path(page.file.abs_src_path).name
    _hosts(page, config, Path(page.file.abs_src_path))
    for pattern in _DROP:
        html = pattern.sub("", html)
    html = _CODE.sub(r'<div class="highlight"><pre><code>\1</code></pre></div>', html)
    # Notebooks link to the published pages and figures; inside the site, to the files next door.
    up = "../" * page.url.count("/")
    for root in sorted(set(_roots(config)), key=len, reverse=True):
        html = html.replace(f'href="{root}', f'href="{up}')
        html = html.replace(f'src="{root}', f'src="{up}')
    return _page_anchors(page, config, html)


_ANCHOR = re.compile(r"^#{2,6} .*\{\s*#([\w-]+)(?:\s+data-toc-label=\"[^\"]*\")?\s*\}\s*$", re.M)
_HEADING = re.compile(r'<h([1-6]) id="[^"]*">(.*?)(?:<a class="anchor-link" href="#[^"]*">¶</a>)?</h\1>', re.S)


def _page_anchors(page, config, html):
    """Give the notebook's headings the anchors of its teaching page.

    nbconvert derives heading ids from the text (empty or clashing for Chinese headings) and
    mkdocs-jupyter's table of contents uses MkDocs' slugs, which differ again. The notebook
    is made from the page, heading for heading, so the page's explicit anchors fit."""
    source = Path(config.docs_dir) / f"{Path(page.file.src_uri).stem}.md"
    anchors = iter([Path(page.file.src_uri).stem] + _ANCHOR.findall(source.read_text(encoding="utf-8")))
    used = []

    def rename(m):
        anchor = next(anchors, None)
        if anchor is None:
            raise ValueError(f"{page.file.src_uri} has more headings than {source}: remake it (pytest --update-outputs)")
        used.append(anchor)
        return f'<h{m.group(1)} id="{used[-1]}">{m.group(2)}<a class="headerlink" href="#{used[-1]}">¶</a></h{m.group(1)}>'

    html = _HEADING.sub(rename, html)
    ids = iter(used)

    def walk(items):
        for item in items:
            item.id = next(ids, item.id)
            walk(item.children)

    walk(page.toc)
    return html


def on_post_build(config, **kwargs):
    """A downloaded notebook links to the published pages and figures: where this build is
    published, when that is not the address the notebooks were made with."""
    built, written = _roots(config)
    if built == written:
        return  # the downloads stay byte for byte the committed notebooks
    for notebook in sorted(_notebook_dir(config).glob("*.ipynb")):
        download = Path(config.site_dir) / NOTEBOOKS / notebook.stem / notebook.name
        download.write_text(notebook.read_text(encoding="utf-8").replace(written, built), encoding="utf-8")
