"""The release binary's ICU data (Debian's, thinned by scripts/icu-data.sh) formats as the unit tests' ICU does:
the golden fixture's pages are byte for byte its golden files, and the six-locale fixture's prices, plurals and
per-month prices read as LocalesFixtureTests expects them (the unit tests link the system's whole ICU data).
Usage: python3 -m paywall_e2e.icu_data PAYWALL_BINARY REPOSITORY. Prints one line per test and `N passed, M failed`."""
import pathlib
import sys

from .report import Report
from .workspace import run, temporary

# (locale, the offer line, the per-month price), as in Tests/PaywallKitTests/LocalesFixtureTests.swift.
LOCALES = [
    ("en-US", "3 months free, then $19.99/year", "$1.66"),
    ("de-DE", "3 Monate gratis, danach 21,99\u00a0€/Jahr", "1,83\u00a0€"),
    ("ja-JP", "3 か月無料、その後\uffe53,000/年", "\uffe5250"),
    ("ru-RU", "3 месяца бесплатно, затем 1\u00a0490,00\u00a0₽/год", "124,16\u00a0₽"),
    ("ar-SA", "٣ أشهر مجانًا، ثم \u200f٧٤٫٩٩\u00a0ر.س.\u200f/سنة", "\u200f٦٫٢٤\u00a0ر.س.\u200f"),
    ("he-IL", "3 חודשים בחינם, ולאחר מכן \u200f79.90\u00a0\u200f₪ לשנה", "\u200f6.65\u00a0\u200f₪"),
]


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def main():
    binary, repo = sys.argv[1], pathlib.Path(sys.argv[2])
    tests = repo / "Tests/PaywallKitTests"
    report = Report()
    with temporary() as work:
        built = run(binary, "build", tests / "Fixtures/golden", "-o", work / "golden", "--quiet")
        golden = tests / "Golden/golden"
        differ = [str(path.relative_to(golden)) for path in sorted(golden.rglob("*")) if path.is_file()
                  and (work / "golden" / path.relative_to(golden)).read_bytes() != path.read_bytes()] \
            if built.returncode == 0 else ["the build failed: " + built.stderr.strip()]
        report.check("icu data: the golden fixture's pages are their golden files, byte for byte", not differ,
                     ", ".join(differ))
        built = run(binary, "build", tests / "Fixtures/locales", "-o", work / "locales", "--quiet")
        for locale, offer, per_month in LOCALES:
            page = work / "locales" / locale / "forecast/index.html"
            html = page.read_text(encoding="utf-8") if built.returncode == 0 and page.is_file() else ""
            report.check(f"icu data: {locale} writes its offer and per-month price as the unit tests' ICU does",
                         f'<span class="option-offer">{escape(offer)}</span>' in html
                         and f"<strong>{escape(per_month)}</strong>" in html, built.stderr.strip()[:200])
    return report.summary()


if __name__ == "__main__":
    sys.exit(main())
