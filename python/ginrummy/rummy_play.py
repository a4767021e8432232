"""``python3 -m ginrummy rummy``: the example program rummy-play
(examples/rummy-play.c) in Python, screen for screen.

A match of basic Rummy (R1-R8) against 1-6 bots in the terminal, or bots
watched (``--auto``).  It takes rummy-play's options and commands, prints
the same lines, and asks the library the same questions in the same order
with the same bot seeds, so that for the same seed, options and input its
transcript is rummy-play's (``python/tests/test_play_parity.py`` checks
it).  The one difference: usage and option errors name the program
``python3 -m ginrummy rummy``.
"""
from __future__ import annotations

import re
import sys
import time
from typing import Any, List, Optional, Sequence

from ._calls import text as _text
from ._console import (LINE_SIZE, c_text, prompt, read_line, read_line_checked, refused_too_long,
                       setup_streams, strtoull, write)
from ._lib import ffi, lib, string
from .errors import GinRummyError
from .rummy import RummyAction, RummyAdvice, RummyBot, RummyGame, RummyMatch, RummyRules, \
    rummy_view_format_move, rummy_view_parse_turn

PROG = "python3 -m ginrummy rummy"

USAGE = f"""\
usage: {PROG} [--players N] [--jokers N] [--decks N] [--hand N]
                                 [--ace-high] [--target N] [--turnovers N] [--seed N]
                                 [--bot random|greedy|expert] [--ascii] [--auto]
                                 [--help]
Play a match of basic Rummy against bots (you are seat 0).
  --players N   players at the table, 2 to 7 (default 2)
  --jokers N    jokers in each deck, 0 to 4 (default 0)
  --decks N     1 or 2 decks where the rules allow the choice
                (3 players: 10 cards each with 1 deck needs --hand 10)
  --hand N      cards dealt to each player, 7 or 10 where allowed
  --ace-high    the ace may follow the king (Q-K-A) and counts 11
  --target N    points that end the match (default 100; 0 = one hand)
  --turnovers N turnovers of the discard pile before a hand is void
                (default 10; 0 = unlimited)
  --seed N      seed of the match (default: from the clock)
  --bot KIND    the bots: random, greedy (default) or expert
  --ascii       cards as letters (7H), as gin-play --ascii; rummy-play
                always writes them so: accepted and ignored
  --auto        bots play every seat (your seat too): watch a match
  -h, --help    this text
Options take their value as --seed 5 or --seed=5.

"""

HELP = """\
Commands (words or their first letter; table melds are numbered as shown):
  draw, d           draw the top card of the stock
  take, t           take the top card of the discard pile
  meld 6S JK 8S     lay down a meld (m); a joker whose card is forced is
                    just JK, otherwise name it: meld 7C 7D JK=7S
  layoff 9C 2       lay off 9C on table meld 2 (l); layoff JK=9C 2
  swap 5C 2         put 5C in meld 2 in place of its joker, take the joker (s)
  discard 7H, x 7H  discard 7H; a card alone (7H) discards it too
  out, o            go out this turn the way the hint would (when you can)
  moves             list every legal move, as the command to type
  hint              advice from the expert: take or draw, what to lay down
                    and what to keep, the discard, how to go out
  help, ?           this help
  quit, q           leave the match (asks first, then shows the totals)
Cards: rank A 2-10 J Q K (or T), suit C D H S, JK a joker; any case.
After each hand its result and the totals are shown; press Enter to go on.
"""


def _card(c: int) -> str:
    return _text(lib.gr_rummy_card_format, c)


def _hand(h: Any) -> str:
    """A gr_rummy_hand (a struct field or pointer) as text, "(none)" when empty."""
    text = _text(lib.gr_rummy_hand_format, h if ffi.typeof(h).kind == "pointer"
                 else ffi.addressof(h))
    return text or "(none)"


def _meld(m: Any) -> str:
    return _text(lib.gr_rummy_meld_format, ffi.addressof(m))


def seat_name(p: int, human: bool) -> str:
    """"You" for the person's seat 0, "Bot 3" for the others."""
    return "You" if human and p == 0 else f"Bot {p}"


def show_table(v: Any, human: bool) -> None:
    """What the table looks like to the seat whose view `v` is."""
    write(f"\nTable melds:{'' if v.nmelds else ' none'}\n")
    for i in range(v.nmelds):
        write(f"  {i + 1:2d}. {_meld(v.melds[i])}   ({seat_name(v.owner[i], human)})\n")
    write("Discard pile: ")
    if v.ndiscards:
        write(f"{_card(v.discards[v.ndiscards - 1])} on top ({v.ndiscards} "
              f"card{'' if v.ndiscards == 1 else 's'})")
    else:
        write("empty")
    write(f"   Stock: {v.stock_size} card{'' if v.stock_size == 1 else 's'}\nCards held:"
          + ",".join(f" {seat_name(p, human)} {v.counts[p]}" for p in range(v.nplayers))
          + "\n")
    for p in range(v.nplayers):
        if p != v.player and (v.known[p].once or v.known[p].jokers):
            write(f"  {seat_name(p, human)} holds {_hand(v.known[p])} (taken from the table)\n")


