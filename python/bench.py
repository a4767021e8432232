"""Environment steps per second: a pure-C loop (gr_batch_step with random
actions drawn in C, one environment), one GinRummyEnv stepped from Python,
and VecGinRummyEnv (one call per N steps), in the same run; then, when
pettingzoo and gymnasium can be imported, the PettingZoo AEC environments
(agent_iter/last/step, the same uniform pick among the legal ids as the
package's own loop) of Gin and Rummy, the PettingZoo parallel
environment, the Gymnasium single-seat environments and the Gymnasium
vector environment.

    python3 python/bench.py [SECONDS]          (from the build tree; make bench)

It measures the library just built: unless GINRUMMY_LIBRARY (and
GINRUMMY_FFI) name another, it takes lib/.libs/libginrummy.so.0 (and
python/ginrummy/_ffi.py) of the build tree it is run from, or of the
source tree it is in (an in-tree build), and says which library it
loaded.  PettingZoo and Gymnasium are measured when they can be imported
(PYTHONPATH=../shared/thirdparty/python here).

The PettingZoo ratios are medians of BENCH_REPS (default 5) repetitions,
each measuring the own loop, raw_env and env() one after the other; the
vector environment's, of as many repetitions each measuring the C batch
through VecGinRummyEnv (the pure C loop) and GinVectorEnv one after the
other.
"""
import os
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def use_build_tree():
    """GINRUMMY_LIBRARY and GINRUMMY_FFI, when unset, set to the library
    and declarations of the build tree: the current directory's (a build
    outside the source tree, as make bench runs it), else the source
    tree's (an in-tree build)."""
    for top in (os.getcwd(), os.path.dirname(HERE)):
        lib = os.path.join(top, "lib", ".libs", "libginrummy.so.0")
        if not os.path.exists(lib):
            continue
        os.environ.setdefault("GINRUMMY_LIBRARY", lib)
        ffi = os.path.join(top, "python", "ginrummy", "_ffi.py")
        if os.path.exists(ffi) and not os.path.exists(os.path.join(HERE, "ginrummy", "_ffi.py")):
            os.environ.setdefault("GINRUMMY_FFI", ffi)
        return


use_build_tree()

import numpy as np  # noqa: E402

from ginrummy.env import GinRummyEnv, VecGinRummyEnv  # noqa: E402

SECONDS = float(sys.argv[1]) if len(sys.argv) > 1 else 1.0
REPS = int(os.environ.get("BENCH_REPS", "5"))


