"""``python3 -m ginrummy play``: the example program gin-play
(examples/gin-play.c) in Python, screen for screen.

A match of Gin Rummy against a bot (or bots) in the terminal, or two bots
watched (``--auto``).  It takes gin-play's options, commands and answers,
prints the same lines, and asks the library the same questions in the same
order with the same bot seeds, so that for the same seed, options and input
its transcript is gin-play's (``python/tests/test_play_parity.py`` checks
it).  The one difference: usage and option errors name the program
``python3 -m ginrummy play``.
"""
from __future__ import annotations

import re
from typing import NamedTuple, Optional, Sequence, Tuple

from ._console import (LINE_SIZE, ask_yes, c_text, prompt, read_line_checked, refused_too_long,
                       write)
from ._lib import ffi, lib, string
from .advice import advise_knock, arrangements, best_discard_except, layoff_build, \
    layoff_targets
from .bot import Bot
from .cards import Card, Cards
from .errors import GinRummyError
from .game import Game, View
from .melds import Arrangement, arrange, deadwood
from .moves import Move, MoveType, Phase
from .settle import Outcome

PROG = "python3 -m ginrummy play"

USAGE = f"""\
usage: {PROG} [--preset NAME] [--seed N]
                                [--bot random|greedy|expert] [--players 2|3|4]
                                [--rule NAME=VALUE]... [--ascii] [--auto] [--help]
Play a match of Gin Rummy against a bot (or bots).
  --preset NAME  rules: fournier, novelty, standard, openspiel or eaai
                 (default fournier, the library's default preset)
  --players N    2, 3 or 4 players (4: you and South against East and
                 West); the others are bots (default 2)
  --rule N=V     set rule option N after the preset, e.g. hollywood=1;
                 may be repeated
  --seed N       seed of the match (default: from the clock)
  --bot KIND     the opponent: random, greedy or expert (default greedy)
  --ascii        write suits as letters (7H) instead of symbols (7\u2665)
  --auto         a greedy bot plays your seat: watch a whole match
  -h, --help     this text
Options take their value as --seed 5 or --seed=5.
"""

HELP = """\
Commands (a whole word or its abbreviation; case does not matter):
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
When the bot knocks you may choose your layoffs (Enter: the best ones;
none, or the cards; hint and ? work there too).
Between hands press Enter to go on.
"""

LAYOFF_HELP = """\
Say which of your cards you lay off on the knocker's melds:
  Enter       the best layoffs
  none        lay off nothing
  6S 7S       lay off those cards (one or more, with blanks between)
  hint        which layoffs are best
  help, ?     this help
The other commands (draw, discard, quit...) come back with your next move.
"""

LAYOFF_EXPECTED = ("name the cards to lay off (for example 6S 7S), none, or press Enter for"
                   " the best; ? for help.\n")

_COMMAND_WORDS = ("draw", "d", "take", "t", "pass", "p", "discard", "x", "knock", "k",
                  "gin", "g", "big", "quit", "q")


class Player(NamedTuple):
    """A seat: its name ("You", "Bot", "East"...), whether it is the person
    (spoken to in the second person), and its bot (None for the person)."""
    name: str
    you: bool
    bot: Optional[Bot]


def verb(p: Player, you: str, other: str) -> str:
    """The verb for this player: "draw" for the person, "draws" for a bot."""
    return you if p.you else other


class Command(NamedTuple):
    """A parsed command line: kind "move", "help", "hint", "quit", "empty"
    or "error"; the move, or the error message."""
    kind: str
    move: Optional[Move] = None
    message: str = ""


def _is_word(w: str, full: str, abbrev: Optional[str] = None) -> bool:
    """w is the word or its abbreviation, in any case of ASCII letters (as
    strcasecmp: no other letter folds to one of them)."""
    w = "".join(c.lower() if c.isascii() else c for c in w)
    return w == full or (abbrev is not None and w == abbrev)


def _cut(text: str, size: int) -> str:
    """The first `size` bytes of `text`, as C's "%.*s" prints them."""
    return c_text(text)[:size].decode("utf-8", "surrogateescape")


def _card_of(word: str) -> Optional[Card]:
    """The card a word names (gr_card_parse), None when it names none."""
    out = ffi.new("gr_card *")
    return Card(out[0]) if lib.gr_card_parse(c_text(word), out) == 0 else None


def _legal_has(v: View, kind: MoveType) -> bool:
    return any(m.type == kind for m in v.legal)


def _discardable(v: View) -> Cards:
    """The cards the person may discard now (not the one just taken, G11)."""
    return Cards([m.card for m in v.legal if m.type == MoveType.DISCARD and m.card is not None])


