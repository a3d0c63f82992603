#!/usr/bin/env python3
"""make bench: how fast paywall builds a site, side by side with Hugo. A benchmark, never a test:
nothing asserts a time; it exits non-zero only when it cannot run (no binary, a paywall build fails, an
unreadable --baseline).

    python3 scripts/bench.py [PAYWALL_BINARY] [--quick] [--skip-hugo] [--reference BINARY] [--json FILE]
                             [--baseline FILE]

Wall times include process start; memory is each child's own peak RSS (os.wait4), so the tools never mix.
  1. paywall vs Hugo on 2,000 pages (20 locales x 100 pages, 5 groups of 8 subscriptions). Hugo gets
     an equivalent multilingual site generated here: the same Markdown bodies (heading, bold price,
     list, table) through one layout showing the group's picker (name, price, per-month price, radio
     + label each) from data/groups/GROUP/LOCALE.json with preformatted prices. The builds alternate
     5 times (paywall, hugo, ...), each tool reusing its output dir. Read: the medians, the ratio
     paywall/hugo (< 1: paywall is faster), peak RSS (max over runs), and CPU time, steadier than
     wall time on a busy machine. The page counts of both outputs are printed as a check.
  2. paywall's stage times: one more build with --timings (skipped if that paywall predates it).
  3. Scaling: paywall on 200, 2,000 and 20,000 pages (10/100/1000 pages per locale), best of 3 builds
     into a new output each: the third of them is a rebuild with a spare, as in the comparison above, so
     each size is measured alike. Linear is t(20000)/t(2000) = 10; memory growth is RSS(20000)/RSS(2000).
  4. Cold build of a one-page, one-locale site: median of 11 runs, in ms (goal <= 15 ms).
  5. `paywall serve` on the 2,000-page site: save one content file, time until the reload event arrives on
     the page's event stream (goal <= 100 ms), median of 9 edits; and the rebuild time the serve log prints.
At the end, one line per goal: met, MISSED, or not measured (no Hugo; --quick has no 20,000-page site).
--quick: fewer runs, no 20,000-page site. --skip-hugo: paywall only (automatic when `hugo` is not on
PATH; `make bench` installs the Debian package). --json FILE: the figures, for a later --baseline.
--baseline FILE: a previous run's --json, printed beside this run's, every ratio, time or peak memory that
is worse (as printed) flagged. Before and after a change: run the old binary with --json, then the new one with
--baseline (`make bench BENCH_FLAGS="--baseline before.json"`).
--reference BINARY: another paywall (an earlier commit's release build) built in the same rounds of step 1, after
paywall and before Hugo, into its own output: its medians and its ratio to Hugo beside paywall's, and paywall /
reference. A baseline was measured on another day, when the machine may have been busier or quieter (Hugo's own
median has moved by half between days); a reference shares every round with paywall, so their ratio is the
figure to compare.
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile, time

from bench_report import against, goals, read_baseline, write_figures

LOCALES = ["en-US", "de-DE", "fr-FR", "es-ES", "it-IT", "pt-BR", "pt-PT", "nl-NL", "sv-SE", "da-DK",
           "nb-NO", "fi-FI", "pl-PL", "ru-RU", "tr-TR", "ja-JP", "ko-KR", "zh-Hans-CN", "ar-SA", "he-IL"]
STOREFRONTS = {"US": "USA", "DE": "DEU", "FR": "FRA", "ES": "ESP", "IT": "ITA", "BR": "BRA", "PT": "PRT",
               "NL": "NLD", "SE": "SWE", "DK": "DNK", "NO": "NOR", "FI": "FIN", "PL": "POL", "RU": "RUS",
               "TR": "TUR", "JP": "JPN", "KR": "KOR", "CN": "CHN", "SA": "SAU", "IL": "ISR"}
CURRENCIES = {"USA": "$", "BRA": "R$", "SWE": "kr", "DNK": "kr.", "NOR": "kr", "POL": "zł", "RUS": "₽",
              "TUR": "₺", "JPN": "¥", "KOR": "₩", "CHN": "¥", "SAU": "SAR", "ISR": "₪"}  # else €
PERIODS = [("weekly", "P1W", 1), ("monthly", "P1M", 4), ("quarterly", "P3M", 10), ("yearly", "P1Y", 30)]
MONTHS = {"P1W": 12 / 52, "P1M": 1, "P3M": 3, "P1Y": 12}
GROUPS = 5


def price(base, storefront):
    factor = 100 if storefront in ("JPN", "KOR") else 1
    return f"{base * factor:.2f}" if factor == 1 else str(int(base * factor * 10))


def subscriptions(g):
    """(product ID, level, display name, period, base price) of group g's 8 subscriptions."""
    return [(f"g{g}.l{level}.{name}", level, f"{name.title()} {level}", period, base * (3 - level) - 0.01)
            for level in (1, 2) for name, period, base in PERIODS]


