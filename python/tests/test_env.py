"""The environment: OpenSpiel encodings, legality, leaks, scores, batches."""
import numpy as np
import pytest

import ginrummy as gr
from ginrummy.env import (GinRummyEnv, VecGinRummyEnv, card_from_openspiel, card_to_openspiel,
                          meld_cards, meld_id, OBS_LAYOUT, DRAW_UPCARD, DRAW_STOCK, PASS, KNOCK,
                          MELD_BASE)
from ginrummy.seeding import STREAMS, derive_seed


def deck_of(p0, p1, upcard, rest_first=()):
    """A stacked deck: player 0 (non-dealer) gets p0, player 1 p1, then the
    upcard, then the stock from the top."""
    p0, p1 = [gr.Card(c) for c in p0.split()], [gr.Card(c) for c in p1.split()]
    deck = [c for pair in zip(p0, p1) for c in pair] + [gr.Card(upcard)]
    deck += [gr.Card(c) for c in rest_first.split()] if rest_first else []
    deck += [c for c in gr.Cards.all() if c not in deck]
    assert len(set(deck)) == 52
    return deck


def test_openspiel_card_and_meld_ids():
    # OpenSpiel: suits s c d h, id = suit * 13 + rank
    assert card_to_openspiel("AS") == 0 and card_to_openspiel("AC") == 13
    assert card_to_openspiel("KH") == 51 and card_to_openspiel("9S") == 8
    assert all(card_to_openspiel(card_from_openspiel(i)) == i for i in range(52))
    assert meld_cards(0) == gr.Cards("AC AD AH")          # aces, spade missing
    assert meld_cards(1) == gr.Cards("AS AD AH")          # club missing
    assert meld_cards(4) == gr.Cards("AC AD AH AS")
    assert meld_cards(64) == gr.Cards("KC KD KH KS")
    assert meld_cards(65) == gr.Cards("AS 2S 3S")
    assert meld_id("2C 3C 4C") == 65 + 11 + 1
    assert meld_id("AH 2H 3H 4H 5H") == 149 + 3 * 9
    assert meld_cards(184) == gr.Cards("9H 10H JH QH KH")
    assert len({meld_cards(i) for i in range(185)}) == 185
    with pytest.raises(gr.InvalidArgument):
        meld_id("AS 2S 3S 4S 5S 6S")


KNOCK_DECK = dict(p0="AC 2C 3C 4D 5D 6D 7H 7S 7C KS",
                  p1="4C 5C 7D 8H 9H 10H QD KD QH JC", upcard="9S")


def test_observation_hand_worked_deal():
    env = GinRummyEnv()
    obs, info = env.reset(options={"deck": deck_of(**KNOCK_DECK)})
    assert obs.shape == (644,) and info["player"] == 0
    assert list(np.flatnonzero(info["action_mask"])) == [DRAW_UPCARD, PASS]
    sl = {k: obs[a:b] for k, (a, b) in OBS_LAYOUT.items()}
    assert list(sl["player"]) == [1, 0] and list(sl["current_player"]) == [1, 0]
    hand0 = {card_to_openspiel(c) for c in KNOCK_DECK["p0"].split()}
    assert set(np.flatnonzero(sl["hands"][:52])) == hand0
    assert not sl["hands"][52:].any()                     # nothing of player 1
    assert sl["knock_limit"].sum() == 10
    assert list(np.flatnonzero(sl["upcard"])) == [8]      # 9S
    assert not sl["discard_pile"].any() and sl["stock_size"].sum() == 31
    obs1 = env.observe(1)
    assert set(np.flatnonzero(obs1[2 + 52:106])) == {card_to_openspiel(c) for c in
                                                       KNOCK_DECK["p1"].split()}


