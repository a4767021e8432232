#!/bin/sh
# check-wasm.sh: the node --test suites of the WebAssembly package
# (js/tests/*.test.mjs) against the package make wasm built, the native
# library's answers compared on fixed seeds (js/tests/native-ref), and the
# TypeScript declarations compiled with tsc --strict when a TypeScript
# compiler is found ($GR_NODE_TOOLS/node_modules/.bin/tsc, as .ci/run
# installs it, or tsc on PATH).  With npm, the package is packed (npm pack,
# as make npm-pack does), the tarball installed into a scratch project
# offline, and js/README.md's hello example run there as written (import
# from 'ginrummy'); the TypeScript example is compiled in that project.
# SKIP (77) when configure found no emcc or no node, or was given
# --disable-wasm.
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

tmp=$(mktemp -d) || exit 1
trap 'rm -rf "$tmp"' EXIT
app=$tmp/app
mkdir "$app"
printf '{ "name": "scratch", "private": true, "type": "module" }\n' > "$app/package.json"
npm=${NPM:-npm}
if command -v "$npm" >/dev/null 2>&1; then
    # the package as a web author gets it: packed, then installed from the tarball
    if (cd "$tmp" && "$npm" pack --silent --pack-destination "$tmp" "$pkg" > pack.txt 2> pack.err) \
        && tgz=$tmp/$(tail -n 1 "$tmp/pack.txt") && [ -f "$tgz" ] \
        && (cd "$app" && "$npm" install --offline --no-audit --no-fund --loglevel=error "$tgz" > "$tmp/install.txt" 2>&1); then
        echo "ok: npm pack gave $(basename "$tgz"), installed offline into a scratch project"
        for f in package.json index.mjs index.d.ts README.md ginrummy_wasm.mjs ginrummy_wasm.wasm capi.mjs runtime.mjs; do
            [ -f "$app/node_modules/ginrummy/$f" ] || { echo "FAIL: the packed package lacks $f"; status=1; }
        done
        # js/README.md's first example, its bare import resolved by node
        awk '/^```js$/ { on = 1; next } /^```/ { if (on) exit } on' "$top_srcdir/js/README.md" > "$app/hello.mjs"
        want=$(sed -n 's|^console\.log(.*); *// \(.*\)$|\1|p' "$app/hello.mjs" | head -n 1)
        if got=$(cd "$app" && "${NODE:-node}" hello.mjs | head -n 1) && [ -n "$want" ] && [ "$got" = "$want" ]; then
            echo "ok: js/README.md's hello runs from the installed package: $got"
        else
            echo "FAIL: js/README.md's hello from the installed package printed '$got', the README says '$want'"
            status=1
        fi
    else
        echo "FAIL: npm pack or npm install of the package"
        cat "$tmp/pack.err" "$tmp/install.txt" 2>/dev/null
        status=1
    fi
else
    echo "note: no npm: the package was not packed and installed (.ci/run does it)"
    mkdir "$app/node_modules"
    ln -s "$pkg" "$app/node_modules/ginrummy"
fi

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
    cp "$top_srcdir/js/tests/example.mts" "$top_srcdir/js/tests/tsconfig.json" "$app/"
    echo "tsc --strict: js/tests/example.mts against index.d.ts"
    if (cd "$app" && "$tsc" --strict -p tsconfig.json) && "${NODE:-node}" "$app/example.mjs" > "$tmp/out.txt"; then
        echo "ok: example.mts compiled with --strict and ran: $(head -n 1 "$tmp/out.txt")"
    else
        echo "FAIL: example.mts"
        status=1
    fi
fi
exit $status