def storefront(locale):
    return STOREFRONTS[locale.split("-")[-1]]


def body(p, price_ref):
    return (f"# Page {p}\n\nOnly **{price_ref}** a month.\n\n"
            "- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")


def catalog(locales, groups):
    lines = ["subscriptionGroups:"]
    for g in range(groups):
        lines += [f"  - id: group{g}", f"    name: Group {g}", "    localizations:"]
        lines += [f"      {loc}: {{ displayName: Group {g} {loc}, description: \"Everything, in {loc}.\" }}" for loc in locales]
        lines.append("    subscriptions:")
        for pid, level, name, period, base in subscriptions(g):
            prices = ", ".join(f'{sf}: "{price(base, sf)}"' for sf in STOREFRONTS.values())
            lines += [f"      - id: {pid}", f"        level: {level}", f"        period: {period}",
                      f"        price: {{ {prices} }}",
                      "        introductoryOffer: { paymentMode: freeTrial, period: P1W }" if period == "P1Y" else "",
                      "        localizations:"]
            lines += [f"          {loc}: {{ displayName: \"{name}\", description: \"Plan {pid}\" }}" for loc in locales]
    return "\n".join(line for line in lines if line) + "\n"


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def make_site(root, pages=100, locales=LOCALES, groups=GROUPS):
    """A paywall site: `pages` Markdown files, each built once per locale."""
    storefronts = ", ".join(f"{loc}: {storefront(loc)}" for loc in locales)
    write(f"{root}/paywall.yml", f"baseURL: https://example.com/\ndefaultLocale: {locales[0]}\n"
          f"locales: [{', '.join(locales)}]\nstorefronts: {{ {storefronts} }}\n"
          "actions: { subscribe: \"https://pay.example.com/?p={productID}&l={locale}\" }\n"
          "policies: { termsOfService: https://example.com/terms, privacyPolicy: https://example.com/privacy }\n")
    write(f"{root}/catalog.yml", catalog(locales, groups))
    for p in range(pages):
        g = p % groups
        write(f"{root}/content/page{p:03}.md",
              f"---\ntitle: Page {p}\ngroupID: group{g}\ncontrolStyle: {['picker', 'buttons', 'prominentPicker'][p % 3]}\n---\n"
              + body(p, f"{{{{products.g{g}.l1.yearly.pricePerMonth}}}}"))


HUGO_LAYOUT = """<!doctype html>
<html lang="{{ site.LanguageCode }}">
<head><meta charset="utf-8"><title>{{ .Title }}</title>
<link rel="stylesheet" href="{{ "style.css" | absURL }}"></head>
<body><header class="prose">{{ .Content }}</header>
{{ $group := index site.Data.groups .Params.group .Lang }}
<main><fieldset class="picker"><legend>{{ $group.name }}</legend>
{{ range $i, $o := $group.options }}<div class="option-row">
<input type="radio" name="plan" id="option-{{ $i }}" value="{{ $o.id }}"{{ if eq $i 0 }} checked{{ end }}>
<label class="option" for="option-{{ $i }}"><span class="option-name">{{ $o.name }}</span>
<strong class="price">{{ $o.price }}</strong> <span class="equivalent">{{ $o.perMonth }}/month</span></label>
</div>
{{ end }}</fieldset></main>
</body></html>
"""
# The body's `**{{products.ID.pricePerMonth}}**` placeholder becomes a shortcode reading the same data.
HUGO_SHORTCODE = """{{ $id := .Get 0 }}{{ range (index site.Data.groups .Page.Params.group .Page.Lang).options }}\
{{ if eq .id $id }}{{ .perMonth }}{{ end }}{{ end }}"""


