"""Plain setup for setuptools without PEP 621 support (and `setup.py install`).
The metadata lives in pyproject.toml; this only names the package."""
from setuptools import setup

setup(name="ginrummy", version="0.1.0", packages=["ginrummy"])
