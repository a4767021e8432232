import os
import sys

# run from the source tree: the package beside this directory, the library
# of the build tree unless GINRUMMY_LIBRARY says otherwise
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
if "GINRUMMY_LIBRARY" not in os.environ:
    builddir = os.environ.get("top_builddir", os.path.join(HERE, "..", ".."))
    cand = os.path.join(builddir, "lib", ".libs", "libginrummy.so.0")
    if os.path.exists(cand):
        os.environ["GINRUMMY_LIBRARY"] = os.path.abspath(cand)
