"""The console check: loading the page logged no error (no missing stylesheet or image, nothing blocked by the
page's own CSP)."""

IGNORED_CONSOLE_ERRORS = (
    "net::ERR_NAME_NOT_RESOLVED",   # external URLs, by --host-resolver-rules
    "/favicon.ico ",                # the browser's own guess when a site declares no icon
)


def check_console(report, driver, name):
    """On the page just loaded: no resource failed to load, nothing was blocked by the CSP."""
    problems = [f"{entry['source']}: {entry['message']}" for entry in driver.get_log("browser")
                if entry["level"] == "SEVERE"
                and not any(ignored in entry["message"] for ignored in IGNORED_CONSOLE_ERRORS)]
    report.result("console", name, problems)
