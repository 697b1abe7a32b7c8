# Whole programs of ours against their OpenMP twins (issue 40, item 4; not
# pass/fail except on a wrong result): tests/bench/progs/NAME.cu built by
# idxgen-cc, NAME_omp.c by gcc and clang -fopenmp, timed interleaved on 1
# and 2 workers (tests/bench/progs.sh).
#
#   make -f tests/bench/progs.mk run

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD ?= $(ROOT)/build

.PHONY: all run

all:

run:
	bash $(ROOT)/tests/bench/progs.sh $(ROOT) $(BUILD)
