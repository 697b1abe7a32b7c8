# Performance control benchmark (issue 13, not pass/fail; every result is
# checked against plain C): the six workloads of tests/bench/workloads.h
# under every schedule configuration (thread order x grid order) and under
# schedule = auto, ns per element; table on stdout, JSON and a cairo chart
# in $(O).
#
#   make -f tests/bench/tune.mk [all]   build $(BUILD)/bench/bench_tune
#   make -f tests/bench/tune.mk run     run it on the host (emulation backend)
#   make -f tests/bench/tune.mk quick   small sizes, seconds (a smoke test)

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD ?= $(ROOT)/build
O := $(BUILD)/bench
CC ?= cc
CFLAGS ?= -O2 -g
TUNE_ARGS ?=

.PHONY: all run quick lib

all: $(O)/bench_tune

lib:
	$(MAKE) -C $(ROOT)/lib all

$(O)/bench_tune: $(ROOT)/tests/bench/bench_tune.c $(ROOT)/tests/bench/workloads.h \
		$(ROOT)/include/idxgen_rt.h lib
	mkdir -p $(O)
	$(CC) -std=c11 -Wall -Wextra -Werror $(CFLAGS) -I$(ROOT)/include -I$(ROOT)/tests/bench \
		$$(pkg-config --cflags cairo) -o $@ $< -L$(BUILD)/lib -Wl,-rpath,'$$ORIGIN/../lib' \
		-lidxgen -lpthread $$(pkg-config --libs cairo) -lm

run: all
	LD_LIBRARY_PATH=$(BUILD)/lib IDXGEN_BACKEND=emu $(O)/bench_tune $(TUNE_ARGS) \
		--json $(O)/tune.json --plot $(O)/tune.png

quick: all
	LD_LIBRARY_PATH=$(BUILD)/lib IDXGEN_BACKEND=emu $(O)/bench_tune --quick \
		--json $(O)/tune-quick.json --plot $(O)/tune-quick.png
