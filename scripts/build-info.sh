#!/usr/bin/env bash
# build-info.sh DIR
#
# Writes DIR/paywall_commit.h, the commit `paywall --version` names ("-modified" when the work tree has changes), and
# rewrites it only when that changes, so that a build recompiles one C file and relinks, nothing more.
set -euo pipefail
dir=${1:?usage: build-info.sh DIR}
cd "$(dirname "${BASH_SOURCE[0]}")/.."
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo "")
if [[ -n $commit ]] && [[ -n $(git status --porcelain --untracked-files=no 2>/dev/null) ]]; then commit+="-modified"; fi
header="#define PAYWALL_COMMIT \"$commit\""
mkdir -p "$dir"
if [[ ! -f $dir/paywall_commit.h ]] || [[ $(cat "$dir/paywall_commit.h") != "$header" ]]; then
  echo "$header" > "$dir/paywall_commit.h"
fi
