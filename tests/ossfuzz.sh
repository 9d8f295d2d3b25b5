#!/bin/sh
# tests/ossfuzz.sh: the OSS-Fuzz / ClusterFuzzLite build, simulated (no
# Docker here): .clusterfuzzlite/build.sh runs with the engines' environment
# (CC=clang, CFLAGS with the fuzzer and address sanitizer flags,
# LIB_FUZZING_ENGINE=-fsanitize=fuzzer, SRC, OUT and WORK in a scratch
# folder), then
#   - every fuzzer it produced has its seed corpus zip, .options and .dict,
#     and runs SECONDS on its unzipped seeds, with the options file's flags,
#     as the engines run it, two at a time; its executions per second go to
#     DIR/rates.txt (docs/scale.md);
#   - a zoo target selected through the environment (ISECT_TARGET) is
#     reported as a crash: libFuzzer's "deadly signal" with a crash- file,
#     and a message that holds the whole .case, which reproduces the
#     discrepancy in isect check;
#   - isect report turns the engine's crash file back into a finding
#     (--query, --target).
# Environment: ISECT (default build/isect), DIR (default build/ossfuzz),
# SECONDS_EACH (default 2).  Run from the top of the tree.
set -u
ISECT=${ISECT:-build/isect}
DIR=${DIR:-build/ossfuzz}
SECONDS_EACH=${SECONDS_EACH:-2}
failures=0
fail() { echo "ossfuzz.sh: FAIL: $*" >&2; failures=$((failures + 1)); }
ok() { echo "ossfuzz.sh: ok: $*"; }

command -v clang >/dev/null 2>&1 || { echo "ossfuzz.sh: clang not found: skipped"; exit 0; }
[ -x "$ISECT" ] || { echo "ossfuzz.sh: FAIL: $ISECT not built" >&2; exit 1; }
top=$PWD
rm -rf "$DIR"
mkdir -p "$DIR/src" "$DIR/out" "$DIR/work" "$DIR/run"
DIR=$(cd "$DIR" && pwd)
ln -s "$top" "$DIR/src/isect"

# ---- the build, as the engines' builder image runs it --------------------------
flags="-O1 -fno-omit-frame-pointer -gline-tables-only -fsanitize=address -fsanitize-address-use-after-scope"
start=$(date +%s)
if ! (cd "$DIR/src/isect" && env CC=clang CXX=clang++ CFLAGS="$flags -fsanitize=fuzzer-no-link" \
      CXXFLAGS="$flags -fsanitize=fuzzer-no-link" LIB_FUZZING_ENGINE=-fsanitize=fuzzer SANITIZER=address \
      FUZZING_ENGINE=libfuzzer ARCHITECTURE=x86_64 SRC="$DIR/src" OUT="$DIR/out" WORK="$DIR/work" \
      bash -eu "$DIR/src/isect/.clusterfuzzlite/build.sh" >"$DIR/build.log" 2>&1); then
  tail -n 30 "$DIR/build.log" >&2
  echo "ossfuzz.sh: FAIL: build.sh failed; see $DIR/build.log" >&2
  exit 1
fi
ok "build.sh in $(($(date +%s) - start)) s: $(tail -n 1 "$DIR/build.log")"

