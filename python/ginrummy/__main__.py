"""``python3 -m ginrummy play|selfplay``: the example programs gin-play and
gin-selfplay in Python.

  python3 -m ginrummy play [--preset NAME] [--seed N] [--bot KIND] [--ascii] [--auto]
                           [--players 2|3|4] [--rule NAME=VALUE]...
  python3 -m ginrummy selfplay [--matches N] [--preset NAME] [--seed N] [--bots A,B]
                               [--players 2|3|4] [--rule NAME=VALUE]...
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Iterable, List, NamedTuple, Optional, Tuple

from . import (BOTS, PRESETS, Arrangement, Bot, Card, Cards, Game, GinRummyError, Match, Move,
               MoveType, Outcome, Phase, Rules, View, advise_knock, arrangements,
               best_discard_except, layoff_build, layoff_targets, parse_card,
               parse_cards)


ASCII = False


def _card(c: Card) -> str:
    return str(c) if ASCII else str(c)[:-1] + "\u2663\u2666\u2665\u2660"[c.suit]


def _cards(cards: Iterable[Card]) -> str:
    return " ".join(_card(c) for c in cards)


def _move(m: Move) -> str:
    return m.type.name if m.card is None else f"{m.type.name} {_card(m.card)}"


_VERBS = {MoveType.TAKE_UPCARD: ("take", "takes", "the upcard"),
          MoveType.PASS: ("pass", "passes", ""),
          MoveType.DRAW_STOCK: ("draw", "draws", "from the stock"),
          MoveType.DRAW_DISCARD: ("take", "takes", "the discard"),
          MoveType.DISCARD: ("discard", "discards", ""),
          MoveType.KNOCK: ("knock", "knocks", "discarding"),
          MoveType.GIN: ("go", "goes", "gin discarding"),
          MoveType.BIG_GIN: ("go", "goes", "big gin")}


def _said(who: str, m: Move) -> str:
    """A move as gin-play prints it: "Bot discards K♠" (a stock card stays hidden)."""
    you, other, rest = _VERBS.get(m.type, (m.type.name, m.type.name, ""))
    words = [who, you if who == "You" else other, rest]
    if m.card is not None and m.type not in (MoveType.DRAW_STOCK, MoveType.PASS,
                                             MoveType.BIG_GIN):
        words.append(_card(m.card))
    return "  " + " ".join(w for w in words if w)


def _with_cards(text: str) -> str:
    """text with its words that are cards ("QD") as _card shows them"""
    out = []
    for word in text.split(" "):
        core = word.rstrip(",:;)")
        try:
            out.append(_card(parse_card(core)) + word[len(core):])
        except GinRummyError:
            out.append(word)
    return " ".join(out)


def _rules(preset: str, rules: List[str]) -> Rules:
    r = Rules(preset)
    for item in rules:
        r.set_text(item)
    return r


def _show(game: Game, player: int) -> str:
    v = game.view(player)
    top = _card(v.discards[-1]) if v.discards else "-"
    return (f"  your hand: {_cards(v.hand)}   (deadwood "
            f"{__import__('ginrummy').deadwood(v.hand)})\n"
            f"  pile top: {top}   stock: {v.stock_size}   opponent holds {v.opponent_count}")


HELP = """Commands (a whole word or its abbreviation; case does not matter):
  draw, d           draw from the stock
  take, t           take the upcard, or the top card of the discard pile
  pass, p           pass (refuse the upcard on the first turn)
  discard 7H, x 7H  discard the 7 of hearts; a card alone (7H) discards it
  knock 7H, k 7H    discard the 7 of hearts and knock; you choose the
                    melds you show when there is a choice
  gin [7H], g [7H]  discard (the 7 of hearts) and go gin
  big gin           lay down all eleven cards melded
  hint              advice: take or draw, the best discard, how to knock
                    by deadwood alone, then the expert's choice, which
                    also weighs his likely cards and the match score
  help, ?           this help
  quit, q           leave the match (asks first)
