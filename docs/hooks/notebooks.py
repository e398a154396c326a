"""The notebooks on the site: each teaching page links its notebook, and each notebook is a
page of its own, drawn by mkdocs-jupyter.

Notebooks live in examples/<lang>/ (downloads in their own right, opened by Colab and Kaggle
from there); docs/<lang>/examples is a link to that folder, so MkDocs finds each
examples/<lang>/<name>.ipynb as the page examples/<name>/ and mkdocs-jupyter renders it, as
its maintainers advise for notebooks kept outside docs_dir (danielfrg/mkdocs-jupyter#98).
It renders with this site's nbconvert template (docs/jupyter/, see `on_config`).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import yaml

import page as page_format

NOTEBOOKS = "examples"
# The repository (not the config file's folder: a language's config may live elsewhere)
ROOT = Path(__file__).resolve().parents[2]
# nbconvert's template of the notebook pages, under the name mkdocs-jupyter asks for
TEMPLATES = ROOT / "docs" / "jupyter"
TEMPLATE = TEMPLATES / "nbconvert" / "templates" / "mkdocs_html" / "notebook.html.j2"


def on_config(config, **kwargs):
    _check_notebooks_linked(config)
    _use_template()
    return config


def _notebook_dir(config) -> Path:
    return ROOT / NOTEBOOKS / config.extra["lang"]


def _check_notebooks_linked(config) -> None:
    """docs/<lang>/examples must be the link to examples/<lang>/: without it (a checkout
    without symbolic links) the site would build without a single notebook."""
    linked = Path(config.docs_dir) / NOTEBOOKS
    if linked.resolve() != _notebook_dir(config).resolve():
        raise ValueError(
            f"{linked} is not a link to {_notebook_dir(config)}: the notebooks would be missing from the site "
            f"(check out with symbolic links, e.g. git config core.symlinks true; see README, Workarounds kept)"
        )


def _use_template() -> None:
    """Put docs/jupyter/ first on the Jupyter data path, where nbconvert looks for templates
    before mkdocs-jupyter's own folder: mkdocs-jupyter has no option for its template
    (danielfrg/mkdocs-jupyter#178), and this one draws the notebook with the site's styles."""
    paths = [p for p in os.environ.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    if str(TEMPLATES) not in paths:
        os.environ["JUPYTER_PATH"] = os.pathsep.join([str(TEMPLATES), *paths])


# --- Teaching pages: the links to their notebook ----------------------------------------


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
    it) the commands that run it locally from a package mirror."""
    page.meta["colab"] = colab_url(config, notebook)
    page.meta["kaggle"] = kaggle_url(config, notebook)
    if config.extra.get("local_mirror"):
        page.meta["local_commands"] = local_commands(config, notebook)


_GITHUB = re.compile(r"https://github\.com/([\w.-]+)/([\w.-]+?)(?:\.git)?/?")


def _github_file(config, notebook: Path) -> str:
    """owner/repo/blob/branch/examples/<lang>/<name>.ipynb of the deploying repository."""
    m = _GITHUB.fullmatch(config.repo_url or "")
    if m is None:
        raise ValueError(f"repo_url {config.repo_url!r} is not a GitHub repository; the Open in Colab and Kaggle links need one")
    return f"{m.group(1)}/{m.group(2)}/blob/{config.extra['repo_branch']}/{NOTEBOOKS}/{config.extra['lang']}/{notebook.name}"


def colab_url(config, notebook: Path) -> str:
    """Colab opens a notebook straight from a GitHub repository: the committed file of this
    language on the deployed branch (repo_url and extra.repo_branch, set by the deploy)."""
    return f"https://colab.research.google.com/github/{_github_file(config, notebook)}"


def kaggle_url(config, notebook: Path) -> str:
    """Kaggle opens a notebook from its GitHub address (the same file Colab opens)."""
    return f"https://kaggle.com/kernels/welcome?src=https://github.com/{_github_file(config, notebook)}"


_PIN = re.compile(r'"([A-Za-z0-9_.-]+==[\w.]+)"')
# PyTorch's own index of CPU-only builds: from PyPI or its mirrors, pip installs the CUDA
# build on Linux (some gigabytes of CUDA libraries the pages never use).
TORCH_CPU_INDEX = "https://download.pytorch.org/whl/cpu"


def local_commands(config, notebook: Path) -> list[str]:
    """Three commands for a reader who downloaded the notebook: PyTorch (requirements.txt's
    version) from PyTorch's CPU index; numpy (requirements.txt's version), the pins of the
    notebook's first cell and JupyterLab from the package mirror of extra.local_mirror; then
    open it."""
    pins = {}
    for line in (ROOT / "requirements.txt").read_text(encoding="utf-8").splitlines():
        if m := re.fullmatch(r"([A-Za-z0-9_.-]+)==(\S+)", line.split("#")[0].strip()):
            pins[m.group(1).lower()] = m.group(0)
    first = next(c for c in json.loads(notebook.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code")
    packages = [pins["numpy"], *_PIN.findall("".join(first["source"])), "jupyterlab"]
    return [
        f"pip install {pins['torch']} --index-url {TORCH_CPU_INDEX}",
        f"pip install {' '.join(packages)} -i {config.extra['local_mirror']}",
        f"jupyter lab {notebook.name}",
    ]


# --- Notebook pages ------------------------------------------------------------------------


def on_page_content(html, page, config, files, **kwargs):
    if not page.file.src_uri.endswith(".ipynb"):
        return html
    page.meta["download"] = Path(page.file.abs_src_path).name
    _hosts(page, config, Path(page.file.abs_src_path))
    html = _without_trailing_style(page, html)
    _check_template(page, html)
    return _page_anchors(page, config, _links_next_door(page, config, html))


# mkdocs-jupyter appends the Pygments CSS of its own template (for .highlight-ipynb, which
# this site's template does not draw, and a bare `pre { line-height: 125% }`) after whatever
# the template made, as a printed Python list: mkdocs_jupyter/nbconvert2.py, nb2html.
_TRAILING_STYLE = re.compile(r"\s*<style>\s*\[.*\]\s*</style>\s*\Z", re.S)


def _without_trailing_style(page, html: str) -> str:
    html, found = _TRAILING_STYLE.subn("", html)
    if not found:
        raise ValueError(
            f"{page.file.src_uri}: mkdocs-jupyter no longer appends its <style>[...]</style> to a notebook; "
            "see README, Workarounds kept (mkdocs-jupyter's CSS after the template)"
        )
    return html


_MATERIAL_CODE = '<div class="highlight"><pre><span></span><code>'


def _check_template(page, html: str) -> None:
    """The page was drawn by docs/jupyter's template, not mkdocs-jupyter's own, and each
    code cell as Material's code block (the template rewrites Pygments' opening tags)."""
    where = TEMPLATE.relative_to(ROOT)
    if not html.lstrip().startswith('<div class="jupyter-wrapper">') or re.search(r"<(style|script)\b|clipboard-copy", html):
        raise ValueError(
            f"{page.file.src_uri} was not drawn by {where}: mkdocs-jupyter or nbconvert no longer finds a "
            "template by the name mkdocs_html/notebook.html.j2 on the Jupyter data path; see README, "
            "Workarounds kept (the notebook template)"
        )
    if html.count(_MATERIAL_CODE) != html.count("jp-CodeCell"):
        raise ValueError(f"{page.file.src_uri}: code cells not drawn as {_MATERIAL_CODE}...: Pygments' HTML changed (see {where})")


class _AsWritten(yaml.SafeLoader):
    """mkdocs.yml as written: `!ENV [NAME, default]` is its default, whatever the environment."""


_AsWritten.add_constructor("!ENV", lambda loader, node: loader.construct_sequence(node)[-1])


def _roots(config) -> tuple[str, str]:
    """This language's site address in this build (site_url: $SITE_URL when set) and in the
    committed notebooks' links (made with the default site_url of the top-level mkdocs.yml)."""
    raw = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_AsWritten)
    default = config.extra["languages"][0]["lang"]
    lang = config.extra["lang"]
    return config.site_url, raw["site_url"] + ("" if lang == default else f"{lang}/")


