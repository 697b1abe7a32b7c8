# idxgen - top-level build.
#
#   make deps    prepare a Debian 12 machine (root; idempotent)
#   make         build firmware, library, tool and kernel module
#   make check   build everything and run every test (host, qtest, VM);
#                ends with "N passed, N failed"
#   make run     the main job: boot the VM with the device and show the stack
#   make qemu    build QEMU 10.0 with the idxgen device (cached)
#   make fuzz    generic-fuzz the device, ASan+UBSan (FUZZ_TIME=s; not in check)
#   make fuzz-cc differential fuzzing of idxgen-cc vs the reference executor (FUZZ_CC_TIME=s)
#   make fuzz-cc-fibers  the same with whole programs only fibers run (FUZZ_FIBERS_TIME=s)
#   make fuzz-cc-scale  the same until FUZZ_CC_KERNELS (10^5) kernels, resumable
#   make soak    debug kernel + sanitizer QEMU: long fuzz and soak (SOAK_TIME=s;
#                SOAK_IOCTLS=N: the fuzzer until N ioctls reached a live device)
#   make bench   benchmarks (not pass/fail): their tables and one summary,
#                builds logged in build/bench/logs (BENCH="warp omp": only those)
#   make install install library, tools, headers, idxgen-cc and its CUDA
#                runtime and libraries (PREFIX, DESTDIR; README "Install"); with
#                DESTDIR also idxgen.ko, firmware, udev rule under it; writes
#                nothing outside DESTDIR/PREFIX, runs no depmod or ldconfig
#   make install-system  (root) idxgen.ko, firmware and udev rule into the
#                running system, depmod, ldconfig
#   make debs    the Debian packages (debhelper), in $(BUILD)/debs

BUILD ?= $(CURDIR)/build
GUEST ?= $(BUILD)/guest
IDXGEN_CACHE ?= /var/cache/idxgen
export BUILD GUEST IDXGEN_CACHE

COMPONENTS := $(patsubst %/Makefile,%,$(wildcard fw/Makefile lib/Makefile lib/cudart/Makefile lib/cublas/Makefile lib/cufft/Makefile lib/cusolver/Makefile lib/cusparse/Makefile \
	lib/coop/Makefile lib/curand/Makefile lib/cc/Makefile driver/Makefile))

.PHONY: all deps qemu fuzz fuzz-cc fuzz-cc-scale fuzz-cc-fibers soak check run bench install install-system debs clean guest help $(COMPONENTS)

all: $(COMPONENTS)

$(COMPONENTS):
	$(MAKE) -C $@ all

# lib/cc's all builds its tests, which link libidxgen and the runtime: after
# them, so that make -j never runs two makes in lib/ at once.
lib/cc: lib lib/cudart

help:
	@sed -n '3,22p' Makefile | sed 's/^# //'

deps:
	@if [ "$$(id -u)" -ne 0 ]; then echo "make deps: needs root (apt-get)"; exit 1; fi
	@bash tests/setup/deps.sh

qemu:
	bash qemu-device/build-qemu.sh

# Hostile-guest fuzzing (tests/device/fuzz/run-fuzz.sh): its own ASan+UBSan build
# dir, first build ~10+ min.  Deliberately not part of `make check`.
FUZZ_TIME ?= 600
fuzz:
	FUZZ_TIME=$(FUZZ_TIME) bash tests/device/fuzz/run-fuzz.sh

# Random kernels through idxgen-cc and the runtime vs the reference executor
# (tests/cc/fuzz: counters, minimised failures in build/cc/fuzz/failures/).
fuzz-cc:
	$(MAKE) -C tests/cc/fuzz fuzz

# Until FUZZ_CC_KERNELS kernels over all runs; each run stops after
# FUZZ_CC_TIME s (0: no limit) and the next resumes (tests/cc/fuzz/Makefile).
fuzz-cc-scale:
	$(MAKE) -C tests/cc/fuzz fuzz-scale

