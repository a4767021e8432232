"""The environment against a model of OpenSpiel's gin_rummy (see
openspiel_model.py): the same deal and the same actions give the same
legal actions (but for the documented differences), the same 644-float
observations for both players at every step, and the same returns."""
import os
import sys

import numpy as np
import pytest

import ginrummy as gr
from ginrummy.env import GinRummyEnv, MELD_BASE, card_to_openspiel

sys.path.insert(0, os.path.dirname(__file__))
from openspiel_model import OpenSpielModel, KNOCK, PASS  # noqa: E402


def _deck(env):
    line = next(x for x in env.game.save().splitlines() if x.startswith("deck "))
    return [gr.Card(c) for c in line.split()[1:]]


def _taken(env):
    """The card the player to act took from the pile this turn (G11)."""
    hist = env.game.history()
    if hist and hist[-1].type in (gr.MoveType.TAKE_UPCARD, gr.MoveType.DRAW_DISCARD):
        return card_to_openspiel(hist[-1].card)
    return None


def _check_differences(env, model, ours, theirs):
    """Only the documented differences may separate the legal sets."""
    extra_theirs = theirs - ours
    extra_ours = ours - theirs
    taken = _taken(env)
    for a in extra_theirs:
        if a < 52:
            assert a == taken, f"OpenSpiel-only discard {a} in {model.phase}"
        else:
            # a knock (or wall knock) only the taken card's discard allows
            assert a == KNOCK, f"OpenSpiel-only action {a} in {model.phase}"
    for a in extra_ours:
        # deeper layoff chains than OpenSpiel's AllLayoffs (G17)
        assert a < 52 and model.phase == "Layoff" and not model.finished_layoffs, \
            f"library-only action {a} in {model.phase}"


def _play(seed, rng, knock_bias, oklahoma=0):
    env = GinRummyEnv(seed=seed, oklahoma=oklahoma)
    env.reset()
    model = OpenSpielModel(_deck(env), oklahoma=bool(oklahoma))
    differed = 0
    while True:
        for p in (0, 1):
            diff = np.flatnonzero(env.observe(p) != np.array(model.observation(p),
                                                             dtype=np.float32))
            assert not len(diff), \
                f"seed {seed}: observation of player {p} in {model.phase}: at {list(diff)}"
        if env.current_player < 0:
            break
        assert env.current_player == model.cur
        ours = set(int(a) for a in np.flatnonzero(env.action_mask()))
        theirs = model.legal()
        if ours != theirs:
            differed += 1
            _check_differences(env, model, ours, theirs)
        both = sorted(ours & theirs)
        assert both, f"seed {seed}: no common action in {model.phase}"
        if KNOCK in both and rng.random() < knock_bias:
            a = KNOCK
        elif any(x >= MELD_BASE for x in both) and rng.random() < 0.8:
            a = max(x for x in both if x >= MELD_BASE)
        elif model.phase == "Layoff" and not model.finished_layoffs and len(both) > 1 \
                and rng.random() < 0.8:
            a = min(x for x in both if x < 52)
        else:
            a = int(rng.choice(both))
        env.step(a)
        model.step(a)
    assert model.over()
    ours = [env.rewards["player_0"], env.rewards["player_1"]]
    assert ours == model.returns(), f"seed {seed}: returns {ours} != {model.returns()}"
    assert env.truncations["player_0"] == model.truncated
    return any(model.knocked), differed


@pytest.mark.parametrize("knock_bias", [1.0, 0.3])
def test_same_actions_same_observations_same_returns(knock_bias):
    rng = np.random.default_rng(int(knock_bias * 10))
    knocks = 0
    # at least 20 hands at any scale, so that some hand ends in a knock
    hands = max(20, int(60 * float(os.environ.get("GR_TEST_SCALE", "1")) + 1))
    for seed in range(hands):
        knocked, _ = _play(1000 + seed, rng, knock_bias)
        knocks += knocked
    assert knocks > 0


@pytest.mark.parametrize("knock_bias", [1.0])
def test_G33_oklahoma_same_as_openspiel(knock_bias):
    """With OpenSpiel's oklahoma parameter on, the same deal and actions
    give the same knock card in the observation, legal actions and returns."""
    rng = np.random.default_rng(33)
    hands = max(20, int(40 * float(os.environ.get("GR_TEST_SCALE", "1")) + 1))
    knocks = sum(_play(2000 + seed, rng, knock_bias, oklahoma=1)[0] for seed in range(hands))
    assert knocks > 0


def _ace_upcard_gin(**opts):
    """Player 0 holds 2S..10S and KD, the upcard is AS: he takes it and goes
    gin with A-5S and 6-10S; player 1 holds 64 points of deadwood."""
    p0 = gr.Cards("2S 3S 4S 5S 6S 7S 8S 9S 10S KD")
    p1 = gr.Cards("2H 4H 6H 8H 10H QH 3C 5C 7C 9C")
    dealt = list(p0) + list(p1) + [gr.Card("AS")]
    rest = [c for c in gr.Cards(range(52)) if c not in set(dealt)]
    deck = [c for pair in zip(list(p0), list(p1)) for c in pair] + [gr.Card("AS")] + rest
    env = GinRummyEnv(oklahoma=1, **opts)
    env.reset(options={"deck": deck})
    model = OpenSpielModel(deck, oklahoma=True)
    run_a5 = gr.env.meld_id(gr.Cards("AS 2S 3S 4S 5S"))
    run_610 = gr.env.meld_id(gr.Cards("6S 7S 8S 9S 10S"))
    script = [52, KNOCK, card_to_openspiel(gr.Card("KD")), MELD_BASE + run_a5,
              MELD_BASE + run_610, PASS]
    for a in script:
        assert a in model.legal() and env.action_mask()[a]
        env.step(a)
        model.step(a)
    while env.current_player >= 0:      # the defender passes
        env.step(PASS)
        model.step(PASS)
    return [env.rewards["player_0"], env.rewards["player_1"]], model.returns()


def test_G33_ace_upcard_not_doubled_under_openspiel_preset():
    ours, theirs = _ace_upcard_gin()
    assert ours == theirs == [25 + 64, -(25 + 64)]
    # the library's own rule (G33, the other presets): an ace upcard doubles
    doubled, _ = _ace_upcard_gin(oklahoma_ace_doubles=1)
    assert doubled == [2 * (25 + 64), -2 * (25 + 64)]


def test_differences_name_every_rule_that_differs():
    """DIFFERENCES lists each rule where the OPENSPIEL preset and OpenSpiel
    part (G11, G17, exact deadwood, the upcard-draw limit, G33, the deal)."""
    from ginrummy.env import DIFFERENCES
    for needle in ("G11", "G17", "Deadwood is exact", "50 upcard draws", "G33",
                   "oklahoma_ace_doubles=0", "A deal"):
        assert needle in DIFFERENCES, needle
    assert gr.Rules("openspiel")["oklahoma_ace_doubles"] == 0
    for preset in ("fournier", "novelty", "standard", "eaai"):
        assert gr.Rules(preset)["oklahoma_ace_doubles"] == 1
