#!/usr/bin/env bash
# swift-test.sh SWIFT [ARGS...]
#
# Runs `SWIFT test ARGS`, printing its output as it comes. When it fails, the lines of each failure (Swift
# Testing's ✘ lines and the ↳ details under them, or a crash's last words) are printed again at the end, so that
# the tail of a CI log names the test that failed rather than only "failed with 1 issue" after 1,300 lines.
set -uo pipefail
swift=$1
shift
log=$(mktemp)
trap 'rm -f "$log"' EXIT
"$swift" test "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [[ $status -ne 0 ]]; then
  echo
  echo "swift-test.sh: '$swift test $*' failed (exit $status). Its failures, again:"
  awk '/✘/ { print; detail = 1; next }
       detail && /^[[:space:]]*↳/ { print; next }
       { detail = 0 }
       /Fatal error|unexpected signal|error: / { print }' "$log" | tail -60
fi
exit "$status"
