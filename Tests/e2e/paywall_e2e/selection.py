"""python3 -m paywall_e2e.selection PAYWALL_BINARY: every control style sells exactly what it shows.

Builds, in a temporary folder, one page per control style (all seven) whose `selected:` option is the
last of its `productIDs` (so never the first), each also as an experiment's variant of the automatic page (the
gallery catalog's site: automatic+picker/ …), around the theme gallery's catalog and, when the shared
folder exists, around each real .storekit fixture's first group of two or more subscriptions (every locale
the file localizes, so right-to-left pages too). Then, in headless Chromium with JavaScript disabled, at a
phone (390 px) and a desktop (1280 px) width, for each page:

  on-screen   the selected option's card lies wholly inside the window's width and inside every scrolling
              box that holds it (a carousel), with nothing scrolled but the page itself, vertically;
  buys-it     every visible purchase control buys the selected option (buttons: the selected card's own
              control does, and every visible control sits in the card it buys);
  names-it    (pickers) the visible purchase control, or the line under it, names the plan and its billed
              price as the card shows them;
  offer       the selected option's offer terms, as its card writes them, are in visible text (not only in
              screen-reader text).
  carousel    (paged styles, JavaScript off and on) after a swipe to each page, a click on each page marker,
              and arrow keys through the radios, the purchase controls on screen buy exactly the card on
              screen, and the lit page marker is that card's.

Prints PASS/FAIL lines and last `N passed, M failed`. Run it with the e2e venv's python (run-all.sh does).
"""

import json
import pathlib
import shutil
import sys
import urllib.parse

from .browser import By, make_driver, set_width
from .checks.carousel import check_carousel
from .checks.keyboard import PURCHASE_SELECTOR, UNCLIPPED, visible_subscribe
from .report import Report
from .server import base_url, serve
from .workspace import SHARED_FIXTURES, SITES, run, temporary

STYLES = ("automatic", "picker", "buttons", "compactPicker", "prominentPicker", "pagedPicker", "pagedProminentPicker")
WIDTHS = (390, 1280)
GALLERY = SITES / "gallery"
FIXTURES = SHARED_FIXTURES
# The gallery's catalog: five subscriptions over two levels; the selected one (last) has a two-week free trial.
GALLERY_PRODUCTS = ["pro.monthly", "pro.quarterly", "lite.monthly", "lite.yearly", "pro.yearly"]

# The text a sighted buyer sees in the given elements (default: the page): text nodes whose element is
# rendered, has a size, and is not inside screen-reader-only text (.vh) or hidden from view.
VISIBLE_TEXT = """
const parts = [];
const seen = new Map();
function shown(element) {
  if (seen.has(element)) return seen.get(element);
  let result = true;
  if (element !== document.body) {
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    result = style.display !== 'none' && style.visibility !== 'hidden' && !element.classList.contains('vh')
      && (style.display === 'contents' || (box.width > 1 && box.height > 1)) && shown(element.parentElement);
  }
  seen.set(element, result);
  return result;
}
for (const root of (arguments[0] || [document.body])) {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    if (node.parentElement && shown(node.parentElement)) parts.push(node.textContent);
  }
}
return parts.join(' ').replace(/\\s+/g, ' ');
"""

# Whether an element lies wholly in the window's width and in every clipping ancestor's box; the reasons if not.
ON_SCREEN = """
const card = arguments[0];
const box = card.getBoundingClientRect();
const problems = [];
if (box.left < -0.5 || box.right > innerWidth + 0.5)
  problems.push(`card spans x ${Math.round(box.left)}..${Math.round(box.right)} of a ${innerWidth} px window`);
if (box.top < -0.5 || box.bottom > innerHeight + 0.5)
  problems.push(`card spans y ${Math.round(box.top)}..${Math.round(box.bottom)} of a ${innerHeight} px window`);
for (let element = card.parentElement; element && element !== document.body; element = element.parentElement) {
  const style = getComputedStyle(element);
  if (style.overflowX === 'visible' && style.overflowY === 'visible') continue;
  const clip = element.getBoundingClientRect();
  if (box.left < clip.left - 0.5 || box.right > clip.right + 0.5
      || box.top < clip.top - 0.5 || box.bottom > clip.bottom + 0.5)
    problems.push(`card x ${Math.round(box.left)}..${Math.round(box.right)} is cut by `
                  + `<${element.tagName.toLowerCase()} class="${element.className}"> `
                  + `x ${Math.round(clip.left)}..${Math.round(clip.right)} (scrollLeft ${element.scrollLeft})`);
}
return problems;
"""


