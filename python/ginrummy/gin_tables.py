"""Gin for 2, 3 or 4 players as seats at tables of 2-player hands (G40),
with OpenSpiel's action ids and observation at each table: the engine of
the PettingZoo and Gymnasium environments (``ginrummy.pettingzoo``,
``ginrummy.gymnasium``), without depending on either.

Seats and tables.  With 2 players and ``episode="hand"`` a hand is dealt as
OpenSpiel deals it: seat 0 is the non-dealer and acts first, seat 1 deals.
Otherwise a library ``Match`` of 2, 3 or 4 players decides who plays: 3
players, the dealer sits out (G40); 4 players, two tables at once, seats 0
and 2 against 1 and 3 (partners share rewards).  At every table the
non-dealer is the table's player 0 in OpenSpiel's terms.

Actions (241, OpenSpiel's gin_rummy ids; ``ginrummy.env`` has the table):
0..51 a card (a discard, the knock's discard, a layoff), 52 draw the upcard,
53 draw the stock, 54 pass, 55 knock, 56..240 lay a meld.  One library move
is one action, but a knock is several: 55, the discard, each meld, 54 (and
then the defender's layoffs, 54, his melds, 54).  ``move_to_actions`` and
``actions_to_move`` convert both ways.

Observation of a seat: OpenSpiel's 644 floats for his table (``OBS_LAYOUT``
of ``ginrummy.env``); with 2 players and ``episode="hand"`` exactly that.
Otherwise 9 more: [644, 648) his seat (one-hot), 648 1 while he plays at a
table (0 sitting out, G40), [649, 653) each side's match total divided by
the target (sides: players, or teams 0-2 and 1-3).

Rewards.  ``episode="hand"``: when a table's hand ends, its winner gets the
hand points and the loser loses them (with 4 players both partners of a
side: a deal's two tables net as G40 says).  ``episode="match"``: the whole
match is the episode, and at its end each player gets his side's total
minus the mean of the other sides' totals (zero-sum; Hollywood, G35, sums
its three games); nothing before.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np

from ._lib import ffi, lib, GR_ESTATE, GR_NCARDS
from .cards import Card, Cards
from .game import Game
from .match import Match
from .moves import Move, MoveType
from .rules import Rules, as_rules
from .settle import Outcome
from .encoding import (DRAW_STOCK, DRAW_UPCARD, KNOCK, MELD_BASE, NUM_ACTIONS, OBS_SIZE, PASS,
                  action_to_string, card_from_openspiel, card_to_openspiel, meld_cards,
                  meld_id)
from ._rlbase import Array
from ._handle import serialize
from .errors import IllegalMove, WrongState, check
from .seeding import STREAMS, derive_seed

EXTRA_SIZE = 9


def rules_for(rules: Union[Rules, str, None], players: int, opts: Dict[str, int]) -> Rules:
    """The rules of an environment: a preset name, a Rules (copied) or None
    (OPENSPIEL with 2 players, STANDARD with 3 or 4), then `opts`."""
    if rules is None:
        rules = "openspiel" if players == 2 else "standard"
    r = as_rules(rules) if isinstance(rules, str) else rules.copy()
    for k, v in opts.items():
        r[k] = v
    return r


def move_to_actions(move: Move, arrangement: Optional[Sequence[Cards]] = None) -> List[int]:
    """The action ids of a library move: one for a draw, pass or discard;
    for a knock or gin 55, the discard, then one meld action per meld of
    `arrangement` (the melds shown; none given: only 55 and the discard)
    and 54."""
    t = move.type
    if t in (MoveType.TAKE_UPCARD, MoveType.DRAW_DISCARD):
        return [DRAW_UPCARD]
    if t == MoveType.DRAW_STOCK:
        return [DRAW_STOCK]
    if t == MoveType.PASS:
        return [PASS]
    if t in (MoveType.DISCARD, MoveType.KNOCK, MoveType.GIN) and move.card is None:
        raise ValueError(f"{move} names no card")
    if t == MoveType.DISCARD:
        assert move.card is not None
        return [card_to_openspiel(move.card)]
    if t in (MoveType.KNOCK, MoveType.GIN):
        assert move.card is not None
        out = [KNOCK, card_to_openspiel(move.card)]
        if arrangement is not None:
            out += [MELD_BASE + meld_id(Cards(m)) for m in arrangement] + [PASS]
        return out
    raise ValueError(f"{move} has no OpenSpiel action (big gin)")


def actions_to_move(actions: Sequence[int]) -> Tuple[Move, List[Cards]]:
    """The library move that actions begin with, and the melds shown after
    a knock: ``[53]`` is a stock draw, ``[55, card, melds.., 54]`` a knock
    (a gin when the melds leave no deadwood is still KNOCK here: the
    library settles it as gin).  ValueError for ids that begin no move."""
    if not actions:
        raise ValueError("no action")
    a = int(actions[0])
    if a == DRAW_UPCARD:
        return Move(MoveType.DRAW_DISCARD), []
    if a == DRAW_STOCK:
        return Move(MoveType.DRAW_STOCK), []
    if a == PASS:
        return Move(MoveType.PASS), []
    if 0 <= a < 52:
        return Move(MoveType.DISCARD, card_from_openspiel(a)), []
    if a == KNOCK and len(actions) >= 2 and 0 <= int(actions[1]) < 52:
        melds = [meld_cards(int(x) - MELD_BASE) for x in actions[2:]
                 if MELD_BASE <= int(x) < NUM_ACTIONS]
        return Move(MoveType.KNOCK, card_from_openspiel(int(actions[1]))), melds
    raise ValueError(f"actions {list(actions)} begin no library move")


class _Table:
    """One 2-player hand in a C environment; seats[e] plays as the
    environment's (OpenSpiel's) player e, seats[0] the non-dealer.  The
    observation and mask the last step wrote (of environment player
    `cached`) are kept for the next observe."""
    __slots__ = ("p", "seats", "match_dealer", "over", "player", "cached", "obs", "mask",
                 "out", "ptrs")

    def __init__(self, rules: Rules):
        out = ffi.new("gr_env **")
        with rules._lock:
            check(lib.gr_env_new(out, rules._live()), "environment")
        self.p: Any = out[0]
        self.seats = (0, 1)
        self.match_dealer = 1
        self.over = True
        self.player = -1
        self.cached = -1
        self.obs = np.zeros(OBS_SIZE, dtype=np.float32)
        self.mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        self.out = ffi.new("int[5]")
        self.ptrs = (ffi.from_buffer("float[]", self.obs), ffi.from_buffer("uint8_t[]", self.mask),
                     self.out)

    def started(self) -> None:
        self.over = False
        self.player = int(lib.gr_env_player(self.p))
        self.cached = -1

    def free(self) -> None:
        """Free the C environment (once)."""
        p, self.p = self.p, None
        if p is not None:
            lib.gr_env_free(p)


class GinTables:
    """The seats and tables of one episode of Gin (see the module text)."""

    def __init__(self, players: int = 2, rules: Union[Rules, str, None] = None,
                 episode: str = "hand", **options: int):
        if players not in (2, 3, 4) or isinstance(players, bool):
            raise ValueError("Gin is played by 2, 3 or 4 players")
        if episode not in ("hand", "match"):
            raise ValueError("episode is 'hand' or 'match'")
        self.players = players
        self.episode = episode
        self.rules = rules_for(rules, players, options)
        self.openspiel_shape = players == 2 and episode == "hand"
        self.obs_size = OBS_SIZE if self.openspiel_shape else OBS_SIZE + EXTRA_SIZE
        self.num_actions = NUM_ACTIONS
        self.ntables = 2 if players == 4 else 1
        self.tables = [_Table(self.rules) for _ in range(self.ntables)]
        self.match: Optional[Match] = None
        self.sides = players if players < 4 else 2
        self.seat_table: List[int] = [-1] * players   # table of each seat, -1 out
        self.seat_env: List[int] = [0] * players      # his player there
        self.over = True
        self.last_rewards = [0.0] * players
        self._mask = np.zeros(NUM_ACTIONS, dtype=np.uint8)
        self._status = ffi.new("int[2]")
        self._term, self._trunc = ffi.new("int *"), ffi.new("int *")

    def close(self) -> None:
        """Free the tables' C environments."""
        for t in getattr(self, "tables", []):
            t.free()

    __del__ = close

    # ---- dealing -----------------------------------------------------------------

    def reset(self, seed: int, index: int) -> None:
        """Deal episode `index` of a run seeded `seed`."""
        self.last_rewards = [0.0] * self.players
        if self.openspiel_shape:
            t = self.tables[0]
            check(lib.gr_env_reset(t.p, derive_seed(seed, STREAMS["hand"], index)), "reset")
            t.seats = (0, 1)
            t.started()
            self.seat_table, self.seat_env = [0, 0], [0, 1]
            self.over = False
            return
        self.match = Match(self.rules, seed=derive_seed(seed, STREAMS["match"], index),
                           players=self.players)
        self._deal()

    def _deal(self) -> None:
        assert self.match is not None
        self.seat_table = [-1] * self.players
        for i, t in enumerate(self.tables):
            tab = self.match.table(i)
            g = self.match.deal_table(i)
            deck_line = next(x for x in g.save().splitlines() if x.startswith("deck "))
            deck = ffi.new("gr_card[]", [int(Card(c)) for c in deck_line.split()[1:]])
            assert len(deck) == GR_NCARDS
            check(lib.gr_env_reset_deck(t.p, deck), "reset")
            # the environment's player 0 is the non-dealer: the game's
            # player 1 - dealer
            nd = 1 - tab.dealer
            t.seats = (tab.seats[nd], tab.seats[1 - nd])
            t.match_dealer = tab.dealer
            t.started()
            for e, s in enumerate(t.seats):
                self.seat_table[s], self.seat_env[s] = i, e
        self.over = False

    # ---- queries -------------------------------------------------------------

    def to_act(self) -> List[int]:
        """The seats to act now, one per table still playing, table order."""
        return [t.seats[t.player] for t in self.tables if t.player >= 0]

    def seat_to_act(self, seat: int) -> bool:
        """Whether `seat` is to act now."""
        ti = self.seat_table[seat]
        return ti >= 0 and self.tables[ti].player == self.seat_env[seat]

    def observe(self, seat: int, obs: Array, mask: Array) -> None:
        """Write seat's observation into obs (float32, obs_size) and his
        action mask into mask (int8 or uint8, 241; all 0 unless he acts)."""
        ti = self.seat_table[seat]
        if ti >= 0:
            t = self.tables[ti]
            e = self.seat_env[seat]
            if t.cached == e:
                obs[:OBS_SIZE] = t.obs
                mask[:] = t.mask
            else:
                check(lib.gr_env_observe(t.p, e, ffi.from_buffer("float[]", obs)), "observe")
                if t.player == e:
                    lib.gr_env_legal(t.p, ffi.from_buffer("uint8_t[]", mask))
                else:
                    mask[:] = 0
        else:
            obs[:OBS_SIZE] = 0
            mask[:] = 0
        if not self.openspiel_shape:
            x = obs[OBS_SIZE:]
            x[:] = 0
            x[seat] = 1
            x[4] = 1.0 if ti >= 0 else 0.0
            if self.match is not None:
                st = self.match.standing()
                target = max(1, self.rules["team_target" if self.players == 4 else "target"])
                for s in range(st.nsides):
                    x[5 + s] = min(st.total[s] / target, 1.0)

    def observation(self, seat: int) -> Tuple[Array, Array]:
        """observe()'s observation and mask of `seat` in new arrays (copies
        of the ones the last step wrote, when it wrote his)."""
        if self.openspiel_shape:
            t = self.tables[0]
            if t.cached == seat:
                return t.obs.copy(), t.mask.copy()
        obs = np.empty(self.obs_size, dtype=np.float32)
        mask = np.empty(NUM_ACTIONS, dtype=np.int8)
        self.observe(seat, obs, mask)
        return obs, mask

    def legal(self, seat: int) -> List[int]:
        """The legal action ids of `seat` (empty while he waits)."""
        self.observe(seat, np.zeros(self.obs_size, np.float32), self._mask)
        return [int(a) for a in np.flatnonzero(self._mask)]

    def side(self, seat: int) -> int:
        """The side of a seat: himself, or his team with 4 players."""
        return seat % 2 if self.players == 4 else seat

    def game(self, seat: int) -> Optional[Game]:
        """A copy of the library game at seat's table (None sitting out)."""
        ti = self.seat_table[seat]
        if ti < 0:
            return None
        p = lib.gr_env_game(self.tables[ti].p)
        out = ffi.new("gr_game **")
        check(lib.gr_game_clone(out, p), "clone")
        return Game._wrap(out[0])

    # ---- playing -------------------------------------------------------------

    def step(self, seat: int, action: int) -> List[float]:
        """Play `action` for `seat` (who must be to act): WrongState when he
        is not (as the library's gr_game_play_as, GR_ESTATE), IllegalMove
        when the action is not legal (InvalidArgument for an id outside
        0..240, as the library's gr_env_step); nothing changes then.  Returns each seat's reward
        for this step; ``over`` is then whether the episode ended."""
        ti = self.seat_table[seat]
        t = self.tables[ti]
        if ti < 0 or t.player != self.seat_env[seat]:
            raise WrongState(GR_ESTATE, f"player_{seat} is not to act",
                             lib.GR_REASON_NOT_YOUR_TURN)
        rc = lib.gr_env_step_observe(t.p, action, *t.ptrs)
        if rc < 0:
            check(rc, f"action {action}")
        p = t.out[0]
        t.player = p
        t.cached = p if p >= 0 else self.seat_env[seat]
        rewards = [0.0] * self.players
        if p < 0:
            t.over = True
            if self.episode == "hand":
                for e in (0, 1):
                    r = float(t.out[3 + e])
                    for s in range(self.players):
                        if self.side(s) == self.side(t.seats[e]):
                            rewards[s] += r
            if self.match is not None:
                self._record(ti)
            if all(x.over for x in self.tables):
                self._end_of_deal(rewards)
        self.last_rewards = rewards
        return rewards

    def _record(self, ti: int) -> None:
        """Record table ti's hand in the match, in the match's orientation
        (its game player `dealer` deals; the environment's player 1 does)."""
        assert self.match is not None
        t = self.tables[ti]
        r = ffi.new("gr_hand_result *")
        if lib.gr_game_result(lib.gr_env_game(t.p), r) != 0:
            r = ffi.new("gr_hand_result *")                 # truncated: void
            r.outcome, r.knocker, r.winner = int(Outcome.VOID), -1, -1
        elif t.match_dealer != 1:
            r.knocker = 1 - r.knocker if r.knocker >= 0 else r.knocker
            r.winner = 1 - r.winner if r.winner >= 0 else r.winner
        with self.match._lock:
            check(lib.gr_match_record_table(self.match._live(), ti, r), "record")

    def _end_of_deal(self, rewards: List[float]) -> None:
        if self.match is None or self.episode == "hand":
            self.over = True
            return
        st = self.match.standing()
        if not st.over:
            self._deal()
            return
        self.over = True
        for s in range(self.players):
            mine = st.total[self.side(s)]
            others = [st.total[k] for k in range(st.nsides) if k != self.side(s)]
            rewards[s] += float(mine - sum(others) / len(others))

    def truncated(self) -> bool:
        """Whether the episode ended by OpenSpiel's upcard limit (2-player
        hands only)."""
        if not self.openspiel_shape:
            return False
        return bool(self.tables[0].out[2]) and self.tables[0].over

    # ---- text ----------------------------------------------------------------

    def render(self, seat: Optional[int]) -> str:
        """The view of `seat` (the first to act when None): his hand and
        deadwood, the melds laid, the pile's top, the stock, the scores."""
        if seat is None:
            acting = self.to_act()
            seat = acting[0] if acting else 0
        lines = []
        g = self.game(seat)
        if g is None:
            lines.append(f"player_{seat} sits out this hand")
        else:
            v = g.view(self.seat_env[seat] if self.openspiel_shape else
                       self._game_player(seat))
            up = g.upcard
            top = g.discards[-1] if g.discards else None
            lines.append(f"player_{seat}: {Cards(v.hand)}  deadwood "
                         f"{_deadwood(v.hand)}")
            lines.append(f"pile top {top if top is not None else '-'}"
                         f"{' (upcard ' + str(up) + ')' if up is not None else ''}, "
                         f"stock {g.stock_size}, knock limit {g.knock_limit}")
            ti = self.seat_table[seat]
            t = self.tables[ti]
            seats = " v ".join(f"player_{s}" for s in t.seats)
            lines.append(f"table {ti}: {seats}; to act: " +
                         (f"player_{t.seats[lib.gr_env_player(t.p)]}"
                          if lib.gr_env_player(t.p) >= 0 else "nobody (over)"))
        if self.match is not None:
            st = self.match.standing()
            lines.append("scores: " + ", ".join(
                f"{_side_name(self.players, k)} {st.total[k]}" for k in range(st.nsides)))
        return "\n".join(lines)

    def _game_player(self, seat: int) -> int:
        ti = self.seat_table[seat]
        e = self.seat_env[seat]
        return e if self.tables[ti].match_dealer == 1 else 1 - e


