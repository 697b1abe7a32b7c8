// SPDX-License-Identifier: MIT
/*
 * test_rt_coop.c - cooperative launches (idxgen_rt_launch_coop,
 * lib/rt/coop.c) and the grid-wide barrier of fibers
 * (__idxgen_fiber_grid_sync): phases that each read what every block
 * wrote in the phase before, with threads and whole blocks that return
 * early (they no longer count), under several schedule orders; a grid
 * larger than can be resident refused with -ENOSPC; a grid barrier in a
 * launch that is not cooperative fails the launch with a message.
 * The reference is a plain C sum.
 */
#include "test_rt.h"

#include <idxgen_rt_fiber.h>

#define COOP_PHASES 3

/*
 * Per phase p: thread 0 of block b writes acc[b] = 100 p + b; grid barrier;
 * every thread adds acc[] of all blocks that take part; grid barrier (the
 * next phase's writes wait for these reads).  Threads with lin % 5 == 1
 * and the whole block `quit` return first.
 */
static void kc_entry(struct idxgen_rt_block *b)
{
	const struct __idxgen_fiber_tid *t = __idxgen_fiber_self();
	int32_t *out = *(int32_t *const *)b->args[0];
	volatile int32_t *acc = *(int32_t *const *)b->args[1];
	int quit = *(const int *)b->args[2];
	uint32_t lin = t->lin, n = b->nthreads, blk = b->block_idx[0], nb = b->grid_dim[0];
	int32_t v = 0;

	if ((int)blk == quit || lin % 5 == 1)
		return;
	for (int32_t p = 0; p < COOP_PHASES; p++) {
		if (lin == 0)
			acc[blk] = 100 * p + (int32_t)blk;
		__idxgen_fiber_grid_sync();
		for (uint32_t j = 0; j < nb; j++)
			if ((int)j != quit)
				v += acc[j];
		__idxgen_fiber_grid_sync();
	}
	out[blk * n + lin] = v;
}

static void kc_block(struct idxgen_rt_block *b)
{
	__idxgen_fiber_run(b, kc_entry);
}

static const struct idxgen_rt_kernel kc_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "coop_phases", .block = kc_block, .nargs = 3,
};

static int32_t kc_ref(uint32_t nb, int quit)
{
	int32_t v = 0;

	for (int32_t p = 0; p < COOP_PHASES; p++)
		for (uint32_t j = 0; j < nb; j++)
			if ((int)j != quit)
				v += 100 * p + (int32_t)j;
	return v;
}

/* One cooperative launch of nb blocks of n threads; the count of wrong values, or -1 if it failed. */
static int coop_run(struct idxgen_rt *rt, uint32_t nb, uint32_t n, int quit, const struct idxgen_rt_schedule *s,
		    int *errp, struct idxgen_rt_launch_info *info)
{
	int32_t *out = calloc((size_t)nb * n, sizeof(*out)), *acc = calloc(nb, sizeof(*acc));
	void *args[] = { &out, &acc, &quit };
	struct idxgen_rt_launch_opts o = { .schedule = *s };
	int bad = 0;

	*errp = idxgen_rt_launch_coop(rt, &kc_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(n, 1, 1), args, &o,
				      info);
	for (uint32_t b = 0; b < nb; b++)
		for (uint32_t l = 0; l < n; l++) {
			int32_t want = (int)b == quit || l % 5 == 1 ? 0 : kc_ref(nb, quit);

			bad += out[b * n + l] != want;
		}
	free(out);
	free(acc);
	return bad;
}

void test_coop(struct idxgen_rt *rt, unsigned int nt)
{
	static const struct idxgen_rt_schedule orders[] = {
		{ IDXGEN_SCHED_SEQUENTIAL, { 0 } }, { IDXGEN_SCHED_ZIGZAG, { 0 } }, { IDXGEN_SCHED_HILBERT, { 0 } },
	};
	struct idxgen_rt_launch_info info;
	int err, bad, quit = -1;

	for (size_t oi = 0; oi < sizeof(orders) / sizeof(orders[0]); oi++) {
		bad = coop_run(rt, nt, 45, -1, &orders[oi], &err, &info);
		tap_ok(!err && !bad && info.blocks == nt,
		       "cooperative launch: %u blocks x 45 threads, %d grid barriers, order %u, %u worker(s) (%d wrong) %s",
		       nt, 2 * COOP_PHASES, orders[oi].order, nt, bad, err ? info.error : "");
	}
	if (nt > 1) {
		bad = coop_run(rt, nt, 64, (int)nt - 1, &orders[0], &err, &info);
		tap_ok(!err && !bad, "cooperative launch: a block that returned no longer holds the grid barrier (%d wrong) %s",
		       bad, err ? info.error : "");
	}
	/* per participant, idxgen_rt_resident_blocks(max_threads, block) blocks resident: at most 32 */
	struct idxgen_info di;

	idxgen_get_info(idxgen_rt_device(rt), &di);
	uint32_t per = idxgen_rt_resident_blocks(di.max_threads, 512);

	bad = coop_run(rt, 2 * nt, 512, -1, &orders[0], &err, &info);
	tap_ok(per >= 2 && !err && !bad && info.blocks == 2 * nt,
	       "cooperative launch: %u blocks x 512 threads on %u participant(s), 2 resident each (%d wrong) %s",
	       2 * nt, nt, bad, err ? info.error : "");
	bad = coop_run(rt, 32 * nt + 1, 32, -1, &orders[0], &err, &info);
	tap_ok(err == -ENOSPC && info.blocks == 0,
	       "cooperative launch of 32 x %u + 1 blocks of 32 threads: -ENOSPC, nothing run (%d)", nt, err);
	bad = coop_run(rt, per * nt + 1, 512, -1, &orders[0], &err, &info);
	tap_ok(err == -ENOSPC && info.blocks == 0,
	       "cooperative launch of one block of 512 threads more than resident: -ENOSPC, nothing run (%d)", err);
	int32_t *out = calloc(2 * 32, sizeof(*out)), *acc = calloc(2, sizeof(*acc));
	void *args[] = { &out, &acc, &quit };

	err = idxgen_rt_launch_ex(rt, &kc_kernel, IDXGEN_RT_DIM3(2, 1, 1), IDXGEN_RT_DIM3(32, 1, 1), args, NULL, &info);
	/* which block traps first depends on the workers' timing: the message is a note, not the name */
	tap_ok(err == -EFAULT && strstr(info.error, "not cooperative"),
	       "a grid barrier in a launch that is not cooperative fails it with a trap that says so");
	tap_diag("%s", info.error);
	free(out);
	free(acc);
	err = coop_run(rt, 1, 8, -1, &orders[0], &err, &info) ? -1 : err;
	tap_ok(!err, "and the next cooperative launch runs (%d)", err);
}
