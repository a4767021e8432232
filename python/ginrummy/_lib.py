"""Loading libginrummy.so.0 and mirroring its C declarations with ctypes.

The library is looked for, in order: the file named by the environment
variable ``GINRUMMY_LIBRARY``; ``libginrummy.so.0`` next to this package;
the library directory ``make install`` used (``_libdir.py``); then through the dynamic linker's search path (``ld.so.cache``,
``LD_LIBRARY_PATH``).  Struct layouts mirror ginrummy.h, reserved tails included, and are
checked against the sizes the library reports (``gr_struct_size``; a test
compares them all); should a library's struct be larger, it is padded at
its end to match.
"""
from __future__ import annotations

import ctypes
import ctypes.util
import os
from ctypes import (POINTER, Structure, c_char_p, c_double, c_float, c_int,
                    c_int32, c_size_t, c_uint, c_uint8, c_uint64, c_void_p)

GR_OK, GR_EINVAL, GR_ESTATE, GR_EILLEGAL, GR_ENOMEM, GR_ESPACE, GR_EPARSE = \
    0, -1, -2, -3, -4, -5, -6
GR_NCARDS = 52
GR_NO_CARD = 0xFF
GR_MAX_MELDS = 17
GR_MAX_MOVES = 34
RUMMY_JOKER = 52
RUMMY_MAX_PLAYERS = 7
RUMMY_MAX_MELDS = 37
RUMMY_MAX_CARDS = 112
RUMMY_MAX_MOVES = 120
ENV_NUM_ACTIONS = 241
ENV_OBS_SIZE = 644


def _load() -> ctypes.CDLL:
    tried = []
    path = os.environ.get("GINRUMMY_LIBRARY")
    candidates = []
    if path:
        candidates.append(path)
    here = os.path.dirname(os.path.abspath(__file__))
    candidates.append(os.path.join(here, "libginrummy.so.0"))
    try:  # written by make install: where the library went
        from ._libdir import LIBDIR  # type: ignore
        candidates.append(os.path.join(LIBDIR, "libginrummy.so.0"))
    except ImportError:
        pass
    candidates.append("libginrummy.so.0")
    found = ctypes.util.find_library("ginrummy")
    if found:
        candidates.append(found)
    for cand in candidates:
        if os.sep in cand and not os.path.exists(cand):
            tried.append(cand + " (missing)")
            continue
        try:
            return ctypes.CDLL(cand)
        except OSError as exc:
            tried.append(f"{cand} ({exc})")
    raise ImportError("cannot load libginrummy.so.0; set GINRUMMY_LIBRARY to its path. "
                      "Tried: " + "; ".join(tried))


lib = _load()

gr_card = c_uint8
gr_cards = c_uint64


def _fit(cls: type, name: str) -> type:
    """Pad struct `cls` at its end to the size the library reports."""
    want = lib.gr_struct_size(name.encode()) if hasattr(lib, "gr_struct_size") else -1
    have = ctypes.sizeof(cls)
    if want > have:
        padded = type(cls.__name__, (Structure,), {
            "_fields_": list(cls._fields_) + [("_reserved_tail", ctypes.c_char * (want - have))],
        })
        return padded
    return cls


class Arrangement_(Structure):
    _fields_ = [("nmelds", c_int), ("melds", gr_cards * GR_MAX_MELDS),
                ("deadwood", gr_cards), ("deadwood_points", c_int), ("reserved", c_int * 8)]


class Move_(Structure):
    _fields_ = [("type", c_int), ("card", gr_card), ("reserved", c_uint8 * 3)]


class Allocator_(Structure):
    _fields_ = [("malloc_fn", c_void_p), ("free_fn", c_void_p), ("ctx", c_void_p),
                ("reserved", c_void_p * 4)]


class OptionInfo_(Structure):
    _fields_ = [("option", c_int), ("name", c_char_p), ("description", c_char_p),
                ("min", c_int), ("max", c_int), ("reserved", c_int * 8)]


class Score_(Structure):
    _fields_ = [("over", c_int), ("winner", c_int), ("hands_won", c_int * 2),
                ("hand_points", c_int * 2), ("game_bonus", c_int * 2),
                ("box_bonus", c_int * 2), ("shutout_bonus", c_int * 2),
                ("total", c_int * 2), ("margin", c_int), ("hands_played", c_int),
                ("reserved", c_int * 8)]


