"""A program misusing the Python objects gets an exception, never a crash
or corrupted memory: copies of handle-owning objects never share the C
handle, closed objects refuse every call, the vectorised environment's
buffers cannot be rebound, deleted, resized or written, and one object
used from two threads is used by one at a time."""
import copy
import gc
import pickle
import threading

import pytest

import ginrummy as gr
from ginrummy import rummy

try:
    import numpy as np
except ImportError:  # pragma: no cover
    np = None

needs_numpy = pytest.mark.skipif(np is None, reason="no numpy")


def _finish(game, bot):
    while not game.over:
        game.play(bot.choose(game.view(game.turn)))


# ---------------------------------------------------------------- copies


@pytest.mark.parametrize("copier", [copy.copy, copy.deepcopy], ids=["copy", "deepcopy"])
def test_copied_rules_are_independent(copier):
    r = gr.Rules("standard")
    r2 = copier(r)
    r2["knock_limit"] = 5
    assert r["knock_limit"] == 10 and r2["knock_limit"] == 5
    del r
    gc.collect()
    assert r2["knock_limit"] == 5 and gr.Game(r2, seed=1).knock_limit <= 5


@pytest.mark.parametrize("copier", [copy.copy, copy.deepcopy], ids=["copy", "deepcopy"])
def test_copied_games_are_independent(copier):
    g = gr.Game("standard", seed=3)
    g2 = copier(g)
    g2.play(g2.legal_moves()[0])
    assert g.history() == [] and len(g2.history()) == 1
    del g
    gc.collect()
    _finish(g2, gr.Bot("greedy", 1))


@pytest.mark.parametrize("copier", [copy.copy, copy.deepcopy], ids=["copy", "deepcopy"])
def test_copied_matches_are_independent(copier):
    m = gr.Match("standard", seed=4)
    g = m.deal()
    _finish(g, gr.Bot("greedy", 2))
    m.record(g)
    m2 = copier(m)
    assert m2.save() == m.save() and m2.score() == m.score()
    g = m2.deal()
    _finish(g, gr.Bot("greedy", 3))
    m2.record(g)
    assert m.score().hands_played == 1 and m2.score().hands_played == 2
    del m
    gc.collect()
    m2.undo()
    assert m2.score().hands_played == 1


@pytest.mark.parametrize("copier", [copy.copy, copy.deepcopy], ids=["copy", "deepcopy"])
def test_copied_rummy_objects_are_independent(copier):
    r = rummy.RummyRules(players=3)
    r2 = copier(r)
    r2["players"] = 4
    assert r["players"] == 3 and r2["players"] == 4
    g = rummy.RummyGame(r, seed=2)
    g2 = copier(g)
    g2.play(g2.legal_moves()[0])
    assert g.history() == [] and len(g2.history()) == 1
    m = rummy.RummyMatch(r, seed=3)
    m.record(g2.playout("basic", seed=1))
    m2 = copier(m)
    assert m2.save() == m.save()
    m2.undo()
    assert len(m.results()) == 1 and m2.results() == []
    del g, r, m
    gc.collect()
    assert g2.save() and m2.save()


@needs_numpy
@pytest.mark.parametrize("copier", [copy.copy, copy.deepcopy], ids=["copy", "deepcopy"])
def test_copied_environments_are_independent(copier):
    env = gr.GinRummyEnv(seed=5)
    env.reset()
    env2 = copier(env)
    env2.step(env2.legal_actions()[0])
    assert env.game.history() == [] and len(env2.game.history()) == 1
    del env
    gc.collect()
    while env2.current_player >= 0:
        env2.step(env2.legal_actions()[0])


@needs_numpy
def test_copied_and_pickled_batches_go_on_as_the_original():
    v = gr.VecGinRummyEnv(8, seed=3)
    v.reset()
    ended = 0
    while ended < 12:                  # hands end and are dealt again
        ended += int(np.count_nonzero(v.step(v.random_actions().copy())[2]))
    twins = _round_trips(v) + [copy.copy(v)]
    for twin in twins:
        for name in ("obs", "mask", "player", "rewards", "done"):
            assert np.array_equal(getattr(twin, name), getattr(v, name))
    for _ in range(150):            # all go on alike, through new deals
        acts = v.random_actions().copy()
        rv = v.step(acts)
        for twin in twins:
            assert np.array_equal(acts, twin.random_actions())
            assert all(np.array_equal(x, y) for x, y in zip(rv, twin.step(acts)))
    want = [x.copy() for x in v.reset()]     # the run's next reset deals alike
    for twin in twins:
        assert all(np.array_equal(x, y) for x, y in zip(want, twin.reset()))
    for twin in twins:
        for i in range(8):
            assert np.array_equal(v.observe(i, 0), twin.observe(i, 0))
    del v
    gc.collect()


