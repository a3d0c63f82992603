#!/usr/bin/env bash
# dist.sh BINARY OUTDIR [VERSION]
#
# Packs a release: OUTDIR/paywall-VERSION-linux-ARCH.tar.gz (the stripped binary, LICENSE, README.md) and a .sha256
# beside it, byte for byte the same for the same inputs. Refuses a binary that needs a shared library other than the
# C runtime's: the release must run on any Linux of its architecture with a recent glibc, without a Swift toolchain.
# With VERSION (make dist VERSION=1.2.0, the release tag's), refuses a binary that states another version.
set -euo pipefail
binary=${1:?usage: dist.sh BINARY OUTDIR}
out=${2:?usage: dist.sh BINARY OUTDIR}
repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
version=$("$binary" --version | cut -d' ' -f1)
if [[ -n ${3:-} && $3 != "$version" ]]; then
  echo "dist.sh: $binary states version $version, not $3 (build it with make build VERSION=$3)" >&2
  exit 1
fi
arch=$(uname -m)
name=paywall-$version-linux-$arch

allowed='^(libc|libm|libpthread|libdl|librt|libgcc_s|libutil|ld-linux-[a-z0-9_-]+)\.so'
needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
bad=$(grep -Ev "$allowed" <<<"$needed" || true)
if [[ -n $bad ]]; then
  echo "dist.sh: $binary needs shared libraries a bare Linux lacks: $(tr '\n' ' ' <<<"$bad")(build it with make build)" >&2
  exit 1
fi

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/$name" "$out"
cp "$binary" "$stage/$name/paywall"
strip --strip-all "$stage/$name/paywall"
cp "$repo/LICENSE" "$repo/README.md" "$stage/$name/"
# The commit's time stamps every entry, so the archive depends only on what it holds.
stamp=$(git -C "$repo" log -1 --format=%ct 2>/dev/null || echo 0)
tar --sort=name --mtime="@$stamp" --owner=0 --group=0 --numeric-owner -C "$stage" -cf - "$name" | gzip -9n > "$out/$name.tar.gz"
(cd "$out" && sha256sum "$name.tar.gz" > "$name.tar.gz.sha256")
echo "$out/$name.tar.gz ($(du -h "$out/$name.tar.gz" | cut -f1); the binary $(du -h "$stage/$name/paywall" | cut -f1))"
