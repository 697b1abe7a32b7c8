// SPDX-License-Identifier: MIT
/*
 * idxgen-drv-test: the uapi - GET_PARAM, every ioctl's bad arguments,
 * device-side validation, uapi v2 (WAIT, CTX_QUERY).
 */
#include "drv_test.h"

void test_params(struct dev *d)
{
	struct drm_idxgen_get_param a = {0};
	uint32_t p;
	bool all = true;

	for (p = 0; p <= DRM_IDXGEN_PARAM_DEDICATED_FREE; p++)
		all &= param(d->fd, p) != ~0ull;
	tap_ok(all, "accel%d: every GET_PARAM readable", d->minor);
	tap_ok(param(d->fd, DRM_IDXGEN_PARAM_DEVICE_ID) ==
		   ((IDXGEN_PCI_VENDOR_ID << 16) | IDXGEN_PCI_DEVICE_ID),
	       "accel%d: device id", d->minor);
	tap_ok(param(d->fd, DRM_IDXGEN_PARAM_FW_VERSION) != 0, "accel%d: firmware version %#llx",
	       d->minor, (unsigned long long)param(d->fd, DRM_IDXGEN_PARAM_FW_VERSION));
	tap_ok(d->lanes >= 1 && d->queues >= 1 && d->imem >= (1 << 20) && d->shared >= 4096 &&
		   d->shared < d->imem,
	       "accel%d: lanes %llu queues %llu imem %llu shared %llu", d->minor,
	       (unsigned long long)d->lanes, (unsigned long long)d->queues,
	       (unsigned long long)d->imem, (unsigned long long)d->shared);
	a.param = 1000;
	tap_ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_GET_PARAM, &a) == -EINVAL,
	       "GET_PARAM unknown -> EINVAL");
	a.param = 0;
	a.pad = 1;
	tap_ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_GET_PARAM, &a) == -EINVAL, "GET_PARAM pad -> EINVAL");
}

