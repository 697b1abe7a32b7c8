// SPDX-License-Identifier: MIT
/*
 * idxgen-drv-test: submission - shapes read back against the reference,
 * the history example, batches, dependency chains, sync arrays, many
 * processes and files, closing with jobs in flight.
 */
#include "drv_test.h"

static const struct shape shapes[] = {
    {1, 1, 1},	  {2, 1, 1},	{32, 1, 1},    {33, 1, 1},    {32, 64, 1},   {100, 2, 2},
    {7, 3, 5},	  {5, 1, 7},	{17, 13, 11},  {1, 1, 1000},  {1, 300, 1},   {33, 33, 33},
    {64, 64, 16}, {1024, 1, 1}, {65535, 1, 1}, {255, 257, 3}, {3, 1, 65535}, {256, 256, 16},
};

void test_shapes(struct dev *d)
{
	uint32_t ctx, reg;
	const void *map;
	uint64_t size;
	unsigned int i;

	if (ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx) ||
	    region_create(d->fd, 4u << 20, &reg) || !(map = region_map(d->fd, reg, &size))) {
		tap_ok(0, "accel%d: set-up for shapes", d->minor);
		return;
	}
	for (i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		const struct shape *s = &shapes[i];
		struct drm_idxgen_config c;
		struct drm_idxgen_job_result r;
		int e;

		if ((uint64_t)s->dx * s->dy * s->dz > d->max_threads)
			continue;
		cfg_make(&c, d, reg, 0, s->dx, s->dy, s->dz);
		if (cfg_bytes(&c) > size)
			continue;
		e = run(d->fd, ctx, &c, 1, &r);
		tap_ok(e == 0 && r.error == 0 && r.status == 0 && warps_ok(d, &c, &r) &&
			   output_ok(map, &c),
		       "accel%d: %ux%ux%u (ws %u) read back = reference (e %d st %u warps %llu)",
		       d->minor, s->dx, s->dy, s->dz, c.word_size, e, r.status,
		       (unsigned long long)r.warps);
	}

	/* wider words and widths than needed, at an offset */
	{
		struct drm_idxgen_config c;
		struct drm_idxgen_job_result r;

		cfg_make(&c, d, reg, 4096, 10, 10, 10);
		c.word_size = 4;
		c.mx = 8;
		c.my = 9;
		c.mz = 10;
		tap_ok(run(d->fd, ctx, &c, 1, &r) == 0 && r.status == 0 && output_ok(map, &c),
		       "accel%d: 32-bit words, wide fields, offset 4096", d->minor);
		cfg_make(&c, d, reg, 6, 3, 3, 3);
		c.c = 5;
		c.xc = 5 % 3;
		c.yc = (5 / 3) % 3;
		c.zc = 0;
		tap_ok(run(d->fd, ctx, &c, 1, &r) == 0 && r.status == 0 && output_ok(map, &c) &&
			   r.warps == (27 + 4) / 5,
		       "accel%d: step 5 (fewer lanes than the warp)", d->minor);
	}
	munmap((void *)map, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
}

/* design.md#history-example: cfg1 (A, 32,64,1) miss, cfg2 (B, 100,2,2) miss, cfg3 = cfg1 hit */
void test_history_example(struct dev *d)
{
	struct drm_idxgen_config c[3];
	struct drm_idxgen_job_result r[3];
	uint32_t ctx, a, b;
	const void *ma, *mb;
	int e;

	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	region_create(d->fd, 32 * 64 * 4, &a);
	region_create(d->fd, 100 * 2 * 2 * 4, &b);
	ma = region_map(d->fd, a, NULL);
	mb = region_map(d->fd, b, NULL);
	cfg_make(&c[0], d, a, 0, 32, 64, 1);
	cfg_make(&c[1], d, b, 0, 100, 2, 2);
	c[2] = c[0];
	c[0].user_tag = 1;
	c[1].user_tag = 2;
	c[2].user_tag = 3;
	e = run(d->fd, ctx, c, 3, r);
	tap_ok(e == 0 && !r[0].error && !r[1].error && !r[2].error && !r[0].status &&
		   !r[1].status && !r[2].status,
	       "accel%d: history example: three jobs ok", d->minor);
	tap_ok(!(r[0].result_flags & DRM_IDXGEN_RESULT_HIT) &&
		   r[0].warps == (2048 + d->lanes - 1) / d->lanes,
	       "cfg1 (address1, 32, 64, 1): miss, %llu warps", (unsigned long long)r[0].warps);
	tap_ok(!(r[1].result_flags & DRM_IDXGEN_RESULT_HIT), "cfg2 (address2, 100, 2, 2): miss");
	tap_ok((r[2].result_flags & DRM_IDXGEN_RESULT_HIT) && r[2].warps == 0 &&
		   r[2].cycles < r[0].cycles,
	       "cfg3 (address1, 32, 64, 1): hit, 0 warps, %llu < %llu cycles",
	       (unsigned long long)r[2].cycles, (unsigned long long)r[0].cycles);
	tap_ok(r[0].user_tag == 1 && r[1].user_tag == 2 && r[2].user_tag == 3,
	       "user tags returned");
	tap_ok(ma && mb && output_ok(ma, &c[0]) && output_ok(mb, &c[1]), "outputs = reference");
	if (ma)
		munmap((void *)ma, 32 * 64 * 4);
	if (mb)
		munmap((void *)mb, 100 * 2 * 2 * 4);
	gem_close(d->fd, a);
	gem_close(d->fd, b);
	ctx_destroy(d->fd, ctx);
}