def say_action(p: int, human: bool, a: Any) -> None:
    """One action (a gr_rummy_action) in words."""
    you = human and p == 0
    t = a.type
    if t == lib.GR_RUMMY_ACT_DRAW_STOCK:
        text = f"drew {_card(a.card)}" if you else "drew from the stock"
    elif t == lib.GR_RUMMY_ACT_DRAW_DISCARD:
        text = f"took {_card(a.card)} from the discard pile"
    elif t == lib.GR_RUMMY_ACT_MELD:
        text = f"laid down {_meld(a.meld)}"
    elif t == lib.GR_RUMMY_ACT_LAY_OFF:
        named = f"={_card(a.named)}" if a.card == lib.GR_RUMMY_JOKER else ""
        text = f"laid off {_card(a.card)}{named} on meld {a.target + 1}"
    elif t == lib.GR_RUMMY_ACT_SWAP_JOKER:
        text = f"put {_card(a.card)} in meld {a.target + 1} and took its joker"
    elif t == lib.GR_RUMMY_ACT_DISCARD:
        text = f"discarded {_card(a.card)}"
    else:
        text = ""
    write(f"{seat_name(p, human)} {text}.\n")


def parse_command(line: str, v: Any) -> Optional[RummyAction]:
    """A typed line as an action (a card alone discards it); None, with the
    reason said, when the line is not a move."""
    raw = c_text(line)
    card = ffi.new("gr_card *")
    if lib.gr_rummy_card_parse(raw, card) == 0:
        raw = b"discard " + raw
    out, err = ffi.new("gr_rummy_action *"), ffi.new("gr_parse_error *")
    if lib.gr_rummy_view_move_parse(raw, v, out, err) == 0:
        return RummyAction(out)
    text = f"Cannot do that: {string(lib.gr_reason_text(err.reason))}"
    if err.length > 0:
        bad = raw[err.offset:err.offset + err.length].decode("utf-8", "surrogateescape")
        text += f' (at "{bad}")'
    faces = ffi.new("gr_cards *")
    if err.reason == lib.GR_REASON_AMBIGUOUS_JOKER \
            and lib.gr_rummy_move_joker_faces(raw, v, faces) == 0 and faces[0]:
        names = _text(lib.gr_cards_format, faces[0])
        text += f"; it could stand for {names}, as JK={names.split()[0]}"
    write(text + ". Type ? for help.\n")
    return None


def _last_action(g: RummyGame) -> Any:
    return g.history()[-1]._raw


def ask_yes(question: str, eof_answer: bool) -> bool:
    """A yes/no question; eof_answer at the end of input."""
    prompt(f"{question} [y/N]: ")
    line = read_line(64, echo=False)
    if line is None:
        write("\n")
        return eof_answer
    return line.lstrip(" \t") in ("y", "Y", "yes", "YES")


def print_totals(match: RummyMatch, human: bool) -> None:
    sc = match.score()
    write(f"Totals after {sc.hands_played} hand{'' if sc.hands_played == 1 else 's'}:"
          + ",".join(f" {seat_name(p, human)} {sc.total[p]}" for p in range(sc.nplayers))
          + "\n")


def pause_for_next() -> bool:
    """After a hand: a pause, so that lines typed ahead do not play the next
    hand; False at the end of input."""
    prompt("Press Enter for the next hand: ")
    if read_line(256, echo=False) is None:
        write("\nEnd of input: the match is left unfinished.\n")
        return False
    return True


def _advise(rules: RummyRules, seed: int, v: Any) -> Optional[RummyAdvice]:
    """The expert's advice for the view's player (a fresh advisor each time,
    seeded from the match and the turn), or None."""
    try:
        return RummyBot(lib.GR_BOT_EXPERT, seed & 0xFFFFFFFFFFFFFFFF, rules=rules).advise(v)
    except GinRummyError:
        return None


def say_turnover(g: RummyGame, said: int, limit: int) -> int:
    """R6: a turn that ended with the stock empty turned the discard pile
    over into a new stock and its top card up (the library does it, then
    counts it); said once after the move, with the count and the limit (0:
    none).  The turnovers said so far."""
    t = g.turnovers
    if t <= said:
        return said
    v = g.view(g.turn)
    write(f"The stock ran out: the discard pile is turned over to make a new stock of "
          f"{v.stock_size} card{'' if v.stock_size == 1 else 's'}; "
          f"{_card(v.discards[v.ndiscards - 1])} is turned up to start the pile "
          f"(turnover {t}{f' of {limit}' if limit > 0 else ''}).\n")
    return t


