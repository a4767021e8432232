#!/bin/sh
# check-soname.sh: the shared library's SONAME and file name follow
# libtool's version (GR_LT_VERSION, current:revision:age, from
# configure.ac): SONAME libginrummy.so.(current-age), file
# libginrummy.so.(current-age).(age).(revision).  The whole 0.x series
# keeps SONAME libginrummy.so.0, so programs linked against 0.1.0 (whose
# version-info was 0:0:0) keep loading; and once functions were added
# since 0.1.0 (symbol versions newer than GINRUMMY_0.1), libtool's rules
# want current and age both raised above the release's.
set -eu
: "${top_builddir:=.}" "${READELF:=readelf}"
lib="$top_builddir/lib/.libs/libginrummy.so"
if [ ! -f "$lib" ]; then
    echo "SKIP: no shared library at $lib"
    exit 77
fi
if [ -z "${GR_LT_VERSION:-}" ]; then
    echo "FAIL: GR_LT_VERSION is not set (make check sets it from configure)"
    exit 1
fi
IFS=: read -r current revision age <<EOT
$GR_LT_VERSION
EOT
fail() { echo "FAIL: $*"; exit 1; }
[ "$age" -le "$current" ] || fail "age $age is above current $current ($GR_LT_VERSION)"
major=$((current - age))
soname=$($READELF -d "$lib" | sed -n 's/.*(SONAME).*\[\(.*\)\].*/\1/p')
[ "$soname" = "libginrummy.so.$major" ] \
    || fail "SONAME is '$soname', libtool version $GR_LT_VERSION wants libginrummy.so.$major"
[ "$soname" = libginrummy.so.0 ] \
    || fail "SONAME $soname: the 0.x series keeps libginrummy.so.0 (age must grow with current)"
real=$(cd "$(dirname "$lib")" && ls libginrummy.so.*.*.* 2>/dev/null | head -n 1)
[ "$real" = "libginrummy.so.$major.$age.$revision" ] \
    || fail "the library file is '$real', not libginrummy.so.$major.$age.$revision"
added=$($READELF --dyn-syms -W "$lib" | awk '$7 != "UND" && $4 == "FUNC"' \
    | grep -c '@@GINRUMMY_' || true)
newer=$($READELF --dyn-syms -W "$lib" | awk '$7 != "UND" && $4 == "FUNC"' \
    | grep '@@GINRUMMY_' | grep -vc '@@GINRUMMY_0\.1$' || true)
if [ "$newer" -gt 0 ] && { [ "$current" -lt 1 ] || [ "$age" -lt 1 ]; }; then
    fail "$newer functions were added since 0.1.0 (version-info 0:0:0), so libtool's rules want current and age raised (1:0:1), not $GR_LT_VERSION"
fi
echo "soname: $soname, file $real (version-info $GR_LT_VERSION; $added versioned functions, $newer added since 0.1.0)"
