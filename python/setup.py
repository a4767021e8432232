"""Install the ginrummy package: pure Python over cffi's ABI mode, no
compiler needed at run time.

    pip install ./python            (works offline: no pyproject.toml, so pip
                                     builds with the setuptools it has, e.g.
                                     Debian's python3-setuptools)

The package's declarations (ginrummy/_ffi.py) are written from
include/ginrummy.h by make (python/mkffi.py); when they are missing, this
script writes them with the C preprocessor (cc -E, or $CPP).  The C
library libginrummy.so.0 is loaded at run time: install it first (make
install), or point GINRUMMY_LIBRARY at it.  cffi is needed (Debian:
python3-cffi).
"""
import os
import subprocess
import sys

from setuptools import setup

HERE = os.path.dirname(os.path.abspath(__file__))
FFI = os.path.join(HERE, "ginrummy", "_ffi.py")
HEADER = os.path.join(HERE, "..", "include", "ginrummy.h")
if not os.path.exists(FFI):
    if not os.path.exists(HEADER):
        sys.exit("setup.py: no ginrummy/_ffi.py and no ../include/ginrummy.h to write it from")
    subprocess.run([sys.executable, os.path.join(HERE, "mkffi.py"),
                    os.environ.get("CPP", "cc -E"), HEADER, FFI], check=True)

setup(
    name="ginrummy",
    version="0.2.0",
    description="Gin Rummy rules engine (libginrummy) from Python, and an RL environment",
    long_description=open(os.path.join(HERE, "README.md"), encoding="utf-8").read(),
    long_description_content_type="text/markdown",
    packages=["ginrummy"],
    package_data={"ginrummy": ["py.typed"]},
    license="MIT",
    classifiers=["License :: OSI Approved :: MIT License"],
    python_requires=">=3.7",
    install_requires=["cffi"],
    extras_require={"env": ["numpy"], "test": ["pytest", "numpy"]},
)
