// SPDX-License-Identifier: MIT
/*
 * streams.c - index streams from the idxgen device through libidxgen's
 * submit path: the block's thread order and the grid's issue order, in
 * dedicated regions of hot shapes or the shared region, cached per shape
 * once the device's history confirmed them, classified (linear / whole warps
 * / general) for the kernels.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "idxgen.h"
#include "idxgen_rt.h"
#include "rt_internal.h"
#include "idxgen_hw.h"
#include "idxgen_lock.h"

/* ------------------------------------------------------------------ */
/* Index streams from the device                                       */
/* ------------------------------------------------------------------ */

static uint32_t max_u32(uint32_t a, uint32_t b)
{
	return a > b ? a : b;
}

/* Chunks of grid g in chunks of c. */
static uint64_t grid_nchunks(const uint32_t g[3], const uint32_t c[3])
{
	uint64_t n = 1;

	for (int i = 0; i < 3; i++)
		n *= (g[i] + c[i] - 1) / c[i];
	return n;
}

/*
 * Grid chunk sizes within the device's limits (chunk i goes to device
 * (i + turn) mod ndevices, devices.c).  By default that is all: a grid
 * the device makes in one job is not split, as splitting it costs more
 * than it saves (bench_lib devices); it goes to the devices in turn
 * instead.  With the devices named (IDXGEN_DEVICES), at least
 * one chunk per device where the grid has the blocks, so that every
 * device makes part of each launch: the outermost dimension with more than
 * one block per chunk is halved until there are enough, keeping each
 * chunk a run of whole rows where it can.
 */
static void grid_chunk(const struct idxgen_rt *rt, const uint32_t g[3], uint32_t c[3])
{
	const struct idxgen_info *di = &rt->dinfo;
	const uint64_t ndev = rt->split_small ? 1 + rt->nxdev : 1;

	for (int i = 0; i < 3; i++)
		c[i] = g[i] < di->max_dim[i] ? g[i] : di->max_dim[i];
	while ((uint64_t)c[0] * c[1] * c[2] > di->max_threads) {
		if (c[2] > 1)
			c[2] = max_u32(1, (uint32_t)(di->max_threads / ((uint64_t)c[0] * c[1])));
		else if (c[1] > 1)
			c[1] = max_u32(1, di->max_threads / c[0]);
		else
			c[0] = di->max_threads;
	}
	while (grid_nchunks(g, c) < ndev) {
		int i = c[2] > 1 ? 2 : c[1] > 1 ? 1 : 0;

		if (c[i] == 1)
			break;	/* one block: nothing to split */
		c[i] = (c[i] + 1) / 2;
	}
}

/* Bytes of the grid's chunk streams, each stream-aligned. */
static uint64_t grid_bytes(const uint32_t g[3], const uint32_t c[3], unsigned int word)
{
	uint64_t total = 0;

	for (uint64_t z = 0; z < g[2]; z += c[2])
		for (uint64_t y = 0; y < g[1]; y += c[1])
			for (uint64_t x = 0; x < g[0]; x += c[0]) {
				uint64_t n = (g[0] - x < c[0] ? g[0] - x : c[0]) *
					     (g[1] - y < c[1] ? g[1] - y : c[1]) *
					     (g[2] - z < c[2] ? g[2] - z : c[2]);

				total += round_up(n * word, RT_STREAM_ALIGN);
			}
	return total;
}

/* Chunk sizes of l's box (in grid coordinates; transposed for the column order). */
static void box_chunk(const struct idxgen_rt *rt, const struct rt_lseg *sg, uint32_t c[3])
{
	if (sg->gorder == IDXGEN_RT_GRID_COLS) {
		uint32_t t[3] = { sg->ext[1], sg->ext[0], sg->ext[2] }, u;

		grid_chunk(rt, t, c);
		u = c[0], c[0] = c[1], c[1] = u;
	} else {
		grid_chunk(rt, sg->ext, c);
	}
}

/* Submit cfg, wait, count it. */
static int run_cfg(struct idxgen_rt *rt, const struct idxgen_config *cfg, struct idxgen_rt_launch *l)
{
	struct idxgen_job_result res;
	int ret = idxgen_run(rt->ctx, cfg, &res);

	if (ret)
		return ret;
	l->info.device_jobs++;
	l->info.device_hits += res.hit;
	return 0;
}

