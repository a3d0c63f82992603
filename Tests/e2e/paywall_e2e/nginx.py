"""The printed nginx block on a real nginx: Debian's nginx-light (scripts/install-test-deps.sh installs it),
started by this test in a temporary prefix, listening on 127.0.0.1 only, on a free port, stopped at the end.
It serves the example site (with static/ files added) built by the binary, and the test checks what a
visitor gets: `/` and locale-less pages redirected by Accept-Language (a language the site has, one it lacks,
a region variant), the headers on pages, the content-named stylesheet cached for ever, the theme's 404 page
(localized) for missing paths, no folder listing, the universal-links file as JSON, the manifest not served;
and nginx_hostile's cases: the Accept-Language table serve answers alike, the manifest by other spellings,
the issue's probe baseURL refused, `nginx -t` on blocks with quoted and converted values.
Usage: python3 -m paywall_e2e.nginx PAYWALL_BINARY. Prints one line per test and `N passed, M failed` last."""
import glob
import grp
import http.client
import json
import os
import pwd
import re
import shutil
import signal
import socket
import subprocess
import sys
import time

from . import nginx_hostile
from .report import Report
from .workspace import copy_example, run, temporary

AASA = {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.birdsong"],
                                   "components": [{"/": "/subscribe/open/*"}]}]}}
DEADLINE = time.monotonic() + 60     # the whole test, nginx's start and stop included


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def nginx_binary():
    return shutil.which("nginx") or next((p for p in ("/usr/sbin/nginx", "/sbin/nginx") if os.access(p, os.X_OK)), None)


def worker_user():
    """As root, nginx's workers drop to an unprivileged user; None when not root (workers run as us)."""
    if os.geteuid() != 0:
        return None
    for name in ("www-data", "nobody"):
        try:
            user = pwd.getpwnam(name)
        except KeyError:
            continue
        group = next((g for g in (name, "nogroup") if _has_group(g)), grp.getgrgid(user.pw_gid).gr_name)
        return f"{name} {group}"
    return None


def _has_group(name):
    try:
        grp.getgrnam(name)
        return True
    except KeyError:
        return False


