"""The encodings of the reinforcement-learning environments: OpenSpiel's
``gin_rummy`` action ids and 644-float observation tensor, the spaces,
and the differences from OpenSpiel.

Actions (241):

==========  ==========================================================
0..51       a card, in OpenSpiel's order: id = suit * 13 + rank with
            suits spades, clubs, diamonds, hearts (``card_to_openspiel``)
            -- a discard, the knocker's discard, or a card laid off
52          draw the upcard (also: take the first upcard)
53          draw from the stock
54          pass (the first upcard; the end of laying melds or layoffs;
            at the wall)
55          knock (then: a discard, melds one by one, pass)
56..240     lay meld 0..184 (``meld_cards``): 65 sets (rank * 5 + the
            OpenSpiel suit missing, or + 4 for all four), then runs of 3,
            4 and 5 cards by OpenSpiel suit and lowest rank
==========  ==========================================================

Observation of a player (644 floats, 0 or 1):

===========  =============================================================
[0, 2)       the observing player (one-hot)
[2, 106)     hands, 2 x 52: only the observer's own row is filled (cards
             not yet laid down)
[106, 108)   the player to act (one-hot)
[108, 118)   the knock limit (first ``limit`` entries 1)
[118, 170)   the upcard, while it may be drawn
[170, 222)   the discard pile without the upcard
[222, 274)   the stock size (first ``stock`` entries 1)
[274, 459)   melds laid by player 0 (by meld id)
[459, 644)   melds laid by player 1
===========  =============================================================

``OBS_LAYOUT`` has these ranges by name; an observation decoded into
cards:

>>> import ginrummy
>>> env = ginrummy.GinRummyEnv(seed=1)
>>> obs, info = env.reset()
>>> def cards(name, row=0):
...     lo, hi = OBS_LAYOUT[name]
...     bits = obs[lo:hi].reshape(-1, 52)[row]
...     return Cards(card_from_openspiel(i) for i in bits.nonzero()[0])
>>> me = int(obs[0:2].argmax())                   # the observing player
>>> str(cards("hands", me)), str(cards("upcard")), int(obs[222:274].sum())
('4C 8C 9C QD 2H 4H 5H 6H QH JS', '2D', 31)
>>> str(env.game.hand(me))                        # the library agrees
'4C 8C 9C QD 2H 4H 5H 6H QH JS'
>>> [action_to_string(a) for a in info["action_mask"].nonzero()[0]]
['draw upcard', 'pass']

Player 0 is the non-dealer and acts first, as in OpenSpiel.  A knock is
OpenSpiel's sequence: ``55`` (knock), the discard (a card id), the melds
(one action each, any order), ``54`` (pass); then the defender lays off
cards (card ids), ``54``, lays melds, ``54``.  The hand is then settled by
the library (gr_game_knock/gr_game_defend with the cards laid), so the
rewards are the library's scores for exactly those choices.

At the wall (G38, OpenSpiel's ``Wall`` phase: the discard that left 2
cards in the stock) the actions are ``55`` (take it and knock) and ``54``
(pass: the hand is void).  With ``rules="openspiel"`` (the library's
OPENSPIEL preset) the same actions from the same deal give OpenSpiel's
scores; the differences that remain are listed in ``DIFFERENCES``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Dict, NamedTuple, Tuple, Union

from ._lib import ffi, lib, ENV_NUM_ACTIONS, ENV_OBS_SIZE
from .cards import Card, Cards, CardLike
from .errors import c_integer, check
from .rules import Rules

try:
    import numpy as np
except ImportError:  # pragma: no cover - numpy is optional for the binding
    np = None  # type: ignore[assignment]

if TYPE_CHECKING:
    import numpy.typing as npt
    #: a numpy array, as the environments take and return them
    Array = npt.NDArray[Any]

__all__ = ["np", "NUM_ACTIONS", "OBS_SIZE", "DRAW_UPCARD", "DRAW_STOCK", "PASS", "KNOCK",
           "MELD_BASE", "OBS_LAYOUT", "DIFFERENCES", "openspiel_rules", "card_to_openspiel",
           "card_from_openspiel", "meld_cards", "meld_id", "action_to_string", "rules_for",
           "Space", "OBSERVATION_SPACE", "ACTION_SPACE", "need_numpy"]

NUM_ACTIONS = ENV_NUM_ACTIONS
OBS_SIZE = ENV_OBS_SIZE
DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK, MELD_BASE = 52, 53, 54, 55, 56

#: where each part of the observation starts and ends
OBS_LAYOUT = {"player": (0, 2), "hands": (2, 106), "current_player": (106, 108),
              "knock_limit": (108, 118), "upcard": (118, 170),
              "discard_pile": (170, 222), "stock_size": (222, 274),
              "melds_player_0": (274, 459), "melds_player_1": (459, 644)}

DIFFERENCES = """\
- G11: the card just taken from the pile (also the upcard taken at the wall)
  may not be discarded, nor be the knock discard; OpenSpiel allows it (and
  declares a hand where both players do so in turn a draw).
