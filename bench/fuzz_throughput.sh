#!/bin/sh
# bench/fuzz_throughput.sh BUILD TARGET SECONDS QUERY...
# `make fuzz-throughput`: the executions per second of each query harness
# built without sanitizers (BUILD/fuzzrate/fuzz_QUERY: -O2, libFuzzer only),
# each run alone for SECONDS against TARGET, seeded with corpus/QUERY (read
# only; new units go to a scratch directory).  An execution is one input
# decoded, run through ref and the target, and judged.  Prints one line per
# harness and, at the end, those below GOAL (20000/s per core, issue 14);
# the load average is printed first: on a loaded machine a process gets less
# than a core and the figures are lower bounds.  Exit 0 unless a harness
# fails to run (a finding or a rate below GOAL is reported, not an error).
set -u
[ $# -ge 4 ] || { echo "usage: $0 BUILD TARGET SECONDS QUERY..." >&2; exit 2; }
build=$1 target=$2 seconds=$3
shift 3
goal=${GOAL:-20000}
scratch=$build/fuzz-throughput
rm -rf "$scratch"
mkdir -p "$scratch"
echo "fuzz throughput: $seconds s per harness vs $target, no sanitizers (-O2, libFuzzer), one process at a time"
echo "($(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)); goal $goal executions/s per core"
below=""
status=0
for q in "$@"; do
  bin=$build/fuzzrate/fuzz_$q
  mkdir -p "$scratch/$q/work" "$scratch/$q/findings"
  ISECT_TARGET=$target ISECT_FINDINGS=$scratch/$q/findings "$bin" -max_total_time="$seconds" -seed=1 \
      -print_final_stats=1 -timeout=10 -rss_limit_mb=4096 -artifact_prefix="$scratch/$q/" \
      "$scratch/$q/work" "corpus/$q" > "$scratch/$q.log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$scratch/$q.log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$scratch/$q.log" | tail -n 1)
  note=""
  if grep -q '^isect-fuzz: ' "$scratch/$q.log"; then
    note=" (stopped early on a finding: $scratch/$q.log)"
  elif [ "$rc" != 0 ] || [ -z "$rate" ]; then
    echo "  $q: the harness failed (exit $rc); see $scratch/$q.log" >&2
    status=1
    continue
  fi
  printf '  %-24s %9s executions/s  (%s executions)%s\n' "$q" "$rate" "${execs:-?}" "$note"
  [ "$rate" -lt "$goal" ] && below="$below $q"
done
if [ -n "$below" ]; then
  echo "below $goal/s:$below"
else
  echo "every harness at or above $goal/s"
fi
exit $status