void test_batch(struct dev *d)
{
	static struct drm_idxgen_config c[DRM_IDXGEN_MAX_BATCH];
	static struct drm_idxgen_job_result r[DRM_IDXGEN_MAX_BATCH];
	uint32_t ctx, reg;
	const void *m;
	uint64_t size, off = 0;
	unsigned int i, good = 0;
	int e;

	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_LOW, &ctx);
	region_create(d->fd, 1 << 20, &reg);
	m = region_map(d->fd, reg, &size);
	for (i = 0; i < DRM_IDXGEN_MAX_BATCH; i++) {
		uint32_t dx = 1 + i % 13, dy = 1 + i % 7, dz = 1 + i % 5;

		cfg_make(&c[i], d, reg, off, dx, dy, dz);
		c[i].user_tag = 1000 + i;
		off += (cfg_bytes(&c[i]) + 7) & ~7ull;
	}
	e = run(d->fd, ctx, c, DRM_IDXGEN_MAX_BATCH, r);
	for (i = 0; !e && i < DRM_IDXGEN_MAX_BATCH; i++)
		good += !r[i].error && !r[i].status && r[i].user_tag == 1000 + i &&
			warps_ok(d, &c[i], &r[i]) && output_ok(m, &c[i]);
	tap_ok(e == 0 && good == DRM_IDXGEN_MAX_BATCH, "accel%d: batch of %d: %u verified",
	       d->minor, DRM_IDXGEN_MAX_BATCH, good);

	/* a chain: job B waits on A's syncobj */
	{
		uint32_t s1, s2;
		uint64_t f1, f2;
		struct drm_idxgen_job_result ra, rb;

		drmSyncobjCreate(d->fd, 0, &s1);
		drmSyncobjCreate(d->fd, 0, &s2);
		cfg_make(&c[0], d, reg, 0, 64, 64, 4);
		cfg_make(&c[1], d, reg, 65536, 9, 9, 9);
		e = submit(d->fd, ctx, &c[0], 1, 0, s1, &f1);
		e = e ?: submit(d->fd, ctx, &c[1], 1, s1, s2, &f2);
		e = e ?: sync_wait(d->fd, s2, HANG_GUARD_S);
		e = e ?: job_result(d->fd, ctx, f1, &ra);
		e = e ?: job_result(d->fd, ctx, f2, &rb);
		tap_ok(e == 0 && !ra.status && !rb.status && output_ok(m, &c[0]) &&
			   output_ok(m, &c[1]),
		       "in_syncobj dependency chain (%d)", e);
		drmSyncobjDestroy(d->fd, s1);
		drmSyncobjDestroy(d->fd, s2);
	}

	/*
	 * SUBMIT reuses the object of the previous config when the handle
	 * repeats: a batch alternating regions (A A B A) must write each
	 * output into its own region, and a bad handle after good ones must
	 * fail without keeping a reference (the region still goes away).
	 */
	{
		struct drm_idxgen_job_result rr[4];
		long regs0 = dbg_value(d, "objects", "regions");
		const void *m2;
		uint32_t reg2;
		uint64_t size2, first;

		region_create(d->fd, 1 << 16, &reg2);
		m2 = region_map(d->fd, reg2, &size2);
		cfg_make(&c[0], d, reg, 0, 7, 5, 3);
		cfg_make(&c[1], d, reg, 4096, 6, 6, 2);
		cfg_make(&c[2], d, reg2, 8192, 9, 4, 3);
		cfg_make(&c[3], d, reg, 12288, 5, 5, 5);
		e = run(d->fd, ctx, c, 4, rr);
		good = 0;
		for (i = 0; !e && i < 4; i++)
			good += !rr[i].error && !rr[i].status && output_ok(i == 2 ? m2 : m, &c[i]);
		tap_ok(e == 0 && good == 4 && m2 && all_zero(m2, 8192),
		       "batch alternating regions: each output in its own region (%d, %u ok)", e,
		       good);
		cfg_make(&c[0], d, reg2, 0, 4, 4, 4);
		cfg_make(&c[1], d, reg2, 256, 4, 4, 4);
		cfg_make(&c[2], d, reg2 + 1000, 0, 4, 4, 4);
		tap_ok(submit(d->fd, ctx, c, 3, 0, 0, &first) == -ENOENT,
		       "batch with a bad handle after a repeated one -> ENOENT");
		if (m2)
			munmap((void *)m2, size2);
		gem_close(d->fd, reg2);
		tap_ok(regs0 > 0 && dbg_wait(d, "objects", "regions", regs0),
		       "the failed batch kept no reference on its region");
	}
	munmap((void *)m, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
}

