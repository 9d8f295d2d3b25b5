#!/bin/sh
# tests/merge.sh: isect report merges the findings of many machines.  Two
# short campaigns (two "machines", different seeds) and a plain folder (a
# copy of one of their findings, and the same input as an engine's crash
# file under fuzz_ray_triangle/zoo-mt_eps/) go into one report:
#   - one finding per signature: as many as the distinct signatures of the
#     two campaigns, the duplicates counted in the summary;
#   - the executions of the two campaigns add up;
#   - junit.xml validates, findings.json parses.
# Environment: ISECT (default build/isect), FUZZ_DIR (default build/fuzz),
# OUT (default build/merge-check).  Run from the top of the tree.
set -u
ISECT=${ISECT:-build/isect}
FUZZ_DIR=${FUZZ_DIR:-build/fuzz}
OUT=${OUT:-build/merge-check}
failures=0
fail() { echo "merge.sh: FAIL: $*" >&2; failures=$((failures + 1)); }
ok() { echo "merge.sh: ok: $*"; }

[ -x "$ISECT" ] || { echo "merge.sh: FAIL: $ISECT not built" >&2; exit 1; }
if [ ! -x "$FUZZ_DIR/fuzz_ray_triangle" ]; then
  echo "merge.sh: $FUZZ_DIR/fuzz_ray_triangle not built (make fuzz): skipped"
  exit 0
fi
rm -rf "$OUT"
mkdir -p "$OUT"

for m in 1 2; do
  "$ISECT" campaign --seconds 4 --jobs 2 --queries ray_triangle --targets fast,zoo:mt_eps --seed "$m" \
    --no-report --fuzz-dir "$FUZZ_DIR" --corpus-dir "$OUT/corpus$m" --out "$OUT/machine$m" \
    >"$OUT/machine$m.out" 2>&1
  rc=$?
  [ "$rc" = 0 ] || fail "campaign $m exits $rc; see $OUT/machine$m.out"
done
a=$(ls "$OUT"/machine1/findings/ray_triangle/*.case 2>/dev/null | wc -l)
b=$(ls "$OUT"/machine2/findings/ray_triangle/*.case 2>/dev/null | wc -l)
distinct=$(ls "$OUT"/machine1/findings/ray_triangle/ "$OUT"/machine2/findings/ray_triangle/ | grep '\.case$' |
  sort -u | wc -l)
[ "$a" -ge 1 ] && [ "$b" -ge 1 ] || fail "the campaigns found nothing in zoo:mt_eps ($a, $b findings)"

# a plain folder: one finding copied, and its input as an engine's crash file
one=$(ls "$OUT"/machine1/findings/ray_triangle/*.case | head -n 1)
mkdir -p "$OUT/plain/fuzz_ray_triangle/zoo-mt_eps"
cp "$one" "$OUT/plain/"
grep -v '^#' "$one" >"$OUT/plain/fuzz_ray_triangle/zoo-mt_eps/crash-0123456789abcdef"

"$ISECT" report --no-minimize --no-maps --out "$OUT/merged" "$OUT/machine1" "$OUT/machine2" "$OUT/plain" \
  >"$OUT/merged.out" 2>&1
rc=$?
n=$(ls "$OUT"/merged/findings/ray_triangle/*.case 2>/dev/null | wc -l)
read_n=$((a + b + 2))
dups=$((read_n - distinct))
if [ "$rc" = 0 ] && [ "$n" = "$distinct" ] &&
   grep -q "^merged 3 folders: $read_n findings read, $dups duplicates* of a signature dropped" "$OUT/merged.out"; then
  ok "3 folders ($a + $b findings, a copy and a crash file) merged into $n findings, $dups duplicates dropped"
else
  fail "merged report: exit $rc, $n findings (want $distinct of $read_n); see $OUT/merged.out"
fi

# the executions of the two campaigns add up
execs() { awk -v t="$2" '$1 == "ray_triangle" && $2 == t { print $3 }' "$1"; }
for m in 1 2; do
  "$ISECT" report --no-minimize --no-maps "$OUT/machine$m" >"$OUT/machine$m.report" 2>&1
done
for t in fast zoo:mt_eps; do
  e1=$(execs "$OUT/machine1.report" $t) e2=$(execs "$OUT/machine2.report" $t) em=$(execs "$OUT/merged.out" $t)
  [ -n "$em" ] && [ "$em" = $((e1 + e2)) ] || fail "$t: merged executions $em, want $e1 + $e2"
done
xmllint --noout "$OUT/merged/junit.xml" 2>"$OUT/xmllint.err" || fail "junit.xml does not validate"
python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$OUT/merged/findings.json" ||
  fail "findings.json does not parse"
[ "$failures" = 0 ] && ok "executions add up; junit.xml and findings.json read"

[ "$failures" = 0 ] || { echo "merge.sh: $failures failure(s); files in $OUT" >&2; exit 1; }
echo "merge.sh: all passed; files in $OUT"
