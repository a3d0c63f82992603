"""The checks of a page's HTML, without a browser: nu-html (the Nu HTML Checker), no-js (no script but the page's one
script, carry's, app.redeem's or a redirecting page's forward script, that its CSP allows by hash, no handler, only
https: or relative URLs), document (one <h1>, lang, dir, title) and
preview (a shared link's Open Graph and X card, as a chat app reads them)."""

import json
import pathlib
import re
import subprocess
import urllib.parse

from ..html_parse import ALLOWED_SCHEMES, csp_allows_only, csp_blocks_scripts, script_digest


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


def check_no_js(report, name, text, page):
    """No script, or (with actions.carry on a store page, app.redeem on a plain page) exactly one inline script that
    the CSP allows by its hash alone."""
    problems = []
    scripts = re.findall(r"<script(\s[^>]*)?>(.*?)</script>", text, re.I | re.S)
    if len(scripts) > 1 or text.lower().count("<script") != len(scripts):
        problems.append(f"{text.lower().count('<script')} <script> elements"
                        " (at most one, inline, allowed by its hash)")
    for line, col, tag, attribute in page.handlers:
        problems.append(f"{line}:{col}: <{tag} {attribute}=…> event handler attribute")
    if not page.csp:
        problems.append('no <meta http-equiv="Content-Security-Policy">')
    elif len(scripts) == 1:
        attributes, source = scripts[0]
        digest = script_digest(source)
        if attributes.strip():
            problems.append(f"<script{attributes}>: the page's script has no attributes")
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


def check_preview(report, name, page, root):
    """A store or plain page, as a chat app previews its shared link: one og:title (the <title>), og:description,
    og:locale (the page's lang, as de_DE) and twitter:card; og:url is the canonical link; og:image, when there, an
    https address of a file the site publishes, with the large card. A locale list or a 404 page has none."""
    if "page" not in page.body_classes or "locale-page" in page.body_classes:
        return
    problems = []
    meta = page.meta
    for key in ("og:type", "og:title", "og:description", "og:locale", "twitter:card"):
        values = meta.get(key, [])
        if len(values) != 1 or not values[0].strip():
            problems.append(f"{key}: {values!r} (exactly one, not empty)")
    if meta.get("og:title") != [(page.title or "").strip()]:
        problems.append(f"og:title {meta.get('og:title')} is not the <title> {page.title!r}")
    lang = page.html_attrs.get("lang", "")
    if meta.get("og:locale") != [lang.replace("-", "_")]:
        problems.append(f"og:locale {meta.get('og:locale')} is not the page's lang {lang!r}")
    if meta.get("og:url", [None]) != [page.canonical]:
        problems.append(f"og:url {meta.get('og:url')} is not the canonical link {page.canonical!r}")
    image = meta.get("og:image")
    card = "summary_large_image" if image else "summary"
    if meta.get("twitter:card") != [card]:
        problems.append(f"twitter:card {meta.get('twitter:card')}: {card} expected")
    if image:
        url = urllib.parse.urlsplit(image[0])
        published = root / "assets" / urllib.parse.unquote(url.path.rsplit("/assets/", 1)[-1])
        if url.scheme != "https" or "/assets/" not in url.path or not published.is_file():
            problems.append(f"og:image {image[0]!r} is not an https address of a file in the output's assets/")
    for banner in meta.get("apple-itunes-app", []):
        if not re.fullmatch(r"app-id=[0-9]{1,12}", banner):
            problems.append(f"apple-itunes-app {banner!r} (app-id=DIGITS)")
    report.result("preview", name, problems, f"{card}, {meta.get('og:locale', ['?'])[0]}"
                  + (", Smart App Banner" if "apple-itunes-app" in meta else ""))
