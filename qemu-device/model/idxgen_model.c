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

#define IGM_WORD_FEATS (IDXGEN_FEAT_WORD16 | IDXGEN_FEAT_WORD32)

void igm_limits_default(struct igm_limits *l)
{
	l->lanes = IDXGEN_HW_DEFAULT_LANES;
	l->max_threads = IDXGEN_HW_MAX_THREADS;
	l->max_dim[0] = IDXGEN_HW_MAX_DIM;
	l->max_dim[1] = IDXGEN_HW_MAX_DIM;
	l->max_dim[2] = IDXGEN_HW_MAX_DIM;
	l->features = IGM_WORD_FEATS | IDXGEN_FEAT_SCHED_ORDERS;
	l->imem_size = IDXGEN_IMEM_SIZE_DEFAULT;
}

/* ------------------------------------------------------------------ */
/* Descriptors                                                         */
/* ------------------------------------------------------------------ */

void igm_job_from_desc(struct igm_job *j, const struct idxgen_desc *d)
{
	memset(j, 0, sizeof(*j));
	j->target = igm_ld64(&d->target);
	j->size_limit = igm_ld32(&d->size_limit);
	j->job_id = igm_ld32(&d->job_id);
	j->dx = igm_ld16(&d->dx);
	j->dy = igm_ld16(&d->dy);
	j->dz = igm_ld16(&d->dz);
	j->c = igm_ld16(&d->c);
	j->xc = igm_ld16(&d->xc);
	j->yc = igm_ld16(&d->yc);
	j->zc = igm_ld16(&d->zc);
	j->mx = d->mx;
	j->my = d->my;
	j->mz = d->mz;
	j->word_size = d->word_size;
	j->flags = igm_ld16(&d->flags);
	j->order = d->order;
	j->granularity = igm_ld16(&d->granularity);
	j->stride = igm_ld32(&d->stride);
	j->tile_w = igm_ld16(&d->tile_w);
	j->tile_h = igm_ld16(&d->tile_h);
	j->grid_blocks = igm_ld32(&d->grid_blocks);
	/* Only "is any reserved bit set" matters, so fold them together. */
	j->requester = igm_ld32(&d->requester);
	j->rsvd = d->rsvd0 | igm_ld32(&d->rsvd1[0]) | igm_ld32(&d->rsvd1[1]) |
		  (j->requester & ~(IDXGEN_DESC_REQ_VALID | IDXGEN_DESC_REQ_ID_MASK));
}

void igm_job_to_desc(struct idxgen_desc *d, const struct igm_job *j)
{
	memset(d, 0, sizeof(*d));
	igm_st64(&d->target, j->target);
	igm_st32(&d->size_limit, j->size_limit);
	igm_st32(&d->job_id, j->job_id);
	igm_st16(&d->dx, j->dx);
	igm_st16(&d->dy, j->dy);
	igm_st16(&d->dz, j->dz);
	igm_st16(&d->c, j->c);
	igm_st16(&d->xc, j->xc);
	igm_st16(&d->yc, j->yc);
	igm_st16(&d->zc, j->zc);
	d->mx = (uint8_t)j->mx;
	d->my = (uint8_t)j->my;
	d->mz = (uint8_t)j->mz;
	d->word_size = (uint8_t)j->word_size;
	igm_st16(&d->flags, j->flags);
	d->order = (uint8_t)j->order;
	igm_st16(&d->granularity, j->granularity);
	igm_st32(&d->stride, j->stride);
	igm_st16(&d->tile_w, j->tile_w);
	igm_st16(&d->tile_h, j->tile_h);
	igm_st32(&d->grid_blocks, j->grid_blocks);
	igm_st32(&d->requester, j->requester);
	/* Keeps a non-zero rsvd non-zero through a round trip (for tests). */
	igm_st32(&d->rsvd1[0], j->rsvd);
}

/* ------------------------------------------------------------------ */
/* Widths, sizes, validation                                           */
/* ------------------------------------------------------------------ */

unsigned int igm_axis_width(uint32_t d)
{
	unsigned int w = 0;

	/* smallest w with 2^w >= d, i.e. values 0..d-1 fit in w bits */
	while (w < 32 && ((uint64_t)1 << w) < d)
		w++;
	return w;
}

uint64_t igm_job_threads(const struct igm_job *j)
{
	return (uint64_t)j->dx * j->dy * j->dz;
}

uint64_t igm_job_warps(const struct igm_job *j)
{
	uint64_t t = igm_job_threads(j);

	return j->c ? (t + j->c - 1) / j->c : 0;
}

uint64_t igm_job_bytes(const struct igm_job *j)
{
	return igm_job_threads(j) * j->word_size;
}

static const struct igm_limits *limits_or_default(const struct igm_limits *l,
						  struct igm_limits *tmp)
{
	if (l)
		return l;
	igm_limits_default(tmp);
	return tmp;
}

/* The checks shared by validate() and job_init(): dims, threads, step. */
static int check_dims_step(const struct igm_job *j, const struct igm_limits *l)
{
	const uint32_t d[3] = { j->dx, j->dy, j->dz };
	int i;

	for (i = 0; i < 3; i++)
		if (d[i] == 0 || d[i] > l->max_dim[i] || d[i] > IDXGEN_HW_MAX_DIM)
			return IDXGEN_CPL_BAD_DIMS;
	if (igm_job_threads(j) > l->max_threads)
		return IDXGEN_CPL_TOO_MANY_THREADS;
	/* The model's lane arrays bound c too, whatever the limits say. */
	if (j->c == 0 || j->c > l->lanes || j->c > IGM_MAX_LANES)
		return IDXGEN_CPL_BAD_STEP;
	return IDXGEN_CPL_OK;
}

