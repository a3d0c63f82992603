"""The keyboard checks, with JavaScript disabled: the plan radio group drives the one visible purchase control, Tab
reaches it and Enter follows it (keyboard), and it shows a focus indicator (focus-visible); and the helpers that
find the purchase controls a buyer sees (selection.py uses them too)."""

import time
import urllib.parse

from ..browser import By, Keys, describe, press, tab_until
from ..html_parse import ALLOWED_SCHEMES


# The purchase controls: subscribe links for subscriptions, purchase links for one-time products.
PURCHASE_ACTIONS = ("subscribe", "purchase")
PURCHASE_SELECTOR = ", ".join(f"[data-action={action}]" for action in PURCHASE_ACTIONS)


# Of the given elements, those a buyer can see across: at least half of each one's width lies inside the window
# and inside every box that clips it (a carousel's other pages are displayed, but scrolled out of its box).
UNCLIPPED = """
return arguments[0].filter(element => {
  const box = element.getBoundingClientRect();
  const seen = (left, right) => Math.min(box.right, right) - Math.max(box.left, left) >= box.width / 2;
  if (!seen(0, innerWidth)) return false;
  for (let up = element.parentElement; up && up !== document.body; up = up.parentElement) {
    const style = getComputedStyle(up);
    if (style.overflowX === 'visible') continue;
    const clip = up.getBoundingClientRect();
    if (!seen(clip.left, clip.right)) return false;
  }
  return true;
});
"""


def visible_subscribe(driver):
    shown = [element for element in driver.find_elements(By.CSS_SELECTOR, PURCHASE_SELECTOR)
             if element.is_displayed()]
    return driver.execute_script(UNCLIPPED, shown) if shown else []


def check_selection(driver, radios, subscribe_ids):
    """Tab to the plan radio group, ArrowDown through it; returns problems."""
    group = next((radio.get_attribute("name") for radio in radios
                  if radio.get_attribute("value") in subscribe_ids), None)
    if group is None:
        return ["no radio's value matches a purchase control's data-product-id"]
    selectable = sum(1 for radio in radios
                     if radio.get_attribute("name") == group and radio.is_enabled())
    focused = tab_until(driver, lambda element: element.get_attribute("type") == "radio"
                        and element.get_attribute("name") == group)
    if focused is None:
        return [f"Tab never reached the radio group name={group!r}"]
    problems = []
    shown = visible_subscribe(driver)
    if focused.is_selected() and len(shown) != 1:
        problems.append(f"{len(shown)} subscribe controls visible before moving (exactly one)")
    previous_value = focused.get_attribute("value") if focused.is_selected() else None
    previous_href = shown[0].get_attribute("href") if len(shown) == 1 else None
    for step in range(1, selectable + 1 if selectable > 1 else 1):
        press(driver, Keys.ARROW_DOWN)
        focused = driver.switch_to.active_element
        value = focused.get_attribute("value")
        if focused.get_attribute("name") != group or not focused.is_selected():
            problems.append(f"ArrowDown #{step}: focus left the group or did not check "
                            f"{describe(focused)}")
            break
        if value == previous_value:
            problems.append(f"ArrowDown #{step}: the checked radio did not change ({value!r})")
        shown = visible_subscribe(driver)
        if len(shown) != 1:
            problems.append(f"ArrowDown #{step} (checked {value!r}): {len(shown)} subscribe "
                            "controls visible (exactly one)")
        else:
            product = shown[0].get_attribute("data-product-id")
            href = shown[0].get_attribute("href")
            if product != value:
                problems.append(f"ArrowDown #{step}: checked {value!r} but the visible subscribe "
                                f"control is for {product!r}")
            if href == previous_href:
                problems.append(f"ArrowDown #{step}: the visible subscribe href did not change "
                                f"({href})")
            previous_href = href
        previous_value = value
    return problems


def check_focus_visible(driver, control):
    """The focused control shows a focus indicator; returns (problems, note)."""
    style = driver.execute_script("""
        const s = getComputedStyle(arguments[0]);
        return {outline: s.outlineStyle, width: s.outlineWidth, shadow: s.boxShadow,
                focusVisible: arguments[0].matches(':focus-visible')};""", control)
    outlined = style["outline"] != "none" and style["width"] not in ("0px", "0")
    shadowed = style["shadow"] not in ("none", "")
    problems = [] if (outlined or shadowed) else [
        f"no focus indicator: outline {style['outline']} {style['width']}, "
        f"box-shadow {style['shadow']}"]
    if not style["focusVisible"]:
        problems.append("the focused subscribe control does not match :focus-visible")
    return problems, (f"outline {style['outline']} {style['width']}" if outlined
                      else f"box-shadow {style['shadow']}" if shadowed else "")


def check_keyboard(report, driver, name, url):
    """With JS disabled: radio selection drives the subscribe link; Tab + Enter follow it."""
    driver.get(url)
    radios = driver.find_elements(By.CSS_SELECTOR, "input[type=radio]")
    controls = driver.find_elements(By.CSS_SELECTOR, PURCHASE_SELECTOR)
    if not controls:
        report.skip("keyboard", name, "no purchase control")
        report.skip("focus-visible", name, "no purchase control")
        return
    subscribe_ids = {control.get_attribute("data-product-id") for control in controls}
    problems = check_selection(driver, radios, subscribe_ids) if radios else []
    control = tab_until(driver, lambda element: element.get_attribute("data-action") in PURCHASE_ACTIONS)
    if control is None:
        problems.append("Tab never reached a purchase control")
        report.result("keyboard", name, problems)
        report.skip("focus-visible", name, "no focused subscribe control")
        return
    href = control.get_attribute("href") or ""
    if control.tag_name.lower() != "a" or not control.is_displayed():
        problems.append(f"focused subscribe control is not a visible <a>: {describe(control)}")
    if radios:
        checked = [radio.get_attribute("value") for radio in radios if radio.is_selected()]
        if control.get_attribute("data-product-id") not in checked:
            problems.append(f"focused subscribe control is for "
                            f"{control.get_attribute('data-product-id')!r}, checked: {checked}")
    written = control.get_dom_attribute("href") or ""   # as the page wrote it: https, or relative to the page
    if (urllib.parse.urlsplit(written).scheme not in ALLOWED_SCHEMES
            or not href.startswith(("https://", "http://127.0.0.1:"))):
        problems.append(f"focused subscribe href is not https or relative: {written!r}")
    focus_problems, focus_note = check_focus_visible(driver, control)
    if href.startswith("https:"):
        press(driver, Keys.ENTER)
        deadline = time.monotonic() + 10
        while driver.current_url == url and time.monotonic() < deadline:
            time.sleep(0.05)
        if driver.current_url != href:
            problems.append(f"Enter did not follow the link: at {driver.current_url}, "
                            f"expected {href}")
    report.result("keyboard", name, problems,
                  f"{len(radios)} radios" if radios else "no radio group")
    report.result("focus-visible", name, focus_problems, focus_note)