lib.gr_struct_size.restype = c_int
lib.gr_struct_size.argtypes = [c_char_p]
Arrangement_ = _fit(Arrangement_, "gr_arrangement")
Move_ = _fit(Move_, "gr_move")
OptionInfo_ = _fit(OptionInfo_, "gr_option_info")
Score_ = _fit(Score_, "gr_score")
Allocator_ = _fit(Allocator_, "gr_allocator")


class Layoff_(Structure):
    _fields_ = [("defender", Arrangement_), ("laid_off", gr_cards), ("reserved", c_int * 8)]


Layoff_ = _fit(Layoff_, "gr_layoff")


class HandResult_(Structure):
    _fields_ = [("outcome", c_int), ("knocker", c_int), ("winner", c_int),
                ("points", c_int), ("knocker_arrangement", Arrangement_),
                ("defense", Layoff_), ("knocker_deadwood", c_int),
                ("defender_deadwood", c_int), ("multiplier", c_int), ("reserved", c_int * 8)]


HandResult_ = _fit(HandResult_, "gr_hand_result")


class View_(Structure):
    _fields_ = [("player", c_int), ("phase", c_int), ("turn", c_int), ("dealer", c_int),
                ("hand", gr_cards), ("opponent_known", gr_cards),
                ("opponent_count", c_int), ("stock_size", c_int), ("ndiscards", c_int),
                ("discards", gr_card * GR_NCARDS), ("knock_limit", c_int),
                ("nlegal", c_int), ("legal", Move_ * GR_MAX_MOVES), ("reserved", c_int * 16)]


View_ = _fit(View_, "gr_view")

class Table_(Structure):
    _fields_ = [("seats", c_int * 2), ("dealer", c_int), ("dealer_seat", c_int),
                ("recorded", c_int), ("reserved", c_int * 8)]


class Standing_(Structure):
    _fields_ = [("nsides", c_int), ("over", c_int), ("winner", c_int), ("margin", c_int),
                ("hands_played", c_int), ("hands_won", c_int * 4),
                ("hand_points", c_int * 4), ("game_bonus", c_int * 4),
                ("box_bonus", c_int * 4), ("shutout_bonus", c_int * 4),
                ("total", c_int * 4), ("reserved", c_int * 8)]


Table_ = _fit(Table_, "gr_table")
Standing_ = _fit(Standing_, "gr_standing")


# ---- Rummy

class RummyHand_(Structure):
    _fields_ = [("once", gr_cards), ("twice", gr_cards), ("jokers", c_int)]


class RummyMeld_(Structure):
    _fields_ = [("cards", gr_cards), ("jokers", gr_cards)]


class RummyArrangement_(Structure):
    _fields_ = [("nmelds", c_int), ("melds", RummyMeld_ * RUMMY_MAX_MELDS),
                ("unmelded", RummyHand_), ("unmelded_points", c_int),
                ("reserved", c_int * 8)]


class RummyAction_(Structure):
    _fields_ = [("type", c_int), ("card", gr_card), ("named", gr_card), ("target", c_int),
                ("meld", RummyMeld_), ("reserved", c_int * 4)]


class RummyResult_(Structure):
    _fields_ = [("outcome", c_int), ("winner", c_int), ("nplayers", c_int),
                ("score", c_int * RUMMY_MAX_PLAYERS), ("left_points", c_int * RUMMY_MAX_PLAYERS),
                ("cards_left", c_int * RUMMY_MAX_PLAYERS), ("left", RummyHand_ * RUMMY_MAX_PLAYERS),
                ("reserved", c_int * 8)]


class RummyView_(Structure):
    _fields_ = [("player", c_int), ("nplayers", c_int), ("dealer", c_int), ("turn", c_int),
                ("phase", c_int), ("ace_high", c_int), ("hand", RummyHand_),
                ("taken", gr_card), ("counts", c_int * RUMMY_MAX_PLAYERS),
                ("known", RummyHand_ * RUMMY_MAX_PLAYERS), ("nmelds", c_int),
                ("melds", RummyMeld_ * RUMMY_MAX_MELDS), ("owner", c_int * RUMMY_MAX_MELDS),
                ("stock_size", c_int), ("turnovers", c_int), ("ndiscards", c_int),
                ("discards", gr_card * RUMMY_MAX_CARDS), ("reserved", c_int * 16)]


