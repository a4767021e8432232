"""ginrummy: Python binding of libginrummy, a rules engine for Gin Rummy
and basic Rummy, and Gin as a reinforcement-learning environment.

Pure Python over cffi's ABI mode: the C library ``libginrummy.so.0`` is loaded from
``$GINRUMMY_LIBRARY``, next to this package, the directory ``make install``
put it in, or through the linker's path.  The modules follow the library's
concepts (``cards``, ``melds``, ``settle``, ``rules``, ``moves``,
``position``, ``game``, ``match``, ``bot``, ``advice``, ``rummy_hand``,
``rummy``, ``encoding``, ``env``, ``vec_env``); this package only
re-exports their public names.

>>> import ginrummy as gr
>>> gr.deadwood("AS 2S 3S 7H 8D")
15
"""
from typing import Any

from ._lib import EXCLUDED, version, version_number
from .errors import (GinRummyError, IllegalMove, IllegalMoveText, InvalidAction,
                     InvalidArgument, ParseError, WrongState, WrongStateText, reason_status)
from .cards import Card, Cards, as_cards, cards_count, parse_card, parse_cards
from .melds import (Arrangement, Layoff, arrange, arrangement_check, best_discard, deadwood,
                    lay_off, layoff_check, layoff_check_ex)
from .rules import PRESETS, OptionInfo, Rules, options
from .settle import HandResult, Outcome, settle, settle_ex, settle_illegal_knock
from .moves import Move, MoveType, Phase, format_move, parse_move
from .advice import (KnockAdvice, TakeAdvice, advise_knock, advise_take, arrangements,
                     best_discard_except, layoff_build, layoff_targets)
from .position import Position
from .game import Game, LegalMasks, View
from .match import Match, Score, Standing, Table
from .bot import BOTS, Bot
from .rummy_hand import RummyPlan, RummyPlanMove
from . import rummy   # basic Rummy: ginrummy.rummy.RummyGame, ...

__version__ = version()

__all__ = ["Card", "Cards", "as_cards", "GinRummyError", "IllegalMove", "InvalidArgument",
           "InvalidAction", "ParseError", "WrongState", "IllegalMoveText", "WrongStateText", "Arrangement", "Bot", "BOTS", "Game", "HandResult",
           "Layoff", "Match", "Move", "MoveType", "Outcome", "Phase", "PRESETS", "Rules",
           "Score", "Standing", "Table", "View", "arrange", "best_discard", "deadwood",
           "lay_off", "layoff_check", "options", "OptionInfo", "settle",
           "settle_illegal_knock", "version", "version_number", "GinRummyEnv",
           "VecGinRummyEnv", "EXCLUDED", "KnockAdvice", "LegalMasks", "Position",
           "RummyPlan", "RummyPlanMove", "TakeAdvice", "advise_knock", "advise_take",
           "arrangement_check", "arrangements", "best_discard_except", "format_move",
           "layoff_build", "layoff_check_ex", "layoff_targets", "parse_card", "parse_cards",
           "parse_move", "settle_ex", "cards_count", "reason_status", "rummy"]


def __getattr__(name: str) -> Any:
    """The environments need numpy: ``ginrummy.env`` is imported on first use."""
    if name in ("GinRummyEnv", "VecGinRummyEnv", "env"):
        import importlib
        env = importlib.import_module(__name__ + ".env")
        return env if name == "env" else getattr(env, name)
    raise AttributeError(name)
