#!/bin/sh
# tests/cli.sh: checks of the isect command line (usage, exit status, JSON
# rows, error messages, check, fmt, directory walking).  POSIX sh; uses
# $ISECT (default build/isect).  Stops at the first failure with exit 1.
set -u

ISECT=${ISECT:-build/isect}
n=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/isect-cli.XXXXXX") || { echo "cli.sh: mktemp failed" >&2; exit 1; }
trap 'rm -rf "$tmp"' EXIT
trap 'exit 1' INT TERM HUP

fail() {
    echo "cli.sh: FAIL: $*" >&2
    if [ -s "$tmp/out" ]; then echo "--- stdout:" >&2; head -n 20 "$tmp/out" >&2; fi
    if [ -s "$tmp/err" ]; then echo "--- stderr:" >&2; head -n 20 "$tmp/err" >&2; fi
    exit 1
}
pass() { n=$((n + 1)); }

# run CMD...: runs it with stdout in $tmp/out, stderr in $tmp/err, status in $rc
run() {
    "$@" >"$tmp/out" 2>"$tmp/err"
    rc=$?
}
# expect_rc STATUS CMD...
expect_rc() {
    want=$1
    shift
    run "$@"
    [ "$rc" = "$want" ] || fail "'$*' exited $rc, expected $want"
    pass
}
# out_has TEXT / err_has TEXT: fixed-string search
out_has() { grep -F -e "$1" "$tmp/out" >/dev/null || fail "stdout of the last command lacks '$1'"; pass; }
err_has() { grep -F -e "$1" "$tmp/err" >/dev/null || fail "stderr of the last command lacks '$1'"; pass; }
# count_in FILE TEXT: lines of FILE containing TEXT
count_in() { grep -c -F -e "$2" "$1"; }
expect_eq() { [ "$1" = "$2" ] || fail "$3: got '$1', expected '$2'"; pass; }

[ -x "$ISECT" ] || { echo "cli.sh: $ISECT is not an executable (set ISECT)" >&2; exit 1; }

# ---- case files ---------------------------------------------------------------
# good.case: ray (1,1,0) +z against (0,0,2) (4,0,2) (0,4,2): t = 2, u = v = 1/4;
# second case: t = u = v = 1/3 (the double 0x1.5555555555555p-2).
cat >"$tmp/good.case" <<'EOF'
# two correct cases
query ray_triangle
origin 1 1 0
dir 0 0 1
tmax inf
v0 0 0 2
v1 4 0 2
v2 0 4 2
expect hit 1
expect t 2
expect u 0.25
expect v 0.25
query ray_triangle
origin 1 1 0
dir 0 0 3
tmax inf
v0 0 0 1
v1 3 0 1
v2 0 3 1
expect hit 1
expect t 0x1.5555555555555p-2
EOF
# wrong.case: the first case with 'expect t 3' on line 10.
sed 's/^expect t 2$/expect t 3/' "$tmp/good.case" >"$tmp/wrong.case"
# tiny.case: triangle of size 2^-12 hit squarely (u = v = 1/4 at t = 2^-12);
# det = 2^-24 < 1e-6, so Moller-Trumbore with an absolute epsilon misses.
cat >"$tmp/tiny.case" <<'EOF'
query ray_triangle
origin 0x1p-14 0x1p-14 0x1p-12
dir 0 0 -1
tmax inf
v0 0 0 0
v1 0x1p-12 0 0
v2 0 0x1p-12 0
expect hit 1
expect t 0x1p-12
EOF
# bad.case: a bad number on line 3.
printf 'query ray_triangle\norigin 1 1 0\ndir 0 x 1\ntmax inf\nv0 0 0 2\nv1 4 0 2\nv2 0 4 2\n' >"$tmp/bad.case"

# ---- usage ------------------------------------------------------------------------
expect_rc 0 "$ISECT" --help
out_has "usage: isect"
expect_rc 0 "$ISECT" -h
out_has "usage: isect"
for sub in list targets eval check fmt; do
    expect_rc 0 "$ISECT" "$sub" --help
    out_has "usage: isect $sub"
