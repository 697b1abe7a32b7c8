// SPDX-License-Identifier: MIT
/*
 * run.c - `idxgen run`: run kernel configurations on one context and show
 * per job hit or miss, warps, cycles and time; optionally the first
 * indices of the last job, unpacked.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idxgen.h"
#include "idxgen_lock.h"
#include "print.h"
#include "tool.h"

static const char help_run[] =
"NAME\n"
"    idxgen run - run kernel configurations on a device\n"
"\n"
"SYNOPSIS\n"
"    idxgen run --block DXxDYxDZ [--block ...] [--dedicated | --shared]\n"
"               [--warp N] [--repeat N] [--no-history] [--dump N] [--json]\n"
"               [--schedule ORDER]\n"
"\n"
"DESCRIPTION\n"
"    Runs one job per --block, in order, on one context, and prints per job:\n"
"    the block, the region, hit or miss in the history cache, warps\n"
"    generated, device cycles (and what they mean at the device clock) and\n"
"    the wall time from submission to completion.\n"
"\n"
"    With --dedicated (the default) each distinct block shape gets its own\n"
"    dedicated region, as a frequently launched kernel would: running the\n"
"    same shape again hits the history and costs only the filter cycles.\n"
"    With --shared every job writes the device's one shared region, so a\n"
"    job evicts the indices of the one before.\n"
"\n"
"OPTIONS\n"
"    -b, --block DXxDYxDZ  block dimensions, e.g. 32x64x1 (missing ones are 1);\n"
"                          repeatable\n"
"    -D, --dedicated       one dedicated region per block shape (default)\n"
"    -s, --shared          the shared region for every job\n"
"    -w, --warp N          iteration step / warp size (default: the device's lanes)\n"
"    -r, --repeat N        run the whole sequence N times (default 1)\n"
"    -n, --no-history      always generate (the job neither hits nor records)\n"
"    -u, --dump N          then print the first N indices of the last job, unpacked,\n"
"                          as a table of thread, warp, lane, x, y, z and packed word\n"
"                          (thread = output position: the issue order)\n"
"    -S, --schedule ORDER  the order the device issues threads in, for every job:\n"
"                          sequential (default), zigzag, hilbert, tiled:WxH,\n"
"                          strided:S,G (see `idxgen order`)\n"
"\n"
"EXAMPLES\n"
"    The history example: miss, miss, hit.\n"
"        idxgen run --block 32x64x1 --block 100x2x2 --block 32x64x1\n"
"    The first two warps of a block:\n"
"        idxgen run --block 32x64x1 --dump 64\n";

#define MAX_BLOCKS 16

struct run_opts {
	uint32_t blocks[MAX_BLOCKS][3];
	int nblocks;
	int use_shared;
	int nohist;
	int help;
	unsigned long warp, repeat, dump;
	struct idxgen_schedule sched;
};

/* What the jobs run on: closing dev frees the context and the regions. */
struct run_state {
	struct idxgen_device *dev;
	struct idxgen_context *ctx;
	struct idxgen_info in;
	struct idxgen_region *shared;
	struct idxgen_config cfg[MAX_BLOCKS];
	char rname[MAX_BLOCKS][24];
	int nregions;
};