def write_site(folder, catalog_files, paywall, pages):
    (folder / "content").mkdir(parents=True)
    for name, source in catalog_files.items():
        target = folder / name
        if source.is_dir():
            shutil.copytree(source, target)
        else:
            shutil.copyfile(source, target)
    (folder / "paywall.yml").write_text(paywall, encoding="utf-8")
    for name, text in pages.items():
        (folder / "content" / name).write_text(text, encoding="utf-8")


def style_pages(products):
    selected = products[-1]
    return {f"{style.lower()}.md": f"---\ntitle: {style}\nproductIDs: {json.dumps(products)}\ncontrolStyle: {style}\n"
            f"selected: {json.dumps(selected)}\n---\n# {style}\n\nThe last plan is selected.\n"
            for style in STYLES}, selected


def fixture_products(storekit):
    """The first group with two or more subscriptions: its IDs, one with an introductory offer last."""
    data = json.loads(storekit.read_text(encoding="utf-8"))
    for group in data.get("subscriptionGroups", []):
        subscriptions = group.get("subscriptions", [])
        if len(subscriptions) < 2:
            continue
        ids = [item["productID"] for item in subscriptions]
        offered = [item["productID"] for item in subscriptions
                   if item.get("introductoryOffer") or item.get("introductoryOffers")]
        if offered and offered[-1] != ids[-1]:
            ids.remove(offered[-1])
            ids.append(offered[-1])
        return ids
    return None


ACTIONS = ("actions: { subscribe: \"https://pay.example.com/checkout?product={productID}&locale={locale}\" }\n"
           "policies: { termsOfService: https://example.com/terms, privacyPolicy: https://example.com/privacy }\n")


def make_sites(work):
    """(name, site folder, selected product ID) for each catalog."""
    sites = []
    gallery = work / "gallery"
    pages, selected = style_pages(GALLERY_PRODUCTS)
    # Every other style is also a variant of the automatic page (an experiment's page, automatic+STYLE/), which must
    # sell what it shows as the page itself does.
    for style in STYLES[1:]:
        pages[f"automatic+{style.lower()}.md"] = pages[f"{style.lower()}.md"]
    variants = ", ".join(["control: 16"] + [f"{style.lower()}: 14" for style in STYLES[1:]])
    write_site(gallery, {"catalog.yml": GALLERY / "catalog.yml", "assets": GALLERY / "assets"},
               "defaultLocale: en-US\nlocales: [en-US, he-IL]\nstorefronts: { default: USA, he-IL: ISR }\n"
               "app: { name: Tempo, icon: assets/icon.svg }\n" + ACTIONS
               + f"experiments: [{{ id: styles, page: automatic, variants: {{ {variants} }} }}]\n", pages)
    sites.append(("gallery", gallery, selected))
    if not FIXTURES.is_dir():
        print(f"SKIP  fixtures        the shared .storekit fixtures ({FIXTURES}) are not there")
        return sites
    for storekit in sorted(FIXTURES.glob("*.storekit")):
        products = fixture_products(storekit)
        if not products:
            continue
        pages, selected = style_pages(products)
        folder = work / storekit.stem
        write_site(folder, {"Products.storekit": storekit}, "catalog: Products.storekit\n" + ACTIONS, pages)
        sites.append((storekit.stem, folder, selected))
    return sites


