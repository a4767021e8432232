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
expect "gin-play --auto --bot expert: a whole match" 0 "wins the match" -- "$bin/gin-play" --auto --bot expert --seed 2
# the expert shows the melds gr_bot_arrange chose (seed 29: it splits its
# spade run in two; the least-deadwood default shows one run of six)
expect "gin-play --auto --bot expert: the expert's knock arrangement" 0 \
    "^  South \[5S 6S 7S\] \[8S 9S 10S\] AC 2C 6D AH  deadwood 10$" -- \
    "$bin/gin-play" --auto --bot expert --seed 29 --ascii
expect "gin-play --auto --bot expert --players 3: experts at a table of three" 0 \
    "the others are expert bots" -- "$bin/gin-play" --auto --bot expert --players 3 --seed 2
expect "gin-play --auto --bot expert --players 4: a whole match" 0 "win the match" -- \
    "$bin/gin-play" --auto --bot expert --players 4 --seed 2
expect "gin-selfplay --players 3 --bots expert,greedy" 0 "3 players: bot expert" -- \
    "$bin/gin-selfplay" --matches 2 --players 3 --bots expert,greedy
expect "gin-play: bad option" 2 "usage" -- "$bin/gin-play" --bogus
expect "gin-play: end of input" 0 "End of input" -- "$bin/gin-play" --seed 1

printf '?\nzz\nx\nq\n' > "$tmp.in"
STDIN=$tmp.in expect "gin-play: help, hints, quit" 0 "Commands" -- "$bin/gin-play" --seed 3 --ascii
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
# the expert in gin-selfplay: its own column, named in --help, and playing
# by the rules of the match (gr_bot_set_rules; by the Fournier default
# these seeds end 18 hands with knock 77.8%)
expect "gin-selfplay --bots expert,greedy: the header" 0 "^  *expert  *greedy$" -- \
    "$bin/gin-selfplay" --matches 2 --bots expert,greedy --preset standard
expect "gin-selfplay --bots expert,greedy: the expert plays by the standard rules" 0 \
    "^17 hands (8.5 per match): knock 70.6%, undercut 11.8%, gin 17.6%" -- \
    "$bin/gin-selfplay" --matches 2 --bots expert,greedy --preset standard
expect "gin-selfplay --help names the expert" 0 "random, greedy or expert" -- "$bin/gin-selfplay" --help
expect "gin-selfplay: bad --bots" 2 "two of random, greedy, expert" -- "$bin/gin-selfplay" --bots nope,greedy
expect "gin-selfplay: bad --players" 2 "players must be" -- "$bin/gin-selfplay" --players 5
expect "gin-selfplay: bad --rule" 2 "unknown rule" -- "$bin/gin-selfplay" --rule wall=7
expect "gin-selfplay: unknown --rule" 2 "unknown rule" -- "$bin/gin-selfplay" --rule nope=1

# gin-play as a person types it: words and abbreviations, typos
# refused with a message and never played, a bare card discards it
printf 'hint\ndx\nt 7H\npass\ndraw now\nd\nzz\ndiscard\nx ZZ\nJS\nq\nn\nquit\ny\n' > "$tmp.in"
for pat in 'Unknown command "dx"' '"t" \|Too many words after "t"' 'Too many words after "draw"' \
        'Unknown command "zz"' 'Name the card, for example: discard 7H' \
        '"ZZ" is not a card' '  You discard JS' 'Really leave the match' \
        'You left the match' 'Hint: taking QS' 'Expert: take the upcard QS: .* sampled deals'; do
    STDIN=$tmp.in expect "gin-play: commands ($pat)" 0 "$pat" -- "$bin/gin-play" --seed 3 --ascii
done
# the expert's hint: its cards shown as the screen shows them, the same
# answer to the same question, and it follows the moves the person made
printf 'hint\nhint\npass\nd\nhint\nhint\nq\ny\n' > "$tmp.in"
out=$("$bin/gin-play" --seed 3 < "$tmp.in" 2>&1)
hints=$(printf '%s\n' "$out" | grep '^Expert:')
if [ "$(printf '%s\n' "$hints" | sed -n 1p)" = "$(printf '%s\n' "$hints" | sed -n 2p)" ] \
   && [ "$(printf '%s\n' "$hints" | sed -n 3p)" = "$(printf '%s\n' "$hints" | sed -n 4p)" ] \
   && printf '%s\n' "$hints" | sed -n 1p | grep -q 'Expert: take the upcard Q♠: .*% to win the match' \
   && [ "$(printf '%s\n' "$hints" | wc -l)" -eq 4 ] \
   && printf '%s\n' "$out" | grep -q 'By deadwood alone: take it'; then
    passed=$((passed + 1))