Cards: rank A 2-10 J Q K (or T for ten), suit C D H S; case does not matter.
When the bot knocks you may choose your layoffs (Enter: the best ones)."""


class Command(NamedTuple):
    """A parsed command line: kind "move", "help", "hint", "quit", "empty"
    or "error"; the move, or the error message."""
    kind: str
    move: Optional[Move] = None
    message: str = ""


def _word(w: str, full: str, abbrev: Optional[str] = None) -> bool:
    return w.lower() == full or (abbrev is not None and w.lower() == abbrev)


def parse_command(text: str, view: View) -> Command:
    """Read a command as gin-play does: whole words or their abbreviations,
    a bare card discards it, nothing guessed."""
    w = text.split()
    if not w:
        return Command("empty")
    legal = set(m.type for m in view.legal)
    card_wanted = 0          # 0 none, 1 a card, 2 an optional card
    kind: Optional[MoveType] = None
    if _word(w[0], "help", "?") or _word(w[0], "h"):
        other = "help"
    elif _word(w[0], "hint"):
        other = "hint"
    elif _word(w[0], "quit", "q"):
        other = "quit"
    else:
        other = ""
        if _word(w[0], "draw", "d"):
            kind = MoveType.DRAW_STOCK
        elif _word(w[0], "take", "t"):
            kind = MoveType.DRAW_DISCARD if MoveType.DRAW_DISCARD in legal \
                else MoveType.TAKE_UPCARD
        elif _word(w[0], "pass", "p"):
            kind = MoveType.PASS
        elif _word(w[0], "discard", "x"):
            kind, card_wanted = MoveType.DISCARD, 1
        elif _word(w[0], "knock", "k"):
            kind, card_wanted = MoveType.KNOCK, 1
        elif _word(w[0], "gin", "g"):
            kind, card_wanted = MoveType.GIN, 2
        elif _word(w[0], "big") and len(w) >= 2 and _word(w[1], "gin"):
            kind = MoveType.BIG_GIN
            w = ["big gin"] + w[2:]
        elif len(w) == 1:
            try:
                return Command("move", Move(MoveType.DISCARD, parse_card(w[0])))
            except GinRummyError:
                pass
        if kind is None:
            return Command("error", message=f'Unknown command "{w[0][:40]}"; type ? for help.')
    if other:
        if len(w) > 1:
            return Command("error", message=f'"{w[0][:20]}" takes nothing after it; '
                                            "type ? for help.")
        return Command(other)
    assert kind is not None
    if len(w) > (2 if card_wanted else 1):
        return Command("error", message=f'Too many words after "{w[0][:20]}".')
    card = None
    if card_wanted and len(w) == 2:
        try:
            card = parse_card(w[1])
        except GinRummyError:
            return Command("error", message=f'"{w[1][:20]}" is not a card '
                                            "(for example 7H, 10S, QD).")
    elif card_wanted == 1:
        return Command("error", message=f"Name the card, for example: {w[0]} 7H")
    elif card_wanted == 2:
        card = next((m.card for m in view.legal if m.type == MoveType.GIN), None)
        if card is None:
            return Command("error", message="No discard gives gin now."
                           if view.phase == Phase.DISCARD
                           else "Draw first: gin is a discard (for example: gin 7H).")
    if kind in (MoveType.TAKE_UPCARD, MoveType.DRAW_DISCARD) and card is None:
        card = next((m.card for m in view.legal if m.type == kind), None)
    return Command("move", Move(kind, card))


def _arrangement(a: Arrangement) -> str:
    melds = " ".join("[" + _cards(m) + "]" for m in a.melds)
    return f"{melds} deadwood {_cards(a.deadwood) or '-'} ({a.deadwood_points})"


def hint(view: View, expert: Optional[Bot] = None) -> str:
    """gin-play's hint: take or draw, the best discard, how to knock, and
    the expert bot's choice explained."""
    lines = []
    pile = Cards([int(c) for c in view.discards])
    if view.phase in (Phase.UPCARD, Phase.DRAW):
        try:
            a = view.advise_take()
            offered = next(m.card for m in view.legal if m.card is not None
                           and m.type in (MoveType.TAKE_UPCARD, MoveType.DRAW_DISCARD))
            verdict = "By deadwood alone: " + ("take it." if a.take else (
                "pass." if view.phase == Phase.UPCARD else "draw."))
            lines.append(f"Hint: taking {_card(offered)} and discarding {_card(a.take_discard)}"
                         f" leaves deadwood {a.take_deadwood}; a blind draw leaves "
                         f"{a.draw_expected:.1f} on average ({a.draw_best} to "
                         f"{a.draw_worst}).  {verdict}")
        except (GinRummyError, StopIteration):
            lines.append("Hint: draw from the stock (the discard pile is not offered).")
    elif view.phase == Phase.DISCARD:
        ok = Cards([m.card for m in view.legal if m.type == MoveType.DISCARD and m.card is not None])
        types = set(m.type for m in view.legal)
        best, left = best_discard_except(view.hand, view.hand - ok)
        if MoveType.BIG_GIN in types:
            lines.append("Hint: big gin!  Type: big gin")
        elif left == 0 and MoveType.GIN in types:
            lines.append(f"Hint: gin by discarding {_card(best)}.")
        else:
            k = None
            if left <= view.knock_limit and MoveType.KNOCK in types:
                try:
                    k = advise_knock(view.hand - Cards([best]), view.knock_limit,
                                     pile | Cards([best]))
                except GinRummyError:
                    k = None
            if k is not None:
                n = k.layoffs
                lines.append(f"Hint: you can knock discarding {_card(best)} and showing "
                             f"{_arrangement(k.arrangement)}\n      (the defender could "
                             f"lay off {n} card{'' if n == 1 else 's'} on it).")
            else:
                lines.append(f"Hint: by deadwood alone, discard {_card(best)} "
                             f"(deadwood {left} left).")
    if expert is not None and view.legal:
        try:
            expert.choose(view)
            lines.append(f"Expert: {_with_cards(expert.explain())}.")
        except GinRummyError:
            pass
    return "\n".join(lines)