fuzzers=""
for f in "$DIR"/out/*; do
  case $f in *.zip | *.dict | *.options) continue ;; esac
  [ -x "$f" ] && fuzzers="$fuzzers $(basename "$f")"
done
nq=$(ls fuzz/fuzz_*.c | wc -l)
nf=$(echo $fuzzers | wc -w)
[ "$nf" -ge "$nq" ] || fail "$nf fuzzers built, want at least one per harness ($nq)"
for n in $fuzzers; do
  for x in "${n}_seed_corpus.zip" "$n.options" "$n.dict"; do
    [ -s "$DIR/out/$x" ] || fail "$n: no $x"
  done
done

# ---- each fuzzer runs SECONDS_EACH on its seeds, as the engines run it ---------
# libFuzzer flags from NAME.options ([libfuzzer] key = value).
options_of() {
  awk -F' *= *' '/^\[/ { s = ($0 == "[libfuzzer]") } s && NF == 2 { printf " -%s=%s", $1, $2 }' "$DIR/out/$1.options"
}
run_one() { # NAME: exit status of the fuzzer, its log in run/NAME.log
  n=$1
  mkdir -p "$DIR/run/$n/corpus" "$DIR/run/$n/artifacts"
  (cd "$DIR/run/$n/corpus" && unzip -q -o "$DIR/out/${n}_seed_corpus.zip")
  # shellcheck disable=SC2046
  (cd "$DIR/out" && env -u ISECT_TARGET ISECT_FINDINGS="$DIR/run/$n/findings" "./$n" $(options_of "$n") \
    -max_total_time="$SECONDS_EACH" -seed=1 -print_final_stats=1 -timeout=25 \
    -artifact_prefix="$DIR/run/$n/artifacts/" "$DIR/run/$n/corpus" >"$DIR/run/$n.log" 2>&1)
}
set -- $fuzzers
: >"$DIR/rates.txt"
while [ $# -gt 0 ]; do
  a=$1 b=${2:-}
  shift
  [ -n "$b" ] && shift
  run_one "$a" &
  pa=$!
  pb=""
  if [ -n "$b" ]; then run_one "$b" & pb=$!; fi
  for pair in "$a:$pa" "$b:$pb"; do
    n=${pair%%:*} p=${pair#*:}
    [ -n "$n" ] || continue
    wait "$p"
    rc=$?
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$DIR/run/$n.log" | tail -n 1)
    if [ "$rc" != 0 ] || [ -z "$execs" ] || [ "$execs" -le 0 ]; then
      fail "$n exits $rc after ${execs:-no} executions; last lines of $DIR/run/$n.log:"
      tail -n 15 "$DIR/run/$n.log" >&2
    else
      echo "$n $execs $SECONDS_EACH" | awk '{ printf "%-34s %10d executions %8.0f exec/s\n", $1, $2, $2 / $3 }' \
        >>"$DIR/rates.txt"
    fi
  done
done
[ "$failures" = 0 ] && ok "$nf fuzzers ran $SECONDS_EACH s each on their seeds: $DIR/rates.txt"

# ---- a zoo target, selected through the environment, is reported as a crash ----
z=$DIR/zoo
mkdir -p "$z/corpus" "$z/artifacts/ray_triangle/zoo-mt_eps"
(cd "$z/corpus" && unzip -q -o "$DIR/out/fuzz_ray_triangle_seed_corpus.zip")
(cd "$DIR/out" && ISECT_TARGET=zoo:mt_eps ISECT_FINDINGS="$z/findings" ./fuzz_ray_triangle \
  $(options_of fuzz_ray_triangle) -max_total_time=60 -seed=1 -artifact_prefix="$z/artifacts/ray_triangle/zoo-mt_eps/" \
  "$z/corpus" >"$z/log" 2>&1)
rc=$?
crash=$(ls "$z"/artifacts/ray_triangle/zoo-mt_eps/crash-* 2>/dev/null | head -n 1)
if [ "$rc" = 0 ] || [ -z "$crash" ] || ! grep -q 'ERROR: libFuzzer: deadly signal' "$z/log"; then
  fail "zoo:mt_eps through the simulated build: exit $rc, crash file '${crash}', no deadly signal? see $z/log"
else
  sed -n '/^==isect== .* the reproducer:$/,/^==isect== end of the reproducer$/p' "$z/log" | sed '1d;$d' >"$z/message.case"
  if ! grep -q '^==isect== discrepancy in zoo:mt_eps on ray_triangle' "$z/log"; then
    fail "the crash message does not name the discrepancy; see $z/log"
  elif ! grep -q '^query ray_triangle' "$z/message.case" || ! grep -q '# isect-finding: ' "$z/message.case"; then
    fail "the crash message does not hold the .case; see $z/log"
  else
    "$ISECT" check --target zoo:mt_eps "$z/message.case" >"$z/check.out" 2>&1
    rc=$?
    if [ "$rc" = 1 ] && grep -q 'zoo:mt_eps: discrepancy' "$z/check.out"; then
      ok "zoo:mt_eps is reported as a crash ($(basename "$crash")); the .case in its message reproduces it"
    else
      fail "the .case of the crash message does not reproduce (isect check exit $rc); see $z/check.out"
    fi
  fi
  # the engine's crash file, decoded by the query's harness, is a finding again
  "$ISECT" report --no-minimize --no-maps --out "$z/report" "$z/artifacts" >"$z/report.out" 2>&1
  rc=$?
  if [ "$rc" = 0 ] && grep -q 'ray_triangle .*zoo:mt_eps' "$z/report.out" &&
     ls "$z"/report/findings/ray_triangle/ray_triangle-zoo-mt_eps-discrepancy-*.case >/dev/null 2>&1; then
    ok "isect report reads the engine's crash file back (query and target from its folders)"
  else
    fail "isect report of the crash file: exit $rc; see $z/report.out"
  fi
fi

[ "$failures" = 0 ] || { echo "ossfuzz.sh: $failures failure(s); files in $DIR" >&2; exit 1; }
echo "ossfuzz.sh: all passed; files in $DIR"
