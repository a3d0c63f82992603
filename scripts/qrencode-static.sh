#!/usr/bin/env bash
# qrencode-static.sh ARCHIVE
#
# Makes ARCHIVE (libqrencode.a) for the release build, which links every C library statically: Debian's
# libqrencode-dev ships the shared library alone. The archive is built from Debian's source package of exactly the
# installed libqrencode-dev version (apt-get source, its hash checked against the archive's signed Sources index),
# configured as Debian configures it for the library (thread safe, no PNG, no command-line tool), position
# independent. Nothing is installed: apt reads its source indexes into a folder beside ARCHIVE, made from the
# machine's own Debian sources with deb-src for deb. Rebuilt only when the installed version changes (a stamp beside
# ARCHIVE names it). Linux only; needs gcc and make.
set -euo pipefail
archive=${1:?usage: qrencode-static.sh ARCHIVE}
version=$(dpkg-query -W -f='${Version}' libqrencode-dev 2>/dev/null) ||
  { echo "qrencode-static.sh: libqrencode-dev is not installed (scripts/install-deps.sh installs it)" >&2; exit 1; }
source_package=$(dpkg-query -W -f='${source:Package}' libqrencode-dev)
stamp="$archive.version"
[[ -f $archive && -f $stamp && $(cat "$stamp") == "$version" ]] && exit 0

work=$(mktemp -d "$(dirname "$archive")/qrencode-src.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/apt/parts" "$work/apt/lists/partial" "$work/apt/cache/archives/partial" "$work/src"
# The machine's Debian sources, as source indexes: deb822 files (Types: deb) and one-line lists (deb …).
shopt -s nullglob
for file in /etc/apt/sources.list.d/*.sources; do
  sed -E 's/^Types:.*$/Types: deb-src/' "$file" > "$work/apt/parts/$(basename "$file")"
done
for file in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
  [[ -f $file ]] && sed -nE 's/^deb[[:space:]]/deb-src /p' "$file" > "$work/apt/parts/$(basename "$file")"
done
apt=(-q -o "Dir::Etc::SourceList=/dev/null" -o "Dir::Etc::SourceParts=$work/apt/parts"
     -o "Dir::State::Lists=$work/apt/lists" -o "Dir::Cache=$work/apt/cache" -o "APT::Sandbox::User=$(id -un)")
# A source the machine lists but that has no source index (a vendor's binary repository) fails alone.
apt-get "${apt[@]}" update >"$work/update.log" 2>&1 || true
(cd "$work/src" && apt-get "${apt[@]}" source --download-only --tar-only "$source_package=$version") \
  >"$work/source.log" 2>&1 ||
  { cat "$work/update.log" "$work/source.log" >&2; echo "qrencode-static.sh: could not fetch the source of" \
      "$source_package $version" >&2; exit 1; }
tarball=$(find "$work/src" -maxdepth 1 -name "${source_package}_*.orig.tar.*" | head -1)
tar -xf "$tarball" -C "$work/src"
tree=$(find "$work/src" -mindepth 1 -maxdepth 1 -type d | head -1)
(cd "$tree" && ./configure --quiet --enable-static --disable-shared --enable-thread-safety --without-tools \
   --without-png CFLAGS="-O2 -fPIC" >/dev/null && make --quiet -j2 libqrencode.la >/dev/null 2>&1) ||
  { echo "qrencode-static.sh: building $source_package $version failed (in $tree)" >&2; trap - EXIT; exit 1; }
cp "$tree/.libs/libqrencode.a" "$archive"
echo "$version" > "$stamp"
