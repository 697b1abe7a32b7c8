/* SPDX-License-Identifier: MIT */
/*
 * idxgen_model.c - limits, descriptors, validation, the generator (iterator
 * and packer), cycle accounting, model_run and completion records.
 *
 * See idxgen_model.h for the API and include/idxgen_hw.h for the contract.
 */
#include <string.h>

#include "idxgen_model.h"
#include "idxgen_le.h"

#define IDXGEN_WORD_FEATS (IDXGEN_FEAT_WORD16 | IDXGEN_FEAT_WORD32)

void idxgen_limits_default(struct idxgen_limits *l)
{
	l->lanes = IDXGEN_HW_DEFAULT_LANES;
	l->max_threads = IDXGEN_HW_MAX_THREADS;
	l->max_dim[0] = IDXGEN_HW_MAX_DIM;
	l->max_dim[1] = IDXGEN_HW_MAX_DIM;
	l->max_dim[2] = IDXGEN_HW_MAX_DIM;
	l->features = IDXGEN_WORD_FEATS;
	l->imem_size = IDXGEN_IMEM_SIZE_DEFAULT;
}

/* ------------------------------------------------------------------ */
/* Descriptors                                                         */
/* ------------------------------------------------------------------ */

void idxgen_job_from_desc(struct idxgen_job *j, const struct idxgen_desc *d)
{
	memset(j, 0, sizeof(*j));
	j->target = idxgen_ld64(&d->target);
	j->size_limit = idxgen_ld32(&d->size_limit);
	j->job_id = idxgen_ld32(&d->job_id);
	j->dx = idxgen_ld16(&d->dx);
	j->dy = idxgen_ld16(&d->dy);
	j->dz = idxgen_ld16(&d->dz);
	j->c = idxgen_ld16(&d->c);
	j->xc = idxgen_ld16(&d->xc);
	j->yc = idxgen_ld16(&d->yc);
	j->zc = idxgen_ld16(&d->zc);
	j->mx = d->mx;
	j->my = d->my;
	j->mz = d->mz;
	j->word_size = d->word_size;
	j->flags = idxgen_ld16(&d->flags);
	j->order = d->order;
	j->granularity = idxgen_ld16(&d->granularity);
	j->stride = idxgen_ld32(&d->stride);
	j->tile_w = idxgen_ld16(&d->tile_w);
	j->tile_h = idxgen_ld16(&d->tile_h);
	j->grid_blocks = idxgen_ld32(&d->grid_blocks);
	/* Only "is any reserved bit set" matters, so fold them together. */
	j->rsvd = d->rsvd0 | idxgen_ld32(&d->rsvd1[0]) | idxgen_ld32(&d->rsvd1[1]) |
		  idxgen_ld32(&d->rsvd1[2]);
}

void idxgen_job_to_desc(struct idxgen_desc *d, const struct idxgen_job *j)
{
	memset(d, 0, sizeof(*d));
	idxgen_st64(&d->target, j->target);
	idxgen_st32(&d->size_limit, j->size_limit);
	idxgen_st32(&d->job_id, j->job_id);
	idxgen_st16(&d->dx, j->dx);
	idxgen_st16(&d->dy, j->dy);
	idxgen_st16(&d->dz, j->dz);
	idxgen_st16(&d->c, j->c);
	idxgen_st16(&d->xc, j->xc);
	idxgen_st16(&d->yc, j->yc);
	idxgen_st16(&d->zc, j->zc);
	d->mx = (uint8_t)j->mx;
	d->my = (uint8_t)j->my;
	d->mz = (uint8_t)j->mz;
	d->word_size = (uint8_t)j->word_size;
	idxgen_st16(&d->flags, j->flags);
	d->order = (uint8_t)j->order;
	idxgen_st16(&d->granularity, j->granularity);
	idxgen_st32(&d->stride, j->stride);
	idxgen_st16(&d->tile_w, j->tile_w);
	idxgen_st16(&d->tile_h, j->tile_h);
	idxgen_st32(&d->grid_blocks, j->grid_blocks);
	/* Keeps a non-zero rsvd non-zero through a round trip (for tests). */
	idxgen_st32(&d->rsvd1[0], j->rsvd);
}

