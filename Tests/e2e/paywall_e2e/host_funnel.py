"""The funnel through the hosts paywall configures, in Chromium: Tests/e2e/sites/checkout (actions.carry, baseURL
https://example.com/subscribe/) built by the binary and served three ways: by Debian's nginx with the block
`paywall hosting nginx` prints, by `paywall serve`, and by a plain file server (as GitHub Pages serves: no redirects,
no headers). For every HTML page nginx and serve send, the Content-Security-Policy header must allow exactly the
scripts the page's own <meta> allows (a page without a script: none; nginx adds frame-ancestors, serve its
live-reload 'self'). Then Chromium opens the funnel's addresses with ?app_user_id=u-42: a store page, the locale-less
page, the site's root, a locale's root, a folder without its slash, and the redirecting pages' own files; each must
land on a store page inside /subscribe/ with the query kept, and carry must have filled every purchase link with
client_reference_id=u-42, with no CSP violation in the console. The welcome page (app.redeem added to the site),
reached by its locale-less address with a redemption link, must point its Open button there. Last, the site built
with `hosting: [netlify]` and `[cloudflare-pages]` (its baseURL has a path) is served from the output folder at a
host's root by its own `_redirects` and `_headers` (HostRules): the same header and funnel checks there.
Usage: python3 -m paywall_e2e.host_funnel PAYWALL_BINARY. Prints one line per check and `N passed, M failed` last."""
import functools
import http.client
import http.server
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse

from .browser import make_driver
from .deps import find_dependencies, missing_problems
from .nginx import free_port, nginx_binary, nginx_command, nginx_conf, worker_user
from .report import Report, usage
from .server import QuietHandler, serve
from .workspace import SITES, run, temporary

PREFIX = "/subscribe/"
QUERY = "app_user_id=u-42"
# (address, the page it must land on; None: the locale's home, a store page of that locale)
FUNNEL = [
    ("en-US/pro/", "en-US/pro/"),
    ("pro/", "en-US/pro/"),
    ("", None),
    ("ar-SA/", None),
    ("en-US/pro", "en-US/pro/"),
    ("pro/index.html", "en-US/pro/"),
    ("ar-SA/index.html", None),
]
# The plain file server has no redirects: only the pages' files and the redirecting pages' own script.
PLAIN_FUNNEL = [("pro/", "en-US/pro/"), ("", None), ("ar-SA/", None), ("welcome/", "en-US/welcome/")]
# The trip back: the checkout's success redirect to the welcome page passes a redemption link (app.redeem).
REDEEM = 'redeem: { parameter: redeem_url, prefixes: ["bw-app://", "https://example.com/redeem/"] }'
REDEMPTION = "bw-app://redeem?token=a+b/c="


def directives(policy):
    """A policy as {directive: set of sources}."""
    found = {}
    for part in policy.split(";"):
        words = part.split()
        if words:
            found[words[0].lower()] = set(words[1:])
    return found


def meta_policy(html):
    found = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"', html)
    return found.group(1).replace("&#39;", "'") if found else None


def disagreement(meta, header, sent_by):
    """What the header allows that the meta does not, or the other way round (None when they agree)."""
    want, got = directives(meta), directives(header)
    got.pop("frame-ancestors", None)
    if sent_by == "serve":   # the preview's live-reload script and its event stream
        for name in ("script-src", "connect-src"):
            got.get(name, set()).discard("'self'")
            if got.get(name) == set():
                got.pop(name)
    return None if want == got else f"meta {sorted(want.items())} but header {sorted(got.items())}"


def fetch(port, path):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request("GET", path, headers={"Host": "127.0.0.1"})
    response = connection.getresponse()
    body = response.read().decode("utf-8", "replace")
    connection.close()
    return response.status, {k.lower(): v for k, v in response.getheaders()}, body