def test_knock_sequence_scores_as_openspiel():
    """Player 0 takes 9S, knocks discarding KS, lays three melds; player 1
    lays off 4C 5C 7D, melds 8H-10H: OpenSpiel returns 40 - 9 = 31."""
    env = GinRummyEnv()
    env.reset(options={"deck": deck_of(**KNOCK_DECK)})
    os = card_to_openspiel
    steps = [DRAW_UPCARD, KNOCK, os("KS"),
             MELD_BASE + meld_id("AC 2C 3C"), MELD_BASE + meld_id("4D 5D 6D"),
             MELD_BASE + meld_id("7H 7S 7C"), PASS,
             os("4C"), os("5C"), os("7D"), PASS, MELD_BASE + meld_id("8H 9H 10H")]
    for a in steps:
        assert env.action_mask()[a], gr.env.action_to_string(a)
        obs, rew, term, trunc, info = env.step(a)
        assert not term
    # 9S just taken may not be the knock discard (G11); checked before
    obs, rew, term, trunc, info = env.step(PASS)
    assert term and not trunc and list(rew) == [31, -31]
    r = env.game.result()
    assert r.outcome == gr.Outcome.KNOCK and r.defender_deadwood == 40
    # the melds are public
    o = env.observe(1)
    assert o[274 + meld_id("AC 2C 3C")] == 1 and o[459 + meld_id("8H 9H 10H")] == 1


def test_knock_with_worse_melds_scores_what_was_laid():
    """The defender lays nothing off: his deadwood counts every card left."""
    env = GinRummyEnv()
    env.reset(options={"deck": deck_of(**KNOCK_DECK)})
    os = card_to_openspiel
    for a in [DRAW_UPCARD, KNOCK, os("KS"), MELD_BASE + meld_id("AC 2C 3C"),
              MELD_BASE + meld_id("4D 5D 6D"), MELD_BASE + meld_id("7H 7S 7C"), PASS,
              PASS, PASS]:
        obs, rew, term, trunc, info = env.step(a)
    total = gr.Cards(KNOCK_DECK["p1"]).points
    assert term and list(rew) == [total - 9, -(total - 9)]


_bot = gr.Bot("greedy", 9)


def _policy(env, rng):
    """The greedy bot's move up to a knock, then melds and layoffs."""
    legal = np.flatnonzero(env.action_mask())
    if KNOCK in legal:
        return KNOCK
    melds = legal[legal >= MELD_BASE]
    if len(melds):
        return melds[-1]
    if PASS in legal and DRAW_STOCK not in legal and DRAW_UPCARD not in legal:
        cards = legal[legal < 52]
        return cards[0] if len(cards) and rng.random() < 0.7 else PASS
    if rng.random() < 0.1:
        return rng.choice(legal)
    g = env.game
    if g.over:
        return rng.choice(legal)
    m = _bot.choose(g.view(g.turn))
    a = {gr.MoveType.TAKE_UPCARD: DRAW_UPCARD, gr.MoveType.DRAW_DISCARD: DRAW_UPCARD,
         gr.MoveType.DRAW_STOCK: DRAW_STOCK, gr.MoveType.PASS: PASS}.get(m.type)
    if a is None:
        a = card_to_openspiel(m.card) if m.card is not None else KNOCK
    return a if a in legal else rng.choice(legal)


def test_every_legal_action_accepted_every_other_refused():
    rng = np.random.default_rng(1)
    env = GinRummyEnv(seed=100)
    phases_seen = set()
    for hand in range(4):
        env.reset()
        while env.current_player >= 0:
            mask = env.action_mask()
            obs = env.observe(env.current_player)
            for a in range(241):
                if mask[a]:
                    c = env.clone()
                    c.step(a)
                else:
                    with pytest.raises(gr.GinRummyError):
                        env.step(a)
            assert (env.action_mask() == mask).all()
            assert (env.observe(env.current_player) == obs).all()
            a = _policy(env, rng)
            phases_seen.add(int(a >= MELD_BASE))
            env.step(a)
    assert phases_seen == {0, 1}


