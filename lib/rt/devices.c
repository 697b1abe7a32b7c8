// SPDX-License-Identifier: MIT
/*
 * devices.c - every idxgen device of the host serving one launch.
 *
 * A runtime uses every device idxgen_list() finds (IDXGEN_DEVICES unset or
 * "all"), or those IDXGEN_DEVICES names: "0" device 0 alone, or a list of
 * indices ("1", "0,1"); the first is the runtime's device (the block
 * stream, the shared region, dedicated regions), the others only generate
 * grid streams.  A launch's grid stream is made in chunks (block ranges
 * within the device's limits, streams.c; with the devices named, at least
 * one per device where the grid has that many blocks); chunk i goes to
 * device i mod ndevices: so a grid that takes several jobs is always
 * spread, and with the devices named every launch of two blocks or more.  The other
 * devices' chunks are submitted first (one batch per device, into a
 * region of that device for this launch), then the runtime's device makes
 * its own chunks, then the others' are collected.  A device that cannot
 * take its chunks (no region, a failed submit, a job that failed: a bad
 * completion, a DMA fault, a hang the driver's watchdog ended) leaves them
 * to the runtime's device: results are the same whatever the split, and
 * only a failure on the runtime's device fails the launch.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "idxgen.h"
#include "idxgen_rt.h"
#include "rt_internal.h"

/* The devices after the first: opened here; one that cannot be opened is left out. */
void rt_devices_open(struct idxgen_rt *rt, const unsigned int *idx, unsigned int n)
{
	for (unsigned int i = 1; i < n; i++) {
		struct idxgen_device *d;
		struct idxgen_context *c;

		if (idxgen_open(idx[i], IDXGEN_OPEN_DRM, &d))
			continue;
		if (idxgen_context_create(d, IDXGEN_PRIORITY_NORMAL, &c)) {
			idxgen_close(d);
			continue;
		}
		rt->xdev[rt->nxdev] = d;
		rt->xctx[rt->nxdev++] = c;
	}
}

void rt_devices_close(struct idxgen_rt *rt)
{
	for (unsigned int i = 0; i < rt->nxdev; i++) {
		idxgen_context_destroy(rt->xctx[i]);
		idxgen_close(rt->xdev[i]);
	}
	rt->nxdev = 0;
}

/* ch's configuration on device d: the chunk's box (transposed for the column order) at off. */
int rt_chunk_config(struct idxgen_device *d, const struct rt_lseg *sg, const struct rt_chunk *ch,
		    struct idxgen_region *reg, uint64_t off, struct idxgen_config *cfg)
{
	bool cols = sg->gorder == IDXGEN_RT_GRID_COLS;
	int ret = idxgen_config_init(cfg, d, cols ? ch->n[1] : ch->n[0], cols ? ch->n[0] : ch->n[1],
				     ch->n[2], 0);

	if (!ret)
		ret = idxgen_config_target(cfg, reg, off);
	if (!ret && sg->gorder == IDXGEN_RT_GRID_HILBERT) {
		struct idxgen_schedule hs = { .order = IDXGEN_SCHED_HILBERT };

		ret = idxgen_config_schedule(cfg, &hs);
	}
	return ret;
}

struct rt_spread {
	struct idxgen_rt *rt;
	struct idxgen_region *reg[RT_MAX_DEVICES];
};

/* Device x's chunks into a region of its own and one submission; -errno: device 0 makes them. */
static int spread_one(struct rt_spread *sp, unsigned int x, const struct rt_lseg *sg,
		      struct rt_chunk *ch, unsigned int nch, unsigned int ndev)
{
	struct idxgen_rt *rt = sp->rt;
	struct idxgen_config *cfgs;
	idxgen_job_t *jobs;
	uint64_t bytes = 0, off = 0;
	unsigned int i, k = 0;
	int ret = 0;

	for (i = x + 1; i < nch; i += ndev)
		bytes += (ch[i].bytes + RT_STREAM_ALIGN - 1) / RT_STREAM_ALIGN * RT_STREAM_ALIGN;
	if (!bytes)
		return 0;
	cfgs = calloc(nch / ndev + 1, sizeof(*cfgs));
	jobs = calloc(nch / ndev + 1, sizeof(*jobs));
	if (!cfgs || !jobs)
		ret = -ENOMEM;
	if (!ret)
		ret = idxgen_region_alloc(rt->xdev[x], bytes, &sp->reg[x]);
	for (i = x + 1; !ret && i < nch; i += ndev) {
		ret = rt_chunk_config(rt->xdev[x], sg, &ch[i], sp->reg[x], off, &cfgs[k++]);
		off += (idxgen_config_bytes(&cfgs[k - 1]) + RT_STREAM_ALIGN - 1) / RT_STREAM_ALIGN *
		       RT_STREAM_ALIGN;
	}
	if (!ret)
		ret = idxgen_submit(rt->xctx[x], cfgs, k, jobs);
	for (i = x + 1, k = 0; !ret && i < nch; i += ndev, k++) {
		ch[i].dev = (int)x;
		ch[i].job = jobs[k];
		ch[i].cfg = cfgs[k];
	}
	free(cfgs);
	free(jobs);
	return ret;
}

struct rt_spread *rt_spread_submit(struct idxgen_rt *rt, const struct rt_lseg *sg,
				   struct rt_chunk *ch, unsigned int nch)
{
	unsigned int ndev = 1 + rt->nxdev;
	struct rt_spread *sp;

	for (unsigned int i = 0; i < nch; i++)
		ch[i].dev = -1;
	if (!rt->nxdev || nch < 2)
		return NULL;
	sp = calloc(1, sizeof(*sp));
	if (!sp)
		return NULL;
	sp->rt = rt;
	for (unsigned int x = 0; x < rt->nxdev; x++)
		spread_one(sp, x, sg, ch, nch, ndev);	/* failed: its chunks stay at dev -1 */
	return sp;
}

/* Wait for ch (made on another device) and unpack it into tmp; -errno: device 0 makes it. */
int rt_spread_collect(struct rt_spread *sp, const struct rt_chunk *ch, uint16_t *tmp)
{
	struct idxgen_job_result res;
	uint64_t n = (uint64_t)ch->n[0] * ch->n[1] * ch->n[2];
	const void *map;
	int ret;

	ret = idxgen_wait(sp->rt->xctx[ch->dev], ch->job, -1, &res);
	if (!ret && (res.error || res.status))	/* status 0: OK */
		ret = res.error ? res.error : -EIO;
	if (!ret)
		ret = idxgen_region_map(sp->reg[ch->dev], &map);
	if (!ret)
		ret = idxgen_config_unpack(&ch->cfg, map, 0, n, tmp, tmp + n, tmp + 2 * n);
	return ret;
}

void rt_spread_free(struct rt_spread *sp)
{
	if (!sp)
		return;
	for (unsigned int x = 0; x < RT_MAX_DEVICES; x++)
		if (sp->reg[x])
			idxgen_region_free(sp->reg[x]);
	free(sp);
}
