# ortho: build, test, install.
#
#   make                    libortho.a, libortho.so, ortho.pc and the programs, in build/
#   make check              the layering check, then the test suite under mpiexec (tests/run_tests.sh)
#   make demo               the Jacobi demo on 4 processes
#   make MPI=openmpi ...    the same with Open MPI (mpicc.openmpi, mpiexec.openmpi), in build-openmpi/
#   make install PREFIX=/opt/ortho
#   make WERROR=1           warnings are errors (CI)
#   make SANITIZE=address   or undefined; run with ASAN_OPTIONS=detect_leaks=0
#   make SMPI=1             the same sources built with SimGrid's smpicc, in build-smpi/
#
# Every .c file under lib/<module>/ goes into the library; a new module is a
# new folder. Programs are declared with $(call program,...) below.

# The version is include/ortho.h's ORTHO_VERSION_MAJOR/MINOR/PATCH.
VERSION    := $(shell sed -n 's/^\#define ORTHO_VERSION_\(MAJOR\|MINOR\|PATCH\) //p' \
                include/ortho.h | paste -sd.)
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

# $(call program,NAME,SOURCES): build/bin/NAME from SOURCES and the static library.
define program
PROGRAMS += $(BUILD)/bin/$(1)
ALL_OBJ  += $(2:%.c=$(BUILD)/%.o)
$(BUILD)/bin/$(1): $(2:%.c=$(BUILD)/%.o) $(STATIC_LIB)
	@mkdir -p $$(@D)
	$$(CC) $$(LDFLAGS) -o $$@ $$(filter %.o,$$^) $(STATIC_LIB) $$(LDLIBS)
endef

# ---- programs -------------------------------------------------------------
# tools/cli.c: the command line every program reads the same way.
$(eval $(call program,ortho-demo,examples/allgather_demo.c tools/cli.c))
$(eval $(call program,ortho-fit,fit/ortho_fit.c tools/cli.c fit/local_costs.c fit/plot.c))
$(eval $(call program,ortho-predict,fit/ortho_predict.c tools/cli.c))
$(eval $(call program,ortho-tune,tune/ortho_tune.c tune/table.c tune/measure.c tune/decide.c tune/check.c tune/lookup.c tools/cli.c))
$(eval $(call program,ortho-bench,bench/ortho_bench.c bench/ops.c bench/bounds.c bench/cli.c tools/cli.c))
$(eval $(call program,jacobi,apps/jacobi/main.c apps/jacobi/comm.c apps/jacobi/iterate.c apps/jacobi/problem.c tools/cli.c))
$(eval $(call program,pab,apps/pab/main.c apps/pab/coeffs.c apps/pab/ode.c apps/pab/comm.c apps/pab/start.c apps/pab/solver.c apps/pab/predict.c apps/pab/check.c apps/pab/converge.c apps/pab/charge.c tools/cli.c))

# ---- rules ----------------------------------------------------------------
.PHONY: all lib check check-smpi demo demo-allgather install uninstall clean
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

$(BUILD)/lib/libortho.so: $(LIB_OBJ)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -shared -Wl,-soname,libortho.so.$(SOVERSION) -o $@.$(VERSION) $^ $(LDLIBS)
	ln -sf libortho.so.$(VERSION) $@.$(SOVERSION)
	ln -sf libortho.so.$(VERSION) $@

$(BUILD)/lib/libortho_mpi.a: $(INTERPOSE_OBJ) $(LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

# -Bsymbolic: the library's calls bind to its own copy, not to a program's.
$(BUILD)/lib/libortho_mpi.so: $(INTERPOSE_OBJ) $(LIB_OBJ)
	$(CC) $(LDFLAGS) -shared -Wl,-Bsymbolic -Wl,-soname,libortho_mpi.so -o $@ $^ $(LDLIBS)

$(PC_FILE): ortho.pc.in Makefile
	@mkdir -p $(@D)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' \
	    -e 's|@LIBS_PRIVATE@|$(LIBS_PRIVATE)|' $< > $@

$(TEST_BIN): $(BUILD)/tests/%: $(BUILD)/tests/%.o $(TEST_SUPPORT_OBJ) $(STATIC_LIB)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $(filter %.o,$^) $(STATIC_LIB) -lcunit $(LDLIBS)

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
# SEMANTICS_FULL=1 for 10,000 random cases).
check-smpi:
	$(MAKE) SMPI=1 BUILD=build-smpi lib $(HARNESS_BIN:$(BUILD)/%=build-smpi/%)
	BUILD=build-smpi tests/smpi/run.sh
	BUILD=build-smpi tests/smpi/run_nd.sh
	BUILD=build-smpi tests/smpi/run_variants.sh
	BUILD=build-smpi tests/smpi/run_semantics.sh

# The project's demo: the Jacobi iteration, its three variants with native,
# orthogonal and automatic communication, checked against a sequential solve.
demo: $(BUILD)/bin/jacobi
	BUILD=$(BUILD) scripts/mpirun.sh -n 4 $(BUILD)/bin/jacobi --check

# MPI_Allgather against ortho_2d_allgather, timed and checked.
demo-allgather: $(BUILD)/bin/ortho-demo
	BUILD=$(BUILD) scripts/mpirun.sh -n 4 $(BUILD)/bin/ortho-demo

# ortho-bench (docs/bench.md): real MPI on this machine, and the simulated
# clusters of platforms/ (smpicc build in build-smpi/, results in results/sim/).
.PHONY: bench bench-sim
bench: $(BUILD)/bin/ortho-bench
	BUILD=$(BUILD) bench/mpi.sh

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

install: lib $(PROGRAMS)
	install -d $(DESTDIR)$(PREFIX)/include $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/bin
	install -m 644 include/*.h $(DESTDIR)$(PREFIX)/include
	install -m 644 $(STATIC_LIB) $(DESTDIR)$(PREFIX)/lib
	install -m 755 $(BUILD)/lib/libortho.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib
	ln -sf libortho.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libortho.so.$(SOVERSION)
	ln -sf libortho.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libortho.so
	$(if $(INTERPOSE_LIBS),install -m 755 $(INTERPOSE_LIBS) $(DESTDIR)$(PREFIX)/lib)
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' \
	    -e 's|@LIBS_PRIVATE@|$(LIBS_PRIVATE)|' ortho.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/ortho.pc
	$(if $(PROGRAMS),install -m 755 $(PROGRAMS) $(DESTDIR)$(PREFIX)/bin)

uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/include/,$(notdir $(wildcard include/*.h)))
	rm -f $(DESTDIR)$(PREFIX)/lib/libortho.* $(DESTDIR)$(PREFIX)/lib/libortho_mpi.*
	rm -f $(DESTDIR)$(PREFIX)/lib/pkgconfig/ortho.pc
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/bin/,$(notdir $(PROGRAMS)))

clean:
	rm -rf build build-openmpi build-smpi

# libFuzzer targets: make fuzz, make fuzz-replay (fuzz/fuzz.mk, fuzz/README.md).
include fuzz/fuzz.mk

-include $(ALL_OBJ:.o=.d) $(TEST_BIN:=.d)
