#!/usr/bin/env python3
"""fixture_site.py STOREKIT SITE: makes a site around an Xcode .storekit file, with one page per
subscription group, a page of its one-time products and a page of its first group with them after it,
in every locale the file localizes. The file is copied into the (temporary) site: a site's inputs
must be inside it."""
import json, os, shutil, sys

storekit, site = os.path.abspath(sys.argv[1]), sys.argv[2]
os.makedirs(os.path.join(site, "content"), exist_ok=True)
with open(storekit, encoding="utf-8") as f:
    data = json.load(f)
shutil.copyfile(storekit, os.path.join(site, "Products.storekit"))
with open(os.path.join(site, "paywall.yml"), "w", encoding="utf-8") as f:
    f.write("catalog: Products.storekit\n"
            "actions: { subscribe: \"https://pay.example.com/checkout?product={productID}&locale={locale}\" }\n"
            "policies: { termsOfService: https://example.com/terms, privacyPolicy: https://example.com/privacy }\n")
for index, group in enumerate(data.get("subscriptionGroups", [])):
    with open(os.path.join(site, "content", f"group{index + 1}.md"), "w", encoding="utf-8") as f:
        f.write(f"---\ngroupID: {json.dumps(group['id'])}\n---\n")
one_time = [product["productID"] for product in data.get("products", []) + data.get("nonRenewingSubscriptions", [])
            if product.get("type") in ("NonConsumable", "Consumable", "NonRenewingSubscription")]
if one_time:
    ids = json.dumps(one_time)
    with open(os.path.join(site, "content", "onetime.md"), "w", encoding="utf-8") as f:
        f.write(f"---\nproductIDs: {ids}\n---\n")
    groups = data.get("subscriptionGroups", [])
    if groups:
        with open(os.path.join(site, "content", "mixed.md"), "w", encoding="utf-8") as f:
            f.write(f"---\ngroupID: {json.dumps(groups[0]['id'])}\nadditionalProductIDs: {ids}\n---\n")