static int check_word_size(uint32_t ws, const struct igm_limits *l)
{
	if (ws == 2 && (l->features & IDXGEN_FEAT_WORD16))
		return IDXGEN_CPL_OK;
	if (ws == 4 && (l->features & IDXGEN_FEAT_WORD32))
		return IDXGEN_CPL_OK;
	return IDXGEN_CPL_BAD_WORD_SIZE;
}

const struct igm_sched_cfg igm_sched_default[IGM_SCHED_DEFAULT_COUNT] = {
	{ IDXGEN_ORDER_SEQUENTIAL, 0, 0, 0, 0, "sequential" },
	{ IDXGEN_ORDER_STRIDED, 2, 1, 0, 0, "strided:2,1" },
	{ IDXGEN_ORDER_STRIDED, 4, 1, 0, 0, "strided:4,1" },
	{ IDXGEN_ORDER_STRIDED, 8, 1, 0, 0, "strided:8,1" },
	{ IDXGEN_ORDER_STRIDED, 16, 1, 0, 0, "strided:16,1" },
	{ IDXGEN_ORDER_STRIDED, 32, 1, 0, 0, "strided:32,1" },
	{ IDXGEN_ORDER_STRIDED, 64, 1, 0, 0, "strided:64,1" },
	{ IDXGEN_ORDER_STRIDED, 4, 32, 0, 0, "strided:4,32" },
	{ IDXGEN_ORDER_ZIGZAG, 0, 0, 0, 0, "zigzag" },
	{ IDXGEN_ORDER_TILED, 0, 0, 4, 4, "tiled:4x4" },
	{ IDXGEN_ORDER_TILED, 0, 0, 8, 8, "tiled:8x8" },
	{ IDXGEN_ORDER_TILED, 0, 0, 16, 16, "tiled:16x16" },
	{ IDXGEN_ORDER_TILED, 0, 0, 32, 32, "tiled:32x32" },
	{ IDXGEN_ORDER_HILBERT, 0, 0, 0, 0, "hilbert" },
};

int igm_order_validate(uint32_t order, uint32_t stride, uint32_t granularity,
		       uint32_t tile_w, uint32_t tile_h, uint32_t features)
{
	bool strided = order == IDXGEN_ORDER_STRIDED, tiled = order == IDXGEN_ORDER_TILED;

	if (order >= IDXGEN_ORDER_COUNT)
		return IDXGEN_CPL_BAD_ORDER;
	if (order != IDXGEN_ORDER_SEQUENTIAL && !(features & IDXGEN_FEAT_SCHED_ORDERS))
		return IDXGEN_CPL_ORDER_DISABLED;
	if ((!strided && (stride || granularity)) || (!tiled && (tile_w || tile_h)))
		return IDXGEN_CPL_ORDER_UNUSED_PARAM;
	if (strided && stride == 0)
		return IDXGEN_CPL_BAD_STRIDE;
	if (strided && granularity == 0)
		return IDXGEN_CPL_BAD_GRANULARITY;
	if (tiled && (tile_w == 0 || tile_h == 0))
		return IDXGEN_CPL_BAD_TILE;
	return IDXGEN_CPL_OK;
}

int igm_job_validate(const struct igm_job *j, const struct igm_limits *lim)
{
	struct igm_limits tmp;
	const struct igm_limits *l = limits_or_default(lim, &tmp);
	uint64_t dxy, bytes;
	int st;

	/* Order of the checks = numeric order of the IDXGEN_CPL_* codes. */
	if (j->flags & ~(uint32_t)IDXGEN_DESC_F_VALID_MASK)
		return IDXGEN_CPL_BAD_FLAGS;
	if (j->rsvd)
		return IDXGEN_CPL_BAD_RESERVED;
	st = igm_order_validate(j->order, j->stride, j->granularity, j->tile_w, j->tile_h,
				l->features);
	if (st != IDXGEN_CPL_OK)
		return st;
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
	if (j->mx < igm_axis_width(j->dx) || j->my < igm_axis_width(j->dy) ||
	    j->mz < igm_axis_width(j->dz))
		return IDXGEN_CPL_WIDTH_TOO_SMALL;
	/* 64-bit sum: each width is at most 255 in a descriptor, but not in a job */
	if ((uint64_t)j->mx + j->my + j->mz > 8ull * j->word_size)
		return IDXGEN_CPL_WIDTH_OVERFLOW;
	if (j->target % j->word_size)
		return IDXGEN_CPL_MISALIGNED;
	bytes = igm_job_bytes(j);
	/* written as a subtraction so target + bytes cannot wrap */
	if (j->target > l->imem_size || bytes > l->imem_size - j->target)
		return IDXGEN_CPL_OUT_OF_RANGE;
	if (bytes > j->size_limit)
		return IDXGEN_CPL_SIZE_LIMIT;
	return IDXGEN_CPL_OK;
}

int igm_job_init(struct igm_job *j, uint32_t dx, uint32_t dy, uint32_t dz, uint32_t c,
		 uint64_t target, const struct igm_limits *lim)
{
	struct igm_limits tmp;
	const struct igm_limits *l = limits_or_default(lim, &tmp);
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
	j->mx = igm_axis_width(dx);
	j->my = igm_axis_width(dy);
	j->mz = igm_axis_width(dz);
	/*
	 * Smallest word that holds the widths and that the device supports.
	 * If none holds them, keep a supported one so that validation reports
	 * the real problem (WIDTH_OVERFLOW rather than BAD_WORD_SIZE).
	 */
	if (j->mx + j->my + j->mz <= 16 && (l->features & IDXGEN_FEAT_WORD16))
		j->word_size = 2;
	else if (l->features & IDXGEN_FEAT_WORD32)
		j->word_size = 4;
	else if (l->features & IDXGEN_FEAT_WORD16)
		j->word_size = 2;
	else
		j->word_size = 4;
	bytes = igm_job_bytes(j);
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
	[IDXGEN_CPL_ORDER_DISABLED] = "ORDER_DISABLED",
	[IDXGEN_CPL_ORDER_UNUSED_PARAM] = "ORDER_UNUSED_PARAM",
	[IDXGEN_CPL_BAD_STRIDE] = "BAD_STRIDE",
	[IDXGEN_CPL_BAD_GRANULARITY] = "BAD_GRANULARITY",
	[IDXGEN_CPL_BAD_TILE] = "BAD_TILE",
	[IDXGEN_CPL_NOT_LOCK_HOLDER] = "NOT_LOCK_HOLDER",
	[IDXGEN_CPL_UQ_NO_WINDOW] = "UQ_NO_WINDOW",
	[IDXGEN_CPL_UQ_WORD_SIZE] = "UQ_WORD_SIZE",
	[IDXGEN_CPL_UQ_LOCK] = "UQ_LOCK",
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
	[IDXGEN_FW_ERR_SCHED] = "ERR_SCHED",
};