def play_hand(g: RummyGame, bots: Sequence[RummyBot], human: bool, match: RummyMatch,
              rules: RummyRules, seed: int) -> bool:
    """Play one hand; False when the person quit or the input ended."""
    show = True                        # the table is shown again after a move
    turned, limit = 0, rules["turnover_limit"]   # the turnovers said, their limit
    while not g.over:
        p = g.turn
        v = g.view(p)
        if not human or p != 0:
            g.play(bots[p].choose(v))
            say_action(p, human, _last_action(g))
            turned = say_turnover(g, turned, limit)
            show = True
            continue
        if show:
            show_table(v, human)
        show = False
        write(f"Your hand: {_hand(v.hand)}\n")
        prompt("Draw (draw, take)> " if v.phase == lib.GR_RUMMY_PHASE_DRAW
               else "Meld, lay off, swap or discard (meld, layoff, swap, discard)> ")
        line, too_long = read_line_checked(LINE_SIZE, echo=False)
        if line is None:
            write("\nEnd of input.\n")
            return False
        if refused_too_long(too_long, LINE_SIZE):
            continue                   # a line is one command: none of it is played
        s = line.lstrip(" \t")
        if s in ("?", "help", "h"):
            write(HELP)
            continue
        if s in ("q", "quit"):
            if not ask_yes("Really leave the match?", True):
                continue
            print_totals(match, human)
            write("Bye.\n")
            return False
        if s == "hint":
            adv = _advise(rules, seed * 131 + len(g.history()), v)
            write("No advice here.\n" if adv is None else f"Hint: {adv.text}.\n")
            continue
        if s in ("out", "o"):
            # the library's way out, as the hint would go out
            try:
                way = rummy_view_parse_turn(s, v)
            except GinRummyError as e:
                write(f"Cannot do that: {e.reason_text}. Type hint for advice.\n")
                continue
            for act in way:
                g.play(act)
                say_action(0, human, act._raw)
                turned = say_turnover(g, turned, limit)
            show = True
            continue
        if s == "moves":
            for legal in g.legal_moves():
                text = rummy_view_format_move(legal, v)
                if text:
                    write(f"  {text}\n")
            continue
        action = parse_command(s, v)
        if action is None:
            continue
        try:
            g.play(action)
        except GinRummyError:
            write(f"Cannot do that: {string(lib.gr_reason_text(g.last_reason))}.\n")
            continue
        say_action(0, human, _last_action(g))
        turned = say_turnover(g, turned, limit)
        show = True
    return True


def _result(g: RummyGame, players: int, human: bool) -> Any:
    """Say how the hand ended; the gr_rummy_result."""
    res = ffi.new("gr_rummy_result *")
    lib.gr_rummy_game_result(g._p, res)
    if res.outcome == lib.GR_RUMMY_OUTCOME_VOID:
        write("The stock ran out: the hand is void; the same dealer deals again.\n")
        return res
    w = res.winner
    write(f"{seat_name(w, human)} went out and score{'' if human and w == 0 else 's'} "
          f"{res.score[w]}:\n")
    for p in range(players):
        if p != w:
            pts = res.left_points[p]
            write(f"  {seat_name(p, human)} held {_hand(res.left[p])} = {pts} "
                  f"point{'' if pts == 1 else 's'}\n")
    return res


# ---- options -----------------------------------------------------------------

def _number(text: str, lo: int, hi: int) -> Optional[int]:
    """`text` as strtol() reads a whole number in lo..hi, else None."""
    m = re.fullmatch(r"[ \t\n\v\f\r]*([+-]?[0-9]+)", text)
    if not m or not lo <= int(m.group(1)) <= hi:
        return None
    return int(m.group(1))


