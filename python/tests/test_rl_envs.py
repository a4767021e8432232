"""The PettingZoo and Gymnasium environments under those projects' own
checkers (api_test, parallel_api_test, seed_test, render_test, check_env),
pickling and deep copies, the vector environment's autoreset and seeding.
Skipped, with the reason, when pettingzoo or gymnasium cannot be imported
(CI puts ../shared/thirdparty/python on PYTHONPATH)."""
import copy
import os
import pickle
import re
import warnings

import numpy as np
import pytest

try:
    import gymnasium
    import pettingzoo  # noqa: F401
    from pettingzoo.test import (api_test, parallel_api_test, parallel_seed_test,
                                 render_test, seed_test)
    from pettingzoo.utils.conversions import aec_to_parallel, turn_based_aec_to_parallel
    from gymnasium.utils.env_checker import check_env
except ImportError as exc:  # pragma: no cover - without the test packages
    pytest.skip(f"pettingzoo and gymnasium cannot be imported ({exc}): the "
                "environment tests need them (PYTHONPATH=../shared/thirdparty/python)",
                allow_module_level=True)

import ginrummy as gr  # noqa: E402
from ginrummy import pettingzoo as gz  # noqa: E402
from ginrummy import gymnasium as gg  # noqa: E402
from ginrummy.seeding import derive_seed  # noqa: E402

SCALE = float(os.environ.get("GR_TEST_SCALE", "1"))
CYCLES = max(20, int(200 * SCALE))

CONFIGS = [("gin", dict(players=n, episode=ep)) for n in (2, 3, 4) for ep in ("hand", "match")]
# every Rummy player count; the options spread over them (jokers, two decks,
# ace high, hand size, turnover limit, target)
RUMMY_OPTS = {2: {}, 3: dict(hand_size=10, ace_high=1), 4: dict(jokers=1),
              5: dict(decks=2, jokers=2, turnover_limit=2), 6: dict(jokers=4, ace_high=1),
              7: dict(jokers=2, target=50)}
CONFIGS += [("rummy", dict(players=n, episode=ep, **RUMMY_OPTS[n]))
            for n in range(2, 8) for ep in ("hand", "match")]


def _ids(configs):
    return [f"{g}-{'-'.join(f'{k}{v}' for k, v in kw.items())}" for g, kw in configs]


@pytest.fixture(autouse=True)
def _quiet():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


@pytest.mark.parametrize("game,kw", CONFIGS, ids=_ids(CONFIGS))
def test_pettingzoo_api(game, kw, capsys):
    """PettingZoo's own conformance tests, each on every environment it
    applies to: api_test (env, raw_env), parallel_api_test, seed_test
    (env, raw_env), parallel_seed_test (which samples actions without the
    mask: a masked-out one ends the episode), render_test (the AEC
    environments; it drives them by agent_iter).  max_cycles_test does not
    apply: no environment here takes a max_cycles argument (a hand or
    match ends by the rules, G22/R6)."""
    api_test(gz.env(game, **kw), num_cycles=CYCLES)
    api_test(gz.raw_env(game, **kw), num_cycles=CYCLES)
    parallel_api_test(gz.parallel_env(game, **kw), num_cycles=CYCLES)
    seed_test(lambda **k: gz.env(game, **kw, **k), num_cycles=CYCLES)
    seed_test(lambda **k: gz.raw_env(game, **kw, **k), num_cycles=CYCLES)
    parallel_seed_test(lambda **k: gz.parallel_env(game, **kw, **k), num_cycles=CYCLES)
    render_test(lambda render_mode=None: gz.env(game, render_mode=render_mode, **kw))
    render_test(lambda render_mode=None: gz.raw_env(game, render_mode=render_mode, **kw))


@pytest.mark.parametrize("game,kw", CONFIGS[::2], ids=_ids(CONFIGS[::2]))
def test_parallel_conversions(game, kw):
    """is_parallelizable is False, and truly: an agent acts twice in a row
    (draw, then discard), which aec_to_parallel's cycle cannot take even
    when the flag is forced; turn_based_aec_to_parallel takes the AEC
    environment as it is and passes parallel_api_test."""
    e = gz.env(game, **kw)
    assert e.metadata["is_parallelizable"] is False
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(e)
    forced = gz.raw_env(game, **kw)
    forced.metadata = dict(forced.metadata, is_parallelizable=True)
    par = aec_to_parallel(forced)
    obs, _ = par.reset(seed=3)
    with pytest.raises(AssertionError, match="step in a cycle"):
        for _ in range(4):
            par.step({a: int(np.flatnonzero(o["action_mask"])[0]) if o["action_mask"].any()
                      else 0 for a, o in obs.items()})
            obs = {a: forced.observe(a) for a in forced.agents}
    parallel_api_test(turn_based_aec_to_parallel(gz.env(game, **kw)), num_cycles=CYCLES)