def make_hugo_site(root, pages=100, locales=LOCALES, groups=GROUPS):
    """The same pages for Hugo: one contentDir per language (Hugo lowercases language keys)."""
    config = ['baseURL = "https://example.com/"', f'defaultContentLanguage = "{locales[0].lower()}"',
              "defaultContentLanguageInSubdir = true",
              'disableKinds = ["taxonomy", "term", "RSS", "sitemap", "robotsTXT", "404", "home", "section"]']
    for weight, loc in enumerate(locales, 1):
        config += [f"[languages.{loc.lower()}]", f'languageCode = "{loc}"', f'contentDir = "content/{loc.lower()}"',
                   f"weight = {weight}"]
    write(f"{root}/config.toml", "\n".join(config) + "\n")
    write(f"{root}/layouts/_default/single.html", HUGO_LAYOUT)
    write(f"{root}/layouts/shortcodes/price.html", HUGO_SHORTCODE)
    write(f"{root}/static/style.css", "body { font: 16px system-ui; }\n")
    for loc in locales:
        symbol = CURRENCIES.get(storefront(loc), "€")
        for g in range(groups):
            options = [{"id": pid, "name": name, "price": f"{price(base, storefront(loc))} {symbol}",
                        "perMonth": f"{float(price(base, storefront(loc))) / MONTHS[period]:.2f} {symbol}"}
                       for pid, _, name, period, base in subscriptions(g)]
            write(f"{root}/data/groups/group{g}/{loc.lower()}.json",
                  json.dumps({"name": f"Group {g} {loc}", "options": options}))
        for p in range(pages):
            g = p % groups
            write(f"{root}/content/{loc.lower()}/page{p:03}.md", f"---\ntitle: Page {p}\ngroup: group{g}\n---\n"
                  + body(p, f'{{{{< price "g{g}.l1.yearly" >}}}}'))


def run(argv):
    """Runs argv; returns (wall s, CPU s (user + sys), peak RSS MiB, exit code, stderr) of that one child."""
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        child = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=err)
        _, status, usage = os.wait4(child.pid, 0)
        seconds = time.perf_counter() - start
        child.returncode = os.waitstatus_to_exitcode(status)  # reaped here: tell Popen
        err.seek(0)
        cpu = usage.ru_utime + usage.ru_stime
        return seconds, cpu, usage.ru_maxrss / 1024, child.returncode, err.read().decode(errors="replace")


def paywall(binary, site, out, *flags):
    result = run([binary, "build", site, "-o", out, "--quiet", *flags])
    if result[3] != 0 and "--timings" not in flags:
        print(result[4][-4000:], file=sys.stderr)
        sys.exit(f"bench: the paywall build of {site} failed (exit {result[3]})")
    return result


def html_pages(out):
    """(number of *.html pages but the root index.html, a locale redirect in both tools; their MiB)."""
    sizes = [os.path.getsize(os.path.join(d, n)) for d, _, files in os.walk(out) for n in files
             if n.endswith(".html") and d != out]
    return len(sizes), sum(sizes) / 2**20


def fmt(runs):
    return ", ".join(f"{r:.2f}" for r in runs)


