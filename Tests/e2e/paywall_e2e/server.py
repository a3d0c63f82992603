"""The quiet static server on a free loopback port: a site as a web server would serve it (folders by their
index.html), also below the path of its baseURL, without a log line per request."""

import functools
import http.server
import re
import threading
import urllib.parse


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site as a web server would (folders by their index.html), without a log line per request; also
    below the path of the site's baseURL (`prefix`), where the 404 pages' root-relative links point."""
    prefix = "/"

    def translate_path(self, path):
        if self.prefix != "/" and path.startswith(self.prefix):
            path = path[len(self.prefix) - 1:]
        return super().translate_path(path)

    def log_message(self, format, *args):
        pass


def base_path(root):
    """The path of the site's baseURL, from the root page's canonical link ("/" without one)."""
    index = root / "index.html"
    found = (re.search(r'<link rel="canonical" href="([^"]+)"', index.read_text(encoding="utf-8"))
             if index.is_file() else None)
    path = urllib.parse.urlsplit(found.group(1)).path if found else "/"
    return path if path.endswith("/") else path + "/"


def serve(root, handler=QuietHandler):
    """An HTTP server on a free loopback port for the folder `root` (a pathlib.Path), so folder links and redirects
    resolve as deployed; `handler`: a QuietHandler that answers some requests its own way (a stub checkout, a host's
    headers). Stop it with .shutdown()."""
    handler = type("SiteHandler", (handler,), {"prefix": base_path(root)})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def base_url(server):
    """http://127.0.0.1:PORT/ of a server that serve() started."""
    return f"http://127.0.0.1:{server.server_address[1]}/"
