#!/bin/bash -eu
# .clusterfuzzlite/build.sh: builds every libFuzzer harness of isect the way
# OSS-Fuzz and ClusterFuzzLite do: with the engine's $CC, $CFLAGS and
# $LIB_FUZZING_ENGINE, into $OUT, each with a seed corpus zip, an .options
# file and a dictionary.  Run from the top of the tree (the Dockerfile's
# WORKDIR, $SRC/isect); `make ossfuzz-check` runs it here with the engines'
# environment (tests/ossfuzz.sh).  docs/scale.md describes the layout.
#
# Harnesses, by pattern: every fuzz/*.c with a line that starts with a
# harness macro (ISECT_FUZZ_HARNESS(q), ISECT_PROP_HARNESS(p), any
# ISECT_..._HARNESS) or with a definition of LLVMFuzzerTestOneInput is a
# fuzzer named after its file (fuzz_ray_triangle, prop_parity, ...); every
# other fuzz/*.c except replay.c is support code linked into each.  The
# seed corpus of fuzz/KIND_NAME.c is corpus/NAME/ when that folder exists,
# else all of corpus/ (.case text; each harness reads what decodes).
#
# Environment (beside the engines' CC CXX CFLAGS CXXFLAGS LIB_FUZZING_ENGINE
# OUT WORK SANITIZER):
#   ISECT_DEFAULT_TARGET  the target the fuzzers judge when ISECT_TARGET is
#                         not set at run time (default fast; the engines do
#                         not pass our environment)
#   ISECT_USER_TARGET     adapter files (C, docs/targets.md) built in
#   ISECT_STATIC_GMP      1 (default): link GMP and MPFR statically, because
#                         the engines' runner images do not have them; 0: -l
#   JOBS                  parallel compilations (default: nproc)
set -eu