def _read(prompt: str) -> Optional[str]:
    try:
        return input(prompt)
    except EOFError:
        print()
        return None


def _ask_yes(question: str, eof_answer: bool) -> bool:
    line = _read(f"{question} [y/N]: ")
    if line is None:
        return eof_answer
    return line.strip().lower() in ("y", "yes")


def _choose_knock(view: View, discard: Card) -> Optional[Arrangement]:
    """The arrangement to show: the advised one unless the person picks another."""
    kept = view.hand - Cards([discard])
    options = arrangements(kept, view.knock_limit)
    if len(options) <= 1:
        return None
    pile = Cards([int(c) for c in view.discards])
    k = advise_knock(kept, view.knock_limit, pile | Cards([discard]))
    options.sort(key=lambda a: a != k.arrangement)
    print("You may show:")
    for i, a in enumerate(options):
        print(f"  {i + 1}) {_arrangement(a)}")
    print(f"(1 leaves the fewest possible layoffs: {k.layoffs}.)")
    while True:
        line = _read(f"Show which? [1-{len(options)}, Enter for 1]: ")
        if line is None or not line.strip():
            return options[0]
        if line.strip().isdigit() and 1 <= int(line) <= len(options):
            return options[int(line) - 1]
        print(f"Type a number from 1 to {len(options)}.")


def _choose_layoffs(game: Game, me: int) -> None:
    """After the bot knocked: the person chooses his layoffs (Enter keeps
    the best ones the game chose)."""
    r = game.result()
    mine = game.hand(me)
    targets = layoff_targets(r.knocker_arrangement, mine)
    if not any(len(t) for t in targets):
        return
    print(f"The bot knocked showing {_arrangement(r.knocker_arrangement)}")
    print("You can lay off now:" + "".join(
        f" {_cards(t)} on [{_cards(r.knocker_arrangement.melds[i])}]"
        for i, t in enumerate(targets) if len(t)) + " (chains may add more).")
    best = r.defense
    print(f"The best layoffs: {_cards(best.laid_off) or 'none'}, deadwood "
          f"{best.defender.deadwood_points}.")
    while True:
        line = _read("Lay off which cards? [Enter: the best, none, or cards]: ")
        if line is None or not line.strip():
            return
        try:
            laid = Cards(0) if line.strip().lower() == "none" else parse_cards(line)
            game.defend(layoff_build(r.knocker_arrangement, mine, laid))
            return
        except GinRummyError as exc:
            print(f"Not allowed: {exc.reason_text or exc}.")


class Quit(Exception):
    """The person left the match (quit, or the end of input)."""


