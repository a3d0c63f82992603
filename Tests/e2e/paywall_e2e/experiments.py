"""What every host must do with an experiment's addresses (DESIGN.md 5a), for the worker and nginx tests: a test
site (the example with an experiment and a holdout, below baseURL's path /subscribe/), MurmurHash2 written again
here from nginx's ngx_murmurhash.c, and the checks, each against a `client(target, cookie, accept_language)` that
returns (status, headers with lowercase names, set-cookie values, the page's paywall-variant meta or None):

  ids       2,000 user IDs (?app_user_id=user-0 …), each asked twice with a cookie that would say otherwise: every answer is
            the page of the variant experiments.json's ranges give the ID (a 302 there with the query kept, or the
            control's own page at its address), every time; the variant pages say which variant they are
  shares    those IDs' shares per variant within 3 points of the weights (the holdout's too)
  bounds    units made to hash exactly to each range bound and the hash below it: split_clients' exact bounds
  cookies   2,000 visitors without an ID: the first answer sets pw_visitor once (32 hex digits), the variant is the
            one the cookie's hash gives, and the next answers, with the cookie, keep it and set nothing; their shares
            (random IDs) within five standard deviations of the weights
  language  the locale-less NAME/ leads to the variant in the visitor's language, query kept
  headers   every answer of an experiment's address has Cache-Control private, no-store and Vary Cookie
  fallback  an empty ?app_user_id= falls back to the cookie"""
import re

EXPERIMENT = """experiments:
  - id: yearly-first
    page: plus
    variants: { control: 40, annual: 40 }
    unit: app_user_id
"""
VARIANT = """---
title: Birdsong Plus, the year first
productIDs: [plus.yearly, plus.monthly]
controlStyle: prominentPicker
selected: plus.yearly
marketing: automatic
---
"""
VARIANT_DE = "---\ntitle: Birdsong Plus, das Jahr zuerst\n---\n"
PREFIX = "/subscribe/"
META = re.compile(r'<meta name="paywall-variant" content="([^"]*)">')
HEX = re.compile(r"^[0-9a-f]{32}$")


def make_site(site, hosting=None, weights=None):
    """The example site (copied to `site` before) with the experiment, its variant and, optionally, `hosting:` and
    other weights."""
    experiment = EXPERIMENT if weights is None else EXPERIMENT.replace("control: 40, annual: 40", weights)
    with open(site / "paywall.yml", "a", encoding="utf-8") as f:
        f.write(experiment + (f"hosting: [{hosting}]\n" if hosting else ""))
    (site / "content" / "plus+annual.md").write_text(VARIANT, encoding="utf-8")
    (site / "content" / "plus+annual.de.md").write_text(VARIANT_DE, encoding="utf-8")


def murmur2(data):
    """nginx's ngx_murmur_hash2: MurmurHash2, 32 bits, seed 0."""
    m, h, i, left = 0x5BD1E995, len(data) & 0xFFFFFFFF, 0, len(data)
    while left >= 4:
        k = data[i] | data[i + 1] << 8 | data[i + 2] << 16 | data[i + 3] << 24
        k = (k * m) & 0xFFFFFFFF
        k ^= k >> 24
        k = (k * m) & 0xFFFFFFFF
        h = ((h * m) & 0xFFFFFFFF) ^ k
        i, left = i + 4, left - 4
    if left == 3:
        h ^= data[i + 2] << 16
    if left >= 2:
        h ^= data[i + 1] << 8
    if left >= 1:
        h = ((h ^ data[i]) * m) & 0xFFFFFFFF
    h ^= h >> 13
    h = (h * m) & 0xFFFFFFFF
    return h ^ (h >> 15)


