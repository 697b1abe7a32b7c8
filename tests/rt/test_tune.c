// SPDX-License-Identifier: MIT
/*
 * test_tune.c - the runtime's performance control (schedule = auto,
 * lib/rt/autotune.c) with a synthetic cost function instead of the clock,
 * so that every outcome is determined: the controller runs exactly the
 * configured candidates, each on its own sample blocks, on no more than
 * the configured fraction of the grid, picks the cheapest (ties: the
 * first), runs every other block once under it (checked by a fingerprint
 * of each block's index stream, computed independently with
 * idxgen_config_thread_at), reuses the decision on a repeat launch and
 * profiles again after idxgen_rt_tune_reset.  Also: the default candidate
 * list, the grid orders' issue order, schedule = auto through
 * idxgen_rt_launch_ex, bad input.
 *
 * usage: idxgen-rt-tune-test [-l | -t NAME...]   (TAP_TEST: -l lists the
 *        tests, -t NAME runs one)
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "idxgen_rt.h"
#include "tap.h"

#define GX 32
#define GY 32
#define BX 16
#define BY 16
#define NB (GX * GY)

/* ---- the kernel: counts its visits, stores its stream's fingerprint ---- */

static uint64_t stream_fp(const uint16_t *x, const uint16_t *y, uint32_t n)
{
	uint64_t fp = 0;

	for (uint32_t t = 0; t < n; t++)
		fp += (uint64_t)(t + 1) * (x[t] + 131u * y[t]);
	return fp;
}

static void fp_block(struct idxgen_rt_block *blk)
{
	uint32_t *visits = *(uint32_t *const *)blk->args[0];
	uint64_t *fps = *(uint64_t *const *)blk->args[1];
	uint32_t b = blk->block_idx[2] * blk->grid_dim[0] * blk->grid_dim[1] +
		     blk->block_idx[1] * blk->grid_dim[0] + blk->block_idx[0];

	idxgen_rt_atomic_add_u32(&visits[b], 1);
	fps[b] = stream_fp(blk->tid_x, blk->tid_y, blk->nthreads);
}

static const struct idxgen_rt_kernel fp_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "fp", .block = fp_block, .nargs = 2,
	.arg_sizes = (const size_t[]){ sizeof(uint32_t *), sizeof(uint64_t *) },
};

/* The fingerprint a thread order must give, from the library's model walk. */
static uint64_t expected_fp(const struct idxgen_rt_schedule *rs)
{
	struct idxgen_schedule s = { .order = rs->order, .stride = rs->params[0],
				     .granularity = rs->params[1], .tile_w = rs->params[2],
				     .tile_h = rs->params[3] };
	struct idxgen_config cfg;
	uint16_t x[BX * BY], y[BX * BY], z;

	if (idxgen_config_init(&cfg, NULL, BX, BY, 1, 0) || idxgen_config_schedule(&cfg, &s))
		return 0;
	for (uint32_t p = 0; p < BX * BY; p++)
		if (idxgen_config_thread_at(&cfg, p, &x[p], &y[p], &z))
			return 0;
	return stream_fp(x, y, BX * BY);
}

/* ---- the synthetic cost: a function of the candidate only ---- */

struct cost_ctx {
	const struct idxgen_rt_tune_cand *cands;
	unsigned int n;
	const uint64_t *cost;		/* per candidate */
	atomic_uint calls;
	atomic_uint unknown;		/* a candidate not in the list */
	atomic_uint seen[128];		/* sample blocks per candidate */
	atomic_uint by_block[NB];	/* 1 + the candidate a sample block ran under */
};

static uint64_t cost_fn(void *arg, const struct idxgen_rt_tune_cand *c,
			const struct idxgen_rt_block_prof *rec)
{
	struct cost_ctx *cc = arg;
	uint32_t b = rec->block_idx[1] * GX + rec->block_idx[0];

	atomic_fetch_add(&cc->calls, 1);
	for (unsigned int i = 0; i < cc->n; i++)
		if (!memcmp(&cc->cands[i], c, sizeof(*c))) {
			atomic_fetch_add(&cc->seen[i], 1);
			if (b < NB)
				atomic_store(&cc->by_block[b], i + 1);
			return cc->cost[i];
		}
	atomic_fetch_add(&cc->unknown, 1);
	return 0;
}