def _pile(v: View) -> Cards:
    return Cards([int(c) for c in v.discards])


def parse_command(text: str, view: View) -> Command:
    """Read a command as gin-play does: whole words or their abbreviations,
    a bare card discards it, nothing guessed."""
    w = [x for x in re.split("[ \t]+", text) if x]
    if not w:
        return Command("empty")
    want_card = 0          # 0 no card, 1 a card, 2 an optional card
    kind: Optional[MoveType] = None
    other = ""
    if _is_word(w[0], "help", "?") or _is_word(w[0], "h"):
        other = "help"
    elif _is_word(w[0], "hint"):
        other = "hint"
    elif _is_word(w[0], "quit", "q"):
        other = "quit"
    elif _is_word(w[0], "draw", "d"):
        kind = MoveType.DRAW_STOCK
    elif _is_word(w[0], "take", "t"):
        kind = MoveType.DRAW_DISCARD if _legal_has(view, MoveType.DRAW_DISCARD) \
            else MoveType.TAKE_UPCARD
    elif _is_word(w[0], "pass", "p"):
        kind = MoveType.PASS
    elif _is_word(w[0], "discard", "x"):
        kind, want_card = MoveType.DISCARD, 1
    elif _is_word(w[0], "knock", "k"):
        kind, want_card = MoveType.KNOCK, 1
    elif _is_word(w[0], "gin", "g"):
        kind, want_card = MoveType.GIN, 2
    elif _is_word(w[0], "big") and len(w) >= 2 and _is_word(w[1], "gin"):
        kind = MoveType.BIG_GIN
        w = w[:1] + w[2:]              # "big gin" counts as one word
    else:
        bare = _card_of(w[0]) if len(w) == 1 else None
        if bare is not None:           # a bare card discards it
            return Command("move", Move(MoveType.DISCARD, bare))
        return Command("error", message=f'Unknown command "{_cut(w[0], 40)}"; type ? for help.')
    if kind is None:                   # help, hint, quit: nothing after them
        if len(w) > 1:
            return Command("error", message=f'"{_cut(w[0], 20)}" takes nothing after it; '
                                            "type ? for help.")
        return Command(other)
    if len(w) > (2 if want_card else 1):
        return Command("error", message=f'Too many words after "{_cut(w[0], 20)}".')
    card: Optional[Card] = None
    if want_card and len(w) == 2:
        card = _card_of(w[1])
        if card is None:
            return Command("error", message=f'"{_cut(w[1], 20)}" is not a card '
                                            "(for example 7H, 10S, QD).")
    elif want_card == 1:
        return Command("error", message=f"Name the card, for example: {w[0]} 7H")
    elif want_card == 2:               # gin without a card: the one that goes gin
        card = next((m.card for m in view.legal if m.type == MoveType.GIN), None)
        if card is None:
            return Command("error", message="No discard gives gin now."
                           if view.phase == Phase.DISCARD
                           else "Draw first: gin is a discard (for example: gin 7H).")
    if kind in (MoveType.TAKE_UPCARD, MoveType.DRAW_DISCARD):
        # the card offered (the library reads only the type of a take)
        card = next((m.card for m in view.legal if m.type == kind), None)
    return Command("move", Move(kind, card))


