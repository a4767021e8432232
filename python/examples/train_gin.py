"""Train a Gin player on the vector environment with numpy alone, and
measure it against the random bot.  From the build tree (gymnasium
importable):

    GINRUMMY_LIBRARY=lib/.libs/libginrummy.so.0 PYTHONPATH=python python3 python/examples/train_gin.py [SECONDS]

The policy scores each legal OpenSpiel action id from the observation with
a few features (a discard's points and how well it fits the hand, the
upcard's fit, knock, pass, melds) and plays the best; its 8 weights are
learned by the cross-entropy method: each generation samples weight
vectors around the current mean, plays each for a batch of hands as
player 0 of ``GinVectorEnv`` (player 1 plays uniformly random legal
actions, drawn in C), and moves the mean to the best quarter, for SECONDS
(120 by default; 0 is one generation).  Measured with the command above on
one core of a shared machine, over the 1,000 evaluation hands against the
random bot: one generation (SECONDS 0, about 1 s) +41.3 points a hand,
87.3% of the hands won; 10 s (28 generations) +56.2, 99.3%; 30 s +56.4,
98.4%; the default 120 s (320 generations) +55.8, 97.2%: the features
saturate within seconds, and longer training buys nothing more.  The
tests run it at a tiny scale, and this command for one generation.

Distributed trainers use the same environments as they are: RLlib wraps
``ginrummy.pettingzoo.env(...)`` with ``PettingZooEnv`` (or
``parallel_env`` with ``ParallelPettingZooEnv``) and registers it with
``register_env``; Tianshou's ``PettingZooEnv`` and TorchRL's
``PettingZooWrapper`` take the AEC environment, CleanRL and TorchRL's
``GymWrapper`` take ``gymnasium.make("ginrummy/Gin-v0")`` or
``GinVectorEnv``.  Every environment pickles (subprocess vector
environments such as ``gymnasium.vector.AsyncVectorEnv`` and Ray workers
copy them), and a worker seeded ``base + rank`` shares no hand with
another (``ginrummy.seeding``).  With torch (Debian's python3-torch) the
linear scores below become a network over the same observation and mask.
"""
from __future__ import annotations

import sys
import time
from typing import Tuple

import numpy as np

from ginrummy.gymnasium import GinVectorEnv

NPARAMS = 8


def features(obs: np.ndarray, player: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """Per environment: each card's (value, fit with the hand) of the player
    to act, and the upcard's fit.  Cards in OpenSpiel's ids."""
    n = obs.shape[0]
    rows = 2 + 52 * np.maximum(player, 0)[:, None] + np.arange(52)[None, :]
    hand = np.take_along_axis(obs, rows, axis=1).reshape(n, 4, 13)
    ranks = hand.sum(axis=1)                              # (n, 13)
    pad = np.pad(hand, ((0, 0), (0, 0), (2, 2)))
    near = pad[:, :, 1:-3] + pad[:, :, 3:-1] + 0.5 * (pad[:, :, 0:-4] + pad[:, :, 4:])
    fit = (ranks[:, None, :] - hand) + near               # other cards of its rank, neighbours
    fit = fit.reshape(n, 52)
    value = np.minimum(np.arange(13) + 1, 10) / 10.0
    value = np.tile(value, 4)[None, :].repeat(n, axis=0)
    up = obs[:, 118:170]
    up_fit = (up * fit).sum(axis=1) + (up.reshape(n, 4, 13) * ranks[:, None, :]).sum(axis=(1, 2))
    return np.concatenate([value, fit], axis=1), up_fit


def scores(theta: np.ndarray, obs: np.ndarray, player: np.ndarray) -> np.ndarray:
    """The score of every action id in every environment."""
    n = obs.shape[0]
    card, up_fit = features(obs, player)
    s = np.empty((n, 241), dtype=np.float64)
    s[:, :52] = theta[0] * card[:, :52] + theta[1] * card[:, 52:]
    s[:, 52] = theta[2] + theta[3] * up_fit
    s[:, 53] = theta[4]
    s[:, 54] = theta[5]
    s[:, 55] = theta[6]
    s[:, 56:] = theta[7]
    return s


def act(theta: np.ndarray, obs: dict, player: np.ndarray, venv: GinVectorEnv) -> np.ndarray:
    """Player 0 plays by theta, player 1 at random."""
    s = scores(theta, obs["observation"], player)
    s[obs["action_mask"] == 0] = -np.inf
    mine = s.argmax(axis=1).astype(np.int32)
    rand = venv.random_actions()
    return np.where(player == 0, mine, rand).astype(np.int32)


def play(theta: np.ndarray, venv: GinVectorEnv, hands: int, seed: int) -> Tuple[float, float]:
    """Mean points a hand of player 0 and his share of hands won, over at
    least `hands` hands."""
    obs, info = venv.reset(seed=seed)
    player = info["player"]
    total, won, done_hands = 0.0, 0, 0
    while done_hands < hands:
        obs, _, term, trunc, info = venv.step(act(theta, obs, player, venv))
        player = info["player"]
        ended = term | trunc
        if ended.any():
            r = info["rewards"][ended, 0]
            total += float(r.sum())
            won += int((r > 0).sum())
            done_hands += int(ended.sum())
    return total / done_hands, won / done_hands


def train(seconds: float = 120.0, envs: int = 64, hands: int = 64, population: int = 12,
          seed: int = 0, verbose: bool = True) -> np.ndarray:
    """Cross-entropy method on the 8 weights for about `seconds`."""
    rng = np.random.default_rng(seed)
    mean, std = np.zeros(NPARAMS), np.ones(NPARAMS)
    venv = GinVectorEnv(envs)
    start, gen = time.monotonic(), 0
    while gen == 0 or time.monotonic() - start < seconds:
        cands = mean + std * rng.standard_normal((population, NPARAMS))
        fitness = np.array([play(c, venv, hands, seed=1000 * gen + i)[0]
                            for i, c in enumerate(cands)])
        elite = cands[np.argsort(fitness)[-max(2, population // 4):]]
        mean, std = elite.mean(axis=0), elite.std(axis=0) + 0.05
        gen += 1
        if verbose:
            print(f"generation {gen}: best {fitness.max():+.1f}, mean {fitness.mean():+.1f}"
                  " points a hand")
    return mean


def evaluate(theta: np.ndarray, hands: int = 1000, seed: int = 12345) -> Tuple[float, float]:
    """Points a hand and share of hands won against the random bot."""
    return play(theta, GinVectorEnv(100), hands, seed)


if __name__ == "__main__":
    secs = float(sys.argv[1]) if len(sys.argv) > 1 else 120.0
    theta = train(secs)
    pts, share = evaluate(theta)
    print(f"against the random bot over 1,000 hands: {pts:+.1f} points a hand, "
          f"{100 * share:.1f}% of the hands won")