@pytest.mark.parametrize("game,players", [("gin", 2), ("gin", 4), ("rummy", 3)])
def test_parallel_masked_out_action_ends_the_episode(game, players):
    """A masked-out action in parallel_env: nothing is played, every agent
    terminated, each offender -1 and info["illegal_action"], the others 0;
    the environment pickles and replays to the same end; an action outside
    the space raises InvalidAction and changes nothing."""
    p = gz.parallel_env(game, players=players, illegal_reward=-2.5)
    obs, _ = p.reset(seed=11)
    acting = [a for a in p.agents if obs[a]["action_mask"].any()]
    bad = {a: int(np.flatnonzero(obs[a]["action_mask"] == 0)[0]) for a in acting}
    n = p.action_space("player_0").n
    with pytest.raises(gr.InvalidAction, match=rf"GinParallelEnv|RummyParallelEnv"):
        p.step(dict(bad, **{acting[0]: n}))
    with pytest.raises(gr.InvalidAction, match="has no action"):
        p.step({})
    with pytest.raises(TypeError, match=acting[0]):
        p.step({acting[0]: 1.5})
    assert p.agents == list(p.possible_agents)        # nothing changed
    twin = pickle.loads(pickle.dumps(p))
    obs2, rewards, terms, truncs, infos = p.step(bad)
    assert rewards == {a: -2.5 if a in bad else 0.0 for a in p.possible_agents}
    assert all(terms.values()) and not any(truncs.values()) and p.agents == []
    assert {a for a, i in infos.items() if i.get("illegal_action")} == set(bad)
    assert not any(o["action_mask"].any() for o in obs2.values())
    with pytest.raises(gr.WrongState):
        p.step(bad)
    assert twin.step(bad)[1] == rewards
    again = pickle.loads(pickle.dumps(p))
    assert again.agents == []


def _refusals():
    """Each environment of the package: (name in errors, make, step, whether
    a masked-out action ends the episode); make() returns the environment
    reset, step(env, action) plays one action for the agent to act and
    returns the agent's mask before it."""
    def seat(e):
        obs = e._obs()
        return obs["action_mask"], lambda a: e.step(a)

    def aec(e):
        mask = e.observe(e.agent_selection)["action_mask"]
        return mask, lambda a: e.step(a)

    def par(e):
        acting = e.engine.to_act()
        masks = {s: e.engine.observation(s)[1] for s in acting}
        legal = {f"player_{s}": int(np.flatnonzero(m)[0]) for s, m in masks.items()}
        return masks[acting[0]], lambda a: e.step(dict(legal, **{f"player_{acting[0]}": a}))

    def own(e):
        return e.action_mask(), lambda a: e.step(a)

    def vec(e):
        mask = np.asarray(e.mask if isinstance(e, gr.VecGinRummyEnv) else e._mask_i8)
        legal = [int(np.flatnonzero(m)[0]) for m in mask]
        def step(a):
            e.step(np.array([legal[0], a] + legal[2:]))   # a float: float64
        return mask[1], step

    def reset(e, seed=5):
        e.reset(seed=seed)
        return e

    rows = [
        ("GinRummyEnv", lambda: reset(gr.GinRummyEnv()), own, False),
        ("VecGinRummyEnv: environment 1", lambda: reset(gr.VecGinRummyEnv(3)), vec, False),
        ("GinVectorEnv: environment 1", lambda: reset(gg.GinVectorEnv(3)), vec, False),
        ("GinRawEnv(players=2)", lambda: reset(gz.raw_env("gin")), aec, False),
        ("RummyRawEnv(players=3)", lambda: reset(gz.raw_env("rummy", 3)), aec, False),
        ("GinRawEnv(players=4)", lambda: reset(gz.env("gin", 4)), aec, True),
        ("RummyRawEnv(players=2)", lambda: reset(gz.env("rummy")), aec, True),
        ("GinParallelEnv(players=4)", lambda: reset(gz.parallel_env("gin", 4)), par, True),
        ("RummyParallelEnv(players=5)", lambda: reset(gz.parallel_env("rummy", 5)), par, True),
    ]
    for env_id in gg.IDS:
        rows.append((env_id, lambda i=env_id: reset(gymnasium.make(i).unwrapped), seat, True))
    return rows