/* ------------------------------------------------------------------ */
/* Widths, sizes, validation                                           */
/* ------------------------------------------------------------------ */

unsigned int idxgen_axis_width(uint32_t d)
{
	unsigned int w = 0;

	/* smallest w with 2^w >= d, i.e. values 0..d-1 fit in w bits */
	while (w < 32 && ((uint64_t)1 << w) < d)
		w++;
	return w;
}

uint64_t idxgen_job_threads(const struct idxgen_job *j)
{
	return (uint64_t)j->dx * j->dy * j->dz;
}

uint64_t idxgen_job_warps(const struct idxgen_job *j)
{
	uint64_t t = idxgen_job_threads(j);

	return j->c ? (t + j->c - 1) / j->c : 0;
}

uint64_t idxgen_job_bytes(const struct idxgen_job *j)
{
	return idxgen_job_threads(j) * j->word_size;
}

static const struct idxgen_limits *limits_or_default(const struct idxgen_limits *l,
						     struct idxgen_limits *tmp)
{
	if (l)
		return l;
	idxgen_limits_default(tmp);
	return tmp;
}

/* The checks shared by validate() and job_init(): dims, threads, step. */
static int check_dims_step(const struct idxgen_job *j, const struct idxgen_limits *l)
{
	const uint32_t d[3] = { j->dx, j->dy, j->dz };
	int i;

	for (i = 0; i < 3; i++)
		if (d[i] == 0 || d[i] > l->max_dim[i] || d[i] > IDXGEN_HW_MAX_DIM)
			return IDXGEN_CPL_BAD_DIMS;
	if (idxgen_job_threads(j) > l->max_threads)
		return IDXGEN_CPL_TOO_MANY_THREADS;
	/* The model's lane arrays bound c too, whatever the limits say. */
	if (j->c == 0 || j->c > l->lanes || j->c > IDXGEN_MODEL_MAX_LANES)
		return IDXGEN_CPL_BAD_STEP;
	return IDXGEN_CPL_OK;
}

static int check_word_size(uint32_t ws, const struct idxgen_limits *l)
{
	if (ws == 2 && (l->features & IDXGEN_FEAT_WORD16))
		return IDXGEN_CPL_OK;
	if (ws == 4 && (l->features & IDXGEN_FEAT_WORD32))
		return IDXGEN_CPL_OK;
	return IDXGEN_CPL_BAD_WORD_SIZE;
}

int idxgen_job_validate(const struct idxgen_job *j, const struct idxgen_limits *lim)
{
	struct idxgen_limits tmp;
	const struct idxgen_limits *l = limits_or_default(lim, &tmp);
	uint64_t dxy, bytes;
	int st;

	/* Order of the checks = numeric order of the IDXGEN_CPL_* codes. */
	if (j->flags & ~(uint32_t)IDXGEN_DESC_F_VALID_MASK)
		return IDXGEN_CPL_BAD_FLAGS;
	if (j->rsvd)
		return IDXGEN_CPL_BAD_RESERVED;
	if (j->order != IDXGEN_ORDER_SEQUENTIAL || j->granularity || j->stride || j->tile_w ||
	    j->tile_h)
		return IDXGEN_CPL_BAD_ORDER;
	if (j->grid_blocks > 1)
		return IDXGEN_CPL_BAD_GRID;
	st = check_dims_step(j, l);
	if (st != IDXGEN_CPL_OK)
		return st;
	/* Validation may divide; only the generation loop must not. */
	dxy = (uint64_t)j->dx * j->dy;
	if (j->xc != j->c % j->dx || j->yc != (j->c / j->dx) % j->dy || j->zc != j->c / dxy)
		return IDXGEN_CPL_BAD_STEP_INDEX;
	st = check_word_size(j->word_size, l);
	if (st != IDXGEN_CPL_OK)
		return st;
	if (j->mx < idxgen_axis_width(j->dx) || j->my < idxgen_axis_width(j->dy) ||
	    j->mz < idxgen_axis_width(j->dz))
		return IDXGEN_CPL_WIDTH_TOO_SMALL;
	/* 64-bit sum: each width is at most 255 in a descriptor, but not in a job */
	if ((uint64_t)j->mx + j->my + j->mz > 8ull * j->word_size)
		return IDXGEN_CPL_WIDTH_OVERFLOW;
	if (j->target % j->word_size)
		return IDXGEN_CPL_MISALIGNED;
	bytes = idxgen_job_bytes(j);
	/* written as a subtraction so target + bytes cannot wrap */
	if (j->target > l->imem_size || bytes > l->imem_size - j->target)
		return IDXGEN_CPL_OUT_OF_RANGE;
	if (bytes > j->size_limit)
		return IDXGEN_CPL_SIZE_LIMIT;
	return IDXGEN_CPL_OK;
}