else
    echo "FAIL: gin-play: the expert's hints (symbols, the same twice, four of them)"
    printf '%s\n' "$hints"
    failures=$((failures + 1))
fi
# a typo never becomes a move: after "dx" and "zz" the hand is unchanged
STDIN=$tmp.in expect "gin-play: no surprise move" 0 "You pass" -- "$bin/gin-play" --seed 3 --ascii
if "$bin/gin-play" --seed 3 --ascii < "$tmp.in" 2>&1 | grep -q "You draw from the stock: 3D" \
   && ! "$bin/gin-play" --seed 3 --ascii < "$tmp.in" 2>&1 | grep -q "You discard ZZ"; then
    passed=$((passed + 1))
else
    echo "FAIL: gin-play: the script plays exactly pass, draw, discard JS"
    failures=$((failures + 1))
fi
# quit asks first; end of input at the question quits
printf 'q\n' > "$tmp.in"
STDIN=$tmp.in expect "gin-play: quit at end of input" 0 "You left the match" -- "$bin/gin-play" --seed 3 --ascii
# choosing the knock arrangement (seed 3: 3 ways to show the ten cards)
printf 'pass\nd\nJS\nd\n10S\nd\nKD\nd\nQH\nd\n8H\nd\n8C\nd\nQD\nd\n6C\nd\n9S\nd\nJH\nd\nknock 5C\n9\n2\n' > "$tmp.in"
STDIN=$tmp.in expect "gin-play: knock arrangements listed" 0 "3) \[4H 5H 6H\] \[2S 3S 4S\]" -- "$bin/gin-play" --seed 3 --ascii
STDIN=$tmp.in expect "gin-play: knock arrangement out of range" 0 "Type a number from 1 to 3" -- "$bin/gin-play" --seed 3 --ascii
STDIN=$tmp.in expect "gin-play: knock arrangement chosen" 0 "  You   \[4H 5H 6H\] \[AS 2S 3S 4S\] 3C AD 3D  deadwood 7" -- "$bin/gin-play" --seed 3 --ascii
# choosing layoffs when the bot knocks (seed 4: 6S fits the bot's spade run)
printf 'pass\nd\nJH\nd\nKC\nd\nJC\nd\n9S\nd\n8D\nd\n8C\nd\nQH\nd\n7D\n7S\nxx\n6S\nd\nq\ny\n' > "$tmp.in"
STDIN=$tmp.in expect "gin-play: layoffs offered" 0 "You can lay off now: 6S on \[7S 8S 9S 10S JS\]" -- "$bin/gin-play" --seed 4 --ascii
STDIN=$tmp.in expect "gin-play: a layoff refused" 0 "cannot all be laid off" -- "$bin/gin-play" --seed 4 --ascii
STDIN=$tmp.in expect "gin-play: not a card" 0 '"xx" is not a card' -- "$bin/gin-play" --seed 4 --ascii
STDIN=$tmp.in expect "gin-play: layoff chosen" 0 "You laid off: 6S" -- "$bin/gin-play" --seed 4 --ascii
# the pause between hands eats the typed-ahead "d": hand 2 starts with a prompt
STDIN=$tmp.in expect "gin-play: pause between hands" 0 "Press Enter for the next hand: d" -- "$bin/gin-play" --seed 4 --ascii
STDIN=$tmp.in expect "gin-play: next hand after the pause" 0 "== Hand 2" -- "$bin/gin-play" --seed 4 --ascii
# what the layoff prompt says to a duplicate, a word after none, a command
# and help or hint (it takes cards, none or Enter)
printf 'pass\nd\nJH\nd\nKC\nd\nJC\nd\n9S\nd\n8D\nd\n8C\nd\nQH\nd\n7D\n6S 6S\nnone please\nhint\n?\nquit\nnone  \nq\ny\n' > "$tmp.in"
for pat in '"6S" is named twice' 'Type none alone to lay off nothing' \
        'Hint: lay off nothing (none), leaving deadwood 11; Enter chooses this' \
        "Say which of your cards you lay off on the knocker's melds" \
        '"quit" is not a layoff: name the cards to lay off (for example 6S 7S), none, or press Enter' \
        '  You   \[6C 6H 6S\] \[AH 2H 3H\] 3C 5D AS 2S  deadwood 11'; do
    STDIN=$tmp.in expect "gin-play: layoff prompt ($pat)" 0 "$pat" -- "$bin/gin-play" --seed 4 --ascii