static void cost_reset(struct cost_ctx *cc)
{
	atomic_store(&cc->calls, 0);
	atomic_store(&cc->unknown, 0);
	for (unsigned int i = 0; i < 128; i++)
		atomic_store(&cc->seen[i], 0);
	for (unsigned int i = 0; i < NB; i++)
		atomic_store(&cc->by_block[i], 0);
}

#define SCH(o, a, b, c, d) { (o), { (a), (b), (c), (d) } }
static const struct idxgen_rt_tune_cand cands8[] = {
	{ SCH(IDXGEN_SCHED_SEQUENTIAL, 0, 0, 0, 0), IDXGEN_RT_GRID_ROWS },
	{ SCH(IDXGEN_SCHED_STRIDED, 16, 1, 0, 0), IDXGEN_RT_GRID_ROWS },
	{ SCH(IDXGEN_SCHED_TILED, 0, 0, 4, 4), IDXGEN_RT_GRID_ROWS },
	{ SCH(IDXGEN_SCHED_HILBERT, 0, 0, 0, 0), IDXGEN_RT_GRID_ROWS },
	{ SCH(IDXGEN_SCHED_SEQUENTIAL, 0, 0, 0, 0), IDXGEN_RT_GRID_COLS },
	{ SCH(IDXGEN_SCHED_STRIDED, 16, 1, 0, 0), IDXGEN_RT_GRID_COLS },
	{ SCH(IDXGEN_SCHED_ZIGZAG, 0, 0, 0, 0), IDXGEN_RT_GRID_COLS },
	{ SCH(IDXGEN_SCHED_TILED, 0, 0, 8, 8), IDXGEN_RT_GRID_HILBERT },
};
#define N8 (sizeof(cands8) / sizeof(cands8[0]))

static uint32_t visits[NB];
static uint64_t fps[NB];

static int launch(struct idxgen_rt *rt, const struct idxgen_rt_tune_opts *t,
		  struct idxgen_rt_tune_report *rep)
{
	uint32_t *v = visits;
	uint64_t *f = fps;
	void *args[] = { &v, &f };

	memset(visits, 0, sizeof(visits));
	memset(fps, 0, sizeof(fps));
	return idxgen_rt_launch_tuned(rt, &fp_kernel, IDXGEN_RT_DIM3(GX, GY, 1),
				      IDXGEN_RT_DIM3(BX, BY, 1), args, NULL, t, rep, NULL);
}

/* Blocks not run exactly once. */
static unsigned int bad_visits(void)
{
	unsigned int bad = 0;

	for (unsigned int b = 0; b < NB; b++)
		bad += visits[b] != 1;
	return bad;
}

/*
 * Blocks whose stream is not the one they should have had: a sample
 * block its candidate's, any other the winner's.
 */
static unsigned int bad_streams(const struct cost_ctx *cc, const uint64_t *cand_fp, uint64_t win_fp)
{
	unsigned int bad = 0;

	for (unsigned int b = 0; b < NB; b++) {
		unsigned int c = atomic_load(&cc->by_block[b]);

		bad += fps[b] != (c ? cand_fp[c - 1] : win_fp);
	}
	return bad;
}

