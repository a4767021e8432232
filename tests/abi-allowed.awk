# abi-allowed.awk: reads abidiff's leaf-changes report (--leaf-changes-only
# --non-reachable-types) and prints one line for each change that is not
# one the library's ABI rules allow within 0.x; prints nothing when every
# change is allowed.  Allowed: functions, variables and types added; a
# struct of unchanged size whose new fields were carved out of its
# `reserved` array (inserted inside the old array's bytes, the shrunk
# array ending inside them too); a type unreachable from any public
# interface removed when the public header (the awk variable `header`,
# include/ginrummy.h) does not name it: a private type of the library
# (abidw keeps some of those).  Everything else, including any line of
# the report this script does not know, is refused: it fails closed.
function trim(s) { sub(/^[ \t]+/, "", s); sub(/[ \t]+$/, "", s); return s }
function bad(why) { print "not allowed: " why; nbad++ }
# the end of a type's block: check what was carved out of its reserve
function close_block(   i) {
    if (block == "") return
    if (ninsert > 0 && !reserve) bad(block ": fields inserted outside its reserved array")
    if (reserve) {
        if (!samesize) bad(block ": its size changed")
        if (p < 0 || a < 0 || q < 0 || b < 0) bad(block ": its reserved array changed in a way not understood")
        else {
            if (q < p || q + b > p + a) bad(block ": the reserved array moved out of its old bytes")
            for (i = 1; i <= ninsert; i++)
                if (ins[i] < p || ins[i] >= p + a)
                    bad(block ": a field inserted at bit " ins[i] ", outside the old reserve [" p ", " p + a ")")
        }
    }
    block = ""; ninsert = 0; reserve = 0; samesize = 0; p = a = q = b = -1; inreserve = 0
}
BEGIN {
    block = ""; ninsert = 0; reserve = 0; samesize = 0; p = a = q = b = -1; nbad = 0
    # every identifier of the public header: a type it names is public
    nhead = 0
    while (header != "" && (getline line < header) > 0) {
        nhead++
        gsub(/[^A-Za-z0-9_]+/, " ", line)
        nw = split(line, hw, " ")
        for (i = 1; i <= nw; i++) public[hw[i]] = 1
    }
    if (header != "" && nhead == 0) bad("cannot read the public header " header)
    removed = 0
}
{
    l = trim($0)
    if (l == "") next
    # summaries: nothing removed or changed (types: checked block by block)
    if (l ~ /^(Leaf changes summary|Changed leaf types summary):/) next
    if (l ~ /^Removed\/Changed\/Added (functions|variables) summary: /) {
        if (l !~ /summary: 0 Removed, 0 Changed/) bad(l)
        next
    }
    if (l ~ /^Functions changes summary: |^Variables changes summary: /) {
        if (l !~ /summary: 0 Removed, 0 Changed/) bad(l)
        next
    }
    if (l ~ /^(Function|Variable) symbols changes summary: /) {
        if (l !~ /summary: 0 Removed/) bad(l)
        next
    }
    if (l ~ /^Unreachable types summary: /) {
        if (l !~ /summary: 0 removed/ && header == "") bad(l)
        next
    }
    # removed unreachable types: each must be private (listed as [D])
    if (l ~ /^[0-9]+ removed types? unreachable from any public interface:$/) {
        if (header == "") bad(l)
        removed = 1
        next
    }
    if (removed && l ~ /^\[D\] '(struct|union|enum) [A-Za-z0-9_]+'$/) {
        t = l; sub(/^\[D\] '[a-z]+ /, "", t); sub(/'$/, "", t)
        if (t in public) bad("a public type removed: " t)
        next
    }
    removed = 0
    # additions
    if (l ~ /^[0-9]+ Added (function|variable)s?:$/) next
    # added symbols abidiff did not tie to their debug information (it
    # happens to a function one unit defines and another only declares and
    # calls): additions still, each listed as [A]
    if (l ~ /^[0-9]+ Added (function|variable) symbols? not referenced by debug info:$/) next
    if (l ~ /^[0-9]+ added types? unreachable from any public interface:$/) next
    if (l ~ /^\[A\] /) next
    if (l ~ /^[0-9]+ changed types? unreachable from any public interface:$/) next
    # a changed type: its block follows
    if (l ~ /^(\[C\] )?'(struct|union|enum) [^']*' changed:$/) {
        close_block()
        block = l; sub(/^\[C\] /, "", block); sub(/ changed:$/, "", block)
        if (block ~ /^'enum /) bad(block ": an enum changed (values renumbered or removed)")
        next
    }
    if (block == "") { bad("unknown line: " l); next }
    if (l == "type size hasn't changed") { if (!inreserve) samesize = 1; next }
    if (l ~ /^(there are data member changes:|[0-9]+ data member changes?( \([0-9]+ filtered\))?:)$/) { inreserve = 0; next }
    if (l ~ /^[0-9]+ data member insertions?:$/) { inreserve = 0; next }
    if (l ~ /^'[^']*', at offset [0-9]+ \(in bits\)$/) {
        o = l; sub(/.*at offset /, "", o); sub(/ .*/, "", o)
        ins[++ninsert] = o + 0
        next
    }
    # the reserved array shrinks as fields are carved out of it
    if (l ~ /^type '[^']*\[[0-9]+\]' of '[^']*::reserved' changed:$/) { reserve = 1; inreserve = 1; next }
    if (inreserve && l ~ /^type name changed from '[^']*\[[0-9]+\]' to '[^']*\[[0-9]+\]'$/) next
    if (inreserve && l ~ /^array type size changed from [0-9]+ to [0-9]+$/) {
        split(l, w, " "); a = w[6] + 0; b = w[8] + 0; next
    }
    if (inreserve && l ~ /^array type subrange [0-9]+ changed length from [0-9]+ to [0-9]+$/) next
    if (inreserve && l ~ /^and offset changed from [0-9]+ to [0-9]+ \(in bits\)/) {
        split(l, w, " "); p = w[5] + 0; q = w[7] + 0; inreserve = 0; next
    }
    # a struct that holds a changed one: its own block says what changed
    if (l ~ /^type '(typedef |struct |union )?gr_[a-z0-9_]*' of '[^']*' changed:$/) { inreserve = 0; next }
    if (l ~ /^underlying type '(struct|union) gr_[a-z0-9_]*' changed(, as reported earlier|:)$/) next
    if (l == "details were reported earlier") next
    bad(block ": " l)
}
END {
    close_block()
    # a reserve that shrank without moving keeps its offset: no offset line
    exit nbad > 0
}
