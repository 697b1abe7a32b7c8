# Thrust's TBB device system (idxgen-cc's default) against its serial C++
# system, side by side in one run (not pass/fail): tests/bench/bench_thrust.cu
# built with idxgen-cc as users build Thrust programs.
#
#   make -f tests/bench/thrust.mk [all]   build $(BUILD)/bench/bench_thrust
#   make -f tests/bench/thrust.mk run     run it

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD ?= $(ROOT)/build
O := $(BUILD)/bench

.PHONY: all run cc

all: $(O)/bench_thrust

cc:
	$(MAKE) -C $(ROOT)/lib all
	$(MAKE) -C $(ROOT)/lib/cudart all
	$(MAKE) -C $(ROOT)/lib/cc all

$(O)/bench_thrust: $(ROOT)/tests/bench/bench_thrust.cu cc
	mkdir -p $(O)
	$(BUILD)/cc/idxgen-cc -O2 -o $@ $<

run: all
	IDXGEN_BACKEND=emu $(O)/bench_thrust
