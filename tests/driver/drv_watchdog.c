// SPDX-License-Identifier: MIT
/*
 * idxgen-drv-test watchdog: the driver's watchdog judges progress (issue
 * 42).  A job that keeps writing warps (Q_WARPS_READY) is never reset, however
 * long it runs; a job that stops is.  Run on a throttled device model
 * (QEMU's clock-khz, tests/vm/watchdog.suites booted by tests/run-tests.sh),
 * where one job's model time is several job timeouts.
 *
 * Nothing here measures time: the job's length follows from the device's
 * own clock (PARAM_CLOCK_KHZ: one warp a cycle once the job is past its
 * filter cycles), and the waits' bounds are hang guards only.
 */
#include <inttypes.h>
#include <sys/mman.h>

#include "drv_test.h"

/* The long job lasts this many job timeouts of model time. */
#define WATCHDOG_TIMEOUTS 4
/* Hang guard of each wait: 600 s, 75x the long job's 8 s at 1 kHz, 2 s timeout. */
#define WATCHDOG_HANG_GUARD_S 600

static uint32_t device_resets(int fd, uint32_t ctx)
{
	struct drm_idxgen_ctx_query q = {0};

	return ctx_query(fd, ctx, &q) ? ~0u : q.device_resets;
}

/* A job of WARPS warps of the device's lanes: lanes x rows, one block. */
static bool long_job_shape(const struct dev *d, uint64_t warps, struct drm_idxgen_config *c,
			   uint32_t reg)
{
	uint64_t max_y = param(d->fd, DRM_IDXGEN_PARAM_MAX_DIM_Y);

	if (warps > max_y || warps * d->lanes > d->max_threads)
		return false;
	cfg_make(c, d, reg, 0, d->lanes, warps, 1);
	c->flags = DRM_IDXGEN_CONFIG_NO_HISTORY;	/* a history hit takes no time */
	return true;
}

void test_watchdog(struct dev *d)
{
	struct drm_idxgen_job_result r = {0};
	struct drm_idxgen_config c;
	uint64_t khz = param(d->fd, DRM_IDXGEN_PARAM_CLOCK_KHZ), warps, size, seq = 0;
	long tmo = timeout_ms();
	uint32_t ctx, reg, before;
	const void *m;
	int e;

	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	warps = WATCHDOG_TIMEOUTS * (uint64_t)tmo * khz;	/* cycles of 4 timeouts */
	region_create(d->fd, 8 << 20, &reg);
	m = region_map(d->fd, reg, &size);
	if (!tap_ok(d->features & IDXGEN_FEAT_INCREMENTAL,
		    "the device reports its progress (IDXGEN_FEAT_INCREMENTAL)") ||
	    !tap_ok(m && long_job_shape(d, warps, &c, reg) && cfg_bytes(&c) <= size,
		    "the device is throttled: a job of %d job timeouts (%ld ms) at %" PRIu64
		    " kHz is %" PRIu64 " warps, within its limits",
		    WATCHDOG_TIMEOUTS, tmo, khz, warps))
		goto out;

	before = device_resets(d->fd, ctx);
	e = submit(d->fd, ctx, &c, 1, 0, 0, &seq);
	e = e ?: wait_job(d->fd, ctx, seq, abs_timeout(WATCHDOG_HANG_GUARD_S), &r);
	tap_ok(e == 0 && r.error == 0 && r.status == 0 && output_ok(m, &c),
	       "a job of %d job timeouts that writes warps all along completes (%d, error %d)",
	       WATCHDOG_TIMEOUTS, e, r.error);
	tap_ok(device_resets(d->fd, ctx) == before,
	       "  and the device was not reset (resets %u, then %u)", before,
	       device_resets(d->fd, ctx));

	if (!(d->features & IDXGEN_FEAT_DEBUG)) {
		tap_ok(0, "the throttled device has the debug block to hang a job");
		goto out;
	}
	before = device_resets(d->fd, ctx);
	cfg_make(&c, d, reg, 0, 20, 20, 2);
	e = inject(d, IDXGEN_FAULT_HANG_JOB);
	e = e ?: submit(d->fd, ctx, &c, 1, 0, 0, &seq);
	e = e ?: wait_job(d->fd, ctx, seq, abs_timeout(WATCHDOG_HANG_GUARD_S), &r);
	tap_ok(e == 0 && r.error == -ETIMEDOUT,
	       "a job that stops (hung) is still reset: -ETIMEDOUT (%d, error %d)", e, r.error);
	tap_ok(device_resets(d->fd, ctx) == before + 1, "  one device reset (%u, then %u)", before,
	       device_resets(d->fd, ctx));
	tap_ok(job_works(d, ctx, reg, m, 19), "  and a job after it works");
	inject(d, 0);
out:
	if (m)
		munmap((void *)m, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
}
