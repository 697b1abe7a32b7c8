// SPDX-License-Identifier: MIT
/*
 * test_lib.c - the libidxgen suite.
 *
 * One binary, two runs: on the host against the emulation backend
 * (IDXGEN_BACKEND=emu, `make -C lib check`) and in the VM against the real
 * driver (the default backend).  The assertions are the same; where the
 * backends may legitimately differ (HIGH priority needs CAP_SYS_NICE on a
 * real device) the test accepts exactly the documented alternatives.
 *
 * Outputs are checked against tests/common/gen_ref.h (div/mod), never
 * against the model the emulation uses.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "idxgen.h"
#include "idxgen_hw.h"
#include "idxgen_lock.h"
#include "gen_ref.h"
#include "order_ref.h"
#include "tap.h"

#define OK(call) ((call) == 0)
#define SEC ((int64_t)1000000000)

static struct idxgen_device *dev;
static struct idxgen_info info;
static const char *backend_name;

/* Every thread of cfg's output against the reference. */
static int output_ok(const struct idxgen_config *cfg)
{
	const void *map;

	if (idxgen_region_map(cfg->region, &map))
		return 0;
	return idxgen_ref_check((const uint8_t *)map + cfg->offset, cfg->dx, cfg->dy, cfg->dz,
				cfg->mx, cfg->my, cfg->word_size) < 0;
}

/* ------------------------------------------------------------------ */

static void test_basics(void)
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
	idxgen_close(NULL);
	tap_ok(1, "close(NULL) is a no-op");
	tap_ok(idxgen_backend_of(NULL) == -EINVAL, "backend_of(NULL): -EINVAL");
	tap_ok(idxgen_region_size(NULL) == 0 && !idxgen_region_is_shared(NULL) &&
	       idxgen_config_threads(NULL) == 0 && idxgen_config_warps(NULL) == 0 &&
	       idxgen_config_bytes(NULL) == 0 && !idxgen_warp_next(NULL),
	       "accessors of NULL objects return 0/false");
	tap_ok(idxgen_config_target(NULL, NULL, 0) == -EINVAL &&
	       idxgen_config_unpack(NULL, NULL, 0, 0, NULL, NULL, NULL) == -EINVAL,
	       "config helpers on NULL: -EINVAL");
}

static void test_info(void)
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
	tap_ok(info.hw_version == IDXGEN_HW_VERSION, "interface version 1.0");
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

static void test_builder(void)
{
	struct idxgen_config c;
	uint32_t lanes = info.lanes;

	tap_ok(OK(idxgen_config_init(&c, dev, 32, 64, 1, 32)) && c.c == 32 && c.xc == 0 &&
	       c.yc == 1 && c.zc == 0 && c.mx == 5 && c.my == 6 && c.mz == 0 && c.word_size == 2 &&
	       c.region == NULL, "32x64x1 warp 32: step (0,1,0), widths 5/6/0, 16-bit");
	tap_ok(OK(idxgen_config_init(&c, dev, 100, 2, 2, 32)) && c.xc == 32 && c.yc == 0 &&
	       c.zc == 0 && c.mx == 7 && c.my == 1 && c.mz == 1 && c.word_size == 2,
	       "100x2x2: non-power-of-two x, widths 7/1/1");
	tap_ok(OK(idxgen_config_init(&c, dev, 1, 1, 1, 32)) && c.mx == 0 && c.my == 0 &&
	       c.mz == 0 && c.xc == 0 && c.yc == 0 && c.zc == 32 && c.word_size == 2,
	       "1x1x1: zero-width axes, step index (0,0,32)");
	tap_ok(OK(idxgen_config_init(&c, dev, 1, 64, 1, 32)) && c.mx == 0 && c.yc == 32 &&
	       c.my == 6, "1x64x1: x of width 0");
	tap_ok(OK(idxgen_config_init(&c, dev, 3, 5, 7, 4)) && c.c == 4 && c.xc == 1 && c.yc == 1 &&
	       c.zc == 0 && c.mx == 2 && c.my == 3 && c.mz == 3, "3x5x7 warp 4");
	tap_ok(OK(idxgen_config_init(&c, dev, 33, 33, 33, 32)) && c.mx + c.my + c.mz == 18 &&
	       c.word_size == 4, "33x33x33: 18 bits -> 32-bit words (never lose bits)");
	tap_ok(OK(idxgen_config_init(&c, dev, 257, 257, 1, 32)) && c.mx == 9 && c.my == 9 &&
	       c.word_size == 4, "257x257x1: 18 bits -> 32-bit words");
	tap_ok(OK(idxgen_config_init(&c, dev, 256, 256, 1, 32)) && c.word_size == 2,
	       "256x256x1: exactly 16 bits stays 16-bit");
	tap_ok(OK(idxgen_config_init(&c, dev, 31, 7, 3, 0)) && c.c == lanes,
	       "warp 0 means the device's lanes (%u)", lanes);
	tap_ok(OK(idxgen_config_init(&c, NULL, 1024, 1, 1, 0)) && c.c == IDXGEN_HW_DEFAULT_LANES,
	       "dev NULL: hardware defaults");
	tap_ok(idxgen_config_threads(&c) == 1024 && idxgen_config_warps(&c) == 32 &&
	       idxgen_config_bytes(&c) == 2048, "threads/warps/bytes of 1024x1x1");
	tap_ok(OK(idxgen_config_init(&c, dev, 100, 3, 1, 32)) && idxgen_config_warps(&c) == 10,
	       "300 threads / 32 = 10 warps (last partial)");

	tap_ok(idxgen_config_init(&c, dev, 0, 1, 1, 32) == -EINVAL &&
	       idxgen_config_init(&c, dev, 1, 0, 1, 32) == -EINVAL &&
	       idxgen_config_init(&c, dev, 1, 1, 0, 32) == -EINVAL, "a zero dimension: -EINVAL");
	tap_ok(idxgen_config_init(NULL, dev, 1, 1, 1, 32) == -EINVAL, "NULL config: -EINVAL");
	tap_ok(idxgen_config_init(&c, dev, info.max_dim[0] + 1, 1, 1, 32) == -E2BIG,
	       "dx above the device limit: -E2BIG");
	tap_ok(idxgen_config_init(&c, dev, 1, 1, info.max_dim[2] + 1, 32) == -E2BIG,
	       "dz above the device limit: -E2BIG");
	tap_ok(idxgen_config_init(&c, dev, 1024, 1024, 2, 32) == -E2BIG,
	       "2M threads above max_threads: -E2BIG");
	tap_ok(idxgen_config_init(&c, dev, 32, 1, 1, lanes + 1) == -E2BIG,
	       "warp above the lanes: -E2BIG");
	if (info.max_threads >= 65535u * 16)
		tap_ok(OK(idxgen_config_init(&c, dev, 65535, 16, 1, 32)) && c.mx == 16 &&
		       c.my == 4 && c.word_size == 4, "65535x16x1: 16-bit x, 20 bits, 32-bit word");
	else
		tap_ok(1, "# skip 65535x16x1 above this device's max_threads");

	/* validation of hand-edited configurations */
	idxgen_config_init(&c, dev, 32, 64, 1, 32);
	tap_ok(OK(idxgen_config_validate(&c, dev)) && OK(idxgen_config_validate(&c, NULL)),
	       "a built config validates");
	c.xc = 1;
	tap_ok(idxgen_config_validate(&c, dev) == -EINVAL, "wrong step index: -EINVAL");
	idxgen_config_init(&c, dev, 32, 64, 1, 32);
	c.mx = 4;
	tap_ok(idxgen_config_validate(&c, dev) == -EINVAL, "width too small: -EINVAL");
	idxgen_config_init(&c, dev, 32, 64, 1, 32);
	c.word_size = 3;
	tap_ok(idxgen_config_validate(&c, dev) == -EINVAL, "word size 3: -EINVAL");
	idxgen_config_init(&c, dev, 33, 33, 33, 32);
	c.word_size = 2;
	tap_ok(idxgen_config_validate(&c, dev) == -EINVAL, "18 bits in a 16-bit word: -EINVAL");
	idxgen_config_init(&c, dev, 32, 64, 1, 32);
	c.flags = 0x100;
	tap_ok(idxgen_config_validate(&c, dev) == -EINVAL, "unknown flag: -EINVAL");
	idxgen_config_init(&c, dev, 32, 64, 1, 32);
	c.mx = 8;
	c.word_size = 4;
	tap_ok(OK(idxgen_config_validate(&c, dev)), "wider-than-needed widths are legal");
	tap_ok(idxgen_config_validate(NULL, dev) == -EINVAL, "validate NULL: -EINVAL");
}

