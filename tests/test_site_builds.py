"""The built site: strict build, every page and notebook rendered in its own language,
one search index per language, and nothing loaded from another host."""

import json
import re
from html import unescape

import pytest

from pages import DOCS, EXAMPLES, LANGUAGES, SITE_URL, html_lang, lang_prefix, published_path, rel
from site_build import TEST_SITE_URL


def lang_root(site, lang):
    return site / lang_prefix(lang)


def html_of(site, lang, source: str) -> str:
    """The built HTML of docs/<lang>/<source> (x.md or examples/x.ipynb)."""
    out = site / published_path(lang, source) / "index.html"
    assert out.exists(), f"{source} ({lang}) was not built: no {out}"
    return out.read_text(encoding="utf-8")


def test_strict_build_has_no_warnings(built_site):
    _, log = built_site
    assert not re.search(r"^(WARNING|ERROR)", log, re.M), log


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_page_is_built_in_its_language_at_its_address(built_site, lang):
    site, _ = built_site
    for page in sorted((DOCS / lang).rglob("*.md")):
        source = str(page.relative_to(DOCS / lang))
        html = html_of(site, lang, source)
        assert f'<html lang="{html_lang(lang)}"' in html, f"{rel(page)} is not marked as {html_lang(lang)}"
        # Built for SITE_URL (as the workflow passes the Pages address), not mkdocs.yml's default.
        canonical = f'<link rel="canonical" href="{TEST_SITE_URL}{published_path(lang, source)}">'
        assert canonical in html, f"{rel(page)}: no {canonical}"
    sitemap = (lang_root(site, lang) / "sitemap.xml").read_text(encoding="utf-8")
    assert f"<loc>{TEST_SITE_URL}{lang_prefix(lang)}" in sitemap and SITE_URL not in sitemap, "sitemap addresses"


NOTEBOOKS = sorted(EXAMPLES.glob("*/*.ipynb"))


@pytest.mark.parametrize("notebook", NOTEBOOKS, ids=rel)
def test_every_notebook_is_a_rendered_page(built_site, notebook):
    site, _ = built_site
    lang = notebook.parent.name
    html = html_of(site, lang, f"examples/{notebook.name}")
    assert f'<html lang="{html_lang(lang)}"' in html
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    # mkdocs-jupyter silently copies raw JSON when it does not render a notebook
    for i, cell in enumerate(cells):
        assert f'id="cell-id={cell["id"]}"' in html, f"{rel(notebook)}: cell {i} was not rendered"
        for output in cell.get("outputs", []):
            shown = output["text"] if output["output_type"] == "stream" else output.get("traceback", [])
            for line in "".join(shown).splitlines():
                escaped = line.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                assert escaped in html, f"{rel(notebook)}: output of cell {i} missing from the page: {line!r}"
    # The download links to the pages where this build is published (see site_build.py).
    download = lang_root(site, lang) / "examples" / notebook.stem / notebook.name
    published = notebook.read_text(encoding="utf-8").replace(SITE_URL, TEST_SITE_URL)
    assert download.read_text(encoding="utf-8") == published, f"{rel(notebook)} is not downloadable next to its page"
    assert f'href="{notebook.name}" download' in html, f"{rel(notebook)}: no download button"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_teaching_pages_link_their_notebook_colab_and_kaggle(built_site, lang):
    """Each page with a notebook links it four ways: its page on the site, Colab and Kaggle
    (the file committed in the deploying repository, on its branch) and the .ipynb; the
    notebook's own page links Colab, Kaggle and the .ipynb. On the Chinese site a note says
    that Colab and Kaggle may be out of reach in mainland China, beside the download, with
    commands that run the notebook locally (PyTorch from its CPU index, the rest from a
    domestic package mirror)."""
    from site_build import TEST_REPO_BRANCH, TEST_REPO_URL

    site, _ = built_site
    owner_repo = TEST_REPO_URL.removeprefix("https://github.com/")
    for notebook in sorted((EXAMPLES / lang).glob("*.ipynb")):
        file = f"{owner_repo}/blob/{TEST_REPO_BRANCH}/examples/{lang}/{notebook.name}"
        colab = f'href="https://colab.research.google.com/github/{file}"'
        kaggle = f'href="https://kaggle.com/kernels/welcome?src=https://github.com/{file}"'
        html = html_of(site, lang, f"{notebook.stem}.md")
        notebook_page = html_of(site, lang, f"examples/{notebook.stem}.ipynb")
        where = f"{notebook.stem} ({lang})"
        assert f'href="../examples/{notebook.stem}/"' in html, f"{where} does not link its notebook"
        assert colab in html, f"{where} has no Open in Colab link to examples/{lang}/{notebook.name} of the deploying repository"
        assert kaggle in html, f"{where} has no Open in Kaggle link to examples/{lang}/{notebook.name} of the deploying repository"
        assert f'href="../examples/{notebook.stem}/{notebook.name}" download' in html, f"{where}: no .ipynb download"
        assert colab in notebook_page, f"{where}: the notebook page has no Colab link"
        assert kaggle in notebook_page, f"{where}: the notebook page has no Kaggle link"
        assert ("中国大陆" in html) == (lang == "zh"), f"{where}: the note on Colab in mainland China belongs on Chinese pages only"
        for shown in (html, notebook_page):
            commands = [unescape(c) for c in re.findall(r'<code class="notebook-links__command">(.*?)</code>', shown)]
            if lang == "zh":
                assert_local_commands(where, notebook, commands)
            else:
                assert not commands, f"{where}: local commands belong on Chinese pages only"