/* uapi v2: SUBMIT in_syncs/out_syncs arrays, binary and timeline, and their bad input. */
void test_sync_arrays(struct dev *d)
{
	struct drm_idxgen_config c[3];
	struct drm_idxgen_job_result r;
	struct drm_idxgen_sync in[DRM_IDXGEN_MAX_SYNCS + 1], out[2];
	uint32_t ctx, ctx2, reg, tl, bin, i;
	uint64_t fa = 0, fb = 0, fc = 0, size, pt = 0;
	const void *m;
	int e;

	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_LOW, &ctx2);
	region_create(d->fd, 1 << 20, &reg);
	m = region_map(d->fd, reg, &size);
	drmSyncobjCreate(d->fd, 0, &tl);
	drmSyncobjCreate(d->fd, 0, &bin);
	for (i = 0; i < 3; i++)
		cfg_make(&c[i], d, reg, (uint64_t)i << 16, 40 + i, 9, 5);

	/* bad input: nothing is queued */
	memset(in, 0, sizeof(in));
	in[0].handle = tl;
	in[0].flags = 1;
	tap_ok(submit_syncs(d->fd, ctx, c, 1, in, 1, NULL, 0, NULL) == -EINVAL,
	       "SUBMIT in_syncs flags != 0 -> EINVAL");
	out[0] = (struct drm_idxgen_sync){.handle = tl, .flags = 1, .point = 1};
	tap_ok(submit_syncs(d->fd, ctx, c, 1, NULL, 0, out, 1, NULL) == -EINVAL,
	       "SUBMIT out_syncs flags != 0 -> EINVAL");
	out[0] = (struct drm_idxgen_sync){.handle = 0};
	tap_ok(submit_syncs(d->fd, ctx, c, 1, NULL, 0, out, 1, NULL) == -EINVAL,
	       "SUBMIT out_syncs handle 0 -> EINVAL");
	tap_ok(submit_syncs(d->fd, ctx, c, 1, in, DRM_IDXGEN_MAX_SYNCS + 1, NULL, 0, NULL) ==
		   -EINVAL,
	       "SUBMIT in_sync_count above DRM_IDXGEN_MAX_SYNCS -> EINVAL");
	tap_ok(submit_syncs(d->fd, ctx, c, 1, NULL, 0, out, DRM_IDXGEN_MAX_SYNCS + 1, NULL) ==
		   -EINVAL,
	       "SUBMIT out_sync_count above DRM_IDXGEN_MAX_SYNCS -> EINVAL");
	tap_ok(submit_syncs(d->fd, ctx, c, 1, (void *)8, 1, NULL, 0, NULL) == -EFAULT,
	       "SUBMIT in_syncs bad pointer -> EFAULT");
	in[0] = (struct drm_idxgen_sync){.handle = tl + 100};
	tap_ok(submit_syncs(d->fd, ctx, c, 1, in, 1, NULL, 0, NULL) == -ENOENT,
	       "SUBMIT in_syncs unknown handle -> ENOENT");
	out[0] = (struct drm_idxgen_sync){.handle = tl + 100, .point = 1};
	tap_ok(submit_syncs(d->fd, ctx, c, 1, NULL, 0, out, 1, NULL) == -ENOENT,
	       "SUBMIT out_syncs unknown handle -> ENOENT");
	in[0] = (struct drm_idxgen_sync){.handle = tl, .point = 1};
	tap_ok(submit_syncs(d->fd, ctx, c, 1, in, 1, NULL, 0, NULL) == -EINVAL,
	       "SUBMIT in_syncs point not submitted yet -> EINVAL");
	in[0] = (struct drm_idxgen_sync){.handle = bin};
	tap_ok(submit_syncs(d->fd, ctx, c, 1, in, 1, NULL, 0, NULL) == -EINVAL,
	       "SUBMIT in_syncs binary syncobj without a fence -> EINVAL");
	{
		struct drm_idxgen_job_result rr;

		tap_ok(job_result(d->fd, ctx, 1, &rr) == -ENOENT,
		       "nothing was queued by the bad SUBMITs");
	}

	/* A -> tl@1 and bin; B (other context) waits tl@1 -> tl@2; C waits tl@2 and bin */
	out[0] = (struct drm_idxgen_sync){.handle = tl, .point = 1};
	out[1] = (struct drm_idxgen_sync){.handle = bin};
	e = submit_syncs(d->fd, ctx, &c[0], 1, NULL, 0, out, 2, &fa);
	in[0] = (struct drm_idxgen_sync){.handle = tl, .point = 1};
	out[0] = (struct drm_idxgen_sync){.handle = tl, .point = 2};
	e = e ?: submit_syncs(d->fd, ctx2, &c[1], 1, in, 1, out, 1, &fb);
	in[0] = (struct drm_idxgen_sync){.handle = tl, .point = 2};
	in[1] = (struct drm_idxgen_sync){.handle = bin};
	out[0] = (struct drm_idxgen_sync){.handle = tl, .point = 3};
	e = e ?: submit_syncs(d->fd, ctx, &c[2], 1, in, 2, out, 1, &fc);
	pt = 3;
	e = e
		?: (drmSyncobjTimelineWait(d->fd, &tl, &pt, 1, abs_timeout(HANG_GUARD_S), 0, NULL)
			? -errno
			: 0);
	tap_ok(
	    e == 0,
	    "timeline: A -> 1, B waits 1 -> 2, C waits 2 and a binary -> 3; point 3 signals (%d)",
	    e);
	tap_ok(job_result(d->fd, ctx, fa, &r) == 0 && !r.error && output_ok(m, &c[0]) &&
		   job_result(d->fd, ctx2, fb, &r) == 0 && !r.error && output_ok(m, &c[1]) &&
		   job_result(d->fd, ctx, fc, &r) == 0 && !r.error && output_ok(m, &c[2]),
	       "timeline: the three jobs ran correctly");
	pt = 0;
	tap_ok(drmSyncobjQuery(d->fd, &tl, &pt, 1) == 0 && pt == 3, "timeline at point %llu",
	       (unsigned long long)pt);

	{
		/* a 1.0 binary: the 40-byte SUBMIT and its ioctl number still work */
		struct submit_v1 {
			uint32_t ctx_id, count;
			uint64_t configs;
			uint32_t config_size, flags, in_syncobj, out_syncobj;
			uint64_t first_seq;
		} a1 = {.ctx_id = ctx,
			.count = 1,
			.configs = (uintptr_t)&c[0],
			.config_size = sizeof(c[0]),
			.out_syncobj = bin};

		e = xioctl(d->fd, DRM_IOWR(DRM_COMMAND_BASE + DRM_IDXGEN_SUBMIT, struct submit_v1),
			   &a1);
		e = e ?: sync_wait(d->fd, bin, HANG_GUARD_S);
		e = e ?: job_result(d->fd, ctx, a1.first_seq, &r);
		tap_ok(sizeof(a1) == 40 && e == 0 && a1.first_seq == fc + 1 && !r.error &&
			   output_ok(m, &c[0]),
		       "1.0 ABI: the 40-byte SUBMIT works (seq %llu)",
		       (unsigned long long)a1.first_seq);
	}
	drmSyncobjDestroy(d->fd, tl);
	drmSyncobjDestroy(d->fd, bin);
	munmap((void *)m, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
	ctx_destroy(d->fd, ctx2);
}