static void test_regions(void)
{
	struct idxgen_region *r, *s1, *s2, *many[256];
	struct idxgen_info after;
	struct idxgen_config c;
	const void *m1, *m2;
	unsigned int i, n;
	int ret;

	tap_ok(idxgen_region_alloc(dev, 0, &r) == -EINVAL && r == NULL, "alloc size 0: -EINVAL");
	tap_ok(idxgen_region_alloc(NULL, 4096, &r) == -EINVAL, "alloc on NULL device: -EINVAL");
	ret = idxgen_region_alloc(dev, info.imem_size * 2, &r);
	tap_ok(ret == -EINVAL || ret == -ENOSPC, "alloc above index memory: %s", idxgen_strerror(ret));
	ret = idxgen_region_alloc(dev, 1, &r);
	tap_ok(ret == 0 && idxgen_region_size(r) == 4096 && !idxgen_region_is_shared(r),
	       "alloc 1 byte rounds up to a page");
	ret = idxgen_region_map(r, &m1);
	tap_ok(ret == 0 && m1 && OK(idxgen_region_map(r, &m2)) && m1 == m2,
	       "map: one read-only mapping shared by callers");
	for (i = 0; i < 4096 && ((const uint8_t *)m1)[i] == 0; i++)
		;
	tap_ok(i == 4096, "a new dedicated region reads as zeros");
	tap_ok(idxgen_region_map(r, NULL) == -EINVAL && idxgen_region_map(NULL, &m2) == -EINVAL,
	       "map: NULL arguments: -EINVAL");

	idxgen_config_init(&c, dev, 32, 64, 1, 32);
	tap_ok(idxgen_config_target(&c, r, 2) == -EINVAL, "target: output past the region: -EINVAL");
	tap_ok(idxgen_config_target(&c, r, 1) == -EINVAL, "target: misaligned offset: -EINVAL");
	tap_ok(idxgen_config_target(&c, NULL, 0) == -EINVAL, "target: NULL region: -EINVAL");
	tap_ok(OK(idxgen_config_target(&c, r, 0)), "target: 4096 bytes fit exactly");
	tap_ok(idxgen_region_free(NULL) == -EINVAL, "free NULL: -EINVAL");
	tap_ok(OK(idxgen_region_free(r)), "free");

	ret = idxgen_region_shared(dev, &s1);
	tap_ok(ret == 0 && idxgen_region_is_shared(s1) && idxgen_region_size(s1) == info.shared_size,
	       "shared region, size %" PRIu64, info.shared_size);
	ret = idxgen_region_shared(dev, &s2);
	tap_ok(ret == 0 && OK(idxgen_region_map(s2, &m2)), "a second handle to the shared region");
	tap_ok(OK(idxgen_region_free(s1)) && OK(idxgen_region_map(s2, &m1)) && m1 == m2,
	       "freeing one shared handle leaves the other usable");
	idxgen_region_free(s2);

	/* fill the dedicated pool, then give it all back */
	for (n = 0; n < 256; n++) {
		ret = idxgen_region_alloc(dev, info.imem_size / 16, &many[n]);
		if (ret)
			break;
	}
	tap_ok(n > 0 && n < 256 && ret == -ENOSPC, "pool full after %u regions: -ENOSPC", n);
	for (i = 0; i < n; i++)
		idxgen_region_free(many[i]);
	ret = idxgen_get_info(dev, &after);
	tap_ok(ret == 0 && after.dedicated_free == info.dedicated_free,
	       "freed regions give their memory back (%" PRIu64 " free)", after.dedicated_free);
}

static void test_contexts(void)
{
	struct idxgen_context *c1, *c2;
	int ret;

	tap_ok(idxgen_context_create(NULL, IDXGEN_PRIORITY_NORMAL, &c1) == -EINVAL,
	       "context on NULL device: -EINVAL");
	tap_ok(idxgen_context_create(dev, 3, &c1) == -EINVAL && c1 == NULL,
	       "unknown priority: -EINVAL");
	tap_ok(idxgen_context_create(dev, -1, &c1) == -EINVAL, "negative priority: -EINVAL");
	tap_ok(OK(idxgen_context_create(dev, IDXGEN_PRIORITY_LOW, &c1)) &&
	       OK(idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &c2)),
	       "low and normal priority contexts");
	idxgen_context_destroy(c2);
	ret = idxgen_context_create(dev, IDXGEN_PRIORITY_HIGH, &c2);
	tap_ok(ret == 0 || ret == -EPERM, "high priority: %s", idxgen_strerror(ret));
	if (!ret)
		idxgen_context_destroy(c2);
	tap_ok(OK(idxgen_context_destroy(c1)) && idxgen_context_destroy(NULL) == -EINVAL,
	       "destroy; destroy(NULL): -EINVAL");
}

