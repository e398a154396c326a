"""Serve the built site as a host would and open it in headless Chromium.

The site is served on 127.0.0.1 under the path of its site_url (a GitHub Pages project
site lives under /<repository>/), with the root 404.html for missing paths, as such a
host does. Chromium is Debian's (/usr/bin/chromium): `playwright install` cannot
download a browser here.
"""

from __future__ import annotations

import functools
import os
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

from pages import SITE_URL

SITE_PATH = urlsplit(SITE_URL).path
OUT = Path(__file__).resolve().parent.parent / "test-output"  # screenshots and page weights
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"]


def chromium() -> str | None:
    for name in (os.environ.get("CHROMIUM"), "chromium", "chromium-browser"):
        if name and (found := shutil.which(name)):
            return found
    return None


class _Handler(SimpleHTTPRequestHandler):
    def translate_path(self, path):
        path = urlsplit(path).path
        if not path.startswith(SITE_PATH):
            return str(Path(self.directory) / "__outside_the_site__")
        return super().translate_path("/" + path[len(SITE_PATH):])

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


def serve(folder: Path):
    """Start serving `folder`; returns (server, base URL of the site)."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_port}{SITE_PATH}"


class Visit:
    """One page opened in a fresh browser context, with everything it asked for recorded."""

    def __init__(self, browser, url: str, scheme: str = "light", wait_until: str = "search"):
        self.context = browser.new_context(color_scheme=scheme, viewport={"width": 1280, "height": 900})
        self.context.set_default_timeout(10_000)
        self.page = self.context.new_page()
        self.requests: list[str] = []
        self.failures: list[str] = []
        self.errors: list[str] = []
        self.context.on("request", lambda r: self.requests.append(r.url))
        self.context.on("response", lambda r: r.status >= 400 and self.failures.append(f"{r.status} {r.url}"))
        self.page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        if wait_until == "load":
            self.page.goto(url, wait_until="load")
            return
        # The search worker fetches its index after the page has loaded; it counts in the weight.
        with self.page.expect_response(lambda r: r.url.endswith("/search/search_index.json")):
            self.page.goto(url, wait_until="load")

    def close(self):
        self.context.close()


def switch_to_dark(p, where):
    p.locator('form[data-md-component="palette"] label:not([hidden])').click()
    p.wait_for_function("document.body.dataset.mdColorScheme === 'slate'", timeout=5000)