const char *igm_cpl_status_name(int status)
{
	if (status < 0 || status > IDXGEN_CPL_MAX || !cpl_names[status])
		return "?";
	return cpl_names[status];
}

const char *igm_fw_status_name(int status)
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
 * How the iterator runs here.  At rest (between calls) every lane holds the
 * 3-D index (x, y, z) of its current thread in g->x/y/z.  While running, a
 * lane is held as its packed output word w instead, because the
 * carry chain of docs/design.md#packing can be applied to the packed word directly:
 *
 *	x + xc >= dx            <=>  x >= dx - xc        (x = w & xmask)
 *	y + yc + cx >= dy       <=>  y >= dy - yc - cx   (y = (w >> mx) & ymask)
 *	w' = w + wc + cx * (2^mx - dx) + cy * (2^(mx+my) - dy * 2^mx)
 *
 * where wc is the packed (xc, yc, zc): "add xc, subtract dx, carry 1 into y"
 * is exactly "add xc + 2^mx - dx" to the word, and likewise for y into z.
 * The thresholds and the two correction constants are computed once per
 * call.  So each step per lane is two compares, a handful of add/and/shift
 * operations and one store of the word itself: no divide, no modulo, and no
 * separate pack.  Arithmetic is modulo 2^(8 * word_size); every stored word
 * is < 2^(mx+my+mz), so it is exact, and the x and y fields (which the
 * compares read) are always normalised.  Only z can run past its field, and
 * only in lanes beyond the block's last thread, which are never stored.
 *
 * On GCC/Clang little-endian hosts the lanes are processed as 16-byte vectors
 * (GNU vector extensions, SSE2/NEON baseline): 8 lanes of 16-bit words or 4
 * of 32-bit words per operation, and the word vector is the store.  Lanes
 * are padded to IGM_LANE_BLOCK so a step may store a full last vector;
 * those extra words land where the next warp goes and are overwritten by it,
 * and a step whose padded store would pass the end of this call's output
 * stores only its own words instead, so a call never writes beyond the
 * warps it reports.  Elsewhere (big-endian hosts, non-GNU compilers) a
 * scalar loop runs the same algorithm with explicit little-endian stores.
 *
 * Compares are made on signed lanes because SSE2 has no unsigned compare.
 * x < dx <= 65535 and y + 1 <= dy <= 65535 always, so 32-bit lanes are safe
 * as they are, and so are 16-bit lanes when mx, my <= 15 (values < 2^15).
 * A 16-bit word with a 16-bit axis (a 1-D block of more than 32768 threads)
 * uses the "biased" 16-bit loop, which flips bit 15 of both sides to turn
 * the unsigned compare into a signed one.
 */
#define IGM_LANE_BLOCK 8

_Static_assert(IGM_MAX_LANES % IGM_LANE_BLOCK == 0, "lane block");

#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
	__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define IGM_HOST_LE 1
#else
#define IGM_HOST_LE 0
#endif

/* -DIDXGEN_GEN_VECTOR=0 forces the scalar loop (the host tests build both). */
#ifndef IGM_GEN_VECTOR
#if IGM_HOST_LE && (defined(__GNUC__) || defined(__clang__))
#define IGM_GEN_VECTOR 1
#else
#define IGM_GEN_VECTOR 0
#endif
#endif

#if IGM_GEN_VECTOR
typedef uint16_t igm_v8u16 __attribute__((vector_size(16)));
typedef int16_t igm_v8s16 __attribute__((vector_size(16)));
typedef uint32_t igm_v4u32 __attribute__((vector_size(16)));
typedef int32_t igm_v4s32 __attribute__((vector_size(16)));
#endif

/*
 * idxgen-gen-begin: from here to idxgen-gen-end (the generator: lane set-up,
 * iterator, packer) the code has no divide or modulo operator.
 * tests/model/test_model checks this, comments aside; bench_model shows it.
 */
void igm_gen_init(struct igm_gen *g, const struct igm_job *j)
{
	uint32_t i, padded, c = j->c, x = 0, y = 0, z = 0;

	memset(g, 0, offsetof(struct igm_gen, x));
	/* Garbage in must not overrun the lane arrays or divide by zero. */
	if (c > IGM_MAX_LANES)
		c = IGM_MAX_LANES;
	if (c == 0 || j->dx == 0 || j->dy == 0 || j->dz == 0)
		return; /* threads = 0: done at once */
	g->dx = j->dx;
	g->dy = j->dy;
	g->c = c;
	g->xc = j->xc;
	g->yc = j->yc;
	g->zc = j->zc;
	g->shift_y = j->mx;
	g->shift_z = j->mx + j->my;
	g->word_size = j->word_size;
	g->threads = igm_job_threads(j);
	g->order = j->order;
	if (j->order != IDXGEN_ORDER_SEQUENTIAL) {
		g->dz = j->dz;
		igm_ocur_init(&g->ocur, j->order, j->dx, j->dy, j->stride, j->granularity,
			      j->tile_w, j->tile_h);
		return;
	}

	/*
	 * Lane i starts at thread i.  Set-up could divide, but counting up one
	 * thread at a time is cheaper for the few lanes, and that matters for
	 * small blocks.  Lanes past the block's last thread (c > threads) get
	 * z >= dz, which is fine: their words are never stored.
	 */
	padded = (c + IGM_LANE_BLOCK - 1) & ~(uint32_t)(IGM_LANE_BLOCK - 1);
	for (i = 0; i < padded; i++) {
		g->x[i] = x;
		g->y[i] = y;
		g->z[i] = z;
		if (++x == j->dx) {
			x = 0;
			if (++y == j->dy) {
				y = 0;
				z++;
			}
		}
	}
}

