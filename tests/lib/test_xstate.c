// SPDX-License-Identifier: MIT
/*
 * test_xstate.c - no public entry point of libidxgen or its runtime leaves
 * wide vector state in use (issue 40, item 0; tests/common/xstate.h says
 * why and how it is read).
 *
 * Each entry point that may reach vector code runs with the watched state
 * initial, then XINUSE must show none of it in use: the unpack paths (auto,
 * AVX2, scalar) in both word sizes, every output layout (any output NULL)
 * and counts with and without a tail, idxgen_config_unpack, the warp
 * iterator, and the runtime's launches (synchronous, asynchronous, one and
 * two workers, a hot kernel on its dedicated region and a cold one, grids
 * large enough for the grid stream).  The runtime's launches also check
 * inside: the test kernel reads XINUSE when each block starts, on whichever
 * worker runs it, so state a worker's unpack left behind is caught there.
 *
 * Before the fix (unpack_avx2 ended in a tail call to the scalar path,
 * jumping there with the upper YMM state dirty) every AVX2 unpack with a
 * tail failed here.
 *
 * Tests register themselves (TAP_TEST): -l lists them, -t NAME runs one.
 */
#include <errno.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "idxgen.h"
#include "idxgen_rt.h"
#include "tap.h"
#include "xstate.h"

/* Calls fn with the watched state initial; the state it leaves in use. */
#define LEFT_IN_USE(call) (xstate_init(), (void)(call), xstate_in_use())

TAP_TEST(unpack_words)
{
	static uint8_t words[4 * 100];
	static uint16_t x[100], y[100], z[100];
	static const size_t counts[] = { 0, 1, 15, 16, 17, 31, 32, 47, 100 };
	static const int paths[] = { IDXGEN_UNPACK_AUTO, IDXGEN_UNPACK_AVX2, IDXGEN_UNPACK_SCALAR };
	static const char *const path_names[] = { "auto", "avx2", "scalar" };
	int bad = 0, runs = 0, ws;

	for (size_t i = 0; i < sizeof(words); i++)
		words[i] = (uint8_t)(i * 37 + 11);
	for (int p = 0; p < 3; p++) {
		if (paths[p] == IDXGEN_UNPACK_AVX2 && idxgen_unpack_best_path() != IDXGEN_UNPACK_AVX2) {
			tap_skip("the CPU has no AVX2", "unpack avx2: nothing left in use");
			continue;
		}
		for (ws = 2; ws <= 4; ws += 2)
			for (unsigned int layout = 0; layout < 8; layout++)
				for (size_t c = 0; c < sizeof(counts) / sizeof(counts[0]); c++) {
					uint32_t left = LEFT_IN_USE(idxgen_unpack_words_path(
						paths[p], words, (unsigned int)ws, 5, ws == 2 ? 6 : 9,
						ws == 2 ? 5 : 12, counts[c], layout & 1 ? x : NULL,
						layout & 2 ? y : NULL, layout & 4 ? z : NULL));

					runs++;
					if (left && bad++ < 3)
						printf("# %s, %d-byte words, layout %u, %zu words: XINUSE 0x%x\n",
						       path_names[p], ws, layout, counts[c], left);
				}
		tap_ok(!bad, "unpack %s: both word sizes, 8 layouts, 9 counts (%d calls): nothing left in use",
		       path_names[p], runs);
		bad = runs = 0;
	}
	tap_ok(!LEFT_IN_USE(idxgen_unpack_words(words, 2, 5, 5, 6, 100, x, y, z)),
	       "idxgen_unpack_words: nothing left in use");
}

TAP_TEST(config_unpack)
{
	struct idxgen_device *dev = NULL;
	struct idxgen_region *reg = NULL;
	struct idxgen_context *ctx = NULL;
	static const unsigned int shapes[][3] = { { 32, 8, 1 }, { 33, 17, 5 }, { 1000, 60, 1 } };
	int err = idxgen_open(0, IDXGEN_OPEN_EMU, &dev);

	if (!err)
		err = idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx);
	if (!err)
		err = idxgen_region_alloc(dev, 1 << 20, &reg);
	if (!tap_ok(!err, "emulated device, context and region: %s", idxgen_strerror(err)))
		return;
	for (size_t s = 0; s < sizeof(shapes) / sizeof(shapes[0]); s++) {
		static uint16_t x[60000], y[60000], z[60000];
		struct idxgen_config cfg;
		struct idxgen_job_result res;
		struct idxgen_warp_iter it;
		const void *map = NULL;
		uint64_t n;
		uint32_t left = 0;

		err = idxgen_config_init(&cfg, dev, shapes[s][0], shapes[s][1], shapes[s][2], 0);
		if (!err)
			err = idxgen_config_target(&cfg, reg, 0);
		if (!err)
			err = idxgen_run(ctx, &cfg, &res);
		if (!err)
			err = idxgen_region_map(reg, &map);
		if (!tap_ok(!err, "block %ux%ux%u generated: %s", shapes[s][0], shapes[s][1],
			    shapes[s][2], idxgen_strerror(err)))
			continue;
		n = idxgen_config_threads(&cfg);
		left = LEFT_IN_USE(err = idxgen_config_unpack(&cfg, map, 0, n, x, y, z));
		tap_ok(!err && !left, "idxgen_config_unpack, %u-byte words, %llu threads: XINUSE 0x%x",
		       cfg.word_size, (unsigned long long)n, left);
		left = LEFT_IN_USE(err = idxgen_config_unpack(&cfg, map, 3, n - 3, x, NULL, z));
		tap_ok(!err && !left, "idxgen_config_unpack from thread 3 without y: XINUSE 0x%x", left);
		err = idxgen_warp_iter_init(&it, &cfg, map);
		while (!err && !left && LEFT_IN_USE(err = !idxgen_warp_next(&it)) == 0)
			;
		left = xstate_in_use();
		tap_ok(!left, "idxgen_warp_next over the block: XINUSE 0x%x", left);
	}
	idxgen_close(dev);
}

