# Cooperative warps benchmark (not pass/fail): tests/bench/coop_pipeline.c,
# a device-producer / CPU-consumer pipeline, run sequentially (the program as
# written) and as idxgen-coop's two-warp translation, side by side.
#
#   make -f tests/bench/coop.mk [all]   build $(BUILD)/bench/coop-{seq,par}
#   make -f tests/bench/coop.mk run     run both on the host (emulation backend)
#
# In the VM (no compiler there) the same two binaries, staged by
# `make -C lib/coop guest` as /opt/idxgen/tests/coop-bench-{seq,par}, measure
# the real device: tests/bench/coop-run.sh SEQ PAR.

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD ?= $(ROOT)/build
O := $(BUILD)/bench
CC ?= cc
CFLAGS ?= -O2 -g
SRC := $(ROOT)/tests/bench/coop_pipeline.c
LINK = -std=c11 -Wall -Wextra -Werror $(CFLAGS) -I$(ROOT)/include $(BUILD)/coop/libidxgen-coop.a \
	-L$(BUILD)/lib -Wl,-rpath,'$$ORIGIN/../lib' -lidxgen -lpthread

.PHONY: all run deps

all: $(O)/coop-seq $(O)/coop-par

deps:
	$(MAKE) -s -C $(ROOT)/lib all
	$(MAKE) -s -C $(ROOT)/lib/coop all

$(O)/coop-par.c: $(SRC) deps
	mkdir -p $(O)
	$(BUILD)/coop/idxgen-coop -o $@ $(SRC)

$(O)/coop-seq: $(SRC) deps
	mkdir -p $(O)
	$(CC) -o $@ $(SRC) $(LINK)

$(O)/coop-par: $(O)/coop-par.c
	$(CC) -o $@ $< $(LINK)

run: all
	LD_LIBRARY_PATH=$(BUILD)/lib IDXGEN_BACKEND=emu sh $(ROOT)/tests/bench/coop-run.sh \
		$(O)/coop-seq $(O)/coop-par $(O)/coop-par.c
