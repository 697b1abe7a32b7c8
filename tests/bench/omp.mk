# Translated kernels vs POCL vs a hand-written OpenMP port vs serial C loops,
# every kernel of tests/cc/kernels/ the bench uses, on 1 and on 2 workers,
# the OpenMP port built by gcc and by clang (not pass/fail; bench_omp.c).
#
#   make -f tests/bench/omp.mk [all]   build $(BUILD)/bench/bench_omp_{gcc,clang}
#   make -f tests/bench/omp.mk run     run both on 1 and 2 workers (emulation backend
#                                      unless a device is there)

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD ?= $(ROOT)/build
O := $(BUILD)/bench
OFLAGS ?= -O3 -march=native
GCC ?= gcc
# clang-16 first: its omp.h comes with libomp-16-dev (tests/setup/deps.sh);
# /usr/bin/clang may be an older clang without one (Debian 12: clang 14)
CLANG ?= $(shell command -v clang-16 || command -v clang || echo clang)

.PHONY: all run kernels

all: $(O)/bench_omp_gcc $(O)/bench_omp_clang

# the translated kernels as cc.mk builds them (clang -O3 -march=native)
KNAMES := vecadd matmul stencil3d conv11 reduce transpose
KOBJS := $(addprefix $(O)/cck/,$(addsuffix .o,$(KNAMES)))
kernels:
	$(MAKE) -f $(ROOT)/tests/bench/cc.mk $(KOBJS)

SRC := $(ROOT)/tests/bench/bench_omp.c $(ROOT)/tests/bench/omp_ports.h $(ROOT)/tests/bench/pocl_src.h
LIBS := -L$(BUILD)/lib -Wl,-rpath,$(BUILD)/lib -lidxgen -lOpenCL -lpthread -lm

$(O)/bench_omp_gcc: $(SRC) kernels
	$(GCC) -std=gnu11 -Wall -Wextra -Werror -fopenmp $(OFLAGS) -I$(ROOT)/include -o $@ $< $(KOBJS) $(LIBS)

$(O)/bench_omp_clang: $(SRC) kernels
	$(CLANG) -std=gnu11 -Wall -Wextra -Werror -fopenmp $(OFLAGS) -I$(ROOT)/include -o $@ $< $(KOBJS) $(LIBS)

# OMP_WAIT_POLICY=passive: idle OpenMP threads sleep instead of spinning into
# the next way's CPU time (bench_omp.c)
run: all
	uptime
	for w in 1 2; do OMP_WAIT_POLICY=passive $(O)/bench_omp_gcc $$w && \
		OMP_WAIT_POLICY=passive $(O)/bench_omp_clang $$w || exit 1; done
