"""The Python example of the top-level README.md runs as shown."""
import os
import re

import pytest

README = os.path.join(os.environ.get("top_srcdir", os.path.join(os.path.dirname(__file__),
                                                                 "..", "..")), "README.md")


@pytest.mark.skipif(not os.path.exists(README), reason="no README.md")
def test_readme_python_example(capsys):
    text = open(README, encoding="utf-8").read()
    m = re.search(r"<!-- python-example -->\n```python\n(.*?)```", text, re.S)
    assert m, "the README has no python example"
    code = m.group(1)
    assert len(code.strip().splitlines()) <= 12
    exec(compile(code, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert out.startswith("9\n") and "hand points: [0. 0.]" in out