done
if "$bin/gin-play" --seed 4 --ascii < "$tmp.in" 2>&1 | grep -q 'is not a card'; then
    echo "FAIL: gin-play: layoff prompt: a duplicate, none please, hint, ? or quit called not a card"
    failures=$((failures + 1))
else
    passed=$((passed + 1))
fi

# every program: -h, --opt=value as --opt value, the default preset named
for p in gin-play gin-selfplay gin-melds; do
    expect "$p -h" 0 "usage" -- "$bin/$p" -h
    expect "$p --help names the default preset" 0 "fournier.*default\|default fournier" -- "$bin/$p" --help
done
"$bin/gin-play" --auto --seed=5 > "$tmp.a" 2>&1
"$bin/gin-play" --auto --seed 5 > "$tmp.b" 2>&1
if cmp -s "$tmp.a" "$tmp.b" && grep -q "seed 5" "$tmp.a"; then passed=$((passed + 1)); else
    echo "FAIL: gin-play --seed=5 differs from --seed 5"; failures=$((failures + 1)); fi
"$bin/gin-selfplay" --matches=3 --seed=5 2>&1 | grep -v "per second" > "$tmp.a"
"$bin/gin-selfplay" --matches 3 --seed 5 2>&1 | grep -v "per second" > "$tmp.b"
if cmp -s "$tmp.a" "$tmp.b" && grep -q "seeds 5..7" "$tmp.a"; then passed=$((passed + 1)); else
    echo "FAIL: gin-selfplay --seed=5 differs from --seed 5"; failures=$((failures + 1)); fi
expect "gin-melds --preset=standard" 0 "outcome" -- "$bin/gin-melds" --preset=standard \
    --knock "AS 2S 3S 7H 7D 7C KD QD JD 2C" --defender "4S 5S 7S 8C 9C 10C 3D 4D 5H 6H"
expect "gin-play: default preset Fournier" 0 "Fournier rules" -- "$bin/gin-play" --auto --seed 2
expect "gin-selfplay: default preset Fournier" 0 "Fournier rules" -- "$bin/gin-selfplay" --matches 1
expect "rummy-play --auto: a whole match" 0 "wins the match" -- "$bin/rummy-play" --auto --players 7 --jokers 2 --seed 1
expect "rummy-play --auto: 4 players, two decks, ace high" 0 "wins the match" -- "$bin/rummy-play" --auto --players 4 --decks 2 --ace-high --seed 2
expect "rummy-play --auto: one hand" 0 "went out" -- "$bin/rummy-play" --auto --players 3 --hand 10 --target 0 --seed 3
expect "rummy-play --auto: random bots, void hands" 0 "void" -- "$bin/rummy-play" --auto --bot random --turnovers 1 --players 5 --seed 4
expect "rummy-play --ascii: accepted (cards are letters already)" 0 "wins the match" -- "$bin/rummy-play" --auto --ascii --seed 1
expect "rummy-play -h" 0 "usage" -- "$bin/rummy-play" -h
# R6: a turnover of the discard pile is said after the move that made it,
# with the count and the limit (none with --turnovers 0)
expect "rummy-play: a turnover said, with its limit" 0 \
    "^The stock ran out: the discard pile is turned over to make a new stock of 16 cards; JS is turned up to start the pile (turnover 1 of 1)\.$" \
    -- "$bin/rummy-play" --auto --bot random --turnovers 1 --players 5 --seed 4
