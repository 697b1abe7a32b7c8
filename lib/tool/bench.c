// SPDX-License-Identifier: MIT
/*
 * bench.c - `idxgen bench`: jobs per second three ways (one at a time,
 * pipelined, batched) and the latency of a miss and of a hit.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "idxgen.h"
#include "print.h"
#include "tool.h"

static const char help_bench[] =
"NAME\n"
"    idxgen bench - measure submission rate and history latency\n"
"\n"
"SYNOPSIS\n"
"    idxgen bench [--jobs N] [--batch N] [--block DXxDYxDZ] [--json]\n"
"\n"
"DESCRIPTION\n"
"    Runs --jobs jobs of the block (default 1024 jobs of 32x1x1) three ways\n"
"    and prints jobs per second: one at a time (submit, wait), pipelined\n"
"    (all submitted, then one wait) and in batches of --batch (default 64)\n"
"    configurations per submission.  Then the wall-clock latency of one\n"
"    job of the block when it misses and when it hits the history.\n"
"\n"
"OPTIONS\n"
"    -J, --jobs N          jobs per measurement (default 1024)\n"
"    -B, --batch N         configurations per submission (default 64, max 256)\n"
"    -b, --block DXxDYxDZ  block of the rate measurement (default 32x1x1);\n"
"                          the latency uses 32x32x1 (1024 threads)\n";

struct bench_opts {
	unsigned long njobs, batch;
	uint32_t blk[3];
	int help;
};

struct bench_result {
	double rate_single, rate_pipe, rate_batch;	/* jobs per second */
	double lat_miss, lat_hit;			/* best of 20, us */
};

static int bench_parse(int argc, char **argv, struct bench_opts *o)
{
	static const struct option opts[] = {
		{ "jobs", required_argument, NULL, 'J' },
		{ "batch", required_argument, NULL, 'B' },
		{ "block", required_argument, NULL, 'b' },
		COMMON_LONGOPTS,
		{ 0 }
	};
	int opt;

	while ((opt = getopt_long(argc, argv, "J:B:b:" COMMON_SHORTOPTS, opts, NULL)) != -1) {
		switch (opt) {
		case 'J':
			if (parse_uint(optarg, 1000000, &o->njobs) || !o->njobs)
				return fail(2, "bad job count '%s'", optarg);
			break;
		case 'B':
			if (parse_uint(optarg, IDXGEN_MAX_BATCH, &o->batch) || !o->batch)
				return fail(2, "bad batch '%s': want 1..%d", optarg, IDXGEN_MAX_BATCH);
			break;
		case 'b':
			if (parse_block(optarg, o->blk))
				return fail(2, "bad block '%s'", optarg);
			break;
		case 'h': fputs(help_bench, stdout); o->help = 1; return 0;
		default:
			if (!common_opt(opt))
				return bad_option(argv);
		}
	}
	if (optind < argc)
		return fail(2, "unexpected argument '%s'", argv[optind]);
	return 0;
}

/*
 * n jobs per the time since t0 (us).  A clock coarser than the run can
 * show no time passed: then count the clock's resolution, so that the rate
 * is a finite number (JSON has no infinity) on any clock and at any speed.
 */
static double per_second(unsigned long n, double t0)
{
	double dt = now_us() - t0, res = 1e-3;
	struct timespec r;

	if (!clock_getres(CLOCK_MONOTONIC, &r) && r.tv_sec * 1e6 + r.tv_nsec / 1e3 > res)
		res = r.tv_sec * 1e6 + r.tv_nsec / 1e3;
	return n / ((dt > res ? dt : res) / 1e6);
}

/*
 * Small jobs that always run the generator (the submission path is what is
 * measured): one at a time, all submitted then one wait, in batches.
 */
static int bench_rates(struct idxgen_context *ctx, const struct idxgen_config *cfg,
		       const struct bench_opts *o, struct bench_result *b)
{
	unsigned long n = o->njobs, i, k;
	struct idxgen_config *many = calloc(n, sizeof(*many));
	idxgen_job_t j, *jobs = calloc(n, sizeof(*jobs));
	double t0;
	int ret = !many || !jobs ? -ENOMEM : 0;

	for (i = 0; i < n && !ret; i++)
		many[i] = *cfg;
	t0 = now_us();
	for (i = 0; i < n && !ret; i++)
		ret = idxgen_run(ctx, cfg, NULL);
	b->rate_single = per_second(n, t0);
	t0 = now_us();
	for (i = 0; i < n && !ret; i++)
		ret = idxgen_submit(ctx, cfg, 1, &j);
	if (!ret)
		ret = idxgen_wait(ctx, j, -1, NULL);
	b->rate_pipe = per_second(n, t0);
	t0 = now_us();
	for (i = 0; i < n && !ret; i += k) {
		k = n - i < o->batch ? n - i : o->batch;
		ret = idxgen_submit(ctx, many + i, (unsigned int)k, jobs + i);
	}
	if (!ret)
		ret = idxgen_wait(ctx, jobs[n - 1], -1, NULL);
	b->rate_batch = per_second(n, t0);
	free(many);
	free(jobs);
	return ret;
}