def compare(binary, work, runs, use_hugo, reference=None):
    make_site(f"{work}/site")
    if use_hugo:
        make_hugo_site(f"{work}/hugo")
    results = {"paywall": [], "reference": [], "hugo": []}
    for _ in range(runs):
        results["paywall"].append(paywall(binary, f"{work}/site", f"{work}/public"))
        if reference:
            results["reference"].append(paywall(reference, f"{work}/site", f"{work}/reference-public"))
        if use_hugo:
            result = run(["hugo", "--quiet", "--source", f"{work}/hugo", "--destination", f"{work}/hugo-public"])
            if result[3] != 0:
                print(result[4][-4000:], file=sys.stderr)
                print(f"bench: the Hugo build failed (exit {result[3]}); going on without Hugo")
                use_hugo = False
            results["hugo"].append(result)
    tools = ["paywall"] + (["reference"] if reference else []) + (["hugo"] if use_hugo else [])
    wall = {tool: [r[0] for r in results[tool]] for tool in tools}
    median = {tool: statistics.median(wall[tool]) for tool in tools}
    cpu = {tool: statistics.median(r[1] for r in results[tool]) for tool in tools}
    pages, size = html_pages(f"{work}/public")
    line = f"bench: {pages} pages" + "".join(f"  {tool} median {median[tool]:.2f} s (runs {fmt(wall[tool])})" for tool in tools)
    if use_hugo:
        line += f"  ratio {median['paywall'] / median['hugo']:.2f}"
    print(line + "  peak RSS (max of runs)" + "".join(f" {t} {max(r[2] for r in results[t]):.0f} MiB" for t in tools))
    if reference:
        print(f"bench: reference {reference}: " + (f"ratio to Hugo {median['reference'] / median['hugo']:.2f}  "
                                                   if use_hugo else "")
              + f"paywall / reference: wall {median['paywall'] / median['reference']:.2f}, "
              f"CPU {cpu['paywall'] / cpu['reference']:.2f} (< 1: paywall is faster)")
    print("bench: CPU time (user + sys, median)" + "".join(f"  {t} {cpu[t]:.2f} s" for t in tools) + "  (steadier than wall time on a busy machine)")
    figures = {"pages": pages}
    if reference:
        figures["against_reference"] = median["paywall"] / median["reference"]
        if use_hugo:
            figures["reference_ratio"] = median["reference"] / median["hugo"]
    for tool in tools:
        figures.update({f"{tool}_s": median[tool], f"{tool}_cpu_s": cpu[tool],
                        f"{tool}_rss_mib": max(r[2] for r in results[tool])})
    if use_hugo:
        figures["ratio"] = median["paywall"] / median["hugo"]
        hugo_pages, hugo_size = html_pages(f"{work}/hugo-public")
        print(f"bench: output  paywall {pages} pages, {size:.1f} MiB of HTML  hugo {hugo_pages} pages, {hugo_size:.1f} MiB of HTML")
        if hugo_pages != pages:
            print(f"bench: note: Hugo wrote {hugo_pages} pages, paywall {pages}: not like for like")
    return figures


def stage_timings(binary, work):
    _, _, _, code, stderr = paywall(binary, f"{work}/site", f"{work}/public", "--timings")
    line = next((l for l in stderr.splitlines() if l.startswith("timings:")), None)
    if code == 64 or "Unknown option" in stderr:
        print("bench: stage timings need a paywall with --timings")
    elif code != 0:
        print(stderr[-4000:], file=sys.stderr)
        sys.exit(f"bench: the paywall build with --timings failed (exit {code})")
    else:
        print(f"bench: stages (2000 pages) {line}" if line else "bench: --timings printed no `timings:` line")


def scaling(binary, work, quick):
    """paywall alone on 200, 2,000 and 20,000 pages: (pages per locale, runs)."""
    sizes = [(10, 1), (100, 1)] if quick else [(10, 3), (100, 3), (1000, 3)]
    rows = {}
    for per_locale, n in sizes:
        site = f"{work}/scale{per_locale}"
        make_site(site, pages=per_locale)
        results = [paywall(binary, site, f"{site}-public") for _ in range(n)]
        t, rss = min(r[0] for r in results), max(r[2] for r in results)
        pages = per_locale * len(LOCALES)
        rows[pages] = (t, rss)
        print(f"bench: scaling  {pages:>6} pages  {t:6.2f} s  {pages / t:6.0f} pages/s  peak RSS {rss:4.0f} MiB  (best of {n})")
        shutil.rmtree(site), shutil.rmtree(f"{site}-public")
    small, large = (2000, 20000) if 20000 in rows else (200, 2000)
    (t1, m1), (t2, m2) = rows[small], rows[large]
    print(f"bench: scaling  t({large})/t({small}) = {t2 / t1:.1f}" + ("  (--quick: no 20,000-page site)" if quick else
          " (goal <= 10)") + f"  memory x{m2 / m1:.1f} ({m1:.0f} -> {m2:.0f} MiB)")
    figures = {f"scale{pages}_s": t for pages, (t, _) in rows.items()}
    figures.update({f"scale{pages}_rss_mib": rss for pages, (_, rss) in rows.items()})
    if large == 20000:
        figures.update({"scaling_ratio": t2 / t1, "memory_growth": m2 / m1})
    return figures