class GinPlay:
    """One run of the program: how cards are written, the expert that
    gives the hints, and whether bots play every seat."""

    def __init__(self, ascii: bool, hint_bot: Optional[Bot], autoplay: bool):
        self.ascii = ascii
        self.hint_bot = hint_bot
        self.autoplay = autoplay

    # ---- printing cards -------------------------------------------------

    def card(self, c: Card) -> str:
        """"7♥", or "7H" with --ascii."""
        return str(c) if self.ascii else str(c)[:-1] + "\u2663\u2666\u2665\u2660"[c.suit]

    def cards(self, cards: Cards) -> str:
        """The cards in the library's order, a blank between them."""
        return " ".join(self.card(c) for c in cards)

    def arrangement(self, a: Arrangement) -> str:
        """"[A♠ 2♠ 3♠] [7♣ 7♦ 7♥] 9♣ K♦  deadwood 19" and a newline."""
        melds = "".join(f"[{self.cards(m)}] " for m in a.melds)
        return (f"{melds}{self.cards(a.deadwood)}{'  ' if a.deadwood else ''}"
                f"deadwood {a.deadwood_points}\n")

    def hand(self, hand: Cards) -> str:
        """A hand as its best arrangement shows it."""
        return self.arrangement(arrange(hand))

    def with_cards(self, text: str) -> str:
        """`text` with its words that are cards ("QD", "10H") written as
        card() writes them."""
        out, i = [], 0
        while i < len(text):
            n = len(re.match("[^ ,:;()]*", text[i:]).group())  # type: ignore[union-attr]
            word = text[i:i + n]
            card = _card_of(word) if 0 < n < 8 else None
            if card is not None:
                out.append(self.card(card))
                i += n
                continue
            out.append(text[i:i + max(n, 1)])
            i += max(n, 1)
        return "".join(out)

    # ---- telling what happened --------------------------------------------

    def say_move(self, p: Player, m: Move, show_stock: bool) -> None:
        """What a player just did; m.card names the card drawn, shown for
        a stock draw only to its owner (or when bots play every seat)."""
        c = self.card(m.card) if m.card is not None else ""
        t = m.type
        if t == MoveType.TAKE_UPCARD:
            text = f"{verb(p, 'take', 'takes')} the upcard {c}"
        elif t == MoveType.PASS:
            text = verb(p, "pass", "passes")
        elif t == MoveType.DRAW_STOCK:
            text = f"{verb(p, 'draw', 'draws')} from the stock"
            if show_stock and m.card is not None:
                text += f": {c}"
        elif t == MoveType.DRAW_DISCARD:
            text = f"{verb(p, 'take', 'takes')} {c} from the discard pile"
        elif t == MoveType.DISCARD:
            text = f"{verb(p, 'discard', 'discards')} {c}"
        elif t == MoveType.KNOCK:
            text = f"{verb(p, 'discard', 'discards')} {c} and {verb(p, 'knock', 'knocks')}"
        elif t == MoveType.GIN:
            text = f"{verb(p, 'discard', 'discards')} {c} and {verb(p, 'go', 'goes')} gin"
        else:
            text = f"{verb(p, 'go', 'goes')} big gin"
        write(f"  {p.name} {text}\n")

    def table(self, v: View, score: str, pl: Sequence[Player]) -> None:
        """The table as the person sees it before a move."""
        top = (f"{self.card(v.discards[-1])} on top ({len(v.discards)} "
               f"card{'' if len(v.discards) == 1 else 's'})" if v.discards else "empty")
        write(f"\n{score}  Stock: {v.stock_size} cards.  Discard pile: {top}\n")
        if v.opponent_known:
            write(f"{pl[1 - v.player].name} is known to hold: "
                  f"{self.cards(v.opponent_known)}\n")
        write("Your hand: " + self.hand(v.hand))
        if v.phase == Phase.DISCARD:   # 11 cards: what the best discard leaves
            ok = _discardable(v)
            if ok:
                best, _ = best_discard_except(v.hand, v.hand - ok)
                write(f"Best discard {self.card(best)} leaves: "
                      + self.hand(v.hand - Cards([best])))

    def explain_refusal(self, v: View, m: Move, reason: int) -> None:
        """Why a move the person typed was refused: the library's reason,
        with a hint for the next try."""
        if reason == lib.GR_REASON_WRONG_PHASE:
            if v.phase == Phase.UPCARD:
                write("First turn: take the upcard (take) or pass (pass).\n")
            elif v.phase == Phase.WALL:
                write("Two cards are left in the stock: take the discard (take) only"
                      " to knock or go gin at once, or pass (pass): the hand is void.\n")
            elif v.phase == Phase.DRAW:
                write("Draw first: draw (the stock)%s.\n" % (
                    " or take (the discard pile)"
                    if _legal_has(v, MoveType.DRAW_DISCARD) else ""))
            else:
                write("You have drawn: now discard, knock or go gin (for example:"
                      " discard 7H).\n")
        elif reason == lib.GR_REASON_NOT_IN_HAND and m.card is not None:
            write(f"You do not hold {self.card(m.card)}.\n")
        elif reason == lib.GR_REASON_OVER_LIMIT and m.card is not None:
            write(f"To knock, the deadwood left must be at most {v.knock_limit}; without "
                  f"{self.card(m.card)} it is {deadwood(v.hand - Cards([m.card]))}.\n")
        elif reason == lib.GR_REASON_NOT_GIN and m.card is not None:
            write(f"Gin needs every card melded; without {self.card(m.card)} the deadwood"
                  f" is {deadwood(v.hand - Cards([m.card]))}.\n")
        else:
            write(f"Not allowed: {string(lib.gr_reason_text(reason))}.\n")

    # ---- advice -------------------------------------------------------------

    def hint(self, v: View) -> None:
        """The rule-based hint, then the expert's choice explained."""
        self.rule_hint(v)
        if self.hint_bot is None:
            return
        try:
            self.hint_bot.choose(v)
        except GinRummyError:
            return
        line = self.hint_bot.explain().encode()[:255].decode(errors="ignore")
        if line:
            write(f"Expert: {self.with_cards(line)}.\n")

    def rule_hint(self, v: View) -> None:
        """Take or draw, the best discard, how to knock, by deadwood alone."""
        if v.phase in (Phase.UPCARD, Phase.DRAW):
            try:
                a = v.advise_take()
            except GinRummyError:
                write("Hint: draw from the stock (the discard pile is not offered).\n")
                return
            offered = [m.card for m in v.legal if m.card is not None and m.type in (
                MoveType.TAKE_UPCARD, MoveType.DRAW_DISCARD)]
            verdict = ("take it." if a.take else
                       "pass." if v.phase == Phase.UPCARD else "draw.")
            write(f"Hint: taking {self.card(offered[-1])} and discarding "
                  f"{self.card(a.take_discard)} leaves deadwood {a.take_deadwood}; a blind"
                  f" draw leaves {a.draw_expected:.1f} on average ({a.draw_best} to "
                  f"{a.draw_worst}).  By deadwood alone: {verdict}\n")
            return
        ok = _discardable(v)
        try:
            best, left = best_discard_except(v.hand, v.hand - ok)
        except GinRummyError:
            return
        if _legal_has(v, MoveType.BIG_GIN):
            write("Hint: big gin!  Type: big gin\n")
            return
        if left == 0 and _legal_has(v, MoveType.GIN):
            write(f"Hint: gin by discarding {self.card(best)}.\n")
            return
        if left <= v.knock_limit and _legal_has(v, MoveType.KNOCK):
            try:
                k = advise_knock(v.hand - Cards([best]), v.knock_limit,
                                 _pile(v) | Cards([best]))
            except GinRummyError:
                k = None
            if k is not None:
                write(f"Hint: you can knock discarding {self.card(best)} and showing "
                      + self.arrangement(k.arrangement)
                      + f"      (the defender could lay off {k.layoffs} "
                      f"card{'' if k.layoffs == 1 else 's'} on it).\n")
                return
        write(f"Hint: by deadwood alone, discard {self.card(best)} (deadwood {left} left).\n")

    # ---- choosing what to show and what to lay off ------------------------

    def choose_knock(self, v: View, discard: Card) -> Optional[Arrangement]:
        """The arrangement the person shows when knocking with `discard`:
        the advised one unless he picks another; None when there is no
        choice (the game shows the best)."""
        kept = v.hand - Cards([discard])
        options = arrangements(kept, v.knock_limit)
        n = len(options)
        if n <= 1 or n > 32:
            return None
        try:
            k = advise_knock(kept, v.knock_limit, _pile(v) | Cards([discard]))
        except GinRummyError:
            return None
        for i in range(n):             # the advised one first
            if options[i] == k.arrangement:
                options[0], options[i] = options[i], options[0]
        write("You may show:\n")
        for i, a in enumerate(options):
            write(f"  {i + 1}) " + self.arrangement(a))
        if k.arrangement.deadwood_points == 0:
            write("(1 is gin: no deadwood.)\n")
        else:
            write(f"(1 leaves the fewest possible layoffs: {k.layoffs}.)\n")
        while True:
            prompt(f"Show which? [1-{n}, Enter for 1]: ")
            line, too_long = read_line_checked(LINE_SIZE)
            if line is None:
                break
            if refused_too_long(too_long, LINE_SIZE):
                continue
            w = line.lstrip(" \t")
            if not w:
                break
            if re.fullmatch("[+-]?[0-9]+", w) and 1 <= int(w) <= n:
                return options[int(w) - 1]
            write(f"Type a number from 1 to {n}.\n")
        return options[0]

    def choose_layoffs(self, game: Game, pl: Sequence[Player]) -> None:
        """After the bot knocked: the person chooses his layoffs (Enter
        keeps the best ones the game chose)."""
        r = game.result()
        if r.outcome == Outcome.VOID or not pl[1 - r.knocker].you:
            return
        mine = game.hand(1 - r.knocker)
        karr = r.knocker_arrangement
        targets = layoff_targets(karr, mine)
        anyc = Cards()
        for t in targets:
            anyc = anyc | t
        if not targets or not anyc:
            return
        # can he lay off at all (G18)? try the best layoff including the first
        try:
            game.defend(layoff_build(karr, mine, Cards([next(iter(anyc))])))
        except GinRummyError as exc:
            if exc.reason == lib.GR_REASON_NO_LAYOFF_AFTER_GIN:
                return
        game.defend(r.defense)         # back to the best
        write(f"{pl[r.knocker].name} knocked showing " + self.arrangement(karr))
        write("You can lay off now:" + "".join(
            f" {self.cards(t)} on [{self.cards(karr.melds[i])}]"
            for i, t in enumerate(targets) if t))
        best = r.defense
        write(" (chains may add more).\nThe best layoffs: "
              f"{self.cards(best.laid_off) if best.laid_off else 'none'}, "
              f"deadwood {best.defender.deadwood_points}.\n")
        while True:
            prompt("Lay off which cards? [Enter: the best, none, CARDS, hint ?]: ")
            line, too_long = read_line_checked(LINE_SIZE)
            if line is None:
                return
            if refused_too_long(too_long, LINE_SIZE):
                continue
            w = line.lstrip(" \t").rstrip(" \t")
            if not w:
                return
            first = re.match("[^ \t]*", w).group()  # type: ignore[union-attr]
            word, alone = _cut(first, 15), first == w
            if alone and (_is_word(word, "help", "?") or _is_word(word, "h")):
                write(LAYOFF_HELP)
                continue
            if alone and _is_word(word, "hint"):
                write("Hint: lay off "
                      + (self.cards(best.laid_off) if best.laid_off else "nothing (none)")
                      + f", leaving deadwood {best.defender.deadwood_points}; Enter chooses"
                      " this.\n")
                continue
            if _is_word(word, "none") and not alone:
                write("Type none alone to lay off nothing, or name the cards.\n")
                continue
            laid = Cards()
            if not _is_word(word, "none"):
                raw, mask, err = c_text(w), ffi.new("gr_cards *"), ffi.new("gr_parse_error *")
                if lib.gr_cards_parse_ex(raw, mask, err) == 0:
                    laid = Cards(int(mask[0]))
                else:
                    bad = raw[err.offset:err.offset + err.length].decode("utf-8",
                                                                        "surrogateescape")
                    if err.reason == lib.GR_REASON_DUPLICATE_CARD:
                        write(f'"{bad}" is named twice: name each card once.\n')
                    elif err.offset == 0 and any(_is_word(word, x) for x in _COMMAND_WORDS):
                        write(f'"{word}" is not a layoff: ' + LAYOFF_EXPECTED)
                    else:
                        write(f'"{bad}" is not a card: ' + LAYOFF_EXPECTED)
                    continue
            try:
                d = layoff_build(karr, mine, laid)
            except GinRummyError:
                why = ("you do not hold them all" if laid - mine else
                       string(lib.gr_reason_text(lib.GR_REASON_CANNOT_LAY_OFF)))
                write(f"Those cards cannot all be laid off ({why}).\n")
                continue
            try:
                game.defend(d)
            except GinRummyError as exc:
                write(f"Not allowed: {string(lib.gr_reason_text(exc.reason or 0))}.\n")
                continue
            return

    # ---- the person's move ----------------------------------------------------

    def ask_move(self, game: Game, v: View) -> Tuple[str, Optional[Move],
                                                     Optional[Arrangement]]:
        """Ask the person for a legal move: ("move", move, the arrangement
        he chose to show or None), ("quit", ...) or ("eof", ...)."""
        while True:
            words = [(MoveType.DRAW_STOCK, "draw "), (MoveType.TAKE_UPCARD, "take "),
                     (MoveType.PASS, "pass "), (MoveType.DISCARD, "discard CARD "),
                     (MoveType.KNOCK, "knock CARD "), (MoveType.GIN, "gin "),
                     (MoveType.BIG_GIN, "big gin ")]
            text = "".join(w for t, w in words if _legal_has(v, t) or (
                t == MoveType.TAKE_UPCARD and _legal_has(v, MoveType.DRAW_DISCARD)))
            prompt(f"Your move [{text}hint ? quit]: ")
            line, too_long = read_line_checked(LINE_SIZE)
            if line is None:
                return "eof", None, None
            if refused_too_long(too_long, LINE_SIZE):
                continue
            c = parse_command(line, v)
            if c.kind == "empty":
                continue
            if c.kind == "help":
                write(HELP)
                continue
            if c.kind == "hint":
                self.hint(v)
                continue
            if c.kind == "error":
                write(c.message + "\n")
                continue
            if c.kind == "quit":
                if ask_yes("Really leave the match?", True):
                    return "quit", None, None
                continue
            assert c.move is not None
            try:                       # on a copy: the library says whether and why not
                game.clone().play(c.move)
            except GinRummyError as exc:
                self.explain_refusal(v, c.move, exc.reason or 0)
                continue
            shown = None
            if c.move.type == MoveType.KNOCK and c.move.card is not None:
                shown = self.choose_knock(v, c.move.card)
            return "move", c.move, shown
