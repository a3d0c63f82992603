"""The one place browsers are set up: headless Chromium through selenium, JavaScript on or off, its window width
and colour scheme, key presses. Imports selenium (the e2e venv's python has it; without it, the parts report the
missing dependency): so do the modules that import this one, and no other."""

try:
    from selenium import webdriver
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
except ImportError:  # deps.find_dependencies() reports it, before anything here runs
    webdriver = Service = ActionChains = By = Keys = None

    class WebDriverException(Exception):
        """selenium's, which is not installed."""

from .deps import CHROMEDRIVER, CHROMIUM

__all__ = ["By", "Keys", "WebDriverException", "make_driver", "set_color_scheme", "set_width", "load", "press",
           "tab_until", "describe"]

CHROMIUM_FLAGS = (
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-extensions",
    "--no-first-run",
    "--hide-scrollbars",
    # Every host name fails to resolve: a page's https links and images never reach the network,
    # and following a subscribe link lands on an error page that keeps the link's URL.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
)
NO_JS_FLAGS = ("--blink-settings=scriptEnabled=false",)
WINDOW_HEIGHT = 900
WINDOW_WIDTH = 1440            # the widest of the responsive widths
PAGE_LOAD_TIMEOUT = 30
SCRIPT_TIMEOUT = 60
MAX_TABS = 200


def make_driver(javascript):
    """Headless Chromium, JavaScript on or off (proved off by a page script that must not run)."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in CHROMIUM_FLAGS + (() if javascript else NO_JS_FLAGS):
        options.add_argument(flag)
    options.add_argument(f"--window-size={WINDOW_WIDTH},{WINDOW_HEIGHT}")
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(PAGE_LOAD_TIMEOUT)
    driver.set_script_timeout(SCRIPT_TIMEOUT)
    if not javascript:  # prove it: a page script must not run
        driver.get("data:text/html,<title>off</title><script>document.title='on'</script>")
        if driver.title != "off":
            driver.quit()
            raise WebDriverException(f"JavaScript still runs with {' '.join(NO_JS_FLAGS)}")
    return driver


def set_color_scheme(driver, scheme):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
        "media": "", "features": [{"name": "prefers-color-scheme", "value": scheme}]})


def set_width(driver, width):
    driver.set_window_size(width, WINDOW_HEIGHT)
    actual = driver.execute_script("return window.innerWidth")
    if actual != width:  # the window has a minimum size on some platforms: force the viewport
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
            "width": width, "height": WINDOW_HEIGHT, "deviceScaleFactor": 1, "mobile": False})


def load(driver, url):
    driver.get_log("browser")  # drop what earlier pages logged
    driver.get(url)


def press(driver, key):
    ActionChains(driver).send_keys(key).perform()


def tab_until(driver, predicate):
    """Presses Tab until predicate(active element) holds; returns that element or None."""
    for presses in range(1, MAX_TABS + 1):
        press(driver, Keys.TAB)
        element = driver.switch_to.active_element
        if element.tag_name.lower() == "body" and presses > 1:
            return None  # went round the whole page
        if predicate(element):
            return element
    return None


def describe(element):
    return (f"<{element.tag_name} id={element.get_attribute('id')!r}"
            f" value={element.get_attribute('value')!r}>")

