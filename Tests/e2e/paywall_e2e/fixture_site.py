"""python3 -m paywall_e2e.fixture_site STOREKIT SITE [--twins]: makes a site around an Xcode .storekit file, with one
page per subscription group, a page of its one-time products and a page of its first group with them after it, in
every locale the file localizes. The file is copied into the (temporary) site: a site's inputs must be inside it.

--twins: each group also has pages that sell it otherwise, for memo_oracle to build alone and with the rest: billed
monthly; for subscribers (upgrades and the current plan, with the group's first promotional offer); and its products
named in reverse order, the last selected, billed monthly."""
import json
import os
import shutil
import sys

SUBSCRIBE = "subscribe: \"https://pay.example.com/checkout?product={productID}&locale={locale}\""
CHANGE_PLAN = "changePlan: \"https://pay.example.com/change?from={currentProductID}&to={productID}\""
POLICIES = "policies: { termsOfService: https://example.com/terms, privacyPolicy: https://example.com/privacy }\n"
ONE_TIME_TYPES = ("NonConsumable", "Consumable", "NonRenewingSubscription")


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def twins(group, index):
    """{page name: front matter} of the pages that sell `group` otherwise (--twins)."""
    group_id = json.dumps(group["id"])
    ids = [product["productID"] for product in group.get("subscriptions", [])]
    promotions = [offer["offerID"] for product in group.get("subscriptions", [])
                  for offer in product.get("adHocOffers", []) if offer.get("offerID")]
    offer = f"\noffer: {{ promotional: {json.dumps(promotions[0])} }}" if promotions else ""
    return {f"group{index}-monthly": f"groupID: {group_id}\nbillingPlan: monthly",
            f"group{index}-subscribers": f"groupID: {group_id}\nvisibleRelationships: [upgrade, current]{offer}",
            f"group{index}-reversed": f"productIDs: {json.dumps(ids[::-1])}\nselected: {json.dumps(ids[0])}\n"
                                      "billingPlan: monthly"}


def make_site(storekit, site, with_twins=False):
    storekit = os.path.abspath(storekit)
    os.makedirs(os.path.join(site, "content"), exist_ok=True)
    with open(storekit, encoding="utf-8") as f:
        data = json.load(f)
    shutil.copyfile(storekit, os.path.join(site, "Products.storekit"))
    actions = ", ".join([SUBSCRIBE] + ([CHANGE_PLAN] if with_twins else []))
    write(os.path.join(site, "paywall.yml"), f"catalog: Products.storekit\nactions: {{ {actions} }}\n" + POLICIES)
    groups = data.get("subscriptionGroups", [])
    for index, group in enumerate(groups):
        write(os.path.join(site, "content", f"group{index + 1}.md"), f"---\ngroupID: {json.dumps(group['id'])}\n---\n")
        for name, keys in (twins(group, index + 1) if with_twins else {}).items():
            write(os.path.join(site, "content", f"{name}.md"), f"---\n{keys}\n---\n")
    one_time = [product["productID"] for product in data.get("products", []) + data.get("nonRenewingSubscriptions", [])
                if product.get("type") in ONE_TIME_TYPES]
    if one_time:
        ids = json.dumps(one_time)
        write(os.path.join(site, "content", "onetime.md"), f"---\nproductIDs: {ids}\n---\n")
        if groups:
            write(os.path.join(site, "content", "mixed.md"),
                  f"---\ngroupID: {json.dumps(groups[0]['id'])}\nadditionalProductIDs: {ids}\n---\n")


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4) or sys.argv[3:] not in ([], ["--twins"]):
        sys.exit("usage: python3 -m paywall_e2e.fixture_site STOREKIT SITE [--twins]")
    make_site(sys.argv[1], sys.argv[2], with_twins=sys.argv[3:] == ["--twins"])
