# Loop fission against fibers on kernels both execution models run (issue
# 38, item 4; not pass/fail except on a wrong result):
# tests/bench/fiber/models.cu built three ways by idxgen-cc (loop fission,
# a fiber per thread, lane loops: one fiber per warp), timed on one worker
# (tests/bench/fiber_models.sh).
#
#   make -f tests/bench/fiber_models.mk run

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD ?= $(ROOT)/build

.PHONY: all run

all:

run:
	bash $(ROOT)/tests/bench/fiber_models.sh $(ROOT) $(BUILD)
