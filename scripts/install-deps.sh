#!/usr/bin/env bash
# install-deps.sh [EXTRA_PACKAGE…]
#
# Installs the Debian packages paywall needs to BUILD (the C libraries its system-library targets
# link against), plus any extra package names given as arguments (install-test-deps.sh passes the
# test packages this way, so a fresh machine runs `apt-get update` once, not twice).
# On macOS, the same libraries from Homebrew (cmark-gfm, libyaml, qrencode, icu4c, pkg-config); extra names
# are Homebrew formulae there.
#
# Idempotent and quiet: checks each package with dpkg-query (brew list) and does nothing (prints
# nothing) when all are installed. `apt-get update` runs only when something is missing. When
# something is missing and we are not root, prints the exact command to run to stderr and exits 1.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive

if [[ $(uname -s) == Darwin ]]; then
  command -v brew >/dev/null 2>&1 || { echo "install-deps.sh: install Homebrew first (https://brew.sh)" >&2; exit 1; }
  missing=()
  for formula in cmark-gfm libyaml qrencode icu4c pkg-config "$@"; do
    brew list --versions "$formula" >/dev/null 2>&1 || missing+=("$formula")
  done
  ((${#missing[@]} == 0)) && exit 0
  echo "install-deps.sh: brew install ${missing[*]}" >&2
  brew install --quiet "${missing[@]}"
  exit 0
fi

# icu-devtools: icupkg and genccode, with which make build thins ICU's data (scripts/icu-data.sh).
# libqrencode-dev: plain pages' QR codes (Debian ships no static archive of it: scripts/static-libs.sh makes one).
# libjemalloc-dev: the allocator the binary links in place of glibc's (Sources/PaywallPlatform/Allocator.swift).
build_packages=(libcmark-gfm-dev libcmark-gfm-extensions-dev libyaml-dev libqrencode-dev libicu-dev icu-devtools
                libjemalloc-dev pkg-config)

missing=()
for pkg in "${build_packages[@]}" "$@"; do
  status=$(dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null || true)
  if [[ $status != "install ok installed" ]]; then
    missing+=("$pkg")
  fi
done

((${#missing[@]} == 0)) && exit 0

if [[ $(id -u) -ne 0 ]]; then
  echo "install-deps.sh: not root; install the missing packages with (after \`sudo apt-get update\`" \
       "if apt's package lists are empty or stale):" >&2
  echo "sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi

echo "install-deps.sh: installing ${missing[*]}" >&2
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
