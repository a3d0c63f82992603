#!/usr/bin/env python3
"""gallery.py PAYWALL_BINARY [OUT_DIR]: the README's screenshots, made again from the current theme.

Builds the bundled example site, the theme gallery (Tests/e2e/sites/gallery) and the funnel site
(Tests/e2e/sites/checkout, for its welcome page) with the given binary,
serves each output on 127.0.0.1, and photographs pages at phone width in headless Chromium, driven by
selenium exactly as the browser checks drive it (Tests/e2e/paywall_e2e/browser.py's make_driver). Writes PNGs to
OUT_DIR (default docs/gallery), squeezed with pngquant when it is installed (`make gallery` installs it).
Run it through `make gallery`, which uses the venv that scripts/install-test-deps.sh makes."""

import base64
import pathlib
import shutil
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "Tests" / "e2e"))
from paywall_e2e import browser, deps, server  # noqa: E402  (the suite's browser set-up and static server)

PHONE = 390
HEIGHT = 844   # an iPhone's screen: what a visitor sees first

# (file name, site, page, what to photograph, colour scheme, caption in the README)
# what: "screen" is the first screen of the page; a CSS selector photographs that element whole.
SHOTS = [
    ("style-automatic", "gallery", "en-US/automatic/", "screen", "light", "automatic"),
    ("style-picker", "gallery", "en-US/picker/", "screen", "light", "picker"),
    ("style-buttons", "gallery", "en-US/buttons/", "screen", "light", "buttons (features listed in each card)"),
    ("style-compactPicker", "gallery", "en-US/compact/", "screen", "light", "compactPicker"),
    ("style-prominentPicker", "gallery", "en-US/lifetime/", "screen", "light", "prominentPicker"),
    ("style-pagedPicker", "gallery", "en-US/paged/", "screen", "light", "pagedPicker"),
    ("style-pagedProminentPicker", "gallery", "en-US/pagedprominent/", "screen", "light", "pagedProminentPicker"),
    ("state-new", "example", "en-US/membership/", "main", "light", "a new customer: introductory offers"),
    ("state-current", "example", "en-US/membership/current/plus.monthly/", "main", "light",
     "a subscriber to Plus Monthly: upgrades, the current plan, a promotional offer"),
    ("state-lapsed", "example", "en-US/membership/lapsed/pro.yearly/", "main", "light",
     "a lapsed subscriber: the win-back offer"),
    ("dark", "example", "en-US/membership/", "screen", "dark", "dark"),
    ("rtl", "example", "ar-SA/membership/", "screen", "light", "Arabic, right to left"),
    ("features", "example", "en-US/membership/", ".features", "light", "the plan comparison (features:)"),
    ("features-dark-rtl", "gallery", "he-IL/picker/", ".features", "dark", "the plan comparison, Hebrew, dark"),
    ("welcome", "checkout", "en-US/welcome/", "screen", "light", "the welcome page (a checkout's success URL)"),
    ("welcome-dark", "checkout", "en-US/welcome/", "screen", "dark", "the welcome page, dark"),
    ("welcome-rtl", "checkout", "ar-SA/welcome/", "screen", "light", "the welcome page, Arabic"),
    ("commitment-en-US", "commitment", "en-US/commitment/", "screen", "light", "billingPlan: monthly, English"),
    ("commitment-de-DE", "commitment", "de-DE/commitment/", "screen", "dark", "billingPlan: monthly, German, dark"),
    ("commitment-ja-JP", "commitment", "ja-JP/commitment/", "screen", "light", "billingPlan: monthly, Japanese"),
    ("commitment-ar-SA", "commitment", "ar-SA/commitment/", "screen", "light", "billingPlan: monthly, Arabic"),
]


def build(binary, site, out):
    subprocess.run([binary, "build", str(site), "-o", str(out), "--quiet"], check=True)


def shoot(driver, url, what, scheme, path):
    browser.set_color_scheme(driver, scheme)
    browser.set_width(driver, PHONE)
    driver.get(url)
    if what == "screen":
        driver.set_window_size(PHONE, HEIGHT)
        browser.set_width(driver, PHONE)
        path.write_bytes(driver.get_screenshot_as_png())
        return
    # Tall enough for the whole element, then the element alone.
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": PHONE, "height": height, "deviceScaleFactor": 1, "mobile": False})
    box = driver.execute_script("""
        const r = document.querySelector(arguments[0]).getBoundingClientRect();
        return {x: r.left + scrollX, y: r.top + scrollY, width: r.width, height: r.height};""", what)
    margin = 16   # the page's own gutter around the element
    x, y = max(0, box["x"] - margin), max(0, box["y"] - margin)
    clip = {"x": x, "y": y, "width": min(PHONE, box["x"] + box["width"] + margin) - x,
            "height": min(height, box["y"] + box["height"] + margin) - y, "scale": 1}
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {"format": "png", "clip": clip, "captureBeyondViewport": True})
    path.write_bytes(base64.b64decode(shot["data"]))
    driver.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def squeeze(path):
    """Palette PNG (pngquant) when installed: a fifth of the size, no visible change."""
    if not shutil.which("pngquant"):
        return False
    subprocess.run(["pngquant", "--quality", "70-90", "--speed", "1", "--strip", "--force",
                    "--output", str(path), str(path)], check=True)
    return True


def main():
    if len(sys.argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    binary = str(pathlib.Path(sys.argv[1]).resolve())
    out = pathlib.Path(sys.argv[2]) if len(sys.argv) > 2 else REPO / "docs" / "gallery"
    out.mkdir(parents=True, exist_ok=True)
    missing = deps.find_dependencies()
    if isinstance(missing, list):
        print("gallery.py: missing " + "; ".join(missing) + f" ({deps.INSTALL_HINT})", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as work:
        sites = {name: pathlib.Path(work) / name for name in ("example", "gallery", "checkout", "commitment")}
        build(binary, REPO, sites["example"])
        for name in ("gallery", "checkout", "commitment"):
            build(binary, REPO / "Tests" / "e2e" / "sites" / name, sites[name])
        servers = {name: server.serve(root) for name, root in sites.items()}
        driver = browser.make_driver(javascript=False)
        squeezed = True
        try:
            for name, site, page, what, scheme, _ in SHOTS:
                url = f"http://127.0.0.1:{servers[site].server_address[1]}/{page}"
                path = out / f"{name}.png"
                shoot(driver, url, what, scheme, path)
                squeezed = squeeze(path) and squeezed
                print(f"{path.relative_to(REPO) if path.is_relative_to(REPO) else path}  {path.stat().st_size // 1024} KB")
        finally:
            driver.quit()
            for started in servers.values():
                started.shutdown()
    if not squeezed:
        print("gallery.py: pngquant is not installed; the images are not squeezed (make gallery installs it)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
