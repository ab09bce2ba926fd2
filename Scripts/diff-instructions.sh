#!/bin/bash
# Instructions (callgrind) of `axdiff diff --format json OLD NEW` beside
# `git diff --no-index OLD NEW` on the bench's diff files: the machine's load
# does not move them, where wall time on a shared host does.
#
#   Scripts/diff-instructions.sh AXDIFF DIR [SHAPE...]
#
# DIR is the bench's `--out` directory (its `work/` holds the files that
# `axdiff-bench --only diff,flat,duplicates` wrote); SHAPE is a file stem such
# as flat1-10000 (default: every *-old.json there). Needs valgrind.
set -u
axdiff=$1
work=$2/work
shift 2
if [ $# -eq 0 ]; then
    set -- $(cd "$work" && ls *-old.json | sed 's/-old\.json$//' | sort -t- -k2n)
fi
# Both commands exit 1 when the files differ: only the count matters.
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null \
        | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
printf '| files | axdiff | git diff --no-index | ratio |\n|---|---|---|---|\n'
for shape in "$@"; do
    old=$work/$shape-old.json new=$work/$shape-new.json
    a=$(count "$axdiff" diff --format json "$old" "$new")
    g=$(count git diff --no-index "$old" "$new")
    awk -v s="$shape" -v a="$a" -v g="$g" 'BEGIN { printf "| %s | %.0f M | %.0f M | %.2f× |\n", s, a / 1e6, g / 1e6, a / g }'
done