# ---------------------------------------------------------------- closed objects


def _closable():
    out = [("Rules", lambda: gr.Rules(), lambda r: r["knock_limit"]),
           ("Game", lambda: gr.Game(seed=1), lambda g: g.legal_moves()),
           ("Match", lambda: gr.Match(seed=1), lambda m: m.deal()),
           ("Bot", lambda: gr.Bot("greedy"), lambda b: b.choose(gr.Game(seed=1).view(1))),
           ("RummyRules", lambda: rummy.RummyRules(), lambda r: r.deal()),
           ("RummyGame", lambda: rummy.RummyGame(seed=1), lambda g: g.legal_moves()),
           ("RummyMatch", lambda: rummy.RummyMatch(seed=1), lambda m: m.deal()),
           ("RummyBot", lambda: rummy.RummyBot(), lambda b: b.choose(
               rummy.RummyGame(seed=1).view(1)))]
    if np is not None:
        out += [("GinRummyEnv", lambda: gr.GinRummyEnv(seed=1), lambda e: e.reset()),
                ("VecGinRummyEnv", lambda: gr.VecGinRummyEnv(2, seed=1), lambda v: v.reset())]
    return out


@pytest.mark.parametrize("name,make,use", _closable(), ids=[c[0] for c in _closable()])
def test_closed_objects_refuse_every_call(name, make, use):
    obj = make()
    use(obj)
    obj.close()
    assert obj.closed
    with pytest.raises(gr.WrongState, match="closed"):
        use(obj)
    obj.close()                 # twice: harmless
    with make() as other:       # a context manager closes it
        use(other)
    assert other.closed


def test_a_closed_rules_object_is_refused_by_games_and_matches():
    r = gr.Rules()
    r.close()
    for make in (lambda: gr.Game(r), lambda: gr.Match(r), lambda: gr.Bot().set_rules(r),
                 lambda: gr.settle(r, gr.arrange("AS 2S 3S"), "KD")):
        with pytest.raises(gr.WrongState, match="closed"):
            make()


# ---------------------------------------------------------------- buffers


@needs_numpy
def test_vec_env_buffers_cannot_be_rebound_deleted_resized_or_written():
    v = gr.VecGinRummyEnv(4, seed=7)
    ref = gr.VecGinRummyEnv(4, seed=7)
    v.reset()
    ref.reset()
    for name in ("obs", "mask", "player", "rewards", "done", "n"):
        with pytest.raises(AttributeError):
            setattr(v, name, np.zeros(1))
        with pytest.raises(AttributeError):
            delattr(v, name)
    obs = v.obs
    with pytest.raises(ValueError):
        obs.resize((1,), refcheck=False)
    with pytest.raises(ValueError):
        obs[0, 0] = 7
    acts = v.random_actions()
    with pytest.raises(ValueError):
        acts[0] = 1
    del obs, acts
    gc.collect()
    rng = np.random.default_rng(1)
    for _ in range(300):
        a = np.array([rng.choice(np.flatnonzero(m)) for m in v.mask], dtype=np.int32)
        out = v.step(a)
        want = ref.step(a)
        for x, y in zip(out, want):
            assert (x == y).all()
        assert not out[0].flags.writeable


# ---------------------------------------------------------------- threads


def _close_while_stepping(env, step):
    """Call step() in a thread until it raises WrongState, close env from
    this one after 50 steps: the stepper must get WrongState ("closed"),
    once, and stop."""
    started, errors, steps = threading.Event(), [], [0]

    def run():
        try:
            while True:
                step()
                steps[0] += 1
                if steps[0] == 50:
                    started.set()
        except gr.WrongState as exc:
            errors.append(exc)
        started.set()

    t = threading.Thread(target=run)
    t.start()
    started.wait(30)
    env.close()
    t.join(30)
    assert not t.is_alive() and len(errors) == 1 and "closed" in str(errors[0])


@needs_numpy
@pytest.mark.parametrize("vec", [False, True], ids=["GinRummyEnv", "VecGinRummyEnv"])
def test_close_while_another_thread_steps(vec):
    for round_ in range(4):
        env = gr.VecGinRummyEnv(8, seed=round_) if vec else gr.GinRummyEnv(seed=round_)
        env.reset()

        def step():
            if vec:
                env.step(env.random_actions())
            else:
                _, _, term, trunc, _ = env.step(env.legal_actions()[-1])
                if term or trunc:
                    env.reset()

        _close_while_stepping(env, step)


