# Threads as fibers (lib/rt/fiber.c, issue 38; not pass/fail): the cost of
# one __syncthreads() per thread on fibers, and a kernel run both ways
# (loop fission's thread loops vs fibers).
#
#   make -f tests/bench/fiber.mk [all]   build $(BUILD)/bench/bench_fiber
#   make -f tests/bench/fiber.mk run     run it on the host (emulation backend)

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD ?= $(ROOT)/build
O := $(BUILD)/bench
CC ?= cc
CFLAGS ?= -O2 -g

.PHONY: all run lib

all: $(O)/bench_fiber

lib:
	$(MAKE) -C $(ROOT)/lib all

$(O)/bench_fiber: $(ROOT)/tests/bench/bench_fiber.c $(ROOT)/include/idxgen_rt_fiber.h lib
	mkdir -p $(O)
	$(CC) -std=c11 -Wall -Wextra -Werror $(CFLAGS) -I$(ROOT)/include \
		-o $@ $< -L$(BUILD)/lib -Wl,-rpath,'$$ORIGIN/../lib' -lidxgen -lpthread

run: all
	LD_LIBRARY_PATH=$(BUILD)/lib IDXGEN_BACKEND=emu IDXGEN_NUM_THREADS=1 $(O)/bench_fiber
