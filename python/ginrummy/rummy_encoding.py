"""Basic Rummy (R1-R8) for 2 to 7 players with a fixed action and
observation encoding: the engine of the Rummy environments of
``ginrummy.pettingzoo`` and ``ginrummy.gymnasium``.

Actions (584 ids, the same for every rules set; ``action_id`` gives an
action's id, ``RummyTable.legal()`` the legal ids with their actions and
``describe`` an id's text):

===========  ==============================================================
0            draw the top of the stock
1            take the top of the discard pile
2..54        discard card c (id 2 + c: c = suit * 13 + rank, 52 the joker)
55..106      lay off natural face f on a table meld (55 + f)
107..158     lay off a joker standing for face f (107 + f)
159..210     put natural face f in a table meld in place of the joker
             standing for it, the joker to the hand (159 + f)
211..583     lay down meld m (211 + m, ``MELDS[m]`` its faces): m < 65 a
             set, rank * 5 + the suit it lacks (4: all four suits); then
             for each suit 77 runs by length 3..13 and first position
             (positions 0..13, 13 the ace after the king)
===========  ==============================================================

A card c or face f here (in the ids and in the observation) is the
library's card number, ``Card(c)``: suit * 13 + rank with the suits in
the library's order, clubs, diamonds, hearts, spades, and the ace 0 (52
is the joker).  This is not the OpenSpiel order (spades first) of the Gin
environments' ids; the suit of a set's id (the one it lacks) is in the
library's order too.

>>> from ginrummy import Card
>>> describe(2 + Card("QS")), describe(55 + Card("7H")), describe(211 + 0)
('discard QS', 'lay off 7H', 'meld AD AH AS')
>>> t = RummyTable(players=2)
>>> t.reset(seed=1, index=0)
>>> seat = t.to_act()[0]
>>> obs, mask = t.observation(seat)
>>> " ".join(str(Card(f)) for f in obs[:52].nonzero()[0])    # his hand
'4C 8C 9C QD 2H 4H 5H 6H QH JS'
>>> [describe(i) for i in mask.nonzero()[0]]
['draw stock', 'take pile']

One id may stand for several library moves; the id plays the canonical
one: a meld with as few jokers as the hand allows (the jokers naming the
faces the hand lacks, in the library's order), a layoff or joker exchange
onto the first table meld that takes it.  The mask marks an id legal when
some library move it stands for is legal, so nothing legal is lost but
those choices.

Observation of a seat (float32 in [0, 1]; 497 + 54 * (players - 1)):

=============  ============================================================
[0, 104)       his hand: 52 faces held at least once, 52 held twice
[104, 112)     his jokers (thermometer)
[112, 165)     the card he took from the pile this turn (53, one-hot)
[165, 218)     the pile's top card (53, one-hot)
[218, 322)     the pile: faces present once, twice (52 + 52)
[322]          jokers in the pile / 8
[323, 427)     the table melds' faces: once, twice (52 + 52)
[427, 479)     faces that jokers on the table stand for
[479, 481)     phase: drawing, playing
[481]          stock size / the deck's size
[482]          turnovers / 10 (at most 1)
[483, 490)     the dealer, by seats after him (one-hot)
[490, 497)     each seat's match total / target (match episodes), by seats
               after him
[497, ...)     each other seat, in turn order after him: cards held / 30,
               52 faces known to be held (taken from the pile), known
               jokers / 8 (54 each)
=============  ============================================================

Rewards: ``episode="hand"``: when a player goes out he gets the points
left in the other hands and each other player loses his own (zero-sum, R7);
a void hand gives 0.  ``episode="match"``: the episode is a match to the
target (R7) and at its end each player gets his total minus the mean of
the others'.  Episode k of a run seeded s is dealt with
``derive_seed(s, 0, k)`` (hands) or its match with ``derive_seed(s, 1,
k)``; the dealer of hand episodes rotates with k.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Tuple

import numpy as np

from ._lib import GR_ESTATE, GR_NO_CARD, lib
from .cards import Cards
from ._rlbase import Array
from .errors import IllegalMove, WrongState
from .rummy import RummyAction, RummyActionType, RummyBot as _LibBot, RummyGame, RummyMatch, \
    RummyRules
from .seeding import STREAMS, derive_seed

NUM_ACTIONS = 584
DRAW_STOCK, DRAW_PILE, DISCARD, LAY_OFF, LAY_OFF_JOKER, SWAP_JOKER, MELD = \
    0, 1, 2, 55, 107, 159, 211
JOKER = 52
BASE_OBS = 497
OTHER_OBS = 54


def _meld_table() -> List[int]:
    out = []
    for rank in range(13):
        for missing in range(5):
            out.append(sum(1 << (s * 13 + rank) for s in range(4) if s != missing))
    for suit in range(4):
        for length in range(3, 14):
            for start in range(0, 15 - length):
                out.append(sum(1 << (suit * 13 + (p % 13)) for p in range(start, start + length)))
    return out


#: the faces (a card mask) of each meld id
MELDS: List[int] = _meld_table()
assert len(MELDS) == NUM_ACTIONS - MELD
_MELD_ID: Dict[int, int] = {}
for _i, _m in enumerate(MELDS):
    _MELD_ID.setdefault(_m, _i)      # A..K and 2..A: the same faces, the first id


def action_id(action: RummyAction) -> int:
    """The id of a library move (see the module text)."""
    t, raw = action.type, action._raw
    if t == RummyActionType.DRAW_STOCK:
        return DRAW_STOCK
    if t == RummyActionType.DRAW_DISCARD:
        return DRAW_PILE
    if t == RummyActionType.DISCARD:
        return DISCARD + int(raw.card)
    if t == RummyActionType.LAY_OFF:
        if raw.card == JOKER:
            return LAY_OFF_JOKER + int(raw.named)
        return LAY_OFF + int(raw.card)
    if t == RummyActionType.SWAP_JOKER:
        return SWAP_JOKER + int(raw.card)
    if t == RummyActionType.MELD:
        return MELD + _MELD_ID[int(raw.meld.cards)]
    raise ValueError(f"no id for {action}")


def describe(action: int) -> str:
    """A readable name of an id."""
    from .rummy_hand import rummy_card_text
    if action == DRAW_STOCK:
        return "draw stock"
    if action == DRAW_PILE:
        return "take pile"
    if DISCARD <= action < LAY_OFF:
        return "discard " + rummy_card_text(action - DISCARD)
    if LAY_OFF <= action < LAY_OFF_JOKER:
        return "lay off " + rummy_card_text(action - LAY_OFF)
    if LAY_OFF_JOKER <= action < SWAP_JOKER:
        return "lay off joker as " + rummy_card_text(action - LAY_OFF_JOKER)
    if SWAP_JOKER <= action < MELD:
        return "take joker with " + rummy_card_text(action - SWAP_JOKER)
    if MELD <= action < NUM_ACTIONS:
        return "meld " + str(Cards(MELDS[action - MELD]))
    raise ValueError(f"action {action} out of 0..{NUM_ACTIONS - 1}")


class RummyTable:
    """One episode of basic Rummy for `players` seats (see the module text);
    options are the Rummy options by name (jokers=1, decks=2, ...)."""

    num_actions = NUM_ACTIONS

    def __init__(self, players: int = 2, episode: str = "hand", **options: int):
        if isinstance(players, bool) or players not in range(2, 8):
            raise ValueError("basic Rummy is played by 2 to 7 players")
        if episode not in ("hand", "match"):
            raise ValueError("episode is 'hand' or 'match'")
        self.players = players
        self.episode = episode
        self.rules = RummyRules(players=players, **options)
        self.ncards = self.rules.deal()[2]
        self.obs_size = BASE_OBS + OTHER_OBS * (players - 1)
        self.game: Optional[RummyGame] = None
        self.match: Optional[RummyMatch] = None
        self.over = True
        self._legal: Optional[Dict[int, RummyAction]] = None

    def close(self) -> None:
        """Drop the game and the match."""
        self.game = None
        self.match = None

    def reset(self, seed: int, index: int) -> None:
        """Deal episode `index` of a run seeded `seed`."""
        if self.episode == "hand":
            self.match = None
            self.game = RummyGame(self.rules, seed=derive_seed(seed, STREAMS["hand"], index),
                                  dealer=index % self.players)
        else:
            self.match = RummyMatch(self.rules, seed=derive_seed(seed, STREAMS["match"], index))
            self.game = self.match.deal()
        self.over = False
        self._legal = None

    def legal(self) -> Dict[int, RummyAction]:
        """The legal ids of the seat to act and the move each plays."""
        if self._legal is None:
            assert self.game is not None
            best: Dict[int, Tuple[int, RummyAction]] = {}
            for mv in self.game.legal_moves():
                i = action_id(mv)
                cost = bin(int(mv._raw.meld.jokers)).count("1")
                if i not in best or cost < best[i][0]:
                    best[i] = (cost, mv)
            self._legal = {i: mv for i, (_, mv) in best.items()}
        return self._legal

    def to_act(self) -> List[int]:
        """The seat to act, in a list (empty once over)."""
        if self.over or self.game is None:
            return []
        return [self.game.turn]

    def observation(self, seat: int) -> Tuple[Array, Array]:
        """observe()'s observation and mask of `seat` in new arrays."""
        obs = np.empty(self.obs_size, dtype=np.float32)
        mask = np.empty(NUM_ACTIONS, dtype=np.int8)
        self.observe(seat, obs, mask)
        return obs, mask

    def observe(self, seat: int, obs: Array, mask: Array) -> None:
        """Write seat's observation (module text) and mask (all 0 unless he acts)."""
        assert self.game is not None
        obs[:] = 0
        mask[:] = 0
        if not self.over and self.game.turn == seat:
            for i in self.legal():
                mask[i] = 1
        v = self.game.view(seat)
        _hand(obs, 0, v.hand.once, v.hand.twice)
        obs[104:104 + min(v.hand.jokers, 8)] = 1
        if v.taken != GR_NO_CARD:
            obs[112 + v.taken] = 1
        if v.ndiscards:
            obs[165 + v.discards[v.ndiscards - 1]] = 1
        once = twice = 0
        jokers = 0
        for i in range(v.ndiscards):
            c = v.discards[i]
            if c == JOKER:
                jokers += 1
            elif once >> c & 1:
                twice |= 1 << c
            else:
                once |= 1 << c
        _hand(obs, 218, once, twice)
        obs[322] = min(jokers / 8, 1.0)
        once = twice = named = 0
        for i in range(v.nmelds):
            m = v.melds[i]
            twice |= once & m.cards
            once |= m.cards
            named |= m.jokers
        _hand(obs, 323, once, twice)
        _bits(obs, 427, named)
        if v.phase == 1:
            obs[479] = 1
        elif v.phase == 2:
            obs[480] = 1
        obs[481] = v.stock_size / self.ncards
        obs[482] = min(v.turnovers / 10, 1.0)
        n = self.players
        obs[483 + (v.dealer - seat) % n] = 1
        if self.match is not None:
            sc = self.match.score()
            target = max(1, self.rules["target"])
            for k in range(n):
                obs[490 + (k - seat) % n] = min(sc.total[k] / target, 1.0)
        for j in range(1, n):
            s = (seat + j) % n
            base = BASE_OBS + OTHER_OBS * (j - 1)
            obs[base] = min(v.counts[s] / 30, 1.0)
            _bits(obs, base + 1, v.known[s].once)
            obs[base + 53] = min(v.known[s].jokers / 8, 1.0)

    def step(self, seat: int, action: int) -> List[float]:
        """Play id `action` for `seat`; each seat's reward.  Nothing changes
        when it is refused: WrongState when the episode is over or `seat`
        is not to act (as the library's gr_rummy_game_play_as, GR_ESTATE),
        IllegalMove when the action is not legal."""
        assert self.game is not None
        if self.over:
            raise WrongState(GR_ESTATE, "the episode is over", lib.GR_REASON_HAND_OVER)
        if self.game.turn != seat:
            raise WrongState(GR_ESTATE, f"player_{seat} is not to act",
                             lib.GR_REASON_NOT_YOUR_TURN)
        mv = self.legal().get(action)
        if mv is None:
            raise IllegalMove(-3, f"action {action} ({_safe_describe(action)}) is not legal")
        self.game.play(mv)
        self._legal = None
        rewards = [0.0] * self.players
        if self.game.over:
            res = self.game.result()
            if self.episode == "hand":
                self.over = True
                if res.outcome == 1:
                    for s in range(self.players):
                        rewards[s] = float(res.score[s]) if s == res.winner \
                            else -float(res.left_points[s])
            else:
                assert self.match is not None
                self.match.record(res)
                if self.match.over:
                    self.over = True
                    sc = self.match.score()
                    tot = [sc.total[s] for s in range(self.players)]
                    for s in range(self.players):
                        rewards[s] = tot[s] - (sum(tot) - tot[s]) / (self.players - 1)
                else:
                    self.game = self.match.deal()
        return rewards

    def truncated(self) -> bool:
        """Never: a Rummy hand ends by going out or void (R6, R7)."""
        return False

    def render(self, seat: Optional[int]) -> str:
        """The view of `seat`: his hand, the table, the pile, the stock, the counts, the scores."""
        assert self.game is not None
        if seat is None:
            seat = self.game.turn if not self.over else 0
        g = self.game
        hand = g.hand(seat)
        lines = [f"player_{seat}: {hand}  (value {hand.points()})"]
        melds = g.melds()
        lines.append("table: " + (" | ".join(str(m) for m in melds) if melds else "no melds"))
        pile = g.discards()
        from .rummy_hand import rummy_card_text
        top = rummy_card_text(pile[-1]) if pile else "-"
        lines.append(f"pile top {top} ({_count(len(pile), 'card')}), "
                     f"stock {len(g.stock())}")
        counts = ", ".join(f"player_{s} {len(g.hand(s))}" for s in range(self.players))
        lines.append(f"cards held: {counts}; to act: " +
                     (f"player_{g.turn}" if not self.over else "nobody (over)"))
        if self.match is not None:
            sc = self.match.score()
            lines.append("scores: " + ", ".join(f"player_{s} {sc.total[s]}"
                                                for s in range(self.players)))
        return "\n".join(lines)


def _count(n: int, noun: str) -> str:
    """"1 card", "2 cards"."""
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _bits(obs: Array, base: int, mask: int) -> None:
    while mask:
        low = mask & -mask
        obs[base + low.bit_length() - 1] = 1
        mask ^= low


def _hand(obs: Array, base: int, once: int, twice: int) -> None:
    _bits(obs, base, once)
    _bits(obs, base + 52, twice)


def _safe_describe(action: int) -> str:
    try:
        return describe(action)
    except ValueError:
        return "unknown"


class RummyBot:
    """A library Rummy bot ("random", "greedy") playing a seat of
    RummyTable: its move, as an id."""

    def __init__(self, kind: str = "greedy", seed: int = 0):
        self.kind = kind
        self.bot = _LibBot(kind, seed=seed)

    def act(self, table: RummyTable, seat: int) -> int:
        """The bot's action id for `seat`, who must be to act."""
        assert table.game is not None
        mv = self.bot.choose(table.game.view(seat))
        i = action_id(mv)
        if i not in table.legal():      # pragma: no cover - the bot plays legal moves
            i = min(table.legal())
        return i
