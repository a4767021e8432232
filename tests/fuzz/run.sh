#!/bin/sh
# run.sh: build the libFuzzer targets with clang and run each for a while.
#   tests/fuzz/run.sh SRCDIR BUILDDIR [SECONDS]     (make fuzz does this)
# Targets are built with ASan and UBSan; new inputs go to BUILDDIR/fuzz,
# the committed seed corpora in SRCDIR/tests/fuzz/corpus are only read.
set -eu
src=$1 build=$2 seconds=${3:-60}
CLANG=${CLANG:-clang}
if ! command -v "$CLANG" >/dev/null 2>&1; then
    echo "make fuzz needs clang and its runtime: apt-get install clang libclang-rt-14-dev" >&2
    exit 1
fi
out=$build/fuzz
mkdir -p "$out"
san="-g -O1 -fsanitize=address,undefined -fno-sanitize-recover=all"
inc="-I$src/include -I$build/include -I$src/lib -I$src/tests"
# The library's sources (every .c under lib/ but the table generator,
# lib/gin/mkmeldtables.c, a program of its own run by make) are compiled
# once, with the fuzzer's coverage, and linked into every target.
echo "== the library, instrumented"
mkdir -p "$out/lib"
objs=""
for f in "$src"/lib/*/*.c; do
    case $f in */mkmeldtables.c) continue ;; esac
    o=$out/lib/$(basename "$(dirname "$f")")_$(basename "$f" .c).o
    # shellcheck disable=SC2086
    $CLANG $san -fsanitize=fuzzer-no-link $inc -c -o "$o" "$f"
    objs="$objs $o"
done
for target in parse melds api rummy views match; do
    extra=""
    [ "$target" = melds ] && extra="$src/tests/oracle.c $src/tests/oracle_layoff.c"
    echo "== fuzz_$target: building"
    # shellcheck disable=SC2086
    $CLANG $san -fsanitize=fuzzer $inc -o "$out/fuzz_$target" $objs $extra \
        "$src/tests/fuzz/fuzz_$target.c"
    mkdir -p "$out/corpus_$target"
    echo "== fuzz_$target: running for $seconds s"
    "$out/fuzz_$target" -max_total_time="$seconds" -print_final_stats=1 \
        -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        "$out/corpus_$target" "$src/tests/fuzz/corpus/$target" \
        > "$out/fuzz_$target.log" 2>&1 || {
        tail -50 "$out/fuzz_$target.log"
        echo "fuzz_$target: FAILED (log: $out/fuzz_$target.log)" >&2
        exit 1
    }
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/fuzz_$target.log")
    echo "fuzz_$target: ok, $execs executions in $seconds s"
done
