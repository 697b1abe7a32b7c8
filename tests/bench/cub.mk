# CUB's device-wide calls with their chunks run in parallel (oneTBB,
# idxgen-cc's default) against the same calls kept in the calling thread
# (IDXGEN_CUB_SERIAL), side by side (not pass/fail): tests/bench/bench_cub.cu
# built twice with idxgen-cc.  Ratio parallel / serial (below 1: parallel is
# faster); "RESULTS DIFFER" if the two builds' results disagree.
#
#   make -f tests/bench/cub.mk [all]   build $(BUILD)/bench/bench_cub{,_serial}
#   make -f tests/bench/cub.mk run     run both

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD ?= $(ROOT)/build
O := $(BUILD)/bench

.PHONY: all run cc

all: $(O)/bench_cub $(O)/bench_cub_serial

cc:
	$(MAKE) -C $(ROOT)/lib all
	$(MAKE) -C $(ROOT)/lib/cudart all
	$(MAKE) -C $(ROOT)/lib/cc all

$(O)/bench_cub: $(ROOT)/tests/bench/bench_cub.cu cc
	mkdir -p $(O)
	$(BUILD)/cc/idxgen-cc -O2 -o $@ $<

$(O)/bench_cub_serial: $(ROOT)/tests/bench/bench_cub.cu cc
	mkdir -p $(O)
	$(BUILD)/cc/idxgen-cc -O2 -DIDXGEN_CUB_SERIAL -o $@ $<

run: all
	IDXGEN_BACKEND=emu $(O)/bench_cub >$(O)/bench_cub.out
	IDXGEN_BACKEND=emu $(O)/bench_cub_serial >$(O)/bench_cub_serial.out
	paste -d' ' $(O)/bench_cub.out $(O)/bench_cub_serial.out | \
		awk '{ printf "%-36s parallel %9.3f ms  serial %9.3f ms  ratio %.3f%s\n", $$1, $$2, $$5, $$2 / $$5, \
			($$3 == $$6 ? "" : "  RESULTS DIFFER") }'
