# CUDA runtime API overhead (lib/cudart; not pass/fail): an empty launch
# through cudaLaunchKernel and <<<>>> vs a plain call and idxgen_rt_launch,
# cudaMemcpy of 1 MiB vs memcpy.
#
#   make -f tests/bench/cudart.mk [all]   build $(BUILD)/bench/bench_cudart
#   make -f tests/bench/cudart.mk run     run it on the host (emulation backend)

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD ?= $(ROOT)/build
O := $(BUILD)/bench
CC ?= cc
CFLAGS ?= -O2 -g

.PHONY: all run lib

all: $(O)/bench_cudart

lib:
	$(MAKE) -C $(ROOT)/lib all
	$(MAKE) -C $(ROOT)/lib/cudart $(BUILD)/cudart/libidxgen_cudart.a

$(O)/bench_cudart: $(ROOT)/tests/bench/bench_cudart.c lib
	mkdir -p $(O)
	$(CC) -std=c11 -Wall -Wextra -Werror $(CFLAGS) -I$(ROOT)/include/cuda -I$(ROOT)/include \
		-o $@ $< $(BUILD)/cudart/libidxgen_cudart.a -L$(BUILD)/lib \
		-Wl,-rpath,'$$ORIGIN/../lib' -lidxgen -lpthread -lm

run: all
	LD_LIBRARY_PATH=$(BUILD)/lib IDXGEN_BACKEND=emu $(O)/bench_cudart