def assert_local_commands(where: str, notebook, commands: list[str]) -> None:
    """Three commands: pip install torch at requirements.txt's version from PyTorch's CPU
    index (PyPI's torch is the CUDA build on Linux); pip install, from an https mirror, numpy
    at requirements.txt's version, whatever else the notebook's first cell pins (at its
    version) and JupyterLab; then open the downloaded file in JupyterLab."""
    import shlex

    from notebook_files import pinned

    assert len(commands) == 3, f"{where}: {len(commands)} local commands beside the download, not 3: {commands}"
    torch, install, run = (shlex.split(c) for c in commands)
    pins = pinned()
    want_torch = ["pip", "install", f"torch=={pins['torch']}", "--index-url", "https://download.pytorch.org/whl/cpu"]
    assert torch == want_torch, f"{where}: PyTorch is not installed from its CPU index: {commands[0]}"
    assert install[:2] == ["pip", "install"] and install[-2] == "-i", f"{where}: not `pip install ... -i MIRROR`: {commands[1]}"
    assert re.fullmatch(r"https://[\w.-]+\.cn/[\w/-]*", install[-1]), f"{where}: the mirror is not a domestic https address: {install[-1]}"
    packages = install[2:-2]
    first_cell = "".join(next(c for c in json.loads(notebook.read_text(encoding="utf-8"))["cells"] if c["cell_type"] == "code")["source"])
    want = [f"numpy=={pins['numpy']}", *re.findall(r'"([\w.-]+==[\w.]+)"', first_cell), "jupyterlab"]
    assert packages == want, f"{where}: installs {packages}, not {want}"
    assert run == ["jupyter", "lab", notebook.name], f"{where}: the last command does not open {notebook.name}: {commands[2]}"


