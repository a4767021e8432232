import os
import sys

# run from the source tree: the package beside this directory, the library
# of the build tree unless GINRUMMY_LIBRARY says otherwise, the declarations
# make wrote (python/ginrummy/_ffi.py) unless GINRUMMY_FFI does
HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
builddir = os.environ.get("top_builddir", os.path.join(HERE, "..", ".."))
if "GINRUMMY_LIBRARY" not in os.environ:
    cand = os.path.join(builddir, "lib", ".libs", "libginrummy.so.0")
    if os.path.exists(cand):
        os.environ["GINRUMMY_LIBRARY"] = os.path.abspath(cand)
if "GINRUMMY_FFI" not in os.environ:   # the declarations make wrote (a VPATH build)
    cand = os.path.join(builddir, "python", "ginrummy", "_ffi.py")
    if os.path.exists(cand):
        os.environ["GINRUMMY_FFI"] = os.path.abspath(cand)
