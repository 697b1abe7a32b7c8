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
 *
 * usage: idxgen-lib-test [-l | -t NAME...]   (a test run alone opens device 0
 * and reads its information first, as two tests of its own)
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

/*
 * Device 0 and its information, for a test run alone (-t NAME): in a whole
 * run test_basics opens it and test_info reads it, both as tests.
 */
static int have_device(void)
{
	int ret;

	if (dev)
		return 1;
	ret = idxgen_open(0, 0, &dev);
	if (!tap_ok(ret == 0, "open device 0 (%s)", idxgen_strerror(ret)))
		return 0;
	ret = idxgen_get_info(dev, &info);
	return tap_ok(ret == 0, "get_info (%s)", idxgen_strerror(ret));
}

TAP_TEST(basics)
{
	test_basics();
}

TAP_TEST(info)
{
	if (have_device())
		test_info();
}

TAP_TEST(builder)
{
	if (have_device())
		test_builder();
}

TAP_TEST(regions)
{
	if (have_device())
		test_regions();
}

TAP_TEST(contexts)
{
	if (have_device())
		test_contexts();
}

TAP_TEST(jobs)
{
	if (have_device())
		test_jobs();
}

TAP_TEST(device_shapes)
{
	if (have_device())
		test_device_shapes();
}

TAP_TEST(unpack)
{
	if (have_device())
		test_unpack();
}

TAP_TEST(iterator)
{
	if (have_device())
		test_iterator();
}

TAP_TEST(threads)
{
	if (have_device())
		test_threads();
}

TAP_TEST(lifetime)
{
	if (have_device())
		test_lifetime();
}

TAP_TEST(schedule)
{
	if (have_device())
		test_schedule();
}

TAP_TEST(locks)
{
	if (have_device())
		test_locks();
}

TAP_TEST(user_queues)
{
	if (have_device())
		test_user_queues();
}

/* Last: device 0 is removed under a queue, then rescanned. */
TAP_TEST(uq_removed)
{
	bool on_device;

	if (!have_device())
		return;
	on_device = idxgen_backend_of(dev) == IDXGEN_BACKEND_DRM;
	idxgen_close(dev);
	dev = NULL;
	test_uq_removed(on_device);
}

int main(int argc, char **argv)
{
	int rc = tap_run(argc, argv);

	if (dev)
		idxgen_close(dev);
	return rc < 0 ? tap_done() : rc;
}
