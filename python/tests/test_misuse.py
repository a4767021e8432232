"""A program misusing the Python objects gets an exception, never a crash
or corrupted memory: copies of handle-owning objects never share the C
handle, closed objects refuse every call, the vectorised environment's
buffers cannot be rebound, deleted, resized or written, and one object
used from two threads is used by one at a time."""
import copy
import gc
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


def _uncopyable():
    out = [("Bot", lambda: gr.Bot("expert", 1)),
           ("RummyBot", lambda: rummy.RummyBot("greedy", 1))]
    if np is not None:
        out.append(("VecGinRummyEnv", lambda: gr.VecGinRummyEnv(2, seed=1)))
    return out


@pytest.mark.parametrize("name,make", _uncopyable(), ids=[u[0] for u in _uncopyable()])
def test_objects_the_library_cannot_copy_refuse_to_be_copied(name, make):
    obj = make()
    for copier in (copy.copy, copy.deepcopy):
        with pytest.raises(TypeError, match="cannot be copied"):
            copier(obj)
    del obj
    gc.collect()
    make()          # the handle was freed once: the allocator is sound


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
