#!/bin/bash
# check-debian.sh TARBALL: the Debian packages built from the release
# tarball (make dist) with the commands README.md shows, then linted,
# installed, used from C with pkg-config and with CMake and from Python,
# and removed.  Run by .ci/run as root (it installs and removes packages);
# not part of make check.
#
# README.md's section "Using the installed library" is the script: its
# ```sh blocks run in order in one bash (set -e) in a scratch directory
# holding the tarball, with hello.c (the program of README's section
# "Hello") and CMakeLists.txt (the section's ```cmake block) beside it,
# so every command that section shows is run here.  Then lintian checks
# the binary packages and the source package made from the same tarball
# (errors and warnings fail; overrides are in debian/*lintian-overrides).
# The packages are removed at the end, also when a step failed.
set -euo pipefail
tarball=${1:?usage: check-debian.sh libginrummy-VERSION.tar.gz}
tarball=$(cd "$(dirname "$tarball")" && pwd)/$(basename "$tarball")
: "${top_srcdir:=$(cd "$(dirname "$0")/.." && pwd)}"
readme=$top_srcdir/README.md
packages="libginrummy0 libginrummy-dev ginrummy-tools python3-ginrummy"
if [ "$(id -u)" != 0 ]; then
    echo "check-debian.sh installs packages: run it as root" >&2
    exit 1
fi
for p in $packages; do
    if dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q ' installed$'; then
        echo "check-debian.sh: $p is installed already; remove it first" >&2
        exit 1
    fi
done

work=${TMPDIR:-/tmp}/gr-debian.$$
rm -rf "$work" && mkdir -p "$work/use"
cleanup() {
    # whatever the steps installed goes again
    local left=
    for p in $packages; do
        dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q ' installed$' && left="$left $p"
    done
    if [ -n "$left" ]; then
        echo "check-debian.sh: removing$left"
        DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq $left >/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT

# the section's blocks: ```sh runs, ```cmake is CMakeLists.txt; the first
# ```c block of README (its Hello program) is hello.c
awk -v dir="$work/use" '
    /^## / { insec = ($0 == "## Using the installed library") }
    /^```/ {
        if (kind != "") { kind = ""; next }
        lang = substr($0, 4)
        if (lang == "c" && !hello) { kind = "c"; hello = 1; next }
        if (insec && lang == "sh") { kind = "sh"; next }
        if (insec && lang == "cmake") { kind = "cmake"; next }
        kind = "skip"; next
    }
    kind == "c" { print > (dir "/hello.c") }
    kind == "cmake" { print > (dir "/CMakeLists.txt") }
    kind == "sh" { print > (dir "/readme.sh") }
' "$readme"
for f in hello.c CMakeLists.txt readme.sh; do
    [ -s "$work/use/$f" ] || { echo "FAIL: README.md gives no $f to run" >&2; exit 1; }
done

cp "$tarball" "$work/use/"
echo "== the commands of README's \"Using the installed library\":"
sed 's/^/    /' "$work/use/readme.sh"
echo "== running them in $work/use"
# the package build uses every core; its tests run at debian/rules' scale
DEB_BUILD_OPTIONS="parallel=$(nproc 2>/dev/null || echo 2)${DEB_BUILD_OPTIONS:+ $DEB_BUILD_OPTIONS}"
export DEB_BUILD_OPTIONS DEBIAN_FRONTEND=noninteractive
(cd "$work/use" && bash -euo pipefail -x readme.sh) > "$work/readme.log" 2>&1 || {
    tail -n 60 "$work/readme.log"
    echo "FAIL: a command of README's \"Using the installed library\" failed (above)" >&2
    exit 1
}
grep -E '^(PASS|FAIL|SKIP|# [A-Z]+:)' "$work/readme.log" || true

# what the commands did: each package was installed and is gone again
for p in $packages; do
    grep -Eq "Setting up $p[: ]" "$work/readme.log" ||
        { echo "FAIL: README's commands did not install $p" >&2; exit 1; }
    if dpkg-query -W -f '${Status}' "$p" 2>/dev/null | grep -q ' installed$'; then
        echo "FAIL: README's commands left $p installed" >&2; exit 1
    fi
done
grep -q '^deadwood: ' "$work/readme.log" ||
    { echo "FAIL: the programs built against the packages printed nothing" >&2; exit 1; }
echo "== the packages were built, installed, used from C (pkg-config, CMake)"
echo "   and Python, and removed"

# lintian: the binary packages, and the source package of the same tarball
version=$(cd "$work/use" && ls libginrummy0_*.deb | sed 's/^libginrummy0_\(.*\)_[^_]*\.deb$/\1/')
upstream=${version%-*}
case $(basename "$tarball") in
    "libginrummy-$upstream.tar.gz") ;;
    *) echo "FAIL: debian/changelog says $version, the tarball is $(basename "$tarball")" >&2
       exit 1 ;;
esac
mkdir "$work/src"
cp "$tarball" "$work/src/libginrummy_$upstream.orig.tar.gz"
(cd "$work/src" && tar -xzf "libginrummy_$upstream.orig.tar.gz" &&
    dpkg-source -b "libginrummy-$upstream" >/dev/null)
echo "== lintian (errors and warnings fail)"
lintian --fail-on error,warning --info --pedantic \
    "$work"/use/*.deb "$work/src/libginrummy_$version.dsc"
echo "check-debian.sh: passed"