static void test_controller(struct idxgen_rt *rt)
{
	/* costs: a unique minimum at candidate 5 (strided:16,1 over grid columns) */
	static const uint64_t cost[N8] = { 900, 700, 650, 800, 720, 300, 310, 500 };
	static struct cost_ctx cc;
	struct idxgen_rt_tune_result res[N8];
	struct idxgen_rt_tune_opts t = { .sample_permille = 100, .cands = cands8, .ncands = N8,
					 .cost = cost_fn, .cost_arg = &cc, .results = res,
					 .max_results = N8 };
	struct idxgen_rt_tune_report rep;
	struct idxgen_rt_tune_cand got;
	uint64_t cand_fp[N8];
	unsigned int missing = 0, total = 0;
	int err;

	cc.cands = cands8;
	cc.n = N8;
	cc.cost = cost;
	for (unsigned int i = 0; i < N8; i++)
		cand_fp[i] = expected_fp(&cands8[i].thread);
	idxgen_rt_tune_reset(NULL);
	cost_reset(&cc);

	err = launch(rt, &t, &rep);
	tap_ok(!err && !rep.cached, "tuned launch, %u candidates, 10 %% sample of %u blocks: runs and "
	       "profiles (%s)", (unsigned int)N8, NB, idxgen_strerror(err));
	for (unsigned int i = 0; i < N8; i++) {
		missing += !atomic_load(&cc.seen[i]);
		total += atomic_load(&cc.seen[i]);
	}
	tap_ok(rep.explored == N8 && !missing && !atomic_load(&cc.unknown),
	       "explores exactly the configured candidates (%u explored, %u not run, %u unknown)",
	       rep.explored, missing, atomic_load(&cc.unknown));
	tap_ok(rep.sample_blocks == total && total == atomic_load(&cc.calls) && total > 0 &&
	       total * 1000 <= (uint64_t)NB * 100,
	       "sample: %u blocks <= 10 %% of %u (report says %llu)", total, NB,
	       (unsigned long long)rep.sample_blocks);
	tap_ok(rep.winner_index == 5 && !memcmp(&rep.winner, &cands8[5], sizeof(rep.winner)) &&
	       res[5].metric_ns == 300 && res[0].metric_ns == 900,
	       "picks the minimum: candidate %u (want 5), metrics %llu .. %llu", rep.winner_index,
	       (unsigned long long)res[5].metric_ns, (unsigned long long)res[0].metric_ns);
	tap_ok(bad_visits() == 0, "every block ran exactly once (%u wrong)", bad_visits());
	tap_ok(bad_streams(&cc, cand_fp, cand_fp[5]) == 0,
	       "sample blocks ran their candidate's thread order, the rest the winner's (%u wrong)",
	       bad_streams(&cc, cand_fp, cand_fp[5]));
	err = idxgen_rt_tune_lookup(&fp_kernel, IDXGEN_RT_DIM3(GX, GY, 1), IDXGEN_RT_DIM3(BX, BY, 1),
				    &got);
	tap_ok(!err && !memcmp(&got, &cands8[5], sizeof(got)), "the decision is kept for the shape (%s)",
	       idxgen_strerror(err));

	/* repeat: no sample, the winner everywhere */
	cost_reset(&cc);
	err = launch(rt, &t, &rep);
	tap_ok(!err && rep.cached && rep.explored == 0 && atomic_load(&cc.calls) == 0 &&
	       rep.sample_blocks == 0 && !bad_visits() && !bad_streams(&cc, cand_fp, cand_fp[5]),
	       "repeat launch reuses the decision: cached %d, %u cost calls, all blocks under the "
	       "winner (%s)", rep.cached, atomic_load(&cc.calls), idxgen_strerror(err));

	/* another shape of the same kernel is not the same decision */
	tap_ok(idxgen_rt_tune_lookup(&fp_kernel, IDXGEN_RT_DIM3(GX, GY / 2, 1),
				     IDXGEN_RT_DIM3(BX, BY, 1), &got) == -ENOENT,
	       "no decision for another grid shape");

	/* reset: profiles again, with other costs another winner */
	static const uint64_t cost2[N8] = { 900, 700, 650, 800, 720, 300, 310, 100 };

	idxgen_rt_tune_reset(&fp_kernel);
	tap_ok(idxgen_rt_tune_lookup(&fp_kernel, IDXGEN_RT_DIM3(GX, GY, 1), IDXGEN_RT_DIM3(BX, BY, 1),
				     &got) == -ENOENT, "reset forgets the decision");
	cc.cost = cost2;
	cost_reset(&cc);
	err = launch(rt, &t, &rep);
	tap_ok(!err && !rep.cached && rep.explored == N8 && rep.winner_index == 7 &&
	       !bad_visits() && !bad_streams(&cc, cand_fp, cand_fp[7]),
	       "after reset the next launch profiles again: explored %u, winner %u (want 7) (%s)",
	       rep.explored, rep.winner_index, idxgen_strerror(err));

	/* ties go to the earlier candidate; NOCACHE stores nothing */
	static const uint64_t flat[N8] = { 500, 500, 500, 500, 500, 500, 500, 500 };

	idxgen_rt_tune_reset(NULL);
	cc.cost = flat;
	cost_reset(&cc);
	t.flags = IDXGEN_RT_TUNE_NOCACHE;
	err = launch(rt, &t, &rep);
	tap_ok(!err && rep.winner_index == 0 &&
	       idxgen_rt_tune_lookup(&fp_kernel, IDXGEN_RT_DIM3(GX, GY, 1), IDXGEN_RT_DIM3(BX, BY, 1),
				     &got) == -ENOENT,
	       "equal costs: the first candidate wins; NOCACHE keeps no decision (%s)",
	       idxgen_strerror(err));

	/* a 5 % sample, configured per launch */
	cc.cost = cost;
	cost_reset(&cc);
	t.sample_permille = 50;
	err = launch(rt, &t, &rep);
	tap_ok(!err && rep.explored == N8 && rep.sample_blocks * 1000 <= (uint64_t)NB * 50 &&
	       rep.sample_blocks == atomic_load(&cc.calls) && rep.winner_index == 5 && !bad_visits(),
	       "5 %% sample: %llu blocks of %u, all %u candidates, same winner (%s)",
	       (unsigned long long)rep.sample_blocks, NB, rep.explored, idxgen_strerror(err));

	/* from the environment (percent) when the option is 0 */
	cost_reset(&cc);
	t.sample_permille = 0;
	setenv("IDXGEN_TUNE_SAMPLE", "2.5", 1);
	err = launch(rt, &t, &rep);
	unsetenv("IDXGEN_TUNE_SAMPLE");
	tap_ok(!err && rep.explored == N8 && rep.sample_blocks * 1000 <= (uint64_t)NB * 25 &&
	       rep.sample_blocks >= N8 && !bad_visits(),
	       "IDXGEN_TUNE_SAMPLE=2.5: %llu sample blocks of %u (%s)",
	       (unsigned long long)rep.sample_blocks, NB, idxgen_strerror(err));

	/* fewer sample blocks than candidates: the first ones only */
	cost_reset(&cc);
	t.sample_permille = 5;	/* 0.5 %: 5 blocks */
	err = launch(rt, &t, &rep);
	tap_ok(!err && rep.explored == 5 && rep.sample_blocks == 5 && atomic_load(&cc.seen[5]) == 0 &&
	       rep.winner_index == 2 && !bad_visits(),
	       "5 sample blocks for %u candidates: the first 5 explored, one block each, winner %u "
	       "(want 2) (%s)", (unsigned int)N8, rep.winner_index, idxgen_strerror(err));

	/* determinism: the same launch twice, the same results */
	struct idxgen_rt_tune_result res2[N8];

	t.sample_permille = 100;
	t.results = res;
	launch(rt, &t, &rep);
	t.results = res2;
	launch(rt, &t, &rep);
	tap_ok(!memcmp(res, res2, sizeof(res)), "two runs give identical per-candidate results");
}

