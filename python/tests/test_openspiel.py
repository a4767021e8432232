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


def _play(seed, rng, knock_bias):
    env = GinRummyEnv(seed=seed)
    env.reset()
    model = OpenSpielModel(_deck(env))
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
