"""Environment steps per second: a pure-C loop (gr_batch_step with random
actions drawn in C, one environment), one GinRummyEnv stepped from Python,
and VecGinRummyEnv (one call per N steps), in the same run.

    GINRUMMY_LIBRARY=lib/.libs/libginrummy.so.0 python3 python/bench.py [SECONDS]
"""
import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np  # noqa: E402

from ginrummy.env import GinRummyEnv, VecGinRummyEnv  # noqa: E402

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0


def rate(fn, steps_per_call):
    """Steps per second of CPU time used by this process (per core: the
    loop runs on one thread), which a busy shared machine disturbs less
    than wall time."""
    fn()
    n, t0, c0 = 0, time.perf_counter(), time.process_time()
    while True:
        for _ in range(50):
            fn()
        n += 50
        if time.perf_counter() - t0 > SECONDS:
            return n * steps_per_call / (time.process_time() - c0)


def c_loop(n):
    """The C batch stepping itself with C-chosen actions: the cost of the
    engine and the encodings without Python (one call into C per n steps)."""
    v = VecGinRummyEnv(n, seed=1)
    v.reset()

    def one():
        v.step(v.random_actions())
    return rate(one, n)


def single():
    env = GinRummyEnv(seed=1)
    obs, info = env.reset()
    mask = info["action_mask"]
    rng = np.random.default_rng(1)
    choices = rng.integers(0, 1 << 30, size=1 << 16)
    state = {"i": 0, "mask": mask}

    def one():
        legal = np.flatnonzero(state["mask"])
        a = legal[choices[state["i"] & 0xFFFF] % len(legal)]
        state["i"] += 1
        _, _, term, trunc, info = env.step(a)
        if term or trunc:
            _, info = env.reset()
        state["mask"] = info["action_mask"]
    return rate(one, 1)


def single_env_only():
    """Python stepping one environment, actions precomputed by the C helper
    (isolates the binding's per-step cost from the policy's)."""
    v = VecGinRummyEnv(1, seed=1)
    v.reset()
    env_actions = v.random_actions

    def one():
        v.step(env_actions())
    return rate(one, 1)


def vectorised(n):
    v = VecGinRummyEnv(n, seed=1)
    obs, mask, player = v.reset()
    rng = np.random.default_rng(2)

    def one():
        # a random legal action per environment from the masks, in numpy
        scores = rng.random(mask.shape, dtype=np.float32) * mask
        v.step(scores.argmax(axis=1))
    return rate(one, n)


if __name__ == "__main__":
    print(f"environment steps per CPU second, one core (random legal actions, {SECONDS:g} s"
          " each; targets: 100,000 single, 1,000,000 vectorised):")
    print(f"  pure C loop (gr_batch, 1024 envs, C actions):  {c_loop(1024):12,.0f}")
    print(f"  Python, 1 env, C actions (VecGinRummyEnv(1)):  {single_env_only():12,.0f}")
    print(f"  Python, 1 env, GinRummyEnv.step + numpy policy:{single():12,.0f}")
    print(f"  Python, vectorised 1024 envs, numpy policy:    {vectorised(1024):12,.0f}")