int idxgen_job_init(struct idxgen_job *j, uint32_t dx, uint32_t dy, uint32_t dz, uint32_t c,
		    uint64_t target, const struct idxgen_limits *lim)
{
	struct idxgen_limits tmp;
	const struct idxgen_limits *l = limits_or_default(lim, &tmp);
	uint64_t bytes;
	int st;

	memset(j, 0, sizeof(*j));
	j->target = target;
	j->dx = dx;
	j->dy = dy;
	j->dz = dz;
	j->c = c;
	j->grid_blocks = 1;
	st = check_dims_step(j, l);
	if (st != IDXGEN_CPL_OK && st != IDXGEN_CPL_BAD_STEP)
		return st;
	/* Dims are non-zero here, so the set-up divisions are safe. */
	j->xc = c % dx;
	j->yc = (c / dx) % dy;
	j->zc = (uint32_t)(c / ((uint64_t)dx * dy));
	j->mx = idxgen_axis_width(dx);
	j->my = idxgen_axis_width(dy);
	j->mz = idxgen_axis_width(dz);
	/* Smallest word that holds the widths and that the device supports. */
	if (j->mx + j->my + j->mz <= 16 && (l->features & IDXGEN_FEAT_WORD16))
		j->word_size = 2;
	else
		j->word_size = 4;
	bytes = idxgen_job_bytes(j);
	j->size_limit = bytes > UINT32_MAX ? UINT32_MAX : (uint32_t)bytes;
	if (st != IDXGEN_CPL_OK)
		return st;
	st = check_word_size(j->word_size, l);
	if (st != IDXGEN_CPL_OK)
		return st;
	if (j->mx + j->my + j->mz > 8 * j->word_size)
		return IDXGEN_CPL_WIDTH_OVERFLOW;
	return IDXGEN_CPL_OK;
}

/* ------------------------------------------------------------------ */
/* Status names                                                        */
/* ------------------------------------------------------------------ */