/* docs/design.md#history-example: miss, miss, hit, and cycles that show it. */
static void test_jobs(void)
{
	struct idxgen_context *ctx;
	struct idxgen_region *ra, *rb, *sh, *rbig;
	struct idxgen_config c1, c2, c3, batch[300];
	struct idxgen_job_result r1, r2, r3, r;
	idxgen_job_t j[300], j1;
	unsigned int i, bad;
	int ret;

	idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx);
	idxgen_region_alloc(dev, 1 << 16, &ra);
	idxgen_region_alloc(dev, 1 << 16, &rb);

	idxgen_config_init(&c1, dev, 32, 64, 1, 32);
	idxgen_config_target(&c1, ra, 0);
	c1.user_tag = 0xfeed;
	idxgen_config_init(&c2, dev, 100, 2, 2, 32);
	idxgen_config_target(&c2, rb, 0);
	ret = idxgen_run(ctx, &c1, &r1);
	tap_ok(ret == 0 && !r1.error && r1.status == IDXGEN_CPL_OK && !r1.hit && r1.warps == 64 &&
	       r1.threads == 2048 && r1.cycles == IDXGEN_FILTER_CYCLES + 64 && r1.user_tag == 0xfeed,
	       "cfg1 32x64x1 @A: miss, 64 warps, %" PRIu64 " cycles, tag echoed", r1.cycles);
	tap_ok(output_ok(&c1), "cfg1 output matches the reference");
	ret = idxgen_run(ctx, &c2, &r2);
	tap_ok(ret == 0 && !r2.hit && r2.warps == 13 && r2.cycles == IDXGEN_FILTER_CYCLES + 13,
	       "cfg2 100x2x2 @B: miss, 13 warps, %" PRIu64 " cycles", r2.cycles);
	tap_ok(output_ok(&c2), "cfg2 output matches the reference");
	ret = idxgen_run(ctx, &c1, &r3);
	tap_ok(ret == 0 && r3.hit && r3.warps == 0 && r3.cycles == IDXGEN_FILTER_CYCLES &&
	       r3.cycles < r1.cycles, "cfg3 = cfg1: hit, %" PRIu64 " cycles instead of %" PRIu64,
	       r3.cycles, r1.cycles);
	tap_ok(output_ok(&c1), "cfg3 output still matches");

	/* history must never outlive the bytes it describes */
	idxgen_config_init(&c3, dev, 16, 16, 1, 32);
	idxgen_config_target(&c3, ra, 64);
	ret = idxgen_run(ctx, &c3, &r);
	tap_ok(ret == 0 && !r.hit, "16x16x1 overlapping cfg1's bytes: miss");
	ret = idxgen_run(ctx, &c1, &r);
	tap_ok(ret == 0 && !r.hit && output_ok(&c1), "cfg1 again after the overlap: miss, correct");
	c3 = c1;
	c3.flags = IDXGEN_CONFIG_NO_HISTORY;
	ret = idxgen_run(ctx, &c3, &r);
	tap_ok(ret == 0 && !r.hit && r.warps == 64, "NO_HISTORY: generates even when cached");

	/* shared region: whoever wrote last owns it; jobs there need lock 0 */
	ret = idxgen_region_shared(dev, &sh);
	tap_ok(ret == 0, "shared region handle");
	tap_ok(OK(idxgen_lock(ctx, IDXGEN_LOCK_SHARED, -1)), "lock the shared region");
	idxgen_config_init(&c1, dev, 32, 64, 1, 32);
	idxgen_config_target(&c1, sh, 0);
	idxgen_config_init(&c2, dev, 100, 2, 2, 32);
	idxgen_config_target(&c2, sh, 0);
	ret = idxgen_run(ctx, &c1, &r);
	tap_ok(ret == 0 && output_ok(&c1), "32x64x1 @shared: correct output");
	ret = idxgen_run(ctx, &c2, &r);
	tap_ok(ret == 0 && !r.hit && output_ok(&c2), "100x2x2 @shared overwrites it: miss");
	ret = idxgen_run(ctx, &c1, &r);
	tap_ok(ret == 0 && !r.hit && output_ok(&c1),
	       "32x64x1 @shared again: miss (its indices were overwritten)");
	tap_ok(OK(idxgen_unlock(ctx, IDXGEN_LOCK_SHARED)), "unlock the shared region");

	/* asynchronous submit, wait, result */
	tap_ok(idxgen_submit(NULL, &c1, 1, j) == -EINVAL && idxgen_submit(ctx, NULL, 1, j) == -EINVAL &&
	       idxgen_submit(ctx, &c1, 0, j) == -EINVAL, "submit: NULL/empty arguments: -EINVAL");
	c3 = c1;
	c3.region = NULL;
	tap_ok(idxgen_submit(ctx, &c3, 1, j) == -EINVAL, "submit: config without a target: -EINVAL");
	c3 = c1;
	c3.dx = 0;
	tap_ok(idxgen_submit(ctx, &c3, 1, j) == -EINVAL, "submit: invalid config: -EINVAL");
	c3 = c1;
	c3.c = info.lanes + 1;
	tap_ok(idxgen_submit(ctx, &c3, 1, j) == -E2BIG, "submit: warp above lanes: -E2BIG");

	idxgen_config_init(&c1, dev, 32, 64, 1, 32);
	idxgen_config_target(&c1, ra, 0);
	ret = idxgen_submit(ctx, &c1, 1, &j1);
	tap_ok(ret == 0 && j1 > 0, "submit one: job %" PRIu64, j1);
	ret = idxgen_wait(ctx, j1, 10 * SEC, &r);
	tap_ok(ret == 0 && r.status == IDXGEN_CPL_OK, "wait for it");
	tap_ok(OK(idxgen_job_result(ctx, j1, &r)) && r.status == IDXGEN_CPL_OK,
	       "job_result of a finished job");
	tap_ok(idxgen_wait(ctx, 0, 0, &r) == -EINVAL && idxgen_wait(NULL, j1, 0, &r) == -EINVAL,
	       "wait: job 0 or NULL context: -EINVAL");
	tap_ok(idxgen_job_result(ctx, j1 + 1000, &r) == -ENOENT, "result of a never-submitted job: -ENOENT");
	tap_ok(idxgen_wait(ctx, j1 + 1000, 0, &r) == -ENOENT, "wait for a never-submitted job: -ENOENT");

	/* a poll of a job that may still run, then a real wait */
	idxgen_config_init(&c3, dev, 1024, 1024, 1, 0);
	ret = idxgen_region_alloc(dev, idxgen_config_bytes(&c3), &rbig);
	if (!ret)
		ret = idxgen_config_target(&c3, rbig, 0);
	if (!ret)
		ret = idxgen_submit(ctx, &c3, 1, &j1);
	tap_ok(ret == 0, "submit a 1M-thread block");
	ret = idxgen_wait(ctx, j1, 0, &r);
	tap_ok(ret == 0 || ret == -ETIMEDOUT, "wait with timeout 0 polls: %s", idxgen_strerror(ret));
	ret = idxgen_job_result(ctx, j1, &r);
	tap_ok(ret == 0 || ret == -EBUSY, "job_result without waiting: %s", idxgen_strerror(ret));
	ret = idxgen_wait(ctx, j1, 60 * SEC, &r);
	tap_ok(ret == 0 && r.status == IDXGEN_CPL_OK && r.warps == 32768 && output_ok(&c3),
	       "then wait: 32768 warps, output right");
	idxgen_region_free(rbig);

	/* a batch longer than one ioctl carries, each at its own offset */
	for (i = 0; i < 300; i++) {
		uint32_t dx = 1 + i % 37, dy = 1 + i % 5, dz = 1 + i % 3;

		idxgen_config_init(&batch[i], dev, dx, dy, dz, 1 + i % info.lanes);
		idxgen_config_target(&batch[i], i % 2 ? ra : rb, (i / 2) * 2048 % (1 << 16));
		batch[i].user_tag = i;
	}
	ret = idxgen_submit(ctx, batch, 300, j);
	tap_ok(ret == 0, "submit a batch of 300 configurations");
	ret = idxgen_wait(ctx, j[299], 30 * SEC, NULL);
	tap_ok(ret == 0, "wait for the last");
	for (i = 0, bad = 0; i < 300; i++) {
		if (i && j[i] != j[i - 1] + 1)
			bad++;
		if (idxgen_job_result(ctx, j[i], &r) || r.status || r.user_tag != i ||
		    r.threads != idxgen_config_threads(&batch[i]))
			bad++;
	}
	tap_ok(bad == 0, "batch: consecutive handles, every result OK with its tag");
	/* only the last writer of each offset is checkable: the last 2*32 do not overlap */
	for (i = 300 - 64, bad = 0; i < 300; i++)
		if (!output_ok(&batch[i]))
			bad++;
	tap_ok(bad == 0, "batch outputs match the reference");

	idxgen_region_free(sh);
	idxgen_region_free(ra);
	idxgen_region_free(rb);
	idxgen_context_destroy(ctx);
}

