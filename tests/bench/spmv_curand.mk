# lib/cusparse's SpMV and lib/curand's host generation against their direct
# CPU counterparts (not pass/fail): the plain CSR loop, and the published
# generators (xorwow, Philox4x32-10, Box-Muller) as one stream; the ratio ours / direct.
#
#   make -f tests/bench/spmv_curand.mk [all]   build $(BUILD)/bench/bench_spmv_curand
#   make -f tests/bench/spmv_curand.mk run     run it

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD ?= $(ROOT)/build
O := $(BUILD)/bench
CC ?= cc
CFLAGS ?= -O2 -g

.PHONY: all run lib

all: $(O)/bench_spmv_curand

lib:
	$(MAKE) -C $(ROOT)/lib all
	$(MAKE) -C $(ROOT)/lib/cudart all
	$(MAKE) -C $(ROOT)/lib/cusparse all
	$(MAKE) -C $(ROOT)/lib/curand all

$(O)/bench_spmv_curand: $(ROOT)/tests/bench/bench_spmv_curand.c lib
	mkdir -p $(O)
	$(CC) -std=gnu11 -Wall -Wextra -Werror $(CFLAGS) -I$(ROOT)/include/cuda -I$(ROOT)/include \
		-o $@ $< $(BUILD)/cusparse/libidxgen_cusparse.a $(BUILD)/curand/libidxgen_curand.a \
		$(BUILD)/cudart/libidxgen_cudart.a -L$(BUILD)/lib -Wl,-rpath,'$$ORIGIN/../lib' -lidxgen -lpthread -lm

run: all
	LD_LIBRARY_PATH=$(BUILD)/lib IDXGEN_BACKEND=emu $(O)/bench_spmv_curand
