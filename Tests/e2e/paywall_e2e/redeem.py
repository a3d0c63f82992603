"""app.redeem in Chromium, the trip back to the app: builds Tests/e2e/sites/checkout with `app.redeem` added
(its welcome page is the checkout's success page) and serves each page with its own meta CSP as a header too.
A buyer arrives from the checkout's success redirect with a redemption link: the Open button takes it when it
starts with a prefix paywall.yml names (an app scheme, or an https site and path), as it is, and is followed to it;
any other value (another site, a look-alike host, javascript:, a case or space away from a prefix) leaves the
button on app.openURL; without a redemption link the carried parameters reach the Open link; with JavaScript off
the button is app.openURL; no load logs a CSP violation, and the one script's bytes hash to the source both
policies allow. The QR code beside the button is decoded by zbarimg (Debian zbar-tools) from screenshots at
1280 px, light and dark, left to right and right to left, to app.appStoreURL; at 390 px it is not displayed.
Usage: python3 -m paywall_e2e.redeem PAYWALL_BINARY. Prints one line per check and `N passed, M failed` last."""
import re
import shutil
import subprocess
import sys
import urllib.parse

from .browser import By, make_driver, set_color_scheme, set_width
from .deps import find_dependencies, missing_problems
from .html_parse import script_digest
from .report import Report, usage
from .server import QuietHandler, serve
from .workspace import SITES, run, temporary