done
expect_rc 2 "$ISECT"
err_has "usage: isect"
expect_rc 2 "$ISECT" frobnicate
err_has "frobnicate"
expect_rc 2 "$ISECT" --frobnicate
expect_rc 2 "$ISECT" eval --frobnicate "$tmp/good.case"
err_has "frobnicate"
expect_rc 2 "$ISECT" check --frobnicate "$tmp/good.case"
expect_rc 2 "$ISECT" fmt --frobnicate "$tmp/good.case"
expect_rc 2 "$ISECT" list extra
expect_rc 2 "$ISECT" targets extra
expect_rc 2 "$ISECT" eval
expect_rc 2 "$ISECT" check
expect_rc 2 "$ISECT" fmt
expect_rc 2 "$ISECT" check --json "$tmp/good.case"
expect_rc 2 "$ISECT" eval --target no-such-target "$tmp/good.case"
err_has "no-such-target"
expect_rc 2 "$ISECT" eval --target
expect_rc 2 "$ISECT" fmt --check --stdout "$tmp/good.case"

# ---- list, targets ------------------------------------------------------------------
expect_rc 0 "$ISECT" list
out_has "ray_triangle"
out_has "origin[3] dir[3] tmax v0[3] v1[3] v2[3]"
expect_rc 0 "$ISECT" targets
out_has "fast"
out_has "zoo:mt_eps"

# ---- eval --json -------------------------------------------------------------------
expect_rc 0 "$ISECT" eval --json --target fast "$tmp/good.case"
cp "$tmp/out" "$tmp/rows1"
expect_eq "$(wc -l <"$tmp/rows1" | tr -d ' ')" 4 "rows for 2 cases, ref + fast"
# with two targets: 2 cases x (ref + 2 targets) = 6 rows; tiny.case makes
# zoo:mt_eps a discrepancy, so 3 files give exit status 1.
expect_rc 1 "$ISECT" eval --json --target fast --target zoo:mt_eps "$tmp/good.case" "$tmp/tiny.case"
cp "$tmp/out" "$tmp/rows"
expect_eq "$(wc -l <"$tmp/rows" | tr -d ' ')" 9 "rows for 3 cases, ref + 2 targets"
expect_eq "$(count_in "$tmp/rows" '"target": "ref"')" 3 "ref rows"
expect_eq "$(count_in "$tmp/rows" '"target": "fast"')" 3 "fast rows"
expect_eq "$(count_in "$tmp/rows" '"target": "zoo:mt_eps"')" 3 "zoo rows"
for f in file index query target hit t u v; do
    expect_eq "$(count_in "$tmp/rows" "\"$f\": ")" 9 "rows with \"$f\""
done
for f in verdict severity; do
    expect_eq "$(count_in "$tmp/rows" "\"$f\": ")" 6 "rows with \"$f\""
    expect_eq "$(grep -F '"target": "ref"' "$tmp/rows" | grep -c -F "\"$f\"")" 0 "ref rows with \"$f\""
done
# every row is one object on one line, beginning with the file
expect_eq "$(grep -c '^{"file": ".*}$' "$tmp/rows")" 9 "rows of the form {\"file\": ...}"
expect_eq "$(count_in "$tmp/rows" "\"file\": \"$tmp/good.case\", \"index\": 0,")" 3 "rows of good.case case 0"
expect_eq "$(count_in "$tmp/rows" "\"file\": \"$tmp/good.case\", \"index\": 1,")" 3 "rows of good.case case 1"
expect_eq "$(count_in "$tmp/rows" "\"file\": \"$tmp/tiny.case\", \"index\": 0,")" 3 "rows of tiny.case"
expect_eq "$(count_in "$tmp/rows" '"query": "ray_triangle"')" 9 "query names"
# ref's exact answers, printed with 17 significant digits
grep -F '"target": "ref"' "$tmp/rows" >"$tmp/ref_rows"
expect_eq "$(count_in "$tmp/ref_rows" '"hit": true, "t": 2.0, "u": 0.25, "v": 0.25')" 1 "ref row of case 0"
expect_eq "$(count_in "$tmp/ref_rows" '"t": 0.33333333333333331, "u": 0.33333333333333331, "v": 0.33333333333333331')" 1 \
    "ref row of case 1 (17 digits)"
# verdicts: zoo:mt_eps misses tiny.case (discrepancy); fast agrees on all
expect_eq "$(grep -F '"target": "zoo:mt_eps"' "$tmp/rows" | grep -F tiny.case | grep -c -F '"hit": false')" 1 "zoo misses tiny"
expect_eq "$(grep -F '"target": "zoo:mt_eps"' "$tmp/rows" | grep -F tiny.case | grep -c -F '"verdict": "discrepancy"')" 1 \
    "zoo verdict on tiny"