static int config_for(struct idxgen_rt *rt, struct idxgen_config *cfg, uint32_t x, uint32_t y,
		      uint32_t z, struct idxgen_region *reg, uint64_t off)
{
	int ret = idxgen_config_init(cfg, rt->dev, x, y, z, 0);

	if (!ret)
		ret = idxgen_config_target(cfg, reg, off);
	return ret;
}

/* The library's schedule for the launch's (same numbering, params in order). */
void rt_lib_schedule(const struct idxgen_rt_schedule *rs, struct idxgen_schedule *s)
{
	memset(s, 0, sizeof(*s));
	s->order = rs->order;
	s->stride = rs->params[0];
	s->granularity = rs->params[1];
	s->tile_w = rs->params[2];
	s->tile_h = rs->params[3];
}

/*
 * Fill l's streams from reg: the block stream at offset 0, the grid's
 * chunks after it (at their own offsets when per_chunk, else all at the
 * same one).  Caller holds shared_lock for the shared region.
 */
#define FETCH_BLOCK	1u	/* the block's index stream */
#define FETCH_GRID	2u	/* the grid box's issue order */
/*
 * The chunks of sg's box (c blocks at most each), in issue order; off: where
 * each goes in reg on this device (per_chunk: one after the other, else all
 * at off).
 */
static int grid_chunks(struct idxgen_rt *rt, const struct rt_lseg *sg, const uint32_t c[3],
		       struct idxgen_region *reg, uint64_t off, bool per_chunk,
		       struct rt_chunk **chp, unsigned int *nchp)
{
	uint64_t seq = sg->first;
	struct idxgen_config cfg;
	struct rt_chunk *ch;
	unsigned int k = 0;
	int ret = 0;

	ch = calloc(grid_nchunks(sg->ext, c), sizeof(*ch));
	if (!ch)
		return -ENOMEM;
	for (uint32_t z = 0; z < sg->ext[2] && !ret; z += c[2])
		for (uint32_t y = 0; y < sg->ext[1] && !ret; y += c[1])
			for (uint32_t x = 0; x < sg->ext[0] && !ret; x += c[0]) {
				struct rt_chunk *h = &ch[k++];

				h->org[0] = x, h->org[1] = y, h->org[2] = z;
				h->n[0] = sg->ext[0] - x < c[0] ? sg->ext[0] - x : c[0];
				h->n[1] = sg->ext[1] - y < c[1] ? sg->ext[1] - y : c[1];
				h->n[2] = sg->ext[2] - z < c[2] ? sg->ext[2] - z : c[2];
				h->seq = seq;
				seq += (uint64_t)h->n[0] * h->n[1] * h->n[2];
				ret = rt_chunk_config(rt->dev, sg, h, reg, off, &cfg);
				h->off = off;
				h->bytes = idxgen_config_bytes(&cfg);
				if (per_chunk)
					off += round_up(h->bytes, RT_STREAM_ALIGN);
			}
	if (ret) {
		free(ch);
		return ret;
	}
	*chp = ch;
	*nchp = k;
	return 0;
}

/* A chunk's unpacked box coordinates (tmp: x, y, z runs of n) into l's grid stream. */
static void chunk_store(struct idxgen_rt_launch *l, const struct rt_lseg *sg,
			const struct rt_chunk *h, const uint16_t *tmp)
{
	uint64_t n = (uint64_t)h->n[0] * h->n[1] * h->n[2];
	bool cols = sg->gorder == IDXGEN_RT_GRID_COLS;
	/* columns: the device walks the transposed box, y fastest */
	const uint16_t *ux = cols ? tmp + n : tmp, *uy = cols ? tmp : tmp + n;

	for (uint64_t i = 0; i < n; i++) {
		l->gx[h->seq + i] = sg->org[0] + h->org[0] + ux[i];
		l->gy[h->seq + i] = sg->org[1] + h->org[1] + uy[i];
		l->gz[h->seq + i] = sg->org[2] + h->org[2] + tmp[2 * n + i];
	}
}

/* A chunk made by the runtime's device, at h->off of reg. */
static int chunk_here(struct idxgen_rt *rt, struct idxgen_rt_launch *l, const struct rt_lseg *sg,
		      struct idxgen_region *reg, const struct rt_chunk *h, uint16_t *tmp)
{
	uint64_t n = (uint64_t)h->n[0] * h->n[1] * h->n[2];
	struct idxgen_config cfg;
	const void *map;
	int ret;

