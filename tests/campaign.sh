#!/bin/sh
# tests/campaign.sh: isect campaign, report, minimize and map, end to end.
#
#   - a campaign killed with SIGKILL keeps the findings already written, its
#     harnesses die with it, and `isect report` regenerates the report;
#   - a campaign stopped with SIGINT keeps them too and still writes the report;
#   - junit.xml validates (xmllint) with the expected counts; findings.json parses;
#   - minimize keeps the signature and gives readable numbers; map draws;
#   - bad usage exits 2;
#   - the HTML renders in headless Chromium: the DOM has every finding, and a
#     screenshot is taken (skipped without chromium unless ISECT_REQUIRE_BROWSER=1);
#   - with CRASHY_ISECT and CRASHY_FUZZ_DIR (make campaign-check): a target
#     that crashes and hangs is recorded as invalid and the campaign goes on.
#
# Environment: ISECT (default build/isect), FUZZ_DIR (default build/fuzz),
# OUT (default build/campaign-check: the campaigns, reports and screenshot
# are left there to look at).  Run from the top of the tree.
set -u
ISECT=${ISECT:-build/isect}
FUZZ_DIR=${FUZZ_DIR:-build/fuzz}
OUT=${OUT:-build/campaign-check}
failures=0

fail() { echo "campaign.sh: FAIL: $*" >&2; failures=$((failures + 1)); }
ok() { echo "campaign.sh: ok: $*"; }
die() { echo "campaign.sh: FAIL: $*" >&2; exit 1; }

[ -x "$ISECT" ] || die "$ISECT not built"
if [ ! -x "$FUZZ_DIR/fuzz_ray_triangle" ]; then
  echo "campaign.sh: $FUZZ_DIR/fuzz_ray_triangle not built (make fuzz): skipped"
  exit 0
fi
command -v xmllint >/dev/null 2>&1 || die "xmllint not found (Debian: libxml2-utils; make deps)"
rm -rf "$OUT"
mkdir -p "$OUT"

# Waits until a campaign folder holds at least one finding (max 30 s).
wait_finding() {
  i=0
  while [ $i -lt 300 ]; do
    for f in "$1"/findings/*/*.case; do
      [ -f "$f" ] && return 0
    done
    sleep 0.1
    i=$((i + 1))
  done
  return 1
}

# Processes whose command line mentions $1 (the harnesses of a campaign).
procs_of() {
  for p in /proc/[0-9]*; do
    { tr '\0' ' ' <"$p/cmdline"; } 2>/dev/null | grep -q -- "$1" && echo "${p#/proc/}"
  done
}

count() { ls "$@" 2>/dev/null | wc -l | tr -d ' '; }

# ---- SIGKILL: the findings on disk stay, the report is regenerated ----------
k=$OUT/killed
"$ISECT" campaign --seconds 60 --jobs 1 --queries ray_triangle --targets zoo:mt_eps --zoo-seconds 0 \
  --fuzz-dir "$FUZZ_DIR" --corpus-dir "$OUT/corpus" --out "$k" --seed 1 >"$OUT/killed.out" 2>&1 &
pid=$!
if wait_finding "$k"; then
  sleep 1
  kill -KILL $pid
  wait $pid 2>/dev/null
  n=$(count "$k"/findings/ray_triangle/*.case)
  sleep 1
  left=$(procs_of "$k/artifacts")
  [ -z "$left" ] || { fail "harness processes outlive a killed campaign: $left"; kill -KILL $left 2>/dev/null; }
  "$ISECT" eval --target zoo:mt_eps "$k/findings" >/dev/null 2>"$OUT/killed.eval"
  [ $? -le 1 ] || fail "a reproducer of the killed campaign does not read: $(cat "$OUT/killed.eval")"
  "$ISECT" report "$k" >"$OUT/killed.report" 2>&1
  rc=$?
  [ $rc -eq 0 ] || fail "isect report after SIGKILL: exit $rc (want 0: only the zoo has findings)"
  [ -s "$k/index.html" ] || fail "no index.html after SIGKILL"
  missing=0
  for f in "$k"/findings/ray_triangle/*.case; do
    key=$(basename "$f" .case)
    grep -q "id=\"$key\"" "$k/index.html" || missing=$((missing + 1))
  done
  [ $missing -eq 0 ] || fail "$missing findings of the killed campaign are not in its report"
  grep -q "did not finish" "$k/index.html" || fail "the report does not say that the campaign was killed"
  [ "$n" -ge 1 ] && ok "SIGKILL: $n findings kept, no harness left, report regenerated"
else
  kill -KILL $pid 2>/dev/null
  fail "no finding within 30 s against zoo:mt_eps; see $OUT/killed.out"
fi

# ---- SIGINT: findings kept, the report still written --------------------------
c=$OUT/interrupted
"$ISECT" campaign --seconds 60 --jobs 2 --queries ray_triangle --targets zoo:mt_eps,fast --zoo-seconds 0 \
  --fuzz-dir "$FUZZ_DIR" --corpus-dir "$OUT/corpus" --out "$c" --seed 2 >"$OUT/interrupted.out" 2>&1 &
pid=$!
if wait_finding "$c"; then
  sleep 2
  kill -INT $pid
  wait $pid
  rc=$?
  [ $rc -eq 130 ] || fail "campaign after SIGINT: exit $rc (want 130)"
  grep -q "^stop .*reason=interrupted" "$c/campaign.log" || fail "campaign.log has no 'stop ... reason=interrupted'"
  [ -z "$(procs_of "$c/artifacts")" ] || fail "harness processes outlive an interrupted campaign"
  grep -q "report: $c/index.html" "$OUT/interrupted.out" || fail "the interrupted campaign did not print the report's path"
  for f in index.html report.md findings.json junit.xml; do
    [ -s "$c/$f" ] || fail "interrupted campaign: no $f"
  done
  n=$(count "$c"/findings/*/*.case)
  [ "$n" -ge 1 ] && ok "SIGINT: exit 130, $n findings kept, report written"
