# SPMD CPU runtime benchmark (not pass/fail): launch overhead vs a plain
# call, kernels vs hand-written loop nests (same flags) and their scaling
# on 2 threads, thread-loop cost with device indices vs computed ones.
#
#   make -f tests/bench/rt.mk [all]   build $(BUILD)/bench/bench_rt
#   make -f tests/bench/rt.mk run     run it on the host (emulation backend)

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD ?= $(ROOT)/build
O := $(BUILD)/bench
CC ?= cc
CFLAGS ?= -O2 -g

.PHONY: all run lib

all: $(O)/bench_rt

lib:
	$(MAKE) -C $(ROOT)/lib all

$(O)/bench_rt: $(ROOT)/tests/bench/bench_rt.c $(ROOT)/tests/rt/kernels.h $(ROOT)/include/idxgen_rt.h lib
	mkdir -p $(O)
	$(CC) -std=c11 -Wall -Wextra -Werror $(CFLAGS) -I$(ROOT)/include -I$(ROOT)/tests/rt \
		-o $@ $< -L$(BUILD)/lib -Wl,-rpath,'$$ORIGIN/../lib' -lidxgen -lpthread

run: all
	LD_LIBRARY_PATH=$(BUILD)/lib IDXGEN_BACKEND=emu $(O)/bench_rt
