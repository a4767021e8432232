#!/bin/sh
# autogen.sh: make sure the build tools are installed, then generate
# ./configure.  On Debian as root, missing tools are installed with apt-get;
# otherwise the exact command to install them is printed.
set -eu
cd "$(dirname "$0")"

missing=""
need() {   # need PACKAGE TEST-COMMAND...
    pkg=$1; shift
    if ! "$@" >/dev/null 2>&1; then
        missing="$missing $pkg"
    fi
}
need autoconf   command -v autoreconf
need automake   command -v automake
need libtool    command -v libtoolize
need pkg-config command -v pkg-config
need make       command -v make
need gcc        command -v cc
need check      pkg-config --exists 'check >= 0.15'
# the Python package's declarations are written from ginrummy.h with cffi
need python3-cffi /usr/bin/python3 -c 'import cffi'

if [ -n "$missing" ]; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        echo "autogen.sh: installing:$missing"
        export DEBIAN_FRONTEND=noninteractive
        apt-get update -qq
        # shellcheck disable=SC2086
        apt-get install -y -qq $missing >/dev/null
    else
        echo "autogen.sh: missing build tools. Install them with:" >&2
        echo "    sudo apt-get install$missing" >&2
        exit 1
    fi
fi

autoreconf -fi
