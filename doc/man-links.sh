#!/bin/sh
# man-links.sh PAGE...: for each section 3 page, the functions its NAME
# section lists, one "function page" line each (page without its
# directory).  make install writes a .so link page for every function that
# is not the page's own name, so that "man gr_settle" works; the test
# check-man-links.sh checks that every public function is listed somewhere.
for page in "$@"; do
    base=$(basename "$page")
    awk -v page="$base" '
        /^\.SH NAME/ { on = 1; next }
        on && /^\.SH/ { exit }
        on {
            line = $0
            dash = index(line, "\\-")
            if (dash) line = substr(line, 1, dash - 1)
            while (match(line, /gr_[a-z0-9_]+/)) {
                print substr(line, RSTART, RLENGTH), page
                line = substr(line, RSTART + RLENGTH)
            }
            if (dash) exit
        }' "$page"
done
