"""nginx.py's hostile inputs, on the same real nginx: the Accept-Language table (accept-language.json, which
LanguageTableTests holds serve to), the manifest by other spellings, the issue's probe baseURL (the block is refused,
nothing leaks), and `nginx -t` on blocks with quoted values (a root with quotes and braces, an IDNA server_name)."""
import json
import os
import re
import shutil

from .workspace import E2E, run

PROBE = "https://x%3B%20location%20%2Fleak%2F%20%7B%20alias%20%2Fetc%2F%3B%20%7D%20server_name%20y/"
MANIFEST_SPELLINGS = ["/%70aywall-manifest.json", "//paywall-manifest.json", "/subscribe/%70aywall-manifest.json",
                      "/subscribe//paywall-manifest.json", "//subscribe/paywall-manifest.json",
                      "/subscribe/paywall%2Dmanifest.json", "/subscribe/./paywall-manifest.json",
                      "/subscribe/en-US/../paywall-manifest.json"]


def accept_language(report, get, port):
    """Each header of the table redirects / to the locale serve picks for it."""
    with open(os.path.join(E2E, "accept-language.json")) as f:
        table = json.load(f)
    for header, locale in table["cases"]:
        expected = f"/subscribe/{locale}/membership/"
        status, headers, _ = get(port, "/subscribe/", header)
        report.check(f"Accept-Language {header!r} picks {locale} (as serve does)",
                     status == 302 and headers.get("location") == expected, (status, headers.get("location")))


def manifest(report, get, port):
    for path in MANIFEST_SPELLINGS:
        status, _, body = get(port, path)
        report.check(f"the manifest is not served at {path}", status in (400, 404) and '"generator"' not in body,
                     (status, body[:120]))


def probe(report, get, port, binary, site, work):
    """The issue's baseURL: check and hosting refuse it at paywall.yml's line; the running block serves no /etc."""
    copy = os.path.join(work, "probe-site")
    shutil.copytree(site, copy)
    settings = os.path.join(copy, "paywall.yml")
    with open(settings) as f:
        text = f.read()
    with open(settings, "w") as f:
        f.write(re.sub(r"(?m)^baseURL: .*$", f"baseURL: '{PROBE}'", text))
    checked = run(binary, "check", copy, timeout=60)
    report.check("check reports the probe's baseURL at its line in paywall.yml",
                 checked.returncode == 1 and "paywall.yml:2:10: error: baseURL's host" in checked.stderr,
                 checked.stderr[-400:])
    printed = run(binary, "hosting", "nginx", copy, "--port", port, timeout=60)
    report.check("hosting nginx prints no block for the probe's baseURL",
                 printed.returncode == 1 and printed.stdout == "", printed.stdout[:200])
    for path in ["/leak/passwd", "/subscribe/leak/passwd", "/subscribe/../../etc/passwd"]:
        status, _, body = get(port, path)
        report.check(f"{path} is not /etc/passwd", "root:" not in body and status != 200, (status, body[:80]))


def syntax(report, binary, site, work, nginx_test):
    """Blocks whose values need quoting or conversion are accepted by `nginx -t`, written as expected."""
    output = os.path.join(work, "out 'q' \"x\" ;{}")
    printed = run(binary, "hosting", "nginx", site, "-o", output, "--host", "::1", "--port", "8089", timeout=60)
    quoted = output.replace("\\", "\\\\").replace('"', '\\"')
    report.check("a root with quotes, ';' and braces is written quoted",
                 printed.returncode == 0 and f'    root "{quoted}";\n' in printed.stdout
                 and "    listen [::1]:8089;\n" in printed.stdout, printed.stderr)
    report.check("nginx -t accepts the block with the quoted root", nginx_test(printed.stdout), printed.stdout[:200])
    copy = os.path.join(work, "idna-site")
    shutil.copytree(site, copy)
    settings = os.path.join(copy, "paywall.yml")
    with open(settings) as f:
        text = f.read()
    with open(settings, "w") as f:
        f.write(re.sub(r"(?m)^baseURL: .*$", "baseURL: https://bücher.example/abo/", text))
    printed = run(binary, "hosting", "nginx", copy, "--port", "8089", timeout=60)
    report.check("a Unicode host is written as punycode",
                 printed.returncode == 0 and "    server_name xn--bcher-kva.example;\n" in printed.stdout,
                 printed.stderr)
    report.check("nginx -t accepts the block with the punycode server_name", nginx_test(printed.stdout),
                 printed.stdout[:200])