def header_checks(check, port, output, sent_by):
    """Every HTML file of the output, fetched by its path: its header policy against its meta."""
    compared, problems, scripted = 0, [], 0
    for folder, _, files in os.walk(output):
        for name in files:
            if not name.endswith(".html"):
                continue
            relative = os.path.relpath(os.path.join(folder, name), output)
            html = open(os.path.join(folder, name), encoding="utf-8").read()
            meta = meta_policy(html)
            status, headers, _ = fetch(port, PREFIX + relative)
            if status != 200 or meta is None:
                problems.append(f"{relative}: status {status}, meta {meta!r}")
                continue
            compared += 1
            scripted += "<script>" in html
            found = disagreement(meta, headers.get("content-security-policy", ""), sent_by)
            if found:
                problems.append(f"{relative}: {found}")
    check(f"{sent_by}: the header CSP of every page ({compared}, {scripted} with a script) allows what its meta "
          "allows, no more", problems + ([] if compared > 15 and scripted > 10 else ["too few pages compared"]))


def funnel_checks(check, driver, base, cases, sent_by):
    """Opens each address with the query; where it lands, and the purchase links there."""
    for address, target in cases:
        driver.get_log("browser")
        driver.get(f"{base}{PREFIX}{address}?{QUERY}")
        deadline, landed = time.monotonic() + 5, None
        while time.monotonic() < deadline:
            landed = urllib.parse.urlsplit(driver.current_url)
            settled = (landed.path == PREFIX + target) if target else (landed.path.count("/") == 4)
            if settled and driver.execute_script("return document.readyState") == "complete":
                break
            time.sleep(0.1)
        links = driver.execute_script(
            "return [...document.querySelectorAll('a.subscribe[href]')].map(a => a.getAttribute('href'))")
        console = [entry["message"] for entry in driver.get_log("browser")
                   if "Content Security Policy" in entry["message"] or "Refused to" in entry["message"]]
        problems = console[:]
        if not landed.path.startswith(PREFIX) or (target and landed.path != PREFIX + target):
            problems.append(f"landed on {landed.path}, expected {PREFIX}{target or 'LOCALE/HOME/'}")
        if landed.query != QUERY:
            problems.append(f"the query is {landed.query!r}")
        is_store = not (target or "").endswith("welcome/")
        if is_store and not links:
            problems.append("no purchase link on the page it landed on")
        problems += [f"not carried: {href}" for href in links if "client_reference_id=u-42" not in href]
        check(f"{sent_by}: {PREFIX}{address}?{QUERY} lands on {landed.path}, query kept, "
              f"{len(links)} purchase links carried", problems)


def redeem_checks(check, driver, base, sent_by, addresses=("welcome/", "en-US/welcome/", "welcome/index.html")):
    """The welcome page, reached by each address with a redemption link: its Open button goes there."""
    query = urllib.parse.urlencode({"redeem_url": REDEMPTION, "app_user_id": "u-42"})
    for address in addresses:
        driver.get_log("browser")
        driver.get(f"{base}{PREFIX}{address}?{query}")
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and urllib.parse.urlsplit(driver.current_url).path != PREFIX + "en-US/welcome/":
            time.sleep(0.1)
        landed = urllib.parse.urlsplit(driver.current_url)
        opens = driver.execute_script("return [...document.querySelectorAll('a.open-app')].map(a => a.href)")
        problems = [entry["message"] for entry in driver.get_log("browser")
                    if "Content Security Policy" in entry["message"] or "Refused to" in entry["message"]]
        if landed.path != PREFIX + "en-US/welcome/" or landed.query != query:
            problems.append(f"landed on {landed.path}?{landed.query}")
        if opens != [REDEMPTION]:
            problems.append(f"the Open button goes to {opens}, expected {REDEMPTION}")
        check(f"{sent_by}: {PREFIX}{address} with a redemption link: the welcome page's Open button goes there",
              problems)