# ---- internal: one compilation, run by xargs below ---------------------------
if [ "${1:-}" = --compile ]; then
  src=$2
  obj=$ISECT_OBJ/${src%.c}.o
  case $src in
    fast/*) inc="-Ifast" ;;
    ref/*) inc="-Iref" ;;
    fuzz/zoo/* | oracle/* | user/*) inc="-Ioracle -Ifast -Iref" ;;
    *) inc="-Ifuzz -Ioracle -Ifast -Iref" ;;
  esac
  mkdir -p "$(dirname "$obj")"
  # shellcheck disable=SC2086  # flag lists split on blanks
  exec $CC $CFLAGS $ISECT_FLAGS $inc -c "$src" -o "$obj"
fi

: "${CC:=clang}" "${CFLAGS:=}" "${OUT:?set OUT (the engines set it)}"
: "${LIB_FUZZING_ENGINE:=-fsanitize=fuzzer}"
top=$PWD
[ -f "$top/fuzz/fuzz.h" ] || top=${SRC:-/src}/isect
cd "$top"
work=${WORK:-/tmp}/isect-build
obj=$work/obj
rm -rf "$work"
mkdir -p "$obj" "$OUT"
default_target=${ISECT_DEFAULT_TARGET:-fast}
# Rounding must not depend on the compiler: no fused multiply-adds, no
# fast-math (README); the project's flags come after the engine's.
ISECT_FLAGS="-std=c11 -D_POSIX_C_SOURCE=200809L -ffp-contract=off -fno-fast-math"
ISECT_FLAGS="$ISECT_FLAGS -DISECT_DEFAULT_TARGET=\"$default_target\""
export CC CFLAGS ISECT_FLAGS ISECT_OBJ=$obj

# ---- the harnesses and the support code ---------------------------------------
harnesses="" support=""
for f in fuzz/*.c; do
  [ "$f" = fuzz/replay.c ] && continue
  if grep -Eq '^(ISECT_[A-Z_]*HARNESS\(|int[[:space:]]+LLVMFuzzerTestOneInput[[:space:]]*\()' "$f"; then
    harnesses="$harnesses $f"
  else
    support="$support $f"
  fi
done
[ -n "$harnesses" ] || { echo "build.sh: no harness under fuzz/" >&2; exit 1; }

# ---- the target registry: the zoo, then the user's adapters --------------------
stems=""
for f in fuzz/zoo/*.c; do
  stems="$stems zoo_$(basename "$f" .c)"
done
user_src=""
for f in ${ISECT_USER_TARGET:-}; do
  mkdir -p "$work/user"
  cp "$f" "$work/user/"
  user_src="$user_src user/$(basename "$f")"
done
# shellcheck disable=SC2086
sh tools/registry.sh $stems ${user_src:+user} >"$work/registry.c"

# ---- compile everything, JOBS at a time -----------------------------------------
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
# shellcheck disable=SC2086
printf '%s\n' fast/*.c ref/*.c oracle/*.c fuzz/zoo/*.c $support $harnesses |
  xargs -P "$jobs" -n 1 bash "$top/.clusterfuzzlite/build.sh" --compile
for u in $user_src; do
  (cd "$work" && $CC $CFLAGS $ISECT_FLAGS -I"$top/oracle" -I"$top/fast" -I"$top/ref" -c "$u" -o "$obj/${u%.c}.o")
done
# shellcheck disable=SC2086
$CC $CFLAGS $ISECT_FLAGS -Ioracle -Ifast -Iref -c "$work/registry.c" -o "$obj/registry.o"

archive() { # NAME SOURCES...
  name=$1
  shift
  rm -f "$obj/$name.a"
  objs=""
  for s in "$@"; do objs="$objs $obj/${s%.c}.o"; done
  # shellcheck disable=SC2086
  ${AR:-ar} rcs "$obj/$name.a" $objs
}
archive support $support
archive targets fuzz/zoo/*.c
archive oracle oracle/*.c
archive ref ref/*.c
archive fast fast/*.c

# GMP and MPFR: the runners that execute $OUT do not install them.
gmp="-lmpfr -lgmp"
if [ "${ISECT_STATIC_GMP:-1}" = 1 ]; then
  a=$($CC -print-file-name=libmpfr.a) b=$($CC -print-file-name=libgmp.a)
  if [ -f "$a" ] && [ -f "$b" ]; then gmp="$a $b"; else echo "build.sh: no libmpfr.a/libgmp.a, linking -lmpfr -lgmp" >&2; fi
fi
user_objs=""
for u in $user_src; do user_objs="$user_objs $obj/${u%.c}.o"; done

# ---- per harness: the fuzzer, its seed corpus, options and dictionary -----------
# The dictionary: the words of the .case format and the binary special values
# (binary32 and binary64, little-endian) the decoder reads.
dict_common() {
  cat <<'EOF'
kw_query="query "
kw_expect="expect "
kw_inf="inf"
kw_ninf="-inf"
kw_nan="nan"
kw_nzero="-0"
kw_hex="0x1p+0"
kw_hexmax="0x1.fffffep+127"
kw_hexsub="0x1p-149"
kw_comment="# "
f32_one="\x00\x00\x80\x3f"
f32_mone="\x00\x00\x80\xbf"
f32_nzero="\x00\x00\x00\x80"
f32_inf="\x00\x00\x80\x7f"
f32_ninf="\x00\x00\x80\xff"
f32_nan="\x00\x00\xc0\x7f"
f32_sub="\x01\x00\x00\x00"
f32_max="\xff\xff\x7f\x7f"
f32_eps="\x00\x00\x00\x34"
f64_one="\x00\x00\x00\x00\x00\x00\xf0\x3f"
f64_inf="\x00\x00\x00\x00\x00\x00\xf0\x7f"
f64_nan="\x00\x00\x00\x00\x00\x00\xf8\x7f"
f64_sub="\x01\x00\x00\x00\x00\x00\x00\x00"
EOF
}

built=""
for h in $harnesses; do
  name=$(basename "$h" .c)
  rest=${name#*_}
  # shellcheck disable=SC2086
  $CC $CFLAGS $ISECT_FLAGS "$obj/${h%.c}.o" "$obj/registry.o" $user_objs "$obj/support.a" "$obj/targets.a" \
    "$obj/oracle.a" "$obj/ref.a" "$obj/fast.a" $LIB_FUZZING_ENGINE $gmp -lm -o "$OUT/$name"
  if [ -d "corpus/$rest" ]; then seeds="corpus/$rest"; else seeds=corpus; fi
  stage=$work/seeds/$name
  mkdir -p "$stage"
  find "$seeds" -name '*.case' | sort | while read -r c; do
    rel=${c#corpus/}
    cp "$c" "$stage/$(echo "$rel" | tr / -)"
  done
  rm -f "$OUT/${name}_seed_corpus.zip"
  (cd "$stage" && zip -q -X "$OUT/${name}_seed_corpus.zip" ./*.case)
  {
    dict_common
    # the field names of the queries it reads, as its seeds spell them
    find "$seeds" -name '*.case' -exec awk '{ sub(/#.*/, "") } NF { print $1 }' {} + | sort -u |
      grep -E '^[a-z_][a-z0-9_]*$' | awk '{ printf "w_%s=\"%s \"\n", $1, $1 }'
  } >"$OUT/$name.dict"
  cat >"$OUT/$name.options" <<EOF
[libfuzzer]
max_len = 4096
dict = $name.dict
EOF
  built="$built $name"
done
echo "build.sh: built into $OUT (target $default_target):$built"