/* v << s for any s: widths in an unvalidated job may be up to 255. */
static inline uint64_t shl64(uint64_t v, unsigned int s)
{
	return s >= 64 ? 0 : v << s;
}

static inline uint32_t low_mask(unsigned int bits)
{
	return bits >= 32 ? UINT32_MAX : (1u << bits) - 1;
}

/* Per-call constants of the packed-word carry chain (see above). */
struct gen_pk {
	uint32_t xmask, ymask;	/* field masks, x at bit 0, y after >> sy */
	unsigned int sy;	/* shift of y, clamped to 31 (ymask is 0 then) */
	uint32_t tx1;		/* dx - xc - 1: carry out of x iff x > tx1 */
	uint32_t ty1;		/* dy - yc - 1: carry out of y iff y > ty1 - cx */
	uint32_t wc;		/* packed (xc, yc, zc) */
	uint32_t kx;		/* 2^mx - dx: "x -= dx, y += 1" */
	uint32_t ky;		/* 2^(mx+my) - dy * 2^mx: "y -= dy, z += 1" */
	uint32_t mx, my;
};

static void gen_pk_init(struct gen_pk *p, const struct igm_gen *g)
{
	unsigned int mx = g->shift_y, sz = g->shift_z;

	p->mx = mx;
	p->my = sz >= mx ? sz - mx : 0;
	p->xmask = low_mask(mx);
	p->ymask = low_mask(p->my);
	p->sy = mx > 31 ? 31 : mx;
	if (mx >= 32)
		p->ymask = 0;
	p->tx1 = g->dx - g->xc - 1;
	p->ty1 = g->dy - g->yc - 1;
	p->wc = (uint32_t)(g->xc | shl64(g->yc, mx) | shl64(g->zc, sz));
	p->kx = (uint32_t)(shl64(1, mx) - g->dx);
	p->ky = (uint32_t)(shl64(1, sz) - shl64(g->dy, mx));
}

/* The packed word of a lane at rest, modulo 2^32. */
static inline uint32_t lane_pack(const struct igm_gen *g, uint32_t i)
{
	return (uint32_t)(g->x[i] | shl64(g->y[i], g->shift_y) | shl64(g->z[i], g->shift_z));
}

/* Back to (x, y, z) at rest.  z is exact for every lane that will be stored. */
static inline void lane_unpack(struct igm_gen *g, const struct gen_pk *p, uint32_t i,
			       uint32_t w)
{
	g->x[i] = w & p->xmask;
	g->y[i] = (w >> p->sy) & p->ymask;
	g->z[i] = g->shift_z >= 32 ? 0 : w >> g->shift_z;
}

/* One lane, one step: the scalar form of the carry chain. */
static inline uint32_t lane_step(uint32_t w, const struct gen_pk *p)
{
	uint32_t cx = (w & p->xmask) > p->tx1;
	uint32_t cy = ((w >> p->sy) & p->ymask) + cx > p->ty1;

	return w + p->wc + (p->kx & (0u - cx)) + (p->ky & (0u - cy));
}

/*
 * The generic loop: one warp per step, exact stores.  n words of the step
 * are stored; lanes past n (end of the block) are not advanced.
 */
static uint64_t gen_scalar(struct igm_gen *g, const struct gen_pk *p, uint8_t *o,
			   uint64_t max_warps)
{
	uint32_t ws = g->word_size, c = g->c, i;
	uint64_t done = 0;

	while (done < max_warps && g->next < g->threads) {
		uint64_t left = g->threads - g->next;
		uint32_t n = left < c ? (uint32_t)left : c;

		for (i = 0; i < n; i++) {
			uint32_t w = lane_pack(g, i);

			if (ws == 2)
				igm_st16(o + 2 * (size_t)i, w);
			else
				igm_st32(o + 4 * (size_t)i, w);
			lane_unpack(g, p, i, lane_step(w, p));
		}
		o += (size_t)n * ws;
		g->next += n;
		g->warps_done++;
		done++;
	}
	return done;
}


/*
 * Schedule orders: a cursor over the x-y plane in issue order (see
 * IDXGEN_ORDER_* in idxgen_hw.h).  Add, compare and shift only; the
 * strided order's constants (the plane position of linear s*g and g) are
 * found by counting rows, the Hilbert curve's halving is a shift.
 */

/* (x, y) of linear number n of a dx-wide plane, n < lim; false if n >= lim. */
static bool plane_pos(uint64_t n, uint32_t dx, uint64_t lim, uint32_t *x, uint32_t *y)
{
	uint32_t yy = 0;

	if (n >= lim)
		return false;
	while (n >= dx) {
		n -= dx;
		yy++;
	}
	*x = (uint32_t)n;
	*y = yy;
	return true;
}

/* floor(a / 2) for any sign, by shifts. */
static inline int32_t half_floor(int32_t a)
{
	return a >= 0 ? (int32_t)((uint32_t)a >> 1) : -(int32_t)(((uint32_t)-a + 1) >> 1);
}

static inline int32_t sgn32(int32_t a)
{
	return (a > 0) - (a < 0);
}

static inline int32_t abs32(int32_t a)
{
	return a < 0 ? -a : a;
}