def main(argv: Sequence[str]) -> int:
    """Run the program with these arguments (after ``rummy``); the exit status."""
    o = {"--players": 2, "--jokers": 0, "--decks": 0, "--hand": 0, "--target": 100,
         "--turnovers": 10}
    ranges = {"--players": (2, 7), "--jokers": (0, 4), "--decks": (1, 2), "--hand": (7, 10),
              "--turnovers": (0, 1000), "--target": (0, 100000)}
    ace_high, automatic = 0, False
    bot_kind = lib.GR_BOT_GREEDY
    seed = int(time.time())
    args = list(argv)
    i = 0
    while i < len(args):
        a = args[i]
        val: Optional[str] = args[i + 1] if i + 1 < len(args) else None
        skip, bad, told = 1, False, ""
        eq = a.find("=")
        if eq >= 0 and a.startswith("--") and eq < 32:
            a, val, skip = a[:eq], a[eq + 1:], 0   # --seed=5 as --seed 5
        if not skip and a in ("--help", "--ascii", "--ace-high", "--auto"):
            bad = True                 # --auto=1: these take no value
        elif a in ("--help", "-h"):
            write(USAGE)
            write(HELP)
            return 0
        elif a == "--ascii":
            pass                       # cards are always written as letters
        elif a == "--ace-high":
            ace_high = 1
        elif a == "--auto":
            automatic = True
        elif val is not None and a in ranges:
            n = _number(val, *ranges[a])
            if n is None:
                lo, hi = ranges[a]
                told = f'bad value "{val}" for {a}: a whole number from {lo} to {hi}'
            else:
                o[a] = n
            i += skip
        elif val is not None and a == "--seed":
            s = strtoull(val)
            if s is None or val.lstrip(" \t\n\v\f\r").startswith("-"):
                told = f'bad value "{val}" for --seed: a whole number from 0 to {(1 << 64) - 1}'
            else:
                seed = s
            i += skip
        elif val is not None and a == "--bot":
            bot_kind = lib.gr_bot_lookup(c_text(val))
            if bot_kind not in (lib.GR_BOT_RANDOM, lib.GR_BOT_GREEDY, lib.GR_BOT_EXPERT):
                told = f'bad value "{val}" for --bot: random, greedy or expert'
            i += skip
        else:
            bad = True
        if told:
            sys.stderr.write(f"{PROG}: {told}\n{USAGE}")
            return 2
        if bad:
            sys.stderr.write(f"{PROG}: bad option {a}\n{USAGE}")
            return 2
        i += 1
    rules = RummyRules(lib.GR_RUMMY_PRESET_PARLETT)
    try:
        for opt, value in ((lib.GR_RUMMY_OPT_PLAYERS, o["--players"]),
                           (lib.GR_RUMMY_OPT_JOKERS, o["--jokers"]),
                           (lib.GR_RUMMY_OPT_ACE_HIGH, ace_high),
                           (lib.GR_RUMMY_OPT_TARGET, o["--target"]),
                           (lib.GR_RUMMY_OPT_TURNOVER_LIMIT, o["--turnovers"]),
                           (lib.GR_RUMMY_OPT_DECKS, o["--decks"]),
                           (lib.GR_RUMMY_OPT_HAND_SIZE, o["--hand"])):
            rules[opt] = value
    except GinRummyError:
        d, h = o["--decks"], o["--hand"]
        decks = f"{d} deck{'' if d == 1 else 's'}" if d else "the default number of decks"
        hand = f"{h} cards each" if h else "the default hand size"
        sys.stderr.write(f"{PROG}: {o['--players']} players cannot play with {decks} and {hand}"
                         f" (rule R2, ginrummy-rules(7))\n{USAGE}")
        return 2
    setup_streams()
    return _run(rules, o["--players"], o["--jokers"], ace_high, seed, bot_kind,
                not automatic)


def _run(rules: RummyRules, players: int, jokers: int, ace_high: int, seed: int,
         bot_kind: int, human: bool) -> int:
    ndecks, nhand, _ = rules.deal()
    match = RummyMatch(rules, seed=seed)
    bots: List[RummyBot] = [RummyBot(bot_kind, seed * 31 + p + 1, rules=rules)
                            for p in range(players)]
    write(f"Basic Rummy: {players} players, {ndecks} deck{'s' if ndecks > 1 else ''}, "
          f"{nhand} cards each, {jokers} joker{'' if jokers == 1 else 's'} per deck"
          f"{', ace high' if ace_high else ''}; seed {seed}.\n")
    if human:
        write("You are seat 0. Type ? for help.\n")
    sc = match.score()
    while not sc.over:
        g = match.deal()
        for b in bots:   # the expert plays to the score
            b.set_score(list(sc.total)[:players], rules["target"])
        d = g.dealer
        write(f"\n=== Hand {sc.hands_played + 1}: {seat_name(d, human)} "
              f"deal{'' if human and d == 0 else 's'} ===\n")
        if not play_hand(g, bots, human, match, rules, seed):
            g.close()
            break
        res = _result(g, players, human)
        lib.gr_rummy_match_record(match._p, res)
        sc = match.score()
        print_totals(match, human)
        g.close()
        if human and not sc.over and not pause_for_next():
            break
    sc = match.score()
    if sc.over:
        w = sc.winner
        write(f"{seat_name(w, human)} win{'' if human and w == 0 else 's'} the match with "
              f"{sc.total[w]} points after {sc.hands_played} "
              f"hand{'' if sc.hands_played == 1 else 's'}.\n")
    return 0
