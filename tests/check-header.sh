#!/bin/sh
# check-header.sh: the public header compiles cleanly on its own as C99,
# C11 and C++ (the house style: no HAVE_* macros, extern "C"), and every
# public struct it defines is known to gr_struct_size (lib/gin/batch.c)
# and checked by check_env (tests/check_env.c).
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

# every public struct in gr_struct_size's table and in check_env's test of it
missing=0
for s in $(sed -n 's/^typedef struct \(gr_[a-z0-9_]*\) {.*/\1/p' "$top_srcdir/include/ginrummy.h"); do
    if ! grep -q "{ \"$s\", sizeof($s) }" "$top_srcdir/lib/gin/batch.c"; then
        echo "FAIL: struct $s is not in gr_struct_size (lib/gin/batch.c)"; missing=1
    fi
    if ! grep -q "SIZE_OF($s)" "$top_srcdir/tests/check_env.c"; then
        echo "FAIL: struct $s is not checked in tests/check_env.c (SIZE_OF)"; missing=1
    fi
done
[ $missing = 0 ] || exit 1
echo "header: every public struct known to gr_struct_size"