	ret = rt_chunk_config(rt->dev, sg, h, reg, h->off, &cfg);
	if (!ret)
		ret = run_cfg(rt, &cfg, l);
	if (!ret)
		ret = idxgen_region_map(reg, &map);
	if (!ret)
		ret = idxgen_config_unpack(&cfg, map, 0, n, tmp, tmp + n, tmp + 2 * n);
	if (!ret)
		chunk_store(l, sg, h, tmp);
	return ret;
}

static int fetch_streams(struct idxgen_rt *rt, struct idxgen_rt_launch *l, const struct rt_lseg *sg,
			 struct idxgen_region *reg, bool per_chunk, unsigned int what)
{
	struct idxgen_config cfg;
	struct rt_spread *sp = NULL;
	struct rt_chunk *ch = NULL;
	unsigned int nch = 0;
	const void *map;
	uint32_t c[3];
	uint64_t off;
	uint16_t *tmp = NULL;
	int ret;

	ret = idxgen_region_map(reg, &map);
	if (!ret)
		ret = config_for(rt, &cfg, l->block[0], l->block[1], l->block[2], reg, 0);
	if (!ret && sg->sched.order != IDXGEN_RT_SCHED_SEQUENTIAL) {
		/* the block's threads in the launch's schedule order */
		struct idxgen_schedule s;

		rt_lib_schedule(&sg->sched, &s);
		ret = idxgen_config_schedule(&cfg, &s);
	}
	if (ret)
		return ret;
	l->warp = cfg.c;
	off = round_up(idxgen_config_bytes(&cfg), RT_STREAM_ALIGN);
	if (what & FETCH_GRID) {
		box_chunk(rt, sg, c);
		ret = grid_chunks(rt, sg, c, reg, off, per_chunk, &ch, &nch);
		if (!ret && !(tmp = malloc(3 * sizeof(uint16_t) * ((uint64_t)c[0] * c[1] * c[2]))))
			ret = -ENOMEM;
		/*
		 * The other devices' chunks first, so that they run while this
		 * device makes the block stream and its own.  A grid of fewer
		 * chunks than devices on the shared region (not a hot shape's,
		 * which soon needs no device at all) goes to the devices in
		 * turn, launch after launch, unless IDXGEN_DEVICES named them
		 * (then every grid of two blocks or more is split).
		 */
		if (!ret)
			sp = rt_spread_submit(rt, sg, ch, nch, !per_chunk && !rt->split_small);
	}
	if (!ret && (what & FETCH_BLOCK))
		ret = run_cfg(rt, &cfg, l);
	if (!ret && (what & FETCH_BLOCK))
		ret = idxgen_config_unpack(&cfg, map, 0, l->nthreads, sg->tx, sg->ty, sg->tz);
	for (unsigned int i = 0; i < nch && !ret; i++)
		if (ch[i].dev < 0)
			ret = chunk_here(rt, l, sg, reg, &ch[i], tmp);
	for (unsigned int i = 0; i < nch && !ret; i++) {
		if (ch[i].dev < 0)
			continue;
		l->info.device_jobs++;	/* never counted as a hit: another device's region */
		l->spread_jobs++;
		if (rt_spread_collect(sp, &ch[i], tmp))
			ret = chunk_here(rt, l, sg, reg, &ch[i], tmp);	/* that device failed */
		else
			chunk_store(l, sg, &ch[i], tmp);
	}
	rt_spread_free(sp);
	free(ch);
	free(tmp);
	return ret;
}

/*
 * The shared region is the device's, shared with other processes: hold the
 * arbiter's lock 0 while generating and unpacking, and if it was lost on
 * the way (a higher-priority requester preempted us, or the hold limit
 * ran out) the words may be someone else's: do it all again.  A lock still
 * held afterwards was held without a break (include/idxgen_lock.h).
 */
#define RT_SHARED_TRIES 64
static int fetch_shared(struct idxgen_rt *rt, struct idxgen_rt_launch *l, const struct rt_lseg *sg,
			unsigned int what)
{
	for (int tries = 0; tries < RT_SHARED_TRIES; tries++) {
		uint32_t held = 0;
		int ret = idxgen_lock(rt->ctx, IDXGEN_LOCK_SHARED, -1);

		if (ret)
			return ret;
		ret = fetch_streams(rt, l, sg, rt->shared_reg, false, what);
		if (idxgen_lock_held(rt->ctx, &held))
			held = 0;
		if (held & (1u << IDXGEN_LOCK_SHARED)) {
			idxgen_unlock(rt->ctx, IDXGEN_LOCK_SHARED);
			return ret;
		}
	}
	return -EAGAIN;
}