/* A generated block of each interesting shape on the device, against the reference. */
static void test_device_shapes(void)
{
	static const uint32_t shapes[][4] = {
		{ 1, 1, 1, 32 }, { 1024, 1, 1, 32 }, { 1, 1024, 1, 32 }, { 1, 1, 64, 32 },
		{ 32, 32, 1, 32 }, { 7, 11, 13, 32 }, { 33, 31, 1, 32 }, { 3, 5, 7, 1 },
		{ 17, 3, 19, 5 }, { 33, 33, 33, 32 }, { 1000, 1000, 1, 32 }, { 65, 64, 64, 31 },
		{ 640, 480, 3, 32 }, { 2, 2, 2, 32 },
	};
	unsigned int i, n = 0, skipped = 0, bad = 0, warps_bad = 0;
	struct idxgen_config cfg[sizeof(shapes) / sizeof(shapes[0])];
	struct idxgen_region *reg[sizeof(shapes) / sizeof(shapes[0])];
	struct idxgen_context *ctx;
	struct idxgen_job_result r;
	idxgen_job_t j[32];
	int ret = 0;

	idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx);
	for (i = 0; i < sizeof(shapes) / sizeof(shapes[0]) && !ret; i++) {
		ret = idxgen_config_init(&cfg[n], dev, shapes[i][0], shapes[i][1], shapes[i][2],
					 shapes[i][3] > info.lanes ? info.lanes : shapes[i][3]);
		if (ret == -E2BIG) {	/* firmware may set lower limits */
			skipped++;
			ret = 0;
			continue;
		}
		if (!ret)
			ret = idxgen_region_alloc(dev, idxgen_config_bytes(&cfg[n]), &reg[n]);
		if (!ret)
			ret = idxgen_config_target(&cfg[n], reg[n], 0);
		n++;
	}
	if (!tap_ok(ret == 0 && n > 0, "set up %u shapes (%u above this device's limits)", n, skipped))
		return;
	ret = idxgen_submit(ctx, cfg, n, j);
	tap_ok(ret == 0 && OK(idxgen_wait(ctx, j[n - 1], 60 * SEC, NULL)), "run them as one batch");
	for (i = 0; i < n; i++) {
		if (idxgen_job_result(ctx, j[i], &r) || r.status || !output_ok(&cfg[i])) {
			tap_diag("shape %ux%ux%u c=%u: status %u", cfg[i].dx, cfg[i].dy, cfg[i].dz,
				 cfg[i].c, r.status);
			bad++;
		}
		if (r.warps != idxgen_config_warps(&cfg[i]))
			warps_bad++;
		idxgen_region_free(reg[i]);
	}
	tap_ok(bad == 0, "every shape's output matches the reference (incl. 32-bit words, c=1, odd c)");
	tap_ok(warps_bad == 0, "warps = ceil(threads / c) for each");
	idxgen_context_destroy(ctx);
}

/* ------------------------------------------------------------------ */
/* Unpacking                                                           */
/* ------------------------------------------------------------------ */

static void pack_ref(void *buf, uint32_t dx, uint32_t dy, uint32_t dz, unsigned int mx,
		     unsigned int my, unsigned int ws)
{
	uint32_t n, t = dx * dy * dz;

	for (n = 0; n < t; n++) {
		uint32_t w = idxgen_ref_word(n, dx, dy, mx, my);

		if (ws == 2)
			((uint16_t *)buf)[n] = (uint16_t)w;
		else
			((uint32_t *)buf)[n] = w;
	}
}

static int unpack_matches(int path, const void *buf, uint32_t dx, uint32_t dy, uint32_t dz,
			  unsigned int mx, unsigned int my, unsigned int mz, unsigned int ws,
			  uint16_t *x, uint16_t *y, uint16_t *z)
{
	uint32_t n, t = dx * dy * dz, rx, ry, rz;

	if (idxgen_unpack_words_path(path, buf, ws, mx, my, mz, t, x, y, z))
		return 0;
	for (n = 0; n < t; n++) {
		idxgen_ref_index(n, dx, dy, &rx, &ry, &rz);
		if (x[n] != rx || y[n] != ry || z[n] != rz)
			return 0;
	}
	return 1;
}