def get(port, path, language=None):
    """One GET without following redirects: (status, headers by lower-case name, body text)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    headers = {"Host": "birdsong.example.com"}
    if language is not None:
        headers["Accept-Language"] = language
    connection.request("GET", path, headers=headers)
    response = connection.getresponse()
    body = response.read().decode("utf-8", "replace")
    connection.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def main():
    binary = os.path.abspath(sys.argv[1])
    report = Report()
    nginx = nginx_binary()
    if nginx is None:
        report.check("nginx is installed (scripts/install-test-deps.sh installs nginx-light)", False,
                     "no nginx on PATH or in /usr/sbin")
        return report.summary()
    with temporary("paywall-nginx-") as work:
        return serve_and_check(report, binary, nginx, str(work))


def serve_and_check(report, binary, nginx, work):
    """Builds the example site in `work`, starts nginx on the printed block there, checks what a visitor gets."""
    os.chmod(work, 0o755)  # nginx's workers (another user when started as root) read the output below it
    server = None
    try:
        site = os.path.join(work, "site")
        os.makedirs(os.path.join(site, "static", ".well-known"))
        copy_example(site)
        with open(os.path.join(site, "static", ".well-known", "apple-app-site-association"), "w") as f:
            json.dump(AASA, f)
        with open(os.path.join(site, "static", "robots.txt"), "w") as f:
            f.write("User-agent: *\nAllow: /\n")
        output = os.path.join(work, "public")
        build = run(binary, "build", site, "-o", output, "--quiet", timeout=60)
        report.check("the example site with static/ files builds", build.returncode == 0, build.stderr)
        for folder, _, _ in os.walk(work):
            os.chmod(folder, 0o755)

        port = free_port()
        printed = run(binary, "hosting", "nginx", site, "-o", output, "--host", "127.0.0.1", "--port", port,
                      timeout=60)
        report.check("paywall hosting nginx prints a block", printed.returncode == 0 and "server {" in printed.stdout,
                     printed.stderr)
        with open(os.path.join(work, "paywall.conf"), "w") as f:
            f.write(printed.stdout)
        user = worker_user()
        os.makedirs(os.path.join(work, "nginx-temp"), mode=0o777)
        with open(os.path.join(work, "nginx.conf"), "w") as f:
            f.write(nginx_conf(work, os.path.join(work, "paywall.conf"), user))
        test = subprocess.run(nginx_command(nginx, work, "nginx.conf", "-t"), capture_output=True, text=True,
                              timeout=20)
        report.check("nginx accepts the printed block", test.returncode == 0, test.stderr)
        server = subprocess.Popen(nginx_command(nginx, work, "nginx.conf"),
                                  stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        ready = False
        start_by = min(DEADLINE, time.monotonic() + 10)
        while time.monotonic() < start_by and server.poll() is None:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                    ready = True
                    break
            except OSError:
                time.sleep(0.1)
        report.check(f"nginx listens on 127.0.0.1:{port}", ready,
                     server.stderr.read() if server.poll() is not None else "timed out")
        if not ready:
            return report.summary()

        # / and locale-less pages: a language the site has, one it lacks, a region variant, none.
        for path, language, expected in [
            ("/subscribe/", "de-DE,de;q=0.9,en;q=0.8", "/subscribe/de-DE/membership/"),
            ("/subscribe/", "ja", "/subscribe/ja-JP/membership/"),
            ("/subscribe/", "pt-BR,pt;q=0.9", "/subscribe/en-US/membership/"),
            ("/subscribe/", "fr-CA", "/subscribe/fr-FR/membership/"),
            ("/subscribe/", None, "/subscribe/en-US/membership/"),
            ("/subscribe/plus/", "ar-EG,ar;q=0.8", "/subscribe/ar-SA/plus/"),
            ("/subscribe/plus/", "es-ES, de-AT;q=0.5", "/subscribe/de-DE/plus/"),
            ("/subscribe/membership/", "sv", "/subscribe/en-US/membership/"),
        ]:
            status, headers, _ = get(port, path, language)
            report.check(f"{path} with Accept-Language {language!r} redirects to {expected}",
                         status == 302 and headers.get("location") == expected
                         and headers.get("vary") == "Accept-Language",
                         (status, headers.get("location"), headers.get("vary")))
            status, _, _ = get(port, expected)
            report.check(f"{expected} is a page", status == 200, status)

        # Each locale's own address opens its home page, the query kept (carry needs it); the file behind it too.
        status, headers, _ = get(port, "/subscribe/ja-JP/?app_user_id=u-42")
        report.check("/subscribe/ja-JP/?app_user_id=u-42 redirects to the locale's home page, query kept",
                     status == 302 and headers.get("location") == "/subscribe/ja-JP/membership/?app_user_id=u-42",
                     (status, headers.get("location")))
        status, _, body = get(port, "/subscribe/ja-JP/index.html")
        report.check("ja-JP/index.html is the locale's home in Japanese, redirecting to its page",
                     status == 200 and '<html lang="ja-JP"' in body and 'url=membership/"' in body, (status, body[:300]))
        status, headers, body = get(port, "/subscribe/sitemap.xml")
        locs = re.findall(r"<loc>([^<]+)</loc>", body)
        report.check("sitemap.xml lists each store page in each locale (2 x 5) with absolute URLs",
                     status == 200 and "xml" in headers.get("content-type", "") and len(locs) == 10
                     and all(loc.startswith("https://birdsong.example.com/subscribe/") for loc in locs),
                     (status, headers.get("content-type"), locs))
        for loc in locs:
            path = loc.removeprefix("https://birdsong.example.com")
            status, _, body = get(port, path)
            report.check(f"{path} (in the sitemap) is a page without noindex",
                         status == 200 and "noindex" not in body, status)
        status, _, body = get(port, "/subscribe/robots.txt")
        report.check("static/robots.txt is served instead of paywall's", body == "User-agent: *\nAllow: /\n", body)

        status, headers, body = get(port, "/subscribe/de-DE/membership/")
        policy = headers.get("content-security-policy", "")
        report.check("a page carries the CSP as a header, with frame-ancestors 'none'",
                     status == 200 and "default-src 'none'" in policy and "frame-ancestors 'none'" in policy, policy)
        report.check("a page carries nosniff and the referrer policy",
                     headers.get("x-content-type-options") == "nosniff"
                     and headers.get("referrer-policy") == "strict-origin-when-cross-origin", headers)
        report.check("a page is revalidated (Cache-Control: no-cache)", headers.get("cache-control") == "no-cache",
                     headers.get("cache-control"))
        report.check("a page is UTF-8 HTML", headers.get("content-type", "").startswith("text/html")
                     and "charset=utf-8" in headers.get("content-type", ""), headers.get("content-type"))

        stylesheets = glob.glob(os.path.join(output, "assets", "paywall.*.css"))
        report.check("the build has one content-named stylesheet", len(stylesheets) == 1, stylesheets)
        if stylesheets:
            status, headers, _ = get(port, "/subscribe/assets/" + os.path.basename(stylesheets[0]))
            report.check("the hashed stylesheet is cached for a year, immutable",
                         status == 200 and headers.get("cache-control") == "public, max-age=31536000, immutable",
                         (status, headers.get("cache-control")))
        status, headers, _ = get(port, "/subscribe/assets/icon.svg")
        report.check("an asset without a hash is not cached for ever",
                     status == 200 and "immutable" not in headers.get("cache-control", ""), headers)

        status, headers, body = get(port, "/subscribe/de-DE/gibt-es-nicht/")
        report.check("a missing path in a locale is a 404 with that locale's themed page",
                     status == 404 and "<title>Seite nicht gefunden</title>" in body
                     and 'href="/subscribe/assets/paywall.' in body, (status, body[:200]))
        report.check("the 404 page carries the headers", headers.get("x-content-type-options") == "nosniff"
                     and "frame-ancestors" in headers.get("content-security-policy", ""), headers)
        status, _, body = get(port, "/subscribe/no/such/page")
        report.check("a missing path elsewhere is a 404 with the root's themed page",
                     status == 404 and "<title>Page not found</title>" in body, (status, body[:200]))
        status, _, body = get(port, "/subscribe/assets/")
        report.check("a folder without an index page is not listed (404)", status == 404 and "Index of" not in body,
                     (status, body[:120]))

        status, headers, body = get(port, "/subscribe/.well-known/apple-app-site-association")
        parsed = None
        try:
            parsed = json.loads(body)
        except ValueError:
            pass
        report.check("the universal-links file is served as JSON",
                     status == 200 and headers.get("content-type") == "application/json" and parsed == AASA,
                     (status, headers.get("content-type")))
        status, _, body = get(port, "/subscribe/robots.txt")
        report.check("a static/ file is served from the root", status == 200 and body.startswith("User-agent: *"),
                     status)
        status, _, body = get(port, "/subscribe/paywall-manifest.json")
        report.check("the build manifest is not served", status == 404 and '"generator"' not in body,
                     (status, body[:120]))
        report.check("the manifest is still in the output (build proves it owns the folder)",
                     os.path.isfile(os.path.join(output, "paywall-manifest.json")))

        nginx_hostile.manifest(report, get, port)
        nginx_hostile.accept_language(report, get, port)
        nginx_hostile.probe(report, get, port, binary, site, work)

        def nginx_test(block):
            with open(os.path.join(work, "tested.conf"), "w") as f:
                f.write(block)
            with open(os.path.join(work, "tested-nginx.conf"), "w") as f:
                f.write(nginx_conf(work, os.path.join(work, "tested.conf"), user))
            tested = subprocess.run(nginx_command(nginx, work, "tested-nginx.conf", "-t"), capture_output=True,
                                    text=True, timeout=20)
            return tested.returncode == 0
        nginx_hostile.syntax(report, binary, site, work, nginx_test)
        return report.summary()
    finally:
        if server is not None and server.poll() is None:
            server.send_signal(signal.SIGQUIT)   # graceful stop of the master and its worker
            try:
                server.wait(timeout=10)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait(timeout=5)


def nginx_command(nginx, work, conf, *flags):
    """nginx FLAGS… with its prefix, configuration file `conf` and error log in `work`."""
    return [nginx, *flags, "-p", work, "-c", os.path.join(work, conf), "-e", os.path.join(work, "error.log")]


def nginx_conf(work, include, user):
    """A whole nginx.conf (no daemon, its files in `work`) whose http { } context includes the block at `include`."""
    mime_types = "/etc/nginx/mime.types"
    types = (f"include {mime_types};" if os.path.exists(mime_types) else
             "types { text/html html; text/css css; image/svg+xml svg; text/plain txt; application/json json; }")
    temp = os.path.join(work, "nginx-temp")
    return f"""{'user ' + user + ';' if user else ''}
worker_processes 1;
daemon off;
pid {work}/nginx.pid;
error_log {work}/error.log warn;
events {{ worker_connections 64; }}
http {{
    {types}
    default_type application/octet-stream;
    access_log off;
    client_body_temp_path {temp}/body; proxy_temp_path {temp}/proxy; fastcgi_temp_path {temp}/fastcgi;
    uwsgi_temp_path {temp}/uwsgi; scgi_temp_path {temp}/scgi;
    include {include};
}}
"""


if __name__ == "__main__":
    sys.exit(main())
