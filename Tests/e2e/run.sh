#!/usr/bin/env bash
# run.sh PUBLIC_DIR [--pages GLOB…]
# Runs the end-to-end browser checks (python -m paywall_e2e.site_pages) on a generated site, in the venv that
# scripts/install-test-deps.sh makes (REPO/.venv-e2e, or $E2E_VENV).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
venv=${E2E_VENV:-$repo/.venv-e2e}
if [[ $# -lt 1 ]]; then
  echo "usage: $0 PUBLIC_DIR [--pages GLOB…]" >&2
  exit 2
fi
if [[ ! -f $venv/bin/activate ]]; then
  echo "run.sh: no venv at $venv: run scripts/install-test-deps.sh first" >&2
  echo "0 passed, 1 failed"
  exit 2
fi
# shellcheck disable=SC1091
source "$venv/bin/activate"
export PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}"
exec python -m paywall_e2e.site_pages "$@"
