// SPDX-License-Identifier: MIT
/*
 * test_lib.c - the libidxgen suite: main() and what its files share.
 *
 * One binary, two runs: on the host against the emulation backend
 * (IDXGEN_BACKEND=emu, `make -C lib check`) and in the VM against the real
 * driver (the default backend).  The assertions are the same; where the
 * backends legitimately differ (HIGH priority needs CAP_SYS_NICE on a real
 * device) the test works out which answer is right here and wants that
 * one; where speed decides the answer (a poll of a running job), each
 * answer's consequences are checked ("done" comes with the result).
 *
 * Outputs are checked against tests/common/gen_ref.h (div/mod), never
 * against the model the emulation uses.
 *
 * The tests, by area (test_lib.h lists them):
 *   test_lib_open.c      version, status names, listing and opening devices,
 *                        NULL arguments, device information
 *   test_lib_jobs.c      configurations, contexts, submission and waits, the
 *                        history example, generated blocks of many shapes
 *   test_lib_regions.c   dedicated and shared regions
 *   test_lib_unpack.c    unpacking every word layout, the warp iterator
 *   test_lib_threads.c   threads sharing a device, object lifetime, stats
 *   test_lib_schedule.c  schedule orders (issue 9)
 *   test_lib_locks.c     priority arbitration (docs/design.md#arbiter)
 *   test_lib_uq.c        user queues against the ioctl path (last: it resets device 0)
 */
#define TAP_SHARED_DEFINE	/* this file holds the TAP count */
#include "test_lib.h"

struct idxgen_device *dev;
struct idxgen_info info;

/* Every thread of cfg's output against the reference. */
int output_ok(const struct idxgen_config *cfg)
{
	const void *map;

	if (idxgen_region_map(cfg->region, &map))
		return 0;
	return idxgen_ref_check((const uint8_t *)map + cfg->offset, cfg->dx, cfg->dy, cfg->dz,
				cfg->mx, cfg->my, cfg->word_size) < 0;
}

int main(void)
{
	bool on_device;

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
	on_device = idxgen_backend_of(dev) == IDXGEN_BACKEND_DRM;
	test_user_queues();
	idxgen_close(dev);
	test_uq_removed(on_device);
	return tap_done();
}
