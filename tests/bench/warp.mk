# Warp-level operations (issue 23), not pass/fail: a __shfl_down_sync tree
# reduction and a warp-aggregated histogram as idxgen-cc translates them,
# against the same algorithms with shared memory + __syncthreads() and
# against plain C; a stream compaction with warp-aggregated atomics against
# one atomicAdd per element and plain C (tests/bench/cc/warp.cu, bench_warp.c).
#
#   make -f tests/bench/warp.mk [all]   build into $(BUILD)/bench
#   make -f tests/bench/warp.mk run     run

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD ?= $(ROOT)/build
O := $(BUILD)/bench
CC ?= cc
KCC ?= $(shell command -v clang || echo $(CC))
KCFLAGS ?= -O3 -march=native

.PHONY: all run cc

all: $(O)/bench_warp

cc:
	$(MAKE) -C $(ROOT)/lib all
	$(MAKE) -C $(ROOT)/lib/cc all

$(O)/cck/warp.c: $(ROOT)/tests/bench/cc/warp.cu cc
	mkdir -p $(O)/cck
	$(BUILD)/cc/idxgen-cc --translate -o $@ $<

$(O)/cck/warp.o: $(O)/cck/warp.c
	$(KCC) -std=gnu11 -Wall -Wextra -Werror $(KCFLAGS) -I$(ROOT)/include -c -o $@ $<

$(O)/bench_warp: $(ROOT)/tests/bench/bench_warp.c $(O)/cck/warp.o cc
	$(KCC) -std=gnu11 -Wall -Wextra -Werror $(KCFLAGS) -I$(ROOT)/include -o $@ $< $(O)/cck/warp.o \
		-L$(BUILD)/lib -Wl,-rpath,$(BUILD)/lib -lidxgen -lpthread -ldl -lm

run: all
	$(O)/bench_warp