class RummyScore_(Structure):
    _fields_ = [("over", c_int), ("winner", c_int), ("nplayers", c_int), ("dealer", c_int),
                ("hands_played", c_int), ("hands_won", c_int * RUMMY_MAX_PLAYERS),
                ("total", c_int * RUMMY_MAX_PLAYERS), ("reserved", c_int * 8)]




# ---- advice, positions, parse errors, playouts, Rummy plans

class ParseError_(Structure):
    _fields_ = [("offset", c_size_t), ("length", c_size_t), ("reason", c_int),
                ("line", c_int), ("reserved", c_int * 8)]


class SettleOptions_(Structure):
    _fields_ = [("knocker", c_int), ("strict", c_int), ("has_upcard", c_int),
                ("upcard", gr_card), ("reserved", c_int * 8)]


class TakeAdvice_(Structure):
    _fields_ = [("take_deadwood", c_int), ("take_discard", gr_card),
                ("draw_expected", c_double), ("draw_best", c_int), ("draw_worst", c_int),
                ("unseen", c_int), ("take", c_int), ("reserved", c_int * 8)]


class KnockAdvice_(Structure):
    _fields_ = [("arrangement", Arrangement_), ("layoffs", c_int),
                ("targets", gr_cards), ("reserved", c_int * 8)]


class Position_(Structure):
    _fields_ = [("dealer", c_int), ("turn", c_int), ("phase", c_int),
                ("hand", gr_cards * 2), ("npile", c_int), ("pile", gr_card * GR_NCARDS),
                ("nstock", c_int), ("stock", gr_card * GR_NCARDS),
                ("stock_from_seed", c_int), ("seed", c_uint64), ("taken", gr_card),
                ("pile_closed", c_int), ("known", gr_cards * 2), ("first_upcard", gr_card),
                ("turnovers", c_int), ("played", c_int), ("reserved", c_int * 8)]


class LegalMasks_(Structure):
    _fields_ = [("types", c_uint), ("top", gr_card), ("discard", gr_cards),
                ("knock", gr_cards), ("gin", gr_cards), ("reserved", c_int * 8)]


class RummyMove_(Structure):
    _fields_ = [("kind", c_int), ("meld", c_int), ("cards", RummyMeld_),
                ("reserved", c_int * 4)]


class RummyPlan_(Structure):
    _fields_ = [("value", c_int), ("nmoves", c_int), ("moves", RummyMove_ * RUMMY_MAX_MOVES),
                ("left", RummyHand_), ("reserved", c_int * 8)]



STRUCTS = {"gr_table": Table_, "gr_standing": Standing_, "gr_arrangement": Arrangement_, "gr_layoff": Layoff_,
           "gr_hand_result": HandResult_, "gr_view": View_, "gr_score": Score_,
           "gr_move": Move_, "gr_option_info": OptionInfo_, "gr_allocator": Allocator_,
           "gr_parse_error": ParseError_, "gr_settle_options": SettleOptions_,
           "gr_take_advice": TakeAdvice_, "gr_knock_advice": KnockAdvice_,
           "gr_position": Position_, "gr_legal_masks": LegalMasks_,
           "gr_rummy_move": RummyMove_, "gr_rummy_plan": RummyPlan_,
           "gr_rummy_hand": RummyHand_, "gr_rummy_meld": RummyMeld_,
           "gr_rummy_arrangement": RummyArrangement_, "gr_rummy_action": RummyAction_,
           "gr_rummy_result": RummyResult_, "gr_rummy_view": RummyView_,
           "gr_rummy_score": RummyScore_}

