#!/bin/sh
# check-exports.sh: the shared library exports exactly the functions the
# public header declares (GR_API), nothing else (jansson's check-exports).
set -eu
: "${top_srcdir:=.}" "${top_builddir:=.}" "${NM:=nm}"
# NM may carry flags (libtool sets "nm -B"): used unquoted on purpose.
lib="$top_builddir/lib/.libs/libginrummy.so"
if [ ! -f "$lib" ]; then
    echo "SKIP: no shared library at $lib"
    exit 77
fi
tmp=${TMPDIR:-/tmp}/gr-exports.$$
trap 'rm -f "$tmp".*' EXIT
sed -n 's/^GR_API .*[ *]\(gr_[a-z0-9_]*\)(.*/\1/p' "$top_srcdir/include/ginrummy.h" \
    | sort -u > "$tmp.header"
$NM -D --defined-only "$lib" | awk '$2 ~ /^[TDRB]$/ { print $3 }' \
    | grep -v '^_' | sort -u > "$tmp.library"
if ! diff -u "$tmp.header" "$tmp.library"; then
    echo "FAIL: exported symbols differ from the GR_API declarations (- header, + library)"
    exit 1
fi
echo "exports: $(wc -l < "$tmp.header") public functions, all exported, nothing else"