void test_invalid(struct dev *d)
{
	int fd = d->fd;
	long ctxs0 = dbg_value(d, "objects", "contexts");
	long regs0 = dbg_value(d, "objects", "regions");
	uint64_t free0 = param(fd, DRM_IDXGEN_PARAM_DEDICATED_FREE);
	struct drm_idxgen_ctx_create cc;
	struct drm_idxgen_ctx_destroy cd;
	struct drm_idxgen_region_create rc;
	struct drm_idxgen_region_shared rs;
	struct drm_idxgen_region_info ri;
	struct drm_idxgen_submit sb;
	struct drm_idxgen_job_result jr;
	struct drm_idxgen_config cfg, big[2];
	uint8_t ext[sizeof(cfg) + 8];
	uint32_t ctx, reg, so;
	uint64_t first = 0;
	int r;

	/* CTX_CREATE */
	cc = (struct drm_idxgen_ctx_create){.flags = 1};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &cc) == -EINVAL,
	       "CTX_CREATE flags -> EINVAL");
	cc = (struct drm_idxgen_ctx_create){.pad = 1};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &cc) == -EINVAL, "CTX_CREATE pad -> EINVAL");
	cc = (struct drm_idxgen_ctx_create){.priority = 3};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &cc) == -EINVAL,
	       "CTX_CREATE priority 3 -> EINVAL");
	cc = (struct drm_idxgen_ctx_create){.ctx_id = 77};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &cc) == 0 && cc.ctx_id &&
		   ctx_destroy(fd, cc.ctx_id) == 0,
	       "CTX_CREATE ignores the out field, destroy works");
	tap_ok(dbg_wait(d, "objects", "contexts", ctxs0), "no context left behind (%ld)", ctxs0);

	/* CTX_DESTROY */
	tap_ok(ctx_create(fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx) == 0, "CTX_CREATE normal");
	cd = (struct drm_idxgen_ctx_destroy){.ctx_id = ctx, .pad = 1};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_CTX_DESTROY, &cd) == -EINVAL,
	       "CTX_DESTROY pad -> EINVAL");
	tap_ok(ctx_destroy(fd, ctx + 1000) == -ENOENT, "CTX_DESTROY unknown -> ENOENT");
	tap_ok(ctx_destroy(fd, 0) == -ENOENT, "CTX_DESTROY 0 -> ENOENT");

	/* REGION_CREATE */
	rc = (struct drm_idxgen_region_create){.size = 4096, .flags = 1};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &rc) == -EINVAL,
	       "REGION_CREATE flags -> EINVAL");
	rc = (struct drm_idxgen_region_create){.size = 0};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &rc) == -EINVAL,
	       "REGION_CREATE size 0 -> EINVAL");
	rc = (struct drm_idxgen_region_create){.size = d->imem - d->shared + 1};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &rc) == -EINVAL,
	       "REGION_CREATE above the pool -> EINVAL");
	rc = (struct drm_idxgen_region_create){.size = ~0ull};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &rc) == -EINVAL,
	       "REGION_CREATE size 2^64-1 -> EINVAL");
	tap_ok(dbg_value(d, "objects", "regions") == regs0 &&
		   param(fd, DRM_IDXGEN_PARAM_DEDICATED_FREE) == free0,
	       "failed creates left nothing");

	/* REGION_SHARED / INFO */
	rs = (struct drm_idxgen_region_shared){.flags = 1};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_SHARED, &rs) == -EINVAL,
	       "REGION_SHARED flags -> EINVAL");
	tap_ok(region_create(fd, 5000, &reg) == 0, "REGION_CREATE 5000 bytes");
	ri = (struct drm_idxgen_region_info){.handle = reg};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_INFO, &ri) == 0 && ri.size == 8192 &&
		   ri.kind == DRM_IDXGEN_REGION_DEDICATED && ri.mmap_offset,
	       "REGION_INFO: rounded to pages, dedicated");
	ri = (struct drm_idxgen_region_info){.handle = reg, .flags = 1};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_INFO, &ri) == -EINVAL,
	       "REGION_INFO flags -> EINVAL");
	ri = (struct drm_idxgen_region_info){.handle = reg, .pad = 1};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_INFO, &ri) == -EINVAL,
	       "REGION_INFO pad -> EINVAL");
	ri = (struct drm_idxgen_region_info){.handle = reg + 1000};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_INFO, &ri) == -ENOENT,
	       "REGION_INFO bad handle -> ENOENT");
	ri = (struct drm_idxgen_region_info){.handle = d->shared_handle};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_INFO, &ri) == 0 &&
		   ri.kind == DRM_IDXGEN_REGION_KIND_SHARED && ri.size == d->shared,
	       "REGION_INFO shared region");

	/* mmap: read-only only */
	ri = (struct drm_idxgen_region_info){.handle = reg};
	xioctl(fd, DRM_IOCTL_IDXGEN_REGION_INFO, &ri);
	{
		void *p =
		    mmap(NULL, ri.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, ri.mmap_offset);
		int e = errno;

		tap_ok(p == MAP_FAILED && e == EACCES, "mmap PROT_WRITE -> EACCES");
		p = mmap(NULL, ri.size, PROT_READ, MAP_SHARED, fd, ri.mmap_offset);
		tap_ok(p != MAP_FAILED && mprotect(p, ri.size, PROT_READ | PROT_WRITE) != 0,
		       "mprotect to writable refused");
		tap_ok(p != MAP_FAILED && all_zero(p, ri.size), "new region reads as zeroes");
		if (p != MAP_FAILED)
			munmap(p, ri.size);
		p = mmap(NULL, ri.size, PROT_READ, MAP_SHARED, fd, ri.mmap_offset + 1000 * 4096);
		tap_ok(p == MAP_FAILED, "mmap at an unknown offset refused");
	}

	/* SUBMIT */
	cfg_make(&cfg, d, reg, 0, 4, 4, 4);
