// SPDX-License-Identifier: MIT
/*
 * idxgen-drv-test: system suspend/resume through pm_test.
 */
#include "drv_test.h"

/*
 * System suspend/resume through the PM core's test hook: pm_test=devices
 * suspends every device (our .suspend), waits pm_test_delay seconds and
 * resumes them (our .resume) without entering a sleep state, which TCG
 * cannot.  Covered: the driver's suspend and resume callbacks with jobs in
 * flight (parked, replayed after the firmware reload), new jobs after.  Not
 * covered: the platform's sleep, the noirq phases' power transitions.
 */
void test_suspend(struct dev *d)
{
	static struct drm_idxgen_config c[8];
	struct drm_idxgen_job_result r;
	uint32_t ctx, reg, so[8];
	uint64_t first[8], size;
	const void *m;
	int k, e = 0, good = 0, fd, w;

	if (access("/sys/power/pm_test", W_OK)) {
		tap_skip("no /sys/power/pm_test (CONFIG_PM_DEBUG)", "suspend/resume");
		return;
	}
	write_file("/sys/module/suspend/parameters/pm_test_delay", "1");
	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	region_create(d->fd, 1 << 20, &reg);
	m = region_map(d->fd, reg, &size);
	fd = kmsg_open();
	for (k = 0; k < 8; k++) {
		cfg_make(&c[k], d, reg, (uint64_t)k << 16, 64, 64, 2 + k % 3);
		drmSyncobjCreate(d->fd, 0, &so[k]);
		e = e ?: submit(d->fd, ctx, &c[k], 1, 0, so[k], &first[k]);
	}
	w = write_file("/sys/power/pm_test", "devices");
	w = w ?: write_file("/sys/power/state", "freeze");
	write_file("/sys/power/pm_test", "none");
	tap_ok(w == 0, "suspend to idle with pm_test=devices (%d)", w);
	tap_ok(kmsg_wait(fd, "[drm] resumed", HANG_GUARD_S), "the driver's suspend and resume callbacks ran");
	for (k = 0; k < 8; k++) {
		if (!e && !sync_wait(d->fd, so[k], HANG_GUARD_S) &&
		    !job_result(d->fd, ctx, first[k], &r) &&
		    !r.error && !r.status && output_ok(m, &c[k]))
			good++;
		drmSyncobjDestroy(d->fd, so[k]);
	}
	tap_ok(e == 0 && good == 8, "suspend: the 8 jobs in flight complete correctly (%d)", good);
	tap_ok(job_works_fresh(d), "job after resume works");
	close(fd);
	munmap((void *)m, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
}
