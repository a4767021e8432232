"""Install the ginrummy package: pure Python over ctypes, no compiler.

    pip install ./python            (works offline: no pyproject.toml, so pip
                                     builds with the setuptools it has, e.g.
                                     Debian's python3-setuptools)

The C library libginrummy.so.0 is loaded at run time: install it first
(make install), or point GINRUMMY_LIBRARY at it.
"""
from setuptools import setup

setup(
    name="ginrummy",
    version="0.2.0",
    description="Gin Rummy rules engine (libginrummy) from Python, and an RL environment",
    long_description=open(__file__.replace("setup.py", "README.md"), encoding="utf-8").read(),
    long_description_content_type="text/markdown",
    packages=["ginrummy"],
    package_data={"ginrummy": ["py.typed"]},
    python_requires=">=3.7",
    extras_require={"env": ["numpy"], "test": ["pytest", "numpy"]},
)
