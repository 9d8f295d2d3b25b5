# isect: exact-reference checking of 3D intersection tests.  `make help` lists
# every target and variable.  Builds go under $(BUILD)/<flag set>/.

CC       ?= cc
CXX      ?= c++
CLANG    ?= clang
CLANGXX  ?= clang++
PREFIX   ?= /usr/local
DESTDIR  ?=
BUILD    ?= build
SECONDS  ?= 60
QUERY    ?= ray_triangle
TARGET   ?= fast
FUZZ_SECONDS ?= 5
# `make bench BENCH="ray_sphere obb_obb"`: those queries only.
BENCH ?=
# A user's adapter files (C or C++, docs/targets.md) built into isect, the
# fuzzers and the tests; USER_PKGS: pkg-config modules they need; USER_LIBS:
# more link flags, appended to isect's own.
USER_TARGET ?=
USER_PKGS   ?=
USER_LIBS   ?=

# The project's flags sit beside the user's CFLAGS, never replace them.
# -ffp-contract=off: no fused multiply-adds, so gcc and clang round alike.
WARN     = -Wall -Wextra -Wshadow -Wstrict-prototypes -Wmissing-prototypes -Wno-missing-field-initializers
ISECT_CFLAGS = -std=c11 -D_POSIX_C_SOURCE=200809L -ffp-contract=off -fno-fast-math $(WARN) -MMD -MP
ISECT_CXXFLAGS = -std=c++17 -ffp-contract=off -fno-fast-math -Wall -Wextra -MMD -MP
# gcc 12.2 at -O2 folds away the rounding of (double)(float)x when its SLP
# vectorizer pairs such conversions (tests/test_rounding.c pins it); off.
nogccslp = $(shell $(1) --version 2>/dev/null | grep -q 'Free Software Foundation' && echo -fno-tree-slp-vectorize)

# Flag sets: one build directory each.  fuzz is clang with libFuzzer's
# coverage instrumentation; asan is clang when present (see below); the
# others use CC.
OPT_release = -O2 -g
# float-cast-overflow: a float-to-int conversion out of range is undefined
# behaviour that -fsanitize=undefined leaves unchecked (gcc and clang).
OPT_asan    = -O1 -g -fsanitize=address,undefined,float-cast-overflow -fno-omit-frame-pointer -fno-sanitize-recover=all
OPT_pic     = -O2 -g -fPIC
OPT_fuzz    = -O1 -g -fsanitize=fuzzer-no-link,address,undefined -fno-sanitize-recover=all
LDOPT_fuzz  = -fsanitize=fuzzer,address,undefined
CC_fuzz     = $(CLANG)
CXX_fuzz    = $(CLANGXX)
# fuzzrate: the harnesses as a campaign would run them at full speed, no
# sanitizers (libFuzzer only), for make fuzz-throughput.
OPT_fuzzrate   = -O2 -g -fsanitize=fuzzer-no-link
LDOPT_fuzzrate = -fsanitize=fuzzer
CC_fuzzrate    = $(CLANG)
CXX_fuzzrate   = $(CLANGXX)
# The sanitizer build (unit tests, cli tests, replay) prefers clang, whose
# UBSan finds more than gcc's; gcc when clang is absent.
HAVE_CLANG := $(shell command -v $(CLANG) >/dev/null 2>&1 && echo yes)
CC_asan     ?= $(if $(HAVE_CLANG),$(CLANG),$(CC))
CXX_asan    ?= $(if $(HAVE_CLANG),$(CLANGXX),$(CXX))
LIBS     = -lmpfr -lgmp -lm

# ---- parts and the include paths each may use ----------------------------
# fast and ref stand alone; the oracle sees both; the targets (zoo, user
# adapters), cli, fuzz and bench see the oracle and below; tests see all.
# A forbidden include does not compile (make layering-check proves it).
INC_fast    = -Ifast
INC_ref     = -Iref
INC_oracle  = -Ioracle -Ifast -Iref
INC_targets = -Ioracle -Ifast -Iref
INC_peers   = $(INC_targets)
INC_cli     = -Icli -Ioracle -Ifast -Iref
INC_fuzz    = -Ifuzz -Ioracle -Ifast -Iref
INC_bench   = -Ibench -Ioracle -Ifast -Iref
INC_tools   = -Itools -Ioracle -Ifast -Iref
INC_tests   = -Itests -Ifuzz -Ioracle -Ifast -Iref
part = $(if $(filter fuzz/zoo/%,$(1)),targets,$(firstword $(subst /, ,$(1))))
inc  = $(INC_$(call part,$(1)))

