# man-example.awk: the EXAMPLE program of a manual page (part=1, the
# default) or the output it prints (part=2): the first and second .EX
# blocks after ".SH EXAMPLE", with the man escapes undone.  The build
# extracts the programs of the pages listed in Makefile.am (MAN_EXAMPLES)
# and builds them as tests; check-man-examples.sh compares their output.
BEGIN { if (part == "") part = 1 }
/^\.SH EXAMPLE/ { on = 1; next }
on && /^\.SH/ { exit }
on && /^\.EX/ { block++; next }
on && /^\.EE/ { if (block == part) exit; next }
on && block == part {
    line = $0
    gsub(/\\-/, "-", line); gsub(/\\\(aq/, "\047", line); gsub(/\\&/, "", line)
    gsub(/\\\(dq/, "\"", line); gsub(/\\e/, "\\", line)
    print line
}