else
  kill -KILL $pid 2>/dev/null
  fail "no finding within 30 s; see $OUT/interrupted.out"
fi

# ---- junit.xml and findings.json ----------------------------------------------
if [ -s "$c/junit.xml" ]; then
  if xmllint --noout "$c/junit.xml" 2>"$OUT/xmllint.err"; then
    # one test case per cause: (query, target, verdict, feature), crashes and hangs apart
    causes=$(sed -n 's/^# isect-finding: query=\([^ ]*\) target=\([^ ]*\) verdict=\([^ ]*\) feature=\([^ ]*\) output=\([^ ]*\) .*/\1 \2 \3 \4 \5/p' \
      "$c"/findings/*/*.case | awk '{ k = $3; if ($5 == "crash" || $5 == "timeout") k = $5; print $1, $2, k, $4 }' | sort -u)
    files=$(printf '%s\n' "$causes" | grep -c .)
    disc=$(printf '%s\n' "$causes" | grep -c ' discrepancy ')
    inval=$((files - disc))
    clean=0
    for t in fast zoo-mt_eps; do
      [ "$(count "$c"/findings/ray_triangle/ray_triangle-$t-*.case)" -eq 0 ] && clean=$((clean + 1))
    done
    want_tests=$((files + clean))
    x() { xmllint --xpath "$1" "$c/junit.xml" 2>/dev/null; }
    got="$(x 'string(/testsuites/@tests)') $(x 'string(/testsuites/@failures)') $(x 'string(/testsuites/@errors)')"
    got="$got $(x 'count(//testcase)') $(x 'count(//testcase/failure)') $(x 'count(//testcase/error)')"
    want="$want_tests $disc $inval $want_tests $disc $inval"
    [ "$got" = "$want" ] && ok "junit.xml valid: tests failures errors ($got)" ||
      fail "junit.xml counts: got '$got', want '$want' (tests failures errors, then counted)"
  else
    fail "junit.xml does not validate: $(cat "$OUT/xmllint.err")"
  fi
  if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert len(d["findings"]) == int(sys.argv[2])' \
      "$c/findings.json" "$(count "$c"/findings/*/*.case)" && ok "findings.json parses, one entry per finding" ||
      fail "findings.json does not parse or misses findings"
    python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); c=d["causes"]; assert len(c) == int(sys.argv[2]) == d["headline"]["causes"]; assert sum(x["signatures"] for x in c) == len(d["findings"])' \
      "$c/findings.json" "$files" && ok "findings.json: $files causes cover every finding" ||
      fail "findings.json: its causes are not the findings' ($files)"
  fi
  grep -q '"target": "zoo:mt_eps", "expected": "found", "run": true, "found": true' "$c/findings.json" ||
    fail "findings.json: the zoo scoreboard does not have zoo:mt_eps found"
fi

