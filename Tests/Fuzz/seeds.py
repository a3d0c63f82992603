#!/usr/bin/env python3
"""Seed inputs for the fuzz targets (Tests/Fuzz/Targets), one folder per target.

  seeds.py repo OUT            the repository's fixtures and a few hand-written inputs (the committed
                               corpora in Tests/Fuzz/corpus/ started from these)
  seeds.py shared SHARED OUT   ../shared's .storekit fixtures and Mustache spec templates, for `make fuzz`
                               (written to a temporary folder: shared files are never copied into the repo)

A mustache input is NUL-separated parts: the main template, then partials as NAME=SOURCE (see MustacheEntry.swift).
"""
import glob
import hashlib
import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def write(out, target, name, data):
    if isinstance(data, str):
        data = data.encode()
    folder = os.path.join(out, target)
    os.makedirs(folder, exist_ok=True)
    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", name).strip("-")
    with open(os.path.join(folder, "seed-" + safe), "wb") as f:
        f.write(data)


def read(path):
    with open(path, "rb") as f:
        return f.read()


def partial_names(source):
    return set(re.findall(r"\{\{\s*[<>]\s*([A-Za-z0-9_.-]+)\s*\}\}", source))


def mustache_input(main, partials):
    parts = [main] + [f"{name}={source}" for name, source in sorted(partials.items())]
    return "\0".join(parts)


CATALOG_SAMPLES = {
    "flow": '{subscriptionGroups: [{id: g, subscriptions: [{id: a, level: 1, period: P1M, price: {USA: "1.99"}}]}]}',
    "anchors": "base: &base {level: 1, period: P1M, price: {USA: '0.99'}}\n"
               "subscriptionGroups:\n  - id: g\n    subscriptions:\n      - <<: *base\n        id: a\n      - *base\n",
    "offers": "subscriptionGroups:\n- id: g\n  name: G\n  subscriptions:\n  - id: p\n    level: 2\n    period: P1Y\n"
              "    price: {USA: \"9.99\", JPN: \"1200\"}\n    introductoryOffer: {paymentMode: payAsYouGo, period: P1M, periodCount: 3, price: {USA: \"0.99\"}}\n"
              "    promotionalOffers: [{id: x, paymentMode: freeTrial, period: P1W}]\n"
              "appPolicies: {termsOfService: {page: terms.md}, privacyPolicy: https://example.com/p}\n",
    "storekit-min": '{"settings": {"_storefront": "DEU", "_locale": "de_DE"}, "subscriptionGroups": [{"name": "G", '
                    '"subscriptions": [{"productID": "a.b", "recurringSubscriptionPeriod": "P1M", "displayPrice": "4.99", '
                    '"groupNumber": 1, "localizations": [{"locale": "de_DE", "displayName": ""}], '
                    '"introductoryOffer": {"paymentMode": "free", "subscriptionPeriod": "P1W"}, '
                    '"adHocOffers": [{"offerID": "o", "paymentMode": "payUpFront", "displayPrice": "1", "subscriptionPeriod": "P1Y"}]}]}], '
                    '"appPolicies": {"eula": "# EULA", "policies": [{"locale": "en_US", "policyURL": "https://e.com"}]}}',
    "tags": "%YAML 1.1\n---\n!!map {? !!str subscriptionGroups : !!seq []}\n...\n",
    "multi-doc": "a: 1\n---\nb: 2\n",
    "block-scalars": "x: |\n  line\n   more\ny: >-\n  folded\n  text\nz: 'it''s'\nw: \"\\u00e9\\t\"\n",
}

MARKDOWN_SAMPLES = {
    "links": "---\ngroupID: g\n---\n# Title\n\n[a](https://a.example) [b](/rel) ![i](img.png \"t\") <https://auto.example> www.example.com help@example.com <mailto:x@y.z>\n\n[ref]: https://r.example\n[x][ref]\n",
    "raw-html": "---\ngroupID: g\n---\n<div class=\"x\">\n<a href=\"https://a\" title='t'>A</a>\n</div>\n\ntext <span onclick=\"x\">s</span> <img src=\"&#106;avascript:x\" srcset=\"a.png 1x, b.png 2x\">\n\n<script>alert(1)</script>\n",
    "table": "---\nproductIDs: a\n---\n| a | b |\n|:--|--:|\n| 1 | 2 |\n\n- [ ] task\n- [x] done\n\n~~strike~~ ~one~\n",
    "placeholders": "---\ntitle: T\nproductIDs: [pro]\nmarketing: markdown\n---\n# {{title}}\n\nOnly {{products.pro.price}} ({{products.pro.offer.text}}) for {{app.name}}.\n",
    "crlf-bom": "\ufeff---\r\ngroupID: g\r\nbackground: {color: \"#fff\", image: a.png}\r\n---\r\nBody\r\n",
    "policy-page": "# Terms\n\nPlain Markdown without front matter.\n\n> quote\n\n```\ncode\n```\n",
    "front-matter-full": "---\ntitle: X\ngroupID: g\nvisibleRelationships: [upgrade, current]\ncontrolStyle: picker\ncontrolPlacement: bottom\n"
                         "buttonLabel: [action, price]\ncontrolIcons: {a: x.svg}\nbadges: {a: Best}\nselected: a\n"
                         "containerBackground: {placement: header, gradient: [\"#000\", \"#fff\"]}\npickerItemBackground: \"#eee\"\n"
                         "colorScheme: dark\npolicies: {termsOfService: {page: terms.md}, foregroundStyle: \"#111\"}\n"
                         "storeButtons: {restorePurchases: hidden, signIn: visible}\noptionGroups: {style: tabs, groups: [{label: L, productIDs: [a], marketing: m}]}\n"
                         "offer: {promotional: p}\n---\nBody\n",
}

