# ortho: build, test, install.
#
#   make                    libortho.a/.so, libortho_mpi.a/.so, ortho.pc, the programs and
#                           the test programs, in build/
#   make check              the layering check, then the test suite under mpiexec
#                           (tests/run_tests.sh; the export check and installcheck among them)
#   make demo               the Jacobi demo (ortho-jacobi --check) on 4 processes
#   make demo-allgather     MPI_Allgather against ortho_2d_allgather on 4 processes
#   make bench NP="4 8"     ortho-bench under this machine's MPI; make bench-sim: simulated
#   make MPI=openmpi ...    the same with Open MPI (mpicc.openmpi, mpiexec.openmpi), in build-openmpi/
#   make doc                HTML API reference and man 3 pages from include/*.h (doxygen)
#   make install PREFIX=/opt/ortho    (DESTDIR= for staging); make uninstall
#   make installcheck       install into a temporary prefix and use it from there
#   make WERROR=1           warnings are errors (CI)
#   make SANITIZE=address   or undefined; run with ASAN_OPTIONS=detect_leaks=0
#   make SMPI=1             the same sources built with SimGrid's smpicc, in build-smpi/
#   make check-smpi, check-smpi-quick, check-leaks, check-layers, fuzz: see their rules below
#
# Every .c file under lib/<module>/ goes into the library; a new module is a
# new folder. Programs are declared with $(call program,...) below.

# The version is include/ortho.h's ORTHO_VERSION_MAJOR/MINOR/PATCH (scripts/version.sh).
VERSION    := $(shell scripts/version.sh)
SOVERSION  := 0
PREFIX     ?= /usr/local

# The MPI, by Debian's names, never the mpicc / mpiexec alternatives:
# MPI=mpich (the default: mpicc.mpich, mpiexec.mpich, mpif90.mpich, in
# build/) or MPI=openmpi (mpicc.openmpi ..., in build-openmpi/). MPICC,
# MPIEXEC and MPIF90 override one command each. Exported to the scripts,
# which take their commands and Open MPI's settings from
# scripts/mpi_env.sh; $(BUILD)/mpi records which MPI a build folder holds.
MPI       ?= mpich
ifeq ($(filter $(MPI),mpich openmpi),)
  $(error MPI=$(MPI): mpich or openmpi)
endif
MPICC     ?= mpicc.$(MPI)
MPIEXEC   ?= mpiexec.$(MPI)
MPIF90    ?= mpif90.$(MPI)
export MPI MPICC MPIEXEC MPIF90

ifeq ($(SMPI),1)
  # smpicc compiles with -fPIC and links every program as a shared object
  # (-shared -lsimgrid -Wl,-z,defs) that smpirun loads once per rank, each
  # rank with its own copy of the program's globals. Globals of shared
  # libraries are shared by all ranks: programs link libortho statically.
  # See docs/simulation.md.
  CC       := smpicc
  BUILD    ?= build-smpi
  SHARED_LIB :=
else
  CC       := $(MPICC)
  BUILD    ?= $(if $(filter mpich,$(MPI)),build,build-$(MPI))
  SHARED_LIB := $(BUILD)/lib/libortho.so
  MPI_RECORD := $(BUILD)/mpi
endif

CSTD      := -std=c11
WARNINGS  := -Wall -Wextra -Wpedantic -Wshadow -Wstrict-prototypes \
             -Wmissing-prototypes -Wformat=2 -Wpointer-arith -Wwrite-strings \
             -Wundef -Wcast-qual -Wvla
CFLAGS    ?= -O2 -g
ifeq ($(WERROR),1)
  CFLAGS  += -Werror
endif
ifneq ($(SANITIZE),)
  CFLAGS  += -fsanitize=$(SANITIZE) -fno-omit-frame-pointer
  LDFLAGS += -fsanitize=$(SANITIZE)
endif
CPPFLAGS  += -Iinclude -Ilib -Itests -D_POSIX_C_SOURCE=200809L
DEPFLAGS   = -MMD -MP
LIBS_PRIVATE := -lgsl -lgslcblas -lm
LDLIBS    += $(LIBS_PRIVATE)