def _links_next_door(page, config, html: str) -> str:
    """Notebooks link to the published pages and figures; inside the site, to the files next door."""
    up = "../" * page.url.count("/")
    for root in sorted(set(_roots(config)), key=len, reverse=True):
        html = html.replace(f'href="{root}', f'href="{up}')
        html = html.replace(f'src="{root}', f'src="{up}')
    return html


_HEADING = re.compile(r'<h([1-6]) id="[^"]*">(.*?)<a class="anchor-link" href="#[^"]*">¶</a></h\1>', re.S)


def _page_anchors(page, config, html: str) -> str:
    """Give the notebook's headings, and its table of contents, the anchors of its teaching page.

    mkdocs-jupyter keeps only the ASCII letters of a heading for its id, and its table of
    contents uses Python-Markdown's slugs: a Chinese heading gets id="" and a contents link
    to "#_1". The notebook is made from the page, heading for heading, so the page's
    explicit anchors fit (and the ¶ link is Material's, as on every other page)."""
    source = Path(config.docs_dir) / f"{Path(page.file.src_uri).stem}.md"
    sections = [h.anchor for h in page_format.read(source).headings]
    stem = Path(page.file.src_uri).stem  # the title's id; a section may already hold it
    anchors = [stem if stem not in sections else f"{stem}-notebook"] + sections
    headings = _HEADING.findall(html)
    toc = list(_walk(page.toc))
    if len(headings) != len(anchors) or len(toc) != len(anchors):
        raise ValueError(
            f"{page.file.src_uri}: {len(headings)} headings drawn and {len(toc)} in its contents, for "
            f"{len(anchors)} in {source.name} and its title: remake the notebook (python docs/make.py), "
            "or mkdocs-jupyter draws headings differently now (README, Workarounds kept)"
        )
    ids = iter(anchors)

    def rename(m):
        anchor = next(ids)
        return f'<h{m.group(1)} id="{anchor}">{m.group(2)}<a class="headerlink" href="#{anchor}">¶</a></h{m.group(1)}>'

    for item, anchor in zip(toc, anchors):
        item.id = anchor
    return _HEADING.sub(rename, html)


def _walk(items):
    for item in items:
        yield item
        yield from _walk(item.children)


def on_post_build(config, **kwargs):
    """A downloaded notebook links to the published pages and figures: where this build is
    published, when that is not the address the notebooks were made with."""
    built, written = _roots(config)
    if built == written:
        return  # the downloads stay byte for byte the committed notebooks
    for notebook in sorted(_notebook_dir(config).glob("*.ipynb")):
        download = Path(config.site_dir) / NOTEBOOKS / notebook.stem / notebook.name
        download.write_text(notebook.read_text(encoding="utf-8").replace(written, built), encoding="utf-8")
