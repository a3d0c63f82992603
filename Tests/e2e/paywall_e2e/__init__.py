"""The end-to-end tests of paywall, one module per part: `python3 -m paywall_e2e.NAME ARGS` from Tests/e2e.

The shared modules (report, workspace, deps, server, html_parse) import nothing outside the standard library, so
the parts run with plain python3 use them; only browser.py and checks/ import selenium (the e2e venv's)."""