static const char *const cpl_names[IDXGEN_CPL_MAX + 1] = {
	[IDXGEN_CPL_OK] = "OK",
	[IDXGEN_CPL_BAD_FLAGS] = "BAD_FLAGS",
	[IDXGEN_CPL_BAD_RESERVED] = "BAD_RESERVED",
	[IDXGEN_CPL_BAD_ORDER] = "BAD_ORDER",
	[IDXGEN_CPL_BAD_GRID] = "BAD_GRID",
	[IDXGEN_CPL_BAD_DIMS] = "BAD_DIMS",
	[IDXGEN_CPL_TOO_MANY_THREADS] = "TOO_MANY_THREADS",
	[IDXGEN_CPL_BAD_STEP] = "BAD_STEP",
	[IDXGEN_CPL_BAD_STEP_INDEX] = "BAD_STEP_INDEX",
	[IDXGEN_CPL_BAD_WORD_SIZE] = "BAD_WORD_SIZE",
	[IDXGEN_CPL_WIDTH_TOO_SMALL] = "WIDTH_TOO_SMALL",
	[IDXGEN_CPL_WIDTH_OVERFLOW] = "WIDTH_OVERFLOW",
	[IDXGEN_CPL_MISALIGNED] = "MISALIGNED",
	[IDXGEN_CPL_OUT_OF_RANGE] = "OUT_OF_RANGE",
	[IDXGEN_CPL_SIZE_LIMIT] = "SIZE_LIMIT",
	[IDXGEN_CPL_DMA_FAULT] = "DMA_FAULT",
	[IDXGEN_CPL_NO_FIRMWARE] = "NO_FIRMWARE",
	[IDXGEN_CPL_ABORTED] = "ABORTED",
};

static const char *const fw_names[] = {
	[IDXGEN_FW_NONE] = "NONE",
	[IDXGEN_FW_OK] = "OK",
	[IDXGEN_FW_ERR_DMA] = "ERR_DMA",
	[IDXGEN_FW_ERR_SIZE] = "ERR_SIZE",
	[IDXGEN_FW_ERR_MAGIC] = "ERR_MAGIC",
	[IDXGEN_FW_ERR_FORMAT] = "ERR_FORMAT",
	[IDXGEN_FW_ERR_LENGTH] = "ERR_LENGTH",
	[IDXGEN_FW_ERR_CRC] = "ERR_CRC",
	[IDXGEN_FW_ERR_PARAMS] = "ERR_PARAMS",
	[IDXGEN_FW_ERR_BUSY] = "ERR_BUSY",
};

const char *idxgen_cpl_status_name(int status)
{
	if (status < 0 || status > IDXGEN_CPL_MAX || !cpl_names[status])
		return "?";
	return cpl_names[status];
}

const char *idxgen_fw_status_name(int status)
{
	if (status < 0 || (size_t)status >= sizeof(fw_names) / sizeof(fw_names[0]) ||
	    !fw_names[status])
		return "?";
	return fw_names[status];
}

/* ------------------------------------------------------------------ */
/* The generator                                                       */
/* ------------------------------------------------------------------ */

/*
 * Lanes are processed in blocks of IDXGEN_LANE_BLOCK with a constant trip
 * count, which lets compilers vectorise the lane loop even at -O2 (gcc's
 * "very cheap" cost model only vectorises loops without an epilogue).  The
 * lane arrays are IDXGEN_MODEL_MAX_LANES long, a multiple of the block, so
 * the lanes past c in the last block ("padding lanes") are real storage: they
 * are initialised and advanced like the others but never written out.
 */
#define IDXGEN_LANE_BLOCK 8

_Static_assert(IDXGEN_MODEL_MAX_LANES % IDXGEN_LANE_BLOCK == 0, "lane block");

#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
	__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define IDXGEN_HOST_LE 1
#else
#define IDXGEN_HOST_LE 0
#endif

void idxgen_gen_init(struct idxgen_gen *g, const struct idxgen_job *j)
{
	uint32_t i, padded, c = j->c;

	memset(g, 0, offsetof(struct idxgen_gen, x));
	/* Garbage in must not overrun the lane arrays or divide by zero. */
	if (c > IDXGEN_MODEL_MAX_LANES)
		c = IDXGEN_MODEL_MAX_LANES;
	if (c == 0 || j->dx == 0 || j->dy == 0 || j->dz == 0)
		return;		/* threads = 0: done at once */
	g->dx = j->dx;
	g->dy = j->dy;
	g->c = c;
	g->xc = j->xc;
	g->yc = j->yc;
	g->zc = j->zc;
	g->shift_y = j->mx;
	g->shift_z = j->mx + j->my;
	g->word_size = j->word_size;
	g->threads = idxgen_job_threads(j);

	/*
	 * Lane i starts at thread i.  Set-up may divide; it runs once per job.
	 * Lanes past the block's last thread (c > threads) get z >= dz, which
	 * is fine: their words are never stored.
	 */
	padded = (c + IDXGEN_LANE_BLOCK - 1) & ~(uint32_t)(IDXGEN_LANE_BLOCK - 1);
	for (i = 0; i < padded; i++) {
		g->x[i] = i % j->dx;
		g->y[i] = (i / j->dx) % j->dy;
		g->z[i] = (uint32_t)(i / ((uint64_t)j->dx * j->dy));
	}
}

