#!/bin/sh
# check-python.sh: the pytest suite of the Python package (python/tests)
# against the library just built, with the declarations make wrote from
# ginrummy.h (python/ginrummy/_ffi.py in the build tree).  SKIP (77) when
# no python3 with cffi, pytest and numpy is found, when configure found
# none (nothing was built for Python), when the library was built without
# a shared object, or when the interpreter cannot load it (a -m32 build
# under a 64-bit python).
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}"
lib="$top_builddir/lib/.libs/libginrummy.so.0"
if [ ! -f "$lib" ]; then
    echo "SKIP: no shared library at $lib"
    exit 77
fi
ffi="$top_builddir/python/ginrummy/_ffi.py"
if [ ! -f "$ffi" ]; then
    echo "SKIP: no $ffi (configure found no python3 with cffi: apt-get install python3-cffi)"
    exit 77
fi
py=
for cand in ${PYTHON:-} /usr/bin/python3 python3; do
    if "$cand" -c 'import cffi, pytest, numpy' >/dev/null 2>&1; then
        py=$cand
        break
    fi
done
if [ -z "$py" ]; then
    echo "SKIP: no python3 with cffi, pytest and numpy"
    echo "      (apt-get install python3-cffi python3-pytest python3-numpy)"
    exit 77
fi
GINRUMMY_LIBRARY=$(cd "$(dirname "$lib")" && pwd)/libginrummy.so.0
GINRUMMY_FFI=$(cd "$(dirname "$ffi")" && pwd)/_ffi.py
PYTHONDONTWRITEBYTECODE=1
# gin-play and rummy-play, which test_play_parity.py plays against the
# package's python3 -m ginrummy play and rummy
GINRUMMY_EXAMPLES=$(cd "$top_builddir/examples" 2>/dev/null && pwd)
export GINRUMMY_LIBRARY GINRUMMY_FFI PYTHONDONTWRITEBYTECODE GINRUMMY_EXAMPLES
# A library this interpreter cannot load (built with -m32 for a 64-bit
# python, another architecture, a sanitizer runtime it lacks) is a build
# the Python package cannot serve: say why and skip, not fail.
why=$("$py" -c 'import ctypes, sys
try:
    ctypes.CDLL(sys.argv[1])
except OSError as e:
    print(e)' "$GINRUMMY_LIBRARY" 2>&1)
if [ -n "$why" ]; then
    echo "SKIP: $py cannot load the library built here: $why"
    exit 77
fi
"$py" -m pytest -q -p no:cacheprovider "$top_srcdir/python/tests"
status=$?
# pytest: 0 passed, 5 no tests collected (a failure here), others failures
if [ "$status" -eq 5 ]; then
    echo "FAIL: pytest collected no tests"
    exit 1
fi
exit $status