- Layoffs chain to any depth along a run (G17); OpenSpiel's AllLayoffs
  extends a run by at most two cards at each end.
- Deadwood is exact: OpenSpiel's MinDeadwood for 11 cards drops the
  highest-ranked deadwood card of the first best meld group it finds, which
  can overstate the least deadwood after a discard, so its knock (55) can be
  missing where the library offers it.
- G33 (Oklahoma, ``oklahoma=1``): OpenSpiel's knock card is the upcard's
  value (an ace: gin only) whatever its knock_card parameter; here it is
  the lower of that and the knock limit option (the same at the preset's
  10).  Neither doubles a hand under this preset: OpenSpiel never doubles,
  and the preset sets ``oklahoma_ace_doubles=0`` (the other presets double
  an ace upcard's hand, as G33 says).
- OpenSpiel's limit of 50 upcard draws ends the hand as truncated here
  (OpenSpiel: terminal with 0 each).
- A deal: OpenSpiel deals card by card as chance actions; here a hand is
  dealt by a seed or a stacked deck (reset(options={"deck": ...})), player
  0 being the non-dealer (deck[0, 2, .., 18]).
"""


def openspiel_rules() -> Rules:
    """OpenSpiel's gin_rummy rules (the library's OPENSPIEL preset)."""
    return Rules("openspiel")


def card_to_openspiel(card: CardLike) -> int:
    """OpenSpiel's id of a card."""
    return check(lib.gr_env_card_to_openspiel(int(Card(card))))


def card_from_openspiel(i: int) -> Card:
    """The card of OpenSpiel id `i`."""
    return Card(check(lib.gr_env_card_from_openspiel(c_integer(i, "OpenSpiel card id"))))


def meld_cards(meld_id: int) -> Cards:
    """The cards of OpenSpiel meld id 0..184."""
    out = ffi.new("gr_cards *")
    check(lib.gr_env_meld_cards(c_integer(meld_id, "meld_id"), out), "meld_cards")
    return Cards(int(out[0]))


def meld_id(cards: Union[Cards, str]) -> int:
    """OpenSpiel's id of a meld (sets, runs of 3-5 cards)."""
    return check(lib.gr_env_meld_id(Cards(cards).mask), "meld_id")


def action_to_string(action: int) -> str:
    """A readable name of an action id."""
    action = c_integer(action, "action")
    if 0 <= action < 52:
        return str(card_from_openspiel(action))
    names = {DRAW_UPCARD: "draw upcard", DRAW_STOCK: "draw stock", PASS: "pass",
             KNOCK: "knock"}
    if action in names:
        return names[action]
    if MELD_BASE <= action < NUM_ACTIONS:
        return "meld " + str(meld_cards(action - MELD_BASE))
    raise ValueError(f"action {action} out of 0..{NUM_ACTIONS - 1}")


def rules_for(rules: Union[Rules, str, None], opts: Dict[str, int]) -> Rules:
    if rules is None or (isinstance(rules, str) and rules.lower() == "openspiel"):
        r = openspiel_rules()
        for k, v in opts.items():
            r[k] = v
        return r
    if isinstance(rules, str):
        return Rules(rules, **opts)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be Rules, a preset name or None, "
                        f"not {type(rules).__name__}")
    r = rules.copy()
    for k, v in opts.items():
        r[k] = v
    return r


class Space(NamedTuple):
    """A description of an observation or action space in Gymnasium's terms
    (Box: shape, dtype, low, high; Discrete: n), without depending on it."""
    kind: str
    shape: Tuple[int, ...]
    dtype: str
    low: float = 0.0
    high: float = 1.0
    n: int = 0


OBSERVATION_SPACE = Space("Box", (OBS_SIZE,), "float32", 0.0, 1.0)
ACTION_SPACE = Space("Discrete", (), "int64", 0, NUM_ACTIONS - 1, NUM_ACTIONS)


def need_numpy() -> None:
    if np is None:
        raise ImportError("the environment needs numpy (Debian: python3-numpy)")