def test_observation_leaks_nothing_of_the_opponents_hidden_cards():
    """Two deals that differ only in player 1's hidden cards (swapped with
    cards deep in the stock): player 0 sees the same thing throughout."""
    base = deck_of(**KNOCK_DECK)
    other = list(base)
    # swap player 1's QD and KD (deck[11], deck[13]) with the two bottom cards
    other[11], other[51] = base[51], base[11]
    other[13], other[50] = base[50], base[13]
    envs = [GinRummyEnv(), GinRummyEnv()]
    for e, d in zip(envs, (base, other)):
        e.reset(options={"deck": d})
    os = card_to_openspiel
    # 0 passes, 1 passes, 0 draws stock and discards KS, 1 draws stock, discards 8H
    for a in [PASS, PASS, DRAW_STOCK, os("KS"), DRAW_STOCK, os("8H"), DRAW_UPCARD]:
        o = [e.observe(0) for e in envs]
        assert (o[0] == o[1]).all()
        for e in envs:
            e.step(a)
    assert (envs[0].observe(0) == envs[1].observe(0)).all()
    assert not (envs[0].observe(1) == envs[1].observe(1)).all()


def test_random_hands_end_with_zero_sum_scores():
    rng = np.random.default_rng(2)
    env = GinRummyEnv(seed=7)
    ended = 0
    for _ in range(40):
        env.reset()
        while True:
            obs, rew, term, trunc, info = env.step(_policy(env, rng))
            if term or trunc:
                break
        assert rew[0] == -rew[1]
        ended += 1
    assert ended == 40


def _deck_line(saved):
    """The cards of the deck line of a game's saved text."""
    return next(ln for ln in saved.splitlines() if ln.startswith("deck ")).split()[1:]


def _deck_of_seed(seed):
    """The deck gr_env_reset(seed) deals: gr_game_new(rules, seed, 1)'s."""
    return _deck_line(gr.Game("openspiel", seed=seed, dealer=1).save())


def _deck_in_play(env_ptr):
    """The deck of the hand an environment (a gr_env pointer) plays."""
    from ginrummy._calls import text
    from ginrummy._lib import lib
    return " ".join(_deck_line(text(lib.gr_game_save, lib.gr_env_game(env_ptr))))


def test_vectorised_matches_single_environments():
    """A batch of n steps as n single environments do, new deals included:
    environment i's hand k of the run seeded s, reset r, is dealt from
    gr_seed_derive(derive_seed(s, 3, r), i, k)."""
    n, seed = 8, 50
    v = VecGinRummyEnv(n, seed=seed)
    v.reset()
    v.reset()                           # the run's second reset
    base = derive_seed(seed, STREAMS["batch"], 1)
    singles = [GinRummyEnv() for i in range(n)]
    hand = [0] * n
    for i, s in enumerate(singles):
        s.reset(options={"deck": _deck_of_seed(derive_seed(base, i, 0))})
    for step in range(400):
        for i, s in enumerate(singles):
            assert (s.observe(s.current_player) == v.obs[i]).all()
            assert (s.action_mask() == v.mask[i]).all() and v.player[i] == s.current_player
        acts = v.random_actions().copy()
        v.step(acts)
        for i, s in enumerate(singles):
            _, rew, term, trunc, _ = s.step(int(acts[i]))
            assert list(v.rewards[i]) == list(rew)
            assert v.done[i] == (2 if trunc else 1 if term else 0)
            if term or trunc:
                hand[i] += 1
                s.reset(options={"deck": _deck_of_seed(derive_seed(base, i, hand[i]))})
    assert min(hand) >= 2
    # one illegal action: nothing is played anywhere
    before = v.obs.copy()
    acts = np.array([int(np.flatnonzero(v.mask[i])[0]) for i in range(n)])
    acts[3] = int(np.flatnonzero(v.mask[3] == 0)[0])
    with pytest.raises(gr.IllegalMove):
        v.step(acts)
    assert (v.observe(0, int(v.player[0])) == before[0]).all()


def test_match_rewards():
    env = GinRummyEnv("standard", reward="match", seed=3)
    rng = np.random.default_rng(3)
    over = False
    hands = 0
    while not over:
        env.reset()
        hands += 1
        while True:
            obs, rew, term, trunc, info = env.step(_policy(env, rng))
            if term or trunc:
                break
        over = info["match_over"]
    assert hands >= 2 and info["match_score"].over