MUSTACHE_SAMPLES = {
    "inheritance": ("{{<base}}{{$title}}T{{/title}}{{/base}}", {"base": "<h1>{{$title}}default{{/title}}</h1>\n{{$body}}\n  body\n{{/body}}"}),
    "dynamic": ("{{>*dynamic}} {{<*dynamic}}{{/*dynamic}}", {"content": "[{{a.name}}]"}),
    "delimiters": ("{{=<% %>=}}<% planet %><%={{ }}=%> {{{string}}} {{&string}} {{string}}", {}),
    "sections": ("{{#list}}{{item}}{{^item}}-{{/item}},{{/list}}{{^none}}none{{/none}}{{#a}}{{b.c}}{{/a}}{{a.b.c}} {{.}}", {}),
    "lambdas": ("{{lambda}} {{#wrap}}{{planet}}{{/wrap}} {{count}} {{{lambda}}}", {}),
    "recursion": ("{{>node}}", {"node": "{{content}}<{{#nodes}}{{>node}}{{/nodes}}>"}),
    "standalone": ("begin\n  {{>p}}\n{{! comment }}\n  {{#boolean}}\n    x\n  {{/boolean}}\nend\n", {"p": "a\nb\n"}),
    "errors": ("{{#a}}{{/b}} {{> }} {{=a=}} {{{x}} {{", {}),
}

HTTP_SAMPLES = {
    "get": "GET /en-US/pro/?a=1&b=%20 HTTP/1.1\r\nHost: 127.0.0.1:8080\r\nIf-None-Match: \"abc\"\r\nConnection: keep-alive\r\n\r\n",
    "pipelined": "GET / HTTP/1.1\r\nHost: a\r\n\r\nHEAD /paywall.css HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n",
    "body": "POST /x HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhelloGET /en-US HTTP/1.1\r\nHost: a\r\n\r\n",
    "http10": "\r\nGET http://localhost:8080/en-US/pro HTTP/1.0\nConnection: Keep-Alive\n\n",
    "chunked": "PUT /a HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
    "encoded": "GET /%2e%2e/%2Fetc/passwd/..%2f/a%00b/%C3%A9 HTTP/1.1\r\nHost: a\r\n\r\n",
    "bad": "GET  / HTTP/1.1\r\nHost : a\r\n folded\r\n\r\n",
    "http2": "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n",
    "options": "OPTIONS * HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n",
    "long-line": "GET /" + "a" * 8200 + " HTTP/1.1\r\nHost: a\r\n\r\n",
    "many-headers": "GET / HTTP/1.1\r\nHost: a\r\n" + "".join(f"X-{i}: {'v' * 150}\r\n" for i in range(101)) + "\r\n",
}


def repo(out):
    for path in sorted(glob.glob(f"{ROOT}/*.yml") + glob.glob(f"{ROOT}/Tests/**/*.yml", recursive=True)
                       + glob.glob(f"{ROOT}/Tests/**/*.storekit", recursive=True)):
        write(out, "catalog", os.path.relpath(path, ROOT), read(path))
    for name, text in CATALOG_SAMPLES.items():
        write(out, "catalog", name, text)

    for path in sorted(glob.glob(f"{ROOT}/content/*.md") + glob.glob(f"{ROOT}/Tests/**/content/*.md", recursive=True)):
        write(out, "markdown", os.path.relpath(path, ROOT), read(path))
    for name, text in MARKDOWN_SAMPLES.items():
        write(out, "markdown", name, text)

    theme = {}
    for path in glob.glob(f"{ROOT}/templates/**/*.mustache", recursive=True):
        theme[os.path.basename(path)[:-len(".mustache")]] = read(path).decode()
    for name, source in sorted(theme.items()):
        partials, todo = {}, list(partial_names(source))
        while todo:
            other = todo.pop()
            if other in theme and other not in partials:
                partials[other] = theme[other]
                todo += partial_names(theme[other])
        write(out, "mustache", f"theme-{name}", mustache_input(source, partials))
    for name, (main, partials) in MUSTACHE_SAMPLES.items():
        write(out, "mustache", name, mustache_input(main, partials))

    for name, text in HTTP_SAMPLES.items():
        write(out, "http", name, text)


def shared(shared_dir, out):
    for path in sorted(glob.glob(f"{shared_dir}/fixtures/storekit/*.storekit")):
        write(out, "catalog", "shared-" + os.path.basename(path), read(path))
    for path in sorted(glob.glob(f"{shared_dir}/spec/mustache/*.json")):
        with open(path) as f:
            spec = json.load(f)
        for test in spec.get("tests", []):
            data = mustache_input(test["template"], test.get("partials") or {})
            name = os.path.basename(path)[:-5] + "-" + hashlib.sha1(data.encode()).hexdigest()[:8]
            write(out, "mustache", "spec-" + name, data)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "repo":
        repo(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "shared":
        shared(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