REFUSALS = _refusals()


@pytest.mark.parametrize("name,make,drive,ends", REFUSALS, ids=[r[0] for r in REFUSALS])
def test_one_rule_for_refused_actions(name, make, drive, ends):
    """The package's rule in every environment: an integer outside the
    action space raises InvalidAction (a ValueError) and a float TypeError,
    each naming the environment and the action, nothing changed; a
    masked-out action ends the episode where an agent learns (-1,
    info["illegal_action"]) and raises IllegalMove naming the environment
    (and the batch index) in the layers under them, nothing changed."""
    e = make()
    mask, step = drive(e)
    n = len(mask)
    state = pickle.dumps(e)
    for bad in (n, n + 7, -1, 2**40):
        with pytest.raises(gr.InvalidAction) as err:
            step(bad)
        assert isinstance(err.value, ValueError)
        assert name in str(err.value) and f"action {bad} is outside the action space" \
            in str(err.value)
    with pytest.raises(TypeError, match=re.escape(name.split(":")[0])):
        step(1.5)
    assert pickle.dumps(e) == state          # nothing changed
    masked = int(np.flatnonzero(mask == 0)[0])
    if ends:
        step(masked)
    else:
        with pytest.raises(gr.IllegalMove,
                           match=f"{re.escape(name)}.*action {masked} .*masked out"):
            step(masked)
        assert pickle.dumps(e) == state
        step(int(np.flatnonzero(mask)[0]))   # and a legal action is played


@pytest.mark.parametrize("make", [gr.VecGinRummyEnv, gg.GinVectorEnv])
def test_batch_actions_one_per_environment(make):
    """A batch steps with one action per environment: another count
    (a scalar, one too few or many, a 2-D array) raises ValueError naming
    the environment and the count, nothing played; what is no integer
    TypeError."""
    e = make(3)
    e.reset(seed=2)
    name = type(e).__name__
    state = pickle.dumps(e)
    legal = [52, 52, 52]
    for bad in (52, legal[:2], legal + [52], [legal]):
        with pytest.raises(ValueError, match=f"{name}: actions are 3, one per environment"):
            e.step(bad)
    with pytest.raises(TypeError, match=name):
        e.step([52.0, 52.0, 52.0])
    assert pickle.dumps(e) == state
    e.step(legal)


def _play(e, rng, steps):
    for _, agent in zip(range(steps), e.agent_iter()):
        obs, _, term, trunc, _ = e.last()
        if term or trunc:
            e.step(None)
        else:
            e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize("game,kw", CONFIGS, ids=_ids(CONFIGS))
def test_pickle_and_deepcopy_round_trip(game, kw):
    rng = np.random.default_rng(1)
    for make in (gz.raw_env, gz.env):
        e = make(game, **kw)
        e.reset(seed=7)
        _play(e, rng, 37)
        for twin in (pickle.loads(pickle.dumps(e)), copy.deepcopy(e)):
            assert twin.agents == e.agents and twin.agent_selection == e.agent_selection
            for a in e.agents:
                x, y = e.observe(a), twin.observe(a)
                assert np.array_equal(x["observation"], y["observation"])
                assert np.array_equal(x["action_mask"], y["action_mask"])
            # both go on the same way
            r1, r2 = np.random.default_rng(5), np.random.default_rng(5)
            _play(e.unwrapped if make is gz.raw_env else e, r1, 0)
            c1, c2 = copy.deepcopy(e), twin
            _play(c1, r1, 50)
            _play(c2, r2, 50)
            assert c1.agents == c2.agents and c1.rewards == c2.rewards
    p = gz.parallel_env(game, **kw)
    obs, _ = p.reset(seed=3)
    for _ in range(10):
        if not p.agents:
            break
        acts = {a: int(rng.choice(np.flatnonzero(obs[a]["action_mask"])))
                for a in p.agents if obs[a]["action_mask"].any()}
        obs, *_ = p.step(acts)
    q = pickle.loads(pickle.dumps(p))
    assert q.agents == p.agents