FAST_SRC   = $(wildcard fast/*.c)
REF_SRC    = $(wildcard ref/*.c)
ORACLE_SRC = $(wildcard oracle/*.c)
CLI_SRC    = $(wildcard cli/*.c)
TEST_SRC   = $(wildcard tests/test_*.c)
FUZZ_QUERIES = $(patsubst fuzz/fuzz_%.c,%,$(wildcard fuzz/fuzz_*.c))
# Property harnesses fuzz/prop_NAME.c (oracle/property.h), built beside the
# query harnesses as $(BUILD)/fuzz/prop_NAME; they share fuzz/prop_harness.c.
FUZZ_PROPS = $(patsubst fuzz/prop_%.c,%,$(filter-out fuzz/prop_harness.c,$(wildcard fuzz/prop_*.c)))
# The zoo, in the order `isect targets` lists it; each file ends with
# ISECT_TARGETS(zoo_<file name>, ...).
ZOO_SRC = $(addprefix fuzz/zoo/,mt_eps.c sign_change_2008.c sphere_tri_2010.c nettle2000.c \
            sphere_behind.c cylinder_2016.c xna_sphere.c area_pit.c obb_noeps.c pit_outside.c mt_strict.c \
            threejs_ray.c ccd_cubic.c)
TARGET_TABLES = $(patsubst fuzz/zoo/%.c,zoo_%,$(ZOO_SRC)) $(patsubst %,peer_%,$(PEERS))

# ---- peers: real libraries as targets (docs/peers.md) ----------------------
# peers/LIB.c or peers/LIB.cpp, one per library, each ending with
# ISECT_TARGETS(peer_LIB, ...).  Built when the library is found: its
# pkg-config module, or for Embree 3 (no .pc file) a link probe of
# -lembree3.  PEERS="ode libccd" builds those only; PEERS= builds none (a
# machine without the packages).  BULLET_PKG=bullet-float64 builds the Bullet
# targets on double-precision Bullet instead of float (the two cannot share a
# program: same symbols).
PEER_ALL        = bullet ode fcl libccd embree
BULLET_PKG     ?= bullet
PEER_PKG_bullet = $(BULLET_PKG)
PEER_PKG_ode    = ode
PEER_PKG_fcl    = fcl
PEER_PKG_libccd = ccd
EMBREE_LIBS     = -lembree3
peer_probe_embree = $(shell printf '\043include <embree3/rtcore.h>\nint main(void) { return rtcGetDeviceError(0); }\n' \
    | $(CC) -x c - $(EMBREE_LIBS) -o /dev/null >/dev/null 2>&1 && echo embree)
peer_found = $(if $(PEER_PKG_$(1)),$(shell pkg-config --exists $(PEER_PKG_$(1)) 2>/dev/null && echo $(1)),$(peer_probe_$(1)))
ifeq ($(origin PEERS),undefined)
PEERS := $(strip $(foreach p,$(PEER_ALL),$(call peer_found,$(p))))
endif
export PEERS
ifeq ($(MAKELEVEL),0)
ifeq ($(filter clean help deps,$(MAKECMDGOALS)),)
$(info peers: built: $(or $(PEERS),none); skipped: $(or $(filter-out $(PEERS),$(PEER_ALL)),none))
endif
endif
PEER_SRC     = $(foreach p,$(PEERS),$(wildcard peers/$(p).c peers/$(p).cpp))
peer_cflags  = $(if $(PEER_PKG_$(1)),$(shell pkg-config --cflags $(PEER_PKG_$(1))))
PEER_LDLIBS  = $(foreach p,$(PEERS),$(if $(PEER_PKG_$(p)),$(shell pkg-config --libs $(PEER_PKG_$(p))),$(EMBREE_LIBS)))

obj = $(patsubst %.c,$(BUILD)/$(1)/%.o,$(patsubst %.cpp,$(BUILD)/$(1)/%.o,$(2)))
# A user adapter's object: build/<set>/user/<file name>.o, wherever it lives.
userobj = $(foreach f,$(USER_TARGET),$(BUILD)/$(1)/user/$(notdir $(basename $(f))).o)
USER_CFLAGS  = $(if $(USER_PKGS),$(shell pkg-config --cflags $(USER_PKGS)))
USER_LDLIBS  = $(if $(USER_PKGS),$(shell pkg-config --libs $(USER_PKGS))) $(USER_LIBS)
# C++ adapters make the programs link with the C++ driver.
HAVE_CXX = $(filter %.cpp %.cc %.cxx,$(USER_TARGET) $(PEER_SRC))

.PHONY: all check check-parts deps fuzz fuzz-run bench install uninstall clean help unit-tests cli-tests corpus-check \
        replay-check fuzz-check readme readme-check bench-check layering-check adapter-check size size-check FORCE
.DEFAULT_GOAL := all
# Objects made by pattern rules are kept, not deleted as intermediates.
.SECONDARY:

all: $(BUILD)/release/libisect.a $(BUILD)/pic/libisect.so $(BUILD)/release/libisect_ref.a $(BUILD)/isect

# ---- the target registry, generated ----------------------------------------
# registry.list changes only when the tables or the user adapters do, so a
# build directory used with and without USER_TARGET relinks, and user.flags
# rebuilds the adapters when USER_PKGS changes.
$(BUILD)/registry.list: FORCE
	@mkdir -p $(@D)
	@echo '$(TARGET_TABLES) | $(USER_TARGET)' | cmp -s - $@ 2>/dev/null || echo '$(TARGET_TABLES) | $(USER_TARGET)' > $@
$(BUILD)/user.flags: FORCE
	@mkdir -p $(@D)
	@echo '$(USER_CFLAGS)' | cmp -s - $@ 2>/dev/null || echo '$(USER_CFLAGS)' > $@
$(BUILD)/registry.c: $(BUILD)/registry.list tools/registry.sh
	sh tools/registry.sh $(TARGET_TABLES) $(if $(USER_TARGET),user) > $@

# ---- compilation, one directory per flag set ------------------------------
# flags.stamp changes with the set's compiler and flags: its objects are
# rebuilt then (objects of two compilers do not link under sanitizers).
define flagset
CC_$(1)  ?= $$(CC)
CXX_$(1) ?= $$(CXX)
$(BUILD)/$(1)/flags.stamp: FORCE
	@mkdir -p $$(@D)
	@echo '$$(CC_$(1)) $$(CXX_$(1)) $$(OPT_$(1)) $$(CFLAGS)' | cmp -s - $$@ 2>/dev/null || \
	  echo '$$(CC_$(1)) $$(CXX_$(1)) $$(OPT_$(1)) $$(CFLAGS)' > $$@
$(BUILD)/$(1)/%.o: %.c $(BUILD)/$(1)/flags.stamp
	@mkdir -p $$(@D)
	$$(CC_$(1)) $$(ISECT_CFLAGS) $$(call nogccslp,$$(CC_$(1))) $$(call inc,$$<) $$(OPT_$(1)) $$(CFLAGS) -c $$< -o $$@
$(BUILD)/$(1)/registry.o: $(BUILD)/registry.c $(BUILD)/$(1)/flags.stamp
	$$(CC_$(1)) $$(ISECT_CFLAGS) $$(INC_targets) $$(OPT_$(1)) $$(CFLAGS) -c $$< -o $$@
$(BUILD)/$(1)/libisect.a: $(call obj,$(1),$(FAST_SRC))
	@rm -f $$@
	$$(AR) rcs $$@ $$^
$(BUILD)/$(1)/libisect_ref.a: $(call obj,$(1),$(REF_SRC))
	@rm -f $$@
	$$(AR) rcs $$@ $$^
$(BUILD)/$(1)/liboracle.a: $(call obj,$(1),$(ORACLE_SRC))
	@rm -f $$@
	$$(AR) rcs $$@ $$^
$(BUILD)/$(1)/peers/%.o: peers/%.c
	@mkdir -p $$(@D)
	$$(CC_$(1)) $$(ISECT_CFLAGS) $$(INC_peers) $$(call peer_cflags,$$*) $$(OPT_$(1)) $$(CFLAGS) -c $$< -o $$@
$(BUILD)/$(1)/peers/%.o: peers/%.cpp
	@mkdir -p $$(@D)
	$$(CXX_$(1)) $$(call peer_cflags,$$*) $$(ISECT_CXXFLAGS) $$(INC_peers) $$(OPT_$(1)) $$(CXXFLAGS) -c $$< -o $$@
$(BUILD)/$(1)/libtargets.a: $(call obj,$(1),$(ZOO_SRC) $(PEER_SRC))
	@rm -f $$@
	$$(AR) rcs $$@ $$^
$(BUILD)/$(1)/isect: $(call obj,$(1),$(CLI_SRC)) $(call LIBS_FOR,$(1))
	$$(call link,$(1)) -o $$@ $$^ $$(ALL_LIBS)
$(foreach f,$(USER_TARGET),$(eval $(call useradapter,$(1),$(f))))
endef

# One rule per user adapter file (C or C++), with the targets' include paths.
define useradapter
$(BUILD)/$(1)/user/$(notdir $(basename $(2))).o: $(2) $(BUILD)/user.flags $(BUILD)/$(1)/flags.stamp
	@mkdir -p $$(@D)
	$(if $(filter %.c,$(2)),$$(CC_$(1)) $$(ISECT_CFLAGS),$$(CXX_$(1)) $$(ISECT_CXXFLAGS)) $$(INC_targets) \
	    $$(OPT_$(1)) $(if $(filter %.c,$(2)),$$(CFLAGS),$$(CXXFLAGS)) $$(USER_CFLAGS) -c $$< -o $$@
endef

# The libraries a program of flag set $(1) links, in link order: the
# registry object first (it pulls in the zoo from libtargets.a), the user's
# adapters as objects (the registry refers to them weakly, which pulls
# nothing from an archive), then the layers.
LIBS_FOR = $(BUILD)/$(1)/registry.o $(call userobj,$(1)) $(BUILD)/$(1)/libtargets.a $(BUILD)/$(1)/liboracle.a \
           $(BUILD)/$(1)/libisect_ref.a $(BUILD)/$(1)/libisect.a
ALL_LIBS = $(LIBS) $(USER_LDLIBS) $(PEER_LDLIBS)
link = $(if $(HAVE_CXX),$(CXX_$(1)),$(CC_$(1))) $(OPT_$(1)) $(LDOPT_$(1)) $(CFLAGS) $(LDFLAGS)

$(foreach s,release asan pic fuzz fuzzrate cov,$(eval $(call flagset,$(s))))

$(BUILD)/isect: $(BUILD)/release/isect
	ln -sf release/isect $@

$(BUILD)/pic/libisect.so: $(call obj,pic,$(FAST_SRC))
	$(CC) -shared -Wl,-soname,libisect.so.0 $(LDFLAGS) -o $@ $^ -lm

# ---- tests ----------------------------------------------------------------
$(BUILD)/asan/tests/%: $(BUILD)/asan/tests/%.o $(call LIBS_FOR,asan)
	$(call link,asan) -o $@ $^ -lcriterion $(ALL_LIBS)

# The mutator's tests link the fuzz layer (no libFuzzer: harness.c has no main).
$(BUILD)/asan/tests/test_mutator: $(BUILD)/asan/tests/test_mutator.o $(BUILD)/asan/fuzz/mutator.o \
                                  $(BUILD)/asan/fuzz/harness.o $(call LIBS_FOR,asan)
	$(call link,asan) -o $@ $^ -lcriterion $(ALL_LIBS)

TEST_BINS = $(patsubst tests/%.c,$(BUILD)/asan/tests/%,$(TEST_SRC))

unit-tests: $(TEST_BINS)
	@set -e; for t in $(TEST_BINS); do echo "== $$t"; ASAN_OPTIONS=detect_leaks=1 $$t --jobs=1 -q || exit 1; done

cli-tests: $(BUILD)/asan/isect
	ISECT=$(BUILD)/asan/isect sh tests/cli.sh

corpus-check: $(BUILD)/asan/isect
	$(BUILD)/asan/isect check corpus/

# The fuzz harnesses built with gcc against the replay driver replay corpus/.
$(BUILD)/asan/replay_%: $(BUILD)/asan/fuzz/fuzz_%.o $(BUILD)/asan/fuzz/harness.o $(BUILD)/asan/fuzz/mutator.o \
                        $(BUILD)/asan/fuzz/replay.o $(call LIBS_FOR,asan)
	$(call link,asan) -o $@ $^ $(ALL_LIBS)

# (The properties run on corpus/ in corpus-check: isect check runs them.)
replay-check: $(patsubst %,$(BUILD)/asan/replay_%,$(FUZZ_QUERIES))
	@set -e; for q in $(FUZZ_QUERIES); do $(BUILD)/asan/replay_$$q corpus/$$q; done

# With clang present, each libFuzzer harness is built and runs briefly on fast.
fuzz-check:
	@if command -v $(CLANG) >/dev/null 2>&1; then \
	  $(MAKE) --no-print-directory fuzz && \
	  for q in $(FUZZ_QUERIES); do \
	    sh fuzz/run.sh $(BUILD) $$q fast $(FUZZ_SECONDS) 1 || exit 1; done; \
	else echo "fuzz-check: $(CLANG) not found, libFuzzer harnesses skipped"; fi

# `make check` runs its parts in parallel, JOBS jobs, one per core (JOBS=N to
# change; a -j given on the command line is kept as is), with each part's
# output kept together (--output-sync).
# Inside `make check` the parts that run make themselves on the same build
# directories (build/fuzz, build/crashy) go one after another, in the
# order of the order-only prerequisites below (fuzz-check, parse-fuzz-check,
# campaign-check, isolate-check, ossfuzz-check, merge-check, ci-check).
IN_CHECK = $(filter check check-parts,$(MAKECMDGOALS))
check:
	@$(MAKE) --no-print-directory --output-sync=target $(if $(filter -j%,$(MAKEFLAGS)),,-j$(JOBS)) check-parts
	@echo "make check: all passed"

check-parts: all readme-check layering-check size-check adapter-check unit-tests cli-tests hostile-check parse-fuzz-check \
       corpus-check replay-check bench-check ccd-benchmark-check fuzz-check campaign-check isolate-check ossfuzz-check \
       merge-check ci-check mutants-allow-check

# The README's query table is generated from the catalog (isect list --markdown).
readme: $(BUILD)/release/isect
	$(BUILD)/release/isect list --markdown > $(BUILD)/catalog.md
	awk -v t=$(BUILD)/catalog.md '/<!-- catalog:end -->/{while ((getline l < t) > 0) print l; f=0} !f{print} \
	  /<!-- catalog:begin -->/{f=1}' README.md > $(BUILD)/README.md && mv $(BUILD)/README.md README.md

readme-check: $(BUILD)/release/isect
	@$(BUILD)/release/isect list --markdown > $(BUILD)/catalog.md
	@awk '/<!-- catalog:end -->/{f=0} f{print} /<!-- catalog:begin -->/{f=1}' README.md | diff -u - $(BUILD)/catalog.md \
	  || { echo "README.md: the query table differs from the catalog; run make readme"; exit 1; }

# The include paths enforce the layering (docs/architecture.md): forbidden
# includes must not compile, allowed ones must.
layering-check:
	@CC="$(CC)" INC_fast="$(INC_fast)" INC_ref="$(INC_ref)" INC_oracle="$(INC_oracle)" \
	  INC_targets="$(INC_targets)" INC_cli="$(INC_cli)" INC_fuzz="$(INC_fuzz)" INC_bench="$(INC_bench)" \
	  sh tools/layering.sh

# The longest files and functions; size-check fails past 600 and 80 lines.
size:
	@sh tools/size.sh
size-check:
	@sh tools/size.sh --check 0 >/dev/null

# User adapters (tests/adapters/): a two-target C file and a C++ file, each
# built with one make command into $(BUILD)/adapters/, listed and judged.
adapter-check:
	BUILD=$(BUILD) MAKE="$(MAKE)" sh tests/adapters.sh

# ---- fuzzing (clang, libFuzzer) -------------------------------------------
# The fuzz flag set (above) compiles every layer once with coverage
# instrumentation; each harness links them with libFuzzer.
$(BUILD)/fuzz/fuzz_%: $(BUILD)/fuzz/fuzz/fuzz_%.o $(BUILD)/fuzz/fuzz/harness.o $(BUILD)/fuzz/fuzz/mutator.o \
                      $(call LIBS_FOR,fuzz)
	$(call link,fuzz) -o $@ $^ $(ALL_LIBS)

$(BUILD)/fuzz/prop_%: $(BUILD)/fuzz/fuzz/prop_%.o $(BUILD)/fuzz/fuzz/prop_harness.o $(BUILD)/fuzz/fuzz/harness.o \
                      $(BUILD)/fuzz/fuzz/mutator.o $(call LIBS_FOR,fuzz)
	$(call link,fuzz) -o $@ $^ $(ALL_LIBS)

fuzz: $(patsubst %,$(BUILD)/fuzz/fuzz_%,$(FUZZ_QUERIES)) $(patsubst %,$(BUILD)/fuzz/prop_%,$(FUZZ_PROPS))

fuzz-run: $(BUILD)/fuzz/fuzz_$(QUERY)
	sh fuzz/run.sh $(BUILD) $(QUERY) $(TARGET) $(SECONDS) 0

# Executions per second of every query harness, built without sanitizers
# (-O2, libFuzzer only), each run THROUGHPUT_SECONDS on its corpus against
# TARGET, one process at a time (bench/fuzz_throughput.sh).
THROUGHPUT_SECONDS ?= 5
$(BUILD)/fuzzrate/fuzz_%: $(BUILD)/fuzzrate/fuzz/fuzz_%.o $(BUILD)/fuzzrate/fuzz/harness.o \
                          $(BUILD)/fuzzrate/fuzz/mutator.o $(call LIBS_FOR,fuzzrate)
	$(call link,fuzzrate) -o $@ $^ $(ALL_LIBS)

.PHONY: fuzz-throughput
fuzz-throughput: $(patsubst %,$(BUILD)/fuzzrate/fuzz_%,$(FUZZ_QUERIES))
	sh bench/fuzz_throughput.sh $(BUILD) $(TARGET) $(THROUGHPUT_SECONDS) $(FUZZ_QUERIES)

# ---- bench ----------------------------------------------------------------
$(BUILD)/release/bench/bench: $(call obj,release,$(wildcard bench/*.c)) $(call LIBS_FOR,release)
	$(call link,release) -o $@ $^ $(ALL_LIBS)

# BENCH="q1 q2": only those queries (default: every one).
bench: $(BUILD)/release/bench/bench
	$(BUILD)/release/bench/bench $(BENCH)

# A smoke run of the bench in make check: every catalog query has a row, the
# generated cases are binary32 and in ref's domain.  No timing is judged.
bench-check: $(BUILD)/release/bench/bench
	$(BUILD)/release/bench/bench --quick > $(BUILD)/bench-quick.txt
	@for v in 0 12x -1 4194305; do st=0; ISECT_BENCH_CASES=$$v $(BUILD)/release/bench/bench ray_plane \
	  > /dev/null 2> $(BUILD)/bench-env.txt || st=$$?; grep -q "ISECT_BENCH_CASES='$$v'" $(BUILD)/bench-env.txt && \
	  test $$st = 2 || { echo "bench-check: ISECT_BENCH_CASES=$$v: expected a message and status 2, got $$st"; exit 1; }; done
	@st=0; ISECT_BENCH_ORDER=sorted $(BUILD)/release/bench/bench ray_plane > /dev/null 2> $(BUILD)/bench-env.txt || st=$$?; \
	  grep -q "ISECT_BENCH_ORDER='sorted'" $(BUILD)/bench-env.txt && test $$st = 2 || \
	  { echo "bench-check: ISECT_BENCH_ORDER=sorted: expected a message and status 2, got $$st"; exit 1; }
	@# a shuffled pass visits every case once: the hit shares equal those of the fixed order
	@ISECT_BENCH_ORDER=fixed $(BUILD)/release/bench/bench --quick > $(BUILD)/bench-quick-fixed.txt
	@for f in bench-quick bench-quick-fixed; do \
	  awk '/^  [a-z-]+ +[0-9.]+ /{print $$1, $$(NF-4), $$(NF-2), $$NF}' $(BUILD)/$$f.txt > $(BUILD)/$$f.hits; done; \
	  test -s $(BUILD)/bench-quick.hits && cmp -s $(BUILD)/bench-quick.hits $(BUILD)/bench-quick-fixed.hits || \
	  { echo "bench-check: the hit shares differ between shuffled and fixed order"; \
	    diff $(BUILD)/bench-quick.hits $(BUILD)/bench-quick-fixed.hits | head; exit 1; }

# ---- the CCD benchmark as an oracle check ----------------------------------
# ref against the benchmark's ground truth (one line: queries, agreements,
# disagreements, time), then fast's false negatives (must be 0) and
# positives; docs/queries/vertex_face_ccd.md.
# The benchmark data: a copy of ../shared/data/ccd-benchmark (MIT; its README
# and LICENSE files say where each file comes from).
CCD_BENCHMARK ?= data/ccd-benchmark
$(BUILD)/release/tools/ccd_benchmark: $(call obj,release,tools/ccd_benchmark.c) $(call LIBS_FOR,release)
	$(call link,release) -o $@ $^ $(ALL_LIBS)

.PHONY: ccd-benchmark-check
ccd-benchmark-check: $(BUILD)/release/tools/ccd_benchmark
	$(BUILD)/release/tools/ccd_benchmark -T fast $(CCD_BENCHMARK)

# ---- campaigns and reports ------------------------------------------------
# `make campaign`: every query that has a harness against every target that
# supports it, for SECONDS (120 here) on JOBS cores; the report goes to
# reports/<UTC timestamp>/ and reports/latest links to it.  QUERIES and
# TARGETS (comma- or space-separated) narrow the selection.  `make report`
# regenerates the report of REPORT (default: the latest campaign) from disk.
JOBS    ?= $(shell nproc 2>/dev/null || echo 2)
QUERIES ?=
TARGETS ?=
REPORT  ?= reports/latest
comma   := ,
CAMPAIGN_QUERIES = $(if $(QUERIES),$(filter $(subst $(comma), ,$(QUERIES)),$(FUZZ_QUERIES)),$(FUZZ_QUERIES))

.PHONY: campaign report campaign-check campaign-crash-check
campaign: SECONDS = 120
campaign:
	@$(MAKE) --no-print-directory -j$(JOBS) $(BUILD)/isect $(patsubst %,$(BUILD)/fuzz/fuzz_%,$(CAMPAIGN_QUERIES)) \
	    $(patsubst %,$(BUILD)/fuzz/prop_%,$(FUZZ_PROPS))
	$(BUILD)/isect campaign --seconds $(SECONDS) --jobs $(JOBS) --fuzz-dir $(BUILD)/fuzz \
	    --corpus-dir $(BUILD)/fuzz-corpus $(if $(QUERIES),--queries "$(QUERIES)") $(if $(TARGETS),--targets "$(TARGETS)")

report: $(BUILD)/isect
	@test -e $(REPORT)/campaign.log || { echo "make report: no campaign in $(REPORT) (make campaign first)" >&2; exit 2; }
	$(BUILD)/isect report $(REPORT)

# SIGINT and SIGKILL of a running campaign, junit.xml, minimize, map, the page
# in headless Chromium, and a user target that crashes and hangs
# (tests/campaign_target.c, built in as USER_TARGET under $(BUILD)/crashy):
# recorded as findings, the campaign goes on.  About 70 s with the second
# tree; needs clang for the harnesses.  In `make -j check` it waits for
# fuzz-check, which builds the same harnesses.
campaign-check: $(BUILD)/asan/isect | $(if $(IN_CHECK),fuzz-check parse-fuzz-check)
	@if command -v $(CLANG) >/dev/null 2>&1; then \
	  $(MAKE) --no-print-directory $(BUILD)/fuzz/fuzz_ray_triangle && \
	  $(MAKE) --no-print-directory BUILD=$(BUILD)/crashy USER_TARGET=tests/campaign_target.c \
	      $(BUILD)/crashy/release/isect $(BUILD)/crashy/fuzz/fuzz_ray_triangle && \
	  ISECT=$(BUILD)/asan/isect FUZZ_DIR=$(BUILD)/fuzz OUT=$(BUILD)/campaign-check \
	      CRASHY_ISECT=$(BUILD)/crashy/release/isect CRASHY_FUZZ_DIR=$(BUILD)/crashy/fuzz sh tests/campaign.sh; \
	else echo "campaign-check: $(CLANG) not found, skipped"; fi

# A target that crashes or hangs never takes check, eval, props, minimize or
# report down (tests/isolate.sh): the crashy user target of campaign-check,
# the same build under $(BUILD)/crashy; about 10 s, no clang needed.
.PHONY: isolate-check
isolate-check: | $(if $(IN_CHECK),campaign-check)
	@$(MAKE) --no-print-directory BUILD=$(BUILD)/crashy USER_TARGET=tests/campaign_target.c $(BUILD)/crashy/release/isect
	CRASHY_ISECT=$(BUILD)/crashy/release/isect OUT=$(BUILD)/isolate-check sh tests/isolate.sh

# The former name of the crash part, now in campaign-check.
campaign-crash-check: campaign-check

# ---- mutation testing and coverage (docs/mutants.md) ----------------------
# `make mutants`: operator mutations of fast/ (MUTATE: other files, e.g. a
# user adapter given in USER_TARGET), each built in a private copy of the
# tree under $(BUILD)/mutants/ and judged by isect check corpus/, the query's
# tests and, with MUTANT_FUZZ seconds, its fuzz harness; MUTANTS: options of
# tools/mutants.py (default a sample of 60; --all for every mutant).
# `make coverage`: line and branch coverage of fast/ and ref/ by the corpus
# and by the tests (gcc --coverage, gcov), fast/ branches not reached listed.
MUTATE      ?=
MUTANTS     ?= --sample 60
MUTANT_FUZZ ?= 0
OPT_cov     = -O0 -g --coverage
LDOPT_cov   = --coverage
.PHONY: mutants coverage mutants-allow-check

mutants:
	python3 tools/mutants.py $(MUTANTS) --build $(BUILD) --fuzz $(MUTANT_FUZZ) \
	    $(foreach u,$(USER_TARGET),--user-target $(u)) $(MUTATE)

# Every entry of tools/mutants.allow still names a mutant of fast/: a key
# holds the function and a hash of the line, so an edit of that line leaves
# the entry applying to nothing, and the mutant, back in the count, must be
# judged again (killed, or its argument rechecked and its new key listed).
mutants-allow-check:
	@python3 tools/test_mutants.py
	@mkdir -p $(BUILD) && printf 'fast/ray_plane.c|no_such_function|00000000|<><=|1  no mutant has this key\n' \
	  >$(BUILD)/mutants-allow-bogus.txt
	@if python3 tools/mutants.py --stale-allow --allow $(BUILD)/mutants-allow-bogus.txt >/dev/null; then \
	  echo "mutants-allow-check: tools/mutants.py --stale-allow did not report an entry no mutant has"; exit 1; fi
	@python3 tools/mutants.py --stale-allow >$(BUILD)/mutants-allow.txt 2>&1 || \
	  { cat $(BUILD)/mutants-allow.txt; echo "tools/mutants.allow: entries above match no mutant of fast/ (a line or function edited): rejudge each mutant (python3 tools/mutants.py --list) and update its key, or remove the entry"; exit 1; }

# The tests of the mutation stage, linked against the release libraries.
$(BUILD)/release/tests/%: $(BUILD)/release/tests/%.o $(call LIBS_FOR,release)
	$(call link,release) -o $@ $^ -lcriterion $(ALL_LIBS)

$(BUILD)/cov/tests/%: $(BUILD)/cov/tests/%.o $(call LIBS_FOR,cov)
	$(call link,cov) -o $@ $^ -lcriterion $(ALL_LIBS)

coverage: $(BUILD)/cov/isect $(filter-out %/test_mutator,$(patsubst tests/%.c,$(BUILD)/cov/tests/%,$(TEST_SRC)))
	python3 tools/coverage.py $(BUILD)
# ---- scale: OSS-Fuzz / ClusterFuzzLite, merged reports, CI (docs/scale.md) --
# ossfuzz-check: .clusterfuzzlite/build.sh with the engines' environment
# (tests/ossfuzz.sh), every fuzzer it makes runs OSSFUZZ_SECONDS on its seeds,
# a zoo target is reported as a crash.  merge-check: isect report merges two
# campaigns and an engine's crash file (tests/merge.sh).  ci-check: the CI
# workflow parses and its commands run against fast and a zoo target
# (tests/ci.sh).  In `make -j check` they wait for campaign-check (which
# times its campaigns) and run one after another.
OSSFUZZ_SECONDS ?= 2
.PHONY: ossfuzz-check merge-check ci-check scale-check
ossfuzz-check: $(BUILD)/release/isect | $(if $(IN_CHECK),campaign-check isolate-check)
	ISECT=$(BUILD)/release/isect DIR=$(BUILD)/ossfuzz SECONDS_EACH=$(OSSFUZZ_SECONDS) sh tests/ossfuzz.sh

merge-check: $(BUILD)/release/isect | $(if $(IN_CHECK),ossfuzz-check)
	@if command -v $(CLANG) >/dev/null 2>&1; then \
	  $(MAKE) --no-print-directory $(BUILD)/fuzz/fuzz_ray_triangle && \
	  ISECT=$(BUILD)/release/isect FUZZ_DIR=$(BUILD)/fuzz OUT=$(BUILD)/merge-check sh tests/merge.sh; \
	else echo "merge-check: $(CLANG) not found, skipped"; fi

ci-check: $(BUILD)/isect | $(if $(IN_CHECK),merge-check)
	BUILD=$(BUILD) OUT=$(BUILD)/ci-check sh tests/ci.sh

scale-check: ossfuzz-check merge-check ci-check

# ---- hostile input ----------------------------------------------------------
# tests/hostile.sh: symlink cycles, FIFOs, files that change under fmt,
# huge and out-of-range numbers, terminal escapes, two campaigns in one
# folder, the 64 MiB limit: no hang, no crash, no undefined behaviour.
# The parser's harness (fuzz/parse_casefile.c: parse; fmt parses back to
# the same cases; errors name file:line) replays corpus/ under the
# sanitizers, and with clang fuzzes FUZZ_SECONDS, seeded with corpus/.
.PHONY: hostile-check parse-fuzz-check parse-fuzz
hostile-check: $(BUILD)/asan/isect $(BUILD)/release/isect
	ISECT=$(BUILD)/asan/isect ISECT_RELEASE=$(BUILD)/release/isect sh tests/hostile.sh

$(BUILD)/asan/replay_parse_casefile: $(BUILD)/asan/fuzz/parse_casefile.o $(BUILD)/asan/fuzz/harness.o \
                                     $(BUILD)/asan/fuzz/replay.o $(call LIBS_FOR,asan)
	$(call link,asan) -o $@ $^ $(ALL_LIBS)
$(BUILD)/fuzz/parse_casefile: $(BUILD)/fuzz/fuzz/parse_casefile.o $(BUILD)/fuzz/fuzz/harness.o $(call LIBS_FOR,fuzz)
	$(call link,fuzz) -o $@ $^ $(ALL_LIBS)

parse-fuzz: $(BUILD)/fuzz/parse_casefile

parse-fuzz-check: $(BUILD)/asan/replay_parse_casefile | $(if $(IN_CHECK),fuzz-check)
	$(BUILD)/asan/replay_parse_casefile corpus/
	@if command -v $(CLANG) >/dev/null 2>&1; then \
	  $(MAKE) --no-print-directory $(BUILD)/fuzz/parse_casefile && \
	  mkdir -p $(BUILD)/fuzz-corpus/parse_casefile $(BUILD)/fuzz-artifacts/parse_casefile && \
	  $(BUILD)/fuzz/parse_casefile -max_total_time=$(FUZZ_SECONDS) -seed=1 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
	      -dict=fuzz/parse_casefile.dict -artifact_prefix=$(BUILD)/fuzz-artifacts/parse_casefile/ \
	      $(BUILD)/fuzz-corpus/parse_casefile corpus/ > $(BUILD)/fuzz-parse_casefile.log 2>&1 \
	  || { tail -n 30 $(BUILD)/fuzz-parse_casefile.log; exit 1; }; \
	  grep -h '^stat::number_of_executed_units' $(BUILD)/fuzz-parse_casefile.log | sed 's/^/parse_casefile: /'; \
	else echo "parse-fuzz-check: $(CLANG) not found, the parser replayed corpus/ only"; fi

# ---- install --------------------------------------------------------------
define pcfile
prefix=$(PREFIX)
libdir=$${prefix}/lib
includedir=$${prefix}/include

Name: $(1)
Description: $(2)
Version: 0.1.0
Libs: -L$${libdir} -l$(1) $(3)
Cflags: -I$${includedir}/isect
endef
export PC_ISECT = $(call pcfile,isect,binary32 3D intersection tests with an accuracy contract,-lm)
export PC_REF = $(call pcfile,isect_ref,exact reference of the isect queries (GMP/MPFR),-lmpfr -lgmp -lm)

install: all
	install -d $(DESTDIR)$(PREFIX)/include/isect $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/bin
	install -m 644 fast/isect.h ref/isect_ref.h $(DESTDIR)$(PREFIX)/include/isect/
	install -m 644 $(BUILD)/release/libisect.a $(BUILD)/release/libisect_ref.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(BUILD)/pic/libisect.so $(DESTDIR)$(PREFIX)/lib/libisect.so.0
	ln -sf libisect.so.0 $(DESTDIR)$(PREFIX)/lib/libisect.so
	install -m 755 $(BUILD)/release/isect $(DESTDIR)$(PREFIX)/bin/isect
	printf '%s\n' "$$PC_ISECT" > $(DESTDIR)$(PREFIX)/lib/pkgconfig/isect.pc
	printf '%s\n' "$$PC_REF" > $(DESTDIR)$(PREFIX)/lib/pkgconfig/isect_ref.pc

uninstall:
	rm -rf $(DESTDIR)$(PREFIX)/include/isect
	rm -f $(DESTDIR)$(PREFIX)/lib/libisect.a $(DESTDIR)$(PREFIX)/lib/libisect_ref.a \
	      $(DESTDIR)$(PREFIX)/lib/libisect.so $(DESTDIR)$(PREFIX)/lib/libisect.so.0 \
	      $(DESTDIR)$(PREFIX)/bin/isect $(DESTDIR)$(PREFIX)/lib/pkgconfig/isect.pc \
	      $(DESTDIR)$(PREFIX)/lib/pkgconfig/isect_ref.pc

# ---- dependencies ---------------------------------------------------------
# The peers' libraries (each optional: skipped when absent); the OSS-Fuzz
# build's seed corpora (zip) and the CI workflow's test (PyYAML).
DEB_PACKAGES = make gcc g++ libc6-dev pkg-config libgmp-dev libmpfr-dev libcriterion-dev clang libclang-rt-14-dev libxml2-utils chromium \
               libbullet-dev libode-dev libfcl-dev libccd-dev libembree-dev zip unzip python3-yaml

deps:
	@if [ "$$(id -u)" = 0 ]; then \
	  apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $(DEB_PACKAGES); \
	else echo "run as root, or: sudo apt-get install -y $(DEB_PACKAGES)"; fi

clean:
	rm -rf $(BUILD)

help:
	@echo "targets:"
	@echo "  all (default)  build/release/libisect.a, build/pic/libisect.so, build/release/libisect_ref.a, build/isect"
	@echo "  check          everything below marked (check): what CI runs"
	@echo "  unit-tests     the Criterion tests under ASan+UBSan (clang when present) (check)"
	@echo "  cli-tests      the command line's tests, tests/cli.sh (check)"
	@echo "  hostile-check  hostile files and folders (cycles, FIFOs, races, escapes, limits), tests/hostile.sh (check)"
	@echo "  parse-fuzz-check  the case parser's harness replays corpus/, and fuzzes FUZZ_SECONDS with clang (check)"
	@echo "  parse-fuzz     build the parser's libFuzzer harness, $(BUILD)/fuzz/parse_casefile"
	@echo "  corpus-check   isect check corpus/: fast judged, expect lines verified (check)"
	@echo "  replay-check   the fuzz harnesses built with gcc replay corpus/ (check)"
	@echo "  fuzz-check     each libFuzzer harness runs FUZZ_SECONDS on fast (check; needs clang)"
	@echo "  campaign-check campaign tests: SIGINT, SIGKILL, junit.xml, minimize, map, Chromium, a crashing"
	@echo "                 and hanging target recorded while the campaign goes on (check; needs clang)"
	@echo "  campaign-crash-check  the former name of campaign-check"
	@echo "  isolate-check  a crashing and hanging user target: check, eval, minimize, report go on"
	@echo "  ossfuzz-check  .clusterfuzzlite/build.sh run with the OSS-Fuzz environment; every fuzzer it makes"
	@echo "                 runs OSSFUZZ_SECONDS; a zoo target is reported as a crash (check; needs clang)"
	@echo "  merge-check    isect report merges two campaigns and an engine's crash file (check; needs clang)"
	@echo "  ci-check       the CI workflow (.github/workflows/isect.yml) parses, its commands run (check)"
	@echo "  scale-check    the three above"
	@echo "  bench-check    a smoke run of the bench: every query has a row, its inputs are valid (check)"
	@echo "  readme-check   README.md's query table matches the catalog (check); readme regenerates it"
	@echo "  layering-check the include paths enforce the layering of docs/architecture.md (check)"
	@echo "  adapter-check  a two-target C adapter and a C++ adapter build with one make command (check)"
	@echo "  size-check     no file over 600 lines, no function over 80 (check); size lists the longest"
	@echo "  deps           install the Debian packages (as root; otherwise prints the apt-get line)"
	@echo "  fuzz           build the libFuzzer harnesses with clang into $(BUILD)/fuzz/"
	@echo "  fuzz-run       fuzz QUERY against TARGET for SECONDS; findings go to findings/QUERY/"
	@echo "  campaign       every query with a harness against every target, SECONDS (120) on JOBS cores;"
	@echo "                 ends with the report in reports/<time>/ (reports/latest) and a summary table"
	@echo "  report         regenerate the report of REPORT (the latest campaign) from disk"
	@echo "  fuzz-throughput  executions/s of each harness without sanitizers (THROUGHPUT_SECONDS each, on TARGET)"
	@echo "  bench          ns per call of fast, a plain textbook baseline and ref, per query (BENCH=\"q ...\": some)"
	@echo "  mutants        operator mutants of fast/ (MUTATE=files: others, e.g. a USER_TARGET adapter), each judged by"
	@echo "                 isect check corpus/, the query's tests and MUTANT_FUZZ seconds of fuzzing; MUTANTS=options"
	@echo "                 of tools/mutants.py (default --sample 60; --all); survivors listed (docs/mutants.md)"
	@echo "  mutants-allow-check  every entry of tools/mutants.allow still names a mutant of fast/ (part of check)"
	@echo "  coverage       line and branch coverage of fast/ and ref/ by the corpus and by the tests (gcc --coverage,"
	@echo "                 gcov, into $(BUILD)/cov/); the fast/ branches the corpus never takes, in $(BUILD)/coverage.txt"
	@echo "  install        headers, libraries, isect and pkg-config files under DESTDIR/PREFIX"
	@echo "  uninstall      remove what install put there"
	@echo "  clean          remove $(BUILD)/"
	@echo "variables:"
	@echo "  CC=$(CC) CXX=$(CXX) CLANG=$(CLANG) CLANGXX=$(CLANGXX) CFLAGS=$(CFLAGS) CXXFLAGS=$(CXXFLAGS) LDFLAGS=$(LDFLAGS)"
	@echo "  CC_asan=$(CC_asan) CXX_asan=$(CXX_asan) (the sanitizer build: clang when present)"
	@echo "  PREFIX=$(PREFIX) DESTDIR=$(DESTDIR) BUILD=$(BUILD)"
	@echo "  QUERY=$(QUERY) TARGET=$(TARGET) SECONDS=$(SECONDS) (fuzz-run)"
	@echo "  FUZZ_SECONDS=$(FUZZ_SECONDS) (per query in make check)"
	@echo "  OSSFUZZ_SECONDS=$(OSSFUZZ_SECONDS) (per fuzzer in ossfuzz-check)"
	@echo "  JOBS=$(JOBS) QUERIES=$(QUERIES) TARGETS=$(TARGETS) (check, campaign: jobs, one per core; SECONDS defaults to 120 in campaign)"
	@echo "  REPORT=$(REPORT) (report)"
	@echo "  BENCH=$(BENCH) (bench: query names; empty: all)"
	@echo "  MUTATE=$(MUTATE) MUTANTS=$(MUTANTS) MUTANT_FUZZ=$(MUTANT_FUZZ) (mutants)"
	@echo "  USER_TARGET=adapter.c|adapter.cpp ... (your targets, docs/targets.md)"
	@echo "  USER_PKGS=pkg-config modules of your adapters  USER_LIBS=more link flags (appended)"
	@echo "  PEERS=\"$(PEERS)\" (peer libraries built; PEERS= for none), BULLET_PKG=$(BULLET_PKG) (docs/peers.md)"
	@echo "queries with a harness: $(FUZZ_QUERIES)"

-include $(shell find $(BUILD) -name '*.d' 2>/dev/null)
