"""python3 -m paywall_e2e.worker PAYWALL_BINARY: the Cloudflare Pages _worker.js a build writes (hosting:
[cloudflare-pages] with experiments:) run under Node (Debian's nodejs, 18 or later: global Request and Response),
with the Pages `env.ASSETS` interface serving the built folder, and held to experiments.json by experiments.py's
checks (2,000 user IDs, shares, cookies, language, headers); then: _routes.json names only the tested addresses,
other paths and methods pass through to the assets. Then `paywall serve` on the same site, held to the same checks
(and `?variant=NAME` previews a variant). Prints one line per check and `N passed, M failed` last."""
import http.client
import json
import re
import shutil
import signal
import subprocess
import sys
import urllib.parse

from . import experiments
from .report import Report
from .workspace import E2E, copy_example, run, temporary

HARNESS = r"""
import fs from 'node:fs/promises';
import path from 'node:path';
import readline from 'node:readline';
import { pathToFileURL } from 'node:url';

const [root] = process.argv.slice(2);
const worker = (await import(pathToFileURL(path.join(root, '_worker.js')).href)).default;
const types = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.json': 'application/json' };
// Pages' static assets: the output folder published at the host's root (the site's files below its path in it), a
// folder's index.html for its address.
const env = { ASSETS: { async fetch(request) {
  const url = new URL(request.url);
  let file = decodeURIComponent(url.pathname.slice(1));
  if (file === '' || file.endsWith('/')) file += 'index.html';
  try {
    const body = await fs.readFile(path.join(root, path.normalize(file)));
    return new Response(body, { headers: { 'Content-Type': types[path.extname(file)] || 'application/octet-stream' } });
  } catch {
    return new Response('Not Found', { status: 404 });
  }
} } };
for await (const line of readline.createInterface({ input: process.stdin })) {
  const ask = JSON.parse(line);
  const headers = new Headers();
  if (ask.cookie) headers.set('Cookie', ask.cookie);
  if (ask.acceptLanguage) headers.set('Accept-Language', ask.acceptLanguage);
  const response = await worker.fetch(new Request('https://example.com' + ask.target,
                                                  { method: ask.method || 'GET', headers }), env);
  const body = await response.text();
  const meta = /<meta name="paywall-variant" content="([^"]*)">/.exec(body);
  const policy = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(body);
  const names = {};
  for (const [name, value] of response.headers) if (name !== 'set-cookie') names[name] = value;
  process.stdout.write(JSON.stringify({ status: response.status, headers: names,
                                        cookies: response.headers.getSetCookie(), meta: meta ? meta[1] : null,
                                        policy: policy ? policy[1].replaceAll('&#39;', "'") : null }) + '\n');
}
"""