_CJK = re.compile(r"[\u4e00-\u9fff]")
_BREAK_AT_PUNCTUATION = re.compile("..\u200b[。，、；：？！）》」』】”’…]|[（《「『【“‘]\u200b..")


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_language_has_its_own_search_index(built_site, lang):
    """A reader searching in one language must only find pages in that language."""
    site, _ = built_site
    index = json.loads((lang_root(site, lang) / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["lang"] == [lang]
    others = tuple(f"{other}/" for other in LANGUAGES[1:] if other != lang)
    leaked = [d["location"] for d in index["docs"] if d["location"].startswith(others)]
    assert not leaked, f"the {lang} index holds pages of another language: {leaked[:5]}"
    # Each page's own entry (not its sections) must be written in the index's language.
    pages = [d for d in index["docs"] if "#" not in d["location"]]
    wrong = [d["location"] or "/" for d in pages if bool(_CJK.search(d["title"] + d["text"])) != (lang == "zh")]
    assert not wrong, f"the {lang} index holds pages in another language: {wrong}"
    # A word break (U+200B) is where a result's snippet may wrap: never before 。，） or after （.
    bad = [
        f"{d['location']}: …{m.group(0)}…"
        for d in index["docs"]
        for m in _BREAK_AT_PUNCTUATION.finditer(d["title"] + " " + d["text"])
    ]
    assert not bad, f"the {lang} index breaks lines at punctuation ({len(bad)} places), e.g. {bad[:3]}"


# Attributes and CSS that make a browser fetch something on page load.
_LOADS = re.compile(
    r"<(?:script|img|iframe|source|audio|video)\b[^>]*\bsrc=\"(https?:)?//[^\"]+\""
    r"|<link\b[^>]*\brel=\"(?:stylesheet|preload|preconnect|icon|manifest|modulepreload)\"[^>]*\bhref=\"(?:https?:)?//[^\"]+\""
    r"|<link\b[^>]*\bhref=\"(?:https?:)?//[^\"]+\"[^>]*\brel=\"(?:stylesheet|preload|preconnect|icon|manifest|modulepreload)\""
    r"|url\(\s*['\"]?(?:https?:)?//"
    r"|@import\s+['\"](?:https?:)?//",
    re.I,
)


def test_nothing_is_loaded_from_another_host(built_site):
    site, _ = built_site
    found = []
    for path in sorted(site.rglob("*")):
        if path.suffix in {".html", ".css"}:
            for m in _LOADS.finditer(path.read_text(encoding="utf-8", errors="replace")):
                found.append(f"{path.relative_to(site)}: {m.group(0)[:120]}")
    assert not found, "the site would load these from other hosts:\n" + "\n".join(found)


def test_a_translation_behind_its_english_page_says_so(built_site):
    """The notice shows on exactly the translated pages whose record is behind."""
    import page as page_format
    from pages import counterpart

    site, _ = built_site
    wrong = []
    for lang in LANGUAGES[1:]:
        for page in sorted((DOCS / lang).rglob("*.md")):
            english = page_format.read(counterpart(page, LANGUAGES[0]))
            behind = str(page_format.read(page).front_matter.get("translates")) != english.fingerprint()
            html = html_of(site, lang, str(page.relative_to(DOCS / lang)))
            notice = 'class="admonition warning translation-behind"' in html
            if behind != notice:
                wrong.append(f"{rel(page)}: {'behind' if behind else 'up to date'}, but the notice is {'shown' if notice else 'missing'}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_shown_output_is_marked_as_output(built_site, lang):
    """Each expected output of a page (quiz options aside: the quiz hook draws those) is drawn
    as an output, labelled and without a copy button, and a raised error as an error.
    docs/hooks/outputs.py finds them by the markers Markdown keeps as comments; a fence run
    into its paragraph (no blank line) loses them, as twelve on one page once did."""
    from pages import blocks

    site, _ = built_site
    wrong = []
    for page in sorted((DOCS / lang).glob("*.md")):
        outputs = [b for b in blocks(page) if b.expected is not None and not {"quiz", "wrong"} & b.markers.keys()]
        html = html_of(site, lang, page.name)
        drawn, errors = html.count('<div class="output '), html.count('<div class="output output--error ')
        if (drawn, errors) != (len(outputs), sum(b.raises for b in outputs)):
            wrong.append(f"{rel(page)}: {len(outputs)} outputs written ({sum(b.raises for b in outputs)} errors), "
                         f"{drawn} drawn as outputs ({errors} as errors)")
    assert not wrong, "outputs not drawn as outputs (a fence needs a blank line before and after it):\n" + "\n".join(wrong)