static bool rt_same_sched(const struct idxgen_rt_schedule *a, const struct idxgen_rt_schedule *b)
{
	return !memcmp(a, b, sizeof(*a));
}

/* Keep sg's block stream for later samples (shared_lock held); out of memory: not kept. */
static void scache_add(struct idxgen_rt *rt, const struct idxgen_rt_launch *l, const struct rt_lseg *sg)
{
	struct rt_scache *e = calloc(1, sizeof(*e)), **pp;
	unsigned int n = 0;

	if (!e || !(e->txyz = malloc(3 * sizeof(uint16_t) * l->nthreads))) {
		free(e);
		return;
	}
	memcpy(e->block, l->block, sizeof(e->block));
	e->sched = sg->sched;
	memcpy(e->txyz, sg->tx, 3 * sizeof(uint16_t) * l->nthreads);
	e->next = rt->scache;
	rt->scache = e;
	for (pp = &rt->scache; *pp; pp = &(*pp)->next)
		if (++n > RT_SCACHE_MAX) {	/* drop the oldest */
			struct rt_scache *old = *pp;

			*pp = NULL;
			while (old) {
				struct rt_scache *nx = old->next;

				free(old->txyz);
				free(old);
				old = nx;
			}
			break;
		}
}

void rt_shape_free(struct rt_shape *s)
{
	idxgen_region_free(s->reg);
	free(s->txyz);
	free(s->gxyz);
	free(s);
}

/* A launch is done with its shape's cached streams (rt->lock held). */
void rt_shape_put(struct rt_shape *s)
{
	if (!--s->users && s->doomed)
		rt_shape_free(s);
}

static bool shape_matches(const struct rt_shape *s, const struct idxgen_rt_launch *l, const struct rt_lseg *sg)
{
	return !memcmp(s->block, l->block, sizeof(s->block)) && !memcmp(s->grid, l->grid, sizeof(s->grid)) &&
	       !memcmp(s->org, sg->org, sizeof(s->org)) && !memcmp(s->ext, sg->ext, sizeof(s->ext)) &&
	       s->gorder == sg->gorder && rt_same_sched(&s->sched, &sg->sched);
}

/*
 * What the stream (tx, ty, tz) of a block of shape b with warps of w
 * threads is (IDXGEN_RT_STREAM_*), checked on every position: the
 * kernels may then rely on it (idxgen_rt.h, "stream order").
 */
static uint32_t classify_stream(const uint16_t *tx, const uint16_t *ty, const uint16_t *tz, const uint32_t b[3],
				uint32_t w)
{
	const uint32_t n = b[0] * b[1] * b[2];
	bool linear = true, warps = w > 0;

	for (uint32_t t = 0; t < n && (linear || warps); t++) {
		uint32_t lin = ((uint32_t)tz[t] * b[1] + ty[t]) * b[0] + tx[t];

		linear &= lin == t;
		if (warps) {
			/* warp t / w is the run of linear numbers base .. base + its length - 1 */
			uint32_t lane = t % w, base = lin - lane;
			uint32_t len = n - (t - lane) < w ? n - (t - lane) : w;

			warps = lin >= lane && base % w == 0 && n - base >= len &&
				(n - base < w ? n - base : w) == len;
		}
	}
	return linear ? IDXGEN_RT_STREAM_LINEAR : warps ? IDXGEN_RT_STREAM_WARPS : IDXGEN_RT_STREAM_GENERAL;
}

/* The launch's own stream arrays (not a shape's cached ones). */
static int streams_alloc(struct idxgen_rt_launch *l)
{
	l->tx = malloc(3 * sizeof(uint16_t) * l->nthreads * l->nseg);
	l->gx = malloc(3 * sizeof(uint32_t) * l->nblocks);
	if (!l->tx || !l->gx)
		return -ENOMEM;
	l->ty = l->tx + l->nthreads;
	l->tz = l->ty + l->nthreads;
	l->gy = l->gx + l->nblocks;
	l->gz = l->gy + l->nblocks;
	for (unsigned int j = 0; j < l->nseg; j++) {
		struct rt_lseg *sg = &l->seg[j];

		sg->tx = l->tx + (size_t)3 * l->nthreads * j;
		sg->ty = sg->tx + l->nthreads;
		sg->tz = sg->ty + l->nthreads;
	}
	return 0;
}