def serve(binary, work, edits):
    """`paywall serve` on the 2,000-page site: the time from saving one content file to the reload event on the
    page's event stream (what a browser waits for), and the rebuild time the serve log prints."""
    import re, socket
    site = f"{work}/site"
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen([binary, "serve", site, "-o", f"{work}/serve-public", "--port", str(port)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    log = []
    try:
        deadline = time.time() + 120
        while time.time() < deadline:
            line = server.stdout.readline()
            log.append(line)
            if "Serving" in line:
                break
        else:
            print("bench: serve did not start: " + "".join(log[-5:]))
            return {}
        stream = socket.create_connection(("127.0.0.1", port), timeout=10)
        stream.sendall(b"GET /__paywall/events HTTP/1.1\r\nHost: localhost\r\n\r\n")
        stream.recv(4096)  # the response head
        times, rebuilds = [], []
        page = f"{site}/content/page007.md"
        for edit in range(edits):
            time.sleep(0.3)
            with open(page, "a") as f:
                start = time.perf_counter()
                f.write(f"\nEdit {edit}.\n")
            received = b""
            while b"event: reload" not in received:
                received += stream.recv(4096)
            times.append((time.perf_counter() - start) * 1000)
            line = server.stdout.readline()
            match = re.search(r"in (\d+) ms", line)
            if match:
                rebuilds.append(int(match.group(1)))
        stream.close()
        print(f"bench: serve, save -> reload event  median {statistics.median(times):.0f} ms of {edits} edits "
              f"(min {min(times):.0f}, max {max(times):.0f}; goal <= 100 ms)"
              + (f"  rebuild as logged: median {statistics.median(rebuilds)} ms" if rebuilds else ""))
        return {"serve_ms": statistics.median(times), **({"serve_rebuild_ms": statistics.median(rebuilds)} if rebuilds else {})}
    finally:
        server.terminate()
        server.wait()


def cold(binary, work, runs):
    site = f"{work}/one"
    make_site(site, pages=1, locales=["en-US"], groups=1)
    times = [paywall(binary, site, f"{site}-public")[0] * 1000 for _ in range(runs)]
    print(f"bench: one-page cold build  median {statistics.median(times):.1f} ms of {runs} runs "
          f"(min {min(times):.1f}, max {max(times):.1f}; goal <= 15 ms)")
    return {"cold_ms": statistics.median(times)}


def main():
    parser = argparse.ArgumentParser(description="make bench: paywall's speed, beside Hugo's")
    parser.add_argument("binary", nargs="?", default=".build/release/paywall")
    parser.add_argument("--quick", action="store_true", help="fewer runs, no 20,000-page site")
    parser.add_argument("--skip-hugo", action="store_true", help="paywall only")
    parser.add_argument("--json", metavar="FILE", help="write the figures to FILE (for a later --baseline)")
    parser.add_argument("--baseline", metavar="FILE", help="a previous run's --json: print both, flag what is worse")
    parser.add_argument("--reference", metavar="BINARY", help="another paywall, built in the same rounds (step 1)")
    options = parser.parse_args()
    binary = os.path.abspath(options.binary)
    if not os.access(binary, os.X_OK):
        sys.exit(f"bench: no paywall binary at {binary} (build it: swift build -c release --product paywall)")
    reference = options.reference and os.path.abspath(options.reference)
    if reference and not os.access(reference, os.X_OK):
        sys.exit(f"bench: no reference binary at {reference}")
    baseline = read_baseline(options.baseline) if options.baseline else None
    quick, use_hugo = options.quick, not options.skip_hugo and shutil.which("hugo") is not None
    if quick:
        print("bench: --quick: fewer runs, no 20,000-page site")
    if not use_hugo:
        print("bench: skipping Hugo: " + ("--skip-hugo" if options.skip_hugo else
                                          "`hugo` is not on PATH (install it: apt-get install -y hugo)"))
    else:
        print("bench: comparing with " + " ".join(subprocess.run(["hugo", "version"], capture_output=True,
                                                                 text=True).stdout.split()[:2]))
    work = tempfile.mkdtemp(prefix="paywall-bench-")
    figures = {}
    try:
        figures.update(compare(binary, work, 2 if quick else 5, use_hugo, reference))
        stage_timings(binary, work)
        figures.update(scaling(binary, work, quick))
        figures.update(cold(binary, work, 5 if quick else 11))
        figures.update(serve(binary, work, 5 if quick else 9))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    goals(figures)
    if baseline:
        against(baseline, figures)
    if options.json:
        write_figures(options.json, binary, quick, figures)


if __name__ == "__main__":
    main()