/* Child: its own fd, context, region; many jobs; verify everything. */
static int child_work(int minor, unsigned int seed)
{
	struct dev d;
	uint32_t ctx, reg;
	const void *m;
	uint64_t size;
	unsigned int i, bad = 0;

	if (dev_open(&d, minor))
		return 2;
	if (ctx_create(d.fd, seed % 2 ? DRM_IDXGEN_PRIORITY_HIGH : DRM_IDXGEN_PRIORITY_NORMAL,
		       &ctx) ||
	    region_create(d.fd, 1 << 20, &reg) || !(m = region_map(d.fd, reg, &size)))
		return 3;
	srand(seed);
	for (i = 0; i < 24; i++) {
		struct drm_idxgen_config c[4];
		struct drm_idxgen_job_result r[4];
		unsigned int n = 1 + rand() % 4, k;
		uint64_t off = 0;

		for (k = 0; k < n; k++) {
			cfg_make(&c[k], &d, reg, off, 1 + rand() % 60, 1 + rand() % 30,
				 1 + rand() % 8);
			off += (cfg_bytes(&c[k]) + 3) & ~3ull;
		}
		if (run(d.fd, ctx, c, n, r))
			return 4;
		for (k = 0; k < n; k++)
			bad += r[k].error || r[k].status || !output_ok(m, &c[k]);
	}
	close(d.fd);
	return bad ? 5 : 0;
}

