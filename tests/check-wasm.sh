#!/bin/sh
# check-wasm.sh: the node --test suites of the WebAssembly package
# (js/tests/*.test.mjs) against the package make wasm built, the native
# library's answers compared on fixed seeds (js/tests/native-ref), and the
# TypeScript declarations compiled with tsc --strict when a TypeScript
# compiler is found ($GR_NODE_TOOLS/node_modules/.bin/tsc, as .ci/run
# installs it, or tsc on PATH).  SKIP (77) when configure found no emcc or
# no node, or was given --disable-wasm.
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}"
if [ "${GR_WASM:-no}" != yes ]; then
    echo "SKIP: the WebAssembly package is not built: configure found no emcc or no node"
    echo "      (apt-get install emscripten nodejs, then ./configure), or was given --disable-wasm"
    exit 77
fi
pkg=$(cd "$top_builddir/js/ginrummy" && pwd) || exit 1
ref=$(cd "$top_builddir/js/tests" && pwd)/native-ref
GINRUMMY_PKG=$pkg
NATIVE_REF=$ref
export GINRUMMY_PKG NATIVE_REF
status=0
"${NODE:-node}" --expose-gc --test "$top_srcdir"/js/tests/*.test.mjs || status=1

tsc=
if [ -n "${GR_NODE_TOOLS:-}" ] && [ -x "$GR_NODE_TOOLS/node_modules/.bin/tsc" ]; then
    tsc=$GR_NODE_TOOLS/node_modules/.bin/tsc
elif command -v tsc >/dev/null 2>&1; then
    tsc=tsc
fi
if [ -z "$tsc" ]; then
    echo "note: no TypeScript compiler (npm install typescript, or GR_NODE_TOOLS=DIR):"
    echo "      the declarations were not compiled (.ci/run does it)"
else
    # the example beside the package as an npm user has it: node_modules/ginrummy
    tmp=$(mktemp -d) || exit 1
    trap 'rm -rf "$tmp"' EXIT
    mkdir "$tmp/node_modules"
    ln -s "$pkg" "$tmp/node_modules/ginrummy"
    cp "$top_srcdir/js/tests/example.mts" "$top_srcdir/js/tests/tsconfig.json" "$tmp/"
    echo "tsc --strict: js/tests/example.mts against index.d.ts"
    if (cd "$tmp" && "$tsc" --strict -p tsconfig.json) && "${NODE:-node}" "$tmp/example.mjs" > "$tmp/out.txt"; then
        echo "ok: example.mts compiled with --strict and ran: $(head -n 1 "$tmp/out.txt")"
    else
        echo "FAIL: example.mts"
        status=1
    fi
fi
exit $status
