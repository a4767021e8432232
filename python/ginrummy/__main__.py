"""``python3 -m ginrummy play|rummy|selfplay``: the example programs
gin-play, rummy-play and gin-selfplay in Python.

  python3 -m ginrummy play [--preset NAME] [--seed N] [--bot KIND] [--players 2|3|4]
                           [--rule NAME=VALUE]... [--ascii] [--auto] [--help]
  python3 -m ginrummy rummy [--players N] [--jokers N] [--decks N] [--hand N] [--ace-high]
                            [--target N] [--turnovers N] [--seed N] [--bot KIND]
                            [--ascii] [--auto] [--help]
  python3 -m ginrummy selfplay [--matches N] [--preset NAME] [--seed N] [--bots A,B]
                               [--players 2|3|4] [--rule NAME=VALUE]...

``play`` and ``rummy`` are gin-play and rummy-play screen for screen (see
``gin_play`` and ``rummy_play``).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from typing import List, Optional

from . import BOTS, PRESETS, Bot, GinRummyError, Match, MoveType, Outcome, Rules
from . import gin_play_match, rummy_play


def _rules(preset: str, rules: List[str]) -> Rules:
    r = Rules(preset)
    for item in rules:
        r.set_text(item)
    return r


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
            return gin_play_match.main(rest)
        if cmd == "rummy":
            return rummy_play.main(rest)
        if cmd == "selfplay":
            return selfplay(rest)
    except GinRummyError as exc:
        print(f"ginrummy: {exc}", file=sys.stderr)
        return 1
    except BrokenPipeError:          # output piped into head and the like
        sys.stdout = open(os.devnull, "w")
        return 0
    except KeyboardInterrupt:        # Ctrl-C: stop as the C programs do, no traceback
        return 130
    print(f"unknown command {cmd!r}; use play, rummy or selfplay", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
