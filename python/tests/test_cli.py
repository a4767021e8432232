"""`python3 -m ginrummy play` takes gin-play's commands: words and their
abbreviations, a bare card, hint, help, quit with confirmation.  Driven by
a piped script, as a person at a terminal would (test_play_parity.py
compares whole transcripts with gin-play's)."""
import io
import os
import subprocess
import sys

import ginrummy as gr
from ginrummy.gin_play import GinPlay, Player, parse_command

HERE = os.path.dirname(os.path.abspath(__file__))


def _run(script: str, *args: str) -> str:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.dirname(HERE) + os.pathsep + env.get("PYTHONPATH", "")
    p = subprocess.run([sys.executable, "-m", "ginrummy", "play", "--ascii", *args],
                       input=script, capture_output=True, text=True, env=env, timeout=120)
    assert p.returncode == 0, p.stderr
    return p.stdout


def test_play_piped_script():
    # seed 3: seat 1 passes the upcard QS; we take it (T), discard 8H as a
    # bare card, ask a hint, draw (D), then try bad commands and quit
    out = _run("?\nT\n8h\nhint\nD\nk 2c\ngin\nbig\nfoo 1\nq\nn\nquit\ny\n", "--seed", "3")
    assert "quit, q           leave the match (asks first)" in out     # help
    assert "You take the upcard QS" in out and "You discard 8H" in out
    assert "You draw from the stock" in out and "Bot passes" in out
    assert "Hint: taking JD and discarding 8C leaves deadwood 35" in out
    assert "Expert: draw from the stock" in out and "By deadwood alone: draw." in out
    assert "You do not hold 2C." in out       # the library's reason, in words
    assert "No discard gives gin now." in out
    assert 'Unknown command "big"' in out and 'Unknown command "foo"' in out
    assert out.count("Really leave the match? [y/N]") == 2   # "n" stays, "y" leaves
    assert out.rstrip().endswith("You left the match.")


def test_play_end_of_input_leaves():
    out = _run("p\n", "--seed", "3")
    assert "You pass" in out and "End of input: the match is left unfinished." in out


def test_parse_command_words_and_abbreviations():
    g = gr.Game("standard", seed=3)
    v = g.view(g.turn)
    M, T = gr.Move, gr.MoveType
    assert parse_command("t", v).move.type == T.TAKE_UPCARD
    assert parse_command("TAKE", v).move.card == g.upcard
    assert parse_command("pass", v).move == M(T.PASS)
    assert parse_command("d", v).move == M(T.DRAW_STOCK)
    assert parse_command("x 7h", v).move == M(T.DISCARD, gr.Card("7H"))
    assert parse_command("10s", v).move == M(T.DISCARD, gr.Card("10S"))
    assert parse_command("k 7H", v).move == M(T.KNOCK, gr.Card("7H"))
    assert parse_command("big gin", v).move == M(T.BIG_GIN)
    assert [parse_command(w, v).kind for w in ("?", "help", "h", "hint", "q", "quit", "")] == \
        ["help", "help", "help", "hint", "quit", "quit", "empty"]
    for bad, msg in [("knock", "Name the card"), ("x 7z", "is not a card"),
                     ("hint me", "takes nothing after it"), ("d 7h", "Too many words"),
                     ("fold", "Unknown command"), ("g", "Draw first")]:
        c = parse_command(bad, v)
        assert c.kind == "error" and msg in c.message, bad
    g.play("TAKE_UPCARD")
    g.play(gr.Move(gr.MoveType.DISCARD, g.best_discard()[0]))
    assert parse_command("t", g.view(g.turn)).move.type == T.DRAW_DISCARD


def _typed(monkeypatch, text):
    """What the person types, as the program's standard input."""
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))


def test_choose_layoffs_after_the_bot_knocked(monkeypatch, capsys):
    bot = gr.Bot("greedy", 1)
    for seed in range(1, 200):
        g = gr.Game("standard", seed=seed)
        while not g.over:
            g.play(bot.choose(g.view(g.turn)))
        r = g.result()
        if r.outcome == gr.Outcome.KNOCK and len(r.defense.laid_off):
            break
    else:
        raise AssertionError("no knock with layoffs found")
    me = 1 - r.knocker
    _typed(monkeypatch, "ZZ\nnone\n")
    pl = [Player("Bot", False, bot), Player("You", True, None)]
    GinPlay(True, None, False).choose_layoffs(g, pl if me == 1 else pl[::-1])
    out = capsys.readouterr().out
    assert "You can lay off now:" in out and "The best layoffs:" in out
    assert '"ZZ" is not a card' in out
    after = g.result()
    assert len(after.defense.laid_off) == 0
    assert after.defender_deadwood > r.defender_deadwood


def test_choose_knock_offers_the_arrangements(monkeypatch, capsys):
    bot = gr.Bot("greedy", 1)
    found = None
    for seed in range(1, 300):
        g = gr.Game("standard", seed=seed)
        while not g.over and found is None:
            v = g.view(g.turn)
            for m in v.legal:
                if m.type == gr.MoveType.KNOCK and len(gr.arrangements(
                        v.hand - gr.Cards([m.card]), v.knock_limit)) > 1:
                    found = (g, v, m.card)
                    break
            if found is None:
                g.play(bot.choose(v))
        if found:
            break
    assert found, "no knock with a choice of arrangements"
    g, v, card = found
    options = gr.arrangements(v.hand - gr.Cards([card]), v.knock_limit)
    _typed(monkeypatch, "99\n2\n")
    shown = GinPlay(True, None, False).choose_knock(v, card)
    out = capsys.readouterr().out
    assert "You may show:" in out and "Type a number from 1 to" in out
    assert shown in options
    g.knock(card, shown)                      # the library accepts it
    assert g.over and g.result().knocker_arrangement == shown


def test_bench_finds_the_build_tree_itself():
    """python3 python/bench.py, as python/README.md shows it, run from the
    build tree without GINRUMMY_LIBRARY or GINRUMMY_FFI: it loads the
    library of that build tree and says so (a tiny run: 1 ms a figure)."""
    lib = os.environ.get("GINRUMMY_LIBRARY", "")
    build = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(lib))))
    if not os.path.exists(os.path.join(build, "lib", ".libs", "libginrummy.so.0")):
        import pytest
        pytest.skip("the library is not that of a build tree")
    env = {k: v for k, v in os.environ.items()
           if k not in ("GINRUMMY_LIBRARY", "GINRUMMY_FFI", "PYTHONPATH")}
    env["BENCH_REPS"] = "1"
    p = subprocess.run([sys.executable, os.path.join(os.path.dirname(HERE), "bench.py"),
                        "0.001"], cwd=build, capture_output=True, text=True, env=env,
                       timeout=300)
    assert p.returncode == 0, p.stderr
    first = p.stdout.splitlines()[0]
    assert first == f"library: {os.path.join(build, 'lib', '.libs', 'libginrummy.so.0')}", \
        p.stdout
    assert "GinRummyEnv.step" in p.stdout
