#!/usr/bin/env bash
# swift-test.sh SWIFT [ARGS...]
#
# Runs `SWIFT test ARGS`, printing its output as it comes. When it fails, the lines of each failure (Swift
# Testing's ✘ lines and the ↳ details under them, or a crash's last words) are printed again at the end, so that
# the tail of a CI log names the test that failed rather than only "failed with 1 issue" after 570,000 lines.
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
  # A ✘ line's details (↳) may come after the many lines of a test case's argument: they count until the next
  # test's line. Each line is cut at 300 characters.
  awk '/✘/ { print substr($0, 1, 300); detail = 1; next }
       /^(◇|✔)/ { detail = 0 }
       detail && /^[[:space:]]*↳/ { print substr($0, 1, 300) }
       /Fatal error|unexpected signal/ { print substr($0, 1, 300) }' "$log" | tail -60
fi
exit "$status"