static void hpush(struct igm_ocur *o, int32_t x, int32_t y, int32_t ax, int32_t ay,
		  int32_t bx, int32_t by)
{
	struct igm_hframe *f;

	if (o->sp >= IGM_HILBERT_DEPTH)
		return;		/* cannot happen for 16-bit planes (depth <= ~70) */
	f = &o->st[o->sp++];
	f->x = x;
	f->y = y;
	f->ax = ax;
	f->ay = ay;
	f->bx = bx;
	f->by = by;
	f->stage = 0;
}

/*
 * Generalized Hilbert curve (gilbert2d, J. Cerveny) as an explicit stack:
 * a frame is a rectangle with major axis (ax, ay) and minor axis (bx, by);
 * a frame one thread thick becomes a straight run (lx, ly) + k (ldx, ldy).
 * Returns false when the curve is finished.
 */
static bool hilbert_refill(struct igm_ocur *o)
{
	while (o->sp) {
		struct igm_hframe *f = &o->st[o->sp - 1];
		int32_t w = abs32(f->ax + f->ay), h = abs32(f->bx + f->by);
		int32_t dax = sgn32(f->ax), day = sgn32(f->ay);
		int32_t dbx = sgn32(f->bx), dby = sgn32(f->by);
		int32_t ax2, ay2, bx2, by2, w2, h2;
		struct igm_hframe c;

		if (h == 1 || w == 1) {
			o->lx = f->x;
			o->ly = f->y;
			o->ldx = h == 1 ? dax : dbx;
			o->ldy = h == 1 ? day : dby;
			o->lrem = (uint32_t)(h == 1 ? w : h);
			o->sp--;
			return true;
		}
		ax2 = half_floor(f->ax);
		ay2 = half_floor(f->ay);
		bx2 = half_floor(f->bx);
		by2 = half_floor(f->by);
		w2 = abs32(ax2 + ay2);
		h2 = abs32(bx2 + by2);
		c = *f;
		if ((w << 1) > (h << 1) + h) {
			/* long: split along the major axis into two halves */
			if ((w2 & 1) && w > 2) {
				ax2 += dax;
				ay2 += day;
			}
			if (f->stage == 0) {
				f->stage = 1;
				hpush(o, c.x, c.y, ax2, ay2, c.bx, c.by);
			} else {
				o->sp--;	/* the frame ends with its last part */
				hpush(o, c.x + ax2, c.y + ay2, c.ax - ax2, c.ay - ay2, c.bx, c.by);
			}
		} else {
			if ((h2 & 1) && h > 2) {
				bx2 += dbx;
				by2 += dby;
			}
			if (f->stage == 0) {
				f->stage = 1;
				hpush(o, c.x, c.y, bx2, by2, ax2, ay2);
			} else if (f->stage == 1) {
				f->stage = 2;
				hpush(o, c.x + bx2, c.y + by2, c.ax, c.ay, c.bx - bx2, c.by - by2);
			} else {
				o->sp--;
				hpush(o, c.x + (c.ax - dax) + (bx2 - dbx), c.y + (c.ay - day) + (by2 - dby),
				      -bx2, -by2, -(c.ax - ax2), -(c.ay - ay2));
			}
		}
	}
	return false;
}

static void ocur_restart(struct igm_ocur *o)
{
	o->x = 0;
	o->y = 0;
	o->i = 0;
	o->r = 0;
	o->lin = 0;
	o->glin = 0;
	o->rlin = 0;
	o->bx = o->by = o->rx = o->ry = 0;
	o->back = 0;
	o->tx = o->ty = o->ix = o->iy = 0;
	o->lrem = 0;
	o->sp = 0;
	if (o->order == IDXGEN_ORDER_HILBERT) {
		if (o->dx >= o->dy)
			hpush(o, 0, 0, (int32_t)o->dx, 0, 0, (int32_t)o->dy);
		else
			hpush(o, 0, 0, 0, (int32_t)o->dy, (int32_t)o->dx, 0);
	}
}

void igm_ocur_init(struct igm_ocur *o, uint32_t order, uint32_t dx, uint32_t dy,
		   uint32_t stride, uint32_t granularity, uint32_t tile_w, uint32_t tile_h)
{
	uint64_t plane = (uint64_t)dx * dy;

	memset(o, 0, offsetof(struct igm_ocur, st));
	o->order = order;
	o->dx = dx;
	o->dy = dy;
	o->s = stride ? stride : 1;
	o->g = granularity ? granularity : 1;
	o->tw = tile_w ? tile_w : 1;
	o->th = tile_h ? tile_h : 1;
	if (o->order == IDXGEN_ORDER_STRIDED) {
		/* s * g < 2^48: no overflow; >= P means one group per residue */
		o->sg = o->s * o->g;
		if (!plane_pos(o->sg, dx, plane, &o->qx, &o->qy))
			o->sg = plane;
		if (!plane_pos(o->g, dx, plane, &o->gx, &o->gy))
			o->g = (uint32_t)(plane < UINT32_MAX ? plane : UINT32_MAX);
	}
	ocur_restart(o);
}

/* (x, y) += (ax, ay) on a dx-wide plane, ax < dx: one carry at most. */
static inline void plane_add(uint32_t *x, uint32_t *y, uint32_t ax, uint32_t ay, uint32_t dx)
{
	*x += ax;
	*y += ay;
	if (*x >= dx) {
		*x -= dx;
		(*y)++;
	}
}

