#!/usr/bin/env bash
# release_root.sh TARBALL SITE
#
# The release runs where nothing but the C runtime is: the tarball (its .sha256 checked) is unpacked into an empty
# root holding only the shared libraries the binary names and /proc, the site is built there with chroot, and the
# output is compared byte for byte with a build by the same binary outside. Needs root (chroot, mount); prints
# `N passed, M failed`.
set -uo pipefail
tarball=$(realpath "${1:?usage: release_root.sh TARBALL SITE}")
site=$(realpath "${2:?usage: release_root.sh TARBALL SITE}")
passed=0 failed=0
check() {   # check NAME COMMAND…: runs the command, counts it
  local name=$1; shift
  if "$@"; then passed=$((passed + 1)); echo "PASS  $name"; else failed=$((failed + 1)); echo "FAIL  $name"; fi
}
finish() { echo "$passed passed, $failed failed"; [[ $failed -eq 0 ]]; exit $?; }

if [[ $(id -u) -ne 0 ]]; then echo "SKIP  the bare-root release test needs root (chroot)"; finish; fi
root=$(mktemp -d) host=$(mktemp -d)
trap 'umount "$root/proc" 2>/dev/null; rm -rf "$root" "$host"' EXIT

check "the tarball's SHA-256 matches its .sha256" bash -c "cd '$(dirname "$tarball")' && sha256sum --quiet -c '$tarball.sha256'"
tar -xzf "$tarball" -C "$root"
binary=$(find "$root" -maxdepth 2 -name paywall -type f)
check "the tarball holds the binary, LICENSE and README.md" test -x "$binary" -a -f "$(dirname "$binary")/LICENSE" -a -f "$(dirname "$binary")/README.md"

# Only the libraries the binary names (and the loader), from this machine, at the paths the loader looks in.
needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
loader=$(readelf -l "$binary" | sed -n 's/.*\[Requesting program interpreter: \(.*\)\]/\1/p')
check "the binary needs only the C runtime's shared libraries ($(tr '\n' ' ' <<<"$needed"))" \
  bash -c "! grep -Ev '^(libc|libm|libpthread|libdl|librt|libgcc_s|libutil|ld-linux-[a-z0-9_-]+)\.so' <<<'$needed'"
mkdir -p "$root$(dirname "$loader")" "$root/lib" "$root/proc" "$root/tmp"
cp -L "$loader" "$root$loader"
for library in $needed; do
  path=$(ldconfig -p | awk -v name="$library" '$1 == name && /x86-64|x86_64|AArch64|aarch64/ { print $NF; exit }')
  [[ -n $path ]] || path=$(ldconfig -p | awk -v name="$library" '$1 == name { print $NF; exit }')
  mkdir -p "$root$(dirname "$path")"
  cp -L "$path" "$root$path"
done
mount -t proc proc "$root/proc"
mkdir -p "$root/site"
for part in paywall.yml catalog.yml catalog.json content assets static templates; do
  [[ -e $site/$part ]] && cp -r "$site/$part" "$root/site/"
done
cp "$site"/*.storekit "$root/site/" 2>/dev/null || true
inside=/${binary#"$root"/}

check "--version runs in the bare root" chroot "$root" "$inside" --version
check "the site builds in the bare root" chroot "$root" "$inside" build /site -o /out --quiet
check "the same binary builds the same site outside" "$binary" build "$root/site" -o "$host/out" --quiet
check "the bare root's output is byte-identical to the build outside" diff -r "$root/out" "$host/out"
check "a rebuild in the bare root succeeds (its spare and reuse paths)" chroot "$root" "$inside" build /site -o /out --quiet
check "and is still byte-identical" diff -r "$root/out" "$host/out"
finish
