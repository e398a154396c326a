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
WEIGHTS: dict[str, int] = {}  # page -> bytes of its first load, reported at the end of the run
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
