// SPDX-License-Identifier: MIT
/*
 * devices.c - every idxgen device of the host serving the launches.
 *
 * A runtime uses every device idxgen_list() finds (IDXGEN_DEVICES unset or
 * "all"), or those IDXGEN_DEVICES names: "0" device 0 alone, or a list of
 * indices ("1", "0,1"); the first is the runtime's device (the block
 * stream, the shared region, dedicated regions), the others only generate
 * grid streams, each into a region of its own prepared when the runtime
 * opens it and kept (so a launch makes no region, mapping or user queue:
 * the device's context keeps the queue bound to that region).  A launch's
 * grid stream is made in chunks (block ranges within the device's limits,
 * streams.c; with the devices named, at least one per device where the
 * grid has that many blocks); chunk i goes to device (i + turn) mod
 * ndevices, where turn is 0 except for a grid of fewer chunks than devices
 * under the default, which takes the next device of the runtime's turn:
 * so a grid that takes several jobs is spread, a smaller one goes to the
 * devices in turn, launch after launch, and with the devices named every
 * launch of two blocks or more is split.  The other devices' chunks are
 * submitted first (one batch per device), then the runtime's device makes
 * the block stream and its own chunks, then the others' are collected.  A
 * device that cannot take its chunks (its region in use by another launch,
 * a failed submit, a job that failed: a bad completion, a DMA fault, a hang
 * the driver's watchdog ended) leaves them to the runtime's device: results
 * are the same whatever the split, and only a failure on the runtime's
 * device fails the launch.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "idxgen.h"
#include "idxgen_rt.h"
#include "rt_internal.h"

/*
 * The region a device's chunks go to is prepared at open and kept: a
 * region per launch cost the driver's allocation, a mapping and, with a
 * user queue, a new queue bound to it (the queue a context has is bound
 * to the regions it was made for).  It starts small, as every runtime of
 * every process holds one on each other device (the VM's second device has
 * 16 MiB of index memory), and grows, once, to what a launch needs.
 */
#define RT_XREGION_BYTES	RT_REGION_MIN

/* The devices after the first: opened here; one that cannot be opened is left out. */
void rt_devices_open(struct idxgen_rt *rt, const unsigned int *idx, unsigned int n)
{
	for (unsigned int i = 1; i < n; i++) {
		struct rt_xdevice *x = &rt->xd[rt->nxdev];

		if (idxgen_open(idx[i], IDXGEN_OPEN_DRM, &x->dev))
			continue;
		if (idxgen_context_create(x->dev, IDXGEN_PRIORITY_NORMAL, &x->ctx) ||
		    idxgen_region_alloc(x->dev, RT_XREGION_BYTES, &x->reg)) {
			idxgen_close(x->dev);	/* also frees the context */
			memset(x, 0, sizeof(*x));
			continue;
		}
		pthread_mutex_init(&x->lock, NULL);
		rt->nxdev++;
	}
}

