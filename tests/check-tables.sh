#!/bin/sh
# check-tables.sh: the shipped lib/gin/meld_tables.h is what its generator
# (lib/gin/mkmeldtables, built by make) prints today.
set -eu
: "${top_srcdir:=.}" "${top_builddir:=.}"
gen="$top_builddir/lib/gin/mkmeldtables"
out="check-tables.out"
"$gen" > "$out"
if ! cmp -s "$out" "$top_srcdir/lib/gin/meld_tables.h"; then
    echo "FAIL: lib/gin/meld_tables.h differs from what $gen prints:"
    diff "$top_srcdir/lib/gin/meld_tables.h" "$out" | head -20
    rm -f "$out"
    exit 1
fi
rm -f "$out"
echo "meld tables: the shipped copy matches the generator"