bool igm_ocur_next(struct igm_ocur *o, uint32_t *x, uint32_t *y)
{
	uint64_t plane = (uint64_t)o->dx * o->dy;

	switch (o->order) {
	case IDXGEN_ORDER_STRIDED:
		if (o->r >= o->s || o->lin >= plane)
			return false;
		*x = o->x;
		*y = o->y;
		/* next thread of the group */
		o->i++;
		o->lin++;
		plane_add(&o->x, &o->y, 1, 0, o->dx);
		if (o->i < o->g && o->lin < plane)
			return true;
		/* next group of the residue: start + s*g */
		o->i = 0;
		if (o->sg < plane && o->glin < plane - o->sg) {
			o->glin += o->sg;
			plane_add(&o->bx, &o->by, o->qx, o->qy, o->dx);
			o->lin = o->glin;
			o->x = o->bx;
			o->y = o->by;
			return true;
		}
		/* next residue: group r + 1 starts at linear (r + 1) * g */
		o->r++;
		o->rlin += o->g;
		if (o->g < plane)
			plane_add(&o->rx, &o->ry, o->gx, o->gy, o->dx);
		if (o->r >= o->s || o->rlin >= plane) {
			o->r = o->s;	/* plane done */
			return true;
		}
		o->glin = o->lin = o->rlin;
		o->bx = o->x = o->rx;
		o->by = o->y = o->ry;
		return true;
	case IDXGEN_ORDER_ZIGZAG:
		if (o->y >= o->dy)
			return false;
		*x = o->back ? o->dx - 1 - o->x : o->x;
		*y = o->y;
		if (++o->x == o->dx) {
			o->x = 0;
			o->y++;
			o->back ^= 1;
		}
		return true;
	case IDXGEN_ORDER_TILED: {
		uint32_t tw = o->dx - o->tx < o->tw ? o->dx - o->tx : o->tw;
		uint32_t th = o->dy - o->ty < o->th ? o->dy - o->ty : o->th;

		if (o->ty >= o->dy)
			return false;
		*x = o->tx + o->ix;
		*y = o->ty + o->iy;
		if (++o->ix < tw)
			return true;
		o->ix = 0;
		if (++o->iy < th)
			return true;
		o->iy = 0;
		/* next tile; the subtraction form keeps tx + tw from wrapping */
		if (o->dx - o->tx > o->tw) {
			o->tx += o->tw;
			return true;
		}
		o->tx = 0;
		if (o->dy - o->ty > o->th)
			o->ty += o->th;
		else
			o->ty = o->dy;
		return true;
	}
	case IDXGEN_ORDER_HILBERT:
		if (o->lrem == 0 && !hilbert_refill(o))
			return false;
		*x = (uint32_t)o->lx;
		*y = (uint32_t)o->ly;
		o->lx += o->ldx;
		o->ly += o->ldy;
		o->lrem--;
		return true;
	default:
		if (o->y >= o->dy)
			return false;
		*x = o->x;
		*y = o->y;
		plane_add(&o->x, &o->y, 1, 0, o->dx);
		return true;
	}
}

/* Non-sequential orders: one warp per step from the issue-order cursor. */
static uint64_t gen_ordered(struct igm_gen *g, uint8_t *o, uint64_t max_warps)
{
	uint32_t ws = g->word_size, c = g->c, i;
	unsigned int sy = g->shift_y, sz = g->shift_z;
	uint64_t done = 0;

	while (done < max_warps && g->next < g->threads) {
		uint64_t left = g->threads - g->next;
		uint32_t n = left < c ? (uint32_t)left : c;

		for (i = 0; i < n; i++) {
			uint32_t x = 0, y = 0, w;

			while (!igm_ocur_next(&g->ocur, &x, &y)) {
				if (++g->oz >= g->dz)
					return done;	/* cannot happen: threads counts them */
				ocur_restart(&g->ocur);
			}
			w = (uint32_t)(x | shl64(y, sy) | shl64(g->oz, sz));
			if (ws == 2)
				igm_st16(o + 2 * (size_t)i, w);
			else
				igm_st32(o + 4 * (size_t)i, w);
		}
		o += (size_t)n * ws;
		g->next += n;
		g->warps_done++;
		done++;
	}
	return done;
}

#if IGM_GEN_VECTOR
/*
 * Words this call may write: those of at most max_warps warps, capped at
 * the end of the block.  Padded vector stores must stay inside it.
 */
static uint64_t gen_span_words(const struct igm_gen *g, uint64_t max_warps)
{
	uint64_t left = g->threads - g->next;

	/* c <= 1024 and left < 2^48, so max_warps * c cannot wrap here */
	if (max_warps >= left)
		return left;
	return max_warps * g->c < left ? max_warps * g->c : left;
}

/*
 * The vector loop, instantiated for 16-bit lanes (8 per vector) and 32-bit
 * lanes (4 per vector).  W holds the packed words of all (padded) lanes.
 *
 * Fast part: while IGM_GEN_BURST whole steps fit in this call's span
 * (padding included), run them lane-group-major: a group of
 * IGM_GEN_GROUP vectors stays in registers for the whole burst, storing
 * one vector per lane group per step at stride c words.  Several groups
 * hide the latency of the carry chain (about seven dependent operations per
 * step); the burst's output (e.g. 16 steps x 128 bytes) stays in L1 while
 * the groups fill it.  Lanes that do not make a whole group (c not a
 * multiple of the group) run one vector at a time.
 *
 * Tail: the remaining steps one at a time, storing only the warp's own
 * bytes when a padded store would pass the end of the span (the block's
 * last warp or the last warp of this call).
 */
#define IGM_GEN_BURST 16
#define IGM_GEN_GROUP 4