expect_eq "$(grep -F '"target": "fast"' "$tmp/rows" | grep -c -F '"verdict": "agree"')" 3 "fast verdicts"
# the tiny case's severity is a number far above the tolerance
sev=$(grep -F '"target": "zoo:mt_eps"' "$tmp/rows" | grep -F tiny.case | sed 's/.*"severity": \([0-9.e+]*\).*/\1/')
case $sev in
'' | *[!0-9.e+]*) fail "severity of zoo:mt_eps on tiny.case is not a number: '$sev'" ;;
esac
pass
awk -v s="$sev" 'BEGIN { exit !(s + 0 > 1000) }' || fail "severity $sev of zoo:mt_eps on tiny.case not above 1000"
pass
# An invalid input: ref's row says valid false; a target row carries its answer.
sed 's/^origin 1 1 0$/origin nan 1 0/' "$tmp/good.case" >"$tmp/nan.case"
expect_rc 0 "$ISECT" eval --json "$tmp/nan.case"
expect_eq "$(count_in "$tmp/out" '"valid": false')" 2 "ref rows of invalid inputs"
# Valid JSON, when python3 is there to tell.
if command -v python3 >/dev/null 2>&1 && python3 -c 'import json' >/dev/null 2>&1; then
    python3 - "$tmp/rows" <<'EOF' || fail "eval --json rows are not the expected JSON objects"
import json, sys
rows = [json.loads(line) for line in open(sys.argv[1])]
assert len(rows) == 9
for r in rows:
    for k in ("file", "index", "query", "target", "hit", "t", "u", "v"):
        assert k in r, (k, r)
    assert isinstance(r["hit"], bool) and isinstance(r["index"], int)
    for k in ("t", "u", "v"):
        assert isinstance(r[k], float) or r[k] in ("inf", "-inf", "nan"), r
    if r["target"] == "ref":
        assert "verdict" not in r and "severity" not in r, r
    else:
        assert r["verdict"] in ("agree", "tolerated", "discrepancy", "invalid"), r
        assert isinstance(r["severity"], float), r
EOF
    pass
fi
# Plain eval prints something for every case and target.
expect_rc 0 "$ISECT" eval "$tmp/good.case"
out_has "$tmp/good.case:2:"
out_has "$tmp/good.case:13:"
out_has "agree"

# A tolerated verdict comes with a witness: touching spheres, which XNA's
# test calls apart, are apart one unit away (docs/judge.md).
cat > "$tmp/touch.case" <<'EOF'
query sphere_sphere
c0 0 0 0
r0 1
c1 2 0 0
r1 1
EOF
expect_rc 0 "$ISECT" eval --target zoo:xna_sphere "$tmp/touch.case"
out_has "-> tolerated (severity 0)"
out_has "witness        ref agrees with it at"
expect_rc 0 "$ISECT" eval --json --target zoo:xna_sphere "$tmp/touch.case"
out_has '"witness": {"moved": '

# ---- bad input ----------------------------------------------------------------------
expect_rc 2 "$ISECT" eval "$tmp/bad.case"
head -n 1 "$tmp/err" | grep -q "^$tmp/bad.case:3: " || fail "message does not start with FILE:LINE: '$(head -n 1 "$tmp/err")'"
pass
# nothing is evaluated when any input is bad
expect_rc 2 "$ISECT" eval --json "$tmp/good.case" "$tmp/bad.case"
[ ! -s "$tmp/out" ] || fail "eval printed rows although an input file is bad"
pass
expect_rc 2 "$ISECT" check "$tmp/bad.case"
head -n 1 "$tmp/err" | grep -q "^$tmp/bad.case:3: " || fail "check: message does not start with FILE:LINE:"
pass
expect_rc 2 "$ISECT" fmt "$tmp/bad.case"
head -n 1 "$tmp/err" | grep -q "^$tmp/bad.case:3: " || fail "fmt: message does not start with FILE:LINE:"
pass
cmp -s "$tmp/bad.case" /dev/null && fail "fmt emptied a bad file"
pass
expect_rc 2 "$ISECT" eval "$tmp/no-such.case"
err_has "$tmp/no-such.case"
printf 'query ray_triangle\norigin 1 1 0\n' >"$tmp/missing.case"
expect_rc 2 "$ISECT" check "$tmp/missing.case"
head -n 1 "$tmp/err" | grep -q "^$tmp/missing.case:1: " || fail "missing field not reported at the query line"
pass