static void test_unpack(void)
{
	static uint32_t buf[1024 + 16];
	static uint16_t x[1040], y[1040], z[1040], x2[1040], y2[1040], z2[1040];
	int avx2 = idxgen_unpack_best_path() == IDXGEN_UNPACK_AVX2;
	unsigned long shapes = 0, bad_s[2] = { 0, 0 }, bad_v[2] = { 0, 0 };
	uint32_t dx, dy, dz, i;
	unsigned int wsi;
	int ret;

	tap_diag("unpack: best path %s", avx2 ? "AVX2" : "scalar");
	/* every CUDA-legal block: x <= 1024, y <= 1024, z <= 64, x*y*z <= 1024 */
	for (dz = 1; dz <= 64; dz++)
		for (dy = 1; dy <= 1024 && dy * dz <= 1024; dy++)
			for (dx = 1; dx <= 1024 && dx * dy * dz <= 1024; dx++) {
				unsigned int mx = idxgen_ref_width(dx), my = idxgen_ref_width(dy);
				unsigned int mz = idxgen_ref_width(dz);

				shapes++;
				for (wsi = 0; wsi < 2; wsi++) {
					unsigned int ws = wsi ? 4 : 2;

					pack_ref(buf, dx, dy, dz, mx, my, ws);
					if (!unpack_matches(IDXGEN_UNPACK_SCALAR, buf, dx, dy, dz, mx,
							    my, mz, ws, x, y, z))
						bad_s[wsi]++;
					if (avx2 && !unpack_matches(IDXGEN_UNPACK_AVX2, buf, dx, dy,
								    dz, mx, my, mz, ws, x2, y2, z2))
						bad_v[wsi]++;
				}
			}
	tap_ok(!bad_s[0], "scalar == reference, 16-bit words, all %lu CUDA block shapes", shapes);
	tap_ok(!bad_s[1], "scalar == reference, 32-bit words, all %lu CUDA block shapes", shapes);
	if (avx2) {
		tap_ok(!bad_v[0], "AVX2 == reference, 16-bit words, all %lu shapes", shapes);
		tap_ok(!bad_v[1], "AVX2 == reference, 32-bit words, all %lu shapes", shapes);
	} else {
		tap_ok(idxgen_unpack_words_path(IDXGEN_UNPACK_AVX2, buf, 2, 1, 1, 1, 1, x, y, z) ==
		       -ENOTSUP, "no AVX2 here: forcing it gives -ENOTSUP");
		tap_ok(1, "# skip AVX2 32-bit: CPU lacks AVX2");
	}

	/* arbitrary bit patterns, every width split, odd lengths: paths agree bit for bit */
	srand(7);
	for (i = 0; i < 1040; i++)
		((uint16_t *)buf)[i * 2] = (uint16_t)rand(), ((uint16_t *)buf)[i * 2 + 1] = (uint16_t)rand();
	ret = 0;
	for (wsi = 0; wsi < 2 && avx2; wsi++) {
		unsigned int ws = wsi ? 4 : 2, mx, my, mz, len;

		for (mx = 0; mx <= 8 * ws; mx += 3)
			for (my = 0; mx + my <= 8 * ws; my += 5)
				for (mz = 0; mx + my + mz <= 8 * ws; mz += 7)
					for (len = 1000; len < 1040; len += 13) {
						idxgen_unpack_words_path(IDXGEN_UNPACK_SCALAR, buf, ws, mx, my, mz, len, x, y, z);
						idxgen_unpack_words_path(IDXGEN_UNPACK_AVX2, buf, ws, mx, my, mz, len, x2, y2, z2);
						if (memcmp(x, x2, len * 2) || memcmp(y, y2, len * 2) ||
						    memcmp(z, z2, len * 2))
							ret++;
					}
	}
	tap_ok(ret == 0, "scalar and AVX2 agree on random words for every width split and length");

	tap_ok(idxgen_unpack_words(buf, 3, 1, 1, 1, 4, x, y, z) == -EINVAL, "word size 3: -EINVAL");
	tap_ok(idxgen_unpack_words(buf, 2, 8, 8, 1, 4, x, y, z) == -EINVAL,
	       "17 bits in a 16-bit word: -EINVAL");
	tap_ok(idxgen_unpack_words(NULL, 2, 1, 1, 1, 4, x, y, z) == -EINVAL, "NULL words: -EINVAL");
	tap_ok(OK(idxgen_unpack_words(buf, 2, 1, 1, 1, 0, NULL, NULL, NULL)), "count 0 is fine");
	pack_ref(buf, 100, 2, 2, 7, 1, 2);
	memset(y, 0xff, sizeof(y));
	tap_ok(OK(idxgen_unpack_words(buf, 2, 7, 1, 1, 400, NULL, y, NULL)) && y[100] == 1 &&
	       y[99] == 0 && y[200] == 0, "NULL outputs are skipped");
	tap_ok(idxgen_unpack_words_path(9, buf, 2, 1, 1, 1, 1, x, y, z) == -EINVAL,
	       "unknown path: -EINVAL");
}

static void test_iterator(void)
{
	struct idxgen_context *ctx;
	struct idxgen_region *reg;
	struct idxgen_config cfg;
	struct idxgen_warp_iter it;
	const void *map;
	uint64_t warps = 0, threads = 0;
	uint32_t rx, ry, rz;
	unsigned int i, bad = 0, last = 0;
	uint16_t x[4], y[4], z[4];

	idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx);
	idxgen_region_alloc(dev, 4096, &reg);
	idxgen_config_init(&cfg, dev, 100, 2, 2, 32);
	idxgen_config_target(&cfg, reg, 64);
	idxgen_run(ctx, &cfg, NULL);
	idxgen_region_map(reg, &map);

	tap_ok(idxgen_warp_iter_init(&it, NULL, map) == -EINVAL &&
	       idxgen_warp_iter_init(&it, &cfg, NULL) == -EINVAL, "iterator: NULL arguments: -EINVAL");
	tap_ok(OK(idxgen_warp_iter_init(&it, &cfg, map)), "iterator over 100x2x2 warp 32");
	while (idxgen_warp_next(&it)) {
		if (it.warp != warps || it.first != threads)
			bad++;
		for (i = 0; i < it.count; i++) {
			idxgen_ref_index((uint32_t)(it.first + i), 100, 2, &rx, &ry, &rz);
			if (it.x[i] != rx || it.y[i] != ry || it.z[i] != rz)
				bad++;
		}
		threads += it.count;
		last = it.count;
		warps++;
	}
	tap_ok(warps == 13 && threads == 400 && last == 16 && bad == 0,
	       "13 warps, the last of 16 threads, all indices right");
	tap_ok(!idxgen_warp_next(&it), "stays at the end");

	tap_ok(OK(idxgen_config_unpack(&cfg, map, 398, 2, x, y, z)) && x[0] == 98 && y[0] == 1 &&
	       z[0] == 1 && x[1] == 99, "config_unpack of the last threads");
	tap_ok(idxgen_config_unpack(&cfg, map, 399, 2, x, y, z) == -EINVAL,
	       "config_unpack past the block: -EINVAL");
	idxgen_region_free(reg);
	idxgen_context_destroy(ctx);
}

/* ------------------------------------------------------------------ */
/* Concurrency and lifetime                                            */
/* ------------------------------------------------------------------ */

struct worker {
	struct idxgen_context *ctx;	/* own, or shared with the others */
	struct idxgen_region *reg;
	int id, failures, jobs;
};

#define WORKER_ROUNDS 40

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct idxgen_config cfg[4];
	struct idxgen_job_result r;
	idxgen_job_t j[4];
	int round, k, n;

	for (round = 0; round < WORKER_ROUNDS; round++) {
		n = 1 + (round + w->id) % 4;
		for (k = 0; k < n; k++) {
			/* distinct shapes per worker so a wrong routing shows up */
			idxgen_config_init(&cfg[k], dev, 8 + w->id, 4 + k, 1 + round % 3, 32);
			idxgen_config_target(&cfg[k], w->reg, k * 1024);
			cfg[k].user_tag = (uint32_t)(w->id << 16 | round << 4 | k);
		}
		if (idxgen_submit(w->ctx, cfg, n, j)) {
			w->failures++;
			continue;
		}
		if (idxgen_wait(w->ctx, j[n - 1], 30 * SEC, NULL)) {
			w->failures++;
			continue;
		}
		for (k = 0; k < n; k++) {
			if (idxgen_job_result(w->ctx, j[k], &r) || r.status ||
			    r.user_tag != cfg[k].user_tag)
				w->failures++;
			w->jobs++;
		}
		/* only this worker writes its region: the output must be intact */
		for (k = 0; k < n; k++)
			if (!output_ok(&cfg[k]))
				w->failures++;
	}
	return NULL;
}

