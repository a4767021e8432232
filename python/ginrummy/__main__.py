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
from typing import List, Optional

from . import BOTS, PRESETS, Bot, Game, GinRummyError, Match, Move, MoveType, Outcome, Rules


ASCII = False


def _card(c) -> str:
    return str(c) if ASCII else str(c)[:-1] + "\u2663\u2666\u2665\u2660"[c.suit]


def _cards(cards) -> str:
    return " ".join(_card(c) for c in cards)


def _move(m: Move) -> str:
    return m.type.name if m.card is None else f"{m.type.name} {_card(m.card)}"


def _rules(preset: str, rules: List[str]) -> Rules:
    r = Rules(preset)
    for item in rules:
        name, _, value = item.partition("=")
        r[name] = int(value)
    return r


def _show(game: Game, player: int) -> str:
    v = game.view(player)
    top = _card(v.discards[-1]) if v.discards else "-"
    return (f"  your hand: {_cards(v.hand)}   (deadwood "
            f"{__import__('ginrummy').deadwood(v.hand)})\n"
            f"  pile top: {top}   stock: {v.stock_size}   opponent holds {v.opponent_count}")


def _ask(game: Game, player: int) -> Move:
    legal = game.legal_moves()
    while True:
        print(_show(game, player))
        print("  moves: " + ", ".join(_move(m) for m in legal))
        try:
            line = input("> ").strip()
        except EOFError:
            raise SystemExit(0)
        if line in ("q", "quit"):
            raise SystemExit(0)
        try:
            move = Move.parse(line)
        except (ValueError, GinRummyError) as exc:
            print(f"  {exc}")
            continue
        if move.card is None and move.type in (MoveType.TAKE_UPCARD, MoveType.DRAW_DISCARD):
            move = next((m for m in legal if m.type == move.type), move)
        if move in legal:
            return move
        print("  not a legal move")


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
    deal = 0
    while not match.over:
        deal += 1
        for t in range(match.tables()):
            table = match.table(t)
            game = match.deal_table(t)
            who = table.seats
            print(f"deal {deal}" + (f", table {t}" if match.tables() > 1 else "")
                  + f": seat {table.dealer_seat} deals, seats {who[0]} and {who[1]} play")
            while not game.over:
                p = game.turn
                bot = seats[who[p]]
                move = bot.choose(game.view(p)) if bot else _ask(game, p)
                game.play(move)
                print(f"  seat {who[p]}: {_move(move)}")
            r = game.result()
            if r.winner < 0:
                print(f"  the hand is {r.outcome.name.lower()}")
            else:
                print(f"  {r.outcome.name.lower()}: seat {who[r.winner]} scores {r.points}")
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
        match = Match(rules, seed=seed, players=n)
        while not match.over:
            for t in range(match.tables()):
                who = match.table(t).seats
                game = match.deal_table(t)
                while not game.over:
                    p = game.turn
                    game.play(bots[who[p]].choose(game.view(p)))
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