#define SB(...)                                                                                    \
	(sb = (struct drm_idxgen_submit){.ctx_id = ctx,                                            \
					 .count = 1,                                               \
					 .configs = (uintptr_t)&cfg,                               \
					 .config_size = sizeof(cfg),                               \
					 __VA_ARGS__},                                             \
	 xioctl(fd, DRM_IOCTL_IDXGEN_SUBMIT, &sb))
	tap_ok(SB(.flags = 1) == -EINVAL, "SUBMIT flags -> EINVAL");
	tap_ok(SB(.count = 0) == -EINVAL, "SUBMIT count 0 -> EINVAL");
	tap_ok(SB(.count = DRM_IDXGEN_MAX_BATCH + 1) == -EINVAL,
	       "SUBMIT count above max -> EINVAL");
	tap_ok(SB(.config_size = sizeof(cfg) - 8) == -EINVAL, "SUBMIT config_size small -> EINVAL");
	tap_ok(SB(.config_size = 1 << 20) == -EINVAL, "SUBMIT config_size huge -> EINVAL");
	tap_ok(SB(.ctx_id = ctx + 1000) == -ENOENT, "SUBMIT unknown ctx -> ENOENT");
	tap_ok(SB(.configs = 8) == -EFAULT, "SUBMIT bad configs pointer -> EFAULT");
	tap_ok(SB(.in_syncobj = 0x7777) == -ENOENT, "SUBMIT unknown in_syncobj -> ENOENT");
	tap_ok(SB(.out_syncobj = 0x7777) == -ENOENT, "SUBMIT unknown out_syncobj -> ENOENT");
	cfg.region = reg + 1000;
	tap_ok(SB() == -ENOENT, "SUBMIT unknown region -> ENOENT");
	cfg_make(&cfg, d, reg, 0, 4, 4, 4);
	cfg.flags = 2;
	tap_ok(SB() == -EINVAL, "SUBMIT config flags -> EINVAL");
	cfg_make(&cfg, d, reg, 0, 4, 4, 4);
	cfg.pad0 = 1;
	tap_ok(SB() == -EINVAL, "SUBMIT config pad0 -> EINVAL");
	cfg_make(&cfg, d, reg, 0, 4, 4, 4);
	cfg.pad1 = 1;
	tap_ok(SB() == -EINVAL, "SUBMIT config pad1 -> EINVAL");
	cfg_make(&cfg, d, reg, 0, 4, 4, 4);
	cfg.rsvd = 1;
	tap_ok(SB() == -EINVAL, "SUBMIT config rsvd -> EINVAL");
	if (!(d->features & IDXGEN_FEAT_SCHED_ORDERS)) {
		cfg_make(&cfg, d, reg, 0, 4, 4, 4);
		cfg.order = 1;
		tap_ok(SB() == -EINVAL, "SUBMIT schedule order without device support -> EINVAL");
		cfg_make(&cfg, d, reg, 0, 4, 4, 4);
		cfg.granularity = 1;
		tap_ok(SB() == -EINVAL, "SUBMIT granularity without device support -> EINVAL");
		cfg_make(&cfg, d, reg, 0, 4, 4, 4);
		cfg.stride = 1;
		tap_ok(SB() == -EINVAL, "SUBMIT stride without device support -> EINVAL");
		cfg_make(&cfg, d, reg, 0, 4, 4, 4);
		cfg.tile_w = 1;
		tap_ok(SB() == -EINVAL, "SUBMIT tile_w without device support -> EINVAL");
		cfg_make(&cfg, d, reg, 0, 4, 4, 4);
		cfg.tile_h = 1;
		tap_ok(SB() == -EINVAL, "SUBMIT tile_h without device support -> EINVAL");
	}
	cfg_make(&cfg, d, reg, 0, 4, 4, 4);
	cfg.word_size = 3;
	tap_ok(SB() == -EINVAL, "SUBMIT word_size 3 -> EINVAL");
	cfg_make(&cfg, d, reg, 1, 4, 4, 4);
	tap_ok(SB() == -EINVAL, "SUBMIT misaligned offset -> EINVAL");
	cfg_make(&cfg, d, reg, 8192 - 2, 4, 4, 4);
	tap_ok(SB() == -EINVAL, "SUBMIT output past the region end -> EINVAL");
	cfg_make(&cfg, d, reg, 1ull << 40, 1, 1, 1);
	tap_ok(SB() == -EINVAL, "SUBMIT offset beyond the region -> EINVAL");
	cfg_make(&cfg, d, reg, 0, 64, 64, 64); /* 512 KiB in an 8 KiB region */
	tap_ok(SB() == -EINVAL, "SUBMIT block larger than the region -> EINVAL");
	cfg_make(&big[0], d, reg, 0, 4, 4, 4);
	cfg_make(&big[1], d, reg, 0, 4, 4, 4);
	big[1].rsvd = 5;
	sb = (struct drm_idxgen_submit){
	    .ctx_id = ctx, .count = 2, .configs = (uintptr_t)big, .config_size = sizeof(cfg)};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_SUBMIT, &sb) == -EINVAL,
	       "SUBMIT batch with one bad config -> EINVAL");
	cfg_make(&cfg, d, reg, 0, 4, 4, 4);
	memset(ext, 0, sizeof(ext));
	memcpy(ext, &cfg, sizeof(cfg));
	ext[sizeof(cfg) + 3] = 1;
	sb = (struct drm_idxgen_submit){
	    .ctx_id = ctx, .count = 1, .configs = (uintptr_t)ext, .config_size = sizeof(ext)};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_SUBMIT, &sb) == -EINVAL,
	       "SUBMIT larger config with unknown non-zero field -> EINVAL");
	tap_ok(dbg_value(d, "objects", "jobs") == 0, "no job queued by the failures");

	/* nothing was queued: the next valid submission is seq 1 */
	ext[sizeof(cfg) + 3] = 0;
	drmSyncobjCreate(fd, 0, &so);
	sb = (struct drm_idxgen_submit){.ctx_id = ctx,
					.count = 1,
					.configs = (uintptr_t)ext,
					.config_size = sizeof(ext),
					.out_syncobj = so};
	r = xioctl(fd, DRM_IOCTL_IDXGEN_SUBMIT, &sb);
	first = sb.first_seq;
	tap_ok(r == 0 && first == 1,
	       "larger config with zero tail accepted, first seq 1 (%d, %llu)", r,
	       (unsigned long long)first);
	tap_ok(sync_wait(fd, so, HANG_GUARD_S) == 0, "drmSyncobjWait");
	drmSyncobjDestroy(fd, so);

	/* JOB_RESULT */
	jr = (struct drm_idxgen_job_result){.ctx_id = ctx, .seq = 1, .flags = 1};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_JOB_RESULT, &jr) == -EINVAL,
	       "JOB_RESULT flags -> EINVAL");
	jr = (struct drm_idxgen_job_result){.ctx_id = ctx + 1000, .seq = 1};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_JOB_RESULT, &jr) == -ENOENT,
	       "JOB_RESULT unknown ctx -> ENOENT");
	jr = (struct drm_idxgen_job_result){.ctx_id = ctx, .seq = 0};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_JOB_RESULT, &jr) == -ENOENT,
	       "JOB_RESULT seq 0 -> ENOENT");
	jr = (struct drm_idxgen_job_result){.ctx_id = ctx, .seq = 2};
	tap_ok(xioctl(fd, DRM_IOCTL_IDXGEN_JOB_RESULT, &jr) == -ENOENT,
	       "JOB_RESULT future seq -> ENOENT");
	r = job_result(fd, ctx, 1, &jr);
	tap_ok(r == 0 && jr.error == 0 && jr.status == DRM_IDXGEN_STATUS_OK && jr.threads == 64,
	       "JOB_RESULT seq 1: ok, 64 threads");

	/* device-side validation comes back as a status, not an errno */
	cfg_make(&cfg, d, reg, 0, 4, 4, 4);
	cfg.xc++;
	{
		struct drm_idxgen_job_result res;

		tap_ok(run(fd, ctx, &cfg, 1, &res) == 0 && res.error == 0 &&
			   res.status == DRM_IDXGEN_STATUS_BAD_STEP_INDEX,
		       "bad step index reported by the device (status %u)", res.status);
		cfg_make(&cfg, d, reg, 0, 4, 4, 4);
		cfg.mx = 1;
		tap_ok(run(fd, ctx, &cfg, 1, &res) == 0 &&
			   res.status == DRM_IDXGEN_STATUS_WIDTH_TOO_SMALL,
		       "narrow width reported by the device (status %u)", res.status);
		cfg_make(&cfg, d, reg, 0, 4, 4, 4);
		cfg.grid_blocks = 2;
		tap_ok(run(fd, ctx, &cfg, 1, &res) == 0 && res.status == DRM_IDXGEN_STATUS_BAD_GRID,
		       "grid_blocks 2 reported by the device (status %u)", res.status);
		cfg_make(&cfg, d, reg, 0, 4, 4, 4);
		cfg.dy = 0;
		tap_ok(run(fd, ctx, &cfg, 1, &res) == 0 && res.status == DRM_IDXGEN_STATUS_BAD_DIMS,
		       "dy 0 reported by the device (status %u)", res.status);
		cfg_make(&cfg, d, reg, 0, 4, 4, 4);
		cfg.c = 0;
		tap_ok(run(fd, ctx, &cfg, 1, &res) == 0 && res.status == DRM_IDXGEN_STATUS_BAD_STEP,
		       "step 0 reported by the device (status %u)", res.status);
	}

	/* unknown driver ioctl */
	{
		char buf[16] = {0};

		tap_ok(xioctl(fd, DRM_IOWR(DRM_COMMAND_BASE + 0x30, char[16]), buf) == -EINVAL,
		       "unknown driver ioctl -> EINVAL");
	}

	tap_ok(gem_close(fd, reg) == 0, "GEM_CLOSE region");
	tap_ok(gem_close(fd, reg) == -EINVAL, "GEM_CLOSE twice -> EINVAL");
	tap_ok(ctx_destroy(fd, ctx) == 0, "CTX_DESTROY");
	tap_ok(ctx_destroy(fd, ctx) == -ENOENT, "CTX_DESTROY twice -> ENOENT");