# ---- check --------------------------------------------------------------------------
expect_rc 0 "$ISECT" check "$tmp/good.case"
out_has "2 cases"
expect_rc 1 "$ISECT" check "$tmp/wrong.case"
out_has "$tmp/wrong.case:10:"
out_has "expect t"
expect_rc 0 "$ISECT" check --target fast "$tmp/tiny.case"
expect_rc 1 "$ISECT" check --target zoo:mt_eps "$tmp/tiny.case"
out_has "discrepancy"
out_has "zoo:mt_eps"
expect_rc 1 "$ISECT" check --target all "$tmp/tiny.case"
# expect valid 0 on a valid input fails; on the NaN input it holds.
printf 'expect valid 0\n' >>"$tmp/tiny.case"
expect_rc 1 "$ISECT" check "$tmp/tiny.case"
out_has "expect valid"
sed 's/^expect t .*$//; s/^expect [uv] .*$//; s/^expect hit 1$/expect valid 0/' "$tmp/nan.case" >"$tmp/nan_expect.case"
expect_rc 0 "$ISECT" check "$tmp/nan_expect.case"

# ---- fmt ------------------------------------------------------------------------------
cp "$tmp/good.case" "$tmp/fmt.case"
expect_rc 1 "$ISECT" fmt --check "$tmp/fmt.case"
out_has "$tmp/fmt.case"
cmp -s "$tmp/good.case" "$tmp/fmt.case" || fail "fmt --check modified the file"
pass
expect_rc 0 "$ISECT" fmt --stdout "$tmp/fmt.case"
cp "$tmp/out" "$tmp/fmt_stdout"
cmp -s "$tmp/good.case" "$tmp/fmt.case" || fail "fmt --stdout modified the file"
pass
grep -q '^origin 0x1p+0 0x1p+0 0x0p+0 *# 1 1 0$' "$tmp/fmt_stdout" || fail "fmt output lacks the canonical origin line"
pass
expect_rc 0 "$ISECT" fmt "$tmp/fmt.case"
cmp -s "$tmp/fmt.case" "$tmp/fmt_stdout" || fail "fmt wrote something else than fmt --stdout printed"
pass
expect_rc 0 "$ISECT" fmt --check "$tmp/fmt.case"
expect_rc 0 "$ISECT" fmt "$tmp/fmt.case"
cmp -s "$tmp/fmt.case" "$tmp/fmt_stdout" || fail "fmt is not idempotent"
pass
[ ! -e "$tmp/fmt.case.fmt-tmp" ] || fail "fmt left its temporary file"
pass
grep -q '^# two correct cases$' "$tmp/fmt.case" || fail "fmt dropped a comment line"
pass
# the rewritten file means the same: same JSON rows apart from the file name
expect_rc 0 "$ISECT" eval --json --target fast "$tmp/fmt.case"
sed "s|$tmp/fmt.case|F|" "$tmp/out" >"$tmp/rows_fmt"
sed "s|$tmp/good.case|F|" "$tmp/rows1" >"$tmp/rows_good"
cmp -s "$tmp/rows_fmt" "$tmp/rows_good" || fail "fmt changed the meaning of the file"
pass
expect_rc 0 "$ISECT" check "$tmp/fmt.case"
# fmt on a directory: its *.case files, nothing else; a file that does not
# parse stops it before anything is rewritten
mkdir -p "$tmp/fmtdir/sub"
cp "$tmp/good.case" "$tmp/fmtdir/a.case"
cp "$tmp/good.case" "$tmp/fmtdir/sub/b.case"
echo "not a case" > "$tmp/fmtdir/notes.txt"
expect_rc 1 "$ISECT" fmt --check "$tmp/fmtdir"
out_has "$tmp/fmtdir/a.case: not canonical"
out_has "$tmp/fmtdir/sub/b.case: not canonical"
cp "$tmp/bad.case" "$tmp/fmtdir/sub/c.case"
expect_rc 2 "$ISECT" fmt "$tmp/fmtdir"
cmp -s "$tmp/good.case" "$tmp/fmtdir/a.case" || fail "fmt rewrote a file although another does not parse"
pass
rm "$tmp/fmtdir/sub/c.case"
expect_rc 0 "$ISECT" fmt "$tmp/fmtdir"
expect_rc 0 "$ISECT" fmt --check "$tmp/fmtdir"
cmp -s "$tmp/fmtdir/a.case" "$tmp/fmt_stdout" || fail "fmt on a directory wrote something else"
pass