/* The default candidates: the device's table and the geometric series, x 2 grid orders. */
static void test_candidates(struct idxgen_rt *rt)
{
	struct idxgen_rt_tune_cand c[256];
	unsigned int dup = 0, invalid = 0, strided1 = 0, strided32 = 0, tiles = 0, cols = 0;
	int n = idxgen_rt_tune_candidates(rt, IDXGEN_RT_DIM3(64, 64, 1), 0, c, 256);
	int n3 = idxgen_rt_tune_candidates(rt, IDXGEN_RT_DIM3(64, 64, 1), 7, NULL, 0);

	for (int i = 0; i < n && i < 256; i++) {
		struct idxgen_schedule s = { .order = c[i].thread.order,
					     .stride = c[i].thread.params[0],
					     .granularity = c[i].thread.params[1],
					     .tile_w = c[i].thread.params[2],
					     .tile_h = c[i].thread.params[3] };
		char name[32];

		for (int j = 0; j < i; j++)
			dup += !memcmp(&c[i], &c[j], sizeof(c[i]));
		invalid += idxgen_schedule_format(&s, name, sizeof(name)) < 0;
		if (c[i].grid_order == IDXGEN_RT_GRID_COLS) {
			cols++;
			continue;
		}
		strided1 += s.order == IDXGEN_SCHED_STRIDED && s.granularity == 1;
		strided32 += s.order == IDXGEN_SCHED_STRIDED && s.granularity == 32;
		tiles += s.order == IDXGEN_SCHED_TILED;
	}
	/*
	 * 64x64 block, the default firmware's table: sequential, zigzag,
	 * hilbert; strided granularity 1, strides 2 .. 2048 (11); granularity
	 * 32, strides 2 .. 64 (6); square tiles 2 .. 32 (5): 25 thread orders.
	 */
	tap_ok(n == 50 && n3 == 75 && !dup && !invalid && strided1 == 11 && strided32 == 6 &&
	       tiles == 5 && cols == 25,
	       "default candidates for 64x64: %d (want 25 thread orders x rows, columns = 50; "
	       "+ Hilbert grid: %d, want 75), strided %u + %u, tiled %u, %u duplicates, %u invalid",
	       n, n3, strided1, strided32, tiles, dup, invalid);
	tap_ok(idxgen_rt_tune_candidates(rt, IDXGEN_RT_DIM3(64, 64, 1), 8, c, 256) == -EINVAL &&
	       idxgen_rt_tune_candidates(NULL, IDXGEN_RT_DIM3(64, 64, 1), 0, c, 256) == -EINVAL,
	       "candidates: unknown grid order, no runtime: -EINVAL");
}