#undef SB
}

/*
 * One try of a WAIT with a past deadline on a job that cannot have finished:
 * one the device hangs on (debug block); a merely long batch was done before
 * the WAIT on the debug kernel under load.  A hung job still ends when the
 * job timeout fires: the kernel log, read just before the WAIT, tells
 * whether that was before it (a slow run, nothing to check, -1) or not (a
 * WAIT that then returns the job's -ETIMEDOUT blocked until the watchdog
 * instead of returning at once: the bug, 0).  1: -ETIME at once.  Then a
 * WAIT without a deadline returns the job's -ETIMEDOUT once the timeout
 * fired.
 */
static int past_deadline_try(struct dev *d, uint32_t reg, int *err,
			     struct drm_idxgen_job_result *r)
{
	struct drm_idxgen_config c;
	uint32_t hctx = 0;
	uint64_t hseq = 0;
	bool timeout_first;
	int e, k, res;

	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &hctx);
	cfg_make(&c, d, reg, 0, 20, 20, 2);
	k = kmsg_open();
	e = inject(d, IDXGEN_FAULT_HANG_JOB);
	e = e ?: submit(d->fd, hctx, &c, 1, 0, 0, &hseq);
	timeout_first = kmsg_seen(k, "job timeout");
	e = e ?: wait_job(d->fd, hctx, hseq, 0, r);
	close(k);
	*err = e;
	if (e == -ETIME)
		res = 1;
	else if (e == 0 && r->error == -ETIMEDOUT && timeout_first)
		res = -1;
	else
		res = 0;
	e = wait_job(d->fd, hctx, hseq, abs_timeout(HANG_GUARD_S), r);
	tap_ok(e == 0 && r->error == -ETIMEDOUT,
	       "a WAIT on the hung job returns its -ETIMEDOUT once the timeout fired (%d, error %d)", e,
	       r->error);
	ctx_destroy(d->fd, hctx);
	return res;
}

