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

expect "gin-selfplay: statistics" 0 "matches won" -- "$bin/gin-selfplay" --matches 3 --seed 1
expect "gin-selfplay: bad option" 2 "" -- "$bin/gin-selfplay" --matches -1

expect "rummy-play --auto: a whole match" 0 "wins the match" -- "$bin/rummy-play" --auto --players 7 --jokers 2 --seed 1
expect "rummy-play --auto: 4 players, two decks, ace high" 0 "wins the match" -- "$bin/rummy-play" --auto --players 4 --decks 2 --ace-high --seed 2
expect "rummy-play --auto: one hand" 0 "went out" -- "$bin/rummy-play" --auto --players 3 --hand 10 --target 0 --seed 3
expect "rummy-play --auto: random bots, void hands" 0 "void" -- "$bin/rummy-play" --auto --bot random --turnovers 1 --players 5 --seed 4
expect "rummy-play: bad turnovers" 2 "usage" -- "$bin/rummy-play" --turnovers -1
expect "rummy-play: bad option" 2 "usage" -- "$bin/rummy-play" --players 8
expect "rummy-play: a deal R2 does not allow" 2 "cannot play" -- "$bin/rummy-play" --players 2 --decks 2
expect "rummy-play: end of input" 0 "End of input" -- "$bin/rummy-play" --seed 1 --players 4 --jokers 1
printf '?\nzz\nx 7H\nt\nx 10D\nm 2C\nl 1 9C\nl 5 9C\nmoves\nq\n' > "$tmp.in"
STDIN=$tmp.in expect "rummy-play: help" 0 "Commands" -- "$bin/rummy-play" --seed 3 --players 3 --jokers 2
STDIN=$tmp.in expect "rummy-play: unknown command" 0 "unknown command" -- "$bin/rummy-play" --seed 3 --players 3 --jokers 2
STDIN=$tmp.in expect "rummy-play: discard before the draw" 0 "draw first" -- "$bin/rummy-play" --seed 3 --players 3 --jokers 2
STDIN=$tmp.in expect "rummy-play: the card taken" 0 "may not discard the card you took" -- "$bin/rummy-play" --seed 3 --players 3 --jokers 2
STDIN=$tmp.in expect "rummy-play: not a meld" 0 "not a meld" -- "$bin/rummy-play" --seed 3 --players 3 --jokers 2
STDIN=$tmp.in expect "rummy-play: no such meld" 0 "name a table meld" -- "$bin/rummy-play" --seed 3 --players 3 --jokers 2
STDIN=$tmp.in expect "rummy-play: moves" 0 "^  x 8C" -- "$bin/rummy-play" --seed 3 --players 3 --jokers 2
STDIN=$tmp.in expect "rummy-play: quit" 0 "Bye" -- "$bin/rummy-play" --seed 3 --players 3 --jokers 2
printf 't\nx 8C\nd\nx 10D\n' > "$tmp.in"
STDIN=$tmp.in expect "rummy-play: a few turns, then end of input" 0 "End of input" -- "$bin/rummy-play" --seed 3 --players 3 --jokers 2

printf 'd\nmoves\nm 5C 5D 5S\nl 1 5H\nx KC\n' > "$tmp.in"
STDIN=$tmp.in expect "rummy-play: moves as commands" 0 "^  m 5C 5D 5S" -- "$bin/rummy-play" --seed 1 --jokers 1
STDIN=$tmp.in expect "rummy-play: a meld" 0 "You laid down 5C 5D 5S" -- "$bin/rummy-play" --seed 1 --jokers 1
STDIN=$tmp.in expect "rummy-play: a layoff" 0 "You laid off 5H on meld 1" -- "$bin/rummy-play" --seed 1 --jokers 1
STDIN=$tmp.in expect "rummy-play: a discard" 0 "You discarded KC" -- "$bin/rummy-play" --seed 1 --jokers 1
printf 'd\nm 4C 4D JK=4S\ns 1 4S\ns 1 JK\nl 1 JK\n' > "$tmp.in"
STDIN=$tmp.in expect "rummy-play: a meld with a joker" 0 "You laid down 4C 4D JK=4S" -- "$bin/rummy-play" --seed 8 --jokers 2
STDIN=$tmp.in expect "rummy-play: a swap refused" 0 "no joker standing for that card, or you do not hold it" -- "$bin/rummy-play" --seed 8 --jokers 2
STDIN=$tmp.in expect "rummy-play: a swap with a joker" 0 "swap a natural card" -- "$bin/rummy-play" --seed 8 --jokers 2
STDIN=$tmp.in expect "rummy-play: a joker layoff unnamed" 0 "say which card the joker stands for" -- "$bin/rummy-play" --seed 8 --jokers 2

echo "examples: $passed passed, $failures failed"
[ "$failures" -eq 0 ]
