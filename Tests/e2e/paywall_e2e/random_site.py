"""python3 -m paywall_e2e.random_site SEED SITE: makes a small site from a seed, for memo_oracle to build in every way.

The same seed makes the same site. Each site mixes what changes a page's prices and words: locales that share a
storefront or not, subscription levels and periods, introductory, promotional and win-back offers, yearly products
with a monthly billing plan (in some storefronts only); pages on a group or on `productIDs` in any
order, with `billingPlan`, `offer`, `visibleRelationships`, `selected`, `badges`, `controlStyle`, `optionGroups` and
`buttonLabel`; translations that change some of them; "twin" pages that differ from another in one key; and an
experiment's variant with another billing plan; a lifetime purchase and a season pass beside the groups, on pages
that name products; option groups listed by hand, each with its own billing plan. Every site it makes builds without
an error."""
import os
import random
import sys

LOCALES = [("en-US", "USA"), ("de-DE", "DEU"), ("fr-FR", "FRA"), ("ja-JP", "JPN"), ("ar-SA", "SAU"),
           ("en-GB", "GBR"), ("de-AT", "AUT"), ("fr-BE", "DEU"), ("es-ES", "FRA")]
PERIODS = [("P1W", 0.25), ("P1M", 1), ("P3M", 3), ("P6M", 6), ("P1Y", 12)]
STYLES = ["picker", "buttons", "prominentPicker", "pagedPicker", "compactPicker"]


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def with_key(keys, key, value):
    """Front matter lines `keys` with `key` set to `value` (last)."""
    return [line for line in keys if not line.startswith(key + ":")] + [f"{key}: {value}"]