/* Latency of a 1024-thread block, best of 20: a miss (no history), then a hit. */
static int bench_latency(struct idxgen_device *dev, struct idxgen_context *ctx,
			 struct idxgen_region *reg, struct bench_result *b)
{
	struct idxgen_job_result r;
	struct idxgen_config big;
	int i, ret;

	b->lat_miss = b->lat_hit = 1e30;
	ret = idxgen_config_init(&big, dev, 32, 32, 1, 0);
	if (!ret)
		ret = idxgen_config_target(&big, reg, 0);
	big.flags = IDXGEN_CONFIG_NO_HISTORY;
	for (i = 0; i < 20 && !ret; i++) {
		double t = now_us();

		ret = idxgen_run(ctx, &big, &r);
		t = now_us() - t;
		if (t < b->lat_miss)
			b->lat_miss = t;
	}
	big.flags = 0;
	if (!ret)
		ret = idxgen_run(ctx, &big, &r);	/* records it */
	for (i = 0; i < 20 && !ret; i++) {
		double t = now_us();

		ret = idxgen_run(ctx, &big, &r);
		t = now_us() - t;
		if (!r.hit)
			ret = -EIO;
		if (t < b->lat_hit)
			b->lat_hit = t;
	}
	return ret;
}

static void bench_print(const struct bench_opts *o, const struct bench_result *b)
{
	print_open_object(NULL);
	print_open_array("block");
	print_uint(PRINT_JSON, NULL, NULL, o->blk[0]);
	print_uint(PRINT_JSON, NULL, NULL, o->blk[1]);
	print_uint(PRINT_JSON, NULL, NULL, o->blk[2]);
	print_close_array();
	print_u64(PRINT_ANY, "jobs", "%" PRIu64 " jobs of ", o->njobs);
	print_text("%ux%ux%u:\n", o->blk[0], o->blk[1], o->blk[2]);
	print_u64(PRINT_JSON, "batch", NULL, o->batch);
	print_float(PRINT_ANY, "jobs_per_s_single", "  one at a time     %10.0f jobs/s\n",
		    b->rate_single);
	print_float(PRINT_ANY, "jobs_per_s_pipelined", "  pipelined         %10.0f jobs/s\n",
		    b->rate_pipe);
	print_text("  batches of %-4lu   ", o->batch);
	print_float(PRINT_ANY, "jobs_per_s_batched", "%10.0f jobs/s\n", b->rate_batch);
	print_text("1024-thread block (32x32x1), best of 20:\n");
	print_float(PRINT_ANY, "latency_us_miss_1024", "  miss              %10.1f us\n",
		    b->lat_miss);
	print_float(PRINT_ANY, "latency_us_hit_1024", "  hit               %10.1f us\n",
		    b->lat_hit);
	print_close_object();
	print_end();
}

int cmd_bench(int argc, char **argv)
{
	struct bench_opts o = { .njobs = 1024, .batch = 64, .blk = { 32, 1, 1 } };
	struct bench_result b;
	struct idxgen_device *dev;
	struct idxgen_context *ctx;
	struct idxgen_region *reg;
	struct idxgen_config cfg;
	int ret;

	ret = bench_parse(argc, argv, &o);
	if (ret || o.help)
		return ret;
	ret = open_device(&dev);
	if (ret)
		return ret;
	ret = idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx);
	if (!ret)
		ret = idxgen_config_init(&cfg, dev, o.blk[0], o.blk[1], o.blk[2], 0);
	if (!ret)
		ret = idxgen_region_alloc(dev, 2 * (idxgen_config_bytes(&cfg) + 4096), &reg);
	if (!ret)
		ret = idxgen_config_target(&cfg, reg, 0);
	cfg.flags = IDXGEN_CONFIG_NO_HISTORY;
	if (!ret)
		ret = bench_rates(ctx, &cfg, &o, &b);
	if (!ret)
		ret = bench_latency(dev, ctx, reg, &b);
	if (ret)
		ret = fail(1, "%s", idxgen_strerror(ret));
	else
		bench_print(&o, &b);
	idxgen_close(dev);
	return ret;
}