/* The test kernel: each block records XINUSE as it starts, then writes its index. */
static _Atomic uint32_t kernel_saw;

static void probe_block(struct idxgen_rt_block *blk)
{
	uint32_t *out = *(uint32_t *const *)blk->args[0];
	uint32_t b = blk->block_idx[0] + blk->grid_dim[0] * blk->block_idx[1];

	atomic_fetch_or(&kernel_saw, xstate_in_use());
	IDXGEN_RT_FOR_THREADS(blk, t)
	{
		out[b * blk->block_dim[0] * blk->block_dim[1] + IDXGEN_RT_TID_X(blk, t) +
		    blk->block_dim[0] * IDXGEN_RT_TID_Y(blk, t)] = b;
	}
}

static const size_t probe_args[] = { sizeof(uint32_t *) };
static const struct idxgen_rt_kernel probe_hot = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .flags = IDXGEN_RT_KERNEL_HOT, .name = "probe_hot",
	.block = probe_block, .nargs = 1, .arg_sizes = probe_args,
};
static const struct idxgen_rt_kernel probe_cold = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "probe_cold",
	.block = probe_block, .nargs = 1, .arg_sizes = probe_args,
};

static int all_blocks_ran(const uint32_t *out, uint32_t blocks, uint32_t per_block)
{
	for (uint32_t i = 0; i < blocks * per_block; i++)
		if (out[i] != i / per_block)
			return 0;
	return 1;
}

static void test_runtime(unsigned int workers)
{
	static uint32_t out[64 * 4 * 33 * 17];
	struct idxgen_rt_options opt = { .num_threads = workers };
	struct idxgen_rt *rt = NULL;
	static const struct idxgen_rt_dim3 grids[] = { { 1, 1, 1 }, { 64, 4, 1 } };
	static const struct idxgen_rt_dim3 blocks[] = { { 256, 1, 1 }, { 33, 17, 1 } };
	uint32_t *arg = out;
	void *args[] = { &arg };
	int err;

	xstate_init();	/* the workers start with the state their creator had */
	err = idxgen_rt_create(&opt, &rt);
	if (!tap_ok(!err, "runtime with %u workers: %s", workers, idxgen_strerror(err)))
		return;
	for (int k = 0; k < 2; k++)
		for (int g = 0; g < 2; g++)
			for (int b = 0; b < 2; b++)
				for (int async = 0; async < 2; async++) {
					const struct idxgen_rt_kernel *kern = k ? &probe_cold : &probe_hot;
					uint32_t nb = grids[g].x * grids[g].y;
					uint32_t left;

					memset(out, 0xff, sizeof(out));
					atomic_store(&kernel_saw, 0);
					xstate_init();
					if (async) {
						struct idxgen_rt_launch *l = NULL;

						err = idxgen_rt_launch_async(rt, kern, grids[g], blocks[b], args,
									     NULL, &l);
						if (!err)
							err = idxgen_rt_wait(l, NULL);
					} else {
						err = idxgen_rt_launch(rt, kern, grids[g], blocks[b], 0, args);
					}
					left = xstate_in_use();
					tap_ok(!err && !left && !atomic_load(&kernel_saw) &&
						       all_blocks_ran(out, nb, blocks[b].x * blocks[b].y),
					       "%u workers, %s %s launch <<<%ux%u, %ux%u>>>: %s, XINUSE after 0x%x, "
					       "in the blocks 0x%x",
					       workers, k ? "cold" : "hot", async ? "async" : "sync",
					       grids[g].x, grids[g].y, blocks[b].x, blocks[b].y,
					       idxgen_strerror(err), left, atomic_load(&kernel_saw));
				}
	xstate_init();
	idxgen_rt_destroy(rt);
	tap_ok(!xstate_in_use(), "idxgen_rt_destroy, %u workers: nothing left in use", workers);
}

TAP_TEST(runtime_1_worker)
{
	test_runtime(1);
}

TAP_TEST(runtime_2_workers)
{
	test_runtime(2);
}

int main(int argc, char **argv)
{
	const char *why;

	if (tap_listing(argc, argv))
		return tap_main(argc, argv);
	why = xstate_unsupported();
	if (why) {
		tap_skip(why, "XINUSE readable");
		return tap_done();
	}
	if (xstate_reexec(argv))
		printf("# could not restart with GLIBC_TUNABLES=%s: %s\n", XSTATE_TUNABLES,
		       strerror(errno));
	setenv("IDXGEN_BACKEND", "emu", 1);
	tap_ok(!LEFT_IN_USE(0), "XINUSE reads 0 once the state is initialised (the test's own code)");
	return tap_main(argc, argv);
}
