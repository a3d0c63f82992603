"""Where things are (the repository, the example site, the test sites, the shared .storekit fixtures), temporary
folders, and running the paywall binary under test."""

import contextlib
import os
import pathlib
import shutil
import subprocess
import tempfile

E2E = pathlib.Path(__file__).resolve().parent.parent      # Tests/e2e
REPO = E2E.parent.parent
SITES = E2E / "sites"                                      # the test sites: gallery, checkout, commitment
SHARED_FIXTURES = REPO.parent / "shared" / "fixtures" / "storekit"
EXAMPLE = ["paywall.yml", "catalog.yml", "content", "assets"]   # the example site's inputs, at the repository's root


def copy_example(site):
    """The example site's inputs, copied to `site` (made if missing); returns `site`."""
    os.makedirs(site, exist_ok=True)
    for name in EXAMPLE:
        source = os.path.join(REPO, name)
        (shutil.copytree if os.path.isdir(source) else shutil.copy)(source, os.path.join(site, name))
    return site


@contextlib.contextmanager
def temporary(prefix="paywall-e2e-"):
    """A temporary folder (a pathlib.Path), removed with everything in it at the end."""
    folder = tempfile.mkdtemp(prefix=prefix)
    try:
        yield pathlib.Path(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def run(binary, *args, **options):
    """Runs `binary ARGS…` to the end, its output captured as text; subprocess.run's options (env, timeout, check)."""
    return subprocess.run([str(binary), *map(str, args)], capture_output=True, text=True, **options)