M_INVERSE = pow(0x5BD1E995, -1, 1 << 32)
UNRESERVED = set(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")


def unit_with_hash(key, target):
    """A unit of URL-safe characters whose key + unit hashes to exactly `target`: MurmurHash2 runs backwards from
    the hash through the last 4-byte block (the key + unit a multiple of 4 bytes), trying prefixes until that
    block's bytes are all unreserved characters."""
    def unshift(value, shift):
        result = value
        for _ in range(32 // shift):
            result = value ^ (result >> shift)
        return result & 0xFFFFFFFF
    h = unshift(target, 15)
    h = unshift((h * M_INVERSE) & 0xFFFFFFFF, 13)
    pad = (-(len(key.encode()) + 4)) % 4
    for counter in range(1_000_000):
        prefix = f"b{counter:0{pad + 8}d}"[: pad + 8]
        head = (key + prefix).encode()
        if (len(head) + 4) % 4:
            continue
        state, i = (len(head) + 4) & 0xFFFFFFFF, 0
        while i < len(head):
            k = head[i] | head[i + 1] << 8 | head[i + 2] << 16 | head[i + 3] << 24
            k = (k * 0x5BD1E995) & 0xFFFFFFFF
            k ^= k >> 24
            state = ((state * 0x5BD1E995) & 0xFFFFFFFF) ^ ((k * 0x5BD1E995) & 0xFFFFFFFF)
            i += 4
        mixed = h ^ ((state * 0x5BD1E995) & 0xFFFFFFFF)
        k = (mixed * M_INVERSE) & 0xFFFFFFFF
        k ^= k >> 24
        k = (k * M_INVERSE) & 0xFFFFFFFF
        block = k.to_bytes(4, "little")
        if all(byte in UNRESERVED for byte in block):
            unit = prefix + block.decode()
            assert murmur2((key + unit).encode()) == target
            return unit
    raise ValueError(f"no unit for {target}")


def expected(experiment, unit):
    """The variant (a range of experiments.json) that `unit` falls in."""
    value = murmur2((experiment["key"] + unit).encode("utf-8"))
    return next(v for v in experiment["variants"] if v["from"] <= value < v["to"])


def page_of(status, headers, meta, experiment, locale, at=PREFIX):
    """The variant page an answer shows: the redirect's target (below `at`), else the control's own page."""
    if status == 302:
        location = headers.get("location", "")
        for variant in experiment["variants"]:
            if location.split("?")[0] == at + variant["paths"][locale]:
                return variant["page"]
        return f"? {location}"
    return experiment["page"] if status == 200 and meta == f"{experiment['id']}:control" else f"? {status} {meta}"


def check(report, host, client, manifest, at=PREFIX):
    """Every check above, against `client`, for the first experiment of `manifest` (experiments.json); `at`: where
    the host's redirects lead (the site's path; `serve` answers at the root too and redirects there)."""
    experiment = manifest["experiments"][0]
    weights = {v["name"]: float(v["weight"]) for v in experiment["variants"]}
    target = PREFIX + "en-US/plus/"
    problems, headers_problems, counts, metas = [], [], {}, set()
    for index in range(2000):
        unit = f"user-{index}"
        want = expected(experiment, unit)
        counts[want["name"]] = counts.get(want["name"], 0) + 1
        query = f"?utm_source=mail&app_user_id={unit}"
        for attempt in range(2):
            status, headers, cookies, meta = client(target + query, f"pw_visitor=other-{attempt}", None)
            got = page_of(status, headers, meta, experiment, "en-US", at)
            if got != want["page"]:
                problems.append(f"{unit}: {got}, experiments.json says {want['page']} ({want['name']})")
            elif status == 302 and headers.get("location") != at + want["paths"]["en-US"] + query:
                problems.append(f"{unit}: redirected to {headers.get('location')}, the query not kept")
            if cookies:
                problems.append(f"{unit}: a cookie set though the visitor had one: {cookies}")
            if "no-store" not in headers.get("cache-control", "") or "Cookie" not in headers.get("vary", ""):
                headers_problems.append(f"{target}{query}: Cache-Control {headers.get('cache-control')!r}, "
                                        f"Vary {headers.get('vary')!r}")
        if status == 302 and index < 50:
            metas.add(client(PREFIX + headers["location"][len(at):], "pw_visitor=x", None)[3])
    report.problems(f"{host}: ids       2,000 user IDs, twice each, see the variant experiments.json gives them",
                    problems[:10], f"{len(problems)} mismatches")
    report.problems(f"{host}: variant   the variant's page says which it is", [] if metas == {f"{experiment['id']}:annual"}
                    else [f"metas: {metas}"])
    shares = {name: 100.0 * count / 2000 for name, count in counts.items()}
    report.problems(f"{host}: shares    within 3 points of the weights",
                    [f"{name}: {share:.1f}% for {weights[name]}%" for name, share in shares.items()
                     if abs(share - weights[name]) > 3],
                    ", ".join(f"{name} {share:.1f}%" for name, share in sorted(shares.items())))
    report.problems(f"{host}: headers   Cache-Control private, no-store and Vary Cookie on every answer",
                    headers_problems[:5])

    problems, counts = [], {}
    for index in range(2000):
        status, headers, cookies, meta = client(target + "?utm_source=ad", None, None)
        visitor = [c.split(";")[0].split("=", 1)[1] for c in cookies if c.startswith("pw_visitor=")]
        if len(cookies) != 1 or len(visitor) != 1 or not HEX.match(visitor[0]):
            problems.append(f"visitor {index}: Set-Cookie {cookies}")
            continue
        want = expected(experiment, visitor[0])
        counts[want["name"]] = counts.get(want["name"], 0) + 1
        first = page_of(status, headers, meta, experiment, "en-US", at)
        if first != want["page"]:
            problems.append(f"visitor {visitor[0]}: {first}, experiments.json says {want['page']}")
        for _ in range(2 if index < 200 else 1):
            status, headers, cookies, meta = client(target + "?utm_source=ad", f"pw_visitor={visitor[0]}", None)
            again = page_of(status, headers, meta, experiment, "en-US", at)
            if again != first or cookies:
                problems.append(f"visitor {visitor[0]}: then {again}, Set-Cookie {cookies}")
    shares = {name: 100.0 * count / 2000 for name, count in counts.items()}
    report.problems(f"{host}: cookies   2,000 visitors without an ID: cookie set once, variant kept",
                    problems[:10], f"{len(problems)} problems")
    # Random IDs: within five standard deviations of the weight (4.5 points for 20%), so that the check is not
    # flaky; the user IDs above are fixed, and held to 3 points.
    tolerance = {name: 500 * ((weight / 100) * (1 - weight / 100) / 2000) ** 0.5 for name, weight in weights.items()}
    report.problems(f"{host}: cookies   their shares within five standard deviations of the weights",
                    [f"{name}: {share:.1f}% for {weights[name]}%" for name, share in shares.items()
                     if abs(share - weights[name]) > tolerance[name]],
                    ", ".join(f"{name} {share:.1f}%" for name, share in sorted(shares.items())))

    problems = []
    for unit in ("user-1", "user-2", "user-3", "user-4"):
        want = expected(experiment, unit)
        status, headers, _, _ = client(PREFIX + f"plus/?app_user_id={unit}", "pw_visitor=z", "de-DE,de;q=0.9,en;q=0.5")
        if status != 302 or headers.get("location") != at + want["paths"]["de-DE"] + f"?app_user_id={unit}":
            problems.append(f"plus/ for {unit} in German: {status} {headers.get('location')}, "
                            f"want {PREFIX + want['paths']['de-DE']}")
    report.problems(f"{host}: language  NAME/ leads to the variant in the visitor's language, query kept", problems)

    check_bounds(report, host, client, manifest, at)

    unit = next(f"v{index}" for index in range(1000) if expected(experiment, f"v{index}")["name"] == "annual")
    status, headers, _, _ = client(target + "?app_user_id=", f"pw_visitor={unit}", None)
    report.problems(f"{host}: fallback  an empty ?app_user_id= falls back to the cookie",
                    [] if status == 302 and "plus+annual" in headers.get("location", "") else
                    [f"{status} {headers.get('location')}"])


def check_bounds(report, host, client, manifest, at=PREFIX):
    """The bounds check alone (a second experiment's weights)."""
    experiment = manifest["experiments"][0]
    target = PREFIX + "en-US/plus/"
    # At each boundary of experiments.json's ranges, the hash just below and the hash itself (and the last two
    # hashes there are): split_clients' exact bounds, which 2,000 random IDs would almost never touch.
    problems, cases = [], []
    for variant in experiment["variants"]:
        for value in (variant["from"] - 1, variant["from"], variant["to"] - 1):
            if 0 <= value < 1 << 32 and variant["from"] < variant["to"]:
                cases.append(value)
    for value in sorted(set(cases + [0xFFFFFFFE, 0xFFFFFFFF])):
        unit = unit_with_hash(experiment["key"], value)
        want = expected(experiment, unit)
        status, headers, _, meta = client(target + f"?app_user_id={unit}", "pw_visitor=z", None)
        got = page_of(status, headers, meta, experiment, "en-US", at)
        if got != want["page"]:
            problems.append(f"hash {value} ({unit}): {got}, experiments.json says {want['page']} ({want['name']})")
    report.problems(f"{host}: bounds    the hashes on each side of every range bound go where experiments.json says",
                    problems, f"{len(set(cases + [0xFFFFFFFE, 0xFFFFFFFF]))} hashes")
