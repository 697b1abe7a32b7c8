# idxgen-cc benchmarks (not pass/fail), ratios side by side in one run:
#   bench_cc       translated kernels vs plain C loops (one worker thread)
#   bench_cc_pocl  translated kernels vs the same kernels in OpenCL C on
#                  POCL's CPU device (both on all cores); also checks that
#                  both produce the same output
#
#   make -f tests/bench/cc.mk [all]   build both into $(BUILD)/bench
#   make -f tests/bench/cc.mk run     run both

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD ?= $(ROOT)/build
O := $(BUILD)/bench
CC ?= cc
CFLAGS ?= -O2 -g

.PHONY: all run cc

# The kernels as idxgen-cc translated them (lib/cc keeps the .c), compiled
# here for this machine like POCL compiles OpenCL C for its CPU device --
# with clang (LLVM, like POCL) when there is one: GCC 12 turns the
# thread loops' index arithmetic into gathers where LLVM proves it affine.
KCC ?= $(shell command -v clang || echo $(CC))
KCFLAGS ?= -O3 -march=native
KNAMES := vecadd matmul stencil3d conv11 reduce transpose
KOBJS := $(addprefix $(O)/cck/,$(addsuffix .o,$(KNAMES)))

# the CUDA source of the runtime's hand-written test kernels (tests/rt/kernels.h)
$(O)/cck/rtk.c: $(ROOT)/tests/bench/cc/rtk.cu cc
	mkdir -p $(O)/cck
	$(BUILD)/cc/idxgen-cc --translate -o $@ $<

$(O)/cck/rtk.o: $(O)/cck/rtk.c
	$(KCC) -std=gnu11 -Wall -Wextra -Werror $(KCFLAGS) -I$(ROOT)/include -c -o $@ $<

all: $(O)/bench_cc $(O)/bench_cc_pocl

cc:
	$(MAKE) -C $(ROOT)/lib all
	$(MAKE) -C $(ROOT)/lib/cc all

$(O)/cck/%.o: cc
	mkdir -p $(O)/cck
	$(KCC) -std=gnu11 -Wall -Wextra -Werror $(KCFLAGS) -I$(ROOT)/include -I$(ROOT)/tests/cc/kernels \
		-c -o $@ $(BUILD)/cc/k/$*.c

# the C loops get the kernels' flags
$(O)/bench_cc: $(ROOT)/tests/bench/bench_cc.c $(KOBJS) $(O)/cck/rtk.o $(ROOT)/tests/rt/kernels.h cc
	mkdir -p $(O)
	$(KCC) -std=gnu11 -Wall -Wextra -Werror -Wno-unused-function -Wno-unused-const-variable $(KCFLAGS) \
		-I$(ROOT)/include -I$(ROOT)/tests/rt -o $@ $< $(KOBJS) $(O)/cck/rtk.o -L$(BUILD)/lib -Wl,-rpath,$(BUILD)/lib -lidxgen -lpthread -ldl -lm

$(O)/bench_cc_pocl: $(ROOT)/tests/bench/bench_cc_pocl.c $(KOBJS) $(ROOT)/include/idxgen_cc.h cc
	mkdir -p $(O)
	$(CC) -std=gnu11 -Wall -Wextra -Werror $(CFLAGS) -I$(ROOT)/include -o $@ $< \
		$(KOBJS) -L$(BUILD)/lib -Wl,-rpath,$(BUILD)/lib -lidxgen -lOpenCL -lpthread -ldl -lm

# The runtime's thread indices: the device if there is one, else emulation.
run: all
	$(O)/bench_cc
	$(O)/bench_cc_pocl
