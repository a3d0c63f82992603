#!/usr/bin/env bash
# run-all.sh PAYWALL_BINARY
# The end-to-end suite, each part a module of the package paywall_e2e (README.md beside this script): the built
# binary on the example site (cli), its builds and a serve edit again on the portable paths (portable), the nginx
# block on a real nginx (nginx), then every page of the example site and of sites built from the shared .storekit
# fixtures in a real browser (site_pages, through run.sh), and the release tarball in an empty root and the GitHub
# Action (action).
# Prints each part's results and, last, the totals as `N passed, M failed`.
set -uo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
export PYTHONPATH="$here${PYTHONPATH:+:$PYTHONPATH}"   # python -m paywall_e2e.NAME, from any folder
binary=$(realpath "${1:-$repo/.build/release/paywall}")
fixtures="$repo/../shared/fixtures/storekit"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0

tally() {   # reads a part's output, echoes it, adds its closing `N passed, M failed` line
  local log=$1 line
  cat "$log"
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
  if [[ -z $line ]]; then failed=$((failed + 1)); echo "FAIL  (no result line)"; return; fi
  passed=$((passed + $(cut -d' ' -f1 <<<"$line")))
  failed=$((failed + $(cut -d' ' -f3 <<<"$line")))
}

in_browser() {   # in_browser NAME SITE: builds SITE into $work/NAME and runs every browser check on it
  "$binary" build "$2" -o "$work/$1" --quiet || failed=$((failed + 1))
  "$here/run.sh" "$work/$1" >"$work/$1.log" 2>&1
  tally "$work/$1.log"
}
venv_part() {   # venv_part NAME MODULE ARG…: a module that needs the e2e venv (selenium, jsonschema, yaml)
  local name=$1 module=$2; shift 2
  "${E2E_VENV:-$repo/.venv-e2e}/bin/python" -m "paywall_e2e.$module" "$@" >"$work/$name.log" 2>&1
  tally "$work/$name.log"
}
plain_part() {   # plain_part NAME MODULE ARG…: a module that needs nothing but python3
  local name=$1 module=$2; shift 2
  python3 -m "paywall_e2e.$module" "$@" >"$work/$name.log" 2>&1
  tally "$work/$name.log"
}

echo "== the binary on the example site"
plain_part cli cli "$binary"

echo "== the release binary's thinned ICU data formats as the whole data does (the golden and six-locale fixtures)"
plain_part icu-data icu_data "$binary" "$repo"

echo "== the portable paths (PAYWALL_PORTABLE=1): builds and a serve edit, byte-identical to the normal ones"
plain_part portable portable "$binary"

echo "== the printed nginx block on a real nginx (127.0.0.1, a free port)"
plain_part nginx nginx "$binary"

echo "== an experiment on a real nginx: 2,000 IDs, cookies and split_clients' exact bounds against experiments.json"
plain_part nginx-experiments nginx_experiments "$binary"

echo "== experiments: the Cloudflare Pages _worker.js under Node and serve assign 2,000 IDs as experiments.json says"
plain_part worker worker "$binary"

echo "== the README's Experiments Swift, compiled and run against a build's experiments.json (2,000 IDs)"
plain_part readme-swift readme_swift "$binary"

echo "== the JSON Schemas against the example, the gallery and a new site"
"$binary" init "$work/new" --quiet >/dev/null
venv_part schema schema "$binary" "$repo" "$here/sites/gallery" "$here/sites/checkout" "$here/sites/commitment" "$repo/Tests/PaywallKitTests/Fixtures/locales" "$work/new"

echo "== the example site in a browser"
in_browser example "$repo"

echo "== one page in six locales, two right to left, in a browser"
in_browser locales "$repo/Tests/PaywallKitTests/Fixtures/locales"

echo "== every presentation option (Tests/e2e/sites/gallery) in a browser"
in_browser gallery "$here/sites/gallery"

