#!/bin/sh
# check-man.sh: every manual page renders without a warning, both with
# groff's own checks and through man -l as a reader would see it.
set -eu
: "${top_srcdir:=.}"
if ! command -v groff >/dev/null 2>&1; then
    echo "SKIP: groff is not installed (apt-get install groff-base)"
    exit 77
fi
status=0
count=0
for page in "$top_srcdir"/doc/*.[137]; do
    count=$((count + 1))
    warnings=$(LC_ALL=C.UTF-8 groff -man -ww -z -K utf-8 "$page" 2>&1 || echo "groff failed")
    if command -v man >/dev/null 2>&1; then
        warnings="$warnings$(LC_ALL=C.UTF-8 MANWIDTH=80 man -l --warnings "$page" 2>&1 >/dev/null || true)"
    fi
    if [ -n "$warnings" ]; then
        echo "FAIL: $page"
        echo "$warnings"
        status=1
    fi
done
echo "man pages: $count checked"
exit $status
