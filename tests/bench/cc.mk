# idxgen-cc benchmark (not pass/fail): translated kernels vs plain C loops.
#
#   make -f tests/bench/cc.mk [all]   build $(BUILD)/bench/bench_cc
#   make -f tests/bench/cc.mk run     run it (IDXGEN_NUM_THREADS=1 unless set)

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD ?= $(ROOT)/build
O := $(BUILD)/bench
CC ?= cc
CFLAGS ?= -O2 -g

.PHONY: all run cc

all: $(O)/bench_cc

cc:
	$(MAKE) -C $(ROOT)/lib/cc all

$(O)/bench_cc: $(ROOT)/tests/bench/bench_cc.c $(ROOT)/include/idxgen_cc.h cc
	mkdir -p $(O)
	$(CC) -std=gnu11 -Wall -Wextra -Werror $(CFLAGS) -I$(ROOT)/include -o $@ $< \
		$(addprefix $(BUILD)/cc/k/,vecadd.o matmul.o stencil3d.o conv11.o reduce.o transpose.o) \
		$(BUILD)/cc/libidxgen-cc.a -lpthread -ldl -lm

run: all
	$(O)/bench_cc
