# lib/cublas and lib/cufft vs OpenBLAS and FFTW called directly (not
# pass/fail): sgemm, dgemm, batched LU, 1-D and 2-D FFTs, the ratio ours / direct.
#
#   make -f tests/bench/cudalibs.mk [all]   build $(BUILD)/bench/bench_cudalibs
#   make -f tests/bench/cudalibs.mk run     run it

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD ?= $(ROOT)/build
O := $(BUILD)/bench
CC ?= cc
CFLAGS ?= -O2 -g

.PHONY: all run lib

all: $(O)/bench_cudalibs

lib:
	$(MAKE) -C $(ROOT)/lib all
	$(MAKE) -C $(ROOT)/lib/cudart all
	$(MAKE) -C $(ROOT)/lib/cublas all
	$(MAKE) -C $(ROOT)/lib/cufft all

$(O)/bench_cudalibs: $(ROOT)/tests/bench/bench_cudalibs.c lib
	mkdir -p $(O)
	$(CC) -std=gnu11 -Wall -Wextra -Werror $(CFLAGS) -I$(ROOT)/include/cuda -I$(ROOT)/include \
		$(shell pkg-config --cflags openblas) -o $@ $< $(BUILD)/cublas/libidxgen_cublas.a \
		$(BUILD)/cufft/libidxgen_cufft.a $(BUILD)/cudart/libidxgen_cudart.a -L$(BUILD)/lib \
		-Wl,-rpath,'$$ORIGIN/../lib' -lidxgen -lopenblas -lfftw3f -lfftw3 -lpthread -lm

run: all
	LD_LIBRARY_PATH=$(BUILD)/lib IDXGEN_BACKEND=emu $(O)/bench_cudalibs