def check_page(report, driver, url, name, selected, style):
    driver.get(url)
    driver.execute_script("window.scrollTo(0, 0)")
    is_picker = style != "buttons"
    card_selector = (f"label.option[data-product-id='{selected}']" if is_picker
                     else f"li.option[data-product-id='{selected}']")
    cards = driver.find_elements(By.CSS_SELECTOR, card_selector)
    if len(cards) != 1:
        report.result("on-screen", name, [f"{len(cards)} cards match {card_selector}"])
        return
    card = cards[0]
    if is_picker:
        radio = driver.find_element(By.ID, card.get_attribute("for"))
        if not radio.is_selected():
            report.result("on-screen", name, [f"the radio of {selected!r} is not checked"])
            return
    # Only the page scrolls (to the card's top, as a buyer's thumb would); no carousel is touched.
    driver.execute_script("const r = arguments[0].getBoundingClientRect();"
                          "window.scrollTo(0, Math.max(0, r.top + scrollY - 16));", card)
    report.result("on-screen", name, driver.execute_script(ON_SCREEN, card))

    controls = visible_subscribe(driver)
    problems = []
    if is_picker:
        if not controls:
            problems.append("no purchase control is visible")
        for control in controls:
            if control.get_attribute("data-product-id") != selected:
                problems.append(f"a visible purchase control buys {control.get_attribute('data-product-id')!r}, "
                                f"not {selected!r}")
    else:
        own = [control for control in card.find_elements(By.CSS_SELECTOR, PURCHASE_SELECTOR) if control.is_displayed()]
        if len(own) != 1 or own[0].get_attribute("data-product-id") != selected:
            problems.append(f"the selected card has {len(own)} visible purchase controls for it")
        for control in controls:
            holder = control.find_element(By.XPATH, "ancestor::li[contains(concat(' ', @class, ' '), ' option ')][1]")
            if holder.get_attribute("data-product-id") != control.get_attribute("data-product-id"):
                problems.append(f"a control for {control.get_attribute('data-product-id')!r} sits in the card of "
                                f"{holder.get_attribute('data-product-id')!r}")
    report.result("buys-it", name, problems)

    visible = driver.execute_script(VISIBLE_TEXT, None)
    squash = lambda text: " ".join(text.split())
    if is_picker:
        shown = [control for control in controls if control.get_attribute("data-product-id") == selected]
        lines = [line for line in driver.find_elements(By.CSS_SELECTOR, ":is(.purchase, .card-purchase) .renewal")
                 if line.is_displayed()]
        lines = driver.execute_script(UNCLIPPED, lines) if lines else []
        said = squash(driver.execute_script(VISIBLE_TEXT, shown + lines))
        plan = squash(card.find_element(By.CSS_SELECTOR, ".option-name").get_attribute("textContent"))
        price = squash(card.find_element(By.CSS_SELECTOR, ".price").get_attribute("textContent"))
        missing = [f"{what} {text!r}" for what, text in (("plan", plan), ("billed price", price)) if text not in said]
        report.result("names-it", name, [f"the purchase control and the line under it ({said!r}) do not name the "
                                         + " or the ".join(missing)] if missing else [])
    offers = card.find_elements(By.CSS_SELECTOR, ".option-offer")
    if not offers:
        report.skip("offer", name, "the selected option has no offer")
        return
    terms = squash(offers[0].get_attribute("textContent"))
    report.result("offer", name, [] if terms in visible else [f"{terms!r} is in no visible text"], terms)


def main(argv):
    binary = pathlib.Path(argv[1]).resolve()
    report = Report()
    with temporary() as work:
        sites = make_sites(work)
        for site_name, folder, _ in sites:
            built = run(binary, "build", folder, "-o", folder / "public", "--quiet")
            report.result("build", site_name, [] if built.returncode == 0 else built.stderr.strip().splitlines()[-5:])
        driver = make_driver(javascript=False)
        scripted = make_driver(javascript=True)
        servers = []
        try:
            for site_name, folder, selected in sites:
                public = folder / "public"
                if not public.is_dir():
                    continue
                server = serve(public)
                servers.append(server)
                base = base_url(server)
                for page in sorted(public.glob("*/*/index.html")):
                    path = page.relative_to(public).as_posix()
                    # A page's folder, or an experiment variant's (automatic+picker: the variant named for its style).
                    key = path.split("/")[1].split("+")[-1]
                    style = next((style for style in STYLES if style.lower() == key), None)
                    if style is None:
                        continue
                    for width in WIDTHS:
                        set_width(driver, width)
                        url = base + urllib.parse.quote(path.removesuffix("index.html"))
                        check_page(report, driver, url, f"{site_name}/{path} @{width}", selected, style)
                        if style.startswith("paged"):
                            check_carousel(report, driver, url, f"{site_name}/{path}, JavaScript off", width)
                            set_width(scripted, width)
                            check_carousel(report, scripted, url, f"{site_name}/{path}, JavaScript on", width)
        finally:
            for server in servers:
                server.shutdown()
            driver.quit()
            scripted.quit()
    return report.summary()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
