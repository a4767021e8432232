"""``python3 -m ginrummy play``, its second half: hands and matches of 2, 3
or 4 players, the options, and the program's start (the screens, commands
and advice are in ``gin_play``)."""
from __future__ import annotations

import sys
import time
from typing import List, Optional, Sequence, Tuple

from ._console import (c_text, flush_typed_ahead, prompt, read_line, setup_streams,
                       strtoull, write)
from ._lib import lib
from .bot import Bot
from .cards import Card
from .errors import GinRummyError
from .game import Game
from .gin_play import HELP, PROG, USAGE, GinPlay, Player, verb
from .match import Match, Score, Standing
from .moves import Move, MoveType, Phase
from .rules import Rules
from .settle import HandResult, Outcome

OVER, LEFT = "over", "left"

_OUTCOME = {Outcome.KNOCK: "Knock", Outcome.UNDERCUT: "Undercut", Outcome.GIN: "Gin",
            Outcome.BIG_GIN: "Big gin"}


def _result(ui: GinPlay, r: HandResult, pl: Sequence[Player], game: Game,
            last_discard: Optional[Card]) -> None:
    """How the hand ended: both hands, the layoffs, the score."""
    if r.outcome == Outcome.VOID:
        write("The stock has run out: the hand is void, no score.\n")
        for p in range(2):
            write(f"  {pl[p].name:<5} " + ui.hand(game.hand(p)))
        return
    k, d = pl[r.knocker], pl[1 - r.knocker]
    write(f"{k.name} laid down")
    if r.outcome != Outcome.BIG_GIN and last_discard is not None:
        write(f" after discarding {ui.card(last_discard)}")
    write(f":\n  {k.name:<5} " + ui.arrangement(r.knocker_arrangement))
    write(f"  {d.name:<5} " + ui.arrangement(r.defense.defender))
    if r.defense.laid_off:
        write(f"  {d.name} laid off: {ui.cards(r.defense.laid_off)}\n")
    if r.outcome == Outcome.TIE:
        write("Tie: equal deadwood, nobody scores.\n")
        return
    w = pl[r.winner]
    write(f"{_OUTCOME[r.outcome]}: {w.name} {verb(w, 'score', 'scores')} {r.points} points"
          f"{' (doubled by the upcard)' if r.multiplier == 2 else ''}.\n")


def play_hand(ui: GinPlay, game: Game, pl: Sequence[Player], score: str
              ) -> Tuple[str, Optional[HandResult]]:
    """Play one hand: (OVER, its result), or (LEFT, None) when the person
    quit or the input ended."""
    last_discard: Optional[Card] = None
    if ui.autoplay:
        for p in range(2):
            write(f"  {pl[p].name:<5} " + ui.hand(game.hand(p)))
    while not game.over:
        turn = game.turn
        v = game.view(turn)
        player = pl[turn]
        shown = None
        if player.bot is not None:
            m = player.bot.choose(v)
            # the bot chooses the melds it shows (the expert: those least laid off against)
            if m.type in (MoveType.KNOCK, MoveType.GIN) and m.card is not None:
                shown = player.bot.arrange(v, m.card)
        else:
            ui.table(v, score, pl)
            asked, move, shown = ui.ask_move(game, v)
            if asked == "eof":
                write("\nEnd of input: the match is left unfinished.\n")
            if asked == "quit":
                write("You left the match.\n")
            if move is None:
                return LEFT, None
            m = move
        drawn = None
        if shown is not None and m.card is not None:
            game.knock(m.card, shown)
        else:
            drawn = game.play_drawn(m)
        if player.bot is None and ui.hint_bot is not None:
            ui.hint_bot.observe(v, m)  # the hints follow the whole hand
        if drawn is not None:
            m = Move(m.type, drawn)    # name the card drawn
        elif m.type not in (MoveType.PASS, MoveType.BIG_GIN):
            last_discard = m.card
        ui.say_move(player, m, ui.autoplay or player.bot is None)
        if player.bot is not None and not ui.autoplay and game.phase == Phase.OVER:
            ui.choose_layoffs(game, pl)
    r = game.result()
    _result(ui, r, pl, game, last_discard)
    return OVER, r


def _pause_for_next() -> bool:
    """After a hand a person played: a pause, so that lines typed ahead do
    not play the next hand; False at the end of input."""
    flush_typed_ahead()
    prompt("Press Enter for the next hand: ")
    if read_line(256) is None:
        write("\nEnd of input: the match is left unfinished.\n")
        return False
    return True


def _final(s: Score, pl: Sequence[Player]) -> None:
    write(f"\n== The match is over after {s.hands_played} hands ==\n")
    write(f"{'':<16} {pl[0].name:>8} {pl[1].name:>8}\n")
    for label, v in (("hands won", s.hands_won), ("hand points", s.hand_points),
                     ("game bonus", s.game_bonus), ("box bonus", s.box_bonus),
                     ("shutout bonus", s.shutout_bonus), ("total", s.total)):
        write(f"{label:<16} {v[0]:>8} {v[1]:>8}\n")
    w = pl[s.winner]
    write(f"{w.name} {verb(w, 'win', 'wins')} the match by {s.margin} points.\n")