/* Past-deadline WAITs until one tells: a slow run is tried again, 3 times at most. */
static void past_deadline_wait(struct dev *d, uint32_t reg)
{
	struct drm_idxgen_job_result r = {0};
	int try, res = -1, e = 0;

	for (try = 1; try <= 3 && res < 0; try++)
		res = past_deadline_try(d, reg, &e, &r);
	if (res < 0)
		tap_skip("the job timeout fired before the WAIT on 3 tries (the kernel log before it)",
			 "WAIT with a past deadline on a running (hung) job -> ETIME");
	else
		tap_ok(res == 1,
		       "WAIT with a past deadline on a running (hung) job -> ETIME at once, not "
		       "when the job timeout fires (%d, error %d, try %d)",
		       e, r.error, try - 1);
}

/* uapi v2 (driver 1.1): the new params, WAIT and CTX_QUERY, and every bad input. */
void test_uapi_v2(struct dev *d)
{
	static struct drm_idxgen_config c[DRM_IDXGEN_MAX_BATCH];
	struct drm_idxgen_get_param gp = {0};
	struct drm_idxgen_job_result r = {0}, rr;
	struct drm_idxgen_ctx_query q;
	struct drm_idxgen_wait w;
	drmVersionPtr v = drmGetVersion(d->fd);
	uint32_t ctx, reg, i;
	uint64_t first, size;
	const void *m;
	long tmo = timeout_ms();
	int e;

	tap_ok(v && v->version_major == 1 && v->version_minor == 2,
	       "driver version 1.2 (uapi v3, 1.0 ABI)");
	if (v)
		drmFreeVersion(v);
	tap_ok(param(d->fd, DRM_IDXGEN_PARAM_RING_SIZE) == 512, "PARAM_RING_SIZE 512");
	tap_ok(param(d->fd, DRM_IDXGEN_PARAM_MAX_BATCH) == DRM_IDXGEN_MAX_BATCH, "PARAM_MAX_BATCH");
	tap_ok(param(d->fd, DRM_IDXGEN_PARAM_UAPI_FEATURES) ==
		   (DRM_IDXGEN_UAPI_WAIT | DRM_IDXGEN_UAPI_CTX_QUERY | DRM_IDXGEN_UAPI_DEP_CANCEL |
		    DRM_IDXGEN_UAPI_SYNC_ARRAYS | DRM_IDXGEN_UAPI_RESET_SEQ |
		    (d->features & IDXGEN_FEAT_USER_QUEUES ? DRM_IDXGEN_UAPI_USER_QUEUES : 0) |
		    (d->features & IDXGEN_FEAT_UQ_SHADOW ? DRM_IDXGEN_UAPI_UQ_SHADOW : 0) |
		    (d->features & IDXGEN_FEAT_USER_QUEUES ? DRM_IDXGEN_UAPI_UQ_DROP_REST : 0)),
	       "PARAM_UAPI_FEATURES: WAIT, CTX_QUERY, DEP_CANCEL, SYNC_ARRAYS, RESET_SEQ, "
	       "USER_QUEUES, UQ_SHADOW and UQ_DROP_REST iff the device has them");
	tap_ok(param(d->fd, DRM_IDXGEN_PARAM_JOB_TIMEOUT_MS) == (uint64_t)tmo,
	       "PARAM_JOB_TIMEOUT_MS equals the module parameter (%ld)", tmo);
	tap_ok(param(d->fd, DRM_IDXGEN_PARAM_DEVICE_STATE) == DRM_IDXGEN_DEVICE_RUNNING,
	       "PARAM_DEVICE_STATE running");
	tap_ok(param(d->fd, DRM_IDXGEN_PARAM_RESULT_WINDOW) == DRM_IDXGEN_RESULT_WINDOW,
	       "PARAM_RESULT_WINDOW");
	/* no reset runs now: an even count (earlier suites may have reset the device) */
	tap_ok(param(d->fd, DRM_IDXGEN_PARAM_RESET_SEQ) % 2 == 0, "PARAM_RESET_SEQ even (%llu)",
	       (unsigned long long)param(d->fd, DRM_IDXGEN_PARAM_RESET_SEQ));
	gp.param = 23;
	tap_ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_GET_PARAM, &gp) == -EINVAL, "GET_PARAM 23 -> EINVAL");

	region_create(d->fd, 2 << 20, &reg);
	m = region_map(d->fd, reg, &size);
	if (d->features & IDXGEN_FEAT_DEBUG) {
		past_deadline_wait(d, reg);
	} else {
		tap_skip("no debug block to hang a job",
			 "WAIT with a past deadline on a running job");
		tap_skip("no debug block", "then WAIT returns the hung job's error");
	}
	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	for (i = 0; i < DRM_IDXGEN_MAX_BATCH; i++) {
		cfg_make(&c[i], d, reg, (i % 8) * (256 << 10), 64, 64, 16);
		c[i].flags = DRM_IDXGEN_CONFIG_NO_HISTORY; /* no 4-cycle hits: it takes a while */
	}
	e = submit(d->fd, ctx, c, DRM_IDXGEN_MAX_BATCH, 0, 0, &first);

	/* bad input */
	memset(&w, 0, sizeof(w));
	w.ctx_id = ctx, w.seq = first, w.flags = 1;
	tap_ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_WAIT, &w) == -EINVAL, "WAIT flags != 0 -> EINVAL");
	memset(&w, 0, sizeof(w));
	w.ctx_id = ctx, w.seq = first, w.result.ctx_id = 1;
	tap_ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_WAIT, &w) == -EINVAL,
	       "WAIT result.ctx_id != 0 -> EINVAL");
	memset(&w, 0, sizeof(w));
	w.ctx_id = ctx, w.seq = first, w.result.flags = 1;
	tap_ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_WAIT, &w) == -EINVAL,
	       "WAIT result.flags != 0 -> EINVAL");
	memset(&w, 0, sizeof(w));
	w.ctx_id = ctx, w.seq = first, w.result.seq = 1;
	tap_ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_WAIT, &w) == -EINVAL,
	       "WAIT result.seq != 0 -> EINVAL");
	/* answered before any wait: the 1 s deadline only turns a WAIT that blocks into -ETIME */
	tap_ok(wait_job(d->fd, ctx + 1000, first, abs_timeout(1), NULL) == -ENOENT,
	       "WAIT unknown context -> ENOENT");
	tap_ok(wait_job(d->fd, ctx, 0, abs_timeout(1), NULL) == -ENOENT, "WAIT seq 0 -> ENOENT");
	tap_ok(wait_job(d->fd, ctx, first + DRM_IDXGEN_MAX_BATCH, abs_timeout(1), NULL) == -ENOENT,
	       "WAIT future seq -> ENOENT");

	/* a real wait on the batch */
	e = e ?: wait_job(d->fd, ctx, first + DRM_IDXGEN_MAX_BATCH - 1,
			  abs_timeout(HANG_GUARD_S), &r);
	tap_ok(e == 0 && !r.error && !r.status && warps_ok(d, &c[DRM_IDXGEN_MAX_BATCH - 1], &r) &&
		   output_ok(m, &c[DRM_IDXGEN_MAX_BATCH - 1]),
	       "WAIT returns the last job's result once done (%d, error %d)", e, r.error);
	e = job_result(d->fd, ctx, first + DRM_IDXGEN_MAX_BATCH - 1, &rr);
	tap_ok(e == 0 && rr.error == r.error && rr.status == r.status && rr.warps == r.warps &&
		   rr.threads == r.threads && rr.user_tag == r.user_tag,
	       "WAIT and JOB_RESULT agree");
	e = wait_job(d->fd, ctx, first, 0, &r);
	tap_ok(e == 0 && !r.error, "WAIT with a past deadline on a done job -> its result");

	/* a result that left the window is an error, not a silent success */
	for (i = 0; i < DRM_IDXGEN_MAX_BATCH; i++)
		cfg_make(&c[i], d, reg, 0, 4, 4, 1);
	for (i = 0, e = 0; i < DRM_IDXGEN_RESULT_WINDOW / DRM_IDXGEN_MAX_BATCH + 1 && !e; i++)
		e = submit(d->fd, ctx, c, DRM_IDXGEN_MAX_BATCH, 0, 0, NULL);
	tap_ok(e == 0 && wait_job(d->fd, ctx, first, abs_timeout(1), NULL) == -ENOENT,
	       "WAIT on a result dropped from the window -> ENOENT");

	/* CTX_QUERY */
	memset(&q, 0, sizeof(q));
	q.ctx_id = ctx, q.flags = 1;
	tap_ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_CTX_QUERY, &q) == -EINVAL,
	       "CTX_QUERY flags != 0 -> EINVAL");
	memset(&q, 0, sizeof(q));
	q.ctx_id = ctx, q.resets = 1;
	tap_ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_CTX_QUERY, &q) == -EINVAL,
	       "CTX_QUERY resets != 0 -> EINVAL");
	memset(&q, 0, sizeof(q));
	q.ctx_id = ctx, q.guilty = 1;
	tap_ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_CTX_QUERY, &q) == -EINVAL,
	       "CTX_QUERY guilty != 0 -> EINVAL");
	memset(&q, 0, sizeof(q));
	q.ctx_id = ctx, q.device_resets = 1;
	tap_ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_CTX_QUERY, &q) == -EINVAL,
	       "CTX_QUERY device_resets != 0 -> EINVAL");
	memset(&q, 0, sizeof(q));
	q.ctx_id = ctx, q.pad = 1;
	tap_ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_CTX_QUERY, &q) == -EINVAL,
	       "CTX_QUERY pad != 0 -> EINVAL");
	tap_ok(ctx_query(d->fd, ctx + 1000, &q) == -ENOENT, "CTX_QUERY unknown context -> ENOENT");
	tap_ok(ctx_query(d->fd, ctx, &q) == 0 && q.resets == 0 && q.guilty == 0 && q.pad == 0,
	       "CTX_QUERY: a context without resets (%u, %u)", q.resets, q.guilty);

	wait_job(d->fd, ctx, first + 4096, abs_timeout(HANG_GUARD_S), NULL);
	munmap((void *)m, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
}
