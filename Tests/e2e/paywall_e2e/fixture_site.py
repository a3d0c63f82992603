"""python3 -m paywall_e2e.fixture_site STOREKIT SITE: makes a site around an Xcode .storekit file, with one page per
subscription group, a page of its one-time products and a page of its first group with them after it, in every
locale the file localizes. The file is copied into the (temporary) site: a site's inputs must be inside it."""
import json
import os
import shutil
import sys

PAYWALL_YML = ("catalog: Products.storekit\n"
               "actions: { subscribe: \"https://pay.example.com/checkout?product={productID}&locale={locale}\" }\n"
               "policies: { termsOfService: https://example.com/terms, privacyPolicy: https://example.com/privacy }\n")
ONE_TIME_TYPES = ("NonConsumable", "Consumable", "NonRenewingSubscription")


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def make_site(storekit, site):
    storekit = os.path.abspath(storekit)
    os.makedirs(os.path.join(site, "content"), exist_ok=True)
    with open(storekit, encoding="utf-8") as f:
        data = json.load(f)
    shutil.copyfile(storekit, os.path.join(site, "Products.storekit"))
    write(os.path.join(site, "paywall.yml"), PAYWALL_YML)
    groups = data.get("subscriptionGroups", [])
    for index, group in enumerate(groups):
        write(os.path.join(site, "content", f"group{index + 1}.md"), f"---\ngroupID: {json.dumps(group['id'])}\n---\n")
    one_time = [product["productID"] for product in data.get("products", []) + data.get("nonRenewingSubscriptions", [])
                if product.get("type") in ONE_TIME_TYPES]
    if one_time:
        ids = json.dumps(one_time)
        write(os.path.join(site, "content", "onetime.md"), f"---\nproductIDs: {ids}\n---\n")
        if groups:
            write(os.path.join(site, "content", "mixed.md"),
                  f"---\ngroupID: {json.dumps(groups[0]['id'])}\nadditionalProductIDs: {ids}\n---\n")


if __name__ == "__main__":
    make_site(sys.argv[1], sys.argv[2])
