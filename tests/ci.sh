#!/bin/sh
# tests/ci.sh: the CI workflow for users (.github/workflows/isect.yml).
#   - the workflow parses as YAML (PyYAML; Debian: python3-yaml, make deps),
#     its check job runs only `sh ci/isect-ci.sh STEP` commands and keeps
#     ci-out/ as an artifact, and its ClusterFuzzLite job fuzzes pull
#     requests (build_fuzzers, run_fuzzers in code-change mode);
#   - its shell commands run here, in order, with the workflow's env
#     (dependencies skipped, a 5 s campaign of ray_triangle): against fast
#     they pass and write a JUnit file without failures and the campaign's
#     report; against zoo:mt_eps the check step fails (exit 1) and its JUnit
#     file has the failures.
# Environment: BUILD (default build), OUT (default build/ci-check).  Run from
# the top of the tree.
set -u
BUILD=${BUILD:-build}
OUT=${OUT:-build/ci-check}
wf=.github/workflows/isect.yml
failures=0
fail() { echo "ci.sh: FAIL: $*" >&2; failures=$((failures + 1)); }
ok() { echo "ci.sh: ok: $*"; }
python3 -c 'import yaml' 2>/dev/null || { echo "ci.sh: FAIL: PyYAML missing (python3-yaml; make deps)" >&2; exit 1; }
rm -rf "$OUT"
mkdir -p "$OUT/steps"

# ---- the workflow: its structure, its env and its run steps as files ----------
if python3 - "$wf" "$OUT" <<'PY'
import sys, yaml
wf, out = sys.argv[1], sys.argv[2]
doc = yaml.safe_load(open(wf))
on = doc.get("on", doc.get(True))  # YAML 1.1 reads the key `on` as true
assert "push" in on and "pull_request" in on, "runs on push and pull_request"
check, cfl = doc["jobs"]["check"], doc["jobs"]["clusterfuzzlite-pr"]
runs = [s["run"] for s in check["steps"] if "run" in s]
for r in runs:
    assert r.startswith("sh ci/isect-ci.sh "), "a run step is not ci/isect-ci.sh: " + r
assert [r.split()[-1] for r in runs] == ["deps", "build", "check", "campaign"], runs
up = [s for s in check["steps"] if s.get("uses", "").startswith("actions/upload-artifact")]
assert up and up[0]["with"]["path"].rstrip("/") == doc["env"]["ISECT_CI_OUT"] and up[0]["if"] == "always()"
uses = [s.get("uses", "") for s in cfl["steps"]]
assert any("clusterfuzzlite/actions/build_fuzzers" in u for u in uses)
run = [s for s in cfl["steps"] if "run_fuzzers" in s.get("uses", "")][0]
assert run["with"]["mode"] == "code-change" and "pull_request" in cfl["if"]
with open(out + "/env.sh", "w") as f:
    for k, v in doc["env"].items():
        f.write("%s='%s'; export %s\n" % (k, v, k))
for i, r in enumerate(runs):
    open("%s/steps/%d-%s.sh" % (out, i, r.split()[-1]), "w").write(r + "\n")
PY
then ok "$wf parses: check job of ci/isect-ci.sh steps, artifact kept, ClusterFuzzLite on pull requests"
else fail "$wf"; exit 1
fi

# ---- its commands, as the workflow runs them ----------------------------------
run_steps() { # TARGET OUTDIR STEP...: each step's exit status in OUTDIR/STEP.rc
  t=$1 o=$2
  shift 2
  mkdir -p "$o"
  for s in "$@"; do
    sf=$(ls "$OUT"/steps/*-"$s".sh)
    (. "$OUT/env.sh"
     ISECT_CI_TARGET=$t ISECT_CI_OUT=$o ISECT_CI_SECONDS=5 ISECT_CI_QUERIES=ray_triangle ISECT_CI_SKIP_DEPS=1 \
       BUILD=$BUILD JOBS=2 sh -e "$sf") >"$o/$s.out" 2>&1
    echo $? >"$o/$s.rc"
  done
}
junit_count() { sed -n "s/^<testsuites .*$2=\"\([0-9]*\)\".*/\1/p" "$1"; }

f=$OUT/fast
run_steps fast "$f" deps build check campaign
for s in deps build check campaign; do
  [ "$(cat "$f/$s.rc")" = 0 ] || fail "step $s against fast exits $(cat "$f/$s.rc"); see $f/$s.out"
done
if xmllint --noout "$f/check-junit.xml" 2>"$f/xmllint.err" && [ "$(junit_count "$f/check-junit.xml" tests)" -gt 100 ] &&
   [ "$(junit_count "$f/check-junit.xml" failures)" = 0 ] && [ -s "$f/campaign/index.html" ] &&
   xmllint --noout "$f/campaign/junit.xml" 2>>"$f/xmllint.err"; then
  ok "against fast: every step passes; JUnit of $(junit_count "$f/check-junit.xml" tests) tests, the campaign's report in $f/campaign"
else
  fail "against fast: JUnit or report missing or invalid; see $f"
fi

z=$OUT/zoo
run_steps zoo:mt_eps "$z" check campaign
if [ "$(cat "$z/check.rc")" = 1 ] && xmllint --noout "$z/check-junit.xml" 2>/dev/null &&
   [ "$(junit_count "$z/check-junit.xml" failures)" -gt 0 ] && grep -q 'zoo:mt_eps: discrepancy' "$z/check.out"; then
  ok "against zoo:mt_eps: the check step fails with $(junit_count "$z/check-junit.xml" failures) JUnit failures"
else
  fail "against zoo:mt_eps: check exits $(cat "$z/check.rc"), want 1 with JUnit failures; see $z"
fi
# a zoo bug is expected: the campaign passes and its junit.xml lists the findings
if [ "$(cat "$z/campaign.rc")" = 0 ] && grep -q '<failure' "$z/campaign/junit.xml" 2>/dev/null; then
  ok "against zoo:mt_eps: the campaign's junit.xml has its findings"
else
  fail "against zoo:mt_eps: campaign exits $(cat "$z/campaign.rc"); see $z/campaign.out"
fi

[ "$failures" = 0 ] || { echo "ci.sh: $failures failure(s); files in $OUT" >&2; exit 1; }
echo "ci.sh: all passed; files in $OUT"
