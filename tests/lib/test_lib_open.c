// SPDX-License-Identifier: MIT
/*
 * test_lib_open.c - the libidxgen suite (test_lib.c): version, status names, listing and
 * opening devices (device 0 stays open for the other files), NULL
 * arguments, the device's information and stats.
 */
#include "test_lib.h"

static const char *backend_name;

void test_basics(void)
{
	struct idxgen_pci_info list[8];
	struct idxgen_device *d2;
	int n, ret;

	tap_ok(idxgen_version() && !strcmp(idxgen_version(), "2.0.0"), "version string %s",
	       idxgen_version());
	tap_ok(!strcmp(idxgen_strerror(-E2BIG), "configuration exceeds the device's limits") &&
	       idxgen_strerror(-123456) && idxgen_strerror(5) && idxgen_strerror(0),
	       "strerror names our codes and survives odd ones");
	tap_ok(!strcmp(idxgen_status_name(IDXGEN_CPL_OK), "OK") &&
	       !strcmp(idxgen_status_name(IDXGEN_CPL_BAD_DIMS), "BAD_DIMS") &&
	       !strcmp(idxgen_status_name(999), "UNKNOWN"), "status names");

	n = idxgen_list(NULL, 0);
	tap_ok(n >= 1, "list counts %d device(s)", n);
	tap_ok(idxgen_list(NULL, 3) == -EINVAL, "list with NULL array and max > 0: -EINVAL");
	n = idxgen_list(list, 8);
	tap_ok(n >= 1 && list[0].vendor_id == IDXGEN_PCI_VENDOR_ID &&
	       list[0].device_id == IDXGEN_PCI_DEVICE_ID, "listed device has the contract's IDs");
	if (n >= 1) {
		tap_diag("device 0: %s node '%s' numa %d link %s x%u rev %u", list[0].pci_addr,
			 list[0].dev_node, list[0].numa_node, list[0].link_speed,
			 list[0].link_width, list[0].revision);
		tap_ok(list[0].backend == IDXGEN_BACKEND_EMU ||
		       (strlen(list[0].pci_addr) == 12 && !strncmp(list[0].dev_node, "/dev/accel/accel", 16)),
		       "real devices have a PCI address and an accel node");
	}

	tap_ok(idxgen_open(0, 0, NULL) == -EINVAL, "open: NULL result pointer: -EINVAL");
	tap_ok(idxgen_open(0, 0x80, &d2) == -EINVAL && d2 == NULL, "open: unknown flag: -EINVAL");
	tap_ok(idxgen_open(0, IDXGEN_OPEN_EMU | IDXGEN_OPEN_DRM, &d2) == -EINVAL,
	       "open: EMU and DRM together: -EINVAL");
	tap_ok(idxgen_open(1000, 0, &d2) == -ENODEV, "open: index past the list: -ENODEV");
	tap_ok(idxgen_open_pci("not-an-address", 0, &d2) < 0 && d2 == NULL,
	       "open_pci: garbage address fails");
	tap_ok(idxgen_open_pci("0000:ff:1f.7", 0, &d2) == -ENODEV, "open_pci: absent address: -ENODEV");
	tap_ok(idxgen_open_pci(NULL, 0, &d2) == -EINVAL, "open_pci: NULL: -EINVAL");

	ret = idxgen_open(0, 0, &dev);
	if (!tap_ok(ret == 0, "open device 0 (%s)", idxgen_strerror(ret))) {
		tap_done();
		exit(1);
	}
	backend_name = idxgen_backend_of(dev) == IDXGEN_BACKEND_EMU ? "emu" : "drm";
	tap_diag("backend %s", backend_name);
	ret = idxgen_open_pci(list[0].pci_addr, 0, &d2);
	tap_ok(ret == 0, "open_pci by the listed address %s", list[0].pci_addr);
	if (!ret)
		idxgen_close(d2);
	errno = EBADMSG;
	idxgen_close(NULL);
	tap_ok(errno == EBADMSG && idxgen_backend_of(dev) >= 0,
	       "close(NULL) is a no-op: errno kept, the open handle still answers");
	tap_ok(idxgen_backend_of(NULL) == -EINVAL, "backend_of(NULL): -EINVAL");
	tap_ok(idxgen_region_size(NULL) == 0 && !idxgen_region_is_shared(NULL) &&
	       idxgen_config_threads(NULL) == 0 && idxgen_config_warps(NULL) == 0 &&
	       idxgen_config_bytes(NULL) == 0 && !idxgen_warp_next(NULL),
	       "accessors of NULL objects return 0/false");
	tap_ok(idxgen_config_target(NULL, NULL, 0) == -EINVAL &&
	       idxgen_config_unpack(NULL, NULL, 0, 0, NULL, NULL, NULL) == -EINVAL,
	       "config helpers on NULL: -EINVAL");
}

void test_info(void)
{
	struct idxgen_stats st;
	int ret;

	tap_ok(idxgen_get_info(NULL, &info) == -EINVAL && idxgen_get_info(dev, NULL) == -EINVAL,
	       "get_info: NULL arguments: -EINVAL");
	ret = idxgen_get_info(dev, &info);
	tap_ok(ret == 0, "get_info");
	tap_diag("driver %s %d.%d.%d hw %#x fw %#x lanes %u max_threads %u dims %ux%ux%u hist %u "
		 "queues %u imem %" PRIu64 " shared %" PRIu64 " free %" PRIu64,
		 info.driver, info.driver_major, info.driver_minor, info.driver_patch,
		 info.hw_version, info.fw_version, info.lanes, info.max_threads, info.max_dim[0],
		 info.max_dim[1], info.max_dim[2], info.hist_entries, info.num_queues,
		 info.imem_size, info.shared_size, info.dedicated_free);
	tap_ok(!strncmp(info.driver, "idxgen", 6) && info.driver_major == 1,
	       "driver is idxgen, major version 1");
	tap_ok(info.hw_version == IDXGEN_HW_VERSION, "interface version IDXGEN_HW_VERSION (1.1)");
	tap_ok(info.pci_id == ((uint32_t)IDXGEN_PCI_VENDOR_ID << 16 | IDXGEN_PCI_DEVICE_ID),
	       "pci id");
	tap_ok(info.lanes >= 1 && info.lanes <= IDXGEN_MAX_WARP, "lanes %u in 1..64", info.lanes);
	tap_ok(info.max_threads >= 1024 && info.max_dim[0] >= 1024 && info.max_dim[1] >= 1024 &&
	       info.max_dim[2] >= 64, "limits cover every CUDA block shape");
	tap_ok((info.features & (IDXGEN_FEAT_WORD16 | IDXGEN_FEAT_WORD32)) ==
	       (IDXGEN_FEAT_WORD16 | IDXGEN_FEAT_WORD32), "both word sizes supported");
	tap_ok(info.imem_size >= IDXGEN_IMEM_SIZE_MIN && info.shared_size > 0 &&
	       info.shared_size + info.dedicated_free <= info.imem_size,
	       "index memory: shared + free dedicated <= total");
	tap_ok(info.fw_version != 0, "firmware loaded (version %u.%u.%u)", info.fw_version >> 16,
	       (info.fw_version >> 8) & 0xff, info.fw_version & 0xff);
	tap_ok(idxgen_get_stats(dev, NULL) == -EINVAL, "get_stats: NULL: -EINVAL");
	ret = idxgen_get_stats(dev, &st);
	tap_ok(ret == 0, "get_stats (%s)", idxgen_strerror(ret));
}