def test_rummy_encoding_round_trip():
    """Every legal library move has an id, the id's move is legal, and ids
    of different kinds never collide (the fixed 584-id layout)."""
    from ginrummy.rummy_encoding import (MELDS, NUM_ACTIONS, RummyTable, action_id,
                                         describe)
    assert len(MELDS) == NUM_ACTIONS - 211
    t = RummyTable(4, jokers=2)
    rng = np.random.default_rng(3)
    seen_kinds = set()
    for hand in range(3):
        t.reset(11, hand)
        while not t.over:
            legal = t.legal()
            for mv in t.game.legal_moves():
                i = action_id(mv)
                assert i in legal and 0 <= i < NUM_ACTIONS
                seen_kinds.add(int(mv.type))
                assert describe(i)
            t.step(t.game.turn, int(rng.choice(sorted(legal))))
    assert len(seen_kinds) >= 4


def test_illegal_action_as_classic_games():
    e = gz.env("gin")
    e.reset(seed=1)
    obs, *_ = e.last()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    agent = e.agent_selection
    e.step(bad)                      # TerminateIllegalWrapper: -1, all over
    assert e.rewards[agent] == -1 and all(e.terminations.values())
    r = gz.raw_env("gin")
    r.reset(seed=1)
    before = r.observe(r.agent_selection)["observation"].copy()
    with pytest.raises(Exception):
        r.step(bad)
    assert np.array_equal(before, r.observe(r.agent_selection)["observation"])
    with pytest.raises(TypeError):
        r.step(1.5)


def _play_out_aec(r):
    """Legal actions until every agent is done (not yet stepped with None)."""
    while not (r.terminations[r.agent_selection] or r.truncations[r.agent_selection]):
        mask = r.observe(r.agent_selection)["action_mask"]
        r.step(int(np.flatnonzero(mask)[0]))


@pytest.mark.parametrize("game", ["gin", "rummy"])
def test_finished_episode_as_pettingzoo_and_gymnasium(game):
    """A finished agent is stepped with None, which removes him
    (PettingZoo's convention, as api_test plays it); an action for him, a
    step with no agent left and a step before reset() raise WrongState, as
    the Gymnasium environment's step after its episode, the state kept."""
    r = gz.raw_env(game)
    with pytest.raises(gr.WrongState):
        r.step(0)                                   # before reset()
    r.reset(seed=3)
    _play_out_aec(r)
    done = r.agent_selection
    with pytest.raises(gr.WrongState):
        r.step(0)                                   # an action for a finished agent
    assert r.agent_selection == done and done in r.agents
    left = []
    while r.agents:
        left.append(r.agent_selection)
        r.step(None)                                # removes him
    assert sorted(left) == sorted(r.possible_agents)
    for action in (None, 0):
        with pytest.raises(gr.WrongState):
            r.step(action)                          # no agent left
    twin = pickle.loads(pickle.dumps(r))            # the log replays as it was
    assert twin.agents == [] and twin.terminations == {}
    r.reset(seed=3)                                 # a new episode steps again
    mask = r.observe(r.agent_selection)["action_mask"]
    r.step(int(np.flatnonzero(mask)[0]))
    p = gz.parallel_env(game)
    with pytest.raises(gr.WrongState):
        p.step({})                                  # before reset()
    p.reset(seed=3)
    while p.agents:
        acts = {}
        for a in p.agents:
            mask = p._observe_seat(p._seat[a])["action_mask"]
            acts[a] = int(np.flatnonzero(mask)[0]) if mask.any() else 0
        p.step(acts)
    with pytest.raises(gr.WrongState):
        p.step({a: 0 for a in p.possible_agents})  # after the end
    g = gg.GinEnv() if game == "gin" else gg.RummyEnv()
    with pytest.raises(gr.WrongState):
        g.step(0)                                   # Gymnasium: the same exception
    e = gz.env(game)                                # env(): PettingZoo's wrappers warn
    e.reset(seed=3)
    for agent in e.agent_iter():
        obs, _, term, trunc, _ = e.last()
        e.step(None if term or trunc else int(np.flatnonzero(obs["action_mask"])[0]))
    e.step(None)
    assert e.agents == []


def _stock_env(game, **kw):
    """env() as PettingZoo's own wrapper classes build it (no fast path)."""
    from pettingzoo.utils import wrappers
    e = wrappers.TerminateIllegalWrapper(gz.raw_env(game, **kw), illegal_reward=-1)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(e))


