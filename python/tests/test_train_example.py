"""The training example (python/examples/train_gin.py) at a tiny scale: a
few generations of the cross-entropy method on the vector environment, then
1,000 hands against the random bot, which the trained weights must beat."""
import os
import sys

import pytest

try:
    import gymnasium  # noqa: F401
except ImportError as exc:  # pragma: no cover - without the test packages
    pytest.skip(f"gymnasium cannot be imported ({exc}): the example needs it "
                "(PYTHONPATH=../shared/thirdparty/python)", allow_module_level=True)

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "examples"))
import train_gin  # noqa: E402


def test_trained_player_beats_random_over_1000_hands():
    theta = train_gin.train(seconds=0, envs=32, hands=32, population=8, verbose=False)
    points, share = train_gin.evaluate(theta, hands=1000)
    assert points > 5 and share > 0.5, (points, share)


def test_the_documented_command_runs():
    """The command of the example's docstring, for one generation
    (SECONDS 0), from the build tree: it prints the generation and the
    evaluation, and the player it trains beats the random bot."""
    import re
    import subprocess
    here = os.path.dirname(os.path.abspath(__file__))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.path.dirname(here) + os.pathsep + env.get("PYTHONPATH", "")
    p = subprocess.run([sys.executable, os.path.join(here, "..", "examples", "train_gin.py"),
                        "0"], capture_output=True, text=True, env=env, timeout=300)
    assert p.returncode == 0, p.stderr
    lines = p.stdout.splitlines()
    assert lines[0].startswith("generation 1: best +")
    m = re.fullmatch(r"against the random bot over 1,000 hands: \+([0-9.]+) points a hand, "
                     r"([0-9.]+)% of the hands won", lines[-1])
    assert m and float(m.group(1)) > 5 and float(m.group(2)) > 50, p.stdout