@pytest.mark.parametrize("seed", [1, 3, 5])
def test_match_players_map_rewards_to_match_score(seed):
    """rewards are by the hand's player, match_score by match player:
    match_players maps the one to the other, so the match's winner gets
    the final margin."""
    env = GinRummyEnv(reward="match", seed=seed)
    rng = np.random.default_rng(seed)
    seen = set()
    for _ in range(3):                                  # three matches
        over = False
        while not over:
            _, info = env.reset()
            first = info["match_players"]
            while True:
                obs, rew, term, trunc, info = env.step(_policy(env, rng))
                if term or trunc:
                    break
            assert info["match_players"] == first
            seen.add(first)
            over = info["match_over"]
        score = info["match_score"]
        hand_winner = info["match_players"].index(score.winner)
        assert rew[hand_winner] > 0 > rew[1 - hand_winner]
    assert seen == {(0, 1), (1, 0)}


def test_G36_tie_scores_zero_as_openspiel():
    """Knocker 9 (9S), defender 2D 3S 4H = 9 after layoffs and a 4-card run:
    OpenSpiel's Returns() gives 0 to both."""
    deck = deck_of(p0=KNOCK_DECK["p0"], p1="4C 5C 7D 8H 9H 10H JH 2D 3S 4H", upcard="9S")
    env = GinRummyEnv()
    env.reset(options={"deck": deck})
    os = card_to_openspiel
    for a in [DRAW_UPCARD, KNOCK, os("KS"), MELD_BASE + meld_id("AC 2C 3C"),
              MELD_BASE + meld_id("4D 5D 6D"), MELD_BASE + meld_id("7H 7S 7C"), PASS,
              os("4C"), os("5C"), os("7D"), PASS, MELD_BASE + meld_id("8H 9H 10H JH")]:
        env.step(a)
    obs, rew, term, trunc, info = env.step(PASS)
    assert term and list(rew) == [0, 0]
    assert env.game.result().outcome == gr.Outcome.TIE


def _to_wall(env, rng, seeds):
    """Play hands until one reaches the wall (G38) with a knock possible."""
    for seed in seeds:
        env.reset(seed=seed)
        while env.current_player >= 0:
            g = env.game
            if g.phase == gr.Phase.WALL and env.action_mask()[KNOCK]:
                return True
            a = _policy(env, rng)
            if a == KNOCK and g.phase != gr.Phase.WALL:
                a = PASS if env.action_mask()[PASS] else int(
                    np.flatnonzero(env.action_mask()[:52])[0])   # keep the hand going
            env.step(a)
    return False


def test_G38_wall_knock_and_pass():
    rng = np.random.default_rng(5)
    env = GinRummyEnv()
    assert _to_wall(env, rng, range(1000, 3000))
    assert list(np.flatnonzero(env.action_mask())) == [PASS, KNOCK]
    obs = env.observe(env.current_player)
    assert obs[222:274].sum() == 2 and obs[118:170].sum() == 1   # stock 2, upcard offered
    taken = card_from_openspiel(int(np.flatnonzero(obs[118:170])[0]))
    passed = env.clone()
    _, rew, term, _, _ = passed.step(PASS)
    assert term and list(rew) == [0, 0] and passed.game.result().outcome == gr.Outcome.VOID
    env.step(KNOCK)
    mask = env.action_mask()
    assert mask[:52].any() and not mask[card_to_openspiel(taken)]      # G11
    while env.current_player >= 0:
        env.step(_policy(env, rng))
    r = env.game.result()
    assert r.outcome in (gr.Outcome.KNOCK, gr.Outcome.GIN, gr.Outcome.UNDERCUT, gr.Outcome.TIE)
    _, _, rewards = lib_status(env)
    assert rewards[0] == -rewards[1]


