#!/bin/sh
# tests/adapters.sh: user adapters build with one make command each and are
# judged (make adapter-check).
#   - a C file defining two targets (ISECT_TARGETS(user, ...));
#   - a C++ file with a pkg-config module (USER_PKGS) and extra link flags
#     (USER_LIBS, appended to isect's own);
#   - an edited adapter relinks isect; the same build directory used without
#     USER_TARGET drops the targets (no stale objects).
# Environment: BUILD (default build), MAKE (default make).  Run from the top.
set -u
BUILD=${BUILD:-build}
MAKE=${MAKE:-make}
out=$BUILD/adapters
failures=0
fail() { echo "adapters.sh: FAIL: $*" >&2; failures=$((failures + 1)); }
ok() { echo "adapters.sh: ok: $*"; }

build() { # DIR LOG MAKE-ARGS...
  d=$1 log=$2; shift 2
  $MAKE --no-print-directory BUILD="$d" "$@" "$d/release/isect" >"$log" 2>&1
}
mkdir -p "$out"

# ---- two targets in one C file -------------------------------------------
two=$out/two
if build "$two" "$two.log" USER_TARGET=tests/adapters/two_targets.c; then
  "$two/release/isect" targets >"$two.targets"
  grep -q '^test:two-strict ' "$two.targets" && grep -q '^test:two-loose ' "$two.targets" \
    && ok "two targets from one C file listed" || fail "two targets not listed (see $two.targets)"
  "$two/release/isect" check --target test:two-strict --target test:two-loose corpus/sphere_sphere \
    >"$two.check" 2>&1 && grep -q ' 0 discrepancies' "$two.check" \
    && ok "both judged on corpus/sphere_sphere" || fail "check of the two targets (see $two.check)"
else
  fail "the two-target adapter does not build (see $two.log)"
fi

# ---- C++, USER_PKGS, USER_LIBS --------------------------------------------
cxx=$out/cxx
if build "$cxx" "$cxx.log" USER_TARGET=tests/adapters/cxx_adapter.cpp USER_PKGS=mpfr USER_LIBS=-lm; then
  "$cxx/release/isect" targets | grep -q '^test:cxx ' && ok "C++ adapter listed" || fail "C++ adapter not listed"
  "$cxx/release/isect" check --target test:cxx corpus/aabb_aabb >"$cxx.check" 2>&1 \
    && grep -q ' 0 discrepancies' "$cxx.check" && ok "C++ adapter judged on corpus/aabb_aabb" \
    || fail "check of the C++ adapter (see $cxx.check)"
  grep -Eq -- '-lmpfr -lgmp -lm +-lmpfr -lgmp +-lm' "$cxx.log" \
    && ok "USER_PKGS and USER_LIBS appended to isect's libraries" || fail "link line lacks the user's libraries"
  # An edited adapter relinks.
  before=$(stat -c %Y "$cxx/release/isect")
  sleep 1
  touch tests/adapters/cxx_adapter.cpp
  build "$cxx" "$cxx.relink.log" USER_TARGET=tests/adapters/cxx_adapter.cpp USER_PKGS=mpfr USER_LIBS=-lm
  after=$(stat -c %Y "$cxx/release/isect")
  [ "$after" -gt "$before" ] && ok "an edited adapter relinks isect" || fail "edited adapter did not relink"
  # The same directory without USER_TARGET: the target is gone.
  build "$cxx" "$cxx.plain.log"
  "$cxx/release/isect" targets | grep -q '^test:cxx ' && fail "stale adapter kept without USER_TARGET" \
    || ok "without USER_TARGET the adapter is gone"
else
  fail "the C++ adapter does not build (see $cxx.log)"
fi

[ $failures -eq 0 ] || { echo "adapters.sh: $failures failure(s)" >&2; exit 1; }
echo "adapters.sh: all passed"