class HostRules(QuietHandler):
    """The output folder at a host's root, as Netlify or Cloudflare Pages serve it by its `_redirects` and `_headers`
    (the rules of HostFilesTests): the first matching redirect wins (Netlify: `Language=` conditions, and a rule
    without `!` only where no file is; Cloudflare: always); a `404` rule shows its page; a file gets the headers of
    every rule it matches, one header from two rules joined with a comma (as Cloudflare Pages joins them, which a
    CSP would turn into two policies)."""
    host, redirects, headers = "netlify", [], []

    def do_GET(self):
        url = urllib.parse.urlsplit(self.path)
        path = urllib.parse.unquote(url.path)
        local = self.translate_path(path)
        exists = os.path.isfile(local) or os.path.isfile(os.path.join(local, "index.html"))
        language = (self.headers.get("Accept-Language") or "").split(",")[0].split("-")[0].strip().lower()
        for source, target, status, conditions in self.redirects:
            if not matches(source, path) or any(c != f"Language={language}" for c in conditions):
                continue
            if exists and not (status.endswith("!") or self.host == "cloudflare-pages"):
                continue
            if status.startswith("404"):
                return self.send_file(target, 404)
            self.send_response(int(status.rstrip("!")))
            self.send_header("Location", target + (f"?{url.query}" if url.query else ""))
            self.end_headers()
            return
        if not exists:
            return self.send_file("/subscribe/404.html", 404)
        if os.path.isdir(local) and not path.endswith("/"):
            self.send_response(301)
            self.send_header("Location", path + "/" + (f"?{url.query}" if url.query else ""))
            self.end_headers()
            return
        return self.send_file(path, 200)

    def send_file(self, path, status):
        local = self.translate_path(path)
        if os.path.isdir(local):
            local = os.path.join(local, "index.html")
        body = open(local, "rb").read()
        self.send_response(status)
        self.send_header("Content-Type", self.guess_type(local))
        sent = {}
        for pattern, values in self.headers_rules:
            if matches(pattern, path):
                for name, value in values:
                    sent[name] = f"{sent[name]}, {value}" if name in sent else value
        for name, value in sent.items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)


def matches(pattern, path):
    return path.startswith(pattern[:-1]) if pattern.endswith("*") else path == pattern


def host_files(output):
    """The rules of the output's `_redirects` and `_headers`."""
    redirects = []
    for line in open(os.path.join(output, "_redirects"), encoding="utf-8"):
        fields = line.split()
        if fields and not fields[0].startswith("#"):
            redirects.append((fields[0], fields[1], fields[2], fields[3:]))
    rules = []
    for line in open(os.path.join(output, "_headers"), encoding="utf-8"):
        if line.startswith("/"):
            rules.append((line.strip(), []))
        elif line.startswith("  ") and rules:
            name, value = line.strip().split(":", 1)
            rules[-1][1].append((name, value.strip()))
    return redirects, rules


def checkout_site(folder, old, new):
    """A copy of Tests/e2e/sites/checkout in `folder` whose paywall.yml has `old` replaced by `new`; its path."""
    shutil.copytree(SITES / "checkout", folder)
    settings = folder / "paywall.yml"
    text = settings.read_text(encoding="utf-8")
    assert old in text, f"the checkout site's paywall.yml has no {old!r}"
    settings.write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(folder)


def at_host_root(check, driver, binary, work, host):
    """The checkout site built for `host` with its baseURL's path, the output folder served at a host's root."""
    site = checkout_site(work / f"site-{host}", "\ncatalog:", f"\nhosting: [{host}]\ncatalog:")
    output = str(work / f"public-{host}")
    build = run(binary, "build", site, "-o", output, "--quiet")
    check(f"{host}: the checkout site builds", [build.stderr.strip()] if build.returncode else [])
    if build.returncode:
        return
    redirects, rules = host_files(output)
    check(f"{host}: the site's files are below baseURL's path in the output, the host files on top",
          [name for name in ("_redirects", "_headers", "subscribe/en-US/pro/index.html", "subscribe/index.html")
           if not os.path.isfile(os.path.join(output, name))])
    handler = type("Host", (HostRules,), {"host": host, "redirects": redirects, "headers_rules": rules})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=output))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        port = server.server_address[1]
        header_checks(check, port, os.path.join(output, "subscribe"), f"{host} at the root")
        funnel_checks(check, driver, f"http://127.0.0.1:{port}", FUNNEL, f"{host} at the root")
        status, headers, body = fetch(port, "/paywall-manifest.json")
        sent_on = status == 302 and headers.get("location") == "/subscribe/404.html"   # Cloudflare's rule
        check(f"{host} at the root: the build manifest is not served",
              [] if (status == 404 or sent_on) and '"generator"' not in body else [status, body[:80]])
    finally:
        server.shutdown()