def test_one_expert_bot_from_two_threads_plays_legal_moves():
    bot = gr.Bot("expert", seed=9)
    bot.set_param("playouts", 40)
    failures = []

    def run(seed):
        try:
            for s in range(2):
                g = gr.Game("standard", seed=seed * 10 + s)
                while not g.over:
                    v = g.view(g.turn)
                    m = bot.choose(v)
                    assert m in v.legal, (m, v.legal)
                    g.play(m)
        except Exception as exc:  # noqa: BLE001 - reported below
            failures.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert not failures, failures


def test_one_game_from_two_threads_stays_consistent():
    # the threads race for the turn: a move may come too late (refused,
    # the game unchanged), never half played
    g = gr.Game("standard", seed=11)
    bot = gr.Bot("greedy", 2)

    def run():
        while not g.over:
            try:
                g.play(bot.choose(g.view(g.turn)))
            except (gr.IllegalMove, gr.WrongState):
                pass

    threads = [threading.Thread(target=run) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert g.over
    again = gr.Game.load(g.save())
    assert again.history() == g.history() and again.result() == g.result()


@needs_numpy
@pytest.mark.parametrize("kind", ["GinVectorEnv", "GinTables"])
def test_close_while_another_thread_steps_the_rl_engines(kind):
    """The Gymnasium vector environment and the Gin tables under the
    PettingZoo and Gymnasium environments: close() from one thread while
    another steps waits for the step, and the stepper then gets WrongState
    ("closed"), never freed memory."""
    if kind == "GinVectorEnv":
        gg = pytest.importorskip("ginrummy.gymnasium")
    from ginrummy.gin_tables import GinTables
    for round_ in range(4):
        if kind == "GinVectorEnv":
            env = gg.GinVectorEnv(8)
            env.reset(seed=round_)

            def step():
                env.step(env.random_actions())
        else:
            env = GinTables(2 + round_ % 3, episode="match")
            env.reset(round_, 0)
            episodes = [0]

            def step():
                acting = env.to_act()
                if env.over or not acting:
                    episodes[0] += 1
                    env.reset(round_, episodes[0])
                else:
                    env.step(acting[0], max(env.legal(acting[0])))

        _close_while_stepping(env, step)


# ---------------------------------------------------------------- pickling


def _round_trips(obj):
    """pickle's and copy.deepcopy's copies of obj."""
    return [pickle.loads(pickle.dumps(obj)), copy.deepcopy(obj)]


@pytest.mark.parametrize("preset", gr.PRESETS)
def test_pickled_rules_read_the_same_and_are_independent(preset):
    r = gr.Rules(preset)
    r["knock_limit"] = 7
    for twin in _round_trips(r):
        assert twin.as_dict() == r.as_dict() and twin.preset == r.preset
        twin["knock_limit"] = 3
        assert r["knock_limit"] == 7
    rr = rummy.RummyRules(players=5, jokers=2)
    for twin in _round_trips(rr):
        assert twin.as_dict() == rr.as_dict()
        twin["players"] = 2
        assert rr["players"] == 5


def _games():
    """Gin games at many points: fresh, mid-hand, knocked with an
    arrangement, over, dealt from a deck, set up from a position."""
    out = []
    for seed in range(6):
        g = gr.Game("standard", seed=seed)
        bot = gr.Bot("greedy", seed)
        for _ in range(seed * 7):
            if g.over:
                break
            g.play(bot.choose(g.view(g.turn)))
        out.append(g)
    g = gr.Game("standard", seed=9)
    _finish(g, gr.Bot("expert", 9))
    out.append(g)
    deck = list(reversed(gr.Game("standard", seed=4).save().split("deck ")[1].split()[:52]))
    out.append(gr.Game("standard", deck=deck))
    out.append(gr.Game.from_position(gr.Game("standard", seed=5).position(), "standard"))
    return out


def test_pickled_games_are_equal_and_go_on_alike():
    for g in _games():
        for twin in _round_trips(g):
            assert twin.save() == g.save() and twin.over == g.over
            if not g.over:
                a, b = g.clone(), twin
                _finish(a, gr.Bot("greedy", 1))
                _finish(b, gr.Bot("greedy", 1))
                assert a.save() == b.save()
                assert g.save() != b.save()         # independent: g did not move


def test_pickled_matches_are_equal_and_independent():
    for players in (2, 3, 4):
        m = gr.Match("standard", seed=4, players=players)
        if players == 2:
            g = m.deal()
            _finish(g, gr.Bot("greedy", 2))
            m.record(g)
        for twin in _round_trips(m):
            assert twin.save() == m.save() and twin.standing() == m.standing()
            assert twin.rules.as_dict() == m.rules.as_dict()
    m = gr.Match("standard", seed=4)
    twin = pickle.loads(pickle.dumps(m))
    g = twin.deal()
    _finish(g, gr.Bot("greedy", 3))
    twin.record(g)
    assert m.score().hands_played == 0 and twin.score().hands_played == 1


def test_pickled_rummy_games_and_matches_are_equal_and_independent():
    r = rummy.RummyRules(players=3, jokers=1)
    g = rummy.RummyGame(r, seed=2)
    for _ in range(5):
        g.play(g.legal_moves()[0])
    m = rummy.RummyMatch(r, seed=3)
    m.record(g.clone().playout("basic", seed=1))
    for twin in _round_trips(g):
        assert twin.save() == g.save() and twin.rules.as_dict() == r.as_dict()
        twin.play(twin.legal_moves()[0])
        assert twin.save() != g.save()
    for twin in _round_trips(m):
        assert twin.save() == m.save() and twin.rules.as_dict() == r.as_dict()
        twin.undo()
        assert len(m.results()) == 1 and twin.results() == []


@pytest.mark.parametrize("kind", gr.BOTS)
def test_pickled_bots_keep_their_kind_seed_and_settings(kind):
    """The copy is the bot made and set again: it decides as a new bot of
    the same kind, seed and settings (and, greedy, as the original)."""
    bot = gr.Bot(kind, 5)
    if kind == "expert":
        bot.set_param("playouts", 40)
        bot.set_rules("standard")
        bot.set_score(30, 60)
    g = gr.Game("standard", seed=8)
    used = bot.choose(g.view(g.turn))            # the original moves on
    for twin in _round_trips(bot) + [copy.copy(bot)]:
        fresh = gr.Bot(kind, 5)
        if kind == "expert":
            fresh.set_param("playouts", 40)
            fresh.set_rules("standard")
            fresh.set_score(30, 60)
        a, b = g.clone(), g.clone()
        for _ in range(12):
            if a.over:
                break
            ma, mb = twin.choose(a.view(a.turn)), fresh.choose(b.view(b.turn))
            assert ma == mb
            a.play(ma)
            b.play(mb)
        if kind == "greedy":
            assert twin.choose(g.view(g.turn)) == used
        twin.close()
        assert not bot.closed                      # its own handle
    rb = rummy.RummyBot(kind, 3, rules=rummy.RummyRules(players=3), playouts=20)
    rg = rummy.RummyGame(rummy.RummyRules(players=3), seed=1)
    for twin in _round_trips(rb) + [copy.copy(rb)]:
        fresh = rummy.RummyBot(kind, 3, rules=rummy.RummyRules(players=3), playouts=20)
        v = rg.view(rg.turn)
        assert twin.choose(v) == fresh.choose(v)


@needs_numpy
@pytest.mark.parametrize("reward", ["hand", "match"])
def test_pickled_environments_go_on_as_the_original(reward):
    env = gr.GinRummyEnv("standard", seed=6, reward=reward)
    rng = np.random.default_rng(2)
    env.reset()
    for hand in range(3):
        for _ in range(int(rng.integers(0, 40))):
            if env.current_player < 0:
                break
            env.step(int(rng.choice(env.legal_actions())))
        for twin in _round_trips(env):
            assert np.array_equal(twin.observe(0), env.observe(0))
            assert np.array_equal(twin.action_mask(), env.action_mask())
            assert twin.last()[1:4] == env.last()[1:4]
            a, b = copy.copy(env), twin
            r2 = np.random.default_rng(hand)
            for _ in range(300):           # both play on, through the next deal
                if a.current_player < 0:
                    oa, _ = a.reset()
                    ob, _ = b.reset()
                    assert np.array_equal(oa, ob)
                act = int(r2.choice(a.legal_actions()))
                ra, rb = a.step(act), b.step(act)
                assert np.array_equal(ra[0], rb[0]) and np.array_equal(ra[1], rb[1])
                assert ra[2:4] == rb[2:4]
        if env.current_player < 0:
            env.reset()


@needs_numpy
def test_action_history_keeps_long_hands_and_restores():
    """A batch's history (what pickling replays) keeps every action of a
    hand that outlasts its ring (grown), forgets ended hands, restores."""
    from ginrummy.vec_env import ActionHistory
    h = ActionHistory(3)
    rng = np.random.default_rng(4)
    kept = [[], [], []]
    for t in range(700):
        acts = rng.integers(0, 241, 3).astype(np.int32)
        ended = np.array([1]) if t % 50 == 49 else np.array([], dtype=np.int64)
        h.record(acts, ended)
        for i in range(3):
            kept[i].append(int(acts[i]))
        for i in ended.tolist():
            kept[i] = []
    assert [x.tolist() for x in h.hands()] == kept and h.steps.shape[0] >= 700
    g = ActionHistory(3)
    g.restore(h.hands())
    assert [x.tolist() for x in g.hands()] == kept
