# idxgen - top-level build.
#
#   make deps    prepare a Debian 12 machine (root; idempotent)
#   make         build firmware, library, tool and kernel module
#   make check   build everything and run every test (host, qtest, VM);
#                ends with "N passed, N failed"
#   make run     the main job: boot the VM with the device and show the stack
#   make qemu    build QEMU 10.0 with the idxgen device (cached)
#   make bench   benchmarks (not pass/fail)
#   make install install library, tool, headers, firmware (PREFIX, DESTDIR)

BUILD ?= $(CURDIR)/build
GUEST ?= $(BUILD)/guest
IDXGEN_CACHE ?= /var/cache/idxgen
export BUILD GUEST IDXGEN_CACHE

COMPONENTS := $(patsubst %/Makefile,%,$(wildcard fw/Makefile lib/Makefile driver/Makefile))

.PHONY: all deps qemu check run bench install clean guest help $(COMPONENTS)

all: $(COMPONENTS)

$(COMPONENTS):
	$(MAKE) -C $@ all

help:
	@sed -n '3,11p' Makefile | sed 's/^# //'

deps:
	@if [ "$$(id -u)" -ne 0 ]; then echo "make deps: needs root (apt-get)"; exit 1; fi
	bash tests/setup/deps.sh

qemu:
	bash qemu-device/build-qemu.sh

guest: $(COMPONENTS)
	mkdir -p $(GUEST)
	for c in $(COMPONENTS); do $(MAKE) -C $$c guest || exit 1; done

check:
	bash tests/run-tests.sh

run: deps qemu guest
	bash tests/vm/run-vm.sh --plan demo

bench: all
	@for f in $(wildcard tests/bench/*.mk); do $(MAKE) -f $$f run || exit 1; done

install: $(COMPONENTS)
	for c in $(COMPONENTS); do $(MAKE) -C $$c install || exit 1; done

clean:
	for c in $(COMPONENTS); do $(MAKE) -C $$c clean; done
	rm -rf $(BUILD)