# ---- minimize and map -----------------------------------------------------------
best=$(grep -l '^# isect-finding:.* verdict=discrepancy .*output=hit ' "$c"/findings/ray_triangle/*.case 2>/dev/null | head -n 1)
[ -n "$best" ] || best=$(grep -l '^# isect-finding:.* verdict=discrepancy ' "$c"/findings/ray_triangle/*.case 2>/dev/null | head -n 1)
if [ -n "$best" ]; then
  "$ISECT" minimize -o "$OUT/min.case" "$best" 2>"$OUT/min.err"
  rc=$?
  if [ $rc -ne 0 ]; then
    fail "minimize: exit $rc: $(cat "$OUT/min.err")"
  else
    sig() { sed -n 's/^# isect-finding:.* verdict=\([a-z]*\) feature=\([^ ]*\) output=\([^ ]*\) severity=\([^ ]*\) .*/\1 \2 \3/p' "$1"; }
    [ "$(sig "$best")" = "$(sig "$OUT/min.case")" ] || fail "minimize changed the signature: $(sig "$best") -> $(sig "$OUT/min.case")"
    # ref and the target on the minimized case, independently of minimize
    "$ISECT" eval --json --target zoo:mt_eps "$OUT/min.case" >"$OUT/min.json"
    "$ISECT" eval --json --target zoo:mt_eps "$best" >"$OUT/orig.json"
    v() { sed -n 's/.*"target": "zoo:mt_eps".*"verdict": "\([a-z]*\)", "severity": \([0-9.e+-]*\).*/\1 \2/p' "$1" |
      awk '{ d = 0; if ($2 >= 1) d = int(log($2) / log(10) + 1e-9); print $1, d }'; }
    [ "$(v "$OUT/min.json")" = "$(v "$OUT/orig.json")" ] ||
      fail "minimized case judged '$(v "$OUT/min.json")', original '$(v "$OUT/orig.json")' (verdict, severity decade)"
    # readable: no long hex mantissas, and shorter numbers than the original
    fields='^(origin|dir|tmax|v0|v1|v2) '
    if grep -E "$fields" "$OUT/min.case" | grep -Eq '0x1\.[0-9a-f]{3,}'; then
      fail "minimized case has unreadable numbers: $(grep -E "$fields" "$OUT/min.case" | tr '\n' ';')"
    fi
    a=$(grep -E "$fields" "$best" | sed 's/#.*//' | tr -d ' \n' | wc -c)
    b=$(grep -E "$fields" "$OUT/min.case" | tr -d ' \n' | wc -c)
    [ "$b" -lt "$a" ] || fail "minimize did not shorten the numbers ($a -> $b characters)"
    "$ISECT" check --target fast "$OUT/min.case" | grep -q ' 0 failed expects' ||
      fail "the minimized case's expect lines are not ref's answer"
    ok "minimize: signature kept ($(sig "$OUT/min.case")), numbers $a -> $b characters"
  fi
  "$ISECT" map --x origin.x --y origin.y --radius 8 -o "$OUT/map.svg" "$best" 2>"$OUT/map.err" &&
    xmllint --noout "$OUT/map.svg" && grep -q 'discrepancy (' "$OUT/map.svg" &&
    ok "map: $(cat "$OUT/map.err" | sed 's/^isect map: //')" || fail "map: $(cat "$OUT/map.err")"
  "$ISECT" map -o "$OUT/map-auto.svg" "$best" 2>/dev/null && xmllint --noout "$OUT/map-auto.svg" ||
    fail "map with automatic axes"
else
  fail "no discrepancy to minimize in $c"
fi

# ---- a report of a plain folder of findings ------------------------------------
"$ISECT" report --quiet --out "$OUT/plain" "$c/findings"
[ $? -eq 0 ] && [ -s "$OUT/plain/index.html" ] &&
  [ "$(count "$OUT"/plain/findings/*/*.case)" -eq "$(count "$c"/findings/*/*.case)" ] &&
  ok "report of a folder of findings, reproducers copied" || fail "report of a folder of findings"

# ---- bad usage --------------------------------------------------------------------
bad() {
  "$@" >/dev/null 2>&1
  rc=$?
  [ $rc -eq 2 ] || fail "'$*' exits $rc, want 2"
}
bad "$ISECT" campaign --bogus
bad "$ISECT" campaign --queries no_such_query --fuzz-dir "$FUZZ_DIR"
bad "$ISECT" campaign --targets no:such --fuzz-dir "$FUZZ_DIR"
bad "$ISECT" campaign --seconds abc
bad "$ISECT" campaign --fuzz-dir "$OUT/none"
bad "$ISECT" report
bad "$ISECT" report "$OUT/none"
bad "$ISECT" minimize
bad "$ISECT" minimize "$OUT/none.case"
bad "$ISECT" minimize --target no:such "$best"
bad "$ISECT" map --x origin.x "$best"
bad "$ISECT" map --x nosuch.0 --y origin.y "$best"
bad "$ISECT" map --x origin.x --y origin.x "$best"
bad "$ISECT" map --radius 0 "$best"
for cmd in campaign report minimize map; do
  "$ISECT" $cmd --help | grep -q "^usage: isect $cmd" || fail "isect $cmd --help"
done
ok "usage errors exit 2, --help works"

# ---- the page in headless Chromium ----------------------------------------------------
browser=$(command -v chromium || command -v chromium-browser || true)
if [ -n "$browser" ] && [ -s "$c/index.html" ]; then
  page="file://$(cd "$c" && pwd)/index.html"
  profile=$(mktemp -d)
  flags="--headless --no-sandbox --disable-gpu --disable-quic --disable-background-networking \
    --disable-component-update --disable-sync --no-first-run --user-data-dir=$profile"
  timeout 120 "$browser" $flags --dump-dom "$page" >"$OUT/dom.html" 2>"$OUT/chromium.err"
  timeout 120 "$browser" $flags --window-size=1200,2400 --screenshot="$OUT/report.png" "$page" \
    >/dev/null 2>>"$OUT/chromium.err"
  rm -rf "$profile"
  missing=0
  for f in "$c"/findings/*/*.case; do
    grep -q "id=\"$(basename "$f" .case)\"" "$OUT/dom.html" || missing=$((missing + 1))
  done
  svgs=$(grep -o '<svg' "$OUT/dom.html" | wc -l | tr -d ' ')
  if [ $missing -eq 0 ] && grep -q 'Zoo scoreboard' "$OUT/dom.html" && [ "$svgs" -ge 1 ] &&
    [ "$(wc -c <"$OUT/report.png" 2>/dev/null || echo 0)" -gt 20000 ]; then
    ok "Chromium renders the report: every finding in the DOM, $svgs pictures, screenshot $OUT/report.png"
  else
    fail "Chromium: $missing findings missing from the DOM, $svgs pictures, screenshot $(wc -c <"$OUT/report.png" 2>/dev/null) bytes; see $OUT/chromium.err"
  fi
elif [ "${ISECT_REQUIRE_BROWSER:-0}" = 1 ]; then
  fail "chromium not found (Debian: chromium; make deps)"
else
  echo "campaign.sh: chromium not found: the browser check is skipped"
fi

# ---- a target that crashes and hangs (make campaign-crash-check) ----------------------
if [ -n "${CRASHY_ISECT:-}" ]; then
  x=$OUT/crashy
  rm -f "$OUT/crashy.state"
  ISECT_CRASHY_STATE=$OUT/crashy.state "$CRASHY_ISECT" campaign --seconds 25 --jobs 2 --queries ray_triangle --targets test:crashy,fast --timeout 2 \
    --fuzz-dir "$CRASHY_FUZZ_DIR" --corpus-dir "$OUT/corpus-crashy" --out "$x" --seed 3 >"$OUT/crashy.out" 2>&1
  rc=$?
  [ $rc -eq 1 ] || fail "crashy campaign: exit $rc (want 1: findings in a target outside the zoo)"
  crash=$(count "$x"/findings/ray_triangle/*-test-crashy-invalid-*-crash-e0.case)
  hang=$(count "$x"/findings/ray_triangle/*-test-crashy-invalid-*-timeout-e0.case)
  runs=$(grep -c "^run .*target=test:crashy" "$x/campaign.log")
  fastx=$(sed -n 's/^exit .*target=fast .*execs=\([0-9]*\).*/\1/p' "$x/campaign.log" | tail -n 1)
  if [ "$crash" -ge 1 ] && [ "$hang" -ge 1 ] && [ "$runs" -ge 3 ] && [ "${fastx:-0}" -gt 1000 ]; then
    ok "a crashing and hanging target: $crash crash and $hang hang findings, $runs runs, fast went on (${fastx} executions)"
  else
    fail "crashy campaign: $crash crash, $hang hang findings, $runs runs of the target, ${fastx:-0} executions of fast; see $OUT/crashy.out"
  fi
  grep -q 'class="finding invalid"' "$x/index.html" || fail "the crashy report has no invalid finding"
  # quarantine: the first input with tmax = 0 is a seed (corpus/ray_triangle
  # has such files), it kills the target, and later runs go without the seeds
  # (else every restart would replay it and die at once)
  if grep -q 'the seed corpus/ray_triangle/.* kills test:crashy; its next runs go without corpus/ray_triangle/' \
    "$OUT/crashy.out"; then
    ok "a seed that kills the target is quarantined"
  else
    fail "no quarantine of the killing seed in $OUT/crashy.out"
  fi
fi

if [ $failures -ne 0 ]; then
  echo "campaign.sh: $failures failure(s); files in $OUT" >&2
  exit 1
fi
echo "campaign.sh: all passed (files in $OUT)"