static void test_threads(void)
{
	enum { N = 4 };
	struct idxgen_context *shared_ctx;
	struct worker w[N];
	pthread_t t[N];
	int pass, i, fail, jobs;

	for (pass = 0; pass < 2; pass++) {
		idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &shared_ctx);
		for (i = 0; i < N; i++) {
			memset(&w[i], 0, sizeof(w[i]));
			w[i].id = i;
			if (pass == 0)
				idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &w[i].ctx);
			else
				w[i].ctx = shared_ctx;
			idxgen_region_alloc(dev, 4 * 4096, &w[i].reg);
			pthread_create(&t[i], NULL, worker_main, &w[i]);
		}
		for (i = 0, fail = 0, jobs = 0; i < N; i++) {
			pthread_join(t[i], NULL);
			fail += w[i].failures;
			jobs += w[i].jobs;
			idxgen_region_free(w[i].reg);
			if (pass == 0)
				idxgen_context_destroy(w[i].ctx);
		}
		idxgen_context_destroy(shared_ctx);
		tap_ok(fail == 0 && jobs == N * WORKER_ROUNDS * 10 / 4,
		       "%d threads submitting on %s: %d jobs, %d failures", N,
		       pass ? "one shared context" : "their own contexts", jobs, fail);
	}
}

static void test_lifetime(void)
{
	struct idxgen_context *ctx;
	struct idxgen_region *a, *b;
	struct idxgen_config cfg;
	struct idxgen_job_result r;
	struct idxgen_device *d2;
	struct idxgen_stats s0, s1;
	const void *map;
	unsigned int i;
	int ret;

	idxgen_get_stats(dev, &s0);
	idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx);
	idxgen_region_alloc(dev, 8192, &a);
	idxgen_config_init(&cfg, dev, 32, 64, 1, 32);
	idxgen_config_target(&cfg, a, 0);
	idxgen_run(ctx, &cfg, &r);
	ret = idxgen_run(ctx, &cfg, &r);
	tap_ok(ret == 0 && r.hit, "region A: second run hits");
	idxgen_region_free(a);
	ret = idxgen_region_alloc(dev, 8192, &b);
	idxgen_region_map(b, &map);
	for (i = 0; i < 8192 && ((const uint8_t *)map)[i] == 0; i++)
		;
	tap_ok(ret == 0 && i == 8192, "region B allocated after freeing A reads as zeros");
	idxgen_config_target(&cfg, b, 0);
	ret = idxgen_run(ctx, &cfg, &r);
	tap_ok(ret == 0 && !r.hit && output_ok(&cfg),
	       "the same config on B misses: A's history died with A");
	idxgen_region_free(b);

	/* a second open of the same device is independent */
	ret = idxgen_open(0, 0, &d2);
	tap_ok(ret == 0, "second handle to device 0");
	if (!ret) {
		struct idxgen_context *c2;
		struct idxgen_region *r2;

		idxgen_region_alloc(dev, 8192, &a);
		idxgen_context_create(d2, IDXGEN_PRIORITY_NORMAL, &c2);
		idxgen_region_alloc(d2, 8192, &r2);
		idxgen_config_target(&cfg, a, 0);
		tap_ok(idxgen_submit(c2, &cfg, 1, NULL) == -EINVAL,
		       "a region of another handle is refused: -EINVAL");
		idxgen_config_target(&cfg, r2, 0);
		tap_ok(OK(idxgen_run(c2, &cfg, &r)) && output_ok(&cfg), "runs on the second handle");
		idxgen_close(d2);	/* with its context and region still open */
		tap_ok(1, "close with live contexts and regions");
		idxgen_region_free(a);
	}
	idxgen_context_destroy(ctx);
	ret = idxgen_get_stats(dev, &s1);
	tap_ok(ret == 0 && s1.jobs >= s0.jobs + 3 && s1.hits >= s0.hits + 1 &&
	       s1.misses >= s0.misses + 2, "stats count the jobs, hits and misses (%" PRIu64
	       " jobs, %" PRIu64 " hits, %" PRIu64 " misses)", s1.jobs, s1.hits, s1.misses);
}

/* ------------------------------------------------------------------ */
/* Schedule orders (issue 9)                                           */
/* ------------------------------------------------------------------ */