def make_site(seed, root):
    r = random.Random(seed)
    locales = [LOCALES[0]] + r.sample(LOCALES[1:], r.randint(1, 4))
    storefronts = sorted({storefront for _, storefront in locales})

    def amount(base, storefront):
        return str(int(base * 150)) if storefront == "JPN" else f"{base:.2f}"

    def prices(base, some=False):
        """A price in every storefront (`some`: in some of them, as a billing plan may be)."""
        chosen = [s for s in storefronts if not (some and r.random() < 0.3)] or storefronts[:1]
        return "{ " + ", ".join(f'{s}: "{amount(base * r.choice([1, 1, 0.9, 1.1]), s)}"' for s in chosen) + " }"

    lines = ["subscriptionGroups:"]
    groups = []
    for g in range(r.randint(1, 2)):
        products, promotions = [], {}
        lines += [f"  - id: group{g}", f"    name: Group {g}", "    localizations:"]
        lines += [f"      {locale}: {{ displayName: Group {g} {locale}, description: \"About {locale}\" }}"
                  for locale, _ in locales]
        lines.append("    subscriptions:")
        for level in range(1, r.randint(1, 3) + 1):
            for period, months in r.sample(PERIODS, r.randint(1, 3)):
                product = f"g{g}.l{level}.{period.lower()}"
                products.append(product)
                base = months * (10 - 2 * level) * r.choice([0.6, 0.8, 1.0])
                lines += [f"      - id: {product}", f"        level: {level}", f"        period: {period}",
                          f"        price: {prices(base)}"]
                if r.random() < 0.4:
                    mode = r.choice(["freeTrial", "payUpFront", "payAsYouGo"])
                    terms = {"freeTrial": "period: P1W", "payUpFront": f"period: P1M, price: {prices(base / 3)}",
                             "payAsYouGo": f"period: P1M, periodCount: 2, price: {prices(base / 3)}"}[mode]
                    lines.append(f"        introductoryOffer: {{ paymentMode: {mode}, {terms} }}")
                if period == "P1Y" and r.random() < 0.7:
                    lines += ["        billingPlans:", "          monthly:",
                              f"            price: {prices(base / 11, True)}"]
                if r.random() < 0.4:
                    promotions.setdefault(f"promo{level}", []).append(product)
                    lines += ["        promotionalOffers:",
                              f"          - {{ id: promo{level}, paymentMode: payAsYouGo, period: P1M, periodCount: 3,"
                              f" price: {prices(base / 4)} }}"]
                if r.random() < 0.3:
                    lines += ["        winBackOffers:",
                              f"          - {{ id: back{level}, paymentMode: freeTrial, period: P1M }}"]
                if r.random() < 0.3:
                    lines.append("        familyShareable: true")
                lines.append("        localizations:")
                lines += [f"          {locale}: {{ displayName: \"{product} {locale}\","
                          f" description: \"For {product}\" }}"
                          for locale, _ in locales if locale == "en-US" or r.random() < 0.8]
        groups.append((f"group{g}", products, promotions))
    one_time = []
    if r.random() < 0.5:
        one_time.append("lifetime")
        lines += ["nonConsumables:", f"  - {{ id: lifetime, price: {prices(r.choice([49.99, 99.99]))},",
                  "      localizations: { en-US: { displayName: Lifetime, description: Paid once } } }"]
    if r.random() < 0.4:
        one_time.append("season.pass")
        lines += ["nonRenewingSubscriptions:", f"  - {{ id: season.pass, period: P3M, price: {prices(14.99)},",
                  "      localizations: { en-US: { displayName: Season, description: Three months } } }"]
    write(f"{root}/catalog.yml", "\n".join(lines) + "\n")

    experiment = None
    for p in range(r.randint(2, 6)):
        group, products, promotions = r.choice(groups)
        if r.random() < 0.3:
            shown = r.sample(products, r.randint(1, len(products)))
            extra = r.sample(one_time, r.randint(0, len(one_time)))
            keys = [f"productIDs: [{', '.join(shown + extra)}]"]
        else:
            shown = products
            keys = [f"groupID: {group}"]
            if r.random() < 0.4:
                relationships = r.sample(["upgrade", "downgrade", "crossgrade", "current", "all"], r.randint(1, 2))
                keys.append(f"visibleRelationships: [{', '.join(relationships)}]")
        offered = sorted(name for name, owners in promotions.items() if set(owners) & set(shown))
        if offered and r.random() < 0.5:
            keys.append(f"offer: {{ promotional: {r.choice(offered)} }}")
        if r.random() < 0.5:
            keys.append(f"billingPlan: {r.choice(['monthly', 'upFront'])}")
        if r.random() < 0.4:
            keys.append(f"selected: {r.choice(shown)}")
        if r.random() < 0.5:
            keys.append(f"controlStyle: {r.choice(STYLES)}")
        style = r.choice(['tabs', 'links', 'sections'])
        if r.random() < 0.3:
            keys.append(f"optionGroups: {{ style: {style}, groupBy: {r.choice(['period', 'level'])} }}")
        elif len(shown) > 1 and r.random() < 0.3:
            cut = r.randint(1, len(shown) - 1)
            listed = [("First", shown[:cut]), ("Second", shown[cut:])]
            keys.append(f"optionGroups:\n  style: {style}\n  groups:")
            for label, ids in listed:
                plan = f", billingPlan: {r.choice(['monthly', 'upFront'])}" if r.random() < 0.6 else ""
                keys.append(f"    - {{ label: {label}, productIDs: [{', '.join(ids)}]{plan} }}")
        if r.random() < 0.3:
            keys.append(f"buttonLabel: [{r.choice(['multiline, price', 'action', 'singleLine', 'displayName'])}]")
        if r.random() < 0.3:
            keys.append(f"badges: {{ {r.choice(shown)}: Best }}")
        body = (f"# Page {p}\n\nOnly {{{{products.{shown[0]}.pricePerPeriod}}}} "
                f"({{{{products.{shown[-1]}.relativeDiscount}}}}, {{{{products.{shown[-1]}.pricePerMonth}}}}).\n")

        def page(name, title, keys):
            write(f"{root}/content/{name}.md", f"---\ntitle: {title}\n" + "\n".join(keys) + "\n---\n" + body)

        page(f"p{p}", f"Page {p}", keys)
        for locale, _ in locales[1:]:
            if r.random() < 0.3:
                translated = with_key(keys, "badges", f"{{ {r.choice(shown)}: Beste }}") if r.random() < 0.5 else keys
                if r.random() < 0.3:
                    translated = with_key(translated, "billingPlan", r.choice(["monthly", "upFront"]))
                page(f"p{p}.{locale}", f"Page {p} {locale}", translated)
        if r.random() < 0.4:
            key, value = r.choice([("billingPlan", r.choice(["monthly", "upFront"])), ("selected", r.choice(shown)),
                                   ("badges", f"{{ {r.choice(shown)}: Top }}")])
            page(f"p{p}twin", f"Twin {p}", with_key(keys, key, value))
        if experiment is None and r.random() < 0.3:
            experiment = f"p{p}"
            page(f"p{p}+plan", f"Variant {p}", with_key(keys, "billingPlan", r.choice(["monthly", "upFront"])))

    config = ["baseURL: https://example.com/", "defaultLocale: en-US",
              f"locales: [{', '.join(locale for locale, _ in locales)}]",
              f"storefronts: {{ {', '.join(f'{locale}: {storefront}' for locale, storefront in locales)} }}",
              "actions:", "  subscribe: \"https://pay.example.com/?p={productID}&l={locale}\"",
              "  changePlan: \"https://pay.example.com/change?from={currentProductID}&to={productID}\"",
              "policies: { termsOfService: https://example.com/terms, privacyPolicy: https://example.com/privacy }"]
    if experiment:
        config += ["experiments:", f"  - {{ id: plans, page: {experiment}, variants: {{ control: 50, plan: 50 }} }}"]
    write(f"{root}/paywall.yml", "\n".join(config) + "\n")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit("usage: python3 -m paywall_e2e.random_site SEED SITE")
    make_site(int(sys.argv[1]), sys.argv[2])