# ---- directories ------------------------------------------------------------------------
mkdir -p "$tmp/dir/sub" "$tmp/dir/.hidden"
cp "$tmp/good.case" "$tmp/dir/b.case"
cp "$tmp/good.case" "$tmp/dir/sub/a.case"
cp "$tmp/bad.case" "$tmp/dir/not-a-case.txt" # ignored: not *.case
cp "$tmp/bad.case" "$tmp/dir/.hidden/bad.case" # ignored: hidden
expect_rc 0 "$ISECT" eval --json "$tmp/dir"
expect_eq "$(wc -l <"$tmp/out" | tr -d ' ')" 8 "rows of a directory with two files of two cases"
expect_eq "$(count_in "$tmp/out" "\"file\": \"$tmp/dir/b.case\"")" 4 "rows of dir/b.case"
expect_eq "$(count_in "$tmp/out" "\"file\": \"$tmp/dir/sub/a.case\"")" 4 "rows of dir/sub/a.case"
# sorted order: b.case before sub/
expect_eq "$(sed -n '1s/.*"file": "\([^"]*\)".*/\1/p' "$tmp/out")" "$tmp/dir/b.case" "first file walked"
expect_rc 0 "$ISECT" eval --json "$tmp/dir/"
expect_eq "$(count_in "$tmp/out" "\"file\": \"$tmp/dir/b.case\"")" 4 "rows of dir/ (trailing slash)"
expect_rc 0 "$ISECT" check "$tmp/dir"
out_has "4 cases in 2 files"
cp "$tmp/wrong.case" "$tmp/dir/sub/wrong.case"
expect_rc 1 "$ISECT" check "$tmp/dir"
out_has "$tmp/dir/sub/wrong.case:10:"
cp "$tmp/bad.case" "$tmp/dir/sub/zz.case"
expect_rc 2 "$ISECT" eval "$tmp/dir"
err_has "$tmp/dir/sub/zz.case:3:"

# ---- target selection ----------------------------------------------------------------
# One row per target per case, however the targets are named: 'all' after
# (or besides) a named target must not select it twice.
expect_rc 0 "$ISECT" eval --json --target all --target fast "$tmp/good.case"
expect_eq "$(count_in "$tmp/out" '"target": "fast"')" 2 "fast rows with --target all --target fast"
expect_rc 0 "$ISECT" eval --json --target fast --target all "$tmp/good.case"
expect_eq "$(count_in "$tmp/out" '"target": "fast"')" 2 "fast rows with --target fast --target all (one per case)"
expect_rc 0 "$ISECT" eval --json --target all --target all "$tmp/good.case"
expect_eq "$(count_in "$tmp/out" '"target": "zoo:mt_eps"')" 2 "zoo rows with --target all --target all (one per case)"

# ---- engine timeouts the target is not responsible for --------------------------------
# A libFuzzer timeout- file whose input the target answers at once here (its
# engine time went to ref or the judge) is not reported as the target
# hanging: 64 zero bytes are sphere_sphere's two points at the origin.
mkdir -p "$tmp/engine/sphere_sphere"
i=0
while [ $i -lt 64 ]; do printf '\000'; i=$((i + 1)); done >"$tmp/engine/sphere_sphere/timeout-1"
expect_rc 0 "$ISECT" report --no-minimize --no-maps --out "$tmp/engine-report" "$tmp/engine"
err_has "timeout-1: not a finding of fast: it answers in"
out_has "0 causes"
# the same bytes as a crash- file are still judged (no crash here: kept as a crash finding)
mv "$tmp/engine/sphere_sphere/timeout-1" "$tmp/engine/sphere_sphere/crash-1"
expect_rc 1 "$ISECT" report --no-minimize --no-maps --out "$tmp/engine-report2" "$tmp/engine"
out_has "1 cause"

echo "cli.sh: $n checks passed"