void rt_devices_close(struct idxgen_rt *rt)
{
	for (unsigned int i = 0; i < rt->nxdev; i++) {
		struct rt_xdevice *x = &rt->xd[i];

		idxgen_region_free(x->reg);
		idxgen_context_destroy(x->ctx);
		idxgen_close(x->dev);
		pthread_mutex_destroy(&x->lock);
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
	bool held[RT_MAX_DEVICES];	/* this launch holds xd[x]'s region */
};

/* xd[x]'s region holds at least bytes (a larger one made when not: a new queue, once). */
static int xregion_fit(struct rt_xdevice *x, uint64_t bytes)
{
	uint64_t size = idxgen_region_size(x->reg);
	struct idxgen_region *bigger;
	int ret;

	if (bytes <= size)
		return 0;
	if (!size)
		size = RT_REGION_MIN;
	while (size < bytes)
		size *= 2;
	ret = idxgen_region_alloc(x->dev, size, &bigger);
	if (ret)
		return ret;
	idxgen_region_free(x->reg);
	x->reg = bigger;
	return 0;
}

/*
 * The chunks of slot s (chunk i is slot's (i + turn) mod ndev; slot 0 is
 * the runtime's device, slot x + 1 is xd[x]) into xd[x]'s region, one
 * submission; -errno: the runtime's device makes them.
 */
static int spread_one(struct rt_spread *sp, unsigned int x, const struct rt_lseg *sg,
		      struct rt_chunk *ch, unsigned int nch, unsigned int ndev, unsigned int turn)
{
	struct idxgen_rt *rt = sp->rt;
	struct rt_xdevice *xd = &rt->xd[x];
	unsigned int first = (x + 1 + ndev - turn) % ndev, i, k = 0;
	struct idxgen_config *cfgs;
	idxgen_job_t *jobs;
	uint64_t bytes = 0, off = 0;
	int ret = 0;

	for (i = first; i < nch; i += ndev)
		bytes += (ch[i].bytes + RT_STREAM_ALIGN - 1) / RT_STREAM_ALIGN * RT_STREAM_ALIGN;
	if (!bytes)
		return 0;
	if (pthread_mutex_trylock(&xd->lock))
		return -EBUSY;	/* another launch is using the region */
	sp->held[x] = true;
	cfgs = calloc(nch / ndev + 1, sizeof(*cfgs));
	jobs = calloc(nch / ndev + 1, sizeof(*jobs));
	if (!cfgs || !jobs)
		ret = -ENOMEM;
	if (!ret)
		ret = xregion_fit(xd, bytes);
	for (i = first; !ret && i < nch; i += ndev) {
		ret = rt_chunk_config(xd->dev, sg, &ch[i], xd->reg, off, &cfgs[k++]);
		off += (idxgen_config_bytes(&cfgs[k - 1]) + RT_STREAM_ALIGN - 1) / RT_STREAM_ALIGN *
		       RT_STREAM_ALIGN;
	}
	if (!ret)
		ret = idxgen_submit(xd->ctx, cfgs, k, jobs);
	for (i = first, k = 0; !ret && i < nch; i += ndev, k++) {
		ch[i].dev = (int)x;
		ch[i].job = jobs[k];
		ch[i].cfg = cfgs[k];
	}
	free(cfgs);
	free(jobs);
	return ret;
}

struct rt_spread *rt_spread_submit(struct idxgen_rt *rt, const struct rt_lseg *sg,
				   struct rt_chunk *ch, unsigned int nch, bool in_turn)
{
	unsigned int ndev = 1 + rt->nxdev, turn = 0;
	struct rt_spread *sp;

	for (unsigned int i = 0; i < nch; i++)
		ch[i].dev = -1;
	if (!rt->nxdev || (nch < 2 && !in_turn))
		return NULL;
	if (in_turn && nch < ndev)	/* this launch's start in the turn */
		turn = atomic_fetch_add(&rt->next_dev, 1) % ndev;
	sp = calloc(1, sizeof(*sp));
	if (!sp)
		return NULL;
	sp->rt = rt;
	for (unsigned int x = 0; x < rt->nxdev; x++)
		spread_one(sp, x, sg, ch, nch, ndev, turn);	/* failed: its chunks stay at dev -1 */
	return sp;
}

/* Wait for ch (made on another device) and unpack it into tmp; -errno: device 0 makes it. */
int rt_spread_collect(struct rt_spread *sp, const struct rt_chunk *ch, uint16_t *tmp)
{
	struct rt_xdevice *xd = &sp->rt->xd[ch->dev];
	struct idxgen_job_result res;
	uint64_t n = (uint64_t)ch->n[0] * ch->n[1] * ch->n[2];
	const void *map;
	int ret;

	ret = idxgen_wait(xd->ctx, ch->job, -1, &res);
	if (!ret && (res.error || res.status))	/* status 0: OK */
		ret = res.error ? res.error : -EIO;
	if (!ret)
		ret = idxgen_region_map(xd->reg, &map);
	if (!ret)
		ret = idxgen_config_unpack(&ch->cfg, map, 0, n, tmp, tmp + n, tmp + 2 * n);
	return ret;
}

void rt_spread_free(struct rt_spread *sp)
{
	if (!sp)
		return;
	for (unsigned int x = 0; x < sp->rt->nxdev; x++)
		if (sp->held[x])
			pthread_mutex_unlock(&sp->rt->xd[x].lock);
	free(sp);
}
