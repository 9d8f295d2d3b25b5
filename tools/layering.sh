#!/bin/sh
# tools/layering.sh: proves that the build enforces the layering of
# docs/architecture.md.  For each part, a one-line file including another
# part's header is compiled with that part's include paths (INC_<part>, from
# the Makefile): a forbidden include must fail to compile, an allowed one
# (the controls) must compile.  Also greps the two rules no include path can
# express: the oracle names no zoo target, the command line no ref header.
# Environment: CC, INC_fast INC_ref INC_oracle INC_targets INC_cli INC_fuzz
# INC_bench.  Run from the top of the tree.
set -u
CC=${CC:-cc}
failures=0
probe() { # PART HEADER EXPECT(ok|fail)
  eval "inc=\${INC_$1}"
  if printf '#include "%s"\n' "$2" | $CC -std=c11 $inc -fsyntax-only -x c - 2>/dev/null; then got=ok; else got=fail; fi
  if [ "$got" != "$3" ]; then
    if [ "$3" = fail ]; then echo "layering: $1 can include $2 (forbidden)" >&2
    else echo "layering: $1 cannot include $2 (allowed; the probe is broken)" >&2; fi
    failures=$((failures + 1))
  fi
}
# Controls: each part sees its own header and the ones below it.
probe fast isect.h ok
probe ref isect_ref.h ok
for p in oracle targets cli fuzz bench; do
  probe $p isect.h ok; probe $p isect_ref.h ok; probe $p catalog.h ok
done
probe cli commands.h ok
probe fuzz fuzz.h ok
probe bench bench.h ok
# fast and ref never include each other, nor anything above them.
for h in isect_ref.h catalog.h commands.h fuzz.h bench.h; do probe fast $h fail; done
for h in isect.h catalog.h commands.h fuzz.h bench.h; do probe ref $h fail; done
# The oracle and the targets include no cli, fuzz or bench header.
for p in oracle targets; do
  for h in commands.h fuzz.h bench.h; do probe $p $h fail; done
done
probe cli fuzz.h fail
probe fuzz commands.h fail
probe bench commands.h fail
probe bench fuzz.h fail
# What include paths cannot say.
if grep -rn 'isect_zoo_\|isect_targets_zoo_' oracle/ >&2; then
  echo "layering: oracle/ names zoo symbols (above)" >&2
  failures=$((failures + 1))
fi
if grep -l 'isect_ref\.h' cli/*.c cli/*.h >/dev/null 2>&1; then
  echo "layering: cli/ includes isect_ref.h: $(grep -l 'isect_ref\.h' cli/*.c cli/*.h | tr '\n' ' ')" >&2
  failures=$((failures + 1))
fi
[ $failures -eq 0 ] || { echo "layering: $failures violation(s)" >&2; exit 1; }
echo "layering: the include paths enforce the layering"
