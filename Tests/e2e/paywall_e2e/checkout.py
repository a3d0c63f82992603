"""Purchase links end to end: builds Tests/e2e/sites/checkout with PAYWALL_BINARY, serves it from a loopback
HTTP server that is also a stub checkout (it records every request), and in Chromium, with JavaScript on and
off, opens each store page with funnel parameters in its URL, chooses every option and follows its purchase
link. It asserts the URL the checkout received (JS on: the configured link plus the carried parameters,
percent-encoded; JS off: the configured link), that nothing else was requested but the site's own files,
and that the console shows no Content-Security-Policy violation; then that the welcome page links to the app.
Usage: python3 -m paywall_e2e.checkout PAYWALL_BINARY. Prints one line per check and `N passed, M failed` last."""
import html
import pathlib
import sys
import threading
import time
import urllib.parse

from .browser import By, make_driver
from .deps import find_dependencies, missing_problems
from .report import Report, usage
from .server import QuietHandler, base_url, serve
from .workspace import SITES, run, temporary

SITE = SITES / "checkout"
# What an ad or the app puts in the page's URL: a value that tries to add a parameter, change the path and
# end the query; one with a space; one the site does not carry.
FUNNEL = {"app_user_id": "u42&admin=1/../x?y#z", "utm_source": "news letter", "other": "not-carried"}
CARRIED = [("app_user_id", "client_reference_id"), ("utm_source", "utm_source"), ("utm_campaign", "utm_campaign")]
CHECKOUT_PREFIXES = ("/checkout", "/buy/", "/change")   # /change: a subscriber switching plans (actions.changePlan)


def encode_uri_component(value):
    """JavaScript's encodeURIComponent."""
    return urllib.parse.quote(value, safe="-_.!~*'()")


class Recorder:
    """Every request the server answered: (method, path with query)."""

    def __init__(self):
        self.lock = threading.Lock()
        self.requests = []

    def add(self, method, path):
        with self.lock:
            self.requests.append((method, path))

    def take(self):
        with self.lock:
            taken, self.requests = self.requests, []
        return taken


def serve_checkout(root, recorder):
    """The site's files, and a stub checkout under /checkout, /buy/ and /change that answers every link with a page."""

    class Handler(QuietHandler):
        def do_GET(self):
            recorder.add("GET", self.path)
            if self.path.startswith(CHECKOUT_PREFIXES):
                body = b"<!doctype html><link rel=icon href=data:,><title>Checkout</title><p>stub checkout</p>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html; charset=utf-8")
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)
                return
            super().do_GET()

        def do_POST(self):
            recorder.add("POST", self.path)
            self.send_error(405)

        do_PUT = do_DELETE = do_PATCH = do_OPTIONS = do_POST

    return serve(root, Handler)


def expected_url(href, javascript):
    """What the checkout should receive for a link written as `href`."""
    if not javascript:
        return href
    pairs = [f"{encode_uri_component(to)}={encode_uri_component(FUNNEL[source])}"
             for source, to in CARRIED if FUNNEL.get(source)]
    separator = "&" if "?" in href else "?"
    return href + separator + "&".join(pairs)


def site_file(root, path):
    """True when `path` (a request path) names a file of the built site."""
    local = urllib.parse.unquote(urllib.parse.urlsplit(path).path).lstrip("/")
    target = root / local
    return target.is_file() or (target / "index.html").is_file()


def console_problems(driver):
    return [entry["message"] for entry in driver.get_log("browser")
            if "Content Security Policy" in entry["message"] or "Refused to" in entry["message"]
            or (entry["level"] == "SEVERE" and "/favicon.ico" not in entry["message"])]