LIB_SRC   := $(filter-out lib/interpose/%,$(sort $(wildcard lib/*/*.c)))
LIB_OBJ   := $(LIB_SRC:%.c=$(BUILD)/%.o)
STATIC_LIB := $(BUILD)/lib/libortho.a
PC_FILE   := $(BUILD)/ortho.pc
# The interposition libraries: lib/interpose (MPI_Bcast ... MPI_Scatterv
# forwarding to the drop-in functions) plus a copy of the library. Not
# under SMPI, whose programs link the library statically.
INTERPOSE_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(sort $(wildcard lib/interpose/*.c)))
INTERPOSE_LIBS := $(if $(SHARED_LIB),$(BUILD)/lib/libortho_mpi.so $(BUILD)/lib/libortho_mpi.a)

TEST_SUPPORT_SRC := $(sort $(wildcard tests/support/*.c))
TEST_SUPPORT_OBJ := $(TEST_SUPPORT_SRC:%.c=$(BUILD)/%.o)
TEST_SRC  := $(sort $(wildcard tests/test_*.c))
TEST_BIN  := $(TEST_SRC:tests/%.c=$(BUILD)/tests/%)
# tests/smpi: plain MPI programs (no CUnit) that run under smpirun as well.
HARNESS_BIN := $(patsubst %.c,$(BUILD)/%,$(sort $(wildcard tests/smpi/*.c)))
ifeq ($(SMPI),1)
  # No CUnit under SMPI: its registry lives in a shared library's globals.
  TEST_BIN :=
endif

.DEFAULT_GOAL := all
PROGRAMS  :=
ALL_OBJ   := $(LIB_OBJ) $(TEST_SUPPORT_OBJ) $(HARNESS_BIN:=.o) $(INTERPOSE_OBJ)

# $(call program,NAME,SOURCES): $(BUILD)/bin/NAME from SOURCES and the static library.
define program
PROGRAMS += $(BUILD)/bin/$(1)
ALL_OBJ  += $(2:%.c=$(BUILD)/%.o)
$(BUILD)/bin/$(1): $(2:%.c=$(BUILD)/%.o) $(STATIC_LIB)
	@mkdir -p $$(@D)
	$$(CC) $$(LDFLAGS) -o $$@ $$(filter %.o,$$^) $(STATIC_LIB) $$(LDLIBS)
endef

# ---- programs -------------------------------------------------------------
# tools/cli.c: the command line every program reads the same way.
$(eval $(call program,ortho-demo,examples/allgather_demo.c))
$(eval $(call program,ortho-fit,fit/ortho_fit.c tools/cli.c fit/local_costs.c fit/plot.c))
$(eval $(call program,ortho-predict,fit/ortho_predict.c tools/cli.c fit/profiles_dir.c))
$(eval $(call program,ortho-tune,tune/ortho_tune.c tune/table.c tune/measure.c tune/decide.c tune/check.c tune/lookup.c tools/cli.c))
$(eval $(call program,ortho-info,info/ortho_info.c))
$(eval $(call program,ortho-bench,bench/ortho_bench.c bench/ops.c bench/bounds.c bench/cli.c tools/cli.c))
$(eval $(call program,ortho-jacobi,apps/jacobi/main.c apps/jacobi/comm.c apps/jacobi/iterate.c apps/jacobi/problem.c tools/cli.c))
$(eval $(call program,ortho-pab,apps/pab/main.c apps/pab/coeffs.c apps/pab/ode.c apps/pab/comm.c apps/pab/start.c apps/pab/solver.c apps/pab/predict.c apps/pab/check.c apps/pab/converge.c apps/pab/charge.c tools/cli.c))

# ---- rules ----------------------------------------------------------------
.PHONY: all lib check check-smpi check-smpi-quick demo demo-allgather install uninstall clean
all: lib $(PROGRAMS) $(TEST_BIN) $(HARNESS_BIN)

lib: $(STATIC_LIB) $(SHARED_LIB) $(PC_FILE) $(INTERPOSE_LIBS) $(MPI_RECORD)

# Which MPI this build folder holds, for scripts run by hand with BUILD set.
$(MPI_RECORD): FORCE
	@mkdir -p $(@D)
	@[ "$$(cat $@ 2>/dev/null)" = "$(MPI)" ] || echo $(MPI) > $@

.PHONY: FORCE
FORCE:

$(BUILD)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(CSTD) $(WARNINGS) $(CPPFLAGS) $(CFLAGS) -fPIC $(DEPFLAGS) -c $< -o $@

$(STATIC_LIB): $(LIB_OBJ)
	@mkdir -p $(@D)
	rm -f $@
	ar rcs $@ $^

# The shared libraries export only their interface, through a linker
# version script: libortho.so the functions include/*.h declares
# (scripts/public_names.sh, so a function added to a header is exported
# with it), libortho_mpi.so the MPI names it interposes (C, and Fortran
# under Open MPI); ortho__ helpers stay inside. Programs and tests link
# the static archives, which keep every symbol. tests/test_exports.sh checks.
$(BUILD)/lib/libortho.map: $(wildcard include/*.h) scripts/public_names.sh
	@mkdir -p $(@D)
	{ echo '{ global:'; scripts/public_names.sh | sed 's/$$/;/'; echo 'local: *; };'; } > $@

$(BUILD)/lib/libortho_mpi.map: Makefile
	@mkdir -p $(@D)
	echo '{ global: MPI_*; PMPI_*; mpi_*; pmpi_*; local: *; };' > $@

$(BUILD)/lib/libortho.so: $(LIB_OBJ) $(BUILD)/lib/libortho.map
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,libortho.so.$(SOVERSION) \
	    -Wl,--version-script=$(BUILD)/lib/libortho.map -o $@.$(VERSION) $(LIB_OBJ) $(LDLIBS)
	ln -sf libortho.so.$(VERSION) $@.$(SOVERSION)
	ln -sf libortho.so.$(VERSION) $@

$(BUILD)/lib/libortho_mpi.a: $(INTERPOSE_OBJ) $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

# -Bsymbolic: the library's calls bind to its own copy, not to a program's.
$(BUILD)/lib/libortho_mpi.so: $(INTERPOSE_OBJ) $(LIB_OBJ) $(BUILD)/lib/libortho_mpi.map
	$(CC) $(LDFLAGS) -shared -Wl,-Bsymbolic -Wl,-soname,libortho_mpi.so.$(SOVERSION) \
	    -Wl,--version-script=$(BUILD)/lib/libortho_mpi.map \
	    -o $@.$(VERSION) $(INTERPOSE_OBJ) $(LIB_OBJ) $(LDLIBS)
	ln -sf libortho_mpi.so.$(VERSION) $@.$(SOVERSION)
	ln -sf libortho_mpi.so.$(VERSION) $@

$(PC_FILE): ortho.pc.in Makefile
	@mkdir -p $(@D)
	$(PC_INSTALL) > $@

$(TEST_BIN): $(BUILD)/tests/%: $(BUILD)/tests/%.o $(TEST_SUPPORT_OBJ) $(STATIC_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $(filter %.o,$^) $(STATIC_LIB) -lcunit $(LDLIBS)

# ortho-bench's bounds are tested apart from the program.
$(BUILD)/tests/test_bench_bounds: $(BUILD)/bench/bounds.o

check: all
	BUILD=$(BUILD) scripts/check_layers.sh --rooms
	BUILD=$(BUILD) tests/run_tests.sh

$(HARNESS_BIN): %: %.o $(STATIC_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $< $(STATIC_LIB) $(LDLIBS)

# The 2D operations against native under smpirun (tests/smpi/run.sh), then
# the N-D operations, uneven grids and drop-ins (tests/smpi/run_nd.sh), then
# every variant and phase order, node-aware on five placements
# (tests/smpi/run_variants.sh), then MPI's argument rules on every
# candidate and random cases up to 96 processes (tests/smpi/run_semantics.sh;
# SEMANTICS_FULL=1 for 10,000 random cases), then how lib/measure times a
# point on the simulated global clock (tests/smpi/run_clock.sh).
check-smpi:
	$(MAKE) SMPI=1 BUILD=build-smpi lib $(HARNESS_BIN:$(BUILD)/%=build-smpi/%)
	BUILD=build-smpi tests/smpi/run.sh
	BUILD=build-smpi tests/smpi/run_nd.sh
	BUILD=build-smpi tests/smpi/run_variants.sh
	BUILD=build-smpi tests/smpi/run_semantics.sh
	BUILD=build-smpi tests/smpi/run_clock.sh

# The part of check-smpi that CI runs (.ci/run, about 3 minutes): every
# variant on the simulated placements and MPI's argument rules on every
# candidate with random cases up to 96 processes, where real MPI on two
# cores cannot go (a rings gather on a 3D box lacking whole rows crashed
# only there).
check-smpi-quick:
	$(MAKE) SMPI=1 BUILD=build-smpi lib $(HARNESS_BIN:$(BUILD)/%=build-smpi/%)
	BUILD=build-smpi tests/smpi/run_variants.sh
	BUILD=build-smpi tests/smpi/run_semantics.sh

# The project's demo: the Jacobi iteration, its three variants with native,
# orthogonal and automatic communication, checked against a sequential solve.
demo: $(BUILD)/bin/ortho-jacobi
	BUILD=$(BUILD) scripts/mpirun.sh -n 4 $(BUILD)/bin/ortho-jacobi --check

# MPI_Allgather against ortho_2d_allgather, timed and checked.
demo-allgather: $(BUILD)/bin/ortho-demo
	BUILD=$(BUILD) scripts/mpirun.sh -n 4 $(BUILD)/bin/ortho-demo

# ortho-bench (docs/bench.md): real MPI on this machine at the process
# counts of NP (default "4 8"; make bench NP=6, NP="2 4 6"; results and a
# figure in results/tmp/bench/), and the simulated clusters of platforms/
# (smpicc build in build-smpi/, results in results/sim/).
.PHONY: bench bench-sim
bench: $(BUILD)/bin/ortho-bench
	BUILD=$(BUILD) $(if $(NP),NP="$(NP)") bench/mpi.sh

bench-sim:
	$(MAKE) SMPI=1 BUILD=build-smpi build-smpi/bin/ortho-bench
	BUILD=build-smpi bench/sim.sh

# Plain MPI test programs (no CUnit), linked with the static library and
# tests/support/dropin_calls.o: tests/leaks/ (make check-leaks) and
# tests/threads/ (tests/test_threads.sh). tests/budget/comm_budget.c
# calls MPI only: built natively and, as comm_budget_ortho, linked with
# libortho_mpi.a (tests/test_comm_budget.sh).
ifneq ($(SMPI),1)
PLAIN_TEST_BIN := $(patsubst %.c,$(BUILD)/%,$(sort $(wildcard tests/leaks/*.c tests/threads/*.c)))
BUDGET_BIN := $(if $(wildcard tests/budget/comm_budget.c),\
                $(BUILD)/tests/budget/comm_budget $(BUILD)/tests/budget/comm_budget_ortho)
endif
ALL_OBJ += $(PLAIN_TEST_BIN:=.o) $(if $(BUDGET_BIN),$(BUILD)/tests/budget/comm_budget.o)
all: $(PLAIN_TEST_BIN) $(BUDGET_BIN)

$(BUILD)/tests/threads/%.o: CFLAGS += -pthread
$(BUILD)/tests/threads/%: LDLIBS += -pthread
$(PLAIN_TEST_BIN): %: %.o $(BUILD)/tests/support/dropin_calls.o $(STATIC_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $(filter %.o,$^) $(STATIC_LIB) $(LDLIBS)

$(BUILD)/tests/budget/comm_budget: $(BUILD)/tests/budget/comm_budget.o
	$(CC) $(LDFLAGS) -o $@ $<

$(BUILD)/tests/budget/comm_budget_ortho: $(BUILD)/tests/budget/comm_budget.o \
                                         $(BUILD)/lib/libortho_mpi.a
	$(CC) $(LDFLAGS) -o $@ $^ $(LDLIBS)

# tests/leaks/churn under valgrind (1000 communicators created, used and
# freed at 2 processes, then every candidate on real grids at 4): fails
# when the library loses memory definitely (tests/leaks/check.sh; a few
# minutes; needs valgrind).
.PHONY: check-leaks
check-leaks: $(BUILD)/tests/leaks/churn
	BUILD=$(BUILD) tests/leaks/check.sh

# The calls between source files, from the objects' symbols (nm): circles
# between files of lib/ or of one program, and calls up the room order of
# lib/ (scripts/check_layers.sh; make check runs it first).
.PHONY: check-layers
check-layers: lib $(PROGRAMS)
	BUILD=$(BUILD) scripts/check_layers.sh --rooms

# The API reference from the headers' comments (Doxyfile): HTML in
# $(BUILD)/doc/html, man 3 pages (one per header, a link page per function)
# in $(BUILD)/doc/man/man3. A second, silent pass without EXTRACT_ALL lists
# the public functions that have no doc comment of their own.
DOC_DIR := $(BUILD)/doc
DOXYGEN_ENV = ORTHO_VERSION=$(VERSION) ORTHO_DOC_DIR=$(DOC_DIR)
.PHONY: doc
doc:
	@command -v doxygen >/dev/null || \
	    { echo "make doc: doxygen not found (scripts/setup.sh installs it)" >&2; exit 1; }
	rm -rf $(DOC_DIR) && mkdir -p $(DOC_DIR)
	$(DOXYGEN_ENV) doxygen Doxyfile
	@# doxygen 1.9 starts lines with a quote from the comments ('native'),
	@# which troff reads as a request: escape them.
	sed -i "s/^'/\\\\\&'/" $(DOC_DIR)/man/man3/*.3
	@# MAN_LINKS also makes a page per struct field (dims.3, p.3, ...) and
	@# one for the folder: keep the ortho names only, fields stay on their
	@# struct's page.
	find $(DOC_DIR)/man/man3 -name '*.3' ! -iname 'ortho*' -delete
	{ cat Doxyfile; printf '%s\n' 'EXTRACT_ALL = NO' 'GENERATE_HTML = NO' 'GENERATE_MAN = NO' \
	    'WARN_LOGFILE = $(DOC_DIR)/undocumented.txt'; } | $(DOXYGEN_ENV) doxygen - 2>/dev/null
	@sed -n 's/.*Member \(ortho_[a-z0-9_]*\)(.*(function) of file \([^ ]*\) .*/\1 (\2)/p' \
	    $(DOC_DIR)/undocumented.txt > $(DOC_DIR)/undocumented-functions.txt
	@echo "doc: $(DOC_DIR)/html/index.html, $$(ls $(DOC_DIR)/man/man3 | wc -l) man 3 pages;" \
	    "$$(grep -c 'warning:' $(DOC_DIR)/warnings.txt) doxygen warnings ($(DOC_DIR)/warnings.txt);" \
	    "public functions without a doc comment of their own:" \
	    "$$(wc -l < $(DOC_DIR)/undocumented-functions.txt)"
	@sed 's/^/  /' $(DOC_DIR)/undocumented-functions.txt

# Where make install puts things under PREFIX (DESTDIR for staging):
#   bin/                  the tools and demos (linked with libortho.a: no
#                         search path needed for ortho itself)
#   include/, lib/        headers, libortho.a/.so, libortho_mpi.a/.so,
#                         lib/pkgconfig/ortho.pc (its Libs carry an rpath)
#   share/ortho/profiles  the paper's profiles (ortho-predict --help names it)
#   share/doc/ortho       README.md, LICENSE, docs/, examples/, html/ (make doc)
#   share/man/man1, man3  a page per installed program (man/), per public
#                         function (make doc; skipped with a warning when
#                         doxygen is missing, which make installcheck fails)
DEST       = $(DESTDIR)$(PREFIX)
DOC_DEST   = $(DEST)/share/doc/ortho
MAN_DEST   = $(DEST)/share/man
PC_INSTALL = sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' \
                 -e 's|@LIBS_PRIVATE@|$(LIBS_PRIVATE)|' ortho.pc.in
install: lib $(PROGRAMS)
	install -d $(DEST)/include $(DEST)/lib/pkgconfig $(DEST)/bin $(DEST)/share/ortho/profiles \
	    $(DOC_DEST)/docs $(DOC_DEST)/examples $(MAN_DEST)/man1 $(MAN_DEST)/man3
	install -m 644 include/*.h $(DEST)/include
	install -m 644 $(STATIC_LIB) $(DEST)/lib
	install -m 755 $(BUILD)/lib/libortho.so.$(VERSION) $(DEST)/lib
	ln -sf libortho.so.$(VERSION) $(DEST)/lib/libortho.so.$(SOVERSION)
	ln -sf libortho.so.$(VERSION) $(DEST)/lib/libortho.so
	$(if $(INTERPOSE_LIBS),install -m 644 $(BUILD)/lib/libortho_mpi.a $(DEST)/lib)
	$(if $(INTERPOSE_LIBS),install -m 755 $(BUILD)/lib/libortho_mpi.so.$(VERSION) $(DEST)/lib)
	$(if $(INTERPOSE_LIBS),ln -sf libortho_mpi.so.$(VERSION) $(DEST)/lib/libortho_mpi.so.$(SOVERSION))
	$(if $(INTERPOSE_LIBS),ln -sf libortho_mpi.so.$(VERSION) $(DEST)/lib/libortho_mpi.so)
	$(PC_INSTALL) > $(DEST)/lib/pkgconfig/ortho.pc
	$(if $(PROGRAMS),install -m 755 $(PROGRAMS) $(DEST)/bin)
	install -m 644 profiles/*.profile $(DEST)/share/ortho/profiles
	install -m 644 README.md LICENSE $(DOC_DEST)
	install -m 644 docs/*.md $(DOC_DEST)/docs
	install -m 644 examples/*.c examples/*.F90 $(DOC_DEST)/examples
	install -m 644 $(patsubst %,man/%.1,$(notdir $(PROGRAMS))) $(MAN_DEST)/man1
	@if command -v doxygen >/dev/null; then \
	    $(MAKE) --no-print-directory doc && \
	    cp $(DOC_DIR)/man/man3/*.3 $(MAN_DEST)/man3 && \
	    rm -rf $(DOC_DEST)/html && cp -R $(DOC_DIR)/html $(DOC_DEST)/html; \
	else \
	    echo "install: doxygen not found: no man 3 pages, no HTML reference" \
	         "(scripts/setup.sh installs it)" >&2; \
	fi

uninstall:
	rm -f $(addprefix $(DEST)/include/,$(notdir $(wildcard include/*.h)))
	rm -f $(DEST)/lib/libortho.* $(DEST)/lib/libortho_mpi.*
	rm -f $(DEST)/lib/pkgconfig/ortho.pc
	rm -f $(addprefix $(DEST)/bin/,$(notdir $(PROGRAMS)))
	rm -f $(patsubst %,$(MAN_DEST)/man1/%.1,$(notdir $(PROGRAMS)))
	rm -f $(MAN_DEST)/man3/ortho*.3 $(MAN_DEST)/man3/ORTHO*.3
	rm -rf $(DEST)/share/ortho $(DOC_DEST)

# make install into a temporary prefix, then use it as a user would: the
# examples built with pkg-config alone and run without LD_LIBRARY_PATH,
# every installed program, man pages, docs, profiles
# (tests/test_installcheck.sh; also part of make check).
.PHONY: installcheck
installcheck: lib $(PROGRAMS)
	BUILD=$(BUILD) tests/test_installcheck.sh

clean:
	rm -rf build build-openmpi build-smpi

# libFuzzer targets: make fuzz, make fuzz-replay (fuzz/fuzz.mk, fuzz/README.md).
include fuzz/fuzz.mk

-include $(ALL_OBJ:.o=.d) $(TEST_BIN:=.d)