/* Parameters of one generator step, hoisted into locals by the caller. */
struct gen_step {
	uint32_t dx, dy, xc, yc, zc;
	unsigned int sy, sz;
};

/*
 * One block of lanes for one step: pack the lanes' current indices into
 * words[], then advance every lane by (xc, yc, zc) with the brief's carry
 * chain.  add / compare / subtract only: no divide or modulo.  The compare
 * results become all-ones masks so the "subtract if carry" is branch-free.
 */
static inline void gen_block(uint32_t *restrict x, uint32_t *restrict y, uint32_t *restrict z,
			     uint32_t *restrict words, const struct gen_step *s)
{
	int k;

	for (k = 0; k < IDXGEN_LANE_BLOCK; k++) {
		uint32_t xi = x[k], yi = y[k], zi = z[k], cx, cy;

		words[k] = xi | yi << s->sy | zi << s->sz;
		xi += s->xc;
		cx = xi >= s->dx;
		xi -= s->dx & (0u - cx);
		yi += s->yc + cx;
		cy = yi >= s->dy;
		yi -= s->dy & (0u - cy);
		zi += s->zc + cy;
		x[k] = xi;
		y[k] = yi;
		z[k] = zi;
	}
}

/* Store n (<= IDXGEN_LANE_BLOCK) words as little-endian 16-bit words. */
static inline void store16(uint8_t *o, const uint32_t *words, uint32_t n)
{
	uint16_t h[IDXGEN_LANE_BLOCK];
	int k;

	for (k = 0; k < IDXGEN_LANE_BLOCK; k++)
		h[k] = (uint16_t)words[k];
	if (IDXGEN_HOST_LE) {
		memcpy(o, h, n * 2u);
	} else {
		for (k = 0; k < (int)n; k++)
			idxgen_st16(o + 2 * k, h[k]);
	}
}

/* Store n (<= IDXGEN_LANE_BLOCK) words as little-endian 32-bit words. */
static inline void store32(uint8_t *o, const uint32_t *words, uint32_t n)
{
	int k;

	if (IDXGEN_HOST_LE) {
		memcpy(o, words, n * 4u);
	} else {
		for (k = 0; k < (int)n; k++)
			idxgen_st32(o + 4 * k, words[k]);
	}
}

uint64_t idxgen_gen_run(struct idxgen_gen *g, void *out, uint64_t max_warps)
{
	struct gen_step s;
	uint8_t *o = out;
	uint64_t done = 0;
	uint32_t ws = g->word_size, c = g->c;

	s.dx = g->dx;
	s.dy = g->dy;
	s.xc = g->xc;
	s.yc = g->yc;
	s.zc = g->zc;
	/*
	 * A shift of 32 (e.g. mx = 32, my = 0) is legal in a descriptor but
	 * undefined in C.  It can only happen when every axis above it has
	 * extent 1, so the shifted value is 0 for every stored word and 31 gives
	 * the same result.
	 */
	s.sy = g->shift_y > 31 ? 31 : g->shift_y;
	s.sz = g->shift_z > 31 ? 31 : g->shift_z;

	while (done < max_warps && g->next < g->threads) {
		uint64_t left = g->threads - g->next;
		/* words in this warp: c, or fewer for the block's last warp */
		uint32_t n = left < c ? (uint32_t)left : c;
		uint32_t i;

		for (i = 0; i < n; i += IDXGEN_LANE_BLOCK) {
			uint32_t words[IDXGEN_LANE_BLOCK];
			uint32_t m = n - i < IDXGEN_LANE_BLOCK ? n - i : IDXGEN_LANE_BLOCK;

			gen_block(&g->x[i], &g->y[i], &g->z[i], words, &s);
			if (ws == 2)
				store16(o + 2 * i, words, m);
			else
				store32(o + 4 * i, words, m);
		}
		/* lanes past n in a partial warp are not advanced: the job is done */
		o += (size_t)n * ws;
		g->next += n;
		g->warps_done++;
		done++;
	}
	return done;
}