def start_nginx(work, binary, site, output):
    """nginx on a free loopback port with the printed block; (process, port) or (None, why)."""
    nginx = nginx_binary()
    if nginx is None:
        return None, "no nginx (scripts/install-test-deps.sh installs nginx-light)"
    port = free_port()
    printed = run(binary, "hosting", "nginx", site, "-o", output, "--host", "127.0.0.1", "--port", port)
    if printed.returncode:
        return None, printed.stderr
    user = worker_user()
    with open(os.path.join(work, "paywall.conf"), "w") as f:
        f.write(printed.stdout)
    os.makedirs(os.path.join(work, "nginx-temp"), mode=0o777)
    with open(os.path.join(work, "nginx.conf"), "w") as f:
        f.write(nginx_conf(work, os.path.join(work, "paywall.conf"), user))
    process = subprocess.Popen(nginx_command(nginx, work, "nginx.conf"), stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline and process.poll() is None:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return process, port
        except OSError:
            time.sleep(0.1)
    stop(process)
    return None, process.stderr.read() if process.stderr else "nginx did not start"


def start_serve(binary, site):
    """`paywall serve` on a free port; (process, port) or (None, why)."""
    process = subprocess.Popen([binary, "serve", site, "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    for line in process.stdout:
        found = re.search(r"at http://127\.0\.0\.1:(\d+)/", line)
        if found:
            return process, int(found.group(1))
    stop(process)
    return None, process.stderr.read()


def stop(process):
    if process is None or process.poll() is not None:
        return
    process.send_signal(signal.SIGINT if "serve" in process.args else signal.SIGQUIT)
    try:
        process.wait(timeout=10)
    except subprocess.TimeoutExpired:
        process.kill()


def main(argv):
    if len(argv) != 2:
        return usage("python3 -m paywall_e2e.host_funnel PAYWALL_BINARY")
    binary = os.path.abspath(argv[1])
    report = Report(fail_notes=False)
    check = report.problems
    missing = find_dependencies()
    if isinstance(missing, list):
        check("dependencies", missing_problems(missing))
        return report.summary()
    with temporary("paywall-host-funnel-") as work:
        os.chmod(work, 0o755)   # nginx's workers (another user when started as root) read the output below it
        site = checkout_site(work / "site", "\n  appStoreID:", f"\n  {REDEEM}\n  appStoreID:")
        output = str(work / "public")
        build = run(binary, "build", site, "-o", output, "--quiet")
        check("the checkout site builds", [build.stderr.strip()] if build.returncode else [])
        if build.returncode:
            return report.summary()
        for folder, _, _ in os.walk(work):
            os.chmod(folder, 0o755)
        nginx, nginx_port = start_nginx(str(work), binary, site, output)
        check("nginx serves the printed block", [] if nginx else [str(nginx_port)])
        preview, serve_port = start_serve(binary, site)
        check("paywall serve starts", [] if preview else [str(serve_port)])
        plain = serve(work / "public")
        driver = make_driver(javascript=True)
        try:
            for process, port, name in ((nginx, nginx_port, "nginx"), (preview, serve_port, "serve")):
                if process:
                    header_checks(check, port, output, name)
                    funnel_checks(check, driver, f"http://127.0.0.1:{port}", FUNNEL, name)
                    redeem_checks(check, driver, f"http://127.0.0.1:{port}", name)
            plain_base = f"http://127.0.0.1:{plain.server_address[1]}"
            funnel_checks(check, driver, plain_base, PLAIN_FUNNEL, "a file server (no redirects, no headers)")
            redeem_checks(check, driver, plain_base, "a file server", ("welcome/", "en-US/welcome/"))
            for host in ("netlify", "cloudflare-pages"):
                at_host_root(check, driver, binary, work, host)
        finally:
            driver.quit()
            plain.shutdown()
            stop(nginx)
            stop(preview)
    return report.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