# Whole programs of the shapes only fibers run vs the reference executor
# (tests/cc/fuzz/fiber_fuzz.py), FUZZ_FIBERS_TIME s; failures in build/cc/fuzz/failures/.
fuzz-cc-fibers:
	$(MAKE) -C tests/cc/fuzz fuzz-fibers

# (lib/cc's guest programs are make check's: tests/run-tests.sh)
guest: $(COMPONENTS)
	mkdir -p $(GUEST)
	for c in $(filter-out lib/cc,$(COMPONENTS)); do $(MAKE) -C $$c guest || exit 1; done
	$(MAKE) -C tests/driver/stress guest
	$(MAKE) -C tests/vm/demo guest
	$(MAKE) -C tests/device guest

check:
	bash tests/run-tests.sh

# Long kernel-bug hunt (tests/vm/soak.sh): the debug kernel, QEMU under
# ASan+UBSan (the fuzz build), the ioctl fuzzer and >= 10^4 verified jobs
# under injected faults.  Not part of `make check`.
SOAK_TIME ?= 900
soak: guest
	SOAK_TIME=$(SOAK_TIME) bash tests/vm/soak.sh

# The main job.  Build output goes to build/run-build.log; the VM's console
# to build/vm/console-demo.log, its output and pictures to build/run/
# (tests/vm/demo-run.sh).
run: deps
	@mkdir -p $(BUILD)
	@echo "== building QEMU 10.0 with the idxgen device (first time: several minutes)"
	@bash qemu-device/build-qemu.sh >$(BUILD)/run-build.log 2>&1 || { tail -30 $(BUILD)/run-build.log; exit 1; }
	@echo "== building firmware, libidxgen, the idxgen tool and idxgen.ko"
	@$(MAKE) -s guest >>$(BUILD)/run-build.log 2>&1 || { tail -30 $(BUILD)/run-build.log; exit 1; }
	@echo "== booting the VM: Debian $$(cat $(IDXGEN_CACHE)/kver), two idxgen devices"
	@bash tests/vm/demo-run.sh

# Quiet: builds go to logs, the runs print their tables, one summary ends it
# (tests/bench/bench-all.sh; BENCH="warp omp" runs only those).
bench:
	@mkdir -p $(BUILD)/bench/logs
	@$(MAKE) -s all >$(BUILD)/bench/logs/all.build.log 2>&1 || \
		{ tail -30 $(BUILD)/bench/logs/all.build.log; exit 1; }
	@bash tests/bench/bench-all.sh $(CURDIR) $(BUILD) $(BENCH)

install: $(COMPONENTS)
	for c in $(COMPONENTS); do $(MAKE) -C $$c install || exit 1; done

# The running system's part, asked for by name (tests/pkg/check-install.sh
# checks that `make install` writes nothing outside DESTDIR and PREFIX): the
# module, firmware and udev rule (driver/Makefile), and the loader's cache,
# which finds a new library in /usr/local/lib only after ldconfig.
install-system: driver
	$(MAKE) -C driver install-system
	ldconfig

# The packages (README, "Install from packages"; debian/README.source),
# built from a copy of the tree as a clean clone has it (tracked and new
# files), so the checkout gets no debian/ build output and dpkg-buildpackage
# does not write into the checkout's parent.  tests/pkg/ builds them so too.
DEBS ?= $(BUILD)/debs
debs:
	rm -rf $(DEBS) && mkdir -p $(DEBS)/src
	git ls-files -co --exclude-standard -z | tar --null -cf - -T - | tar -xf - -C $(DEBS)/src
	cd $(DEBS)/src && dpkg-buildpackage -b -us -uc
	rm -rf $(DEBS)/src
	@ls $(DEBS)/*.deb

clean:
	for c in $(COMPONENTS); do $(MAKE) -C $$c clean; done
	rm -rf $(BUILD)
