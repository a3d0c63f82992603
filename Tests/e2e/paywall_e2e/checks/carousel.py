"""The carousel check of selection.py: on a paged picker (JavaScript off and on), after a swipe to each page, a
click on each page marker, and arrow keys through the radios, the purchase controls on screen buy exactly the card
on screen, and the lit page marker is that card's."""

import time

from ..browser import By, Keys, press
from .keyboard import visible_subscribe

# The page of a carousel a buyer sees: the card whose middle is nearest the middle of the carousel's box.
CENTRED_CARD = """
const carousel = document.querySelector('[data-carousel]');
const frame = carousel.getBoundingClientRect(), middle = (frame.left + frame.right) / 2;
let best = null, distance = Infinity;
for (const card of carousel.querySelectorAll('label.option')) {
  const box = card.getBoundingClientRect(), away = Math.abs((box.left + box.right) / 2 - middle);
  if (away < distance) { best = card; distance = away; }
}
return best && best.dataset.productId;
"""

# Which page marker is lit (the accent colour), when the browser lights one.
LIT_MARKER = """
const lit = [...document.querySelectorAll('.page-marker')].filter(marker => {
  const colour = getComputedStyle(marker).backgroundColor, probe = document.createElement('span');
  probe.style.color = 'var(--accent)'; document.body.append(probe);
  const accent = getComputedStyle(probe).color; probe.remove();
  return marker.offsetParent !== null && colour === accent;
});
return lit.map(marker => marker.dataset.index);
"""


def check_carousel(report, driver, url, name, width):
    """A paged picker: after a swipe, arrow keys or a dot, the purchase control on screen buys the card on screen."""
    driver.get(url)
    driver.execute_script("window.scrollTo(0, 0)")
    cards = driver.find_elements(By.CSS_SELECTOR, "[data-carousel] label.option")
    rows = [card.find_element(By.XPATH, "..") for card in cards]
    pages = [(card.get_attribute("data-product-id"),
              row.find_element(By.CSS_SELECTOR, ".option-input").get_attribute("data-index"))
             for card, row in zip(cards, rows)]
    scrolls = driver.execute_script("const c = document.querySelector('[data-carousel]');"
                                    " return c.scrollWidth > c.clientWidth + 1")

    def on_screen(how, expected):
        time.sleep(0.35)   # scroll snapping settles
        centred = driver.execute_script(CENTRED_CARD) if scrolls else expected
        bought = sorted({control.get_attribute("data-product-id") for control in visible_subscribe(driver)})
        problems = []
        if centred != expected:
            problems.append(f"{how}: the card on screen is {centred!r}, not {expected!r}")
        if bought != [centred]:
            problems.append(f"{how}: with {centred!r} on screen the purchase controls on screen buy {bought}")
        if scrolls:
            lit = driver.execute_script(LIT_MARKER)
            index = dict(pages).get(centred)
            if lit and lit != [index]:
                problems.append(f"{how}: marker {lit} is lit for card {index} on screen")
        return problems

    problems = []
    if scrolls:
        for product, _ in pages:   # a swipe: the carousel scrolls to a page and snaps; no radio is checked
            card = next(card for card in cards if card.get_attribute("data-product-id") == product)
            driver.execute_script("const c = arguments[0].closest('[data-carousel]'), r = arguments[0].parentElement;"
                                  "c.scrollLeft += r.getBoundingClientRect().left + r.offsetWidth / 2"
                                  " - c.getBoundingClientRect().left - c.clientWidth / 2;", card)
            problems += on_screen(f"swipe to {product}", product)
        for (product, index) in pages:   # a dot
            marker = driver.find_element(By.CSS_SELECTOR, f".page-marker[data-index='{index}']")
            driver.execute_script("arguments[0].click()", marker)
            problems += on_screen(f"dot {index}", product)
    radio = driver.find_element(By.CSS_SELECTOR, "[data-carousel] .option-input")
    driver.execute_script("arguments[0].focus()", radio)
    for step, (product, _) in enumerate(pages[1:], 1):   # arrow keys move the checked radio and the carousel with it
        press(driver, Keys.ARROW_RIGHT if driver.execute_script(
            "return getComputedStyle(document.body).direction") == "ltr" else Keys.ARROW_LEFT)
        checked = driver.switch_to.active_element.get_attribute("value")
        if checked != product:
            problems.append(f"arrow key #{step}: checked {checked!r}, expected {product!r}")
            break
        problems += on_screen(f"arrow key #{step}", product)
    report.result("carousel", f"{name} @{width}", problems,
                  f"{len(pages)} cards" + ("" if scrolls else ", no scrolling"))