/*
 * The cached launch state: a repeat launch of a hot kernel's shape whose
 * streams a launch confirmed (all history hits) borrows them, with no
 * device job and no copy.  False (nothing changed) when there is none.
 */
static bool streams_cached(struct idxgen_rt *rt, struct idxgen_rt_launch *l)
{
	struct rt_lseg *sg = &l->seg[0];
	struct rt_kentry *ke;
	struct rt_shape *s = NULL, **pp = NULL;

	if (l->sample || l->nseg != 1)
		return false;
	pthread_mutex_lock(&rt->lock);
	for (ke = rt->kernels; ke && ke->k != l->k; ke = ke->next)
		;
	if (ke)
		for (pp = &ke->shapes; *pp && !shape_matches(*pp, l, sg); pp = &(*pp)->next)
			;
	if (pp)
		s = *pp;
	if (!s || !s->txyz) {
		pthread_mutex_unlock(&rt->lock);
		return false;
	}
	ke->launches++;
	l->est_block_ns = s->block_ns;
	*pp = s->next;	/* to the front */
	s->next = ke->shapes;
	ke->shapes = s;
	s->users++;
	pthread_mutex_unlock(&rt->lock);
	l->shape = s;
	l->tx = s->txyz;
	l->ty = l->tx + l->nthreads;
	l->tz = l->ty + l->nthreads;
	l->gx = s->gxyz;
	l->gy = l->gx + l->nblocks;
	l->gz = l->gy + l->nblocks;
	sg->tx = l->tx, sg->ty = l->ty, sg->tz = l->tz;
	sg->stream_order = s->stream_order;
	l->warp = s->warp;
	l->info.dedicated = 1;
	return true;
}

/* Keep what l fetched into shape s as its cached launch state (a copy; out of memory: not kept). */
static void streams_keep(struct idxgen_rt *rt, struct idxgen_rt_launch *l, struct rt_shape *s)
{
	uint16_t *t = malloc(3 * sizeof(uint16_t) * l->nthreads);
	uint32_t *g = malloc(3 * sizeof(uint32_t) * l->nblocks);

	if (t && g) {
		memcpy(t, l->seg[0].tx, 3 * sizeof(uint16_t) * l->nthreads);
		memcpy(g, l->gx, 3 * sizeof(uint32_t) * l->nblocks);
		pthread_mutex_lock(&rt->lock);
		if (!s->txyz && !s->doomed) {	/* else a concurrent launch kept the same words */
			s->warp = l->warp;
			s->stream_order = l->seg[0].stream_order;
			s->gxyz = g;
			s->txyz = t;
			t = NULL;
			g = NULL;
		}
		pthread_mutex_unlock(&rt->lock);
	}
	free(t);
	free(g);
}

/* The kernel's entry in rt->kernels, made at its first launch (NULL: no memory); rt->lock held. */
static struct rt_kentry *kernel_entry(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k)
{
	struct rt_kentry *ke;

	for (ke = rt->kernels; ke && ke->k != k; ke = ke->next)
		;
	if (!ke) {
		ke = calloc(1, sizeof(*ke));
		if (!ke)
			return NULL;
		ke->k = k;
		ke->next = rt->kernels;
		rt->kernels = ke;
	}
	return ke;
}

/*
 * Make room for one more shape: keep at most RT_MAX_SHAPES - 1 of the
 * kernel's, dropping the least recent (freed now, or by its last user).
 * Under rt->lock.
 */
static void shapes_trim(struct rt_kentry *ke)
{
	unsigned int n = 0;

	for (struct rt_shape **pp = &ke->shapes; *pp; pp = &(*pp)->next)
		if (++n == RT_MAX_SHAPES) {
			struct rt_shape *old = *pp;

			*pp = old->next;
			if (old->users)
				old->doomed = true;
			else
				rt_shape_free(old);
			return;
		}
}

/*
 * A hot launch's shape, in use by l (users counted) and first in the
 * kernel's list: the one l matches, else a new one with a dedicated region
 * of at least need bytes.  NULL when none fits in the index memory: the
 * shared region serves.  Under rt->lock.
 */