def click_through(driver, base, root, recorder, page, javascript):
    """Every option of `page`: chosen, its purchase link followed; the checkout's requests checked."""
    problems, received = [], []
    query = urllib.parse.urlencode(FUNNEL, quote_via=urllib.parse.quote)
    url = f"{base}{page}?{query}"
    driver.get(url)
    problems += [f"console: {message}" for message in console_problems(driver)]
    links = driver.find_elements(By.CSS_SELECTOR, "a.subscribe")
    configured = {}
    source = pathlib.Path(root, page, "index.html").read_text(encoding="utf-8")
    for chunk in source.split('class="subscribe"')[1:]:
        product = chunk.split('data-product-id="', 1)[1].split('"', 1)[0]
        configured[product] = html.unescape(chunk.split('href="', 1)[1].split('"', 1)[0])
    products = list(dict.fromkeys(link.get_attribute("data-product-id") for link in links))
    if not products:
        return [f"{page}: no purchase links"], []
    recorder.take()
    for product in products:
        driver.get(url)
        radio = driver.find_elements(By.CSS_SELECTOR, f'label.option[data-product-id="{product}"]')
        if radio:
            radio[0].click()
        visible = [link for link in driver.find_elements(By.CSS_SELECTOR, f'a.subscribe[data-product-id="{product}"]')
                   if link.is_displayed()]
        if len(visible) != 1:
            problems.append(f"{page} {product}: {len(visible)} visible purchase links once chosen")
            continue
        before = recorder.take()
        visible[0].click()
        deadline = time.monotonic() + 10
        hits = []
        while time.monotonic() < deadline and not hits:
            time.sleep(0.05)
            hits = [request for request in recorder.requests if request[1].startswith(CHECKOUT_PREFIXES)]
        time.sleep(0.2)  # anything else the click made arrives too
        after = recorder.take()
        want = expected_url(configured[product], javascript)
        got = [path for method, path in after if path.startswith(CHECKOUT_PREFIXES)]
        received += got
        if got != [want]:
            problems.append(f"{page} {product}: the checkout received {got}, expected [{want!r}]")
        if javascript and got:
            params = urllib.parse.parse_qs(urllib.parse.urlsplit(got[0]).query)
            if params.get("client_reference_id") != [FUNNEL["app_user_id"]] or "admin" in params or "other" in params:
                problems.append(f"{page} {product}: parameters as the checkout reads them: {params}")
        for method, path in before + after:
            if method != "GET" or not (path.startswith(CHECKOUT_PREFIXES) or site_file(root, path)):
                problems.append(f"{page} {product}: an unexpected request {method} {path}")
        problems += [f"{page} {product} console: {message}" for message in console_problems(driver)]
    return problems, received


def main(argv):
    if len(argv) != 2:
        return usage("python3 -m paywall_e2e.checkout PAYWALL_BINARY")
    binary = argv[1]
    report = Report(fail_notes=False)
    check = report.problems
    missing = find_dependencies()
    if isinstance(missing, list):
        check("dependencies", missing_problems(missing))
        return report.summary()
    with temporary() as work:
        root = work / "public"
        build = run(binary, "build", SITE, "-o", root, "--quiet")
        check("the checkout site builds", [build.stderr.strip()] if build.returncode else [])
        if build.returncode:
            return report.summary()
        recorder = Recorder()
        server = serve_checkout(root, recorder)
        base = base_url(server)
        try:
            for javascript in (True, False):
                mode = "JS on" if javascript else "JS off"
                driver = make_driver(javascript=javascript)
                try:
                    for page in ("en-US/pro/", "en-US/buttons/", "en-US/buttons/current/pro.yearly/", "ar-SA/pro/"):
                        problems, received = click_through(driver, base, root, recorder, page, javascript)
                        # A subscriber (of pro.yearly) changes plans; a one-time product is still bought.
                        if "/current/" in page and not all(url.startswith(("/change?from=pro.yearly&", "/buy/lifetime"))
                                                           for url in received):
                            problems.append(f"a subscriber's option starts a new subscription: {received}")
                        check(f"{mode}: every option of {page} buys through its link", problems,
                              f"{len(received)} links, such as {received[0]}" if received else "")
                    driver.get(base + "en-US/welcome/?app_user_id=u42")
                    problems = console_problems(driver)
                    links = {link.get_attribute("class"): link.get_attribute("href")
                             for link in driver.find_elements(By.CSS_SELECTOR, "a.open-app, a.app-store")}
                    if links != {"open-app": "https://example.com/app/open",
                                 "app-store": "https://apps.apple.com/app/id123456789"}:
                        problems.append(f"the welcome page's app links: {links}")
                    if driver.find_elements(By.CSS_SELECTOR, "script, a.subscribe, input"):
                        problems.append("the welcome page has a script, a purchase link or a control")
                    check(f"{mode}: the welcome page opens the app and links to the App Store", problems)
                finally:
                    driver.quit()
        finally:
            server.shutdown()
    return report.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
