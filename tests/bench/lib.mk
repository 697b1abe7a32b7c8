# libidxgen benchmarks (not pass/fail).
#
#   make -f tests/bench/lib.mk [all]   build $(BUILD)/bench/bench_lib
#   make -f tests/bench/lib.mk run     run it on the host (emulation backend)
#
# In the VM the same binary (/opt/idxgen/tests/bench_lib, staged by
# `make -C lib guest`) measures the real driver: submission rate against a
# null ioctl and hit/miss latency.

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD ?= $(ROOT)/build
O := $(BUILD)/bench
CC ?= cc
CFLAGS ?= -O2 -g

.PHONY: all run lib

all: $(O)/bench_lib

lib:
	$(MAKE) -C $(ROOT)/lib all

$(O)/bench_lib: $(ROOT)/tests/bench/bench_lib.c $(ROOT)/include/idxgen.h $(ROOT)/tests/common/gen_ref.h lib
	mkdir -p $(O)
	$(CC) -std=c11 -Wall -Wextra -Werror $(CFLAGS) -I$(ROOT)/include -I$(ROOT)/tests/common \
		$(shell pkg-config --cflags libdrm) -o $@ $< -L$(BUILD)/lib \
		-Wl,-rpath,'$$ORIGIN/../lib' -lidxgen $(shell pkg-config --libs libdrm)

run: all
	LD_LIBRARY_PATH=$(BUILD)/lib IDXGEN_BACKEND=emu $(O)/bench_lib