def main(argv):
    binary = argv[1]
    report = Report()
    node = shutil.which("node") or shutil.which("nodejs")
    if not node:
        report.check("node is installed (scripts/install-test-deps.sh)", False)
        return report.summary()
    with temporary() as work:
        site = copy_example(work / "site")
        experiments.make_site(site, "cloudflare-pages")
        # With actions.carry the pages hold a script: the worker's header policy must allow the control's.
        config = (site / "paywall.yml").read_text(encoding="utf-8")
        (site / "paywall.yml").write_text(config.replace("actions:\n", "actions:\n  carry: [utm_source]\n", 1),
                                          encoding="utf-8")
        public = work / "public"
        built = run(binary, "build", site, "-o", public, "--quiet")
        report.check("the site with an experiment builds for Cloudflare Pages", built.returncode == 0, built.stderr)
        if built.returncode != 0:
            return report.summary()
        routes = json.loads((public / "_routes.json").read_text(encoding="utf-8"))
        want = ["/subscribe/plus/"] + [f"/subscribe/{locale}/plus/" for locale in
                                       ("en-US", "de-DE", "fr-FR", "ja-JP", "ar-SA")]
        report.check("_routes.json sends only the tested page's addresses to the worker",
                     routes == {"version": 1, "include": want, "exclude": []}, routes)
        (work / "harness.mjs").write_text(HARNESS, encoding="utf-8")
        process = subprocess.Popen([node, str(work / "harness.mjs"), str(public)],
                                   stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

        def ask(target, cookie=None, accept_language=None, method="GET"):
            process.stdin.write(json.dumps({"target": target, "cookie": cookie, "acceptLanguage": accept_language,
                                            "method": method}) + "\n")
            answer = json.loads(process.stdout.readline())
            return answer

        def client(target, cookie, accept_language):
            answer = ask(target, cookie, accept_language)
            return answer["status"], answer["headers"], answer["cookies"], answer["meta"]

        try:
            manifest = json.loads((public / experiments.PREFIX.strip("/") / "experiments.json")
                                  .read_text(encoding="utf-8"))
            experiments.check(report, "worker", client, manifest)
            with open(E2E / "accept-language.json", encoding="utf-8") as f:
                table = json.load(f)
            wrong = []
            for header, locale in table["cases"]:
                answer = ask("/subscribe/plus/?app_user_id=user-1", "pw_visitor=v", header)
                if not answer["headers"].get("location", "").startswith(f"/subscribe/{locale}/"):
                    wrong.append(f"{header!r}: {answer['headers'].get('location')}, want {locale}")
            report.problems(f"worker: the Accept-Language table (accept-language.json, {len(table['cases'])} headers) "
                            "picks the locale serve and nginx pick", wrong[:10])
            other = ask("/subscribe/en-US/membership/?app_user_id=u")
            report.check("worker: another page is the asset itself, no cookie",
                         other["status"] == 200 and not other["cookies"] and other["meta"] is None, other)
            post = ask("/subscribe/en-US/plus/", method="POST")
            report.check("worker: a POST passes through to the assets", not post["cookies"], post)
            first = manifest["experiments"][0]
            unit = next(f"user-{index}" for index in range(100)
                        if experiments.expected(first, f"user-{index}")["name"] == "control")
            control = ask(f"/subscribe/en-US/plus/?app_user_id={unit}", "pw_visitor=x")
            policy = control["headers"].get("content-security-policy", "")
            script = re.search(r"'sha256-[^']+'", control["policy"] or "")
            report.check("worker: the control page's header policy allows the script its own <meta> allows",
                         script is not None and script.group(0) in policy, f"{policy} / {control['policy']}")
            report.check("worker: the site's headers on its answers (_headers is not applied to them)",
                         policy.startswith("default-src 'none'") and
                         control["headers"].get("x-content-type-options") == "nosniff", control["headers"])
        finally:
            process.stdin.close()
            process.wait(timeout=10)
        check_serve(report, binary, site)
    return report.summary()


def check_serve(report, binary, site):
    """`paywall serve` assigns as the hosts do, and previews a variant with ?variant=NAME."""
    process = subprocess.Popen([binary, "serve", site, "--port", "0"], stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
    try:
        url = next((found.group(1) for line in process.stdout
                    if (found := re.search(r"at (http://\S+/) ", line))), None)
        report.check("serve: starts on the site with an experiment", url is not None)
        if url is None:
            return
        parts = urllib.parse.urlsplit(url)
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=10)

        def client(target, cookie, accept_language):
            headers = {"Cookie": cookie} if cookie else {}
            if accept_language:
                headers["Accept-Language"] = accept_language
            connection.request("GET", target, headers=headers)
            response = connection.getresponse()
            body = response.read().decode("utf-8", "replace")
            names = {name.lower(): value for name, value in response.getheaders() if name.lower() != "set-cookie"}
            meta = experiments.META.search(body)
            return (response.status, names, response.headers.get_all("Set-Cookie") or [],
                    meta.group(1) if meta else None)

        connection.request("GET", "/experiments.json")
        manifest = json.loads(connection.getresponse().read())
        experiments.check(report, "serve", client, manifest)
        status, headers, _, _ = client("/subscribe/en-US/plus/?variant=annual&app_user_id=user-0", "pw_visitor=a",
                                       None)
        report.check("serve: ?variant=annual previews the variant whatever the hash says",
                     status == 302 and headers.get("location", "").startswith("/subscribe/en-US/plus+annual/?variant=annual"),
                     f"{status} {headers.get('location')}")
    finally:
        process.send_signal(signal.SIGINT)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
