#!/bin/sh
# check-doc-examples.sh: every example command shown in README.md and the
# manual pages is run, and its output must be the output shown, so the docs
# cannot go stale.
#
# An example is a line starting with "$ " inside a fenced block of
# README.md or an .EX/.EE block of a manual page; a line ending in a
# backslash continues it.  The lines after it, up to the next "$ " line or
# the end of the block, are its output, exactly (stdout and stderr); a
# line "..." stands for any number of lines (a timing, a long middle).
# The commands run with the built programs first on PATH.
set -u
: "${top_srcdir:=.}" "${top_builddir:=.}"
tmp=${TMPDIR:-/tmp}/gr-docex.$$
mkdir -p "$tmp" || exit 1
trap 'rm -rf "$tmp"' EXIT
bindir=$(cd "$top_builddir/examples" && pwd)
failures=0 count=0

# extract FILE: writes $tmp/N.cmd and $tmp/N.want for each example
extract() {
    awk -v dir="$tmp" -v file="$1" -v start="$2" '
    function unesc(s) {
        if (man) {
            gsub(/\\-/, "-", s); gsub(/\\\(aq/, "\047", s); gsub(/\\&/, "", s)
            gsub(/\\\(dq/, "\"", s); gsub(/\\e/, "\\", s)
        }
        return s
    }
    function flush() { if (n > 0) { close(cmdf); close(wantf) } }
    BEGIN { n = start - 1; man = file !~ /\.md$/ }
    {
        line = $0
        if (!man && line ~ /^```/) { inblock = !inblock; cmd = 0; next }
        if (man && line ~ /^\.EX/) { inblock = 1; cmd = 0; next }
        if (man && line ~ /^\.EE/) { inblock = 0; cmd = 0; next }
        if (!inblock) next
        line = unesc(line)
        if (cont) {
            printf "%s\n", line > cmdf
            cont = line ~ /\\$/
            next
        }
        if (line ~ /^\$ /) {
            flush(); n++
            cmdf = dir "/" n ".cmd"; wantf = dir "/" n ".want"
            printf "" > wantf
            printf "%s\n", substr(line, 3) > cmdf
            print file > (dir "/" n ".file")
            close(dir "/" n ".file")
            cont = line ~ /\\$/
            cmd = 1
            next
        }
        if (cmd) printf "%s\n", line > wantf
    }
    END { flush(); print n > (dir "/count") }' "$1"
}

# match WANT OUT: OUT matches WANT, where a "..." line matches any lines
match() {
    awk 'NR == FNR { want[++nw] = $0; next } { got[++ng] = $0 }
    function m(i, j) {
        if (i > nw) return j > ng
        if (want[i] == "...") {
            for (k = j; k <= ng + 1; k++) if (m(i + 1, k)) return 1
            return 0
        }
        return j <= ng && want[i] == got[j] && m(i + 1, j + 1)
    }
    END { exit m(1, 1) ? 0 : 1 }' "$1" "$2"
}

next=1
for f in "$top_srcdir/README.md" "$top_srcdir"/doc/*.[1-8]; do
    [ -f "$f" ] || continue
    extract "$f" "$next"
    next=$(( $(cat "$tmp/count") + 1 ))
done
i=1
while [ "$i" -lt "$next" ]; do
    count=$((count + 1))
    (cd "$tmp" && PATH="$bindir:$PATH" sh "$tmp/$i.cmd") > "$tmp/$i.out" 2>&1
    if ! match "$tmp/$i.want" "$tmp/$i.out"; then
        printf "FAIL: %s: \$ %s\n" "$(cat "$tmp/$i.file")" "$(head -n 1 "$tmp/$i.cmd")"
        diff -u "$tmp/$i.want" "$tmp/$i.out" | sed 's/^/    /' | head -40
        failures=$((failures + 1))
    fi
    i=$((i + 1))
done
echo "doc examples: $count run, $failures failed"
[ "$failures" -eq 0 ]
