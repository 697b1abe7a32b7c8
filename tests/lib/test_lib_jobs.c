// SPDX-License-Identifier: MIT
/*
 * test_lib_jobs.c - the libidxgen suite (test_lib.c): configurations, contexts,
 * submission and waits, the history example, generated blocks of many
 * shapes against the reference.
 */
#include "test_lib.h"

#include <stdbool.h>
#include <stdio.h>
#include <linux/capability.h>

/* Whether this process may raise scheduling priority (CapEff has CAP_SYS_NICE). */
static bool cap_sys_nice(void)
{
	char line[256];
	unsigned long long eff = 0;
	FILE *f = fopen("/proc/self/status", "r");

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "CapEff: %llx", &eff) == 1)
			break;
	if (f)
		fclose(f);
	return eff & (1ull << CAP_SYS_NICE);
}

void test_builder(void)
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
		tap_ok(idxgen_config_init(&c, dev, 65535, 16, 1, 32) == -E2BIG,
		       "65535x16x1 above this device's max_threads (%u): -E2BIG", info.max_threads);

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

void test_contexts(void)
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
	/*
	 * HIGH needs CAP_SYS_NICE on a real device (the driver checks it);
	 * the emulation has no such rule.  Which of the two answers is right
	 * is known here: the other one is a bug either way.
	 */
	{
		bool may = idxgen_backend_of(dev) == IDXGEN_BACKEND_EMU || cap_sys_nice();

		ret = idxgen_context_create(dev, IDXGEN_PRIORITY_HIGH, &c2);
		tap_ok(ret == (may ? 0 : -EPERM), "high priority %s: %s",
		       may ? "(emulation or CAP_SYS_NICE): allowed"
			   : "without CAP_SYS_NICE: -EPERM",
		       idxgen_strerror(ret));
	}
	if (!ret)
		idxgen_context_destroy(c2);
	tap_ok(OK(idxgen_context_destroy(c1)) && idxgen_context_destroy(NULL) == -EINVAL,
	       "destroy; destroy(NULL): -EINVAL");
}

/* docs/design.md#history-example: miss, miss, hit, and cycles that show it. */
void test_jobs(void)
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
	ret = idxgen_wait(ctx, j1, LIB_HANG_GUARD_S * SEC, &r);
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
	/*
	 * Whether the job is done at the poll depends on speed, so either
	 * answer may come; what each answer says must hold: "done" comes with
	 * the job's whole result and its output in place, "not yet" with
	 * nothing else.
	 */
	memset(&r, 0, sizeof(r));
	ret = idxgen_wait(ctx, j1, 0, &r);
	/* the answer goes on a diagnostic line: a test's name never varies with speed */
	tap_diag("wait with timeout 0 answered: %s", idxgen_strerror(ret));
	tap_ok(ret == -ETIMEDOUT ||
		   (ret == 0 && r.status == IDXGEN_CPL_OK && r.warps == 32768 && output_ok(&c3)),
	       "wait with timeout 0 polls: not yet, or done with all warps, output right");
	memset(&r, 0, sizeof(r));
	ret = idxgen_job_result(ctx, j1, &r);
	tap_diag("job_result without waiting answered: %s", idxgen_strerror(ret));
	tap_ok(ret == -EBUSY ||
		   (ret == 0 && r.status == IDXGEN_CPL_OK && r.warps == 32768 && output_ok(&c3)),
	       "job_result without waiting: not yet, or done with all warps, output right");
	ret = idxgen_wait(ctx, j1, LIB_HANG_GUARD_S * SEC, &r);
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
	ret = idxgen_wait(ctx, j[299], LIB_HANG_GUARD_S * SEC, NULL);
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
void test_device_shapes(void)
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
	tap_ok(ret == 0 && OK(idxgen_wait(ctx, j[n - 1], LIB_HANG_GUARD_S * SEC, NULL)),
	       "run them as one batch");
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
