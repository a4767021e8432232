"""``python3 -m ginrummy play`` is gin-play screen for screen: a scripted
player plays gin-play (the C example program) through pipes, with hints,
refused and malformed commands, knocks choosing what to show, layoffs
chosen by hand, the pause between hands and a quit it takes back; then the
same input is piped into both programs with the same seed and options, and
the two transcripts must be equal byte for byte.  The one documented
difference, the program's name in the usage text and option errors, is
compared with the name replaced."""
import re

import pytest

from play_driver import drive, examples_dir, python_cmd, run, run_python

EXAMPLES = examples_dir()
pytestmark = pytest.mark.skipif(EXAMPLES is None, reason="no built examples/ (gin-play)")

GIN_PROMPTS = ("quit]: ", "[y/N]: ", "Enter for 1]: ", "hint ?]: ", "next hand: ")
SUITS = {"\u2663": "C", "\u2666": "D", "\u2665": "H", "\u2660": "S"}

# refused or malformed commands tried now and then, before the real move
MISTAKES = ["foo", "k 2c", "x", "d 7h", "hint me", "big", "gin", "take", "pass", "draw",
            "knock", "x 7z", "10s 9s", "?", "h", "big gin", "g 2c", "k kh"]


def _letters(card: str) -> str:
    return card[:-1] + SUITS.get(card[-1], card[-1])


