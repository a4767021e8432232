#!/bin/sh
# check-exports.sh: the shared library exports exactly the functions the
# public header declares (GR_API), nothing else (jansson's check-exports),
# and each with the right symbol version (lib/libginrummy.map): the names
# of release 0.1.0 (its ABI baseline, abi/libginrummy-0.1.0.abi) keep
# GINRUMMY_0.1, every function added since gets the newest node's version.
set -eu
: "${top_srcdir:=.}" "${top_builddir:=.}" "${NM:=nm}" "${READELF:=readelf}"
# NM may carry flags (libtool sets "nm -B"): used unquoted on purpose.
lib="$top_builddir/lib/.libs/libginrummy.so"
map="$top_srcdir/lib/libginrummy.map"
# the ABI baseline: the dump of the last release (abi/libginrummy-X.Y.Z.abi)
baseline=$(ls "$top_srcdir"/abi/libginrummy-*.abi 2>/dev/null | sort -V | tail -n 1)
if [ ! -f "$lib" ]; then
    echo "SKIP: no shared library at $lib"
    exit 77
fi
tmp=${TMPDIR:-/tmp}/gr-exports.$$
trap 'rm -f "$tmp".*' EXIT
sed -n 's/^GR_API .*[ *]\(gr_[a-z0-9_]*\)(.*/\1/p' "$top_srcdir/include/ginrummy.h" \
    | sort -u > "$tmp.header"
$NM -D --defined-only "$lib" | awk '$2 ~ /^[TDRB]$/ { print $3 }' \
    | sed 's/@.*//' | grep -v '^_' | sort -u > "$tmp.library"
if ! diff -u "$tmp.header" "$tmp.library"; then
    echo "FAIL: exported symbols differ from the GR_API declarations (- header, + library)"
    echo "      (a new public function needs GR_API and its declaration on one line"
    echo "      starting with GR_API in include/ginrummy.h)"
    exit 1
fi
echo "exports: $(wc -l < "$tmp.header") public functions, all exported, nothing else"

# --- symbol versions ----------------------------------------------------------
# "name version" for each name a node lists, the names GINRUMMY_0.1 lists,
# and the newest node (the one with the pattern gr_*)
awk '/^GINRUMMY_[0-9.]* \{/ { node = $1 } /^}/ { node = "" }
     node != "" && /^ *gr_[a-z0-9_]*;/ { sub(/^ */, ""); sub(/;.*/, ""); print $0, node }' \
    "$map" | sort > "$tmp.named"
sed -n 's/ GINRUMMY_0\.1$//p' "$tmp.named" > "$tmp.v01"
newest=$(sed -n 's/^\(GINRUMMY_[0-9.]*\) {.*/\1/p' "$map" | tail -n 1)
if [ -n "$baseline" ]; then
    # the baseline's functions of version GINRUMMY_0.1 (abidw's elf-function-symbols)
    sed -n "/<elf-function-symbols>/,/<\/elf-function-symbols>/s/.*<elf-symbol name='\([^']*\)' version='GINRUMMY_0\.1'.*/\1/p" \
        "$baseline" | sort -u > "$tmp.base"
    if ! diff -u "$tmp.base" "$tmp.v01"; then
        echo "FAIL: GINRUMMY_0.1 in lib/libginrummy.map must name exactly the functions"
        echo "      of release 0.1.0 (- baseline $baseline, + map): never add a name"
        echo "      to it or remove one; new functions need no line in the map"
        exit 1
    fi
fi
if ! $READELF --dyn-syms -W "$lib" | grep -q '@@GINRUMMY_'; then
    echo "note: the library has no symbol versions (the linker took no version script)"
    exit 0
fi
# name@@VERSION of every defined function
$READELF --dyn-syms -W "$lib" | awk '$7 != "UND" && $4 == "FUNC" { print $8 }' \
    | sed -n 's/^\(gr_[a-z0-9_]*\)@@\(.*\)/\1 \2/p' | sort > "$tmp.versions"
bad=0
while read -r fn ver; do
    want=$(sed -n "s/^$fn //p" "$tmp.named")
    [ -n "$want" ] || want=$newest
    if [ "$ver" != "$want" ]; then
        echo "FAIL: $fn has version $ver, not $want"
        bad=1
    fi
done < "$tmp.versions"
if [ "$(wc -l < "$tmp.versions")" -ne "$(wc -l < "$tmp.header")" ]; then
    echo "FAIL: $(wc -l < "$tmp.versions") versioned functions for $(wc -l < "$tmp.header") exported"
    bad=1
fi
if [ "$bad" != 0 ]; then
    echo "      lib/libginrummy.map: GINRUMMY_0.1 names what 0.1.0 exported (never"
    echo "      edit that list); a function added since needs no line: the"
    echo "      pattern gr_* of $newest covers it"
    exit 1
fi
n01=$(grep -c ' GINRUMMY_0\.1$' "$tmp.versions" || true)
echo "versions: $n01 functions GINRUMMY_0.1 (release 0.1.0), $(($(wc -l < "$tmp.versions") - n01)) $newest (added since)"
if [ "$newest" != GINRUMMY_0.1 ] && [ $(($(wc -l < "$tmp.versions") - n01)) -gt 0 ]; then
    echo "added since 0.1.0 ($newest):"
    grep -v ' GINRUMMY_0\.1$' "$tmp.versions" | sed 's/ .*//; s/^/    /'
fi