static struct rt_shape *hot_shape(struct idxgen_rt *rt, struct rt_kentry *ke,
				  const struct idxgen_rt_launch *l, uint64_t need)
{
	const struct rt_lseg *sg = &l->seg[0];
	struct rt_shape *s = NULL, **pp;

	for (pp = &ke->shapes; *pp; pp = &(*pp)->next)
		if (shape_matches(*pp, l, sg)) {
			s = *pp;
			*pp = s->next; /* to the front, below */
			break;
		}
	if (!s && need <= rt->dinfo.imem_size / 4) {
		uint64_t bytes = need > rt->region_bytes ? need : rt->region_bytes;

		s = calloc(1, sizeof(*s));
		if (s && idxgen_region_alloc(rt->dev, bytes, &s->reg)) {
			free(s); /* index memory full: shared region */
			s = NULL;
		}
		if (s) {
			memcpy(s->block, l->block, sizeof(s->block));
			memcpy(s->grid, l->grid, sizeof(s->grid));
			memcpy(s->org, sg->org, sizeof(s->org));
			memcpy(s->ext, sg->ext, sizeof(s->ext));
			s->gorder = sg->gorder;
			s->sched = sg->sched;
			shapes_trim(ke);
		}
	}
	if (s) {
		s->next = ke->shapes;
		ke->shapes = s;
		s->users++;
	}
	return s;
}

/* A hot launch's streams through its shape's dedicated region; kept (cached) once confirmed. */
static int fetch_hot(struct idxgen_rt *rt, struct idxgen_rt_launch *l, struct rt_shape *s)
{
	struct rt_lseg *sg = &l->seg[0];
	/* concurrent launches of the same shape write identical words */
	int ret = fetch_streams(rt, l, sg, s->reg, true, FETCH_BLOCK | FETCH_GRID);

	l->info.dedicated = 1;
	if (!ret) {
		sg->stream_order = classify_stream(sg->tx, sg->ty, sg->tz, l->block, l->warp);
		/*
		 * every word made here was in the history: the region holds
		 * them for good (another device's chunks, in that device's
		 * region, are not counted as hits, and are kept too)
		 */
		if (l->info.device_jobs > l->spread_jobs &&
		    l->info.device_hits == l->info.device_jobs - l->spread_jobs)
			streams_keep(rt, l, s);
	}
	pthread_mutex_lock(&rt->lock);
	rt_shape_put(s);
	pthread_mutex_unlock(&rt->lock);
	return ret;
}

/*
 * Segments repeat thread orders and box shapes (a sample: one box shape,
 * each thread order under each grid order): what the device made for an
 * earlier segment of l, or for an earlier sample's block, is copied into
 * segment i.  Returns the FETCH_ parts still to fetch.  Under
 * rt->shared_lock (the sample cache).
 */
static unsigned int reuse_streams(struct idxgen_rt *rt, struct idxgen_rt_launch *l, unsigned int i)
{
	const struct rt_lseg *sg = &l->seg[i];
	unsigned int what = FETCH_BLOCK | FETCH_GRID;

	for (unsigned int j = 0; j < i && what; j++) {
		const struct rt_lseg *e = &l->seg[j];
		uint64_t nb = (uint64_t)sg->ext[0] * sg->ext[1] * sg->ext[2];

		if ((what & FETCH_BLOCK) && rt_same_sched(&e->sched, &sg->sched)) {
			memcpy(sg->tx, e->tx, 3 * sizeof(uint16_t) * l->nthreads);
			what &= ~FETCH_BLOCK;
		}
		if ((what & FETCH_GRID) && e->gorder == sg->gorder &&
		    !memcmp(e->ext, sg->ext, sizeof(e->ext))) {
			for (uint64_t q = 0; q < nb; q++) {
				l->gx[sg->first + q] = l->gx[e->first + q] - e->org[0] + sg->org[0];
				l->gy[sg->first + q] = l->gy[e->first + q] - e->org[1] + sg->org[1];
				l->gz[sg->first + q] = l->gz[e->first + q] - e->org[2] + sg->org[2];
			}
			what &= ~FETCH_GRID;
		}
	}
	if ((what & FETCH_BLOCK) && l->sample)
		for (const struct rt_scache *e = rt->scache; e; e = e->next)
			if (!memcmp(e->block, l->block, sizeof(e->block)) &&
			    rt_same_sched(&e->sched, &sg->sched)) {
				memcpy(sg->tx, e->txyz, 3 * sizeof(uint16_t) * l->nthreads);
				return what & ~FETCH_BLOCK;
			}
	return what;
}

