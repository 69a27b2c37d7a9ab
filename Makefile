# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
# gasp — build, test, demo.  `make demo` and `make check` install what is
# missing (scripts/install-deps.sh), then build.
LLVM_CONFIG ?= llvm-config-22
CC ?= cc
BUILD ?= build
LLVM_BIN = $(shell $(LLVM_CONFIG) --bindir 2>/dev/null)
LLVM_CFLAGS = $(shell $(LLVM_CONFIG) --cflags 2>/dev/null)
LLVM_LIBDIR = $(shell $(LLVM_CONFIG) --libdir 2>/dev/null)
LLVM_INCLUDEDIR = $(shell $(LLVM_CONFIG) --includedir 2>/dev/null)
WARN = -Wall -Wextra -Wpedantic -Wstrict-prototypes -Wmissing-prototypes \
       -Wno-unused-parameter
WERROR ?= -Werror
OPT ?= -O2 -g
SAN ?=
# -fPIC: the objects also make libgasp.so; hidden visibility: only what
# include/gasp.h marks GASP_API is exported
CFLAGS_ALL = -std=c11 $(OPT) $(WARN) $(WERROR) $(SAN) -fPIC -fvisibility=hidden \
             -Iinclude -Isrc $(LLVM_CFLAGS)
PREFIX ?= /usr/local
# install layout (GNU names; each may be overridden, DESTDIR stages)
BINDIR ?= $(PREFIX)/bin
LIBDIR ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
MANDIR ?= $(PREFIX)/share/man
SOVERSION = 1
LDLIBS_ALL = $(SAN) -L$(LLVM_LIBDIR) -Wl,-rpath,$(LLVM_LIBDIR) -lLLVM-22 -lstdc++ -lpthread -lm

# The library's layers, lowest first (docs/design.md "Layers"): a file uses
# only its own layer and the layers before it (test/reliability/layers.test).
LAYERS = util base target core analysis transform pass report
LIB_SRC = $(foreach l,$(LAYERS),$(sort $(wildcard src/$(l)/*.c))) \
  $(sort $(wildcard src/pass/*/*.c)) src/pipeline.c src/api.c
# The services LLVM-C lacks (debug-info copies and salvage, upgrades of
# legacy intrinsic calls): a C++ adapter with a C interface
# (src/base/capi.cpp, docs/design.md "C++ in gasp"); it needs the C++
# runtime, which libLLVM already depends on.
LIB_CXX_SRC = src/base/capi.cpp src/core/bitstream.cpp
LIB_OBJ = $(LIB_SRC:%.c=$(BUILD)/obj/%.o) $(LIB_CXX_SRC:%.cpp=$(BUILD)/obj/%.o)
EXEC_SRC = src/exec/spec.c src/exec/builtins.c src/exec/warp.c src/exec/nvmath.c src/exec/intfns.c src/exec/prep.c src/exec/matrix.c src/exec/convert.c src/exec/ptxread.c src/exec/ptxint.c src/exec/ptxasm.c src/exec/retarget.c src/exec/window.c src/exec/rt.c src/exec/exec.c
EXEC_OBJ = $(EXEC_SRC:%.c=$(BUILD)/obj/%.o)
TOOLS = $(BUILD)/bin/gasp-opt $(BUILD)/bin/gasp-run
UNIT = $(BUILD)/bin/test-unit
STRESS_MUTATE = $(BUILD)/bin/stress-mutate
GPU_RUN = $(BUILD)/bin/gpu-run

# The C++ compiler for gasp's two C++ adapters (the debug-info services in
# libgasp, and the pass plugin for opt/clang: an adapter of LLVM's C++
# plugin interface to the C library).  In a sanitizer build the plugin's
# library part is sanitized and the plugin is linked with the C compiler's
# shared sanitizer runtimes (SAN_RT): clang-22 and opt-22 load it with
# those runtimes preloaded (LD_PRELOAD; scripts/fuzzdiff.py, make fuzz-asan).
CXX_LLVM ?= clang++-22
PLUGIN = $(BUILD)/lib/gasp-plugin.so
SAN_RT = $(if $(SAN),$(shell $(CC) -print-file-name=libasan.so) $(shell $(CC) -print-file-name=libubsan.so))

# The builds that demo, check and the other targets start: one job per
# core unless make was given -j (serial, CI's two builds of 86 files took
# minutes of its 30).  The recipe sees -j in $MAKEFLAGS, a makefile line
# does not (make 4.3); "+" hands the jobserver on through the variable.
SUBMAKE = j=; case " $$MAKEFLAGS" in *" -j"*) ;; *) j=-j$$(nproc);; esac; \
  $(MAKE) --no-print-directory $$j

