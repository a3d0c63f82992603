#!/usr/bin/env bash
# icu-data.sh ARCHIVE
#
# Makes ARCHIVE, a libicudata.a to link in place of Debian's: the same ICU data for every locale, without the parts
# paywall never asks ICU for (collation, word and line breaking, time zones, transliteration, spelled-out numbers,
# character set converters, StringPrep profiles, confusables, character names), about a third of the 31 MB.
# What paywall formats (numbers, currencies, percentages, durations, plural rules, lists, locale names, likely
# subtags, canonical tags, IDNA, case mapping) reads only what stays, so every page keeps its bytes.
#
# Debian ships the data only as that archive: its one object holds the package (icudtNNl.dat) as its .rodata, read
# out with objcopy, thinned with icupkg, turned back into an object with genccode (icu-devtools) and the C compiler.
# Made again only when the system's archive or this script is newer than ARCHIVE. Linux only.
set -euo pipefail
out=${1:?usage: icu-data.sh ARCHIVE}
multiarch=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
system=/usr/lib/$multiarch/libicudata.a
[[ -f $system ]] || { echo "icu-data.sh: $system is missing (libicu-dev installs it)" >&2; exit 1; }
for tool in icupkg genccode objcopy; do
  command -v "$tool" >/dev/null || { echo "icu-data.sh: $tool is missing (icu-devtools, binutils)" >&2; exit 1; }
done
[[ $out -nt $system && $out -nt ${BASH_SOURCE[0]} ]] && exit 0

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
member=$(ar t "$system")                      # icudt72l_dat.o
[[ $member == icudt*_dat.o ]] || { echo "icu-data.sh: unexpected $system (holds $member)" >&2; exit 1; }
package=${member%_dat.o}                      # icudt72l: the package name, l for little-endian
entry=$(nm --defined-only "$system" | awk '$3 ~ /^icudt[0-9]+_dat$/ { sub(/_dat$/, "", $3); print $3 }')
(cd "$work" && ar x "$system" "$member")
mkdir "$work/full" "$work/lean"
objcopy -O binary --only-section=.rodata "$work/$member" "$work/full/$package.dat"

# Whole trees and kinds of item, listed by name (icupkg's list files take no leading wildcard).
unused='^(coll|brkitr|zone|translit|rbnf)/|\.(cnv|spp)$|^(cnvalias\.icu|confusables\.cfu|unames\.icu)$'
icupkg -l "$work/full/$package.dat" | grep -E "$unused" > "$work/remove.txt"
icupkg -r "$work/remove.txt" "$work/full/$package.dat" "$work/lean/$package.dat"
genccode -q -a gcc -e "$entry" -d "$work" "$work/lean/$package.dat"
cc -c "$work/${package}_dat.S" -o "$work/${package}_dat.o"
rm -f "$out.tmp"
ar rcsD "$out.tmp" "$work/${package}_dat.o"
mv "$out.tmp" "$out"