@pytest.mark.parametrize("game,kw", [("gin", dict(players=2)), ("gin", dict(players=4)),
                                     ("rummy", dict(players=3, jokers=1))])
def test_fast_wrappers_behave_as_pettingzoos(game, kw):
    """env()'s fused wrappers and PettingZoo's own chain, driven alike
    (legal, illegal, out-of-bounds and dead actions, resets), give the same
    results, state and errors at every step, but for the package's rule:
    an action out of bounds raises InvalidAction (PettingZoo's asserts),
    and the offender of an illegal action gets info["illegal_action"]."""
    fast, stock = gz.env(game, **kw), _stock_env(game, **kw)
    assert isinstance(fast, type(stock)) and isinstance(fast.env.env, type(stock.env.env))
    for e in (fast, stock):           # the order checks before reset()
        with pytest.raises(AttributeError):
            e.agents
        with pytest.raises(AssertionError):
            e.step(0)
    rng = np.random.default_rng(9)
    for hand in range(max(3, int(12 * SCALE))):
        agent_ended_illegally = False
        fast.reset(seed=100 + hand)
        stock.reset(seed=100 + hand)
        for _ in range(400):
            outs = []
            for e in (fast, stock):
                it = e.agent_iter()
                agent = next(iter(it), None)
                outs.append((agent, e.last() if agent else None, list(e.agents),
                             dict(e.rewards), dict(e._cumulative_rewards)))
            (fa, fl, *frest), (sa, sl, *srest) = outs
            assert fa == sa and frest == srest
            if fa is None:
                break
            finfo = dict(fl[4])
            if finfo.pop("illegal_action", None):
                assert fl[2] and fl[1] == -1 and agent_ended_illegally
            assert fl[1:4] == sl[1:4] and finfo == sl[4]
            assert all(np.array_equal(fl[0][k], sl[0][k]) for k in fl[0])
            mask = fl[0]["action_mask"]
            x = rng.random()
            if fl[2] or fl[3]:
                action = None
            elif x < 0.01:
                action = int(np.flatnonzero(mask == 0)[0])          # illegal: the hand ends
            elif x < 0.02:
                action = len(mask) + 3                              # out of bounds
            else:
                action = rng.choice(np.flatnonzero(mask))           # numpy integer
            try:
                fast.step(action)
                fast_err = None
            except gr.InvalidAction as exc:
                fast_err = str(exc)
                assert f"action {action} is outside the action space" in fast_err
            try:
                stock.step(action)
                stock_err = None
            except AssertionError as exc:
                stock_err = str(exc)
            assert (fast_err is None) == (stock_err is None), (fast_err, stock_err)
            if action is not None and action < len(mask) and not mask[action]:
                agent_ended_illegally = True
    fast.step(None)                     # after the end: the warning, no change
    stock.step(None)
    assert fast.agents == stock.agents


def test_seeds_share_no_hands():
    """Seed 5's second hand is not seed 6's first (plain seed + 1 did)."""
    def first_obs(seed, hands):
        e = gz.raw_env("gin")
        e.reset(seed=seed)
        for _ in range(hands):
            e.reset()
        return e.observe("player_0")["observation"]
    assert not np.array_equal(first_obs(5, 1), first_obs(6, 0))
    assert np.array_equal(first_obs(5, 1), first_obs(5, 1))
    assert derive_seed(5, 0, 1) != derive_seed(6, 0, 0)


def test_no_seed_gives_fresh_deals():
    a, b = gz.raw_env("gin"), gz.raw_env("gin")
    a.reset()
    b.reset()
    assert not np.array_equal(a.observe("player_0")["observation"],
                              b.observe("player_0")["observation"])


@pytest.mark.parametrize("env_id", list(gg.IDS))
def test_gymnasium_check_env(env_id, capsys):
    e = gymnasium.make(env_id)
    check_env(e.unwrapped)
    for mode in ("ansi", "human"):
        e = gymnasium.make(env_id, render_mode=mode)
        e.reset(seed=1)
        out = e.render()
        assert (isinstance(out, str) and "player_0" in out) if mode == "ansi" else out is None