def _ask(game: Game, player: int, expert: Optional[Bot] = None
         ) -> Tuple[Move, Optional[Arrangement]]:
    """A legal move from the person, and the arrangement he shows with a knock."""
    while True:
        v = game.view(player)
        print(_show(game, player))
        words = {MoveType.DRAW_STOCK: "draw", MoveType.DRAW_DISCARD: "take",
                 MoveType.TAKE_UPCARD: "take", MoveType.PASS: "pass",
                 MoveType.DISCARD: "discard CARD", MoveType.KNOCK: "knock CARD",
                 MoveType.GIN: "gin", MoveType.BIG_GIN: "big gin"}
        legal = list(dict.fromkeys(words[m.type] for m in v.legal if m.type in words))
        line = _read(f"Your move [{' '.join(legal)} hint ? quit]: ")
        if line is None:
            raise Quit()
        c = parse_command(line, v)
        if c.kind == "empty":
            continue
        if c.kind == "help":
            print(HELP)
            continue
        if c.kind == "hint":
            print(hint(v, expert))
            continue
        if c.kind == "error":
            print(c.message)
            continue
        if c.kind == "quit":
            if _ask_yes("Really leave the match?", True):
                raise Quit()
            continue
        probe = game.clone()
        assert c.move is not None
        try:
            probe.play(c.move)
        except GinRummyError as exc:
            print(f"Not allowed: {exc.reason_text or exc}.")
            continue
        shown = None
        if c.move.type == MoveType.KNOCK and c.move.card is not None:
            shown = _choose_knock(v, c.move.card)
        return c.move, shown


def play(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m ginrummy play",
                                 description="Play a match of Gin against a bot.")
    ap.add_argument("--preset", default="standard", choices=PRESETS)
    ap.add_argument("--seed", type=int, default=int(time.time()))
    ap.add_argument("--bot", default="greedy", choices=BOTS)
    ap.add_argument("--ascii", action="store_true",
                    help="write suits as letters (7H) instead of symbols")
    ap.add_argument("--auto", action="store_true",
                    help="a greedy bot plays your seat: watch a whole match")
    ap.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                    help="set a rule option (see ginrummy.options())")
    ap.add_argument("--players", type=int, default=2, choices=[2, 3, 4],
                    help="2, 3 or 4 players (you and bots)")
    args = ap.parse_args(argv)
    global ASCII
    ASCII = args.ascii
    n = args.players
    match = Match(_rules(args.preset, args.rule), seed=args.seed, players=n)
    # seat 0 is the person (or a greedy bot with --auto), the others bots
    seats = [Bot("greedy", args.seed + 1) if args.auto else None] + \
        [Bot(args.bot, args.seed + s) for s in range(1, n)]
    for b in seats:
        if b is not None:
            b.set_rules(match.rules)
    expert = Bot("expert", args.seed ^ 0x4A17)
    expert.set_rules(match.rules)
    try:
        return _play_match(match, seats, expert, n)
    except Quit:
        print("You left the match.")
        return 0


def _name(seat: int, n: int, seats: List[Optional[Bot]]) -> str:
    if seat == 0:   # the person's seat (a greedy bot's with --auto)
        return "You"
    return "Bot" if n == 2 else f"Seat {seat}"


def _play_match(match: Match, seats: List[Optional[Bot]], expert: Bot, n: int) -> int:
    deal = 0
    while not match.over:
        deal += 1
        for t in range(match.tables()):
            table = match.table(t)
            game = match.deal_table(t)
            who = table.seats
            names = [_name(who[0], n, seats), _name(who[1], n, seats)]
            dealer = _name(table.dealer_seat, n, seats)
            print(f"\n== Hand {deal}" + (f", table {t}" if match.tables() > 1 else "")
                  + f": {dealer} {'deal' if dealer == 'You' else 'deals'}"
                  + ("" if n == 2 else f"; seats {who[0]} and {who[1]} play") + " ==")
            if n == 2:   # the expert plays for the match
                sc = match.standing().hand_points
                for p in range(2):
                    b = seats[who[p]] or expert
                    b.set_score(sc[who[p]], sc[who[1 - p]])
            while not game.over:
                p = game.turn
                bot = seats[who[p]]
                shown = None
                view = game.view(p)
                if bot:
                    move = bot.choose(view)
                    if move.type in (MoveType.KNOCK, MoveType.GIN) and move.card is not None:
                        shown = bot.arrange(view, move.card)
                else:
                    move, shown = _ask(game, p, expert)
                    expert.observe(view, move)   # the hints follow the hand
                if shown is not None and move.card is not None:
                    game.knock(move.card, shown)
                else:
                    game.play(move)
                print(_said(names[p], move))
            r = game.result()
            if r.knocker >= 0 and seats[who[1 - r.knocker]] is None:
                _choose_layoffs(game, 1 - r.knocker)
                r = game.result()
            if r.winner < 0:
                print(f"  The hand is {r.outcome.name.lower()}.")
            else:
                print(f"  {r.outcome.name.capitalize().replace('_', ' ')}: "
                      f"{names[r.winner]} {'score' if names[r.winner] == 'You' else 'scores'}"
                      f" {r.points}.")
            match.record_table(t, r)
        st = match.standing()
        print("  score " + " - ".join(str(x) for x in st.hand_points))
    st = match.standing()
    side = "team" if n == 4 else "player"
    print(f"{side} {st.winner} wins the match, " + " - ".join(str(x) for x in st.total))
    return 0