class GinPlayer:
    """Answers gin-play's prompts: a hint every turn, the advised move in
    the words, abbreviations and bare cards a person uses, a mistake every
    few turns, every layoff answer in turn."""

    def __init__(self, quit_after: int = -1):
        self.n = 0
        self.quit_after = quit_after
        self.pending: list = []
        self.last = ""

    def __call__(self, text: str, prompt: str):
        self.n += 1
        if prompt == "[y/N]: ":
            return "n"
        if prompt == "next hand: ":
            return ""
        if prompt == "Enter for 1]: ":
            return ["0", "2", "", "x", "+1", " 3", "1" + " " * 600][self.n % 7]
        if prompt == "hint ?]: ":      # the layoff prompt
            if not self.pending:
                self.pending = [["hint", "?", "draw", "none 6s", "6s 6s", "ZZ", "AS",
                                 " " * 600 + "none"][self.n % 8],
                                ["", "none", "best"][self.n % 3]]
            ans = self.pending.pop(0)
            if ans == "best":
                m = re.findall(r"The best layoffs: ([^,]*),", text)
                ans = " ".join(_letters(c) for c in m[-1].split()) if m and m[-1] != "none" \
                    else ""
            return ans
        # the move prompt
        if self.n == self.quit_after:
            return "q"
        ans = self._move(text)
        if ans == self.last:           # refused (the wall, G38): something else
            ans = ["draw", "pass", "take"][self.n % 3]
        self.last = ans
        return ans

    def _move(self, text: str) -> str:
        turn = text[text.rfind("\nYour hand: "):]
        if "\nHint:" not in turn and "Expert:" not in turn:
            return "hint"
        if self.n % 5 == 0 and turn.count("\n") < 12:
            return MISTAKES[(self.n // 5) % len(MISTAKES)]
        hint = turn[turn.rfind("Hint:"):]
        if hint.startswith("Hint: big gin"):
            return "big gin"
        if hint.startswith("Hint: gin by"):
            return "gin" if self.n % 2 else "g " + _letters(hint.split()[4].rstrip("."))
        m = re.match(r"Hint: you can knock discarding (\S+)", hint)
        if m:
            return ("knock " if self.n % 2 else "K ") + _letters(m.group(1))
        m = re.search(r"By deadwood alone: (take it|pass|draw)\.", hint)
        if m:
            return {"take it": ["take", "T"], "pass": ["pass", "p"],
                    "draw": ["draw", "D"]}[m.group(1)][self.n % 2]
        m = re.search(r"discard (\S+) \(deadwood", hint)
        if m:
            card = _letters(m.group(1))
            return [card, "x " + card, "discard " + card.lower()][self.n % 3]
        return "draw"


def _same(c_cmd, py_args, typed):
    c, p = run(c_cmd, typed), run_python(py_args[0], py_args[1:], typed)
    assert c.returncode == p.returncode == 0, (c.stderr, p.stderr)
    if c.stdout != p.stdout:          # show where they part
        cl = c.stdout.decode(errors="replace").splitlines()
        pl = p.stdout.decode(errors="replace").splitlines()
        i = next((i for i, (a, b) in enumerate(zip(cl, pl)) if a != b), min(len(cl), len(pl)))
        raise AssertionError(f"line {i + 1}:\n  gin-play: {cl[i:i + 3]}\n  python:   "
                             f"{pl[i:i + 3]}")
    return c.stdout.decode(errors="replace")


SEEN = set()

GIN_CASES = [
    ["--seed", "3", "--ascii"],
    ["--seed", "11", "--ascii", "--bot", "expert"],
    ["--seed", "5", "--preset", "standard"],
    ["--seed", "8", "--ascii", "--preset", "eaai", "--bot", "random"],
    ["--seed", "17", "--ascii", "--preset", "novelty", "--rule", "hollywood=1"],
    ["--seed", "4", "--ascii", "--players", "3"],
    ["--seed", "6", "--ascii", "--players", "4", "--rule=knock_limit=7"],
    # gin only, the wall (G38): hands that end void, refusals at the wall
    ["--seed", "2", "--ascii", "--rule", "wall=1", "--rule", "knock_limit=0", "--rule",
     "target=30"],
]


@pytest.mark.parametrize("args", GIN_CASES, ids=[" ".join(a) for a in GIN_CASES])
def test_gin_play_transcripts_are_equal(args):
    gin_play = [f"{EXAMPLES}/gin-play", *args]
    typed = drive(gin_play, GinPlayer(quit_after=150 if "--players" in args else -1),
                  GIN_PROMPTS, limit=400)
    out = _same(gin_play, ["play", *args], typed)
    for what in ("Expert:", "Hint: taking", "You may show:", "Lay off which cards?",
                 "You do not hold", "Unknown command", "Really leave the match?",
                 "Press Enter for the next hand", "laid down", "Best discard",
                 "is known to hold", "The match is over", "You left the match.",
                 "End of input", "Hint: you can knock", "Tie:", "Undercut:", "Gin:",
                 "Two cards are left in the stock", "the hand is void",
                 "nothing played\nShow which?", "nothing played\nLay off which"):
        if what in out:
            SEEN.add(what)


def test_gin_play_covered_every_screen():
    # run after the cases above: together they went through every screen
    if len(SEEN) == 0:
        pytest.skip("the transcript cases did not run")
    missing = {"Expert:", "Hint: taking", "You may show:", "Lay off which cards?",
               "You do not hold", "Unknown command", "Really leave the match?",
               "Press Enter for the next hand", "laid down", "Best discard",
               "is known to hold", "The match is over", "End of input",
               "Hint: you can knock", "Gin:", "Undercut:", "Two cards are left in the stock",
               "the hand is void", "nothing played\nShow which?",
               "nothing played\nLay off which"} - SEEN
    assert not missing, missing


def _same_options(program, sub, cases):
    """The C program and python3 -m ginrummy `sub` given the same options:
    the same status and output (the program's name aside)."""
    for args in cases:
        c = run([f"{EXAMPLES}/{program}", *args], "")
        p = run_python(sub, args, "")
        assert c.returncode == p.returncode, args
        for a, b in ((c.stdout, p.stdout), (c.stderr, p.stderr)):
            a, b = a.decode(), b.decode().replace(f"python3 -m ginrummy {sub}", program)
            assert re.sub(r"\s+", " ", a) == re.sub(r"\s+", " ", b), args


def test_gin_play_options_and_their_errors():
    _same_options("gin-play", "play", (
        ["--help"], ["-h"], ["--seed", "-1"], ["--seed"], ["--preset", "x"],
        ["--bot=neller"], ["--players", "5"], ["--rule", "nosuch=1"],
        ["--frobnicate"], ["--seed=", "--auto"], ["--seed", "18446744073709551616"],
        ["--presetx"], ["--auto", "--seed", "+12", "--players=3", "--ascii"],
        ["--auto", "--seed", "18446744073709551615", "--bot", "RANDOM"]))


def test_gin_play_odd_input():
    # long and non-ASCII words, bytes that are not UTF-8, the Kelvin sign
    # (not a K to strcasecmp), CR LF, a line longer than gin-play's buffer,
    # a last line without its newline
    typed = (("\u2665" * 14 + "\n").encode() + b"\xff\xfe x\nhint \xff\xfe\xfd"
             + b"\xf0" * 30 + b"\n" + "\u212a 7h\nT\r\nhint\n".encode()
             + b"x " * 200 + b"\nd\nq\n  YES  \nq\nyes")
    _same([f"{EXAMPLES}/gin-play", "--seed", "3"], ["play", "--seed", "3"], typed)


GIN_LONG_LINE = b"line too long (at most 511 characters); nothing played\n"


def test_gin_play_refuses_an_over_long_line_whole():
    # a line is one command, as in rummy-play: one longer than 511
    # characters is refused once and none of it is played (not its start)
    args = ["--seed", "3", "--ascii"]
    gin_play = [f"{EXAMPLES}/gin-play", *args]
    for typed in (b"pass" + b" " * 600 + b"x\nq\ny\n", b"p" * 512 + b"\nq\ny\n",
                  b"pass" + b"\t" * 2000 + b"\r\nq\ny\n"):
        out = _same(gin_play, ["play", *args], typed).encode()
        assert out.count(GIN_LONG_LINE) == 1, out
        assert b"You pass" not in out and b"Unknown command" not in out
    # 511 characters are a line, read as the command it is (a CR before
    # the LF not counted); one more byte after a CR is one too many
    for typed, refused in ((b"pass" + b" " * 507 + b"\nq\ny\n", False),
                           (b"pass" + b" " * 507 + b"\r\nq\ny\n", False),
                           (b"pass" + b" " * 507 + b"\rx\nq\ny\n", True)):
        out = _same(gin_play, ["play", *args], typed).encode()
        assert (GIN_LONG_LINE in out) == refused and (b"You pass" in out) != refused
    # the quit question and the pause take an over-long line as an empty one
    typed = b"q\n" + b"y" * 100 + b"\nq\n" + b" " * 70 + b"yes\n"
    out = _same(gin_play, ["play", *args], typed).encode()
    assert out.count(b"Really leave") == 2 and b"You left the match" not in out


def test_gin_play_end_of_input_at_every_prompt():
    # the input ends at a move prompt, a knock's choice, a layoff, a pause
    gin_play = [f"{EXAMPLES}/gin-play", "--seed", "3", "--ascii"]
    typed = drive(gin_play, GinPlayer(), GIN_PROMPTS, limit=400).splitlines(True)
    for cut in range(0, len(typed), 37):
        _same(gin_play, ["play", *gin_play[1:]], "".join(typed[:cut]))


# ---- python3 -m ginrummy rummy against rummy-play ---------------------------------

RUMMY_PROMPTS = ("Draw (draw, take)> ", "discard)> ", "Press Enter for the next hand: ",
                 "[y/N]: ")
RUMMY_MISTAKES = ["foo", "meld JK", "x ZZ", "?", "layoff 2C 9", "swap 5C 1", "help", "t",
                  "meld 2C 3C", "d", "moves please", "JK", "h", "layoff JK 1", "hint",
                  "out", "q"]


class RummyPlayer:
    """Answers rummy-play's prompts: draws in turn from the stock and the
    pile, asks for the moves and plays a meld, layoff or swap when there is
    one, else a discard (often as a bare card), a mistake now and then."""

    def __init__(self, quit_after: int = -1):
        self.n = 0
        self.quit_after = quit_after
        self.moves: list = []

    def __call__(self, text: str, prompt: str):
        self.n += 1
        if prompt.startswith("Press Enter"):
            return ""
        if prompt.endswith("[y/N]: "):      # leave the match? now and then
            return "y" if self.n == self.quit_after + 1 else "n"
        if self.n == self.quit_after:
            return "quit" if self.n % 2 else "q"
        if self.n % 7 == 0:
            return RUMMY_MISTAKES[(self.n // 7) % len(RUMMY_MISTAKES)]
        if prompt.startswith("Draw"):
            self.moves = []
            return ["d", "draw", "t", "take", " draw"][self.n % 5]
        if not self.moves:
            self.moves = ["?"]
            return "moves"
        if self.moves == ["?"]:
            block = text[:text.rfind("Your hand:")]
            block = block[block.rfind("discard)> ") + len("discard)> "):]
            self.moves = [ln.strip() for ln in block.splitlines() if ln.startswith("  ")]
        for kind in ("meld", "layoff", "swap"):
            for m in self.moves:
                if m.startswith(kind):
                    self.moves = []
                    words = m.split()
                    return (kind[0] + " " + " ".join(words[1:])) if self.n % 2 else m
        discards = [m for m in self.moves if m.startswith("discard")] or ["discard 2C"]
        self.moves = []
        card = discards[self.n % len(discards)].split()[1]
        return [card, "x " + card, "discard " + card.lower()][self.n % 3]


RUMMY_CASES = [
    ["--seed", "3"],
    ["--seed", "5", "--jokers", "2", "--target", "0"],
    ["--seed", "7", "--players", "4", "--jokers", "1", "--bot", "expert", "--target=0"],
    ["--seed", "9", "--players", "3", "--ace-high", "--bot", "random", "--target", "40"],
    ["--seed", "13", "--players", "6", "--jokers", "4", "--turnovers", "1"],
]


@pytest.mark.parametrize("args", RUMMY_CASES, ids=[" ".join(a) for a in RUMMY_CASES])
def test_rummy_play_transcripts_are_equal(args):
    rummy_play = [f"{EXAMPLES}/rummy-play", *args]
    typed = drive(rummy_play, RummyPlayer(quit_after=25 if "--turnovers" in args else -1),
                  RUMMY_PROMPTS, limit=400)
    out = _same(rummy_play, ["rummy", *args], typed)
    for what in ("laid down", "laid off", "Cannot do that", "went out", "Totals after",
                 "(taken from the table)", "win the match", "wins the match", "Bye.",
                 "End of input.", "it could stand for", "put ", "void", "Hint: ",
                 "Really leave the match", "Press Enter for the next hand",
                 "the discard pile is turned over to make a new stock"):
        if what in out:
            SEEN.add("rummy " + what)


def test_rummy_play_covered_every_screen():
    if not any(s.startswith("rummy ") for s in SEEN):
        pytest.skip("the transcript cases did not run")
    missing = {"rummy " + w for w in ("laid down", "laid off", "Cannot do that", "went out",
                                      "Totals after", "(taken from the table)", "Bye.",
                                      "End of input.", "Hint: ", "Really leave the match",
                                      "Press Enter for the next hand",
                                      "the discard pile is turned over to make a new stock")
               } - SEEN
    assert not missing, missing


def test_rummy_play_odd_input():
    # bytes that are not UTF-8, CR LF, blanks, a line just within rummy-play's
    # buffer, commands in capitals (rummy-play's words are lower case)
    typed = (b"\xff\xfe\n  d\r\nmoves\n" + b"meld " * 102 + b"\nQUIT\nMOVES\nlayoff \xe2\x99\xa5 1\n"
             b"meld JK JK JK\n?\n\tq")
    _same([f"{EXAMPLES}/rummy-play", "--seed", "3", "--jokers", "2"],
          ["rummy", "--seed", "3", "--jokers", "2"], typed)
    out = run_python("rummy", ["--seed", "3", "--jokers", "2"], b"d\nmeld 5H JK JK\nq").stdout
    c = run([f"{EXAMPLES}/rummy-play", "--seed", "3", "--jokers", "2"], b"d\nmeld 5H JK JK\nq")
    assert out == c.stdout


LONG_LINE = b"line too long (at most 511 characters); nothing played\n"


def test_rummy_play_refuses_an_over_long_line_whole():
    # a line is one command: one longer than rummy-play's 511 characters is
    # refused once and none of it is played (not its end as the next command)
    args = ["--seed", "2"]
    for typed in (b"z" * 511 + b"d\nq\ny\n", b"d" * 512 + b"\nq\ny\n",
                  b"x" * 2000 + b"\r\nq\ny\n"):
        out = run_python("rummy", args, typed).stdout
        assert out.count(LONG_LINE) == 1, out
        assert b"You drew" not in out and b"Cannot do that" not in out
        assert out == run([f"{EXAMPLES}/rummy-play", *args], typed).stdout
    # 511 characters are a line, read as the command it is (a CR before
    # the LF not counted); one more byte after a CR is one too many
    for typed, refused in ((b"d" + b" " * 510 + b"\nq\ny\n", False),
                           (b"d" + b" " * 510 + b"\r\nq\ny\n", False),
                           (b"d" + b" " * 510 + b"\rx\nq\ny\n", True)):
        out = run_python("rummy", args, typed).stdout
        assert (LONG_LINE in out) == refused and (b"You drew" in out) != refused
        assert out == run([f"{EXAMPLES}/rummy-play", *args], typed).stdout
    # the quit question and the pause take an over-long line as an empty one
    typed = b"q\n" + b"y" * 100 + b"\nq\n" + b" " * 70 + b"yes\n"
    out = run_python("rummy", args, typed).stdout
    assert out.count(b"Really leave") == 2 and b"Bye." not in out
    assert out == run([f"{EXAMPLES}/rummy-play", *args], typed).stdout


def test_rummy_play_options_and_their_errors():
    _same_options("rummy-play", "rummy", (
        ["--help"], ["-h"], ["--seed", "-1", "--auto", "--target", "0"], ["--seed"],
        ["--players", "8"], ["--players=1"], ["--bot=neller"], ["--auto=1"],
        ["--decks", "2", "--players", "2", "--hand", "8"], ["--frobnicate"],
        ["--jokers", " +2", "--auto", "--seed", "4", "--target", "0"],
        ["--hand", "10", "--players", "3", "--decks", "1", "--auto", "--seed", "2",
         "--target", "0"], ["--turnovers", "1001"], ["--seed=18446744073709551616"]))


def test_the_commands_the_readmes_show_run():
    # every "python3 -m ginrummy ..." line of README.md and python/README.md
    # runs (input closed: a person's game ends at its first prompt)
    import os
    top = os.environ.get("top_srcdir", os.path.join(os.path.dirname(__file__), "..", ".."))
    shown = []
    for name in ("README.md", os.path.join("python", "README.md")):
        for line in open(os.path.join(top, name), encoding="utf-8"):
            if line.startswith("    python3 -m ginrummy "):
                shown.append(line.split()[3:])
    assert len(shown) >= 6, shown
    for args in shown:
        p = run(python_cmd(args[0]) + args[1:], "")
        assert p.returncode == 0, (args, p.stderr)
        assert p.stdout, args
