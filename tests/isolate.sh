#!/bin/sh
# tests/isolate.sh: a target that crashes or hangs never takes a command
# down.  With the crashy user target (tests/campaign_target.c, built in as
# USER_TARGET under build/crashy: ray_triangle with tmax = 0 crashes on a
# negative dir.x and hangs on a positive one), `isect check`, `eval`,
# `props`, `minimize` and `report` record those cases as invalid ("crashed
# with signal N", "timed out after S s") and go on to the next.
#
# Environment: CRASHY_ISECT (default build/crashy/release/isect), OUT
# (default build/isolate-check).  A few seconds.  Run from the top of the tree.
set -u
ISECT=${CRASHY_ISECT:-build/crashy/release/isect}
OUT=${OUT:-build/isolate-check}
failures=0
fail() { echo "isolate.sh: FAIL: $*" >&2; failures=$((failures + 1)); }
ok() { echo "isolate.sh: ok: $*"; }

[ -x "$ISECT" ] || { echo "isolate.sh: FAIL: $ISECT not built" >&2; exit 1; }
unset ISECT_CRASHY_STATE ISECT_ISOLATE
rm -rf "$OUT"
mkdir -p "$OUT/cases"

# one case per file: the crash, the hang, and a plain hit after them
tri() {
  printf 'query ray_triangle\norigin 0.25 0.25 1\ndir %s 0 -1\ntmax %s\nv0 0 0 0\nv1 1 0 0\nv2 0 1 0\n' "$1" "$2"
}
tri -1 0 >"$OUT/cases/a-crash.case"
tri 1 0 >"$OUT/cases/b-hang.case"
tri 0 inf >"$OUT/cases/c-hit.case"

start=$(date +%s)
"$ISECT" check --target test:crashy --target fast --timeout 1 --junit "$OUT/check.xml" "$OUT/cases" \
  >"$OUT/check.out" 2>&1
rc=$?
took=$(($(date +%s) - start))
[ $rc -eq 1 ] || fail "check: exit $rc (want 1: invalid verdicts)"
grep -q 'a-crash.case:1: test:crashy: invalid (crashed with signal 11)' "$OUT/check.out" ||
  fail "check: the crash is not reported: $(cat "$OUT/check.out")"
grep -q 'b-hang.case:1: test:crashy: invalid (timed out after 1 s)' "$OUT/check.out" ||
  fail "check: the hang is not reported: $(cat "$OUT/check.out")"
grep -q '^3 cases in 3 files: .* 2 invalid (of which 1 crashed, 1 timed out)' "$OUT/check.out" ||
  fail "check: summary: $(tail -n 2 "$OUT/check.out")"
[ "$(grep -c '<error' "$OUT/check.xml")" -ge 2 ] || fail "check --junit: the crash and the hang are not errors"
[ $took -le 10 ] || fail "check took $took s"
[ $failures -eq 0 ] && ok "check: the crash and the hang are invalid, the rest judged ($took s)"

"$ISECT" eval --target test:crashy --timeout 1 "$OUT/cases" >"$OUT/eval.out" 2>&1
rc=$?
[ $rc -eq 1 ] || fail "eval: exit $rc (want 1)"
n=$(grep -c 'test:crashy *-> invalid (\(crashed with signal 11\|timed out after 1 s\))' "$OUT/eval.out")
grep -q 'test:crashy.* hit 1 .*-> agree' "$OUT/eval.out" || fail "eval: the case after them is not judged"
[ "$n" -eq 2 ] && ok "eval: both invalid, the next case judged" || fail "eval: $(cat "$OUT/eval.out")"
"$ISECT" eval --json --target test:crashy --timeout 1 "$OUT/cases/a-crash.case" |
  grep -q '"target": "test:crashy".*"verdict": "invalid".*"why": "crashed with signal 11"' ||
  fail "eval --json: no invalid row with its why"

"$ISECT" props --target test:crashy "$OUT/cases" >"$OUT/props.out" 2>&1
grep -q 'property checks:' "$OUT/props.out" && ok "props finishes" || fail "props: $(cat "$OUT/props.out")"

# a finding whose minimization runs into the crash: the step is rejected
mkdir -p "$OUT/findings"
f=$OUT/findings/finding.case
{
  echo '# isect-finding: query=ray_triangle target=test:crashy verdict=invalid feature=miss output=crash severity=0x0p+0 first=0 found=0'
  cat "$OUT/cases/a-crash.case"
} >"$f"
"$ISECT" minimize --timeout 1 -o "$OUT/min.case" "$f" 2>"$OUT/min.err"
rc=$?
[ $rc -eq 0 ] && grep -q 'verdict=invalid .*output=crash' "$OUT/min.case" && ok "minimize: the crash minimized in child processes" ||
  fail "minimize: exit $rc: $(cat "$OUT/min.err")"
"$ISECT" report --quiet --no-maps --out "$OUT/report" "$OUT/findings" >/dev/null 2>&1
rc=$?
[ $rc -eq 1 ] && grep -q 'crashes' "$OUT/report/report.md" && ok "report: the crash reported" ||
  fail "report: exit $rc (want 1: a finding in a user target)"

[ $failures -eq 0 ] || { echo "isolate.sh: $failures failure(s); files in $OUT" >&2; exit 1; }
echo "isolate.sh: all passed"
