"""The offers check: offers.json at the output root says what each page sells, as the page says it. Every store page
has its entry and every entry its page; the options are the page's cards, each at its data-index; each option's name,
billed price, smaller price, saving, offer and commitment are words of the page, and its purchase link is a link of
the page."""

import html
import json
import re


CARD = re.compile(r'<([a-z]+)(\s[^>]*\bdata-product-id="([^"]*)"[^>]*)>')


def page_cards(text):
    """{product ID: (data-index, the card's HTML)} of the page's option cards (a label, a list item: not a purchase
    link), each index as the option's purchase link has it (or its radio, for the current plan, which has no link);
    in the buttons style, where neither has one, the cards' order. A card's HTML runs to the next card."""
    starts, indices = [], {}
    for match in CARD.finditer(text):
        tag, attributes, product = match.group(1), match.group(2), html.unescape(match.group(3))
        index = re.search(r'data-index="([0-9]+)"', attributes)
        if tag != "a" and product not in (start[0] for start in starts):
            starts.append((product, match.start()))
        if index:
            indices.setdefault(product, int(index.group(1)))
    for product, index in re.findall(r'<input [^>]*value="([^"]*)" data-index="([0-9]+)"', text):
        indices.setdefault(html.unescape(product), int(index))
    ends = [start for _, start in starts[1:]] + [text.find('<div class="purchase"', starts[-1][1]) if starts else -1]
    cards = {}
    for number, ((product, start), end) in enumerate(zip(starts, ends)):
        card = html.unescape(text[start:end if end > start else len(text)])
        cards[product] = (indices.get(product) if indices else number, card)
    return cards


def option_problems(option, card, hrefs):
    """What `option` says that its card does not, and a purchase link the page does not have."""
    problems = []
    product = option["product"]
    words = [option["displayName"], option["billed"]]
    for key in ("equivalent", "discount"):
        if option.get(key):
            words.append(option[key])
    if option.get("offer"):
        words.append(option["offer"]["text"])
    if option.get("commitment"):
        words.append(option["commitment"]["total"])
    for word in words:
        if word not in card:
            problems.append(f"{product}: {word!r} is not on its card")
    url = option.get("purchaseURL")
    if url is not None and url not in hrefs:
        problems.append(f"{product}: its purchase link {url!r} is no link of the page")
    if url is None and not option["isCurrent"]:
        problems.append(f"{product}: no purchase link, but it is not the current plan")
    return problems


def check_offers(report, root, paths):
    """One result per entry of offers.json, and one for the store pages it leaves out."""
    file = root / "offers.json"
    if not file.is_file():
        return
    offers = json.loads(file.read_text(encoding="utf-8"))
    listed = set()
    for entry in offers["pages"]:
        page = root / entry["path"] / "index.html"
        listed.add(page.resolve())
        if not page.is_file():
            report.result("offers", entry["path"], [f"offers.json lists {entry['path']}, which is no page"])
            continue
        raw = page.read_text(encoding="utf-8")
        hrefs = {html.unescape(href) for href in re.findall(r'href="([^"]*)"', raw)}
        problems = []
        listed_cards = {option["product"]: option["index"] for option in entry["options"]}
        cards = page_cards(raw)
        if {product: index for product, (index, _) in cards.items()} != listed_cards:
            problems.append(f"options {listed_cards}, the page's cards "
                            f"{ {product: index for product, (index, _) in cards.items()} }")
        for option in entry["options"]:
            if option["product"] in cards:
                problems += option_problems(option, cards[option["product"]][1], hrefs)
        report.result("offers", entry["path"], problems, f"{len(listed_cards)} option(s), {entry['currency']}")
    missing = [str(path.relative_to(root)) for path in paths
               if path.resolve() not in listed and 'data-product-id="' in path.read_text(encoding="utf-8")]
    report.result("offers", "(every store page listed)", [f"{path} is not in offers.json" for path in missing])