def _standing(s: Standing, names: Sequence[str]) -> None:
    """One line per score row of a standing, a column per side."""
    write(f"{'':<16}" + "".join(f" {names[i]:>14}" for i in range(s.nsides)) + "\n")
    for label, v in (("hands won", s.hands_won), ("hand points", s.hand_points),
                     ("game bonus", s.game_bonus), ("box bonus", s.box_bonus),
                     ("shutout bonus", s.shutout_bonus), ("total", s.total)):
        write(f"{label:<16}" + "".join(f" {v[i]:>14}" for i in range(s.nsides)) + "\n")


def _games(match: Match, names: Sequence[str]) -> None:
    """Under Hollywood scoring (G35), each of the three games."""
    try:
        match.standing(1)
    except GinRummyError:
        return                         # not Hollywood
    for i in range(3):
        g = match.standing(i)
        won = f" won by {names[g.winner]}" if g.winner >= 0 else ""
        write(f"\nHollywood game {i + 1}:{won}\n")
        _standing(g, names)


def play_match(ui: GinPlay, rules: Rules, seed: int, pl: Sequence[Player]) -> None:
    """A match of two players."""
    match = Match(rules, seed=seed)
    s = match.score()
    status = OVER
    while status == OVER and not s.over:
        game = match.deal()
        d = pl[game.dealer]
        write(f"\n== Hand {s.hands_played + 1}: {d.name} {verb(d, 'deal', 'deals')} ==\n")
        for p in range(2):             # the expert plays for the match
            b = pl[p].bot or ui.hint_bot
            if b is not None:
                b.set_score(s.hand_points[p], s.hand_points[1 - p])
        line = f"{pl[0].name} {s.hand_points[0]}, {pl[1].name} {s.hand_points[1]}."
        status, r = play_hand(ui, game, pl, line)
        game.close()
        if r is None:
            break
        match.record(r)
        s = match.score()
        write(f"Score: {pl[0].name} {s.hand_points[0]}, {pl[1].name} {s.hand_points[1]}.\n")
        if not ui.autoplay and not s.over and not _pause_for_next():
            status = LEFT
    if status == OVER:
        _final(s, pl)
        _games(match, [pl[0].name, pl[1].name])


def _score_text(s: Standing, names: Sequence[str]) -> str:
    """"You 30, East 20, West 0." or "You & South 45, East & West 25."."""
    return ", ".join(f"{names[i]} {s.hand_points[i]}" for i in range(s.nsides)) + "."


def play_table_match(ui: GinPlay, rules: Rules, seed: int, players: int,
                     seat: Sequence[Player]) -> None:
    """A match of three or four players (G40), one or two tables a deal."""
    match = Match(rules, seed=seed, players=players)
    if players == 4:
        names = [f"{seat[0].name} & {seat[2].name}", f"{seat[1].name} & {seat[3].name}"]
    else:
        names = [seat[i].name for i in range(3)]
    s = match.standing()
    status = OVER
    while status == OVER and not s.over:
        for t in range(match.tables()):
            tab = match.table(t)
            game = match.deal_table(t)
            pl = [seat[tab.seats[0]], seat[tab.seats[1]]]
            d = seat[tab.dealer_seat]
            write(f"\n== {'Deal' if players == 4 else 'Hand'} {s.hands_played + 1}"
                  f"{(', table 1' if t == 0 else ', table 2') if players == 4 else ''}: "
                  f"{pl[0].name} against {pl[1].name}; {d.name} {verb(d, 'deal', 'deals')}"
                  f"{verb(d, ' and sit out', ' and sits out') if players == 3 else ''} ==\n")
            status, r = play_hand(ui, game, pl, _score_text(s, names))
            game.close()
            if r is None:
                break
            match.record_table(t, r)
        if status == OVER:
            s = match.standing()
            write(f"Score: {_score_text(s, names)}\n")
            if not ui.autoplay and not s.over and not _pause_for_next():
                status = LEFT
    if status == OVER:
        write(f"\n== The match is over after {s.hands_played} "
              f"{'deals' if players == 4 else 'hands'} ==\n")
        _standing(s, names)
        if s.winner >= 0:
            win = "win" if players == 4 else verb(seat[s.winner], "win", "wins")
            write(f"{names[s.winner]} {win} the match by {s.margin} points.\n")
        _games(match, names)


# ---- options ---------------------------------------------------------------------

class _Usage(Exception):
    """A bad command line: what was wrong."""


