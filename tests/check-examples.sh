#!/bin/sh
# check-examples.sh: the example programs as a user drives them, with
# scripts piped into stdin: normal output, a whole bot match, help and bad
# commands, end of input, and the exit status 2 of bad options and cards.
set -u
: "${top_builddir:=.}"
bin=$top_builddir/examples
tmp=${TMPDIR:-/tmp}/gr-examples.$$
trap 'rm -f "$tmp".*' EXIT
failures=0 passed=0

# expect NAME STATUS PATTERN -- COMMAND...: COMMAND exits with STATUS and
# its output (stdout and stderr) matches the grep pattern PATTERN
expect() {
    name=$1 status=$2 pattern=$3
    shift 4
    "$@" > "$tmp.out" 2>&1 < "${STDIN:-/dev/null}"
    got=$?
    if [ "$got" -ne "$status" ] || ! grep -q -- "$pattern" "$tmp.out"; then
        echo "FAIL: $name (exit $got, wanted $status and /$pattern/)"
        sed 's/^/    /' "$tmp.out" | tail -20
        failures=$((failures + 1))
    else
        passed=$((passed + 1))
    fi
}

hand="AS 2S 3S 7H 7D 7C KD QD JD 9C"
expect "gin-melds: arrangement" 0 "deadwood: 9C (9)" -- "$bin/gin-melds" "$hand"
expect "gin-melds: best discard" 0 "best discard: 9C" -- "$bin/gin-melds" "$hand 4S"
expect "gin-melds: bad card named" 2 '"1S"' -- "$bin/gin-melds" "AS 1S"
expect "gin-melds: settlement" 0 "outcome: *knock" -- "$bin/gin-melds" \
    --knock "AS 2S 3S 7H 7D 7C KD QD JD 2C" --defender "4S 5S 7S 8C 9C 10C 3D 4D 5H 6H"
expect "gin-melds: bad preset" 2 "" -- "$bin/gin-melds" --preset nope "$hand"

expect "gin-play --auto: a whole match" 0 "wins the match" -- "$bin/gin-play" --auto --seed 1
expect "gin-play: bad option" 2 "usage" -- "$bin/gin-play" --bogus
expect "gin-play: end of input" 0 "End of input" -- "$bin/gin-play" --seed 1

printf '?\nzz\nx\nq\n' > "$tmp.in"
STDIN=$tmp.in expect "gin-play: help, hints, quit" 0 "Commands:" -- "$bin/gin-play" --seed 3 --ascii
STDIN=$tmp.in expect "gin-play: unknown command hint" 0 "Unknown command" -- "$bin/gin-play" --seed 3 --ascii

printf 'p\n  ' > "$tmp.in"    # the last line ends in blanks, with no newline
STDIN=$tmp.in expect "gin-play: trailing blanks at end of input" 0 "End of input" -- "$bin/gin-play" --seed 5 --ascii

expect "gin-play --auto --players 4: a partnership match" 0 "win the match" -- "$bin/gin-play" --auto --seed 1 --players 4 --ascii
expect "gin-play --auto --players 3, Hollywood" 0 "Hollywood game 3" -- "$bin/gin-play" --auto --seed 2 --players 3 --rule hollywood=1 --ascii
expect "gin-play --auto, OpenSpiel preset" 0 "OpenSpiel rules" -- "$bin/gin-play" --auto --seed 4 --preset openspiel
expect "gin-play --players 3 --rule hollywood=1 (manual page)" 0 "End of input" -- "$bin/gin-play" --players 3 --rule hollywood=1
expect "gin-play: bad --players" 2 "players must be" -- "$bin/gin-play" --players 5
expect "gin-play: bad --rule" 2 "unknown rule" -- "$bin/gin-play" --rule knock_limit=11

printf 'd\nx KS\n?\nq\n' > "$tmp.in"
STDIN=$tmp.in expect "gin-play --players 3: a person and two bots" 0 "East deals and sits out" -- "$bin/gin-play" --players 3 --seed 5 --ascii
STDIN=$tmp.in expect "gin-play --players 3: a refused card" 0 "You do not hold KS" -- "$bin/gin-play" --players 3 --seed 5 --ascii
printf 'p\nd\n' > "$tmp.in"
STDIN=$tmp.in expect "gin-play --players 4: a person and three bots" 0 "Deal 1, table 1: You against East" -- "$bin/gin-play" --players 4 --seed 9 --ascii
STDIN=$tmp.in expect "gin-play --players 4: end of input" 0 "End of input" -- "$bin/gin-play" --players 4 --seed 9 --ascii

expect "gin-selfplay: statistics" 0 "matches won" -- "$bin/gin-selfplay" --matches 3 --seed 1
expect "gin-selfplay: bad option" 2 "" -- "$bin/gin-selfplay" --matches -1
expect "gin-selfplay --players 3" 0 "3 players" -- "$bin/gin-selfplay" --matches 4 --players 3
expect "gin-selfplay --players 4, Hollywood" 0 "matches won" -- "$bin/gin-selfplay" --matches 4 --players 4 --rule hollywood=1
expect "gin-selfplay --rule, OpenSpiel" 0 "OpenSpiel rules" -- "$bin/gin-selfplay" --matches 4 --preset openspiel --rule target=100
expect "gin-selfplay: bad --players" 2 "players must be" -- "$bin/gin-selfplay" --players 5
expect "gin-selfplay: bad --rule" 2 "unknown rule" -- "$bin/gin-selfplay" --rule wall=7
expect "gin-selfplay: unknown --rule" 2 "unknown rule" -- "$bin/gin-selfplay" --rule nope=1

echo "examples: $passed passed, $failures failed"
[ "$failures" -eq 0 ]