FUZZ_CALLS_N ?= 10000
.PHONY: sass-tools bench-deps fuzz-asan fuzz-calls all deps demo check check-long check-asan check-asan-full build-asan-all bench fuzz fuzz-diff stress clean install uninstall deb
ifeq ($(LLVM_BIN),)
# a fresh machine: no llvm-config-22 yet, so no flags above; install what is
# missing (scripts/install-deps.sh), then build with the flags read again
all:
	@sh scripts/install-deps.sh
	@$(LLVM_CONFIG) --bindir >/dev/null 2>&1 || \
	  { echo "make: $(LLVM_CONFIG) is still missing; run 'make deps' (Debian's llvm-22-dev)"; exit 1; }
	+@$(SUBMAKE) all
else
all: $(TOOLS) $(UNIT) $(STRESS_MUTATE) $(BUILD)/lib/libgasp.a $(BUILD)/lib/libgasp.so $(BUILD)/lib/gasp.pc $(PLUGIN) $(GPU_RUN)
endif

deps:
	@sh scripts/install-deps.sh

# optional, for the benchmarks' machine-code column (scripts/sass-tools.sh)
sass-tools:
	@sh scripts/sass-tools.sh

# optional, what bench/public needs beyond make deps: the HIP units'
# headers and device libraries (Debian), and the machine-code column
bench-deps: deps
	@sh scripts/install-deps.sh bench
	@sh scripts/sass-tools.sh

# -MMD -MP: each object's header dependencies, written beside it (.d)
$(BUILD)/obj/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(CXX_LLVM) $$($(LLVM_CONFIG) --cxxflags) $(OPT) -Iinclude -fPIC -fvisibility=hidden -fvisibility-inlines-hidden -Wall -Wextra -Wno-unused-parameter $(WERROR) -MMD -MP -c $< -o $@

$(BUILD)/obj/%.o: %.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -MMD -MP -c $< -o $@

-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)

# The tools and the unit tests link the objects themselves (gasp-run and the
# unit tests use internals).  libgasp.a is one relocatable object whose
# hidden symbols are made local, so a host program's own xmalloc or map_put
# cannot clash with gasp's; libgasp.so exports the gasp_* functions only.
$(BUILD)/lib/libgasp.a: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	ld -r -o $(BUILD)/obj/libgasp-all.o $^
	objcopy --localize-hidden $(BUILD)/obj/libgasp-all.o
	rm -f $@ && ar rcs $@ $(BUILD)/obj/libgasp-all.o

$(BUILD)/lib/libgasp.so: $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) -shared -Wl,-soname,libgasp.so.$(SOVERSION) $^ -o $@.$(SOVERSION) $(LDLIBS_ALL)
	ln -sf libgasp.so.$(SOVERSION) $@

$(BUILD)/lib/gasp.pc: Makefile include/gasp.h
	@mkdir -p $(dir $@)
	printf '%s\n' 'prefix=$(PREFIX)' 'libdir=$(LIBDIR)' 'includedir=$(INCLUDEDIR)' \
	  'plugin=$${libdir}/gasp-plugin.so' '' \
	  'Name: gasp' 'Description: Generic Address-Space Propagation for GPU LLVM modules' \
	  "Version: $$(sed -n 's/^#define GASP_VERSION \"\(.*\)\"/\1/p' include/gasp.h)" \
	  'Cflags: -I$${includedir} $(LLVM_CFLAGS)' \
	  'Libs: -L$${libdir} -lgasp -L$(LLVM_LIBDIR) -Wl,-rpath,$(LLVM_LIBDIR) -lLLVM-22' 'Libs.private: -lstdc++' > $@