def lib_status(env):
    from ginrummy._lib import ffi, lib
    t, u, r = ffi.new("int *"), ffi.new("int *"), ffi.new("int[2]")
    lib.gr_env_status(env._p, t, u, r)
    return t[0], u[0], (r[0], r[1])


def test_aec_loop():
    env = GinRummyEnv(seed=4)
    env.reset()
    assert env.observation_space().shape == (644,) and env.action_space("player_1").n == 241
    steps = 0
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        assert agent == env.possible_agents[env.current_player] and not (term or trunc)
        assert (obs == env.observe(agent)).all()
        env.step(int(np.flatnonzero(info["action_mask"])[-1]))
        steps += 1
    assert steps > 0 and any(env.terminations.values()) or any(env.truncations.values())
    assert env.rewards["player_0"] == -env.rewards["player_1"]


@pytest.mark.parametrize("preset", gr.PRESETS)
def test_every_preset_plays_in_batches(preset):
    """Any rules work in the environment (turnover stock ends, big gin,
    Oklahoma limits...): random hands end with zero-sum rewards."""
    v = VecGinRummyEnv(16, rules=preset, seed=9)
    v.reset()
    ended = 0
    for _ in range(1500):
        _, rewards, done, mask, player = v.step(v.random_actions())
        assert (rewards[:, 0] == -rewards[:, 1]).all()
        assert (mask.sum(axis=1) > 0).all() and ((player == 0) | (player == 1)).all()
        ended += int((done > 0).sum())
    assert ended > 0


def test_seeds_environments_and_workers_share_no_hand():
    """Every hand of every run from its own stream: over many seeds, the
    first two hands of GinRummyEnv(seed=s) and of each environment of
    VecGinRummyEnv(n, seed=s) (the hands of workers seeded base + rank)
    are pairwise distinct: seed s's hand 1 is not seed s+1's hand 0, nor
    is environment 1 of a batch seeded s environment 0 of one seeded
    s+1.  And the formulas the classes document."""
    seeds, n = range(60), 6
    decks = {}

    def add(deck, who):
        assert deck not in decks, f"{who} deals the hand of {decks[deck]}"
        decks[deck] = who

    for s in seeds:
        env = GinRummyEnv(seed=s)
        for k in range(2):
            env.reset()
            add(_deck_in_play(env._p), ("env", s, k))
            if s < 3:
                assert _deck_in_play(env._p) == " ".join(
                    _deck_of_seed(derive_seed(s, STREAMS["hand"], k)))
        env.reset(seed=s)               # a seed starts its run again
        assert decks[_deck_in_play(env._p)] == ("env", s, 0)
        v = VecGinRummyEnv(n, seed=s)
        v.reset()
        from ginrummy._lib import lib
        hand = [0] * n
        for i in range(n):
            add(_deck_in_play(lib.gr_batch_env(v._p, i)), ("vec", s, i, 0))
        while min(hand) < 1:            # every environment's second hand
            v.step(v.random_actions())
            for i in np.flatnonzero(v.done):
                hand[i] += 1
                add(_deck_in_play(lib.gr_batch_env(v._p, int(i))), ("vec", s, i, hand[i]))
    assert len(decks) >= len(seeds) * (2 + 2 * n)


def test_match_reward_runs_share_no_match():
    """With reward="match", match m of the run seeded s is
    Match(rules, seed=derive_seed(s, 1, m)): seed s's second match is not
    seed s+1's first; reset(seed=s) starts match 0 again, even mid-match."""
    firsts = {}
    for s in range(20):
        env = GinRummyEnv("standard", reward="match", seed=s)
        env.reset()
        deck = _deck_in_play(env._p)
        assert deck not in firsts
        firsts[deck] = s
        want = gr.Match("standard", seed=derive_seed(s, STREAMS["match"], 0)).deal().save()
        assert deck == " ".join(_deck_line(want))
        if s < 3:                       # reset(seed=s) mid-match: the run's match 0 again
            env.reset()
            assert _deck_in_play(env._p) != deck
            env.reset(seed=s)
            assert _deck_in_play(env._p) == deck
