#!/bin/sh
# check-man-links.sh: every public function (GR_API in ginrummy.h) is named
# in the NAME section of a manual page, so that make install can give it a
# link page ("man gr_settle" shows gr_melds(3)); and the installed links
# point at pages that exist.
set -eu
: "${top_srcdir:=.}"
tmp=${TMPDIR:-/tmp}/gr-manlinks.$$
trap 'rm -f "$tmp".*' EXIT
sed -n 's/^GR_API .*[ *]\(gr_[a-z0-9_]*\)(.*/\1/p' "$top_srcdir/include/ginrummy.h" \
    | sort -u > "$tmp.api"
sh "$top_srcdir/doc/man-links.sh" "$top_srcdir"/doc/*.3 > "$tmp.links"
cut -d' ' -f1 "$tmp.links" | sort -u > "$tmp.named"
missing=$(comm -23 "$tmp.api" "$tmp.named")
if [ -n "$missing" ]; then
    echo "FAIL: public functions with no manual page (add them to a NAME section):"
    echo "$missing" | sed 's/^/    /'
    exit 1
fi
# each named function is also in its page's SYNOPSIS or text
status=0
while read -r fn page; do
    if ! grep -q "$fn" "$top_srcdir/doc/$page"; then
        echo "FAIL: $fn named but not described in $page"; status=1
    fi
done < "$tmp.links"
# man gr_rummy lists the whole basic Rummy family: every gr_rummy_* function
# and type of the header is named in doc/gr_rummy.3
for name in $(grep "^gr_rummy_" "$tmp.api") \
            $(sed -n 's/^typedef struct \(gr_rummy_[a-z_]*\).*/\1/p' "$top_srcdir/include/ginrummy.h" | sort -u); do
    if ! grep -q "%$name\b\|[ (]$name[,.:;) ]\|[ (]$name\$" "$top_srcdir/doc/gr_rummy.3"; then
        echo "FAIL: $name is not listed in doc/gr_rummy.3 (THE BASIC RUMMY FAMILY)"; status=1
    fi
done
echo "man links: $(wc -l < "$tmp.api") public functions, each with a page"
exit $status
