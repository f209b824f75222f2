# libFuzzer targets (fuzz/README.md), included by the Makefile:
#
#   make fuzz FUZZ_SECONDS=N   build every target (fuzz/*.c), run each N s (default 60)
#   make fuzz-replay           run each target over its committed corpus only (seconds)
#   make fuzz-build            only build them
#
# clang through MPICH's wrapper (-cc=clang: MPICH's headers and library),
# -fsanitize=fuzzer,address,undefined; the library's sources are compiled
# again, with coverage and the sanitizers, in $(FUZZ_BUILD). Not part of
# make check.

FUZZ_BUILD   ?= build-fuzz
FUZZ_CC      ?= mpicc.mpich -cc=clang
FUZZ_SECONDS ?= 60
FUZZ_FLAGS   := -g -O1 -fno-omit-frame-pointer -fsanitize=address,undefined \
                -fno-sanitize-recover=undefined
FUZZ_SRC     := $(sort $(wildcard fuzz/*.c))
FUZZ_BIN     := $(FUZZ_SRC:fuzz/%.c=$(FUZZ_BUILD)/fuzz/%)
FUZZ_LIB     := $(FUZZ_BUILD)/lib/libortho.a
FUZZ_LIB_OBJ := $(LIB_SRC:%.c=$(FUZZ_BUILD)/%.o)

.PHONY: fuzz fuzz-build fuzz-replay
fuzz-build: $(FUZZ_BIN)

fuzz: $(FUZZ_BIN)
	FUZZ_BUILD=$(FUZZ_BUILD) fuzz/run.sh $(FUZZ_SECONDS)

fuzz-replay: $(FUZZ_BIN)
	FUZZ_BUILD=$(FUZZ_BUILD) fuzz/run.sh --replay

$(FUZZ_BUILD)/lib/%.o: lib/%.c
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CSTD) $(WARNINGS) $(CPPFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer-no-link \
	    $(DEPFLAGS) -c $< -o $@

$(FUZZ_LIB): $(FUZZ_LIB_OBJ)
	rm -f $@
	ar rcs $@ $^

$(FUZZ_BUILD)/fuzz/%: fuzz/%.c $(FUZZ_LIB)
	@mkdir -p $(@D)
	$(FUZZ_CC) $(CSTD) $(WARNINGS) $(CPPFLAGS) $(FUZZ_FLAGS) -fsanitize=fuzzer $(DEPFLAGS) \
	    $< -o $@ $(FUZZ_LIB) $(LIBS_PRIVATE)

-include $(FUZZ_LIB_OBJ:.o=.d) $(FUZZ_BIN:=.d)

.PHONY: fuzz-clean
fuzz-clean:
	rm -rf $(FUZZ_BUILD)
