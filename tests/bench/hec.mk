# Public programs (HeCBench's NAME-cuda) against the OpenMP versions their
# suite ships (NAME-omp), built by gcc and clang, timed interleaved on 2
# workers (issue 40; tests/bench/hec.sh).  The programs are not in the
# tree: HECBENCH names a checkout's src folder; without it, skipped.
#
#   make -f tests/bench/hec.mk run HECBENCH=/path/to/HeCBench/src

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD ?= $(ROOT)/build
HECBENCH ?=

.PHONY: all run

all:

run:
	bash $(ROOT)/tests/bench/hec.sh $(ROOT) $(BUILD) "$(HECBENCH)"