static void test_schedule(void)
{
	static const char *const good[] = { "sequential", "zigzag", "hilbert", "tiled:8x8",
					    "tiled:3x5", "strided:4,32", "strided:7,3",
					    "strided:1000,1", "tiled:1x1" };
	static const char *const bad[] = { "", "Hilbert", "tiled:", "tiled:0x4", "tiled:4x0",
					   "tiled:65536x1", "strided:0,1", "strided:4,0",
					   "strided:4,65536", "strided:4,", "tiled:8x8x", "zigzag:1",
					   "strided:99999999999,1", "tiled:-1x2" };
	static const uint32_t shapes[][3] = { { 32, 32, 1 }, { 17, 9, 3 }, { 1024, 1, 1 },
					      { 1, 1000, 1 }, { 8, 8, 16 }, { 33, 31, 1 } };
	struct idxgen_schedule s, tab[16];
	struct idxgen_context *ctx;
	struct idxgen_region *reg;
	struct idxgen_config cfg;
	struct idxgen_job_result res;
	struct idxgen_warp_iter it;
	char name[32];
	const void *map;
	uint32_t *ref = malloc(sizeof(*ref) * 1024);
	size_t i, k;
	int n, has = !!(info.features & IDXGEN_FEAT_SCHED_ORDERS), parse_ok = 1, bad_ok = 1;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		if (idxgen_schedule_parse(good[i], &s) ||
		    idxgen_schedule_format(&s, name, sizeof(name)) < 0 ||
		    (strcmp(name, good[i]) && !(i == 0 && !strcmp(name, "sequential"))) ||
		    strcmp(s.name, name))
			parse_ok = 0;
	tap_ok(parse_ok, "schedule_parse/format round trip on %zu texts",
	       sizeof(good) / sizeof(good[0]));
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (idxgen_schedule_parse(bad[i], &s) != -EINVAL) {
			bad_ok = 0;
			tap_diag("accepted '%s'", bad[i]);
		}
	tap_ok(bad_ok, "schedule_parse rejects %zu malformed texts with -EINVAL",
	       sizeof(bad) / sizeof(bad[0]));
	tap_ok(OK(idxgen_schedule_parse("tiled:8", &s)) && s.tile_w == 8 && s.tile_h == 8 &&
	       OK(idxgen_schedule_parse("strided:4", &s)) && s.granularity == 1,
	       "short forms tiled:N and strided:S");

	idxgen_config_init(&cfg, dev, 16, 16, 1, 0);
	memset(&s, 0, sizeof(s));
	s.order = 5;
	tap_ok(idxgen_config_schedule(&cfg, &s) == -EINVAL, "config_schedule: unknown order -EINVAL");
	s.order = IDXGEN_SCHED_ZIGZAG;
	s.stride = 2;
	tap_ok(idxgen_config_schedule(&cfg, &s) == -EINVAL,
	       "config_schedule: a parameter the order does not use -EINVAL");
	s.order = IDXGEN_SCHED_TILED;
	s.stride = 0;
	tap_ok(idxgen_config_schedule(&cfg, &s) == -EINVAL && cfg.order == 0,
	       "config_schedule: tile 0x0 -EINVAL, config unchanged");
	tap_ok(OK(idxgen_config_schedule(&cfg, NULL)) && cfg.order == 0,
	       "config_schedule(NULL) is sequential");

	/* the default firmware's table: the emulation's, and the VM's devices' */
	n = idxgen_schedule_table(dev, tab, 16);
	if (has)
		tap_ok(n == 14 && !strcmp(tab[0].name, "sequential") &&
		       !strcmp(tab[13].name, "hilbert") && tab[10].order == IDXGEN_SCHED_TILED &&
		       tab[10].tile_w == 8 && tab[10].tile_h == 8 && !tab[10].stride &&
		       !strcmp(tab[7].name, "strided:4,32") && tab[7].stride == 4 &&
		       tab[7].granularity == 32 && !tab[7].tile_w,
		       "%s schedule table: the default firmware's 14 entries (%d)",
		       info.backend == IDXGEN_BACKEND_EMU ? "emu" : "drm", n);
	else
		tap_ok(n == 0, "schedule table without schedule orders: none (%d)", n);
	tap_ok(idxgen_schedule_table(dev, tab, 2) == n &&
	       (!has || !strcmp(tab[1].name, "strided:2,1")) &&
	       idxgen_schedule_table(dev, NULL, 0) == n,
	       "schedule table: max below the count fills max, returns the count");
	tap_ok(idxgen_schedule_table(NULL, tab, 2) == -EINVAL &&
	       idxgen_schedule_table(dev, NULL, 2) == -EINVAL, "schedule table: bad arguments -EINVAL");
	for (i = 0, k = 0; has && n > 0 && i < (size_t)n; i++) {
		struct idxgen_schedule back;

		if (idxgen_schedule_parse(tab[i].name, &back) || memcmp(&back, &tab[i], sizeof(back)))
			k++;
	}
	tap_ok(k == 0, "every table entry's name parses back into the entry");

	if (!has) {
		idxgen_schedule_parse("hilbert", &s);
		idxgen_config_schedule(&cfg, &s);
		tap_ok(idxgen_config_validate(&cfg, dev) == -E2BIG,
		       "device without FEAT_SCHED_ORDERS: hilbert config -E2BIG");
		free(ref);
		return;
	}
	idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx);
	idxgen_region_alloc(dev, 1 << 16, &reg);
	idxgen_region_map(reg, &map);
	for (k = 0; k < sizeof(shapes) / sizeof(shapes[0]); k++)
		for (i = 1; i < sizeof(good) / sizeof(good[0]); i++) {
			uint32_t dx = shapes[k][0], dy = shapes[k][1], dz = shapes[k][2];
			uint64_t p, threads = (uint64_t)dx * dy * dz, warps = 0, bad_words = 0;
			uint16_t tx, ty, tz;
			int ran;

			idxgen_schedule_parse(good[i], &s);
			idxgen_config_init(&cfg, dev, dx, dy, dz, 0);
			idxgen_config_schedule(&cfg, &s);
			idxgen_config_target(&cfg, reg, 128);
			ran = idxgen_run(ctx, &cfg, &res);
			idxgen_order_ref_plane(ref, s.order, dx, dy, s.stride, s.granularity,
					       s.tile_w, s.tile_h);
			idxgen_warp_iter_init(&it, &cfg, map);
			while (idxgen_warp_next(&it)) {
				for (p = 0; p < it.count; p++) {
					uint64_t pos = it.first + p, lin = ref[pos % (dx * dy)];

					if (it.x[p] != lin % dx || it.y[p] != lin / dx ||
					    it.z[p] != pos / (dx * dy))
						bad_words++;
				}
				warps++;
			}
			/* position -> thread on a few positions */
			for (p = 0; p < threads; p += threads / 7 + 1) {
				uint64_t lin = ref[p % (dx * dy)];

				if (idxgen_config_thread_at(&cfg, p, &tx, &ty, &tz) ||
				    tx != lin % dx || ty != lin / dx || tz != p / (dx * dy))
					bad_words++;
			}
			tap_ok(ran == 0 && !res.hit && bad_words == 0 && warps == res.warps &&
			       idxgen_config_thread_at(&cfg, threads, &tx, &ty, &tz) == -EINVAL,
			       "%ux%ux%u %s: warp iterator and thread_at in issue order == reference",
			       dx, dy, dz, good[i]);
		}
	/* history: same block, another order misses; the same order again hits */
	idxgen_config_init(&cfg, dev, 32, 32, 1, 0);
	idxgen_config_target(&cfg, reg, 0);
	idxgen_schedule_parse("hilbert", &s);
	idxgen_config_schedule(&cfg, &s);
	idxgen_run(ctx, &cfg, &res);
	idxgen_run(ctx, &cfg, &res);
	tap_ok(res.hit, "history: hilbert twice hits");
	idxgen_schedule_parse("zigzag", &s);
	idxgen_config_schedule(&cfg, &s);
	idxgen_run(ctx, &cfg, &res);
	tap_ok(!res.hit, "history: zigzag after hilbert on the same block misses");
	idxgen_config_schedule(&cfg, NULL);
	idxgen_run(ctx, &cfg, &res);
	tap_ok(!res.hit, "history: sequential after zigzag misses");
	idxgen_region_free(reg);
	idxgen_context_destroy(ctx);
	free(ref);
}

/* ------------------------------------------------------------------ */
/* Priority arbitration (docs/design.md#arbiter)                              */
/* ------------------------------------------------------------------ */

struct lock_waiter {
	struct idxgen_context *ctx;
	unsigned int lock;
	int ret;
};

static void *lock_waiter_main(void *arg)
{
	struct lock_waiter *w = arg;

	/* no timeout: the holder unlocks once it sees this wait (or after its bound) */
	w->ret = idxgen_lock(w->ctx, w->lock, -1);
	return NULL;
}