def _deadwood(hand: Any) -> int:
    from .melds import deadwood
    c = Cards(hand)
    return deadwood(c) if len(c) <= 11 else -1


def _side_name(players: int, side: int) -> str:
    if players == 4:
        return "team 0-2" if side == 0 else "team 1-3"
    return f"player_{side}"


def describe_action(action: int) -> str:
    """A readable name of an action id."""
    return action_to_string(action)


def _split_run(meld: Cards) -> List[Cards]:
    """A meld as OpenSpiel's meld ids have it: runs of 3-5 cards (a longer
    run in pieces of 3 to 5), sets as they are."""
    cards = sorted(int(c) for c in meld)
    out: List[Cards] = []
    while len(cards) > 5:
        k = 5 if len(cards) - 5 >= 3 else len(cards) - 3
        out.append(Cards(cards[:k]))
        cards = cards[k:]
    out.append(Cards(cards))
    return out


class GinBot:
    """A library bot ("random", "greedy", "expert") playing a seat of
    GinTables in OpenSpiel's actions: its library move becomes actions
    (a knock: 55 then the discard), and OpenSpiel's lay-down is played from
    the library's arrangement of the cards held (melds of 3-5 cards) and,
    defending, its best layoffs (gr_lay_off)."""

    def __init__(self, kind: str = "greedy", seed: int = 0):
        from .bot import Bot
        self.kind = kind
        self.bot = Bot(kind, seed=seed)
        self.pending: List[int] = []
        self._obs = np.zeros(OBS_SIZE + EXTRA_SIZE, dtype=np.float32)
        self._mask = np.zeros(NUM_ACTIONS, dtype=np.uint8)

    def act(self, tables: GinTables, seat: int) -> int:
        """The bot's action id for `seat`, who must be to act."""
        from .melds import Arrangement, arrange, lay_off
        obs = self._obs[:tables.obs_size]
        tables.observe(seat, obs, self._mask)
        legal = set(int(a) for a in np.flatnonzero(self._mask))
        if not legal:
            raise WrongState(GR_ESTATE, f"player_{seat} is not to act",
                             lib.GR_REASON_NOT_YOUR_TURN)
        while self.pending:
            a = self.pending.pop(0)
            if a in legal:
                return a
        self.pending = []
        e = tables.seat_env[seat]
        melds_legal = any(a >= MELD_BASE for a in legal)
        if melds_legal or legal == {PASS}:
            held = Cards([card_from_openspiel(i) for i in
                          np.flatnonzero(obs[2 + 52 * e:2 + 52 * (e + 1)])])
            for m in arrange(held).melds:
                for piece in _split_run(m):
                    a = MELD_BASE + meld_id(piece)
                    if a in legal:
                        return a
            return PASS if PASS in legal else min(legal)
        if PASS in legal and any(a < 52 for a in legal):       # laying off
            k = 1 - e
            base = 274 + 185 * k
            melds = [meld_cards(int(i)) for i in np.flatnonzero(obs[base:base + 185])]
            held = Cards([card_from_openspiel(i) for i in
                          np.flatnonzero(obs[2 + 52 * e:2 + 52 * (e + 1)])])
            plan = lay_off(Arrangement.of(melds), held).laid_off
            for c in plan:
                a = card_to_openspiel(c)
                if a in legal:
                    return a
            return PASS
        g = tables.game(seat)
        assert g is not None
        move = self.bot.choose((g, e))
        try:
            acts = move_to_actions(move)
        except ValueError:      # big gin: no OpenSpiel action; knock instead
            acts = [KNOCK]
        if acts[0] in legal:
            self.pending = acts[1:]
            return acts[0]
        return min(legal)


# one thread at a time per GinTables (close waits for a step in progress)
serialize(GinTables, ("reset", "to_act", "seat_to_act", "observe", "legal", "game",
                      "step", "truncated", "render", "close"),
          closed=lambda t: any(tb.p is None for tb in t.tables))
