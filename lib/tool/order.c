// SPDX-License-Identifier: MIT
/*
 * order.c - `idxgen order`: run one block under a schedule order, read the
 * output back and show the issue order of its first slice, as a grid of
 * warps and a path, or drawn (plot.c).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "idxgen.h"
#include "plot.h"
#include "tool.h"

static const char help_order[] =
"NAME\n"
"    idxgen order - show the order a device issues a block's threads in\n"
"\n"
"SYNOPSIS\n"
"    idxgen order --block DXxDY[xDZ] [--schedule ORDER] [--warp N] [--plot FILE]\n"
"                 [--quiet]\n"
"\n"
"DESCRIPTION\n"
"    Runs the block once with the schedule order on the device (or the\n"
"    emulation: idxgen --emu order ...), reads the output back and shows the\n"
"    issue order of slice z = 0: a grid with the warp of every thread (one\n"
"    character per thread: warps 0..61 as 0-9, a-z, A-Z, then again) and the\n"
"    first positions.  With --plot it draws the path through the plane, one\n"
"    colour per warp, as PNG or SVG (by the file's suffix).\n"
"\n"
"OPTIONS\n"
"    -b, --block DXxDY[xDZ]  block dimensions\n"
"    -S, --schedule ORDER    sequential (default), zigzag, hilbert, tiled:WxH\n"
"                            (tiled:N = NxN), strided:S,G (groups of G threads,\n"
"                            every S-th group; strided:S = strided:S,1)\n"
"    -w, --warp N            warp size (default: the device's lanes)\n"
"    -p, --plot FILE         draw the order into FILE.png or FILE.svg\n"
"    -q, --quiet             no text rendering\n"
"\n"
"EXAMPLES\n"
"        idxgen --emu order --block 32x32 --schedule hilbert --plot order.png\n"
"        idxgen order --block 16x8 --schedule tiled:4x4\n";

struct order_opts {
	struct idxgen_schedule sched;
	uint32_t block[3];
	unsigned long warp;
	const char *plot;
	int quiet, have_block, help;
};

/* The block's first slice as the device issued it. */
struct order_plane {
	struct idxgen_config cfg;
	struct idxgen_job_result res;
	uint64_t size;			/* dx * dy */
	uint32_t *pos;			/* position p -> linear thread x + y * dx */
	uint32_t *warp_of;		/* linear thread -> its warp */
};

static int order_parse(int argc, char **argv, struct order_opts *o)
{
	static const struct option opts[] = {
		{ "block", required_argument, NULL, 'b' },
		{ "schedule", required_argument, NULL, 'S' },
		{ "warp", required_argument, NULL, 'w' },
		{ "plot", required_argument, NULL, 'p' },
		{ "quiet", no_argument, NULL, 'q' },
		COMMON_LONGOPTS,
		{ 0 }
	};
	size_t len;
	int opt;

	while ((opt = getopt_long(argc, argv, "b:S:w:p:q" COMMON_SHORTOPTS, opts, NULL)) != -1) {
		switch (opt) {
		case 'b':
			if (parse_block(optarg, o->block))
				return fail(2, "bad block '%s': want DXxDYxDZ, each 1..65535", optarg);
			o->have_block = 1;
			break;
		case 'S':
			if (idxgen_schedule_parse(optarg, &o->sched))
				return fail(2, BAD_SCHEDULE_FMT, optarg);
			break;
		case 'w':
			if (parse_uint(optarg, IDXGEN_MAX_WARP, &o->warp) || !o->warp)
				return fail(2, "bad warp size '%s': want 1..%d", optarg, IDXGEN_MAX_WARP);
			break;
		case 'p': o->plot = optarg; break;
		case 'q': o->quiet = 1; break;
		case 'h': fputs(help_order, stdout); o->help = 1; return 0;
		default:
			if (!common_opt(opt))
				return bad_option(argv);
		}
	}
	if (optind < argc)
		return fail(2, "unexpected argument '%s'", argv[optind]);
	if (!o->have_block)
		return fail(2, "no --block given (e.g. --block 32x32)");
	len = o->plot ? strlen(o->plot) : 0;
	if (len > 4 && strcmp(o->plot + len - 4, ".png") && strcmp(o->plot + len - 4, ".svg"))
		return fail(2, "plot file '%s' must end in .png or .svg", o->plot);
	if (!o->sched.name[0])
		idxgen_schedule_parse("sequential", &o->sched);
	return 0;
}

