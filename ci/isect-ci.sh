#!/bin/sh
# ci/isect-ci.sh STEP...: the shell commands of the CI workflow
# (.github/workflows/isect.yml), to run in any CI or by hand, from the top of
# the tree, on Debian 12 (or with the packages of `make deps`).  Steps:
#   deps      install the Debian packages (make deps; as root)
#   build     isect and, with clang, the libFuzzer harnesses
#   check     isect check --target T --junit OUT/check-junit.xml CASES:
#             fails (exit 1) on a discrepancy, an invalid answer or a failed
#             expect line
#   campaign  a short campaign of T: OUT/campaign/ holds the report
#             (index.html, report.md, findings.json, junit.xml, reproducers);
#             fails (exit 1) on a finding in a target outside the zoo
#   all       the four, in order
# Environment (defaults):
#   ISECT_CI_TARGET   the target judged, or a comma-separated list (fast)
#   ISECT_CI_CASES    what isect check reads (corpus/)
#   ISECT_CI_SECONDS  the campaign's wall-clock seconds (60)
#   ISECT_CI_QUERIES  the campaign's queries, comma-separated (every query)
#   ISECT_CI_OUT      where the JUnit file and the campaign go (ci-out)
#   ISECT_CI_SKIP_DEPS=1  skip `deps` (an image that has the packages)
#   JOBS (nproc), BUILD (build), and USER_TARGET / USER_PKGS / USER_LIBS:
#   a user's own adapter built in (docs/targets.md)
set -eu
target=${ISECT_CI_TARGET:-fast}
cases=${ISECT_CI_CASES:-corpus/}
seconds=${ISECT_CI_SECONDS:-60}
queries=${ISECT_CI_QUERIES:-}
out=${ISECT_CI_OUT:-ci-out}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
build=${BUILD:-build}
clang=${CLANG:-clang}
[ $# -ge 1 ] || { sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//' >&2; exit 2; }

step() {
  case $1 in
    deps)
      if [ "${ISECT_CI_SKIP_DEPS:-0}" = 1 ]; then echo "isect-ci: deps skipped"; return; fi
      # a bare image (debian:12) has no make to run `make deps` with
      if ! command -v make >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
        apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends make
      fi
      make deps ;;
    build)
      make -j"$jobs" BUILD="$build" all
      if command -v "$clang" >/dev/null 2>&1; then make -j"$jobs" BUILD="$build" fuzz; fi ;;
    check)
      mkdir -p "$out"
      targets=""
      for t in $(echo "$target" | tr ',' ' '); do targets="$targets --target $t"; done
      # shellcheck disable=SC2086
      "$build/isect" check $targets --junit "$out/check-junit.xml" $cases ;;
    campaign)
      mkdir -p "$out"
      rm -rf "$out/campaign"
      "$build/isect" campaign --seconds "$seconds" --jobs "$jobs" --targets "$target" \
        ${queries:+--queries "$queries"} --fuzz-dir "$build/fuzz" --corpus-dir "$build/fuzz-corpus" \
        --out "$out/campaign" ;;
    all)
      for s in deps build check campaign; do step "$s"; done ;;
    *)
      echo "isect-ci: unknown step '$1' (deps, build, check, campaign, all)" >&2
      exit 2 ;;
  esac
}
for s in "$@"; do step "$s"; done