def _option_value(argv: List[str], i: int, name: str) -> Tuple[Optional[str], int, bool]:
    """"--name value" or "--name=value": (the value or None, the index of
    the last argument read, whether the value is missing)."""
    a = argv[i]
    if not a.startswith(name):
        return None, i, False
    rest = a[len(name):]
    if rest.startswith("="):
        return rest[1:], i, False
    if rest:
        return None, i, False
    if i + 1 >= len(argv):
        return None, i, True
    return argv[i + 1], i + 1, False


def _seed(arg: str) -> int:
    """A seed as gin-play reads it: strtoull(), refusing a leading '-'."""
    v = strtoull(arg)
    if v is None or arg.startswith("-"):
        raise _Usage(f"bad seed: {arg}")
    return v


def main(argv: Sequence[str]) -> int:
    """Run the program with these arguments (after ``play``); the exit status."""
    preset, kind = lib.GR_PRESET_FOURNIER, lib.GR_BOT_GREEDY
    seed = int(time.time())
    ascii = autoplay = False
    players = 2
    rule_args: List[str] = []
    args = list(argv)
    try:
        i = 0
        while i < len(args):
            opt = args[i]
            if opt in ("--help", "-h"):
                write(USAGE + HELP)
                return 0
            if opt == "--ascii":
                ascii = True
            elif opt == "--auto":
                autoplay = True
            else:
                for name in ("--preset", "--bot", "--seed", "--players", "--rule"):
                    arg, i, missing = _option_value(args, i, name)
                    if missing:
                        raise _Usage(f"missing value after: {opt}")
                    if arg is not None:
                        break
                else:
                    raise _Usage(f"unknown option: {opt}")
                if name == "--preset":
                    preset = lib.gr_preset_lookup(c_text(arg))
                    if preset < 0:
                        raise _Usage(f"unknown preset: {arg}")
                elif name == "--bot":
                    kind = lib.gr_bot_lookup(c_text(arg))
                    if kind < 0:
                        raise _Usage(f"unknown bot: {arg}")
                elif name == "--seed":
                    seed = _seed(arg)
                elif name == "--players":
                    if len(arg) != 1 or arg not in "234":
                        raise _Usage(f"players must be 2, 3 or 4: {arg}")
                    players = int(arg)
                else:
                    if len(rule_args) == 64:
                        raise _Usage(f"too many rules: {arg}")
                    rule_args.append(arg)
            i += 1
        rules = Rules(preset)
        for text in rule_args:
            try:                       # (a text that is not UTF-8 reads as no rule)
                rules.set_text(text)
            except (GinRummyError, UnicodeEncodeError):
                raise _Usage(f"unknown rule or value out of range: {text}") from None
    except _Usage as exc:
        sys.stderr.write(f"{PROG}: {exc}\n{USAGE}")
        return 2
    setup_streams()
    return _run(rules, preset, kind, seed, players, ascii, autoplay)


def _run(rules: Rules, preset: int, kind: int, seed: int, players: int, ascii: bool,
         autoplay: bool) -> int:
    pl = [Player("North" if autoplay else "You", not autoplay,
                 Bot(lib.GR_BOT_GREEDY, seed ^ 0x9E37) if autoplay else None),
          Player("South" if autoplay else "Bot", False, Bot(kind, seed ^ 0x79B9))]
    assert pl[1].bot is not None
    pl[1].bot.set_rules(rules)
    hint_bot = Bot(lib.GR_BOT_EXPERT, seed ^ 0x4A17)
    hint_bot.set_rules(rules)
    ui = GinPlay(ascii, hint_bot, autoplay)
    names = {lib.GR_PRESET_FOURNIER: "Fournier", lib.GR_PRESET_NOVELTY: "Novelty",
             lib.GR_PRESET_OPENSPIEL: "OpenSpiel", lib.GR_PRESET_EAAI: "EAAI"}
    write(f"Gin Rummy, {names.get(preset, 'standard')} rules, seed {seed}.\n")
    kind_name = {lib.GR_BOT_RANDOM: "random", lib.GR_BOT_EXPERT: "expert"}.get(kind, "greedy")
    if players == 2:
        if autoplay:
            write(f"North is a greedy bot, South a {kind_name} bot.\n")
        else:
            write(f"You play against the {kind_name} bot; type ? for help.\n")
        play_match(ui, rules, seed, pl)
        return 0
    # seats 0..3: you (or North), East, South, West; 3 players: no South
    seat = [pl[0], Player("East", False, pl[1].bot)]
    others = ["South", "West"] if players == 4 else ["West"]
    for p, name in enumerate(others, start=2):   # a bot of its own for each seat
        b = Bot(kind, seed ^ (0x1234 * p))
        b.set_rules(rules)
        seat.append(Player(name, False, b))
    if players == 4:
        write(f"{seat[0].name} and South play against East and West.\n")
    write(f"{seat[0].name} {'is a greedy bot' if autoplay else 'play'}; the others are "
          f"{kind_name} bots{'' if autoplay else '; type ? for help'}.\n")
    play_table_match(ui, rules, seed, players, seat)
    return 0
