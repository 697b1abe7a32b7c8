// SPDX-License-Identifier: MIT
/*
 * idxgen-drv-test: regions - history across the shared and dedicated
 * regions, handles private to a file, reservation objects.
 */
#include "drv_test.h"

void test_history_regions(struct dev *d)
{
	struct drm_idxgen_config x, y;
	struct drm_idxgen_job_result r;
	uint32_t ctx, reg, reg2;
	const void *sm, *m;
	uint64_t size;
	bool hit;

	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	{
		/* docs/design.md#arbiter: shared-region jobs run only for the holder of lock 0 */
		struct drm_idxgen_lock lk = {.ctx_id = ctx, .lock = 0};

		tap_ok(ioctl(d->fd, DRM_IOCTL_IDXGEN_LOCK, &lk) == 0, "shared: LOCK 0");
	}
	sm = region_map(d->fd, d->shared_handle, NULL);
	cfg_make(&x, d, d->shared_handle, 0, 29, 3, 2);
	cfg_make(&y, d, d->shared_handle, 64, 31, 5, 1); /* overlaps x */

	tap_ok(run(d->fd, ctx, &y, 1, &r) == 0 && r.status == 0 && output_ok(sm, &y),
	       "shared: Y written");
	tap_ok(run(d->fd, ctx, &x, 1, &r) == 0 && r.status == 0 &&
		   !(r.result_flags & DRM_IDXGEN_RESULT_HIT) && output_ok(sm, &x),
	       "shared: X miss");
	tap_ok(run(d->fd, ctx, &x, 1, &r) == 0 && (r.result_flags & DRM_IDXGEN_RESULT_HIT) &&
		   output_ok(sm, &x),
	       "shared: X again hits");
	tap_ok(run(d->fd, ctx, &y, 1, &r) == 0 && !(r.result_flags & DRM_IDXGEN_RESULT_HIT),
	       "shared: Y overwrites (miss)");
	tap_ok(run(d->fd, ctx, &x, 1, &r) == 0 && !(r.result_flags & DRM_IDXGEN_RESULT_HIT) &&
		   output_ok(sm, &x),
	       "shared: X after the overwrite misses, output correct");
	x.flags = DRM_IDXGEN_CONFIG_NO_HISTORY;
	tap_ok(run(d->fd, ctx, &x, 1, &r) == 0 && !(r.result_flags & DRM_IDXGEN_RESULT_HIT),
	       "NO_HISTORY: always generates");

	/* a freed and reallocated dedicated range: zeroed, no stale history */
	region_create(d->fd, 64 << 10, &reg);
	m = region_map(d->fd, reg, &size);
	cfg_make(&x, d, reg, 0, 40, 40, 4);
	tap_ok(run(d->fd, ctx, &x, 1, &r) == 0 && r.status == 0 && m && output_ok(m, &x),
	       "dedicated: written");
	tap_ok(run(d->fd, ctx, &x, 1, &r) == 0 && (r.result_flags & DRM_IDXGEN_RESULT_HIT),
	       "dedicated: hit on the second launch");
	munmap((void *)m, size);
	gem_close(d->fd, reg);
	region_create(d->fd, 64 << 10, &reg2);
	m = region_map(d->fd, reg2, &size);
	tap_ok(m && all_zero(m, size),
	       "reallocated range reads as zeroes (no previous owner data)");
	cfg_make(&x, d, reg2, 0, 40, 40, 4);
	hit = run(d->fd, ctx, &x, 1, &r) == 0 && (r.result_flags & DRM_IDXGEN_RESULT_HIT);
	tap_ok(!hit && r.status == 0 && output_ok(m, &x),
	       "reallocated range: no stale history hit");
	munmap((void *)m, size);
	gem_close(d->fd, reg2);
	munmap((void *)sm, d->shared);
	ctx_destroy(d->fd, ctx);
}

/* Another file's region handle means nothing here. */
void test_isolation(int minor)
{
	struct dev a, b;
	struct drm_idxgen_config c;
	uint32_t ra, ctx;
	uint64_t first;

	if (dev_open(&a, minor) || dev_open(&b, minor)) {
		tap_ok(0, "isolation: open");
		return;
	}
	region_create(a.fd, 1 << 16, &ra);
	ctx_create(b.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	cfg_make(&c, &b, ra, 0, 8, 8, 8);
	tap_ok(submit(b.fd, ctx, &c, 1, 0, 0, &first) == -ENOENT,
	       "a region handle of another fd cannot be used (ENOENT)");
	close(a.fd);
	close(b.fd);
}

/*
 * One try: the shared region's reservation object holds the running job's
 * fence.  The first job of the batch hangs (debug block), so the fence is
 * certainly still unsignalled when debugfs is read; a long batch alone was
 * done before the read on the debug kernel under load (busy 0).  The
 * timeout then resets the device and the rest of the batch runs.  The batch
 * unfinished after the read (its syncobj unsignalled) proves that its fence
 * was pending at the read; a batch already over (the job timeout fired
 * before the read: a slow run) has nothing to check: -1, tried again.
 */
static int resv_try(struct dev *d, uint32_t ctx, uint32_t sh, int try)
{
	static struct drm_idxgen_config c[DRM_IDXGEN_MAX_BATCH];
	struct drm_idxgen_lock lk = {.ctx_id = ctx, .lock = 0};
	long busy, idle;
	bool pending;
	uint32_t so, i;
	int e;

	drmSyncobjCreate(d->fd, 0, &so);
	for (i = 0; i < DRM_IDXGEN_MAX_BATCH; i++) {
		cfg_make(&c[i], d, sh, (i % 8) * (256 << 10), 64, 64, 16);
		c[i].flags = DRM_IDXGEN_CONFIG_NO_HISTORY;
	}
	/* docs/design.md#arbiter: shared-region jobs run only for the holder of lock 0 */
	e = ioctl(d->fd, DRM_IOCTL_IDXGEN_LOCK, &lk) && errno != EDEADLK ? -errno : 0;	/* EDEADLK: held */
	e = e ?: inject(d, IDXGEN_FAULT_HANG_JOB);
	e = e ?: submit(d->fd, ctx, c, DRM_IDXGEN_MAX_BATCH, 0, so, NULL);
	busy = dbg_value(d, "regions", "shared_busy");
	pending = !e && sync_wait(d->fd, so, 0) != 0;
	e = e ?: sync_wait(d->fd, so, HANG_GUARD_S);
	idle = dbg_value(d, "regions", "shared_busy");
	drmSyncobjDestroy(d->fd, so);
	if (e == 0 && busy == 0 && !pending)
		return -1;
	return tap_ok(e == 0 && busy == 1 && idle == 0,
		      "the shared region's reservation object holds the running job's fence "
		      "(busy %ld, then %ld, try %d)",
		      busy, idle, try);
}

/* uapi v2: a job's fence sits on its regions' reservation objects while it runs. */
void test_resv(struct dev *d)
{
	uint32_t ctx, sh;
	int try, res = -1;

	if (!(d->features & IDXGEN_FEAT_DEBUG)) {
		tap_skip("no debug block to hang a job", "the shared region's reservation object");
		return;
	}
	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	region_shared(d->fd, &sh, NULL);
	for (try = 1; try <= 3 && res < 0; try++)
		res = resv_try(d, ctx, sh, try);
	if (res < 0)
		tap_skip("the batch had ended before debugfs was read on 3 tries (a slow run)",
			 "the shared region's reservation object holds the running job's fence");
	gem_close(d->fd, sh);
	ctx_destroy(d->fd, ctx);
}