static int run_parse(int argc, char **argv, struct run_opts *o)
{
	static const struct option opts[] = {
		{ "block", required_argument, NULL, 'b' },
		{ "dedicated", no_argument, NULL, 'D' },
		{ "shared", no_argument, NULL, 's' },
		{ "warp", required_argument, NULL, 'w' },
		{ "repeat", required_argument, NULL, 'r' },
		{ "no-history", no_argument, NULL, 'n' },
		{ "dump", required_argument, NULL, 'u' },
		{ "schedule", required_argument, NULL, 'S' },
		COMMON_LONGOPTS,
		{ 0 }
	};
	int opt;

	o->repeat = 1;
	while ((opt = getopt_long(argc, argv, "b:Dsw:r:nu:S:" COMMON_SHORTOPTS, opts, NULL)) != -1) {
		switch (opt) {
		case 'S':
			if (idxgen_schedule_parse(optarg, &o->sched))
				return fail(2, BAD_SCHEDULE_FMT, optarg);
			break;
		case 'b':
			if (o->nblocks == MAX_BLOCKS)
				return fail(2, "at most %d blocks", MAX_BLOCKS);
			if (parse_block(optarg, o->blocks[o->nblocks]))
				return fail(2, "bad block '%s': want DXxDYxDZ, each 1..65535", optarg);
			o->nblocks++;
			break;
		case 'D': o->use_shared = 0; break;
		case 's': o->use_shared = 1; break;
		case 'w':
			if (parse_uint(optarg, IDXGEN_MAX_WARP, &o->warp) || !o->warp)
				return fail(2, "bad warp size '%s': want 1..%d", optarg, IDXGEN_MAX_WARP);
			break;
		case 'r':
			if (parse_uint(optarg, 1000000, &o->repeat) || !o->repeat)
				return fail(2, "bad repeat count '%s'", optarg);
			break;
		case 'n': o->nohist = 1; break;
		case 'u':
			if (parse_uint(optarg, 1u << 20, &o->dump))
				return fail(2, "bad dump count '%s'", optarg);
			break;
		case 'h': fputs(help_run, stdout); o->help = 1; return 0;
		default:
			if (!common_opt(opt))
				return bad_option(argv);
		}
	}
	if (optind < argc)
		return fail(2, "unexpected argument '%s'", argv[optind]);
	if (!o->nblocks)
		return fail(2, "no --block given (e.g. --block 32x64x1)");
	return 0;
}

/*
 * Where job i writes: the shared region, or a dedicated region per
 * distinct block shape (the same kernel again: the same address).
 */
static int run_target(const struct run_opts *o, struct run_state *s, int i)
{
	struct idxgen_region *reg;
	int k, ret;

	if (o->use_shared) {
		snprintf(s->rname[i], sizeof(s->rname[i]), "shared");
		return idxgen_config_target(&s->cfg[i], s->shared, 0);
	}
	for (k = 0; k < i; k++)
		if (!memcmp(o->blocks[k], o->blocks[i], sizeof(o->blocks[i])))
			break;
	if (k < i) {
		memcpy(s->rname[i], s->rname[k], sizeof(s->rname[i]));
		return idxgen_config_target(&s->cfg[i], s->cfg[k].region, 0);
	}
	snprintf(s->rname[i], sizeof(s->rname[i]), "dedicated%d", s->nregions++);
	ret = idxgen_region_alloc(s->dev, idxgen_config_bytes(&s->cfg[i]), &reg);
	return ret ? ret : idxgen_config_target(&s->cfg[i], reg, 0);
}

/* The configuration of block i, checked against the device, and its target. */
static int run_configure(const struct run_opts *o, struct run_state *s, int i)
{
	const uint32_t *b = o->blocks[i];
	struct idxgen_config *c = &s->cfg[i];
	int ret;

	ret = idxgen_config_init(c, s->dev, b[0], b[1], b[2], (uint32_t)o->warp);
	if (ret)
		return fail(1, "block %ux%ux%u%s: %s", b[0], b[1], b[2],
			    o->warp > s->in.lanes ? " with that warp" : "", idxgen_strerror(ret));
	if (o->nohist)
		c->flags |= IDXGEN_CONFIG_NO_HISTORY;
	c->user_tag = (uint32_t)i;
	idxgen_config_schedule(c, &o->sched);	/* parsed: cannot fail */
	ret = idxgen_config_validate(c, s->dev);
	if (ret)
		return fail(1, "block %ux%ux%u with schedule %s: %s", b[0], b[1], b[2],
			    o->sched.name[0] ? o->sched.name : "sequential",
			    ret == -E2BIG ? "the device has no schedule orders"
					  : idxgen_strerror(ret));
	ret = run_target(o, s, i);
	if (ret)
		return fail(1, "block %ux%ux%u: no room for %" PRIu64 " bytes of indices: %s",
			    b[0], b[1], b[2], idxgen_config_bytes(c), idxgen_strerror(ret));
	return 0;
}