void test_processes(int minor)
{
	int n = 6, i, st, good = 0;
	pid_t pid[6];

	for (i = 0; i < n; i++) {
		pid[i] = fork();
		if (pid[i] == 0)
			_exit(child_work(minor, 100 + i));
	}
	for (i = 0; i < n; i++)
		if (pid[i] > 0 && waitpid(pid[i], &st, 0) == pid[i] && WIFEXITED(st) &&
		    WEXITSTATUS(st) == 0)
			good++;
	tap_ok(good == n, "accel%d: %d processes submitting at once, all outputs verified (%d ok)",
	       minor, n, good);
}

void test_priority_perm(struct dev *d)
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		uint32_t ctx;

		if (setgid(65534) || setuid(65534))
			_exit(2);
		_exit(ctx_create(d->fd, DRM_IDXGEN_PRIORITY_HIGH, &ctx) == -EPERM &&
			      ctx_create(d->fd, DRM_IDXGEN_PRIORITY_LOW, &ctx) == 0
			  ? 0
			  : 1);
	}
	tap_ok(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0,
	       "HIGH priority without CAP_SYS_NICE -> EPERM, LOW allowed");
}

void test_many_fds(int minor)
{
	int fds[200], i, n = 0;

	for (i = 0; i < 200; i++) {
		char path[64];

		snprintf(path, sizeof(path), "/dev/accel/accel%d", minor);
		fds[i] = open(path, O_RDWR);
		n += fds[i] >= 0;
		if (fds[i] >= 0) {
			uint32_t ctx, h;

			ctx_create(fds[i], DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
			if (i % 3 == 0)
				region_create(fds[i], 4096, &h);
		}
	}
	for (i = 0; i < 200; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	tap_ok(n == 200, "accel%d: 200 fds opened (each with a context, some with regions), closed",
	       minor);
}

void test_close_inflight(int minor)
{
	static struct drm_idxgen_config c[DRM_IDXGEN_MAX_BATCH];
	struct dev d;
	uint32_t ctx, ctx2, reg;
	unsigned int i, queued = 0;
	uint64_t first;

	if (dev_open(&d, minor)) {
		tap_ok(0, "close in flight: open");
		return;
	}
	ctx_create(d.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	ctx_create(d.fd, DRM_IDXGEN_PRIORITY_LOW, &ctx2);
	region_create(d.fd, 2 << 20, &reg);
	for (i = 0; i < DRM_IDXGEN_MAX_BATCH; i++)
		cfg_make(&c[i], &d, reg, (i % 8) * (256 << 10), 64, 64, 16);
	for (i = 0; i < 16; i++)
		queued +=
		    submit(d.fd, i % 2 ? ctx : ctx2, c, DRM_IDXGEN_MAX_BATCH, 0, 0, &first) == 0;
	ctx_destroy(d.fd, ctx2); /* destroy with jobs queued */
	close(d.fd);		 /* and close with jobs in flight */
	tap_ok(queued == 16, "accel%d: 16 batches queued, context destroyed, fd closed in flight",
	       minor);
}
