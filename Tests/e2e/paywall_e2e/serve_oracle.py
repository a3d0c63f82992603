"""python3 -m paywall_e2e.serve_oracle PAYWALL_BINARY FIRST LAST [EDITS]: no memo `serve` keeps makes a page stale.

For each seed from FIRST to LAST, the site random_site makes is served (`paywall serve`, which keeps its memos from
one rebuild to the next) and edited EDITS times (default 5). Each edit moves prices: in one content file, its
billing plan switched, its productIDs reversed, visibleRelationships set, or selected, offer or badges removed; or
one price in the catalog. After each rebuild the output folder must hold exactly the files a cold `paywall build` of
the same inputs writes, byte for byte (the manifest included). An edit that makes the site fail to build is undone,
and the undo is the edit checked.

Prints one PASS/FAIL line per site and last `N passed, M failed`.
"""

import os
import random
import re
import subprocess
import sys
import time

from . import random_site
from .host_funnel import stop
from .memo_oracle import build, differences, snapshot
from .report import Report
from .workspace import temporary


def cold(binary, site, output):
    """The files a cold build of `site` writes (into `output`, memos on, -j 2), or None when it fails."""
    status, _ = build(binary, site, output, 2, True)
    return snapshot(output) if status == 0 else None


def change(r, site):
    """One edit that moves prices, made in place; (what, path, the file's text before)."""
    if r.random() < 0.2:
        path = os.path.join(site, "catalog.yml")
        text = open(path, encoding="utf-8").read()
        old = r.choice(re.findall(r'"(\d+\.\d\d)"', text))
        new = f"{float(old) * r.choice([0.5, 0.8, 1.25]):.2f}"
        open(path, "w", encoding="utf-8").write(text.replace(f'"{old}"', f'"{new}"', 1))
        return f"catalog.yml {old} -> {new}", path, text
    content = os.path.join(site, "content")
    name = r.choice(sorted(os.listdir(content)))
    path = os.path.join(content, name)
    text = open(path, encoding="utf-8").read()
    head, rest = text[len("---\n"):].split("\n---\n", 1)
    lines = head.split("\n")
    present = [key for key in ("selected", "offer", "badges") if any(line.startswith(key + ":") for line in lines)]
    edits = ["billingPlan"] + [f"{key} removed" for key in present]
    edits += ["productIDs reversed"] if any(line.startswith("productIDs:") for line in lines) else []
    edits += ["visibleRelationships"] if any(line.startswith("groupID:") for line in lines) else []
    what = r.choice(edits)
    if what == "billingPlan":
        plan = "upFront" if "billingPlan: monthly" in lines else "monthly"
        lines, what = random_site.with_key(lines, "billingPlan", plan), f"billingPlan: {plan}"
    elif what == "visibleRelationships":
        relationships = f"[{r.choice(['upgrade', 'downgrade', 'crossgrade', 'all'])}, current]"
        lines = random_site.with_key(lines, what, relationships)
        what = f"visibleRelationships: {relationships}"
    elif what == "productIDs reversed":
        reverse = lambda found: f"productIDs: [{', '.join(found.group(1).split(', ')[::-1])}]"
        lines = [re.sub(r"^productIDs: \[(.*)\]$", reverse, line) for line in lines]
    else:
        lines = [line for line in lines if not line.startswith(what.split()[0] + ":")]
    what = f"{name}: {what}"
    open(path, "w", encoding="utf-8").write("---\n" + "\n".join(lines) + "\n---\n" + rest)
    return what, path, text


def check_site(report, binary, seed, edits, work):
    site, output, reference = (work / name for name in ("site", "served", "cold"))
    random_site.make_site(seed, site)
    # Warnings go to a file: a pipe nobody reads would fill and stop the server.
    log = open(work / "serve.log", "w+", encoding="utf-8")
    process = subprocess.Popen([binary, "serve", site, "-o", output, "--port", "0"], stdout=subprocess.PIPE,
                               stderr=log, text=True)
    problems = []
    try:
        if not any(re.search(r"at http://127\.0\.0\.1:\d+/", line) for line in process.stdout):
            log.seek(0)
            report.problems(f"serve, site {seed}", [f"serve did not start: {log.read()[-500:]}"])
            return
        r = random.Random(seed)
        changed, last = 0, snapshot(output)
        for _ in range(edits):
            time.sleep(0.3)   # an edit in the same instant as the last build could share its timestamp
            what, path, before = change(r, site)
            expected = cold(binary, site, reference)
            if expected is None:
                open(path, "w", encoding="utf-8").write(before)
                what, expected = f"{what}, then undone (the site did not build)", cold(binary, site, reference)
            deadline = time.monotonic() + 15
            while snapshot(output) != expected and time.monotonic() < deadline:
                time.sleep(0.1)
            problems += [f"after {what}: {problem}" for problem in differences(snapshot(output), expected)]
            changed, last = changed + (expected != last), expected
    finally:
        stop(process)
        log.close()
    report.problems(f"serve, site {seed}", problems,
                    f"{edits} edits, {changed} of them changing the output; each rebuild the cold build's bytes")


def main(argv):
    if len(argv) not in (4, 5):
        print("usage: python3 -m paywall_e2e.serve_oracle PAYWALL_BINARY FIRST LAST [EDITS]", file=sys.stderr)
        return 64
    binary = os.path.abspath(argv[1])
    report = Report(shown=8, fail_notes=False)
    for seed in range(int(argv[2]), int(argv[3]) + 1):
        with temporary("paywall-serve-oracle-") as work:
            check_site(report, binary, seed, int(argv[4]) if len(argv) == 5 else 5, work)
    return report.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