def selfplay(argv: List[str]) -> int:
    ap = argparse.ArgumentParser(prog="python3 -m ginrummy selfplay",
                                 description="Play N matches between two bots and print statistics.")
    ap.add_argument("--matches", type=int, default=100)
    ap.add_argument("--preset", default="standard", choices=PRESETS)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bots", default="greedy,random")
    ap.add_argument("--rule", action="append", default=[], metavar="NAME=VALUE",
                    help="set a rule option (see ginrummy.options())")
    ap.add_argument("--players", type=int, default=2, choices=[2, 3, 4])
    args = ap.parse_args(argv)
    kinds = args.bots.split(",")
    if len(kinds) != 2 or any(k not in BOTS for k in kinds):
        ap.error(f"--bots A,B with A and B among {', '.join(BOTS)}")
    rules = _rules(args.preset, args.rule)
    n = args.players
    won = [0, 0]
    hands_won, points = [0, 0], [0, 0]
    outcomes = {o: 0 for o in Outcome}
    hands = 0
    t0 = time.perf_counter()
    for m in range(args.matches):
        seed = args.seed + m
        # bot A at the even seats in even matches and the odd ones in odd
        # matches, so neither keeps the advantage of a seat
        kind_of = [(s + m) % 2 for s in range(n)]
        bots = [Bot(kinds[kind_of[s]], seed * 4 + s) for s in range(n)]
        for b in bots:
            b.set_rules(rules)   # the expert plays by the match's rules
        match = Match(rules, seed=seed, players=n)
        for b in bots:      # the expert plays by the match's rules
            b.set_rules(match.rules)
        while not match.over:
            for t in range(match.tables()):
                who = match.table(t).seats
                game = match.deal_table(t)
                if n == 2:   # the expert plays for the match
                    sc = match.standing().hand_points
                    for p in range(2):
                        bots[who[p]].set_score(sc[who[p]], sc[who[1 - p]])
                while not game.over:
                    p = game.turn
                    v = game.view(p)
                    mv = bots[who[p]].choose(v)
                    if mv.type in (MoveType.KNOCK, MoveType.GIN) and mv.card is not None:
                        game.knock(mv.card, bots[who[p]].arrange(v, mv.card))
                    else:
                        game.play(mv)
                r = game.result()
                match.record_table(t, r)
                hands += 1
                outcomes[r.outcome] += 1
                if r.winner >= 0:
                    k = kind_of[who[r.winner]]
                    hands_won[k] += 1
                    points[k] += r.points
        st = match.standing()
        if st.winner >= 0:
            # the winning side: a seat (2, 3 players) or a team of seats w, w + 2
            won[kind_of[st.winner]] += 1
    dt = time.perf_counter() - t0
    print(f"{args.matches} matches, {hands} hands, preset {args.preset}, {n} players")
    for i, k in enumerate(kinds):
        print(f"  {k:8s} ({'AB'[i]}): {won[i]} matches, {hands_won[i]} hands, {points[i]} points")
    print("  hands: " + ", ".join(f"{o.name.lower()} {c}" for o, c in outcomes.items()))
    print(f"  {hands / dt:.0f} hands/s from Python")
    return 0


def main(argv: Optional[List[str]] = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if not argv or argv[0] in ("-h", "--help"):
        print(__doc__.strip())
        return 0 if argv else 2
    cmd, rest = argv[0], argv[1:]
    try:
        if cmd == "play":
            return play(rest)
        if cmd == "selfplay":
            return selfplay(rest)
    except GinRummyError as exc:
        print(f"ginrummy: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:          # output piped into head and the like
        sys.stdout = open(os.devnull, "w")
        return 0
    print(f"unknown command {cmd!r}; use play or selfplay", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
