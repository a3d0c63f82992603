#!/usr/bin/env bash
# check-swift.sh [SWIFT]
#
# Exits 0 when SWIFT (default: swift) is Swift 6.2 or later, the version paywall's code needs (Package.swift's
# tools version, `weak let`); else says which version it found and where to get a newer one, and exits 1.
set -euo pipefail
swift=${1:-swift}
needed=6.2
if ! output=$("$swift" --version 2>&1); then
  echo "check-swift.sh: no Swift toolchain ('$swift --version' failed); paywall needs Swift $needed or later:" \
       "https://www.swift.org/install/ (or the swift:$needed container image)" >&2
  exit 1
fi
found=$(sed -n 's/.*Swift version \([0-9][0-9]*\.[0-9][0-9]*\).*/\1/p' <<<"$output" | head -1)
if [[ -z $found ]]; then
  echo "check-swift.sh: cannot read the version in '$swift --version': $(head -1 <<<"$output")" >&2
  exit 1
fi
if [[ $(printf '%s\n%s\n' "$needed" "$found" | sort -V | head -1) != "$needed" ]]; then
  echo "check-swift.sh: $swift is Swift $found; paywall needs Swift $needed or later:" \
       "https://www.swift.org/install/ (or the swift:$needed container image)" >&2
  exit 1
fi