/* A context, the shared region and its lock if asked for, every configuration. */
static int run_setup(const struct run_opts *o, struct run_state *s)
{
	int i, ret;

	ret = idxgen_get_info(s->dev, &s->in);
	if (!ret)
		ret = idxgen_context_create(s->dev, IDXGEN_PRIORITY_NORMAL, &s->ctx);
	if (!ret && o->use_shared)
		ret = idxgen_region_shared(s->dev, &s->shared);
	/* jobs on the shared region need its lock; held until the device closes */
	if (!ret && o->use_shared)
		ret = idxgen_lock(s->ctx, IDXGEN_LOCK_SHARED, 10 * (int64_t)1000000000);
	if (ret)
		return fail(1, "%s", idxgen_strerror(ret));
	for (i = 0; i < o->nblocks; i++) {
		ret = run_configure(o, s, i);
		if (ret)
			return ret;
	}
	return 0;
}

static void run_print_job(unsigned long jobno, const struct idxgen_config *c, const char *region,
			  const struct idxgen_job_result *r, double dev_us, double wall_us)
{
	char shape[24];

	snprintf(shape, sizeof(shape), "%ux%ux%u", c->dx, c->dy, c->dz);
	print_open_object(NULL);
	print_u64(PRINT_ANY, "job", "%-4" PRIu64 " ", jobno);
	print_string(PRINT_FP, NULL, "%-12s ", shape);
	print_open_array("block");
	print_uint(PRINT_JSON, NULL, NULL, c->dx);
	print_uint(PRINT_JSON, NULL, NULL, c->dy);
	print_uint(PRINT_JSON, NULL, NULL, c->dz);
	print_close_array();
	print_uint(PRINT_ANY, "warp", "%-4u ", c->c);
	print_string(PRINT_ANY, "region", "%-10s ", region);
	print_string(PRINT_JSON, "status", NULL, idxgen_status_name(r->status));
	print_bool(PRINT_JSON, "hit", NULL, r->hit);
	print_string(PRINT_FP, NULL, "%-5s ",
		     r->status ? idxgen_status_name(r->status) : r->hit ? "hit" : "miss");
	print_u64(PRINT_ANY, "warps", "%6" PRIu64 " ", r->warps);
	print_u64(PRINT_ANY, "cycles", "%8" PRIu64 " ", r->cycles);
	print_float(PRINT_JSON, "device_us", "%.3f", dev_us);
	print_float(PRINT_FP, NULL, "%9.2f us ", dev_us);
	print_float(PRINT_ANY, "wall_us", "%8.1f us\n", wall_us);
	print_close_object();
}

/* Every block in order, --repeat times; a row per job.  Stops at the first failure. */
static int run_jobs(const struct run_opts *o, struct run_state *s)
{
	unsigned long rep, jobno = 0;
	int i, ret;

	print_string(PRINT_JSON, "device", NULL, s->in.pci_addr);
	print_text("%-4s %-12s %-4s %-10s %-5s %6s %8s %12s %11s\n", "JOB", "BLOCK", "WARP",
		   "REGION", "RESULT", "WARPS", "CYCLES", "DEVICE TIME", "WALL TIME");
	print_open_array("jobs");
	for (rep = 0; rep < o->repeat; rep++) {
		for (i = 0; i < o->nblocks; i++) {
			struct idxgen_job_result r;
			double t0, t1, dev_us;

			t0 = now_us();
			ret = idxgen_run(s->ctx, &s->cfg[i], &r);
			t1 = now_us();
			jobno++;
			if (ret && ret != -EIO) {
				print_close_array();
				return fail(1, "job %lu: %s", jobno, idxgen_strerror(ret));
			}
			dev_us = s->in.clock_khz ? r.cycles * 1000.0 / s->in.clock_khz : 0;
			run_print_job(jobno, &s->cfg[i], s->rname[i], &r, dev_us, t1 - t0);
			if (ret == -EIO) {
				print_close_array();
				return fail(1, "job %lu: device status %s", jobno,
					    idxgen_status_name(r.status));
			}
		}
	}
	print_close_array();
	return 0;
}

