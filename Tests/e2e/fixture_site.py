#!/usr/bin/env python3
"""fixture_site.py STOREKIT SITE: makes a site around an Xcode .storekit file, with one page per
subscription group in every locale the file localizes (the file is read, not copied, at build time:
paywall.yml points at it)."""
import json, os, sys

storekit, site = os.path.abspath(sys.argv[1]), sys.argv[2]
os.makedirs(os.path.join(site, "content"), exist_ok=True)
with open(storekit, encoding="utf-8") as f:
    data = json.load(f)
with open(os.path.join(site, "paywall.yml"), "w", encoding="utf-8") as f:
    f.write(f"catalog: {json.dumps(storekit)}\n"
            "actions: { subscribe: \"https://pay.example.com/checkout?product={productID}&locale={locale}\" }\n"
            "policies: { termsOfService: https://example.com/terms, privacyPolicy: https://example.com/privacy }\n")
for index, group in enumerate(data.get("subscriptionGroups", [])):
    with open(os.path.join(site, "content", f"group{index + 1}.md"), "w", encoding="utf-8") as f:
        f.write(f"---\ngroupID: {json.dumps(group['id'])}\n---\n")
