"""End-to-end tests of the built binary on the bundled example site: the output tree, option order,
subscribe links, determinism, and that a failed build leaves the previous output untouched.
Usage: python3 -m paywall_e2e.cli PAYWALL_BINARY. Prints one line per test and `N passed, M failed` last."""
import filecmp
import os
import shutil
import subprocess
import sys

from .html_parse import start_tags as tags
from .report import Report
from .workspace import REPO, copy_example, run, temporary


def tree(folder):
    return sorted(os.path.relpath(os.path.join(d, f), folder) for d, _, files in os.walk(folder) for f in files)


def main():
    binary = os.path.abspath(sys.argv[1])
    report = Report()
    with temporary("paywall-e2e-") as work:
        site = copy_example(os.path.join(work, "site"))

        first = run(binary, "build", site)
        report.check("build exits 0", first.returncode == 0, first.stderr)
        report.check("build prints a summary", "Built " in first.stdout and " pages in " in first.stdout, first.stdout)
        public = os.path.join(site, "public")
        files = tree(public)
        expected = ["index.html", "paywall-manifest.json", "en-US/membership/index.html", "de-DE/membership/index.html",
                    "en-US/plus/index.html", "de-DE/plus/index.html", "en-US/membership/current/pro.yearly/index.html",
                    "en-US/membership/lapsed/pro.yearly/index.html", "assets/icon.svg"]
        missing = [f for f in expected if f not in files]
        report.check("output tree has the root, every page and locale, states and assets", not missing,
                     f"missing {missing}")
        css = [f for f in files if f.startswith("assets/paywall.") and f.endswith(".css")]
        report.check("one stylesheet named by its hash", len(css) == 1, str(css))
        report.check("no JavaScript file in the output", not [f for f in files if f.endswith(".js")])

        page = tags(os.path.join(public, "en-US/membership/index.html"))
        order = [a["data-product-id"] for t, a in page
                 if "option" in a.get("class", "").split() and "data-product-id" in a]
        report.check("options in StoreKit order (level, then per-month price), then the one-time products",
                     order == ["pro.monthly", "pro.yearly", "plus.monthly", "plus.yearly", "lifetime"], str(order))
        links = {a["data-product-id"]: a["href"] for t, a in page if a.get("data-action") == "subscribe"}
        wanted = {pid: f"https://pay.birdsong.example.com/checkout?product={pid}&locale=en-US" for pid in order[:-1]}
        report.check("each subscription's link comes from actions.subscribe", links == wanted, str(links))
        buy = {a["data-product-id"]: a["href"] for t, a in page if a.get("data-action") == "purchase"}
        report.check("the lifetime option's link comes from actions.purchase",
                     buy == {"lifetime": "https://pay.birdsong.example.com/buy?product=lifetime&locale=en-US"},
                     str(buy))
        german = {a["data-product-id"]: a["href"] for t, a in tags(os.path.join(public, "de-DE/membership/index.html"))
                  if a.get("data-action") == "subscribe"}
        report.check("subscribe links carry the page's locale",
                     all(h.endswith("locale=de-DE") for h in german.values()), str(german))
        current = tags(os.path.join(public, "en-US/membership/current/pro.yearly/index.html"))
        current_links = [a["data-product-id"] for t, a in current if a.get("data-action") == "subscribe"]
        report.check("the current plan is not purchasable", "pro.yearly" not in current_links, str(current_links))

        again = os.path.join(work, "again")
        second = run(binary, "build", site, "-o", again)
        same = second.returncode == 0 and tree(again) == files and all(
            filecmp.cmp(os.path.join(public, f), os.path.join(again, f), shallow=False) for f in files)
        report.check("two builds are byte-identical", same)

        snapshot = {f: open(os.path.join(public, f), "rb").read() for f in files}
        with open(os.path.join(site, "content/membership.md"), "a", encoding="utf-8") as f:
            f.write("\nBroken {{products.pro.yearly.prise}}\n")
        broken = run(binary, "build", site)
        report.check("a bad page fails the build with exit 1", broken.returncode == 1, str(broken.returncode))
        report.check("the error names file, line and column",
                     "content/membership.md:" in broken.stderr and ": error: " in broken.stderr, broken.stderr)
        untouched = tree(public) == files and all(open(os.path.join(public, f), "rb").read() == snapshot[f]
                                                  for f in files)
        report.check("a failed build leaves the previous output untouched", untouched)

        stranger = os.path.join(work, "stranger")
        os.makedirs(stranger)
        with open(os.path.join(stranger, "notes.txt"), "w") as f:
            f.write("mine")
        shutil.copy(os.path.join(REPO, "content/membership.md"), os.path.join(site, "content/membership.md"))
        refused = run(binary, "build", site, "-o", stranger)
        report.check("refuses to replace a folder paywall did not write", refused.returncode == 1 and
                     os.listdir(stranger) == ["notes.txt"] and "manifest" in refused.stderr, refused.stderr)

        # Three builds of one output at once, as separate processes: each waits for the lock, none corrupts.
        shared = os.path.join(work, "shared")
        for round in range(3):
            builds = [subprocess.Popen([binary, "build", site, "-o", shared, "--quiet"], stdout=subprocess.PIPE,
                                       stderr=subprocess.PIPE, text=True) for _ in range(3)]
            codes = [b.wait() for b in builds]
            complete = tree(shared) == files and all(
                filecmp.cmp(os.path.join(public, f), os.path.join(shared, f), shallow=False) for f in files)
            report.check(f"three concurrent builds of one output all succeed and leave it whole (round {round + 1})",
                         codes == [0, 0, 0] and complete, f"exit codes {codes}")

        usage = run(binary, "build", "--bogus")
        report.check("a bad command line exits 64", usage.returncode == 64 and "Error:" in usage.stderr, usage.stderr)
    return report.summary()


if __name__ == "__main__":
    sys.exit(main())