/*
 * Segment i's streams (the parts in what) through the shared region, or,
 * too big for it, a region of this launch's own.  word: bytes of a packed
 * word for l's block.  Under rt->shared_lock.
 */
static int fetch_cold(struct idxgen_rt *rt, struct idxgen_rt_launch *l, unsigned int i,
		      unsigned int what, unsigned int word)
{
	const struct rt_lseg *sg = &l->seg[i];
	struct idxgen_region *tmp;
	uint32_t c[3];
	uint64_t need;
	int ret;

	/* the grid stream of this segment's box (the block stream is the same size) */
	box_chunk(rt, sg, c);
	need = round_up((uint64_t)l->nthreads * word, RT_STREAM_ALIGN) +
	       round_up((uint64_t)c[0] * c[1] * c[2] * 4, RT_STREAM_ALIGN);
	if (need <= idxgen_region_size(rt->shared_reg))
		return fetch_shared(rt, l, sg, what);
	ret = idxgen_region_alloc(rt->dev, need, &tmp);
	if (!ret) {
		ret = fetch_streams(rt, l, sg, tmp, false, what);
		idxgen_region_free(tmp);
	}
	return ret;
}

/* Every segment's streams through the shared region (a launch not hot, or no dedicated region). */
static int fetch_segments(struct idxgen_rt *rt, struct idxgen_rt_launch *l, unsigned int word)
{
	int ret = 0;

	pthread_mutex_lock(&rt->shared_lock);
	if (!rt->shared_reg)
		ret = idxgen_region_shared(rt->dev, &rt->shared_reg);
	for (unsigned int i = 0; i < l->nseg && !ret; i++) {
		unsigned int what = reuse_streams(rt, l, i);

		if (!what)
			continue;
		ret = fetch_cold(rt, l, i, what, word);
		if (!ret && (what & FETCH_BLOCK) && l->sample)
			scache_add(rt, l, &l->seg[i]);
	}
	pthread_mutex_unlock(&rt->shared_lock);
	for (unsigned int i = 0; i < l->nseg && !ret; i++) {
		struct rt_lseg *sg = &l->seg[i];

		sg->stream_order = classify_stream(sg->tx, sg->ty, sg->tz, l->block, l->warp);
	}
	return ret;
}

/* The streams of a launch: cached, dedicated region if the kernel is hot, else shared. */
int rt_streams_get(struct idxgen_rt *rt, struct idxgen_rt_launch *l)
{
	struct idxgen_config bc;
	struct rt_kentry *ke;
	struct rt_shape *s = NULL;
	uint32_t c[3];
	uint64_t need;
	int ret;

	if (streams_cached(rt, l))
		return 0;
	ret = streams_alloc(l);
	if (!ret)
		ret = idxgen_config_init(&bc, rt->dev, l->block[0], l->block[1], l->block[2], 0);
	if (ret)
		return ret;
	/* a dedicated region holds the block stream and the whole grid's */
	box_chunk(rt, &l->seg[0], c);
	need = round_up((uint64_t)l->nthreads * bc.word_size, RT_STREAM_ALIGN) +
	       grid_bytes(l->seg[0].ext, c, 4);

	pthread_mutex_lock(&rt->lock);
	ke = kernel_entry(rt, l->k);
	if (!ke) {
		pthread_mutex_unlock(&rt->lock);
		return -ENOMEM;
	}
	if (!l->sample)
		ke->launches++;
	if (!l->sample && l->nseg == 1 &&
	    ((l->k->flags & IDXGEN_RT_KERNEL_HOT) || ke->launches >= RT_HOT_AFTER))
		s = hot_shape(rt, ke, l, need);
	pthread_mutex_unlock(&rt->lock);

	ret = s ? fetch_hot(rt, l, s) : fetch_segments(rt, l, bc.word_size);
	pthread_mutex_lock(&rt->lock);
	ke->jobs += l->info.device_jobs;
	ke->hits += l->info.device_hits;
	pthread_mutex_unlock(&rt->lock);
	return ret;
}