# The plugin is loaded into every clang -fpass-plugin run: optimised like
# the library, llvmGetPassPluginInfo the only symbol of its own it exports (hidden
# visibility, libgasp's symbols local: --exclude-libs), so none of its own
# calls is bound through clang's symbol scope at run time (-O0 and 1,000
# exported symbols cost 0.86M instructions per compile, 2% of an empty
# OpenCL kernel's; bench/compile/compile.md).
$(BUILD)/lib/gasp-plugin.so: src/plugin/gasp-plugin.cpp include/gasp.h $(BUILD)/lib/libgasp.a
	@mkdir -p $(dir $@)
	$(CXX_LLVM) $$($(LLVM_CONFIG) --cxxflags) $(OPT) -Iinclude -fPIC -shared -fvisibility=hidden \
	  -fvisibility-inlines-hidden -Wall -Wextra -Wno-unused-parameter $(WERROR) \
	  src/plugin/gasp-plugin.cpp $(BUILD)/lib/libgasp.a -o $@ -Wl,--exclude-libs,ALL \
	  -L$(LLVM_LIBDIR) -Wl,-rpath,$(LLVM_LIBDIR) -lLLVM-22 $(SAN_RT)

$(BUILD)/bin/gasp-opt: $(BUILD)/obj/tools/gasp-opt.o $(BUILD)/obj/tools/args.o \
  $(BUILD)/obj/tools/fault.o $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $^ -o $@ $(LDLIBS_ALL)

$(BUILD)/bin/gasp-run: $(BUILD)/obj/tools/gasp-run.o $(BUILD)/obj/tools/args.o \
  $(BUILD)/obj/tools/fault.o $(EXEC_OBJ) $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $^ -o $@ $(LDLIBS_ALL)

# the GPU timing runner (bench/gpu/): the driver is opened at run time, so
# it builds without CUDA; not installed (a benchmark tool)
$(GPU_RUN): $(BUILD)/obj/bench/gpu/gpu-run.o $(BUILD)/obj/tools/args.o $(BUILD)/obj/src/exec/spec.o \
            $(BUILD)/obj/src/util/util.o
	@mkdir -p $(dir $@)
	$(CC) $^ -o $@ $(SAN) -ldl -lm