SITE = SITES / "checkout"
OPEN_URL = "https://example.com/app/open"
APP_STORE_URL = "https://apps.apple.com/app/id123456789"
REDEEM = '  redeem: { parameter: redeem_url, prefixes: ["rc-abc123://", "https://example.com/redeem/"] }\n'
PAGE = "/en-US/welcome/"
META_CSP = re.compile(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"')

# (what the page's URL carries, the Open link the script must leave): a buyer back from the checkout.
TAKEN = [
    ("redeem_url=rc-abc123://redeem?x=1&app_user_id=u42", "rc-abc123://redeem?x=1"),
    ("redeem_url=" + urllib.parse.quote("rc-abc123://redeem_web_purchase?redemption_token=a+b/c=&x=1", safe=""),
     "rc-abc123://redeem_web_purchase?redemption_token=a+b/c=&x=1"),
    ("redeem_url=" + urllib.parse.quote("https://example.com/redeem/tok?t=1#f", safe="") + "&utm_source=news",
     "https://example.com/redeem/tok?t=1#f"),
]
IGNORED = [
    "redeem_url=https://evil.example/",
    "redeem_url=javascript:alert(1)",
    "redeem_url=" + urllib.parse.quote("javascript:alert(document.domain)//rc-abc123://", safe=""),
    "redeem_url=https://example.com.evil.example/redeem/",
    "redeem_url=https://example.com/redeemer/x",
    "redeem_url=RC-ABC123://redeem",
    "redeem_url=%20rc-abc123://redeem",
    "redeem_url=",
    "redeem_url=data:text/html,x",
]
CARRIED = [
    ("app_user_id=u42&utm_source=news&other=x", OPEN_URL + "?client_reference_id=u42&utm_source=news"),
    ("app_user_id=" + urllib.parse.quote("a&b=c d", safe=""), OPEN_URL + "?client_reference_id=a%26b%3Dc%20d"),
    ("redeem_url=https://evil.example/&app_user_id=u42", OPEN_URL + "?client_reference_id=u42"),
]


def meta_policy(root, url_path):
    """The meta CSP of the page a request path names, or None."""
    path = root / urllib.parse.unquote(urllib.parse.urlsplit(url_path).path).lstrip("/")
    if path.is_dir():
        path = path / "index.html"
    if path.suffix != ".html" or not path.is_file():
        return None
    found = META_CSP.search(path.read_text(encoding="utf-8"))
    return found.group(1) if found else None


def serve_with_page_policies(root):
    """The built site, each page with the CSP its own meta has as a header too (as a host config sends it)."""

    class Handler(QuietHandler):
        def end_headers(self):
            policy = meta_policy(root, self.path)
            if policy:
                self.send_header("Content-Security-Policy", policy + "; frame-ancestors 'none'")
            super().end_headers()

    return serve(root, Handler)


def csp_messages(driver):
    return [entry["message"] for entry in driver.get_log("browser")
            if "Content Security Policy" in entry["message"] or "Refused to" in entry["message"]]


def open_link(driver, base, query):
    """Loads the welcome page with `query`; its Open link's href and the CSP messages the load logged."""
    driver.get_log("browser")
    driver.get(f"{base}{PAGE}?{query}" if query else base + PAGE)
    href = driver.execute_script("var a = document.querySelector('a.open-app'); return a && a.getAttribute('href')")
    return href, csp_messages(driver)


def script_problems(page_html):
    scripts = re.findall(r"<script(?:\s[^>]*)?>(.*?)</script>", page_html, re.S)
    if len(scripts) != 1:
        return [f"{len(scripts)} scripts, expected the redeem script"]
    digest = script_digest(scripts[0])
    meta = META_CSP.search(page_html)
    if not meta or f"script-src '{digest}'" not in meta.group(1):
        return [f"the meta CSP does not allow the script's bytes ({digest})"]
    return []


def decode(png):
    """What zbarimg reads in a PNG: the decoded texts."""
    result = subprocess.run(["zbarimg", "--quiet", "--raw", "-Sdisable", "-Sqrcode.enable", str(png)],
                            capture_output=True, text=True)
    return [line for line in result.stdout.splitlines() if line]


def link_checks(check, driver, base):
    for query, want in TAKEN:
        href, console = open_link(driver, base, query)
        check(f"JS on: ?{query[:60]} → the Open button takes the redemption link",
              console + ([] if href == want else [f"href {href!r}, expected {want!r}"]))
    for query in IGNORED:
        href, console = open_link(driver, base, query)
        check(f"JS on: ?{query[:60]} is ignored (no open redirect)",
              console + ([] if href == OPEN_URL else [f"href {href!r}, expected {OPEN_URL!r}"]))
    for query, want in CARRIED:
        href, console = open_link(driver, base, query)
        check(f"JS on: ?{query[:60]} → the carried parameters reach the Open link",
              console + ([] if href == want else [f"href {href!r}, expected {want!r}"]))
    # Followed: the https redemption link opens (the host resolves nowhere; the error page keeps its URL).
    query, want = TAKEN[2]
    open_link(driver, base, query)
    driver.find_element(By.CSS_SELECTOR, "a.open-app").click()
    check("JS on: clicking Open follows the buyer to the redemption link",
          [] if driver.current_url == want else [f"landed on {driver.current_url!r}, expected {want!r}"])


def qr_checks(check, driver, base, work):
    for page, scheme in ((PAGE, "light"), (PAGE, "dark"), ("/ar-SA/welcome/", "light")):
        set_width(driver, 1280)
        set_color_scheme(driver, scheme)
        driver.get(base + page)
        shown = driver.execute_script("var f = document.querySelector('figure.qr');"
                                      "return f && getComputedStyle(f).display !== 'none' && f.offsetHeight > 0")
        shot = work / f"qr-{page.strip('/').replace('/', '-')}-{scheme}.png"
        driver.save_screenshot(str(shot))
        found = decode(shot)
        label = driver.execute_script("var s = document.querySelector('svg.qr-code');"
                                      "return s && s.getAttribute('aria-label')")
        check(f"1280 px, {scheme}, {page}: zbarimg reads the QR code in a screenshot as app.appStoreURL",
              ([] if shown else ["the QR code is not displayed"]) + ([] if found == [APP_STORE_URL] else
                                                                     [f"zbarimg read {found!r}"])
              + ([] if label else ["the code has no text alternative"]), f"{found} ({label})")
    set_color_scheme(driver, "light")
    set_width(driver, 390)
    driver.get(base + PAGE)
    hidden = driver.execute_script("var f = document.querySelector('figure.qr');"
                                   "return !!f && getComputedStyle(f).display === 'none'")
    shot = work / "qr-390.png"
    driver.save_screenshot(str(shot))
    check("390 px: the QR code is not displayed (a phone taps Open)",
          ([] if hidden else ["figure.qr is displayed"]) + [f"zbarimg read {text!r}" for text in decode(shot)])
    set_width(driver, 1280)


def main(argv):
    if len(argv) != 2:
        return usage("python3 -m paywall_e2e.redeem PAYWALL_BINARY")
    report = Report(fail_notes=False)
    check = report.problems
    missing = find_dependencies()
    if isinstance(missing, list) or not shutil.which("zbarimg"):
        check("dependencies", missing_problems((missing if isinstance(missing, list) else [])
                                               + ([] if shutil.which("zbarimg") else ["zbarimg (Debian zbar-tools)"])))
        return report.summary()
    with temporary("paywall-e2e-redeem-") as work:
        site, root = work / "site", work / "public"
        shutil.copytree(SITE, site)
        settings = (site / "paywall.yml").read_text(encoding="utf-8")
        settings = settings.replace("  appStoreID:", REDEEM + "  appStoreID:", 1)
        settings = re.sub(r"  carry: .*\n", "  carry: { app_user_id: client_reference_id, utm_source: utm_source }\n",
                          settings)
        (site / "paywall.yml").write_text(settings, encoding="utf-8")
        build = run(argv[1], "build", site, "-o", root, "--quiet")
        check("the checkout site with app.redeem builds", [build.stderr.strip()] if build.returncode else [])
        if build.returncode:
            return report.summary()
        for page in (PAGE, "/ar-SA/welcome/"):
            page_html = (root / page.strip("/") / "index.html").read_text(encoding="utf-8")
            check(f"{page}: one script, whose sha256 is the one its meta CSP allows", script_problems(page_html))
            check(f"{page}: without JavaScript the Open button is app.openURL",
                  [] if f'<a class="open-app" href="{OPEN_URL}">' in page_html else ["no such Open link in the HTML"])
        store = (root / "en-US/pro/index.html").read_text(encoding="utf-8")
        check("a store page keeps the carry script alone", [] if "a.subscribe[href]" in store
              and "open-app" not in store and store.count("<script") == 1 else ["its script changed"])
        server = serve_with_page_policies(root)
        base = f"http://127.0.0.1:{server.server_address[1]}"
        try:
            driver = make_driver(javascript=True)
            try:
                link_checks(check, driver, base)
                qr_checks(check, driver, base, work)
            finally:
                driver.quit()
            driver = make_driver(javascript=False)
            try:
                href, console = open_link(driver, base, TAKEN[0][0])
                check("JS off: with a redemption link in the URL the Open button is app.openURL",
                      console + ([] if href == OPEN_URL else [f"href {href!r}"]))
                driver.find_element(By.CSS_SELECTOR, "a.open-app").click()
                check("JS off: clicking Open follows the buyer to app.openURL",
                      [] if driver.current_url == OPEN_URL else [f"landed on {driver.current_url!r}"])
            finally:
                driver.quit()
        finally:
            server.shutdown()
    return report.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
