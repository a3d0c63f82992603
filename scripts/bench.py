#!/usr/bin/env python3
"""make bench: builds a synthetic site (20 locales x 100 pages, a 5-group catalog) with a release
paywall and reports pages per second and peak memory (max RSS of the build process)."""
import os, resource, shutil, subprocess, sys, tempfile, time

LOCALES = ["en-US", "de-DE", "fr-FR", "es-ES", "it-IT", "pt-BR", "pt-PT", "nl-NL", "sv-SE", "da-DK",
           "nb-NO", "fi-FI", "pl-PL", "ru-RU", "tr-TR", "ja-JP", "ko-KR", "zh-Hans-CN", "ar-SA", "he-IL"]
STOREFRONTS = {"US": "USA", "DE": "DEU", "FR": "FRA", "ES": "ESP", "IT": "ITA", "BR": "BRA", "PT": "PRT",
               "NL": "NLD", "SE": "SWE", "DK": "DNK", "NO": "NOR", "FI": "FIN", "PL": "POL", "RU": "RUS",
               "TR": "TUR", "JP": "JPN", "KR": "KOR", "CN": "CHN", "SA": "SAU", "IL": "ISR"}
PERIODS = [("weekly", "P1W", 1), ("monthly", "P1M", 4), ("quarterly", "P3M", 10), ("yearly", "P1Y", 30)]


def price(base, storefront):
    factor = 100 if storefront in ("JPN", "KOR") else 1
    return f"{base * factor:.2f}" if factor == 1 else str(int(base * factor * 10))


def catalog():
    lines = ["subscriptionGroups:"]
    for g in range(5):
        lines += [f"  - id: group{g}", f"    name: Group {g}", "    localizations:"]
        lines += [f"      {loc}: {{ displayName: Group {g} {loc}, description: \"Everything, in {loc}.\" }}" for loc in LOCALES]
        lines.append("    subscriptions:")
        for level in (1, 2):
            for name, period, base in PERIODS:
                pid = f"g{g}.l{level}.{name}"
                prices = ", ".join(f'{sf}: "{price(base * (3 - level) - 0.01, sf)}"' for sf in STOREFRONTS.values())
                lines += [f"      - id: {pid}", f"        level: {level}", f"        period: {period}",
                          f"        price: {{ {prices} }}",
                          "        introductoryOffer: { paymentMode: freeTrial, period: P1W }" if name == "yearly" else "",
                          "        localizations:"]
                lines += [f"          {loc}: {{ displayName: \"{name.title()} {level}\", description: \"Plan {pid}\" }}" for loc in LOCALES]
    return "\n".join(line for line in lines if line) + "\n"


def make_site(root):
    os.makedirs(f"{root}/content")
    with open(f"{root}/paywall.yml", "w") as f:
        storefronts = ", ".join(f"{loc}: {STOREFRONTS[loc.split('-')[-1]]}" for loc in LOCALES)
        f.write(f"baseURL: https://example.com/\ndefaultLocale: en-US\nlocales: [{', '.join(LOCALES)}]\n"
                f"storefronts: {{ {storefronts} }}\n"
                "actions: { subscribe: \"https://pay.example.com/?p={productID}&l={locale}\" }\n"
                "policies: { termsOfService: https://example.com/terms, privacyPolicy: https://example.com/privacy }\n")
    with open(f"{root}/catalog.yml", "w") as f:
        f.write(catalog())
    for p in range(100):
        g = p % 5
        with open(f"{root}/content/page{p:03}.md", "w") as f:
            f.write(f"---\ntitle: Page {p}\ngroupID: group{g}\ncontrolStyle: {['picker', 'buttons', 'prominentPicker'][p % 3]}\n---\n"
                    f"# Page {p}\n\nOnly **{{{{products.g{g}.l1.yearly.pricePerMonth}}}}** a month.\n\n"
                    "- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")


def main():
    binary = sys.argv[1] if len(sys.argv) > 1 else ".build/release/paywall"
    work = tempfile.mkdtemp(prefix="paywall-bench-")
    try:
        make_site(f"{work}/site")
        runs = []
        for _ in range(3):
            start = time.perf_counter()
            result = subprocess.run([binary, "build", f"{work}/site", "-o", f"{work}/public", "--quiet"],
                                    capture_output=True, text=True)
            runs.append(time.perf_counter() - start)
            if result.returncode != 0:
                print(result.stderr[-4000:], file=sys.stderr)
                sys.exit("bench: the build failed")
        rss_kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        pages = \
            sum(1 for d, _, files in os.walk(f"{work}/public") for name in files if name == "index.html") - 1
        best = min(runs)
        print(f"bench: {pages} pages (20 locales x 100 pages, 5 groups x 8 subscriptions)")
        print(f"bench: best of 3 builds {best:.2f} s ({', '.join(f'{r:.2f}' for r in runs)}): {pages / best:.0f} pages/s")
        print(f"bench: peak memory {rss_kib / 1024:.0f} MiB (max RSS)")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
