"""actions.carry against hostile links, in Chromium: builds a copy of Tests/e2e/sites/checkout with
PAYWALL_BINARY, where one purchase link is one `new URL()` rejects (port 99999), one goes to another site
(the checkout's), and the marketing copy's raw HTML dresses a link to a third site as a purchase link. Each
page is served with the Content-Security-Policy header `_headers` gives it, beside the page's own meta.
It asserts that the script's bytes hash to the source both policies allow, that the script ran with no CSP
violation, that every other purchase link was filled, and that the third site's link was left as written.
Usage: python3 -m paywall_e2e.carry PAYWALL_BINARY. Prints one line per check and `N passed, M failed` last."""
import re
import shutil
import sys
import urllib.parse

from .browser import make_driver
from .deps import find_dependencies, missing_problems
from .html_parse import script_digest
from .report import Report, usage
from .server import QuietHandler, serve
from .workspace import SITES, run, temporary

SITE = SITES / "checkout"
BAD = "https://pay.example:99999/buy/yearly"
SETTINGS = f"""baseURL: https://example.com/subscribe/
catalog: catalog.yml
defaultLocale: en-US
locales: [en-US]
storefronts: {{ default: USA }}
allowRawHTML: true
hosting: [netlify]
app: {{ name: Birdwatch, icon: assets/icon.svg }}
actions:
  subscribe:
    pro.yearly: "{BAD}"
    pro.monthly: https://pay.example/buy/monthly?plan=m
  purchase: {{ lifetime: /buy/lifetime }}
  carry: {{ app_user_id: client_reference_id }}
  manageSubscription: https://example.com/account
policies: {{ termsOfService: https://example.com/terms, privacyPolicy: https://example.com/privacy }}
"""
ELSEWHERE = "https://elsewhere.example/offer"
MARKETING = f'\n<p><a class="subscribe" data-action="subscribe" href="{ELSEWHERE}">A partner offer</a></p>\n'
WANT = {"pro.yearly": BAD, "pro.monthly": "https://pay.example/buy/monthly?plan=m&client_reference_id=u42",
        "lifetime": "/buy/lifetime?client_reference_id=u42", "": ELSEWHERE}


PREFIX = "/subscribe"  # baseURL's path: Netlify publishes the output at its root, the site's files below this path


def header_policies(root):
    """Each rule of `_headers` (a path, or a prefix ending in `*`) and the Content-Security-Policy it sends."""
    policies, path = [], None
    for line in (root / "_headers").read_text(encoding="utf-8").splitlines():
        if line and not line[0].isspace() and not line.startswith("#"):
            path = line.strip()
        elif line.strip().startswith("Content-Security-Policy:") and path:
            policies.append((path, line.split(":", 1)[1].strip()))
    return policies


def policy_for(policies, path):
    """The CSP Netlify sends with the page served at `path`."""
    found = [csp for rule, csp in policies if path == rule or (rule.endswith("*") and path.startswith(rule[:-1]))]
    return found[0] if len(found) == 1 else None


def serve_with_headers(root, policies):
    """The built site, each page with the CSP header its `_headers` path gives it."""

    class Handler(QuietHandler):
        def end_headers(self):
            policy = policy_for(policies, urllib.parse.urlsplit(self.path).path)
            if policy:
                self.send_header("Content-Security-Policy", policy)
            super().end_headers()

    return serve(root, Handler)


def script_problems(page_html, policy):
    """The page's one script hashes to the source its meta CSP and its header CSP allow."""
    scripts = re.findall(r"<script>(.*?)</script>", page_html, re.S)
    if len(scripts) != 1:
        return [f"{len(scripts)} scripts, expected the carry script"]
    digest = script_digest(scripts[0])
    meta = re.search(r'http-equiv="Content-Security-Policy" content="([^"]*)"', page_html)
    problems = []
    for name, text in (("meta", meta.group(1) if meta else ""), ("_headers", policy or "")):
        if f"script-src '{digest}'" not in text:
            problems.append(f"the {name} CSP does not allow the script's bytes ({digest}): {text!r}")
    return problems


def fill_checks(check, driver, base, page, mode):
    """Opens `page` with funnel parameters; checks which links the script filled."""
    driver.get(f"{base}{PREFIX}{page}?app_user_id=u42&other=x")
    console = [entry["message"] for entry in driver.get_log("browser")
               if "Content Security Policy" in entry["message"] or "Refused to" in entry["message"]]
    links = driver.execute_script(
        "return [...document.querySelectorAll('a.subscribe')].map(a => [a.dataset.productId || '',"
        " a.getAttribute('href')])")
    filled = [product for product, _ in links if product == "pro.monthly"]
    wrong = [f"{product or 'the partner link'}: {href!r}, expected {WANT[product]!r}"
             for product, href in links if WANT.get(product) != href]
    check(f"{mode}, {page}: a link new URL() rejects leaves the other purchase links filled",
          console + [item for item in wrong if "partner" not in item]
          + ([] if filled else ["no pro.monthly link"]), f"{len(links)} links")
    check(f"{mode}, {page}: a raw-HTML link to another site is not carried into",
          [item for item in wrong if "partner" in item]
          + ([] if any(not product for product, _ in links) else ["no partner link on the page"]))


def main(argv):
    if len(argv) != 2:
        return usage("python3 -m paywall_e2e.carry PAYWALL_BINARY")
    report = Report(fail_notes=False)
    check = report.problems
    missing = find_dependencies()
    if isinstance(missing, list):
        check("dependencies", missing_problems(missing))
        return report.summary()
    with temporary() as work:
        site, root = work / "site", work / "public"
        shutil.copytree(SITE, site)
        (site / "paywall.yml").write_text(SETTINGS, encoding="utf-8")
        for name in ("buttons.ar.md", "pro.ar.md", "welcome.ar.md", "welcome.md"):
            (site / "content" / name).unlink()
        for name in ("pro.md", "buttons.md"):
            with open(site / "content" / name, "a", encoding="utf-8") as page:
                page.write(MARKETING)
        build = run(argv[1], "build", site, "-o", root, "--quiet")
        check("the hostile carry site builds", [build.stderr.strip()] if build.returncode else [])
        if build.returncode:
            return report.summary()
        policies = header_policies(root)
        driver = make_driver(javascript=True)
        try:
            for page in ("/en-US/pro/", "/en-US/buttons/"):
                page_html = (root / PREFIX.strip("/") / page.strip("/") / "index.html").read_text(encoding="utf-8")
                check(f"{page}: the script's sha256 is the one its meta and _headers CSP allow",
                      script_problems(page_html, policy_for(policies, PREFIX + page)))
            # With the header as Netlify sends it, and with the page's meta alone (a host that sends none).
            for sent, mode in ((policies, "_headers CSP"), ([], "meta CSP only")):
                server = serve_with_headers(root, sent)
                try:
                    base = f"http://127.0.0.1:{server.server_address[1]}"
                    for page in ("/en-US/pro/", "/en-US/buttons/"):
                        fill_checks(check, driver, base, page, mode)
                finally:
                    server.shutdown()
        finally:
            driver.quit()
    return report.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
