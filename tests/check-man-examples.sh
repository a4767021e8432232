#!/bin/sh
# check-man-examples.sh: the EXAMPLE programs of the manual pages listed
# in MAN_EXAMPLES (Makefile.am: extracted with man-example.awk and built
# as tests/man/PAGE) print exactly the output their page shows after
# them.
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}"
tmp=${TMPDIR:-/tmp}/gr-manex.$$
trap 'rm -f "$tmp".*' EXIT
status=0 count=0
for prog in "$top_builddir"/tests/man/*; do
    case $prog in *.c|*.o|*.log|*.trs) continue ;; esac
    [ -f "$prog" ] && [ -x "$prog" ] || continue
    page=$top_srcdir/doc/$(basename "$prog").3
    awk -v part=2 -f "$top_srcdir/tests/man-example.awk" "$page" > "$tmp.want"
    "$prog" > "$tmp.got" 2>&1
    rc=$?
    count=$((count + 1))
    if [ "$rc" -ne 0 ] || ! cmp -s "$tmp.want" "$tmp.got"; then
        echo "FAIL: the EXAMPLE of $page (exit $rc)"
        diff -u "$tmp.want" "$tmp.got" | head -40
        status=1
    fi
done
if [ "$count" -eq 0 ]; then
    echo "FAIL: no EXAMPLE program was built"
    exit 1
fi
echo "man EXAMPLE programs: $count built, run and matching their pages"
exit $status