#define IGM_GEN_VEC_LOOP(NAME, VU, VS, TU, TS, LANES, LOG2_LANES, BIAS)                 \
	static inline VU NAME##_step(VU w, const VU *k, VS tx1, VS ty1, unsigned int sy)   \
	{                                                                                   \
		const VU bias = (VU){ 0 } + (TU)(BIAS);                                     \
		/* cx, cy: all ones where x (y) carries, as in lane_step() */              \
		VS cx = (VS)((w & k[0]) ^ bias) > tx1;                                      \
		VS cy = (VS)((((w >> sy) & k[1]) - (VU)cx) ^ bias) > ty1;                   \
                                                                                            \
		return w + k[2] + ((VU)cx & k[3]) + ((VU)cy & k[4]);                        \
	}                                                                                   \
                                                                                            \
	static uint64_t NAME(struct igm_gen *g, const struct gen_pk *p, uint8_t *o,      \
			     uint64_t max_warps)                                            \
	{                                                                                   \
		VU W[IGM_MAX_LANES >> LOG2_LANES];                                 \
		/* xmask, ymask, wc, kx, ky broadcast to every lane */                      \
		const VU k[5] = { (VU){ 0 } + (TU)p->xmask, (VU){ 0 } + (TU)p->ymask,       \
				  (VU){ 0 } + (TU)p->wc, (VU){ 0 } + (TU)p->kx,             \
				  (VU){ 0 } + (TU)p->ky };                                  \
		const VS tx1 = (VS)((VU){ 0 } + (TU)(p->tx1 ^ (BIAS)));                     \
		const VS ty1 = (VS)((VU){ 0 } + (TU)(p->ty1 ^ (BIAS)));                     \
		const unsigned int sy = p->sy;                                              \
		const uint32_t c = g->c, ws = sizeof(TU);                                   \
		const uint32_t nvec = (c + LANES - 1) >> LOG2_LANES;                        \
		const uint32_t ngrp = nvec & ~(uint32_t)(IGM_GEN_GROUP - 1);             \
		/* words a padded step touches from its first word */                      \
		const uint64_t need = nvec * LANES > c ? nvec * LANES : c;                  \
		const uint64_t span = gen_span_words(g, max_warps);                         \
		const size_t pitch = (size_t)c * ws;                                        \
		uint64_t off = 0, done = 0;                                                 \
		uint32_t i, v, s;                                                           \
                                                                                            \
		for (v = 0; v < nvec; v++)                                                  \
			for (i = 0; i < LANES; i++)                                         \
				W[v][i] = (TU)lane_pack(g, v * LANES + i);                   \
		while (off + (uint64_t)(IGM_GEN_BURST - 1) * c + need <= span) {         \
			for (v = 0; v < ngrp; v += IGM_GEN_GROUP) {                      \
				VU w0 = W[v], w1 = W[v + 1], w2 = W[v + 2], w3 = W[v + 3];  \
				uint8_t *q = o + off * ws + 16 * (size_t)v;                 \
                                                                                            \
				for (s = 0; s < IGM_GEN_BURST; s++, q += pitch) {        \
					memcpy(q, &w0, 16);                                 \
					memcpy(q + 16, &w1, 16);                            \
					memcpy(q + 32, &w2, 16);                            \
					memcpy(q + 48, &w3, 16);                            \
					w0 = NAME##_step(w0, k, tx1, ty1, sy);              \
					w1 = NAME##_step(w1, k, tx1, ty1, sy);              \
					w2 = NAME##_step(w2, k, tx1, ty1, sy);              \
					w3 = NAME##_step(w3, k, tx1, ty1, sy);              \
				}                                                           \
				W[v] = w0;                                                  \
				W[v + 1] = w1;                                              \
				W[v + 2] = w2;                                              \
				W[v + 3] = w3;                                              \
			}                                                                   \
			for (v = ngrp; v < nvec; v++) {                                     \
				VU w0 = W[v];                                               \
				uint8_t *q = o + off * ws + 16 * (size_t)v;                 \
                                                                                            \
				for (s = 0; s < IGM_GEN_BURST; s++, q += pitch) {        \
					memcpy(q, &w0, 16);                                 \
					w0 = NAME##_step(w0, k, tx1, ty1, sy);              \
				}                                                           \
				W[v] = w0;                                                  \
			}                                                                   \
			off += (uint64_t)IGM_GEN_BURST * c;                              \
			g->next += (uint64_t)IGM_GEN_BURST * c;                          \
			g->warps_done += IGM_GEN_BURST;                                  \
			done += IGM_GEN_BURST;                                           \
		}                                                                           \
		while (done < max_warps && g->next < g->threads) {                          \
			uint64_t left = g->threads - g->next;                               \
			uint32_t n = left < c ? (uint32_t)left : c;                         \
			int exact = off + need > span;                                      \
                                                                                            \
			for (v = 0; v < nvec; v++) {                                        \
				/* exact: only the bytes of this warp's n words */          \
				size_t at = 16 * (size_t)v, nb = (size_t)n * ws;            \
                                                                                            \
				if (!exact)                                                 \
					memcpy(o + off * ws + at, &W[v], 16);               \
				else if (at < nb)                                           \
					memcpy(o + off * ws + at, &W[v],                    \
					       nb - at < 16 ? nb - at : 16);                \
				W[v] = NAME##_step(W[v], k, tx1, ty1, sy);                  \
			}                                                                   \
			off += n;                                                           \
			g->next += n;                                                       \
			g->warps_done++;                                                    \
			done++;                                                             \
		}                                                                           \
		for (v = 0; v < nvec; v++)                                                  \
			for (i = 0; i < LANES; i++)                                         \
				lane_unpack(g, p, v * LANES + i, W[v][i]);                  \
		return done;                                                                \
	}

IGM_GEN_VEC_LOOP(gen_vec16, igm_v8u16, igm_v8s16, uint16_t, int16_t, 8, 3, 0)
IGM_GEN_VEC_LOOP(gen_vec16b, igm_v8u16, igm_v8s16, uint16_t, int16_t, 8, 3, 0x8000)
IGM_GEN_VEC_LOOP(gen_vec32, igm_v4u32, igm_v4s32, uint32_t, int32_t, 4, 2, 0)
#endif

/*
 * Picks the fastest loop that is exact for the job; all three compute the
 * same carry chain (see the comment at the top of this section).
 */
