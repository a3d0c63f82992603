#!/usr/bin/env bash
# static-libs.sh DIR
#
# Makes DIR/lib, holding only the static archives of the C libraries paywall links (cmark-gfm, libyaml, libqrencode,
# jemalloc, ICU with its data thinned by icu-data.sh, libstdc++ for ICU), and DIR/pkgconfig, copies of their pkg-config files
# that point there. A build with PKG_CONFIG_PATH=DIR/pkgconfig finds DIR/lib before the system's library folder, so
# the linker takes the archives: the binary needs no shared library but the C runtime's (libc, libm, libgcc_s, the
# loader). Linux only. Debian ships the archives in the same -dev packages, but for libqrencode's, which
# qrencode-static.sh builds from Debian's source package of the installed version.
set -euo pipefail
dir=${1:?usage: static-libs.sh DIR}
multiarch=$(gcc -print-multiarch 2>/dev/null || echo x86_64-linux-gnu)
system=/usr/lib/$multiarch
mkdir -p "$dir/lib" "$dir/pkgconfig"
for name in cmark-gfm cmark-gfm-extensions yaml icui18n icuuc; do
  archive=$system/lib$name.a
  [[ -f $archive ]] || { echo "static-libs.sh: $archive is missing (its -dev package installs it)" >&2; exit 1; }
  ln -sf "$archive" "$dir/lib/lib$name.a"
done
# jemalloc's position-independent objects (the binary is a PIE) as one object, named by a linker script where the
# linker looks for its archive: the Swift driver links static archives with --exclude-libs ALL, which would keep
# malloc and free from being exported, so the C library's own calls would still reach its allocator and hand
# jemalloc blocks it never made. An object's symbols are exported (-export-dynamic): jemalloc replaces malloc
# everywhere.
[[ -f $system/libjemalloc_pic.a ]] || { echo "static-libs.sh: $system/libjemalloc_pic.a is missing (libjemalloc-dev installs it)" >&2; exit 1; }
# Without its C++ operators (jemalloc_cpp): libstdc++'s, which call malloc, are linked for ICU already.
if [[ ! $dir/lib/jemalloc.o -nt $system/libjemalloc_pic.a ]]; then
  members=$(mktemp -d)
  (cd "$members" && ar x "$system/libjemalloc_pic.a" && rm -f jemalloc_cpp.pic.o && ld -r -o "$dir/lib/jemalloc.o" ./*.o)
  rm -rf "$members"
fi
echo "INPUT($dir/lib/jemalloc.o)" > "$dir/lib/libjemalloc.a"
ln -sf "$(gcc -print-file-name=libstdc++.a)" "$dir/lib/libstdc++.a"
"$(dirname "${BASH_SOURCE[0]}")/icu-data.sh" "$dir/lib/libicudata.a"
"$(dirname "${BASH_SOURCE[0]}")/qrencode-static.sh" "$dir/lib/libqrencode.a"
for pc in libcmark-gfm yaml-0.1 libqrencode icu-uc icu-i18n jemalloc; do
  sed -e "s|^libdir *=.*|libdir=$dir/lib|" "$system/pkgconfig/$pc.pc" > "$dir/pkgconfig/$pc.pc"
done