P = c_void_p
A = POINTER(Arrangement_)
RH = POINTER(RummyHand_)
_protos = {
    "gr_struct_size": (c_int, [c_char_p]),
    "gr_strerror": (c_char_p, [c_int]),
    "gr_version": (c_char_p, []),
    "gr_version_number": (c_int, []),
    "gr_card_points": (c_int, [gr_card]),
    "gr_card_parse": (c_int, [c_char_p, POINTER(gr_card)]),
    "gr_cards_parse": (c_int, [c_char_p, POINTER(gr_cards)]),
    "gr_card_format": (c_int, [gr_card, c_char_p, c_size_t]),
    "gr_cards_format": (c_int, [gr_cards, c_char_p, c_size_t]),
    "gr_cards_points": (c_int, [gr_cards]),
    "gr_cards_count": (c_int, [gr_cards]),
    "gr_meld_kind": (c_int, [gr_cards]),
    "gr_deadwood": (c_int, [gr_cards]),
    "gr_arrange": (c_int, [gr_cards, POINTER(Arrangement_)]),
    "gr_best_discard": (c_int, [gr_cards, POINTER(gr_card)]),
    "gr_lay_off": (c_int, [POINTER(Arrangement_), gr_cards, POINTER(Layoff_)]),
    "gr_layoff_check": (c_int, [POINTER(Arrangement_), gr_cards, POINTER(Layoff_)]),
    "gr_rules_new": (c_int, [POINTER(P), c_int]),
    "gr_rules_clone": (c_int, [POINTER(P), P]),
    "gr_rules_set": (c_int, [P, c_int, c_int]),
    "gr_rules_get": (c_int, [P, c_int, POINTER(c_int)]),
    "gr_rules_free": (None, [P]),
    "gr_option_describe": (c_int, [c_int, POINTER(OptionInfo_)]),
    "gr_option_lookup": (c_int, [c_char_p]),
    "gr_preset_lookup": (c_int, [c_char_p]),
    "gr_settle": (c_int, [P, POINTER(Arrangement_), gr_cards, POINTER(HandResult_)]),
    "gr_settle_upcard": (c_int, [P, gr_card, POINTER(Arrangement_), gr_cards,
                                 POINTER(HandResult_)]),
    "gr_settle_illegal_knock": (c_int, [P, POINTER(Arrangement_), gr_cards,
                                        POINTER(HandResult_)]),
    "gr_game_new": (c_int, [POINTER(P), P, c_uint64, c_int]),
    "gr_game_new_from_deck": (c_int, [POINTER(P), P, POINTER(gr_card), c_int]),
    "gr_game_clone": (c_int, [POINTER(P), P]),
    "gr_game_free": (None, [P]),
    "gr_game_phase": (c_int, [P]),
    "gr_game_turn": (c_int, [P]),
    "gr_game_dealer": (c_int, [P]),
    "gr_game_legal_moves": (c_int, [P, POINTER(Move_), c_size_t]),
    "gr_game_play": (c_int, [P, Move_]),
    "gr_game_knock": (c_int, [P, gr_card, POINTER(Arrangement_)]),
    "gr_game_defend": (c_int, [P, POINTER(Layoff_)]),
    "gr_game_hand": (c_int, [P, c_int, POINTER(gr_cards)]),
    "gr_game_discards": (c_int, [P, POINTER(gr_card), c_size_t]),
    "gr_game_stock_size": (c_int, [P]),
    "gr_game_upcard": (c_int, [P, POINTER(gr_card)]),
    "gr_game_knock_limit": (c_int, [P]),
    "gr_game_history": (c_int, [P, POINTER(Move_), c_size_t]),
    "gr_game_result": (c_int, [P, POINTER(HandResult_)]),
    "gr_game_view": (c_int, [P, c_int, POINTER(View_)]),
    "gr_game_save": (c_int, [P, c_char_p, c_size_t]),
    "gr_match_new": (c_int, [POINTER(P), P, c_uint64]),
    "gr_match_cut": (c_int, [P, gr_card * 2]),
    "gr_match_deal": (c_int, [P, POINTER(P)]),
    "gr_match_record": (c_int, [P, POINTER(HandResult_)]),
    "gr_match_dealer": (c_int, [P]),
    "gr_match_score": (c_int, [P, POINTER(Score_)]),
    "gr_match_free": (None, [P]),
    "gr_match_new_players": (c_int, [POINTER(P), P, c_uint64, c_int]),
    "gr_match_players": (c_int, [P]),
    "gr_match_cuts": (c_int, [P, gr_card * 4]),
    "gr_match_tables": (c_int, [P]),
    "gr_match_table": (c_int, [P, c_int, POINTER(Table_)]),
    "gr_match_deal_table": (c_int, [P, c_int, POINTER(P)]),
    "gr_match_record_table": (c_int, [P, c_int, POINTER(HandResult_)]),
    "gr_match_standing": (c_int, [P, c_int, POINTER(Standing_)]),
    "gr_bot_new": (c_int, [POINTER(P), c_int, c_uint64]),
    "gr_bot_choose": (c_int, [P, POINTER(View_), POINTER(Move_)]),
    "gr_bot_free": (None, [P]),
    "gr_bot_lookup": (c_int, [c_char_p]),
    "gr_env_card_to_openspiel": (c_int, [gr_card]),
    "gr_env_card_from_openspiel": (c_int, [c_int]),
    "gr_env_meld_cards": (c_int, [c_int, POINTER(gr_cards)]),
    "gr_env_meld_id": (c_int, [gr_cards]),
    "gr_env_new": (c_int, [POINTER(P), P]),
    "gr_env_free": (None, [P]),
    "gr_env_clone": (c_int, [POINTER(P), P]),
    "gr_env_reset": (c_int, [P, c_uint64]),
    "gr_env_reset_deck": (c_int, [P, POINTER(gr_card)]),
    "gr_env_player": (c_int, [P]),
    "gr_env_legal": (c_int, [P, c_void_p]),
    "gr_env_step": (c_int, [P, c_int]),
    "gr_env_step_observe": (c_int, [P, c_int, c_void_p, c_void_p, c_void_p]),
    "gr_env_status": (c_int, [P, POINTER(c_int), POINTER(c_int), POINTER(c_int)]),
    "gr_env_observe": (c_int, [P, c_int, c_void_p]),
    "gr_env_game": (P, [P]),
    "gr_batch_new": (c_int, [POINTER(P), P, c_size_t]),
    "gr_batch_free": (None, [P]),
    "gr_batch_env": (P, [P, c_size_t]),
    "gr_batch_reset": (c_int, [P, c_uint64, c_void_p, c_void_p, c_void_p]),
    "gr_batch_step": (c_int, [P, c_void_p, c_void_p, c_void_p, c_void_p, c_void_p, c_void_p]),
    "gr_batch_random_actions": (c_int, [P, POINTER(c_uint64), c_void_p]),
    "gr_batch_reset_streams": (c_int, [P, c_uint64, c_void_p, c_void_p, c_void_p]),
    "gr_batch_step_final": (c_int, [P, c_void_p, c_void_p, c_void_p, c_void_p, c_void_p,
                                    c_void_p, c_void_p]),
    "gr_batch_seek": (c_int, [P, c_size_t, c_uint64]),
    "gr_seed_derive": (c_int, [c_uint64, c_uint64, c_uint64, POINTER(c_uint64)]),

    "gr_rules_set_text": (c_int, [P, c_char_p]),
    "gr_game_play_as": (c_int, [P, c_int, Move_]),
    "gr_arrangement_check": (c_int, [A, gr_cards, c_int, POINTER(c_int)]),
    "gr_layoff_check_ex": (c_int, [A, gr_cards, POINTER(Layoff_), POINTER(c_int)]),
    "gr_card_parse_ex": (c_int, [c_char_p, POINTER(gr_card), POINTER(ParseError_)]),
    "gr_cards_parse_ex": (c_int, [c_char_p, POINTER(gr_cards), POINTER(ParseError_)]),
    "gr_game_load_ex": (c_int, [POINTER(P), c_char_p, P, POINTER(ParseError_)]),
    "gr_settle_ex": (c_int, [P, POINTER(SettleOptions_), A, gr_cards,
                             POINTER(HandResult_), POINTER(c_int)]),
    "gr_best_discard_except": (c_int, [gr_cards, gr_cards, POINTER(gr_card)]),
    "gr_game_best_discard": (c_int, [P, POINTER(gr_card)]),
    "gr_advise_take": (c_int, [gr_cards, gr_card, gr_cards, POINTER(TakeAdvice_)]),
    "gr_view_check": (c_int, [POINTER(View_), POINTER(c_int)]),
    "gr_view_unseen": (c_int, [POINTER(View_), POINTER(gr_cards)]),
    "gr_view_advise_take": (c_int, [POINTER(View_), POINTER(TakeAdvice_)]),
    "gr_arrangements": (c_int, [gr_cards, c_int, A, c_size_t]),
    "gr_advise_knock": (c_int, [gr_cards, c_int, gr_cards, POINTER(KnockAdvice_)]),
    "gr_layoff_targets": (c_int, [A, gr_cards, gr_cards, gr_cards * GR_MAX_MELDS]),
    "gr_layoff_build": (c_int, [A, gr_cards, gr_cards, POINTER(Layoff_)]),
    "gr_game_from_position": (c_int, [POINTER(P), P, POINTER(Position_)]),
    "gr_position_check": (c_int, [P, POINTER(Position_), POINTER(c_int)]),
    "gr_game_position": (c_int, [P, POINTER(Position_)]),
    "gr_position_format": (c_int, [POINTER(Position_), c_char_p, c_size_t]),
    "gr_position_parse": (c_int, [c_char_p, POINTER(Position_), POINTER(ParseError_)]),
    "gr_move_format": (c_int, [Move_, c_char_p, c_size_t]),
    "gr_move_parse": (c_int, [c_char_p, P, POINTER(Move_), POINTER(ParseError_)]),
    "gr_game_play_drawn": (c_int, [P, Move_, POINTER(gr_card)]),
    "gr_game_history_view": (c_int, [P, c_int, POINTER(Move_), c_size_t]),
    "gr_match_new_dealer": (c_int, [POINTER(P), P, c_uint64, c_int]),
    "gr_match_undo": (c_int, [P]),
    "gr_match_results": (c_int, [P, POINTER(HandResult_), c_size_t]),
    "gr_match_last_reason": (c_int, [P]),
    "gr_match_save": (c_int, [P, c_char_p, c_size_t]),
    "gr_match_load_ex": (c_int, [POINTER(P), c_char_p, P, POINTER(ParseError_)]),
    "gr_game_legal_masks": (c_int, [P, POINTER(LegalMasks_)]),
    "gr_game_step": (c_int, [P, Move_, POINTER(LegalMasks_)]),
    "gr_game_redeal": (c_int, [P, c_uint64, c_int]),
    "gr_game_playout": (c_int, [P, c_int, c_uint64, POINTER(HandResult_)]),
    "gr_bot_set_rules": (c_int, [P, P]),
    "gr_bot_set_param": (c_int, [P, c_int, c_int]),
    "gr_bot_set_score": (c_int, [P, c_int, c_int]),
    "gr_bot_arrange": (c_int, [P, POINTER(View_), gr_card, A]),
    "gr_bot_explain": (c_int, [P, c_char_p, c_size_t]),
    "gr_bot_observe": (c_int, [P, POINTER(View_), Move_]),
    # Rummy
    "gr_rummy_hand_fits": (c_int, [RH, c_int, c_int]),
    "gr_rummy_hand_holds": (c_int, [RH, gr_card]),
    "gr_rummy_hand_add": (c_int, [RH, gr_card]),
    "gr_rummy_hand_remove": (c_int, [RH, gr_card]),
    "gr_rummy_arrangement_check": (c_int, [RH, c_int, POINTER(RummyArrangement_)]),
    "gr_rummy_go_out": (c_int, [RH, POINTER(RummyMeld_), c_int, c_int,
                                POINTER(RummyPlan_)]),
    "gr_rummy_can_go_out": (c_int, [RH, POINTER(RummyMeld_), c_int, c_int, gr_card]),
    "gr_rummy_can_go_out_plan": (c_int, [RH, POINTER(RummyMeld_), c_int, c_int, gr_card,
                                         POINTER(RummyPlan_)]),
    "gr_rummy_rules_deal": (c_int, [P, POINTER(c_int), POINTER(c_int), POINTER(c_int)]),
    "gr_rummy_game_new_from_deck": (c_int, [POINTER(P), P, POINTER(gr_card), c_size_t, c_int]),
    "gr_rummy_game_stock": (c_int, [P, POINTER(gr_card), c_size_t]),
    "gr_rummy_game_turnovers": (c_int, [P]),
    "gr_rummy_game_history": (c_int, [P, POINTER(RummyAction_), c_size_t]),
    "gr_rummy_view_legal_moves": (c_int, [POINTER(RummyView_),
                                          POINTER(RummyAction_), c_size_t]),
    # Rummy: hands, melds, rules, games, matches, bots

    "gr_rummy_card_points": (c_int, [gr_card, c_int]),
    "gr_rummy_card_parse": (c_int, [c_char_p, POINTER(gr_card)]),
    "gr_rummy_card_format": (c_int, [gr_card, c_char_p, c_size_t]),
    "gr_rummy_hand_check": (c_int, [POINTER(RummyHand_)]),
    "gr_rummy_hand_parse": (c_int, [c_char_p, POINTER(RummyHand_), POINTER(c_size_t)]),
    "gr_rummy_hand_format": (c_int, [POINTER(RummyHand_), c_char_p, c_size_t]),
    "gr_rummy_hand_count": (c_int, [POINTER(RummyHand_)]),
    "gr_rummy_hand_points": (c_int, [POINTER(RummyHand_), c_int]),
    "gr_rummy_meld_kind": (c_int, [POINTER(RummyMeld_), c_int]),
    "gr_rummy_meld_parse": (c_int, [c_char_p, POINTER(RummyMeld_), POINTER(c_size_t)]),
    "gr_rummy_meld_format": (c_int, [POINTER(RummyMeld_), c_char_p, c_size_t]),
    "gr_rummy_value": (c_int, [POINTER(RummyHand_), c_int]),
    "gr_rummy_arrange": (c_int, [POINTER(RummyHand_), c_int, POINTER(RummyArrangement_)]),
    "gr_rummy_rules_new": (c_int, [POINTER(P), c_int]),
    "gr_rummy_rules_clone": (c_int, [POINTER(P), P]),
    "gr_rummy_rules_free": (None, [P]),
    "gr_rummy_rules_set": (c_int, [P, c_int, c_int]),
    "gr_rummy_rules_get": (c_int, [P, c_int, POINTER(c_int)]),
    "gr_rummy_option_describe": (c_int, [c_int, POINTER(OptionInfo_)]),
    "gr_rummy_option_lookup": (c_int, [c_char_p]),
    "gr_rummy_game_new": (c_int, [POINTER(P), P, c_uint64, c_int]),
    "gr_rummy_game_clone": (c_int, [POINTER(P), P]),
    "gr_rummy_game_free": (None, [P]),
    "gr_rummy_game_phase": (c_int, [P]),
    "gr_rummy_game_turn": (c_int, [P]),
    "gr_rummy_game_dealer": (c_int, [P]),
    "gr_rummy_game_players": (c_int, [P]),
    "gr_rummy_game_legal_moves": (c_int, [P, POINTER(RummyAction_), c_size_t]),
    "gr_rummy_game_play": (c_int, [P, POINTER(RummyAction_)]),
    "gr_rummy_game_hand": (c_int, [P, c_int, POINTER(RummyHand_)]),
    "gr_rummy_game_melds": (c_int, [P, POINTER(RummyMeld_), c_size_t]),
    "gr_rummy_game_discards": (c_int, [P, POINTER(gr_card), c_size_t]),
    "gr_rummy_game_result": (c_int, [P, POINTER(RummyResult_)]),
    "gr_rummy_game_redeal": (c_int, [P, c_uint64, c_int]),
    "gr_rummy_game_playout": (c_int, [P, c_int, c_uint64, POINTER(RummyResult_)]),
    "gr_rummy_game_view": (c_int, [P, c_int, POINTER(RummyView_)]),
    "gr_rummy_game_save": (c_int, [P, c_char_p, c_size_t]),
    "gr_rummy_game_load": (c_int, [POINTER(P), c_char_p]),
    "gr_rummy_action_format": (c_int, [POINTER(RummyAction_), c_char_p, c_size_t]),
    "gr_rummy_match_new": (c_int, [POINTER(P), P, c_uint64]),
    "gr_rummy_match_free": (None, [P]),
    "gr_rummy_match_dealer": (c_int, [P]),
    "gr_rummy_match_deal": (c_int, [P, POINTER(P)]),
    "gr_rummy_match_record": (c_int, [P, POINTER(RummyResult_)]),
    "gr_rummy_match_score": (c_int, [P, POINTER(RummyScore_)]),
    "gr_rummy_bot_new": (c_int, [POINTER(P), c_int, c_uint64]),
    "gr_rummy_bot_choose": (c_int, [P, POINTER(RummyView_), POINTER(RummyAction_)]),
    "gr_rummy_bot_free": (None, [P]),

}
def bind(protos: dict, optional: bool = False) -> None:
    """Give each named library function its result and argument types
    (those the library lacks are skipped when `optional`)."""
    for name, (res, args) in protos.items():
        if optional and not hasattr(lib, name):
            continue
        f = getattr(lib, name)
        f.restype = res
        f.argtypes = args