uint64_t igm_gen_run(struct igm_gen *g, void *out, uint64_t max_warps)
{
	struct gen_pk p;

	if (g->next >= g->threads || max_warps == 0)
		return 0;
	if (g->order != IDXGEN_ORDER_SEQUENTIAL)
		return gen_ordered(g, out, max_warps);
	gen_pk_init(&p, g);
#if IGM_GEN_VECTOR
	if (g->word_size == 2 && p.mx <= 15 && p.my <= 15)
		return gen_vec16(g, &p, out, max_warps);
	/*
	 * 16-bit lanes shift y down by mx: mx == 16 would shift by the lane
	 * width, which C leaves undefined (1-D blocks wider than 32768 with a
	 * 16-bit word); those take the scalar loop.
	 */
	if (g->word_size == 2 && p.mx < 16)
		return gen_vec16b(g, &p, out, max_warps);
	if (g->word_size == 4)
		return gen_vec32(g, &p, out, max_warps);
#endif
	return gen_scalar(g, &p, out, max_warps);
}

/* idxgen-gen-end */

/* ------------------------------------------------------------------ */
/* Cycles, whole jobs, completion records                              */
/* ------------------------------------------------------------------ */

/*
 * Passes of the Hilbert machine's refill loop over one frame with major
 * length a and minor length b (signed, as hilbert_refill splits them): one
 * for a leaf, two for a frame split in two (push the first part; replace
 * the frame by the last), three for a split in three.  The position does
 * not matter, so the recursion takes the lengths only.  One call per frame:
 * fewer than the plane's cells, so never more work than generating it.
 */
static uint64_t hilbert_passes(int32_t a, int32_t b)
{
	int32_t w = abs32(a), h = abs32(b), a2, b2;

	if (w == 1 || h == 1)
		return 1;
	a2 = half_floor(a);
	b2 = half_floor(b);
	if ((w << 1) > (h << 1) + h) {
		if ((abs32(a2) & 1) && w > 2)
			a2 += sgn32(a);
		return 2 + hilbert_passes(a2, b) + hilbert_passes(a - a2, b);
	}
	if ((abs32(b2) & 1) && h > 2)
		b2 += sgn32(b);
	return 3 + hilbert_passes(b2, a2) + hilbert_passes(a, b - b2) +
	       hilbert_passes(-b2, -(a - a2));
}

/*
 * A miss costs IDXGEN_FILTER_CYCLES + warps in every order but Hilbert,
 * whose curve is not one warp per cycle in a circuit: between two cells it
 * may climb or descend its whole recursion, so the RTL (fw/rtl/
 * idxgen_hilbert.v, docs/rtl.md) spends a cycle on each refill pass as
 * well as one per cell.  Its count, 2 + dz * (dx*dy + passes + 1), is the
 * model's (4 + 1 for a 1x1x1 block, about 2.9 cycles a thread on squares).
 */
uint64_t igm_job_cycles(const struct igm_job *j, bool hit)
{
	uint64_t passes;

	if (hit)
		return IDXGEN_FILTER_CYCLES;
	if (j->order != IDXGEN_ORDER_HILBERT)
		return IDXGEN_FILTER_CYCLES + igm_job_warps(j);
	passes = j->dx >= j->dy ? hilbert_passes((int32_t)j->dx, (int32_t)j->dy)
				: hilbert_passes((int32_t)j->dy, (int32_t)j->dx);
	return IDXGEN_FILTER_CYCLES - 2 +
	       (uint64_t)j->dz * ((uint64_t)j->dx * j->dy + passes + 1);
}

void igm_run(struct igm_hist *h, const struct igm_limits *l, uint8_t *imem,
	     const struct igm_job *j, struct igm_result *r)
{
	bool use_hist = h && !(j->flags & IDXGEN_DESC_F_NO_HISTORY);
	struct igm_gen g;	/* ~12 KiB: fine on a host or QEMU thread stack */

	memset(r, 0, sizeof(*r));
	r->status = igm_job_validate(j, l);
	r->cycles = IDXGEN_FILTER_CYCLES;
	if (r->status != IDXGEN_CPL_OK)
		return;		/* nothing written, threads reported as 0 */
	r->threads = igm_job_threads(j);
	if (use_hist && igm_hist_lookup(h, j)) {
		r->hit = true;
		return;		/* output already in memory: filter cycles only */
	}
	/* Whatever history described these bytes is about to be overwritten. */
	if (h)
		igm_hist_invalidate(h, j->target, igm_job_bytes(j));
	igm_gen_init(&g, j);
	r->warps = igm_gen_run(&g, imem + j->target, UINT64_MAX);
	r->cycles = igm_job_cycles(j, false);
	if (use_hist)
		igm_hist_insert(h, j);
}

void igm_cpl_fill(struct idxgen_cpl *cpl, uint32_t job_id, int status, uint32_t flags,
		  uint32_t warps, uint32_t threads, uint64_t cycles, uint32_t slot)
{
	uint32_t st = (uint16_t)status, fl = (uint16_t)flags;

	igm_st32(&cpl->job_id, job_id);
	igm_st16(&cpl->status, st);
	igm_st16(&cpl->flags, fl);
	igm_st32(&cpl->warps, warps);
	igm_st32(&cpl->threads, threads);
	igm_st64(&cpl->cycles, cycles);
	igm_st32(&cpl->slot, slot);
	igm_st32(&cpl->check, IDXGEN_CPL_CHECK(job_id, st, fl, warps, threads, cycles, slot));
}

bool igm_cpl_verify(const struct idxgen_cpl *cpl)
{
	uint32_t job_id = igm_ld32(&cpl->job_id);
	uint32_t st = igm_ld16(&cpl->status), fl = igm_ld16(&cpl->flags);
	uint32_t warps = igm_ld32(&cpl->warps), threads = igm_ld32(&cpl->threads);
	uint64_t cycles = igm_ld64(&cpl->cycles);
	uint32_t slot = igm_ld32(&cpl->slot);

	return igm_ld32(&cpl->check) ==
	       (uint32_t)IDXGEN_CPL_CHECK(job_id, st, fl, warps, threads, cycles, slot);
}