UNIT_SRC = $(sort $(wildcard test/unit/*.c))
$(BUILD)/bin/test-unit: $(UNIT_SRC:%.c=$(BUILD)/obj/%.o) $(LIB_OBJ)
	@mkdir -p $(dir $@)
	$(CC) $^ -o $@ $(LDLIBS_ALL)

# make install PREFIX=/usr/local (or BINDIR, LIBDIR, INCLUDEDIR, MANDIR;
# DESTDIR stages): the header, both libraries, gasp.pc, the CMake package
# (find_package(gasp): target gasp::gasp), the two tools, their man pages
# and the pass plugin.  gasp.pc and the CMake package name the directories
# as given here.  make uninstall (same variables) removes exactly these.
GASP_VER = $(shell sed -n 's/^\#define GASP_VERSION "\(.*\)"/\1/p' include/gasp.h)
INSTALLED = $(INCLUDEDIR)/gasp.h $(LIBDIR)/libgasp.a $(LIBDIR)/libgasp.so.$(SOVERSION) \
  $(LIBDIR)/libgasp.so $(LIBDIR)/pkgconfig/gasp.pc $(LIBDIR)/cmake/gasp/gaspConfig.cmake \
  $(LIBDIR)/cmake/gasp/gaspConfigVersion.cmake $(BINDIR)/gasp-opt $(BINDIR)/gasp-run \
  $(MANDIR)/man1/gasp-opt.1 $(MANDIR)/man1/gasp-run.1 $(if $(PLUGIN),$(LIBDIR)/gasp-plugin.so)
install: all
	install -d $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(LIBDIR)/pkgconfig $(DESTDIR)$(LIBDIR)/cmake/gasp \
	  $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 644 include/gasp.h $(DESTDIR)$(INCLUDEDIR)/gasp.h
	install -m 644 $(BUILD)/lib/libgasp.a $(DESTDIR)$(LIBDIR)/libgasp.a
	install -m 755 $(BUILD)/lib/libgasp.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libgasp.so.$(SOVERSION)
	ln -sf libgasp.so.$(SOVERSION) $(DESTDIR)$(LIBDIR)/libgasp.so
	sed -e 's|^prefix=.*|prefix=$(PREFIX)|' -e 's|^libdir=.*|libdir=$(LIBDIR)|' \
	  -e 's|^includedir=.*|includedir=$(INCLUDEDIR)|' $(BUILD)/lib/gasp.pc > $(DESTDIR)$(LIBDIR)/pkgconfig/gasp.pc
	sed -e 's|@LIBDIR@|$(LIBDIR)|g' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' -e 's|@SOVERSION@|$(SOVERSION)|g' \
	  -e 's|@LLVM_LIBDIR@|$(LLVM_LIBDIR)|g' -e 's|@LLVM_INCLUDEDIR@|$(LLVM_INCLUDEDIR)|g' \
	  cmake/gaspConfig.cmake.in > $(DESTDIR)$(LIBDIR)/cmake/gasp/gaspConfig.cmake
	sed 's|@VERSION@|$(GASP_VER)|g' cmake/gaspConfigVersion.cmake.in > $(DESTDIR)$(LIBDIR)/cmake/gasp/gaspConfigVersion.cmake
	install -m 755 $(BUILD)/bin/gasp-opt $(BUILD)/bin/gasp-run $(DESTDIR)$(BINDIR)/
	sed 's|@VERSION@|$(GASP_VER)|g' docs/man/gasp-opt.1 > $(DESTDIR)$(MANDIR)/man1/gasp-opt.1
	sed 's|@VERSION@|$(GASP_VER)|g' docs/man/gasp-run.1 > $(DESTDIR)$(MANDIR)/man1/gasp-run.1
	$(if $(PLUGIN),install -m 755 $(PLUGIN) $(DESTDIR)$(LIBDIR)/gasp-plugin.so)

# removes what install put there, then the directories it made if empty
uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	-rmdir $(DESTDIR)$(LIBDIR)/cmake/gasp $(DESTDIR)$(LIBDIR)/cmake $(DESTDIR)$(LIBDIR)/pkgconfig \
	  $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR) 2>/dev/null || true

# make deb: the Debian package, built by debhelper (debian/rules) from this
# tree and this build directory, written to $(BUILD)/deb/gasp_<version>_<arch>.deb.
# scripts/install-deps.sh deb installs debhelper, dpkg-dev and fakeroot.
DEB_DIR = $(abspath $(BUILD))/deb
deb: all
	sh scripts/install-deps.sh deb
	@mkdir -p $(DEB_DIR)
	GASP_BUILD=$(abspath $(BUILD)) GASP_DEB_DIR=$(DEB_DIR) fakeroot debian/rules binary
	fakeroot debian/rules clean
	@ls $(DEB_DIR)/gasp_$(GASP_VER)_*.deb

# the stress campaign's mutator (test/stress/, make stress)
$(BUILD)/bin/stress-mutate: $(BUILD)/obj/test/stress/mutate.o
	@mkdir -p $(dir $@)
	$(CC) $^ -o $@ $(LDLIBS_ALL)

# libFuzzer target (make fuzz builds it in build-fuzz/ with clang-22)
$(BUILD)/bin/fuzz-gasp: $(BUILD)/obj/fuzz/fuzz_gasp.o $(BUILD)/lib/libgasp.a
	@mkdir -p $(dir $@)
	$(CC) -fsanitize=fuzzer $^ -o $@ $(LDLIBS_ALL)

demo: deps
	+@$(SUBMAKE) all
	@sh scripts/demo.sh

# make check is the quick suite (a few minutes on 2 cores); the random
# campaigns and whole-pipeline sweeps that take a minute or more each are
# make check-long's (CI runs both; build/test/.lit_test_times.txt and the
# "slowest" lines check.sh prints say which tests take the time).
LONG_TESTS = reliability/fuzz-diff.test|reliability/determinism.test|stress/smoke.test|gasp-opt/deep-limits.test|gasp-opt/deep.test|plugin/gencalls.test|ipmsp/gencalls.test|gasp-opt/deb.test|reliability/fuzz-sizes.test|exec/differential.test|lower/targets-exec.test|exec/alias-o2.test|reliability/pool-sizes.test|exec/gpu-ptx.test|infer/compare-upstream.test|infer/idempotence.test
check: deps
	+@$(SUBMAKE) all
	@LIT_FILTER_OUT='$(LONG_TESTS)' sh scripts/check.sh $(BUILD)
check-long: deps
	+@$(SUBMAKE) all
	@CHECK_UNIT=0 LIT_FILTER='$(LONG_TESTS)' sh scripts/check.sh $(BUILD)

# The whole suite with AddressSanitizer + UndefinedBehaviorSanitizer (and
# LeakSanitizer) on gasp's own code, in build-asan/.
# The suite under ASan + UBSan + LSan.  check-asan (CI) leaves out the
# random-campaign tests (fuzz-diff, determinism, the stress smoke test, the
# realistic-size family pool-sizes: fuzz-sizes is its sanitized slice):
# half of the sanitized suite's time, run unsanitized by make check-long;
# and the four sweeps of every project kernel through more pipelines
# (differential, alias-o2, targets-exec, gpu-ptx: five minutes of CI's
# 30, sanitized; check-long runs them unsanitized, and exec/kernels.test,
# exec/whole-program.test and exec/cuda.test run those kernels through
# the sanitized gasp-opt and gasp-run);
# check-asan-full runs them all.
ASAN_HEAVY = reliability/fuzz-diff.test|reliability/determinism.test|stress/smoke.test|reliability/pool-sizes.test|exec/differential.test|exec/alias-o2.test|lower/targets-exec.test|exec/gpu-ptx.test
build-asan-all: deps
	+@$(SUBMAKE) BUILD=build-asan OPT="-O1 -g -fno-omit-frame-pointer" \
	  SAN="-fsanitize=address,undefined -fno-sanitize-recover=undefined" all
check-asan: build-asan-all
	@ASAN_OPTIONS=detect_leaks=1 LIT_FILTER_OUT='$(ASAN_HEAVY)' sh scripts/check.sh build-asan
check-asan-full: build-asan-all
	@ASAN_OPTIONS=detect_leaks=1 sh scripts/check.sh build-asan

# The sanitized random campaign at realistic sizes (docs/reliability.md):
# N programs (seeds FIRST..) from genprog.py --extended --sizes (helpers of
# up to 600 blocks, names of up to 2,000 characters, up to 5,000 functions)
# x 3 targets x every flag set, through the sanitized gasp-opt and gasp-run
# and the sanitized plugin inside clang-22 (its runtimes preloaded); any
# sanitizer report, crash or difference fails it (failures in
# build-asan/fuzz-asan/).
fuzz-asan: build-asan-all
	@ASAN_OPTIONS=detect_leaks=1 python3 scripts/fuzzdiff.py --build build-asan --sizes --llc \
	  -n $(N) --first $(FIRST) --timeout $(FUZZ_TIMEOUT) --progress 50 --keep build-asan/fuzz-asan
FUZZ_TIMEOUT ?= 600

# libFuzzer with ASan+UBSan for FUZZ_SECONDS (default 60); findings go to
# build-fuzz/findings/, the corpus grows in build-fuzz/corpus/.
FUZZ_SECONDS ?= 60
fuzz: deps
	+@$(SUBMAKE) BUILD=build-fuzz CC=clang-22 OPT="-O1 -g -fno-omit-frame-pointer" \
	  SAN="-fsanitize=address,undefined,fuzzer-no-link -fno-sanitize-recover=undefined" \
	  build-fuzz/bin/fuzz-gasp
	@sh scripts/fuzz.sh build-fuzz $(FUZZ_SECONDS)

# The generator campaign: N llvm-stress modules (seeds FIRST..) retargeted
# and mutated, plus the kernels at every -O level, through gasp-opt, the
# verifier and a second run (scripts/stress.py; failures in build/stress/).
N ?= 1000
FIRST ?= 1
stress: deps
	+@$(SUBMAKE) all
	@python3 scripts/stress.py --build $(BUILD) -n $(N) --first $(FIRST) --kernels

# The random-program differential campaign: N programs from
# scripts/genprog.py (seeds FIRST..), 3 targets x 7 gasp-opt flag sets and
# clang-22 with the pass plugin, each output run against its original under gasp-run --check-as --compare, and
# llc-22 on the nvptx64/amdgcn outputs (failures in BUILD/fuzz-diff/).
fuzz-diff: deps
	+@$(SUBMAKE) all
	@python3 scripts/fuzzdiff.py --build $(BUILD) -n $(N) --first $(FIRST) --llc

# The clone-call campaign: FUZZ_CALLS_N random call graphs (scripts/gencalls.py,
# seeds FIRST..) x spir64/nvptx64 x 6 gasp-opt pipelines and opt-22
# default<O2>/<O3> (and <O2> with every helper noinline) with the pass
# plugin, every output checked by
# --verify-spaces and by gasp-run --check-as --compare.
fuzz-calls: deps
	+@$(SUBMAKE) all
	@python3 scripts/gencalls.py --build $(BUILD) -n $(FUZZ_CALLS_N) --first $(FIRST) --plugin

bench: deps
	+@$(SUBMAKE) all
	@sh bench/run.sh

clean:
	rm -rf $(BUILD) build-asan build-fuzz
