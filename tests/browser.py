"""Serve the built site as a host would and read it in headless Chromium.

The site is served on 127.0.0.1 under the path of the site_url it was built for (a
GitHub Pages project site lives under /<repository>/), with the root 404.html for
missing paths, as such a host does. Chromium is Debian's (chromium-headless-shell, or
chromium): `playwright install` cannot download a browser here.

One browser tab reads page after page (a fresh context per page costs more than the
page): every load is a new document, local storage is emptied before each one (so each
page starts in the scheme the reader's system asks for), and what each load requested,
failed or logged is recorded per load. Every context the tests open runs the tests' own
JavaScript (tests/js/*.js) in each page first: the functions under `checks`.
"""

from __future__ import annotations

import functools
import os
import shutil
import threading
from dataclasses import dataclass, field
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

OUT = Path(__file__).resolve().parent.parent / "test-output"  # screenshots and page weights
JS = Path(__file__).resolve().parent / "js"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]
SEARCH_INDEX = "/search/search_index.json"  # fetched once the reader focuses the search box


def chromium() -> str | None:
    # The headless shell first: the same engine without the full browser's UI layers, about
    # a tenth faster on these tests; the full browser works too.
    for name in (os.environ.get("CHROMIUM"), "chromium-headless-shell", "chromium", "chromium-browser"):
        if name and (found := shutil.which(name)):
            return found
    return None


@functools.cache
def checks_script() -> str:
    """tests/js/*.js as one script: each file adds its functions to `checks` (window.checks)."""
    files = "\n".join(f"// {f.name}\n{f.read_text(encoding='utf-8')}" for f in sorted(JS.glob("*.js")))
    return f"(() => {{\n'use strict';\nconst checks = window.checks = {{}};\n{files}\n}})();"


def new_context(browser, **options):
    """A browser context whose pages start with local storage emptied (each page in the
    scheme the reader's system asks for) and the tests' functions defined."""
    context = browser.new_context(**options)
    context.add_init_script("try { localStorage.clear() } catch (e) {}")
    context.add_init_script(checks_script())
    return context


class _Handler(SimpleHTTPRequestHandler):
    site_path = "/"

    def translate_path(self, path):
        path = urlsplit(path).path
        if not path.startswith(self.site_path):
            return str(Path(self.directory) / "__outside_the_site__")
        return super().translate_path("/" + path[len(self.site_path):])

    def send_error(self, code, message=None, explain=None):
        page = Path(self.directory) / "404.html"
        if code != 404 or not page.exists():
            return super().send_error(code, message, explain)
        body = page.read_bytes()
        self.send_response(404)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def serve(folder: Path, site_path: str):
    """Serve `folder` under `site_path` (/x/y/); returns (server, base URL of the site)."""
    handler = type("Handler", (_Handler,), {"site_path": site_path})
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}{site_path}"


@dataclass
class Load:
    """What one page load asked for, and what went wrong during it."""

    url: str = ""
    requests: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def files(self, site: Path, site_url: str) -> set[Path]:
        """The built files the server answered this load's requests with."""
        return {local_file(site, site_url, url) for url in self.requests} - {None}

    def outside(self, site_url: str) -> list[str]:
        """Requests for anything not on the site's own host."""
        origin = "{0.scheme}://{0.netloc}/".format(urlsplit(site_url))
        return [r for r in self.requests if not r.startswith((origin, "data:", "blob:"))]


def local_file(site: Path, site_url: str, url: str) -> Path | None:
    """The built file a request for `url` is answered with (None: not the site's)."""
    if not url.startswith(site_url):
        return None
    path = site / unquote(urlsplit(url).path[len(urlsplit(site_url).path):])
    return path / "index.html" if path.is_dir() else path


class Reader:
    """One tab, reused page after page."""

    def __init__(self, browser, scheme: str = "light"):
        self.context = new_context(browser, color_scheme=scheme, viewport={"width": 1280, "height": 900})
        self.context.set_default_timeout(10_000)
        self.page = self.context.new_page()
        self.load = Load()
        self.context.on("request", lambda r: self.load.requests.append(r.url))
        self.context.on("response", lambda r: r.status >= 400 and self.load.failures.append(f"{r.status} {r.url}"))
        self.page.on("console", lambda m: m.type == "error" and self.load.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.load.errors.append(str(e)))

    def open(self, url: str | None = None, click=None, as_reader: bool = True) -> Load:
        """Go to `url`, or follow the link `click` (a locator): clicked as a reader does
        (Playwright waits until it is visible and still), or else at once, as a script would
        (only the link is tested); wait until the page has loaded."""
        self.load = Load()
        if url is not None:
            self.page.goto(url, wait_until="load")
        else:
            with self.page.expect_navigation(wait_until="load"):
                click.click() if as_reader else click.dispatch_event("click")
        self.load.url = self.page.url
        return self.load

    def close(self):
        self.context.close()


_TOGGLE = 'form[data-md-component="palette"] label:not([hidden])'


def switch_to_dark(p, as_reader: bool = True):
    """Material's own scheme toggle: clicked as a reader does (Playwright waits until it is
    visible and still), or else at once, as a script would (only the toggle is tested: its
    handler switches the scheme before the click returns, so nothing is waited for)."""
    if as_reader:
        p.locator(_TOGGLE).click()
        p.wait_for_function("document.body.dataset.mdColorScheme === 'slate'", timeout=5000)
        return
    scheme = p.evaluate("toggle => { document.querySelector(toggle).click(); return document.body.dataset.mdColorScheme; }", _TOGGLE)
    assert scheme == "slate", f"{p.url}: Material's toggle switched to {scheme!r}, not the dark scheme"


def assert_focus_ring(p, what: str):
    """What has the keyboard focus shows a ring a reader sees (WCAG 2.4.7, and 2.4.13's
    measure of it): the browser's own ring (outline-style auto: Chromium draws it in two
    tones, one of which stands out on any background), or an outline at least 2 px wide at
    3:1 or more against what lies behind it (tests/js/focus.js measures it)."""
    ring = p.evaluate("checks.focusRing()")
    seen = ring["style"] == "auto" or (ring["style"] != "none" and ring["width"] >= 2 and ring["ratio"] >= 3)
    assert seen, f"{what}: focus ring {ring}"