bind(_protos)

# Functions of later library versions (issue 13's refusal reasons): bound
# when the loaded library has them.
_optional = {
    "gr_game_last_reason": (c_int, [P]),
    "gr_reason_text": (c_char_p, [c_int]),
    "gr_reason_name": (c_char_p, [c_int]),
    "gr_reason_status": (c_int, [c_int]),
    # basic Rummy for people: reasons, moves as text (gr_rummy_text(3))
    "gr_rummy_game_last_reason": (c_int, [P]),
    "gr_rummy_game_play_as": (c_int, [P, c_int, POINTER(RummyAction_)]),
    "gr_rummy_meld_check": (c_int, [POINTER(RummyMeld_), c_int, POINTER(c_int)]),
    "gr_rummy_layoff_faces": (c_int, [POINTER(RummyMeld_), c_int, POINTER(gr_cards)]),
    "gr_rummy_meld_completions": (c_int, [gr_cards, c_int, c_int, POINTER(RummyMeld_),
                                          c_size_t]),
    "gr_rummy_move_format": (c_int, [POINTER(RummyAction_), P, c_char_p, c_size_t]),
    "gr_rummy_move_parse": (c_int, [c_char_p, P, POINTER(RummyAction_),
                                    POINTER(ParseError_)]),
    "gr_rummy_view_move_format": (c_int, [POINTER(RummyAction_), POINTER(RummyView_),
                                          c_char_p, c_size_t]),
    "gr_rummy_view_move_parse": (c_int, [c_char_p, POINTER(RummyView_),
                                         POINTER(RummyAction_), POINTER(ParseError_)]),
    "gr_rummy_move_joker_faces": (c_int, [c_char_p, POINTER(RummyView_), POINTER(gr_cards)]),
    "gr_rummy_hand_parse_ex": (c_int, [c_char_p, POINTER(RummyHand_), POINTER(ParseError_)]),
    "gr_rummy_meld_parse_ex": (c_int, [c_char_p, POINTER(RummyMeld_), POINTER(ParseError_)]),
    # basic Rummy score keeping for a real table
    "gr_rummy_match_new_dealer": (c_int, [POINTER(P), P, c_uint64, c_int]),
    "gr_rummy_settle": (c_int, [P, c_int, POINTER(RummyHand_), c_size_t,
                                POINTER(RummyResult_), POINTER(c_int)]),
    "gr_rummy_match_undo": (c_int, [P]),
    "gr_rummy_match_results": (c_int, [P, POINTER(RummyResult_), c_size_t]),
    "gr_rummy_match_score_after": (c_int, [P, c_int, POINTER(RummyScore_)]),
    "gr_rummy_match_last_reason": (c_int, [P]),
    "gr_rummy_match_save": (c_int, [P, c_char_p, c_size_t]),
    "gr_rummy_match_load_ex": (c_int, [POINTER(P), c_char_p, P, POINTER(ParseError_)]),
}
bind(_optional, optional=True)
HAVE_REASONS = hasattr(lib, "gr_game_last_reason") and hasattr(lib, "gr_reason_text")

