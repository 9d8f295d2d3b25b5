#!/bin/sh
# tools/size.sh [--check] [N]: the N (default 10) longest source files and
# functions of the parts (fast ref oracle cli fuzz tests bench; the zoo's
# transcriptions of printed code aside).  With --check, exits 1 when a file
# of fast ref oracle cli fuzz is over 600 lines or one of their functions
# over 80 (make size-check).
# A function is counted from its opening brace in column 0 to its closing
# one; tables (`= {`) are not functions.  Run from the top of the tree.
set -u
check=0
[ "${1:-}" = --check ] && { check=1; shift; }
n=${1:-10}
files=$(find fast ref oracle cli fuzz tests bench -name '*.[ch]' | grep -v '^fuzz/zoo/' | sort)
echo "longest files (limit 600 lines):"
# shellcheck disable=SC2086
wc -l $files | grep -v ' total$' | sort -rn | head -n "$n" | awk '{printf "  %5d  %s\n", $1, $2}'
echo "longest functions (limit 80 lines):"
# shellcheck disable=SC2086
awk 'FNR == 1 { start = 0 }
     /^\{/ { start = FNR; name = prev }
     /^\}/ && start { printf "%d %s:%d %s\n", FNR - start + 1, FILENAME, start, name; start = 0 }
     { prev = $0 }' $files | sort -rn | head -n "$n" |
  awk '{n = $1; $1 = ""; printf "  %5d %s\n", n, $0}'
[ $check = 1 ] || exit 0
files=$(echo "$files" | grep -v '^tests/\|^bench/')
# shellcheck disable=SC2086
over=$( { wc -l $files | grep -v ' total$' | awk '$1 > 600 {print "file " $2 " (" $1 " lines)"}';
          awk 'FNR == 1 { start = 0 } /^\{/ { start = FNR; name = prev }
               /^\}/ && start { if (FNR - start + 1 > 80) print "function " FILENAME ":" start " (" FNR - start + 1 " lines)"; start = 0 }
               { prev = $0 }' $files; } )
[ -z "$over" ] && { echo "size: every file and function within its limit"; exit 0; }
echo "size: over the limits:" >&2
echo "$over" | sed 's/^/  /' >&2
exit 1
