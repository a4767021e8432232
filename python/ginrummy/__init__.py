"""ginrummy: Python binding of libginrummy, a rules engine for Gin Rummy,
and the game as a reinforcement-learning environment.

Pure Python over ctypes: the C library ``libginrummy.so.0`` is loaded from
``$GINRUMMY_LIBRARY``, next to this package, or through the linker's path.

>>> import ginrummy as gr
>>> gr.deadwood("AS 2S 3S 7H 8D")
15
"""
from .cards import Card, Cards, as_cards
from .errors import GinRummyError, IllegalMove, InvalidArgument, ParseError, WrongState
from .core import (Arrangement, Bot, BOTS, Game, HandResult, Layoff, Match, Move, MoveType,
                   Outcome, Phase, PRESETS, Rules, Score, Standing, Table, View, arrange, best_discard,
                   deadwood, lay_off, layoff_check, options, settle, settle_illegal_knock, version,
                   version_number)

from . import rummy   # basic Rummy (rummy.AVAILABLE when the library has it)
from . import extra   # the rest of the API, as methods of the classes above
from .extra import (EXCLUDED, KnockAdvice, LegalMasks, Position, RummyPlan, RummyPlanMove,
                    TakeAdvice, advise_knock, advise_take, arrangement_check, arrangements,
                    best_discard_except, format_move, layoff_build, layoff_check_ex,
                    layoff_targets, parse_card, parse_cards, parse_move, settle_ex,
                    cards_count, reason_status)

__version__ = version()

__all__ = ["Card", "Cards", "as_cards", "GinRummyError", "IllegalMove", "InvalidArgument",
           "ParseError", "WrongState", "Arrangement", "Bot", "BOTS", "Game", "HandResult",
           "Layoff", "Match", "Move", "MoveType", "Outcome", "Phase", "PRESETS", "Rules",
           "Score", "Standing", "Table", "View", "arrange", "best_discard", "deadwood", "lay_off", "layoff_check",
           "options", "settle", "settle_illegal_knock", "version", "version_number", "GinRummyEnv", "VecGinRummyEnv",
           "EXCLUDED", "KnockAdvice", "LegalMasks", "Position", "RummyPlan", "RummyPlanMove",
           "TakeAdvice", "advise_knock", "advise_take", "arrangement_check", "arrangements",
           "best_discard_except", "format_move", "layoff_build", "layoff_check_ex",
           "layoff_targets", "parse_card", "parse_cards", "parse_move", "settle_ex",
           "cards_count", "reason_status"]


def __getattr__(name: str):
    # the environment needs numpy: imported on first use
    if name in ("GinRummyEnv", "VecGinRummyEnv", "env"):
        import importlib
        env = importlib.import_module(__name__ + ".env")
        return env if name == "env" else getattr(env, name)
    raise AttributeError(name)
