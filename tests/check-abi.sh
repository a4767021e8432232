#!/bin/sh
# check-abi.sh: the library just built against the ABI of the last release
# (abi/libginrummy-0.1.0.abi, the abidw dump of the installed
# libginrummy.so), compared by libabigail's abidiff.  Run by make check
# (skipped without abidiff or a shared library) and by make abi-check
# (which fails without them).
#
# Fails, printing abidiff's report, on any incompatible change: a
# function removed or changed (its parameters, its return type, a struct
# it reaches that changed size or layout), an enum value renumbered or
# removed, a symbol that lost its version.  Passes, listing them, on
# compatible changes: functions and types added, values appended to an
# enum (its GR_*_COUNT grows: abi/ginrummy.abignore), fields carved out of
# a struct's `reserved` array (inserted before it as it shrinks, the
# struct's size unchanged), private types (not named by the public
# header) gone.  tests/abi-allowed.awk decides which changes
# are allowed and refuses any it does not know.
#
# Environment: ABIDIFF, ABIDW (default abidiff, abidw); GR_ABI_REQUIRED=1
# makes a missing abidiff or shared library an error instead of a skip.
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}" "${ABIDIFF:=abidiff}" "${ABIDW:=abidw}"
# the dump of the last release (abi/libginrummy-X.Y.Z.abi)
baseline=$(ls "$top_srcdir"/abi/libginrummy-*.abi 2>/dev/null | sort -V | tail -n 1)
suppr="$top_srcdir/abi/ginrummy.abignore"
lib="$top_builddir/lib/.libs/libginrummy.so"
skip() {
    if [ "${GR_ABI_REQUIRED:-0}" = 1 ]; then echo "FAIL: $1" >&2; exit 1; fi
    echo "SKIP: $1"; exit 77
}
command -v "$ABIDIFF" >/dev/null 2>&1 && command -v "$ABIDW" >/dev/null 2>&1 \
    || skip "no abidiff (Debian: apt-get install abigail-tools)"
[ -n "$baseline" ] || { echo "FAIL: no ABI baseline abi/libginrummy-*.abi"; exit 1; }
[ -f "$lib" ] || skip "no shared library at $lib (configured --disable-shared?)"
# The baseline is read from GCC's debug information: a library built
# without -g has none to compare, and clang's describes the same types
# differently (abidiff then reports every type as removed).  GCC builds
# (make check, make distcheck, CI's first stages) make the comparison.
if command -v readelf >/dev/null 2>&1; then
    readelf -S "$lib" 2>/dev/null | grep -q '\.debug_info' \
        || skip "no debug information in $lib (built without -g)"
    if readelf -p .comment "$lib" 2>/dev/null | grep -qi clang; then
        skip "$lib was built by clang: the baseline is compared in GCC builds"
    fi
fi
tmp=${TMPDIR:-/tmp}/gr-abi.$$
trap 'rm -f "$tmp".*' EXIT
# Both sides are dumped alike (make abi-dump made the baseline): the types
# of the headers in include/, reachable from a function or not (enums
# passed as int), in full; the library's private types (behind the opaque
# handles) left out.
incdir=$(cd "$top_srcdir/include" && pwd)
if ! "$ABIDW" --drop-private-types --load-all-types --no-show-locs --no-corpus-path \
        --no-comp-dir-path --headers-dir "$incdir" --out-file "$tmp.abi" "$lib" \
        > "$tmp.report" 2>&1; then
    cat "$tmp.report"
    echo "FAIL: abidw could not read $lib"
    exit 1
fi
"$ABIDIFF" --no-show-locs --leaf-changes-only --non-reachable-types \
    --suppressions "$suppr" "$baseline" "$tmp.abi" > "$tmp.report" 2>&1
rc=$?
name=$(basename "$baseline" .abi)
# abidiff's status is a bit mask: 1 error, 2 usage error, 4 ABI change,
# 8 incompatible ABI change
if [ $((rc & 3)) != 0 ]; then
    cat "$tmp.report"
    echo "FAIL: abidiff could not compare the library with $baseline (status $rc)"
    exit 1
fi
# status 8 is not trusted alone: abidiff counts a reserved array that
# shrank as incompatible; abi-allowed.awk reads every change instead
if ! awk -v header="$incdir/ginrummy.h" -f "$top_srcdir/tests/abi-allowed.awk" "$tmp.report" \
        > "$tmp.bad"; then
    cat "$tmp.report"
    echo
    cat "$tmp.bad"
    echo "FAIL: the ABI of $name is broken (abidiff status $rc, report above):"
    echo "      never remove or change a public function, never change the size or"
    echo "      layout of a public struct except by carving fields out of its"
    echo "      reserved array, never renumber an enum value (add new ones last)"
    exit 1
fi
if [ -s "$tmp.report" ]; then
    cat "$tmp.report"
    echo "abi: compatible with $name (the changes above are additions)"
else
    echo "abi: identical to $name"
fi
exit 0