expect "rummy-play: turnovers without a limit" 0 "to start the pile (turnover 3)\.$" \
    -- "$bin/rummy-play" --auto --bot random --turnovers 0 --players 5 --seed 4 --target 0
# rummy-play's commands and refusals, piped (seed 7, two jokers: the hand
# holds AC AH JK, so "meld AC AH JK" is ambiguous)
rp() { printf "$1" > "$tmp.in"; shift; STDIN=$tmp.in expect "$@"; }
rp 'x 7H\nq\n' "rummy-play: discard before the draw" 0 "draw first" -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'flarp\nq\n' "rummy-play: a typo refused with the word" 0 'unreadable text.*(at "flarp")' -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'd\nt\nq\n' "rummy-play: a second draw" 0 "you have drawn this turn" -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'd\nmeld AC AH JK\nq\n' "rummy-play: an ambiguous joker lists its cards" 0 "it could stand for AD AS, as JK=AD\. " -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'draw\nlayoff 3S 2\nq\n' "rummy-play: a layoff, meld numbered from 1" 0 "You laid off 3S on meld 2" -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'd\nlayoff 3S 5\nq\n' "rummy-play: a meld number that does not exist" 0 "no table meld with that number" -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'd\nlayoff KD 1\nq\n' "rummy-play: a layoff that does not fit" 0 "does not fit that meld" -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'd\nswap 4C 1\nq\n' "rummy-play: no joker to take" 0 "no joker in that meld" -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'd\ndiscard 5H\nq\n' "rummy-play: a card not held" 0 "not in the player's hand" -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'take\ndiscard 8S\nq\n' "rummy-play: the card taken may not go back (R4)" 0 "took from the pile" -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'd\n9C\nq\n' "rummy-play: a card alone discards it" 0 "You discarded 9C" -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'd\nmoves\nhelp\nquit\n' "rummy-play: moves as commands" 0 "layoff 3S 2" -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'help\nq\n' "rummy-play: help" 0 "discard 7H, x 7H" -- "$bin/rummy-play" --seed 7 --jokers 2
# hints, going out, quitting, the pause between hands (the expert advises;
# the figures it quotes are exact, its choice is matched loosely)
rp 'hint\nq\ny\n' "rummy-play: hint before the draw" 0 "Hint: draw: 8S would meld with nothing (your cards lay down to 65 points, 73 with it)" -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'd\nhint\nq\ny\n' "rummy-play: hint after the draw" 0 "Hint: .*discard [0-9JQKA]*[CDHS]: [0-9]* points left instead of 75" -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'out\nq\ny\n' "rummy-play: out before the draw" 0 "Cannot do that: draw first, from the stock or the discard pile (R4). Type hint for advice." -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'd\nout\nq\ny\n' "rummy-play: out when there is no way out (R7)" 0 "Cannot do that: you cannot go out now: your cards do not all meld or lay off" -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'd\nout\ndiscard 6H\nd\no\ndiscard 5C\nd\nout\n' "rummy-play: out lays everything down (R4, R7)" 0 "You laid down 2D JK=3D 4D" -- "$bin/rummy-play" --seed 6 --jokers 1 --target 0
rp 'd\nout\ndiscard 6H\nd\no\ndiscard 5C\nd\nout\n' "rummy-play: out, then the hand's result with the cards" 0 "^  Bot 1 held AC 2C 4C 9C 5D AH 6S = 28 points" -- "$bin/rummy-play" --seed 6 --jokers 1 --target 0
rp 'q\nn\nd\nq\ny\n' "rummy-play: quit asks first; no plays on" 0 "You drew" -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'q\ny\n' "rummy-play: quit shows the totals" 0 "Really leave the match? \[y/N\]: Totals after 0 hands: You 0, Bot 1 0" -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'q\n' "rummy-play: quit at the end of input" 0 "^Bye" -- "$bin/rummy-play" --seed 7 --jokers 2
rp 'd\n5H\n' "rummy-play: the hand's result and the totals, then a pause" 0 "^Press Enter for the next hand: $" -- "$bin/rummy-play" --seed 1 --players 5 --jokers 2 --target 300
rp 'd\n5H\n' "rummy-play: the hand's result shows each hand's cards" 0 "^  You held JC 3D 10D 7H 8H 6S QS = 54 points" -- "$bin/rummy-play" --seed 1 --players 5 --jokers 2 --target 300
rp 'd\n5H\n' "rummy-play: end of input at the pause" 0 "End of input: the match is left unfinished" -- "$bin/rummy-play" --seed 1 --players 5 --jokers 2 --target 300
rp 'd\n5H\n\nq\ny\n' "rummy-play: Enter deals the next hand" 0 "=== Hand 2:" -- "$bin/rummy-play" --seed 1 --players 5 --jokers 2 --target 300
# the last run's transcript refused one line and played none of it:
# dropped_whole PROGRAM PLAYED-PATTERN
dropped_whole() {
    if [ "$(grep -c 'too long' "$tmp.out")" -ne 1 ] || grep -q "$2" "$tmp.out"; then
        echo "FAIL: $1: an over-long line is dropped whole"
        failures=$((failures + 1))
    else
        passed=$((passed + 1))
    fi
}
# a line is one command: one longer than 511 bytes is refused once and
# dropped whole, never read in pieces (its last byte here would draw)
long=$(head -c 511 /dev/zero | tr '\0' z)
printf '%sd\nq\ny\n' "$long" > "$tmp.long"
STDIN=$tmp.long expect "rummy-play: an over-long line refused" 0 \
    "> line too long (at most 511 characters); nothing played$" -- "$bin/rummy-play" --seed 2
