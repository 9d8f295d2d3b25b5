#!/bin/sh
# fuzz/run.sh BUILD QUERY TARGET SECONDS CHECK
# Runs the libFuzzer harness of QUERY against TARGET for SECONDS, seeded with
# corpus/QUERY (read only) and a working corpus in BUILD/fuzz-corpus/QUERY.
# ISECT_FUZZ_BIN overrides the harness (default BUILD/fuzz/fuzz_QUERY).
# The first discrepancy or invalid answer is written as a .case reproducer to
# findings/QUERY/ (ISECT_FINDINGS overrides) and ends the run.
# Prints a summary.  Exit status: 0 no finding, 1 a finding, 2 usage or a
# harness failure.  CHECK=1 fixes the seed (used by make check).
set -u
[ $# -eq 5 ] || { echo "usage: $0 BUILD QUERY TARGET SECONDS CHECK" >&2; exit 2; }
build=$1 query=$2 target=$3 seconds=$4 check=$5
bin=${ISECT_FUZZ_BIN:-$build/fuzz/fuzz_$query}
[ -x "$bin" ] || { echo "fuzz/run.sh: $bin not built (make fuzz)" >&2; exit 2; }
[ -d "corpus/$query" ] || { echo "fuzz/run.sh: no corpus/$query" >&2; exit 2; }
work=$build/fuzz-corpus/$query
artifacts=$build/fuzz-artifacts/$query
findings=${ISECT_FINDINGS:-findings/$query}
mkdir -p "$work" "$artifacts" "$findings"
log=$build/fuzz-$query.log
seed=0
[ "$check" = 1 ] && seed=1

start=$(date +%s.%N)
ISECT_TARGET=$target ISECT_FINDINGS=$findings "$bin" -max_total_time="$seconds" -seed="$seed" \
    -print_final_stats=1 -timeout=10 -rss_limit_mb=4096 -artifact_prefix="$artifacts/" \
    "$work" "corpus/$query" >"$log" 2>&1
rc=$?
end=$(date +%s.%N)
elapsed=$(echo "$start $end" | awk '{printf "%.1f", $2 - $1}')
execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
if [ -z "$execs" ]; then
  execs=$(grep -o '^#[0-9]*' "$log" | tail -n 1 | tr -d '#')
fi
found=$(grep '^isect-fuzz: ' "$log" | head -n 1)
if [ -n "$found" ]; then
  echo "fuzz $query vs $target: FOUND after ${elapsed} s, ${execs:-?} executions"
  echo "  ${found#isect-fuzz: }"
  exit 1
fi
if [ "$rc" != 0 ]; then
  echo "fuzz $query vs $target: the harness failed (exit $rc); last lines of $log:" >&2
  tail -n 20 "$log" >&2
  exit 2
fi
rate=$(echo "${execs:-0} $elapsed" | awk '{ if ($2 > 0) printf "%.0f", $1 / $2; else print 0 }')
echo "fuzz $query vs $target: no discrepancy in ${elapsed} s, ${execs:-?} executions (${rate}/s)"
exit 0
