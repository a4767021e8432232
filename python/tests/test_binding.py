"""The binding: cards, melds, rules, games, matches, bots, errors, memory."""
import gc
import os

import pytest

import ginrummy as gr
from ginrummy import _lib


def test_struct_sizes_match_the_library():
    for name, cls in _lib.STRUCTS.items():
        assert _lib.ffi.sizeof(cls) == _lib.lib.gr_struct_size(name.encode()), name


def test_G1_cards_parse_format_iterate():
    assert gr.Card("AC") == 0 and gr.Card("KS") == 51 and gr.Card("10h") == gr.Card("TH")
    assert str(gr.Card(22)) == "10D" and gr.Card("QS").rank == 11 and gr.Card("QS").suit == 3
    hand = gr.Cards("AS 2S,3S KD")
    assert len(hand) == 4 and "2S" in hand and gr.Card("4S") not in hand and "zz" not in hand
    assert [str(c) for c in hand] == ["KD", "AS", "2S", "3S"]
    assert str(hand - gr.Cards("KD")) == "AS 2S 3S"
    assert gr.Cards([0, 1, 2]) == gr.Cards("AC 2C 3C") and (hand | "4S").points == 20
    assert gr.Cards("AS 2S 3S").meld_kind == 2 and gr.Cards("7C 7D 7H").meld_kind == 1


def test_errors_carry_the_status():
    with pytest.raises(gr.ParseError) as e:
        gr.Card("1Z")
    assert e.value.status == -6 and e.value.name == "GR_EPARSE"
    with pytest.raises(gr.InvalidArgument) as e:
        gr.Cards("AS AS")
    assert e.value.status == -1
    with pytest.raises(gr.InvalidArgument):
        gr.Rules("standard", knock_limit=11)
    with pytest.raises(gr.InvalidArgument):
        gr.Rules("nonsense")


@pytest.mark.skipif(not gr._lib.HAVE_REASONS, reason="no refusal reasons in this library")
def test_refusals_carry_the_reason():
    g = gr.Game("standard", seed=1)
    with pytest.raises(gr.WrongState) as e:
        g.play("DISCARD AS")
    assert e.value.status == -2 and e.value.reason_name and e.value.reason_text
    assert e.value.reason_text in str(e.value)


def test_G5_deadwood_arrange_best_discard():
    assert gr.deadwood("AS 2S 3S 7H 8D") == 15
    a = gr.arrange("AS 2S 3S 7C 7D 7H KD")
    assert set(a.melds) == {gr.Cards("AS 2S 3S"), gr.Cards("7C 7D 7H")}
    assert a.deadwood == gr.Cards("KD") and a.deadwood_points == 10
    card, left = gr.best_discard("AS 2S 3S 7C 7D 7H KD QD")
    assert str(card) == "KD" and left == 10


def test_G17_lay_off_and_settle():
    knocker = gr.Arrangement.of(["AC 2C 3C", "4D 5D 6D", "7H 7S 7C"], "9S")
    d = gr.lay_off(knocker, "4C 5C 7D 8H 9H 10H QD KD QH JC")
    assert d.laid_off == gr.Cards("4C 5C 7D") and d.deadwood_points == 40
    r = gr.settle(gr.Rules("standard", knock_limit=10), knocker,
                  "4C 5C 7D 8H 9H 10H QD KD QH JC")
    assert r.outcome == gr.Outcome.KNOCK and r.winner == 0 and r.points == 31
    gr.layoff_check(knocker, "4C 5C 7D 8H 9H 10H QD KD QH JC", d)


def test_G29_illegal_knock_stands():
    knocker = gr.Arrangement.of(["AC 2C 3C", "4D 5D 6D", "7H 7S 7C"], "QS")   # 10 points
    rules = gr.Rules("standard", knock_limit=5)
    with pytest.raises(gr.IllegalMove):
        gr.settle(rules, knocker, "4C 5C 7D 8H 9H 10H QD KD QH JC")
    r = gr.settle_illegal_knock(rules, knocker, "4C 5C 7D 8H 9H 10H QD KD QH JC")
    assert r.outcome == gr.Outcome.KNOCK and r.points == 40 - 10
    # G29 with G33: the knocker in seat 1, an ace upcard under Oklahoma doubles
    okla = gr.Rules("standard", knock_limit=5, oklahoma=1, oklahoma_ace_doubles=1)
    r = gr.settle_illegal_knock(okla, knocker, "4C 5C 7D 8H 9H 10H QD KD QH JC",
                                knocker_seat=1, upcard="AH")
    assert (r.knocker, r.winner, r.multiplier, r.points) == (1, 1, 2, 2 * (40 - 10))
    with pytest.raises(gr.InvalidArgument):
        gr.settle_illegal_knock(okla, knocker, "4C 5C 7D 8H 9H 10H QD KD QH JC",
                                upcard="QS")   # in the knocker's hand
    major, minor, patch = (int(x) for x in gr.version().split("."))
    assert gr.version_number() == major * 10000 + minor * 100 + patch


def test_rules_by_keyword():
    r = gr.Rules("standard", knock_limit=7, gin_bonus=30)
    assert r["knock_limit"] == 7 and r.as_dict()["gin_bonus"] == 30
    assert {o.name for o in gr.options()} >= {"knock_limit", "gin_bonus"}


def _play_out(game, bot):
    while not game.over:
        game.play(bot.choose(game.view(game.turn)))


