"""What Chromium makes of links whose href holds character references, slashes and whitespace.

Writes a page with one <a href="RAW"> per case (RAW as written in raw HTML, with a <base> of
https://site.example/page/), loads it in headless Chromium and prints, per case, the attribute value the parser
decoded (`getAttribute("href")`) and the URL it resolved (`a.href`), as JSON. The output is committed as
Tests/PaywallKitTests/Fixtures/character-references.json, the expected table of CharacterReferenceTests:

    PYTHONPATH=Tests/e2e .venv-e2e/bin/python -m paywall_e2e.character_references \
        > Tests/PaywallKitTests/Fixtures/character-references.json
"""

import json
import pathlib
import tempfile

from .browser import make_driver

CASES = [
    # numeric references without ";", in decimal and hex, with leading zeros
    "javascript&#58alert(1)", "&#106avascript:alert(1)", "/&#47evil.example/", "&#100ata:text/html,x",
    "javascript&#x3Aalert(1)", "javascript&#X3a;alert(1)", "javascript&#0000058;alert(1)",
    "javascript&#x00003a alert(1)", "&#x6A;avascript&colon;alert(1)", "&#47&#47evil.example",
    "&#x2F;&#x2F;evil.example",
    "&#104;ttps://example.com/", "https&#58//example.com/x", "vbscript&#58;x",
    # whitespace and control characters the URL parser strips or drops
    "java&#9;script:alert(1)", "java&#10;script:alert(1)", "java&#13;script:alert(1)", "&#1;javascript:alert(1)",
    "java\tscript:alert(1)", " javascript:alert(1)", "/&#9;/evil.example", "/\n/evil.example",
    "java&Tab;script:alert(1)", "java&NewLine;script:alert(1)",
    # named references: with ";", legacy ones without, and what an attribute keeps as text
    "javascript&colon;alert(1)", "javascript&colonalert(1)", "javascript&Colon;alert(1)", "data&colon;text/html,x",
    "&sol;&sol;evil.example/", "/&sol;evil.example", "&bsol;&bsol;evil.example", "/&bsol;evil.example",
    "&#92;&#92;evil.example", "https://example.com/?a=1&copy=2", "https://example.com/?a=1&copy2",
    "https://example.com/?a&copy;b", "https://example.com/?a&copy b", "https://example.com/?x&amp;y",
    "https://example.com/?x&ampy", "https://example.com/?x&AMP", "?&notin;", "?&notit;", "?&not", "?&not;",
    "?&fjlig;", "?&ThickSpace;", "?&nosuchname;", "?&amp", "?&", "?&;", "?&#", "?&#x", "?&#;", "?&#xZ",
    # numeric edge cases: zero, out of range, surrogates, the 0x80-0x9F table, controls, noncharacters
    "?&#0;", "?&#x110000;", "?&#xD800;", "?&#xDFFF", "?&#128;", "?&#x81;", "?&#x9F;", "?&#x8d;",
    "?&#99999999999999;", "?&#65", "?&#x41x", "?&#x7f;", "?&#xFFFE;", "?&#x10FFFF;",
    # protocol-relative and backslash forms
    "//evil.example/", "\\\\evil.example", "/\\evil.example", "\\/evil.example", "//site.example/x",
    # ordinary links
    "/assets/pic.png", "pro/", "#top", "https://example.com/", "HTTPS://example.com/a", "http://example.com/",
]


def main():
    head = '<!DOCTYPE html><meta charset="utf-8"><base href="https://site.example/page/"><title>t</title>'
    page = head + "".join(
        f'<a id="l{number}" href="{raw}">x</a>' for number, raw in enumerate(CASES))
    driver = make_driver(javascript=True)
    try:
        with tempfile.TemporaryDirectory() as folder:
            path = pathlib.Path(folder) / "links.html"
            path.write_text(page, encoding="utf-8")
            driver.get(path.as_uri())
            found = driver.execute_script(
                "return Array.from(document.querySelectorAll('a'), a => [a.getAttribute('href'), a.href])")
    finally:
        driver.quit()
    rows = [{"raw": raw, "attribute": attribute, "href": href} for raw, (attribute, href) in zip(CASES, found)]
    assert len(rows) == len(CASES) and not any("\"" in raw for raw in CASES), "a case holds a quote"
    print(json.dumps(rows, indent=1, ensure_ascii=True))


if __name__ == "__main__":
    main()