@pytest.mark.parametrize("opponents", ["random", "greedy", "expert"])
def test_gymnasium_bots_by_name_and_pickle(opponents):
    e = gg.GinEnv(opponents=opponents)
    obs, _ = e.reset(seed=2)
    rng = np.random.default_rng(0)
    total, steps = 0.0, 0
    while steps < (200 if opponents != "expert" else 12):
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, r, term, trunc, _ = e.step(a)
        total += r
        steps += 1
        if term or trunc:
            obs, _ = e.reset()
    twin = pickle.loads(pickle.dumps(e))
    assert np.array_equal(twin._obs()["observation"], obs["observation"])
    assert np.array_equal(copy.deepcopy(e)._obs()["action_mask"], obs["action_mask"])


@pytest.mark.parametrize("cls", ["GinEnv", "RummyEnv"])
def test_gymnasium_opponents_checked_when_made(cls):
    """An opponent that is no bot's name is refused by the constructor (as
    a bad seat or player count is), not at the first reset; one name per
    other seat, or one for all, case as the library's lookup takes it."""
    make = getattr(gg, cls)
    with pytest.raises(gr.InvalidArgument, match="opponents: 'foo' is no bot"):
        make(opponents="foo")
    with pytest.raises(gr.InvalidArgument, match="opponents: 'exprt' is no bot"):
        make(players=3, opponents=["greedy", "exprt"])
    for bad in (3, None, [2], ["greedy", None]):
        with pytest.raises(TypeError, match="opponents"):
            make(players=3 if isinstance(bad, list) and len(bad) == 2 else 2, opponents=bad)
    with pytest.raises(ValueError, match="one name, or 2 names"):
        make(players=3, opponents=["greedy"])
    e = make(players=3, opponents=("Expert", "random"))
    obs, _ = e.reset(seed=1)
    assert obs["action_mask"].any()


def test_gymnasium_illegal_action_ends_the_episode():
    e = gg.GinEnv()
    obs, _ = e.reset(seed=4)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, r, term, trunc, info = e.step(bad)
    assert (r, term, trunc, info.get("illegal_action")) == (-1.0, True, False, True)


@pytest.mark.parametrize("env_id", ["ginrummy/Gin-v0", "ginrummy/Rummy4-v0"])
def test_gymnasium_make_vec_next_step_autoreset(env_id):
    """gymnasium.make_vec runs the single-seat environments with Gymnasium's
    NEXT_STEP autoreset: the observation of a finished episode has an
    all-zero mask, and whatever action is passed for it at the next step is
    ignored: that environment is reset and its mask is live again."""
    v = gymnasium.make_vec(env_id, num_envs=2, vectorization_mode="sync")
    obs, _ = v.reset(seed=3)
    rng = np.random.default_rng(1)
    ended = 0
    for _ in range(int(400 * max(SCALE, 0.2))):
        masks = obs["action_mask"]
        acts = np.array([int(rng.choice(np.flatnonzero(m))) if m.any() else 0 for m in masks])
        was_done = ~masks.any(axis=1)
        obs, r, term, trunc, info = v.step(acts)
        done = term | trunc
        assert not (done & was_done).any()           # an ignored action ends nothing
        assert (obs["action_mask"][was_done].any(axis=1)).all()
        assert not obs["action_mask"][done].any()
        assert "illegal_action" not in info
        ended += int(done.sum())
    v.close()
    assert ended > 0


@pytest.mark.parametrize("make, seeds", [
    (lambda: gg.GinEnv(players=3, seat=2), range(40)),           # he sits out
    (lambda: gymnasium.make("ginrummy/Rummy4-v0").unwrapped, [102, 128, 421]),
])
def test_gymnasium_reset_returns_a_position_the_agent_acts_in(make, seeds):
    """A hand over before the agent's first decision is skipped (it takes
    the run's next episode index); reset() never returns a finished hand,
    and a pickled environment deals the same afterwards."""
    skipped = 0
    for s in seeds:
        e = make()
        obs, info = e.reset(seed=s)
        assert obs["action_mask"].any() and not e._done
        skipped += info.get("skipped_hands", 0)
        twin = pickle.loads(pickle.dumps(e))
        assert np.array_equal(twin._obs()["observation"], obs["observation"])
        a = int(np.flatnonzero(obs["action_mask"])[0])
        e.step(a)
        obs2, _ = e.reset()
        assert obs2["action_mask"].any()
    assert skipped > 0


