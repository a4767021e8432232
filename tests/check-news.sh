#!/bin/sh
# check-news.sh: NEWS opens with the section of the version configure
# builds ("0.2.0 (unreleased; ...)" until it is released), and the
# sections of released versions are never edited afterwards: what is
# added or changed after a release goes in the newest section.  Each
# release's section is recorded here by its sha256 (doc/releasing.md).
# debian/changelog's first entry is a package of the same version.
set -eu
deb=
: "${top_srcdir:=.}" "${PACKAGE_VERSION:=}"
news="$top_srcdir/NEWS"
fail=0
# released versions and the sha256 of their NEWS section
while read -r version sum; do
    got=$(awk -v v="$version" '
        index($0, v " (") == 1 { f = 1; print; next }
        /^[0-9]+\.[0-9]+\.[0-9]+ \(/ { f = 0 }
        f' "$news" | sha256sum | cut -d' ' -f1)
    if [ "$got" != "$sum" ]; then
        echo "FAIL: the NEWS section of $version, a released version, was edited:"
        echo "      put what was added or changed since in the newest section"
        echo "      ($(sed -n 's/^\([0-9][0-9.]* (unreleased\).*/\1/p' "$news" | head -n 1)) at the top)"
        fail=1
    fi
done <<'EOT'
0.1.0 c530abdee22c9cbf9f3ef03d81774d075e62d2d25012f9cd2957337920ea83cd
EOT
first=$(sed -n 's/^\([0-9][0-9.]*\) (.*/\1/p' "$news" | head -n 1)
if [ -n "$PACKAGE_VERSION" ] && [ "$first" != "$PACKAGE_VERSION" ]; then
    echo "FAIL: NEWS opens with $first, configure builds $PACKAGE_VERSION"
    fail=1
fi
# the Debian packages are built from the same version (debian/changelog's
# first entry, VERSION-REVISION)
changelog="$top_srcdir/debian/changelog"
if [ -n "$PACKAGE_VERSION" ] && [ -f "$changelog" ]; then
    deb=$(sed -n '1s/^libginrummy (\([^)]*\)).*/\1/p' "$changelog")
    if [ "${deb%-*}" != "$PACKAGE_VERSION" ]; then
        echo "FAIL: debian/changelog opens with ${deb:-no version}, configure builds $PACKAGE_VERSION"
        echo "      (add an entry: dch -v $PACKAGE_VERSION-1, doc/releasing.md)"
        fail=1
    fi
fi
[ "$fail" = 0 ] && echo "news: $first first, released sections unchanged; debian/changelog: $deb"
exit "$fail"