/* ------------------------------------------------------------------ */
/* Cycles, whole jobs, completion records                              */
/* ------------------------------------------------------------------ */

uint64_t idxgen_job_cycles(const struct idxgen_job *j, bool hit)
{
	return IDXGEN_FILTER_CYCLES + (hit ? 0 : idxgen_job_warps(j));
}

void idxgen_model_run(struct idxgen_hist *h, const struct idxgen_limits *l, uint8_t *imem,
		      const struct idxgen_job *j, struct idxgen_result *r)
{
	bool use_hist = h && !(j->flags & IDXGEN_DESC_F_NO_HISTORY);
	struct idxgen_gen g;	/* ~12 KiB: fine on a host or QEMU thread stack */

	memset(r, 0, sizeof(*r));
	r->status = idxgen_job_validate(j, l);
	r->cycles = IDXGEN_FILTER_CYCLES;
	if (r->status != IDXGEN_CPL_OK)
		return;		/* nothing written, threads reported as 0 */
	r->threads = idxgen_job_threads(j);
	if (use_hist && idxgen_hist_lookup(h, j)) {
		r->hit = true;
		return;		/* output already in memory: filter cycles only */
	}
	/* Whatever history described these bytes is about to be overwritten. */
	if (h)
		idxgen_hist_invalidate(h, j->target, idxgen_job_bytes(j));
	idxgen_gen_init(&g, j);
	r->warps = idxgen_gen_run(&g, imem + j->target, UINT64_MAX);
	r->cycles = IDXGEN_FILTER_CYCLES + r->warps;
	if (use_hist)
		idxgen_hist_insert(h, j);
}

void idxgen_cpl_fill(struct idxgen_cpl *cpl, uint32_t job_id, int status, uint32_t flags,
		     uint32_t warps, uint32_t threads, uint64_t cycles, uint32_t slot)
{
	uint32_t st = (uint16_t)status, fl = (uint16_t)flags;

	idxgen_st32(&cpl->job_id, job_id);
	idxgen_st16(&cpl->status, st);
	idxgen_st16(&cpl->flags, fl);
	idxgen_st32(&cpl->warps, warps);
	idxgen_st32(&cpl->threads, threads);
	idxgen_st64(&cpl->cycles, cycles);
	idxgen_st32(&cpl->slot, slot);
	idxgen_st32(&cpl->check, IDXGEN_CPL_CHECK(job_id, st, fl, warps, threads, cycles, slot));
}

bool idxgen_cpl_verify(const struct idxgen_cpl *cpl)
{
	uint32_t job_id = idxgen_ld32(&cpl->job_id);
	uint32_t st = idxgen_ld16(&cpl->status), fl = idxgen_ld16(&cpl->flags);
	uint32_t warps = idxgen_ld32(&cpl->warps), threads = idxgen_ld32(&cpl->threads);
	uint64_t cycles = idxgen_ld64(&cpl->cycles);
	uint32_t slot = idxgen_ld32(&cpl->slot);

	return idxgen_ld32(&cpl->check) ==
	       (uint32_t)IDXGEN_CPL_CHECK(job_id, st, fl, warps, threads, cycles, slot);
}