/* The default candidate list explored in full on a launch. */
static void test_default_list(struct idxgen_rt *rt)
{
	struct idxgen_rt_tune_cand c[128];
	static const uint64_t zero[128];
	static struct cost_ctx cc;
	struct idxgen_rt_tune_opts t = { .cost = cost_fn, .cost_arg = &cc,
					 .flags = IDXGEN_RT_TUNE_NOCACHE };
	struct idxgen_rt_tune_report rep;
	unsigned int missing = 0;
	int n = idxgen_rt_tune_candidates(rt, IDXGEN_RT_DIM3(BX, BY, 1), 0, c, 128), err;

	cc.cands = c;
	cc.n = n > 0 ? (unsigned int)n : 0;
	cc.cost = zero;
	cost_reset(&cc);
	err = launch(rt, &t, &rep);
	for (int i = 0; i < n; i++)
		missing += !atomic_load(&cc.seen[i]);
	tap_ok(!err && n > 2 && rep.explored == (unsigned int)n && !missing &&
	       !atomic_load(&cc.unknown) && rep.sample_blocks * 10 <= NB && !bad_visits(),
	       "default list (%d candidates for %ux%u) explored in full on %llu of %u blocks (%s)", n,
	       BX, BY, (unsigned long long)rep.sample_blocks, NB, idxgen_strerror(err));
}

/* Issue order of one candidate run alone (no sample) over an 8x8 grid. */
struct order_rec {
	uint32_t at[64][2];
	atomic_uint n;
};

static void order_prof(void *arg, const struct idxgen_rt_block_prof *rec)
{
	struct order_rec *o = arg;

	if (rec->seq < 64) {
		o->at[rec->seq][0] = rec->block_idx[0];
		o->at[rec->seq][1] = rec->block_idx[1];
	}
	atomic_fetch_add(&o->n, 1);
}

static void test_grid_orders(struct idxgen_rt *rt)
{
	static struct order_rec o;
	struct idxgen_rt_launch_opts lo = { .prof_block = order_prof, .prof_arg = &o };
	uint32_t v[64];
	uint64_t f[64];
	void *args[] = { &(uint32_t *){ v }, &(uint64_t *){ f } };

	for (uint32_t g = 0; g < IDXGEN_RT_GRID_NUM; g++) {
		struct idxgen_rt_tune_cand c = { .grid_order = g };
		struct idxgen_rt_tune_opts t = { .cands = &c, .ncands = 1,
						 .flags = IDXGEN_RT_TUNE_NOCACHE };
		struct idxgen_rt_tune_report rep;
		unsigned int bad = 0, seen[64] = { 0 };
		int err;

		memset(&o, 0, sizeof(o));
		memset(v, 0, sizeof(v));
		err = idxgen_rt_launch_tuned(rt, &fp_kernel, IDXGEN_RT_DIM3(8, 8, 1),
					     IDXGEN_RT_DIM3(4, 4, 1), args, &lo, &t, &rep, NULL);
		for (uint32_t s = 0; s < 64; s++) {
			uint32_t x = o.at[s][0], y = o.at[s][1];

			seen[(y & 7) * 8 + (x & 7)]++;
			if (g == IDXGEN_RT_GRID_ROWS)
				bad += x != s % 8 || y != s / 8;
			else if (g == IDXGEN_RT_GRID_COLS)
				bad += x != s / 8 || y != s % 8;
			else if (s > 0)	/* Hilbert: each block next to the previous one */
				bad += (x > o.at[s - 1][0] ? x - o.at[s - 1][0] : o.at[s - 1][0] - x) +
				       (y > o.at[s - 1][1] ? y - o.at[s - 1][1] : o.at[s - 1][1] - y) != 1;
		}
		for (uint32_t b = 0; b < 64; b++)
			bad += seen[b] != 1 || v[b] != 1;
		tap_ok(!err && atomic_load(&o.n) == 64 && rep.explored == 0 && !bad,
		       "grid order %s: blocks issued in that order (%u wrong), one candidate: no sample (%s)",
		       g == 0 ? "rows" : g == 1 ? "columns" : "hilbert", bad, idxgen_strerror(err));
	}
}

