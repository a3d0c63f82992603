#!/usr/bin/env bash
# build-info.sh DIR
#
# Writes DIR/paywall_commit.h: the commit `paywall --version` names ("-modified" when the work tree has changes) and
# the release version, when there is one: PAYWALL_VERSION (make build VERSION=1.2.0, as the release workflow passes
# its tag), else the v* tag at HEAD, else none (the sources' own version). Rewrites it only when that changes, so
# that a build recompiles one C file and relinks, nothing more.
set -euo pipefail
dir=${1:?usage: build-info.sh DIR}
cd "$(dirname "${BASH_SOURCE[0]}")/.."
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || echo "")
if [[ -n $commit ]] && [[ -n $(git status --porcelain --untracked-files=no 2>/dev/null) ]]; then commit+="-modified"; fi
version=${PAYWALL_VERSION:-$(git describe --tags --exact-match --match 'v[0-9]*' 2>/dev/null || true)}
version=${version#v}
# The version goes into a C string and a file name: a semantic version and nothing else.
if [[ -n $version ]] && ! [[ $version =~ ^[0-9]+\.[0-9]+\.[0-9]+(-[0-9A-Za-z.]+)?$ ]]; then
  echo "build-info.sh: '$version' is not a release version such as 1.2.0 or 1.2.0-rc.1 (from VERSION or the tag)" >&2
  exit 1
fi
header="#define PAYWALL_COMMIT \"$commit\""$'\n'"#define PAYWALL_VERSION \"$version\""
mkdir -p "$dir"
if [[ ! -f $dir/paywall_commit.h ]] || [[ $(cat "$dir/paywall_commit.h") != "$header" ]]; then
  echo "$header" > "$dir/paywall_commit.h"
fi