/* Slice 0 = the first dx*dy positions, read as the device wrote them. */
static int order_read(struct order_plane *pl, const void *map)
{
	const struct idxgen_config *c = &pl->cfg;
	struct idxgen_warp_iter it;

	pl->size = (uint64_t)c->dx * c->dy;
	pl->pos = malloc(pl->size * sizeof(*pl->pos));
	pl->warp_of = malloc(pl->size * sizeof(*pl->warp_of));
	if (!pl->pos || !pl->warp_of)
		return fail(1, "out of memory");
	idxgen_warp_iter_init(&it, c, map);
	while (idxgen_warp_next(&it) && it.first < pl->size) {
		unsigned int i;

		for (i = 0; i < it.count && it.first + i < pl->size; i++) {
			uint32_t l = it.x[i] + it.y[i] * c->dx;

			pl->pos[it.first + i] = l;
			pl->warp_of[l] = (uint32_t)it.warp;
		}
	}
	return 0;
}

/* Run the block once on a context of its own and read its first slice. */
static int order_run(struct idxgen_device *dev, const struct order_opts *o,
		     struct order_plane *pl)
{
	struct idxgen_config *c = &pl->cfg;
	struct idxgen_context *ctx = NULL;
	struct idxgen_region *reg = NULL;
	const void *map;
	int ret;

	ret = idxgen_config_init(c, dev, o->block[0], o->block[1], o->block[2],
				 (uint32_t)o->warp);
	if (!ret)
		ret = idxgen_config_schedule(c, &o->sched);
	if (!ret)
		ret = idxgen_config_validate(c, dev);
	if (ret)
		return fail(1, "block %ux%ux%u with schedule %s: %s", o->block[0], o->block[1],
			    o->block[2], o->sched.name,
			    ret == -E2BIG ? "outside the device's limits or no schedule orders"
					  : idxgen_strerror(ret));
	ret = idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx);
	if (!ret)
		ret = idxgen_region_alloc(dev, idxgen_config_bytes(c), &reg);
	if (!ret)
		ret = idxgen_config_target(c, reg, 0);
	if (!ret)
		ret = idxgen_run(ctx, c, &pl->res);
	if (!ret)
		ret = idxgen_region_map(reg, &map);
	if (ret)
		ret = fail(1, "%s%s%s", idxgen_strerror(ret), ret == -EIO ? ": device status " : "",
			   ret == -EIO ? idxgen_status_name(pl->res.status) : "");
	else
		ret = order_read(pl, map);
	if (reg)
		idxgen_region_free(reg);
	if (ctx)
		idxgen_context_destroy(ctx);
	return ret;
}

/* The warp of every thread as a character grid (small planes), then the path's start. */
static void order_print(const struct order_plane *pl, const char *title)
{
	static const char wch[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
	const struct idxgen_config *c = &pl->cfg;
	uint64_t p;

	printf("%s (%s, %" PRIu64 " warps, %" PRIu64 " cycles)\n", title,
	       pl->res.hit ? "hit" : "miss", pl->res.warps, pl->res.cycles);
	if (c->dx <= 128 && c->dy <= 64) {
		uint32_t x, y;

		for (y = 0; y < c->dy; y++) {
			for (x = 0; x < c->dx; x++)
				putchar(wch[pl->warp_of[x + y * c->dx] % 62]);
			putchar('\n');
		}
	} else {
		printf("(plane larger than 128x64: no grid)\n");
	}
	printf("path:");
	for (p = 0; p < pl->size && p < 24; p++)
		printf(" (%u,%u)", pl->pos[p] % c->dx, pl->pos[p] / c->dx);
	printf("%s\n", pl->size > 24 ? " ..." : "");
}

int cmd_order(int argc, char **argv)
{
	struct order_opts o = { 0 };
	struct order_plane pl = { 0 };
	struct idxgen_device *dev;
	char title[96];
	int ret;

	ret = order_parse(argc, argv, &o);
	if (ret || o.help)
		return ret;
	ret = open_device(&dev);
	if (ret)
		return ret;
	ret = order_run(dev, &o, &pl);
	if (ret)
		goto out;
	snprintf(title, sizeof(title), "%ux%u %s, warp %u", pl.cfg.dx, pl.cfg.dy, o.sched.name,
		 pl.cfg.c);
	if (!o.quiet)
		order_print(&pl, title);
	if (o.plot) {
		ret = idxgen_plot_order(o.plot, title, pl.cfg.dx, pl.cfg.dy, pl.pos, pl.size,
					pl.cfg.c);
		if (ret) {
			ret = fail(1, "cannot draw %s: %s", o.plot, idxgen_strerror(ret));
			goto out;
		}
		if (!o.quiet)
			printf("plot: %s\n", o.plot);
	}
out:
	free(pl.pos);
	free(pl.warp_of);
	idxgen_close(dev);
	return ret;
}