def test_vector_env_spaces_autoreset_and_final_obs():
    n = 16
    v = gg.GinVectorEnv(n)
    assert v.metadata["autoreset_mode"] == gymnasium.vector.AutoresetMode.SAME_STEP
    obs, info = v.reset(seed=9)
    assert v.observation_space.contains(obs)
    assert obs["action_mask"].dtype == np.int8
    ends = 0
    for _ in range(int(600 * max(SCALE, 0.2))):
        acts = v.random_actions()
        assert v.action_space.contains(acts.astype(np.int64))
        acted = info["player"]
        obs, rew, term, trunc, info = v.step(acts)
        assert v.observation_space.contains(obs)
        done = term | trunc
        assert ("final_obs" in info) == bool(done.any())
        if done.any():
            ends += int(done.sum())
            assert np.array_equal(info["_final_obs"], done)
            for i in np.flatnonzero(done):
                fo = info["final_obs"][i]
                assert v.single_observation_space.contains(fo)
                # the observation of the player who acted last, his reward
                assert fo["observation"][acted[i]] == 1 and not fo["action_mask"].any()
                assert rew[i] == info["rewards"][i, acted[i]]
            # rewards are zero-sum and only at a hand's end
            assert np.all(info["rewards"].sum(axis=1) == 0)
        assert np.all(rew[~done] == 0)
    assert ends > 0
    # pickled and deep-copied: the same state, and the same future
    for w in (pickle.loads(pickle.dumps(v)), copy.deepcopy(v)):
        assert np.array_equal(w._obs, v._obs) and np.array_equal(w._mask, v._mask)
        assert np.array_equal(w._player, v._player)
    w = copy.deepcopy(v)
    for _ in range(200):
        a = v.random_actions().copy()
        assert np.array_equal(a, w.random_actions())
        x, rx, tx, ux, ix = v.step(a)
        y, ry, ty, uy, iy = w.step(a)
        assert np.array_equal(x["observation"], y["observation"])
        assert np.array_equal(rx, ry) and np.array_equal(tx, ty)


def test_vector_envs_share_no_hands():
    a, b = gg.GinVectorEnv(4), gg.GinVectorEnv(4)
    oa, _ = a.reset(seed=0)
    ob, _ = b.reset(seed=1)
    hands_a = {oa["observation"][i, 2:106].tobytes() for i in range(4)}
    hands_b = {ob["observation"][i, 2:106].tobytes() for i in range(4)}
    assert len(hands_a) == 4 and not hands_a & hands_b
    c = gg.GinVectorEnv(4)
    oc, _ = c.reset(seed=0)
    assert np.array_equal(oc["observation"], oa["observation"])


def test_package_environments_deal_the_hands_of_these():
    """GinRummyEnv(seed=s) deals the hands of the 2-player PettingZoo Gin
    environment reset with seed s, hand after hand; VecGinRummyEnv(n,
    seed=s) those of GinVectorEnv(n) reset with seed s, reset after reset,
    and its random_actions draw the same actions."""
    from ginrummy.env import GinRummyEnv, VecGinRummyEnv
    for s in (0, 7, 2 ** 64 - 1):
        own, e = GinRummyEnv(seed=s), gz.raw_env("gin")
        for k in range(3):
            obs, _ = own.reset()
            if k == 0:
                e.reset(seed=s)
            else:
                e.reset()
            assert np.array_equal(obs, e.observe(e.agent_selection)["observation"])
        v, g = VecGinRummyEnv(5, seed=s), gg.GinVectorEnv(5, copy=False)
        for r in range(3):
            obs, mask, _ = v.reset()
            go, _ = g.reset(seed=s if r == 0 else None)
            assert np.array_equal(obs, go["observation"])
            for _ in range(60):         # through new deals
                a = v.random_actions().copy()
                assert np.array_equal(a, g.random_actions())
                v.step(a)
                go, *_ = g.step(a)
                assert np.array_equal(v.obs, go["observation"])