#: Functions of ginrummy.h deliberately not bound, with the reason.
EXCLUDED = {
    "gr_rummy_match_load": "RummyMatch.load uses gr_rummy_match_load_ex (the same, plus "
                           "the place of a fault)",
    "gr_rules_new_mm": "custom allocator (C function pointers); Python objects use malloc",
    "gr_game_load_mm": "custom allocator; Game.load uses gr_game_load_ex with mm=NULL",
    "gr_bot_new_mm": "custom allocator; Bot uses gr_bot_new",
    "gr_rummy_rules_new_mm": "custom allocator; RummyRules uses gr_rummy_rules_new",
    "gr_rummy_game_load_mm": "custom allocator; RummyGame.load uses gr_rummy_game_load",
    "gr_rummy_bot_new_mm": "custom allocator; RummyBot uses gr_rummy_bot_new",
    "gr_rummy_game_legal_masks": "fixed-size masks for C search loops; "
                                 "RummyGame.legal_moves lists the same moves",
    "gr_rummy_game_step": "the C search loop's play-and-masks; RummyGame.play plays a move",
    "gr_game_load": "Game.load uses gr_game_load_ex (the same, plus the place of a fault)",
    "gr_match_load": "Match.load uses gr_match_load_ex (the same, plus the place of a fault)",
}


def version() -> str:
    """The C library's version, "MAJOR.MINOR.PATCH"."""
    return str(lib.gr_version().decode())


def version_number() -> int:
    """The C library's version as MAJOR * 10000 + MINOR * 100 + PATCH."""
    return int(lib.gr_version_number())


__all__ = ["lib", "STRUCTS", "EXCLUDED", "version", "version_number"]