def median(xs):
    """The median of a list of numbers."""
    xs = sorted(xs)
    return (xs[(len(xs) - 1) // 2] + xs[len(xs) // 2]) / 2


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


def aec(wrapped, game="gin", players=2, **kw):
    """Live steps per second through PettingZoo's AEC loop (agent_iter,
    last, step; the dead agents' steps and the resets are in the cost)."""
    from ginrummy import pettingzoo as gz
    e = (gz.env if wrapped else gz.raw_env)(game, players, **kw)
    e.reset(seed=1)
    rng = np.random.default_rng(1)
    choices = rng.integers(0, 1 << 30, size=1 << 16)
    state = {"i": 0, "it": iter(e.agent_iter())}

    def one():
        while True:
            if next(state["it"], None) is None:
                e.reset()
                state["it"] = iter(e.agent_iter())
                continue
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(legal[choices[state["i"] & 0xFFFF] % len(legal)])
            state["i"] += 1
            return
    return rate(one, 1)


def parallel(game="gin", players=2):
    """Live steps per second through PettingZoo's parallel API (one dict of
    actions a step: the agents to act get a uniform legal pick, the others
    none; the resets are in the cost)."""
    from ginrummy import pettingzoo as gz
    e = gz.parallel_env(game, players)
    rng = np.random.default_rng(1)
    choices = rng.integers(0, 1 << 30, size=1 << 16)
    state = {"i": 0, "obs": e.reset(seed=1)[0]}

    def one():
        acts = {}
        for agent in e.agents:
            legal = np.flatnonzero(state["obs"][agent]["action_mask"])
            if len(legal):
                acts[agent] = int(legal[choices[state["i"] & 0xFFFF] % len(legal)])
                state["i"] += 1
        state["obs"], *_ = e.step(acts)
        if not e.agents:
            state["obs"] = e.reset()[0]
    return rate(one, 1)


def gym_single(env_id, **kw):
    """The agent's steps per second through a Gymnasium single-seat
    environment (the opponents' moves, played by library bots, are in the
    cost; so are the resets)."""
    import gymnasium
    import ginrummy.gymnasium  # noqa: F401  (registers the ids)
    e = gymnasium.make(env_id, **kw).unwrapped
    obs, _ = e.reset(seed=1)
    rng = np.random.default_rng(1)
    choices = rng.integers(0, 1 << 30, size=1 << 16)
    state = {"i": 0, "obs": obs}

    def one():
        legal = np.flatnonzero(state["obs"]["action_mask"])
        a = int(legal[choices[state["i"] & 0xFFFF] % len(legal)])
        state["i"] += 1
        state["obs"], _, term, trunc, _ = e.step(a)
        if term or trunc:
            state["obs"], _ = e.reset()
    return rate(one, 1)


def gym_vector(n, c_actions):
    from ginrummy.gymnasium import GinVectorEnv
    v = GinVectorEnv(n, copy=False)
    obs, _ = v.reset(seed=1)
    rng = np.random.default_rng(2)
    state = {"obs": obs}

    def one():
        if c_actions:
            a = v.random_actions()
        else:
            scores = rng.random(state["obs"]["action_mask"].shape, dtype=np.float32) \
                * state["obs"]["action_mask"]
            a = scores.argmax(axis=1)
        state["obs"], *_ = v.step(a)
    return rate(one, n)


def rl_environments():
    try:
        import gymnasium  # noqa: F401
        import pettingzoo  # noqa: F401
    except ImportError:
        print("  (pettingzoo or gymnasium not importable: the PettingZoo and Gymnasium"
              " environments are not measured)")
        return
    print("PettingZoo AEC, random legal play (targets for Gin: >= 100,000 and >= half"
          f" the package's own loop; medians of {REPS} runs interleaved with the own loop):")
    runs = [(single(), aec(False), aec(True)) for _ in range(REPS)]
    own = median([r[0] for r in runs])
    for wrapped in (False, True):
        r = median([x[1 + wrapped] for x in runs])
        ratio = median([x[1 + wrapped] / x[0] for x in runs])
        print(f"  Gin, 2 players, {'env() (wrapped)' if wrapped else 'raw_env()':16}"
              f"{r:12,.0f}  ({ratio:.2f} of the own loop, {own:,.0f})")
    for players in (3, 4):
        print(f"  Gin, {players} players, env():           {aec(True, 'gin', players):12,.0f}")
    for players, kw in ((2, {}), (4, {"jokers": 1}), (7, {"jokers": 2})):
        print(f"  Rummy, {players} players, env(){' jokers' if kw else '       '}:   "
              f"{aec(True, 'rummy', players, **kw):12,.0f}")
    print("PettingZoo parallel_env(), random legal play (steps, one dict of actions each):")
    print(f"  Gin, 2 players:                 {parallel('gin', 2):12,.0f}")
    print(f"  Rummy, 4 players:               {parallel('rummy', 4):12,.0f}")
    print("Gymnasium single-seat environments, the agent's random legal steps"
          " (the bots' moves in the cost):")
    for env_id, kw in (("ginrummy/Gin-v0", {"opponents": "random"}), ("ginrummy/Gin-v0", {}),
                       ("ginrummy/Rummy-v0", {})):
        bots = kw.get("opponents", "greedy")
        print(f"  {env_id}, {bots} bot:{'' if bots == 'random' else ' '}"
              f"{' ' * (19 - len(env_id))}{gym_single(env_id, **kw):12,.0f}")
    print("Gymnasium vector environment, 1024 2-player Gin hands (target >= 2,000,000;"
          f" medians of {REPS} runs interleaved with the package's own loop,"
          " VecGinRummyEnv(1024) with C random actions):")
    runs = [(c_loop(1024), gym_vector(1024, True)) for _ in range(REPS)]
    own = median([r[0] for r in runs])
    ratio = median([r[1] / r[0] for r in runs])
    print("  GinVectorEnv(copy=False), C random actions:  "
          f"{median([r[1] for r in runs]):12,.0f}  ({ratio:.2f} of the own loop, {own:,.0f})")
    print(f"  GinVectorEnv(copy=False), numpy policy:      {gym_vector(1024, False):12,.0f}")


if __name__ == "__main__":
    print(f"library: {os.environ.get('GINRUMMY_LIBRARY', 'found by ginrummy._lib')}")
    print(f"environment steps per CPU second, one core (random legal actions, {SECONDS:g} s"
          " each; targets: 100,000 single, 1,000,000 vectorised):")
    print(f"  pure C loop (gr_batch, 1024 envs, C actions):  {c_loop(1024):12,.0f}")
    print(f"  Python, 1 env, C actions (VecGinRummyEnv(1)):  {single_env_only():12,.0f}")
    own = single()
    print(f"  Python, 1 env, GinRummyEnv.step + numpy policy:{own:12,.0f}")
    print(f"  Python, vectorised 1024 envs, numpy policy:    {vectorised(1024):12,.0f}")
    rl_environments()