dropped_whole rummy-play "You drew"
printf 'd%510s\nq\ny\n' "" > "$tmp.long"
STDIN=$tmp.long expect "rummy-play: a line of 511 bytes is read" 0 "You drew" -- "$bin/rummy-play" --seed 2
# gin-play reads lines as rummy-play does: "pass" and 600 blanks and an x
# is refused whole, not played as its first part
printf 'pass%600sx\nq\ny\n' "" > "$tmp.long"
STDIN=$tmp.long expect "gin-play: an over-long line refused" 0 \
    "^line too long (at most 511 characters); nothing played$" -- "$bin/gin-play" --seed 3 --ascii
dropped_whole gin-play "You pass"
printf 'pass%507s\nq\ny\n' "" > "$tmp.long"
STDIN=$tmp.long expect "gin-play: a line of 511 bytes is read" 0 "You pass" -- "$bin/gin-play" --seed 3 --ascii
expect "rummy-play -h: the in-game commands" 0 "^  hint  *advice from the expert" -- "$bin/rummy-play" -h
expect "rummy-play --help: quit asks first" 0 "quit, q .*asks first" -- "$bin/rummy-play" --help
expect "rummy-play --help: --hand in the synopsis" 0 "^usage: rummy-play .*\[--hand N\]" -- "$bin/rummy-play" --help
expect "rummy-play --help: --ascii" 0 "\[--ascii\]" -- "$bin/rummy-play" --help
expect "rummy-play --bot expert: experts play a whole match" 0 "wins the match" -- "$bin/rummy-play" --bot expert --auto --players 3 --jokers 1 --seed 1
expect "rummy-play --players 8: the value and its range" 2 'bad value "8" for --players: a whole number from 2 to 7' -- "$bin/rummy-play" --players 8
expect "rummy-play: a deal R2 forbids, the default hand size named" 2 "3 players cannot play with 2 decks and the default hand size (rule R2, ginrummy-rules(7))" -- "$bin/rummy-play" --players 3 --decks 2
expect "rummy-play --seed -1: refused, not wrapped" 2 'bad value "-1" for --seed: a whole number from 0 to 18446744073709551615' -- "$bin/rummy-play" --seed -1 --auto
expect "rummy-play --bot best: a bad option" 2 "bad value \"best\" for --bot: random, greedy or expert" -- "$bin/rummy-play" --bot best --auto --seed 1
"$bin/rummy-play" --auto --seed=5 --players=3 > "$tmp.a" 2>&1
"$bin/rummy-play" --auto --seed 5 --players 3 > "$tmp.b" 2>&1
if cmp -s "$tmp.a" "$tmp.b" && grep -q "3 players.*seed 5" "$tmp.a"; then passed=$((passed + 1)); else
    echo "FAIL: rummy-play --seed=5 --players=3 differs from --seed 5 --players 3"; failures=$((failures + 1)); fi