def test_game_every_legal_move_accepted_every_other_refused():
    bot = gr.Bot("greedy", 5)
    all_moves = [gr.Move(gr.MoveType(t), None) for t in (1, 2, 3, 4, 8)] + \
        [gr.Move(gr.MoveType(t), gr.Card(c)) for t in (5, 6, 7) for c in range(52)]
    for seed in range(3):
        g = gr.Game("standard", seed=seed)
        while not g.over:
            legal = g.legal_moves()
            before = g.save()
            for m in all_moves:
                ok = m in legal or (m.card is None and any(x.type == m.type for x in legal)
                                    and m.type in (1, 4))
                c = g.clone()
                if ok:
                    c.play(m)
                else:
                    with pytest.raises(gr.GinRummyError):
                        c.play(m)
                    assert c.save() == before
            g.play(bot.choose(g.view(g.turn)))


def test_game_save_load_view_result():
    g = gr.Game("standard", seed=11)
    _play_out(g, gr.Bot("greedy", 1))
    h = gr.Game.load(g.save())
    assert h.result() == g.result() and h.history() == g.history()
    v = g.view(0)
    assert v.player == 0 and v.phase == gr.Phase.OVER and v.legal == ()
    with pytest.raises(gr.WrongState):
        gr.Game("standard", seed=1).result()


def test_match_to_the_end():
    m = gr.Match("standard", seed=4)
    bots = [gr.Bot("greedy", 1), gr.Bot("random", 2)]
    while not m.over:
        g = m.deal()
        while not g.over:
            g.play(bots[g.turn].choose(g.view(g.turn)))
        m.record(g)
    s = m.score()
    assert s.over and s.winner in (0, 1) and s.total[s.winner] - s.total[1 - s.winner] == s.margin


def _rss_kb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /proc")
def test_handles_are_freed_memory_does_not_grow():
    bot = gr.Bot("random", 3)

    def loop(n):
        for i in range(n):
            r = gr.Rules("standard")
            g = gr.Game(r, seed=i)
            _play_out(g, bot)
            g.clone().save()
            m = gr.Match(r, seed=i)
            m.deal()
            gr.GinRummyEnv(seed=i).reset()
        gc.collect()

    # the allocators settle after a few rounds; then a handle leaked per
    # loop (a game is over 1 kB) would add more than a megabyte over three
    # rounds of 500
    sizes = []
    for _ in range(6):
        loop(500)
        sizes.append(_rss_kb())
    assert sizes[5] - sizes[2] < 1024, sizes


def test_cli_selfplay_and_play(capsys):
    from ginrummy.__main__ import main
    assert main(["selfplay", "--matches", "2", "--seed", "3"]) == 0
    assert "2 matches" in capsys.readouterr().out
    assert main(["play", "--auto", "--seed", "7", "--ascii", "--rule", "knock_limit=7"]) == 0
    assert "wins the match" in capsys.readouterr().out
    assert main(["selfplay", "--matches", "1", "--preset", "openspiel", "--bots",
                 "random,greedy"]) == 0
    assert "1 matches" in capsys.readouterr().out


def test_cli_selfplay_gives_the_bots_the_rules(capsys, monkeypatch):
    # as gin-selfplay: every bot gets the match's rules, so the expert
    # plays by --preset and --rule, not by the default preset
    import ginrummy.__main__ as cli
    seen = []
    real = cli.Bot.set_rules
    monkeypatch.setattr(cli.Bot, "set_rules",
                        lambda self, rules: (seen.append(rules["knock_limit"]),
                                             real(self, rules))[1])
    assert cli.main(["selfplay", "--matches", "1", "--bots", "expert,greedy",
                     "--rule", "knock_limit=7"]) == 0
    assert "expert" in capsys.readouterr().out
    assert seen and all(k == 7 for k in seen)


@pytest.mark.parametrize("players", [3, 4])
def test_G40_cli_players(players, capsys):
    from ginrummy.__main__ import main
    assert main(["selfplay", "--matches", "2", "--players", str(players)]) == 0
    assert f"{players} players" in capsys.readouterr().out
    assert main(["play", "--auto", "--seed", "3", "--players", str(players)]) == 0
    out = capsys.readouterr().out              # as gin-play: "North & South win the match"
    assert ("win the match by" if players == 4 else "wins the match by") in out


@pytest.mark.parametrize("players", [3, 4])
def test_G40_matches_of_three_and_four(players):
    m = gr.Match("standard", seed=players, players=players)
    assert m.players == players and m.tables() == (2 if players == 4 else 1)
    bot = gr.Bot("greedy", 1)
    seats_played = set()
    while not m.over:
        for i in range(m.tables()):
            t = m.table(i)
            seats_played.update(t.seats)
            g = m.deal_table(i)
            assert g.dealer == t.dealer
            while not g.over:
                g.play(bot.choose(g.view(g.turn)))
            m.record_table(i, g)
    s = m.standing()
    assert s.over and s.nsides == (3 if players == 3 else 2)
    assert seats_played == set(range(players))
    assert s.total[s.winner] == max(s.total)


def test_G35_hollywood():
    m = gr.Match("standard", seed=8, hollywood=1)
    bot = gr.Bot("greedy", 2)
    while not m.over:
        g = m.deal()
        while not g.over:
            g.play(bot.choose(g.view(g.turn)))
        m.record(g)
    games = [m.standing(i) for i in range(3)]
    assert all(x.over for x in games)
    assert sum(x.total[0] for x in games) == m.standing().total[0]