/* schedule = auto through the ordinary launch, and bad input. */
static void test_auto_option(struct idxgen_rt *rt)
{
	struct idxgen_rt_launch_opts o = { .schedule = { IDXGEN_RT_SCHED_AUTO, { 100 } } };
	struct idxgen_rt_launch_info info;
	struct idxgen_rt_tune_cand got;
	struct idxgen_rt_launch *l = NULL;
	uint32_t *v = visits;
	uint64_t *f = fps;
	void *args[] = { &v, &f };
	int err;

	idxgen_rt_tune_reset(NULL);
	memset(visits, 0, sizeof(visits));
	err = idxgen_rt_launch_ex(rt, &fp_kernel, IDXGEN_RT_DIM3(GX, GY, 1), IDXGEN_RT_DIM3(BX, BY, 1),
				  args, &o, &info);
	tap_ok(!err && !bad_visits() && info.blocks == NB &&
	       !idxgen_rt_tune_lookup(&fp_kernel, IDXGEN_RT_DIM3(GX, GY, 1),
				      IDXGEN_RT_DIM3(BX, BY, 1), &got),
	       "idxgen_rt_launch_ex with schedule = auto: every block once, info.blocks %llu, decision "
	       "kept (%s)", (unsigned long long)info.blocks, idxgen_strerror(err));

	o.schedule.params[0] = 1001;
	tap_ok(idxgen_rt_launch_ex(rt, &fp_kernel, IDXGEN_RT_DIM3(GX, GY, 1),
				   IDXGEN_RT_DIM3(BX, BY, 1), args, &o, NULL) == -EINVAL,
	       "auto with a sample above 1000 per mille: -EINVAL");
	o.schedule.params[0] = 0;
	o.schedule.params[2] = 1;
	tap_ok(idxgen_rt_launch_ex(rt, &fp_kernel, IDXGEN_RT_DIM3(GX, GY, 1),
				   IDXGEN_RT_DIM3(BX, BY, 1), args, &o, NULL) == -EINVAL,
	       "auto with an unused parameter set: -EINVAL");
	o.schedule.params[2] = 0;
	tap_ok(idxgen_rt_launch_async(rt, &fp_kernel, IDXGEN_RT_DIM3(GX, GY, 1),
				      IDXGEN_RT_DIM3(BX, BY, 1), args, &o, &l) == -EINVAL && !l,
	       "auto in an asynchronous launch: -EINVAL");

	struct idxgen_rt_tune_cand bad = { .grid_order = 9 };
	struct idxgen_rt_tune_opts t = { .cands = &bad, .ncands = 1 };

	tap_ok(launch(rt, &t, NULL) == -EINVAL, "a candidate with an unknown grid order: -EINVAL");
	t.ncands = 0;
	t.cands = NULL;
	t.sample_permille = 2000;
	tap_ok(launch(rt, &t, NULL) == -EINVAL, "sample_permille 2000: -EINVAL");
	tap_ok(idxgen_rt_launch_tuned(rt, NULL, IDXGEN_RT_DIM3(1, 1, 1), IDXGEN_RT_DIM3(1, 1, 1),
				      NULL, NULL, NULL, NULL, NULL) == -EINVAL,
	       "no kernel: -EINVAL");
	idxgen_rt_tune_reset(NULL);
}

/* The runtime every test uses (2 threads), made by main(). */
static struct idxgen_rt *tune_rt;

TAP_TEST(candidates)
{
	test_candidates(tune_rt);
}

TAP_TEST(controller)
{
	test_controller(tune_rt);
}

TAP_TEST(default_list)
{
	test_default_list(tune_rt);
}

TAP_TEST(grid_orders)
{
	test_grid_orders(tune_rt);
}

TAP_TEST(auto_option)
{
	test_auto_option(tune_rt);
}

int main(int argc, char **argv)
{
	struct idxgen_rt_options ro = { .num_threads = 2 };
	int err, rc;

	if (tap_listing(argc, argv))
		return tap_main(argc, argv);
	setvbuf(stdout, NULL, _IOLBF, 0);
	unsetenv("IDXGEN_TUNE_SAMPLE");
	err = idxgen_rt_create(&ro, &tune_rt);
	if (!tap_ok(!err, "runtime with 2 threads (%s)", idxgen_strerror(err)))
		return tap_done();
	rc = tap_main(argc, argv);
	idxgen_rt_destroy(tune_rt);
	return rc;
}