expect "rummy-play: --auto=1 is a bad option" 2 "bad option --auto" -- "$bin/rummy-play" --auto=1
expect "rummy-play: bad turnovers" 2 "usage" -- "$bin/rummy-play" --turnovers -1
expect "rummy-play: bad option" 2 "usage" -- "$bin/rummy-play" --players 8
expect "rummy-play: a deal R2 does not allow" 2 "cannot play" -- "$bin/rummy-play" --players 2 --decks 2
expect "rummy-play: end of input" 0 "End of input" -- "$bin/rummy-play" --seed 1 --players 4 --jokers 1
printf '?\nzz\nx 7H\nt\nx 10D\nm 2C\nl 1 9C\nl 5 9C\nmoves\nq\n' > "$tmp.in"
STDIN=$tmp.in expect "rummy-play: help" 0 "Commands" -- "$bin/rummy-play" --seed 3 --players 3 --jokers 2
STDIN=$tmp.in expect "rummy-play: unknown command" 0 'unreadable text.*(at "zz")' -- "$bin/rummy-play" --seed 3 --players 3 --jokers 2
STDIN=$tmp.in expect "rummy-play: discard before the draw" 0 "draw first" -- "$bin/rummy-play" --seed 3 --players 3 --jokers 2
STDIN=$tmp.in expect "rummy-play: the card taken" 0 "may not discard the card you took" -- "$bin/rummy-play" --seed 3 --players 3 --jokers 2
STDIN=$tmp.in expect "rummy-play: not a meld" 0 "not a meld" -- "$bin/rummy-play" --seed 3 --players 3 --jokers 2
STDIN=$tmp.in expect "rummy-play: no such meld" 0 "no table meld with that number" -- "$bin/rummy-play" --seed 3 --players 3 --jokers 2
STDIN=$tmp.in expect "rummy-play: moves" 0 "^  discard 8C" -- "$bin/rummy-play" --seed 3 --players 3 --jokers 2
STDIN=$tmp.in expect "rummy-play: quit" 0 "Bye" -- "$bin/rummy-play" --seed 3 --players 3 --jokers 2
printf 't\nx 8C\nd\nx 10D\n' > "$tmp.in"
STDIN=$tmp.in expect "rummy-play: a few turns, then end of input" 0 "End of input" -- "$bin/rummy-play" --seed 3 --players 3 --jokers 2

printf 'd\nmoves\nm 5C 5D 5S\nl 1 5H\nx KC\n' > "$tmp.in"
STDIN=$tmp.in expect "rummy-play: moves as commands" 0 "^  meld 5C 5D 5S" -- "$bin/rummy-play" --seed 1 --jokers 1
STDIN=$tmp.in expect "rummy-play: a meld" 0 "You laid down 5C 5D 5S" -- "$bin/rummy-play" --seed 1 --jokers 1
STDIN=$tmp.in expect "rummy-play: a layoff" 0 "You laid off 5H on meld 1" -- "$bin/rummy-play" --seed 1 --jokers 1
STDIN=$tmp.in expect "rummy-play: a discard" 0 "You discarded KC" -- "$bin/rummy-play" --seed 1 --jokers 1
printf 'd\nm 4C 4D JK=4S\ns 1 4S\ns 1 JK\nl 1 JK\n' > "$tmp.in"
STDIN=$tmp.in expect "rummy-play: a meld with a joker" 0 "You laid down 4C 4D JK=4S" -- "$bin/rummy-play" --seed 8 --jokers 2
STDIN=$tmp.in expect "rummy-play: a swap refused" 0 "the card is not in the player's hand" -- "$bin/rummy-play" --seed 8 --jokers 2
STDIN=$tmp.in expect "rummy-play: a swap with a joker" 0 'unreadable text.*(at "JK")' -- "$bin/rummy-play" --seed 8 --jokers 2
rp 'd\nl 1 JK\nq\n' "rummy-play: a joker layoff, its card forced (10H)" 0 "You laid off JK=10H on meld 1" -- "$bin/rummy-play" --seed 8 --jokers 2

echo "examples: $passed passed, $failures failed"
[ "$failures" -eq 0 ]
