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
