# The device benchmarks in the VM (not pass/fail): bench_lib's submission
# figures (the library through a user queue and through the ioctl path,
# raw user-queue stores, the null ioctl), hit/miss latency, and one launch
# on one device vs both of the VM's (IDXGEN_DEVICES).
#
#   make -f tests/bench/vm.mk run     stage the driver and library into
#                                      $(GUEST), boot the VM, run bench_lib
#
# The figures go to stdout and build/vm/results-check.txt.

ROOT := $(abspath $(dir $(lastword $(MAKEFILE_LIST)))/../..)
BUILD ?= $(ROOT)/build
GUEST ?= $(BUILD)/guest
SUITES := $(BUILD)/bench/vm-bench.suites

.PHONY: all run

all:

run:
	$(MAKE) -C $(ROOT)/driver guest BUILD=$(BUILD) GUEST=$(GUEST)
	$(MAKE) -C $(ROOT)/lib guest BUILD=$(BUILD) GUEST=$(GUEST)
	mkdir -p $(BUILD)/bench
	echo 'bench-lib bench_lib latency submit uq devices' > $(SUITES)
	GUEST=$(GUEST) IDXGEN_VM_SUITES=$(SUITES) bash $(ROOT)/tests/vm/run-vm.sh --plan check
