#!/bin/sh
# check-header.sh: the public header compiles cleanly on its own as C99,
# C11 and C++ (the house style: no HAVE_* macros, extern "C").
set -eu
: "${top_srcdir:=.}" "${top_builddir:=.}" "${CC:=cc}" "${CXX:=c++}"
tmp=${TMPDIR:-/tmp}/gr-header.$$
trap 'rm -f "$tmp".*' EXIT
printf '#include <ginrummy.h>\nint main(void) { return gr_cards_points(0) + GR_OK; }\n' > "$tmp.c"
cp "$tmp.c" "$tmp.cpp"
inc="-I$top_srcdir/include -I$top_builddir/include"
for std in c99 c11; do
    # shellcheck disable=SC2086
    $CC -std=$std -pedantic -Wall -Wextra -Werror $inc -c "$tmp.c" -o "$tmp.o"
    echo "header: $std ok"
done
if command -v "$CXX" >/dev/null 2>&1; then
    # shellcheck disable=SC2086
    $CXX -std=c++11 -pedantic -Wall -Wextra -Werror $inc -c "$tmp.cpp" -o "$tmp.o"
    echo "header: c++11 ok"
else
    echo "header: no C++ compiler ($CXX), C++ check skipped"
fi