static void test_locks(void)
{
	struct idxgen_context *lo, *mid, *hi, *tmp;
	struct idxgen_lock_state st;
	struct idxgen_job_result r;
	struct idxgen_config cfg;
	struct idxgen_region *sh;
	struct lock_waiter w;
	pthread_t th;
	uint64_t lost;
	unsigned int reruns;
	uint8_t *buf;
	int ret, seen;

	if (!OK(idxgen_context_create(dev, IDXGEN_PRIORITY_LOW, &lo)) ||
	    !OK(idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &mid))) {
		tap_ok(0, "locks: contexts");
		return;
	}
	ret = idxgen_context_create(dev, IDXGEN_PRIORITY_HIGH, &hi);
	if (ret == -EPERM)
		ret = idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &hi);

	/* bad input */
	tap_ok(idxgen_lock(NULL, 0, 0) == -EINVAL && idxgen_lock(lo, IDXGEN_LOCKS_MAX, 0) == -EINVAL &&
	       idxgen_unlock(lo, 99) == -EINVAL && idxgen_lock_lost(NULL, NULL) == -EINVAL,
	       "lock/unlock: NULL context or unknown lock: -EINVAL");
	tap_ok(idxgen_unlock(lo, 1) == -EPERM, "unlock of a lock not held: -EPERM");
	tap_ok(OK(idxgen_lock(lo, 1, 0)) && idxgen_lock(lo, 1, 0) == -EDEADLK,
	       "try-lock a free lock: 0; again: -EDEADLK");
	tap_ok(OK(idxgen_lock(lo, 2, SEC)) && OK(idxgen_lock_lost(lo, &lost)) && lost == 0,
	       "second lock with a timeout; nothing lost yet");

	/* equal or lower priority: waits (here: gives up) and releases what it holds */
	tap_ok(OK(idxgen_lock(mid, 3, 0)), "normal takes lock 3");
	tap_ok(idxgen_lock(lo, 3, 0) == -EBUSY, "low try-locks lock 3: -EBUSY");
	tap_ok(idxgen_lock_lost(lo, &lost) == -EAGAIN && lost == 1 && idxgen_unlock(lo, 1) == -EPERM,
	       "and it released locks 1 and 2: lost reported once (-EAGAIN), count 1");
	tap_ok(OK(idxgen_lock_lost(lo, NULL)), "lost is cleared by the query");
	tap_ok(idxgen_lock(lo, 3, 2000000) == -ETIMEDOUT, "low waits 2 ms for lock 3: -ETIMEDOUT");

	/* strictly higher priority preempts: the holder loses ALL its locks */
	tap_ok(OK(idxgen_lock(mid, 4, 0)), "normal also takes lock 4");
	if (!ret) {
		tap_ok(OK(idxgen_lock(hi, 3, SEC)), "high gets lock 3 at once");
		tap_ok(idxgen_lock_lost(mid, &lost) == -EAGAIN && lost == 1 &&
			       idxgen_unlock(mid, 4) == -EPERM && idxgen_unlock(mid, 3) == -EPERM,
		       "normal was preempted: lost locks 3 and 4");
		tap_ok(OK(idxgen_unlock(hi, 3)), "high unlocks");
	} else {
		tap_ok(0, "third context: %s", idxgen_strerror(ret));
	}

	/* a blocked waiter gets the lock when the holder unlocks */
	tap_ok(OK(idxgen_lock(mid, 5, -1)), "normal takes lock 5");
	w = (struct lock_waiter){ .ctx = lo, .lock = 5, .ret = 1 };
	pthread_create(&th, NULL, lock_waiter_main, &w);
	/*
	 * Until the waiter is registered with the arbiter, however long that
	 * takes under load; the bound (60 s) only keeps a broken arbiter from
	 * hanging the suite, and then fails the test.
	 */
	seen = 0;
	for (int k = 0; k < 60000 && !seen; k++) {
		struct timespec ts = { 0, 1000000 };

		nanosleep(&ts, NULL);
		if (OK(idxgen_lock_state(dev, &st)))
			for (unsigned int q = 0; q < st.requesters; q++)
				seen |= st.req[q].waiting == 5;
	}
	tap_ok(OK(idxgen_unlock(mid, 5)) && seen, "normal unlocks lock 5 while low waits");
	pthread_join(th, NULL);
	tap_ok(w.ret == 0, "the waiting thread got lock 5");
	tap_ok(OK(idxgen_lock_state(dev, &st)) && st.locks >= 8 && st.requesters >= 3 &&
		       st.owner[5] >= 0 && st.req[st.owner[5]].ctx_id != 0 && st.grants >= 5,
	       "lock state: lock 5 owned, %u locks, %u requesters, %" PRIu64 " grants",
	       st.locks, st.requesters, st.grants);

	/* destroying a context frees its locks */
	tap_ok(OK(idxgen_context_create(dev, IDXGEN_PRIORITY_LOW, &tmp)) &&
		       OK(idxgen_lock(tmp, 6, 0)) && OK(idxgen_context_destroy(tmp)) &&
		       OK(idxgen_lock(lo, 6, 0)),
	       "context destroyed while holding lock 6: lock 6 is free again");

	/* shared region: not without lock 0; safe by idxgen_run_shared */
	if (!OK(idxgen_region_shared(dev, &sh))) {
		tap_ok(0, "shared region");
		goto out;
	}
	idxgen_config_init(&cfg, dev, 16, 8, 2, 32);
	idxgen_config_target(&cfg, sh, 256);
	ret = idxgen_run(lo, &cfg, &r);
	tap_ok(ret == -EIO && r.status == IDXGEN_CPL_NOT_LOCK_HOLDER &&
		       !strcmp(idxgen_status_name(r.status), "NOT_LOCK_HOLDER"),
	       "shared-region job without lock 0: -EIO, status %s", idxgen_status_name(r.status));
	buf = calloc(1, idxgen_config_bytes(&cfg));
	ret = idxgen_run_shared(lo, &cfg, buf, idxgen_config_bytes(&cfg), &r, &reruns);
	tap_ok(ret == 0 && r.status == 0 &&
		       idxgen_ref_check(buf, cfg.dx, cfg.dy, cfg.dz, cfg.mx, cfg.my, cfg.word_size) < 0,
	       "idxgen_run_shared: output correct (%u re-runs)", reruns);
	tap_ok(idxgen_unlock(lo, IDXGEN_LOCK_SHARED) == -EPERM, "and lock 0 is released");
	tap_ok(idxgen_run_shared(lo, &cfg, buf, 1, &r, NULL) == -EINVAL &&
		       idxgen_run_shared(lo, NULL, buf, 4096, &r, NULL) == -EINVAL,
	       "idxgen_run_shared: short buffer or no config: -EINVAL");
	free(buf);
	idxgen_region_free(sh);
out:
	idxgen_context_destroy(lo);
	idxgen_context_destroy(mid);
	idxgen_context_destroy(hi);
}

int main(void)
{
	test_basics();
	test_info();
	test_builder();
	test_regions();
	test_contexts();
	test_jobs();
	test_device_shapes();
	test_unpack();
	test_iterator();
	test_threads();
	test_lifetime();
	test_schedule();
	test_locks();
	idxgen_close(dev);
	return tap_done();
}
