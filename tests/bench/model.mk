# tests/bench/model.mk - the generator model's benchmark (not pass/fail).
#
# From the repo root:
#   make -f tests/bench/model.mk        build $(BUILD)/bench/bench_model
#   make -f tests/bench/model.mk run    build and run it (about 25 s; prints a table)
#   build/bench/bench_model --show-gen-source   the generator's code, no '/' or '%'
#
# Built with the flags QEMU builds the device with (-O2, no -march), so the
# figures are what the device model gets.  See bench_model.c for what is
# measured and how.

ROOT	:= $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD	?= $(ROOT)/build
OUT	:= $(BUILD)/bench

CC	?= cc
CFLAGS	?= -O2 -g
WFLAGS	:= -std=c11 -Wall -Wextra -Werror
CPPFLAGS := -I$(ROOT)/include -I$(ROOT)/qemu-device/model -I$(ROOT)/tests/common \
	    -DIDXGEN_MODEL_C='"$(ROOT)/qemu-device/model/idxgen_model.c"'

MODEL_SRC := $(wildcard $(ROOT)/qemu-device/model/*.c)
MODEL_HDR := $(wildcard $(ROOT)/qemu-device/model/*.h) $(ROOT)/include/idxgen_hw.h \
	     $(ROOT)/tests/common/gen_ref.h

.PHONY: all run clean

all: $(OUT)/bench_model

$(OUT)/bench_model: $(ROOT)/tests/bench/bench_model.c $(MODEL_SRC) $(MODEL_HDR)
	@mkdir -p $(OUT)
	$(CC) $(WFLAGS) $(CFLAGS) $(CPPFLAGS) -o $@ $(ROOT)/tests/bench/bench_model.c $(MODEL_SRC)

run: $(OUT)/bench_model
	$(OUT)/bench_model

clean:
	rm -f $(OUT)/bench_model