/* Packed word t of the output, little-endian, 16 or 32 bits. */
static uint32_t run_word(const uint8_t *w, unsigned int word_size, uint64_t t)
{
	const uint8_t *p = w + t * word_size;
	uint32_t word = p[0] | p[1] << 8;

	if (word_size == 4)
		word |= (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
	return word;
}

static void run_print_dump(const struct idxgen_config *c, const void *map, unsigned long dump,
			   const uint16_t *x, const uint16_t *y, const uint16_t *z)
{
	const uint8_t *w = (const uint8_t *)map + c->offset;
	uint64_t t;

	print_open_object("dump");
	print_text("\nfirst %lu indices of %ux%ux%u (warp %u, ", dump, c->dx, c->dy, c->dz, c->c);
	print_uint(PRINT_ANY, "mx", "widths x:%u ", c->mx);
	print_uint(PRINT_ANY, "my", "y:%u ", c->my);
	print_uint(PRINT_ANY, "mz", "z:%u, ", c->mz);
	print_uint(PRINT_JSON, "word_size", NULL, c->word_size);
	print_text("%u-bit words)\n", c->word_size * 8);
	print_text("%7s %5s %4s %6s %6s %6s  %s\n", "THREAD", "WARP", "LANE", "X", "Y", "Z",
		   "WORD");
	print_open_array("indices");
	for (t = 0; t < dump; t++) {
		print_u64(PRINT_FP, NULL, "%7" PRIu64 " ", t);
		print_u64(PRINT_FP, NULL, "%5" PRIu64 " ", t / c->c);
		print_u64(PRINT_FP, NULL, "%4" PRIu64 " ", t % c->c);
		print_open_array(NULL);
		print_uint(PRINT_ANY, NULL, "%6u ", x[t]);
		print_uint(PRINT_ANY, NULL, "%6u ", y[t]);
		print_uint(PRINT_ANY, NULL, "%6u  ", z[t]);
		print_close_array();
		print_text("0x%0*x\n", c->word_size * 2, run_word(w, c->word_size, t));
	}
	print_close_array();
	print_close_object();
}

/* The first --dump indices of the last job, unpacked. */
static int run_dump(const struct run_opts *o, struct run_state *s)
{
	const struct idxgen_config *c = &s->cfg[o->nblocks - 1];
	uint64_t n = idxgen_config_threads(c);
	unsigned long dump = o->dump > n ? (unsigned long)n : o->dump;
	uint16_t *x = calloc(dump, 2), *y = calloc(dump, 2), *z = calloc(dump, 2);
	const void *map = NULL;
	int ret;

	ret = !x || !y || !z ? -ENOMEM : idxgen_region_map(c->region, &map);
	if (!ret)
		ret = idxgen_config_unpack(c, map, 0, dump, x, y, z);
	if (ret)
		ret = fail(1, "dump: %s", idxgen_strerror(ret));
	else
		run_print_dump(c, map, dump, x, y, z);
	free(x);
	free(y);
	free(z);
	return ret;
}

int cmd_run(int argc, char **argv)
{
	struct run_opts o = { 0 };
	struct run_state s = { 0 };
	int ret;

	ret = run_parse(argc, argv, &o);
	if (ret || o.help)
		return ret;
	ret = open_device(&s.dev);
	if (ret)
		return ret;
	ret = run_setup(&o, &s);
	if (!ret) {
		print_open_object(NULL);
		ret = run_jobs(&o, &s);
		if (!ret && o.dump)
			ret = run_dump(&o, &s);
		print_close_object();
		print_end();
	}
	idxgen_close(s.dev);	/* also frees the context and regions */
	return ret;
}