echo "== the release tarball in an empty root (chroot), against the build outside"
tarball=$(ls "$repo"/dist/paywall-*-linux-*.tar.gz 2>/dev/null | head -1)
if [[ -n $tarball ]]; then
  "$here/release_root.sh" "$tarball" "$repo" >"$work/release.log" 2>&1
  tally "$work/release.log"
  echo "== the GitHub Action (action.yml), its release served on loopback"
  venv_part action action "$tarball" "$repo"
else
  echo "SKIP  no release tarball in dist/ (make dist makes it; make test runs it)"
fi
echo "== a funnel: a link per product, carried parameters, a welcome page (Tests/e2e/sites/checkout) in a browser"
in_browser checkout "$here/sites/checkout"

echo "== every purchase link followed to a loopback stub checkout, JavaScript on and off"
venv_part checkout-links checkout "$binary"

echo "== carry against a link new URL() rejects and a raw-HTML link to another site, CSP from _headers too"
venv_part carry carry "$binary"

echo "== the funnel through nginx's block, serve and a plain file server: header CSP per page, redirects keep the query"
venv_part host-funnel host_funnel "$binary"

echo "== app.redeem: the Open button takes only an allowed redemption link, carry, JS off, the QR code read by zbarimg"
venv_part redeem redeem "$binary"

echo "== a yearly plan in 12 monthly payments (Tests/e2e/sites/commitment) in four locales, in a browser"
in_browser commitment "$here/sites/commitment"

echo "== no memo and no other page changes a page: memos on and off, -j 1 and -j 4, each store page alone (memo_oracle)"
plain_part oracle memo_oracle "$binary" "$repo" "$here/sites/gallery" "$here/sites/checkout" "$here/sites/commitment" \
  "$repo/Tests/PaywallKitTests/Fixtures/golden" "$repo/Tests/PaywallKitTests/Fixtures/locales"

echo "== 40 seeded random sites (random_site): the oracle above on every mix of keys that changes a price"
for seed in $(seq 1 40); do python3 -m paywall_e2e.random_site "$seed" "$work/random/site$seed"; done
plain_part random-oracle memo_oracle "$binary" "$work"/random/*/

echo "== serve on 20 of those sites, 5 price edits each: every rebuild writes the cold build's bytes (serve_oracle)"
plain_part serve-oracle serve_oracle "$binary" 1 20 5

echo "== every control style sells its selected option, 390 and 1280 px, JavaScript off (carousels: on too)"
venv_part selection selection "$binary"

if [[ -d $fixtures ]]; then
  echo "== sites built from the shared .storekit fixtures"
  for storekit in "$fixtures"/*.storekit; do
    name=$(basename "$storekit" .storekit)
    site="$work/fixtures/$name"
    python3 -m paywall_e2e.fixture_site "$storekit" "$site"
    if "$binary" build "$site" -o "$site/public" --quiet; then
      passed=$((passed + 1))
    else
      echo "FAIL  build of $name"; failed=$((failed + 1))
    fi
  done
  "$here/run.sh" "$work/fixtures" --pages '*/public/*/*/index.html' >"$work/fixtures.log" 2>&1
  tally "$work/fixtures.log"
  echo "== the fixture sites: memos on and off, -j 1 and -j 4, each store page alone (memo_oracle)"
  plain_part fixtures-oracle memo_oracle "$binary" "$work/fixtures"/*/
  echo "== the fixture sites with each group also billed monthly, for subscribers and reversed (memo_oracle)"
  for storekit in "$fixtures"/*.storekit; do
    python3 -m paywall_e2e.fixture_site "$storekit" "$work/twins/$(basename "$storekit" .storekit)" --twins
  done
  plain_part twins-oracle memo_oracle "$binary" "$work/twins"/*/
else
  echo "SKIP  shared .storekit fixtures: $fixtures not found"
fi

echo
echo "e2e: $passed passed, $failed failed"
[[ $failed -eq 0 ]]