def test_reset_options():
    """reset(options=...): GinRummyEnv knows "deck" alone; the Gymnasium
    environments and GinVectorEnv know none: an unknown key raises
    InvalidArgument naming it and the environment (nothing changes); the
    PettingZoo ones ignore it with an UnknownOptionWarning (PettingZoo's
    api_test resets with options={"options": 1}); options that are no dict
    raise TypeError; None and {} are no options."""
    for env_id in gg.IDS:
        e = gymnasium.make(env_id).unwrapped
        e.reset(seed=1, options={})
        obs = e._obs()["observation"].copy()
        with pytest.raises(gr.InvalidArgument, match=rf"{re.escape(env_id)}.*'deck'"):
            e.reset(options={"deck": list(range(52))})
        assert np.array_equal(e._obs()["observation"], obs)
        with pytest.raises(TypeError):
            e.reset(options=[("x", 1)])
    v = gg.GinVectorEnv(2)
    v.reset(seed=1, options=None)
    with pytest.raises(gr.InvalidArgument, match="GinVectorEnv.*'seed'"):
        v.reset(options={"seed": 3})
    g = gr.GinRummyEnv(seed=1)
    deck = gr.Game(gr.Rules("openspiel"), seed=4).save().split("deck ")[1].split()[:52]
    obs, _ = g.reset(options={"deck": deck})
    with pytest.raises(gr.InvalidArgument, match=r"GinRummyEnv.*'decks'.*takes 'deck'"):
        g.reset(options={"decks": deck})
    assert np.array_equal(g.observe(g.current_player), obs)
    for make in (lambda: gz.env("gin"), lambda: gz.raw_env("rummy", 3),
                 lambda: gz.parallel_env("gin", 4)):
        e = make()
        with pytest.warns(gz.UnknownOptionWarning, match="'options'.*ignored"):
            e.reset(seed=2, options={"options": 1})
        assert e.agents
        with pytest.raises(TypeError):
            e.reset(options=3)


def _bot_match(make, kind, hands, seed):
    """player_1 played by bot_action(kind), the others uniformly at random
    among their legal actions, for `hands` episodes of make() (an AEC or
    parallel environment); each agent's total reward and player_1's actions."""
    e = make()
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    played = []
    for hand in range(hands):
        if hasattr(e, "agent_iter"):
            e.reset(seed=seed) if hand == 0 else e.reset()
            for agent in e.agent_iter():
                obs, reward, term, trunc, _ = e.last()
                totals[agent] += reward
                if term or trunc:
                    e.step(None)
                    continue
                if agent == "player_1":
                    a = gz.bot_action(e, agent, kind)
                    played.append(a)
                    assert obs["action_mask"][a]
                else:
                    a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
                e.step(a)
        else:
            obs, _ = e.reset(seed=seed) if hand == 0 else e.reset()
            while e.agents:
                acting = [a for a in e.agents if obs[a]["action_mask"].any()]
                with pytest.raises(gr.WrongState, match="not to act"):
                    gz.bot_action(e, [a for a in e.agents if a not in acting][0], kind)
                acts = {a: gz.bot_action(e, a, kind) if a == "player_1"
                        else int(rng.choice(np.flatnonzero(obs[a]["action_mask"])))
                        for a in acting}
                played += [acts[a] for a in acts if a == "player_1"]
                obs, rewards, *_ , infos = e.step(acts)
                assert not any(i.get("illegal_action") for i in infos.values())
                for a, r in rewards.items():
                    totals[a] += r
    with pytest.raises(gr.WrongState):
        gz.bot_action(e, "player_1", kind)      # the episode is over
    return totals, played


@pytest.mark.parametrize("game,players,kind,parallel", [
    ("gin", 2, "greedy", False), ("gin", 2, "expert", False), ("gin", 4, "greedy", True),
    ("rummy", 3, "greedy", False), ("rummy", 2, "greedy", True), ("rummy", 3, "expert", True)])
def test_bot_action_plays_a_seat(game, players, kind, parallel):
    """bot_action gives a seat to a library bot in env() and parallel_env:
    legal actions only, the same ones for the same seed, and the bot beats
    uniformly random players over a few hands."""
    make = (lambda: gz.parallel_env(game, players)) if parallel else \
        (lambda: gz.env(game, players))
    hands = 3 if kind == "expert" else 12
    totals, played = _bot_match(make, kind, hands, seed=7)
    assert played and _bot_match(make, kind, hands, seed=7)[1] == played
    if game == "rummy" or players == 2:     # (4 Gin players: player_3 is his partner)
        assert totals["player_1"] > max(v for a, v in totals.items() if a != "player_1"), \
            totals
    e = gz.raw_env(game, players)
    with pytest.raises(gr.WrongState):
        gz.bot_action(e, "player_0")            # before reset()
    e.reset(seed=1)
    with pytest.raises(ValueError):
        gz.bot_action(e, "player_9")
    with pytest.raises(TypeError):
        gz.bot_action(gymnasium.make("ginrummy/Gin-v0"), "player_0")
