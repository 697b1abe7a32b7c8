/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cc_warp.h - the warp-level operations of CUDA as idxgen-cc lowers
 * them (lib/cc/warp.c, lib/cc/README.md "Warps").
 *
 * A warp op is cut into a PUBLISH (each thread writes its operand into a
 * per-block exchange array at its LINEAR thread id, lin = x + y*bdx +
 * z*bdx*bdy), a block barrier, and a READ (each thread computes its result
 * from the slots of its warp: lanes lin - lin%32 .. +31).  Because slots are
 * indexed by linear id, never by the position in the device's index stream,
 * a warp is always the 32 consecutive linear ids CUDA defines, whatever the
 * launch's schedule order.
 *
 * "Present" lanes: lin < nthreads (the last warp of a block whose size is
 * not a multiple of 32 is partial) and, when the kernel can return early,
 * not returned (alive[lin] != 0; alive is NULL when it cannot).  Our
 * definitions where CUDA leaves results undefined: a shuffle whose source
 * lane is absent, or outside the width segment as CUDA says, returns the
 * caller's own value; the mask of a shuffle is not consulted (every thread
 * published); votes, match and reduce consider only present lanes in the
 * mask.  Header-only, C11 and C++.
 */
#ifndef IDXGEN_CC_WARP_H
#define IDXGEN_CC_WARP_H

/* C output (whole programs have their own constant in idxgen_cc_program.h) */
#if !defined(warpSize) && !defined(__cplusplus)
#define warpSize 32
#endif

/* The bit intrinsics warp code uses with ballots (whole programs: cuda/idxgen_cuda_device.h). */
#ifndef __cplusplus
static inline int __popc(unsigned int x)
{
	return __builtin_popcount(x);
}

static inline int __popcll(unsigned long long x)
{
	return __builtin_popcountll(x);
}

static inline int __ffs(int x)
{
	return __builtin_ffs(x);
}

static inline int __ffsll(long long x)
{
	return __builtin_ffsll(x);
}

static inline int __clz(int x)
{
	return x ? __builtin_clz((unsigned int)x) : 32;
}

static inline int __clzll(long long x)
{
	return x ? __builtin_clzll((unsigned long long)x) : 64;
}
#endif

/*
 * The most threads of a block (CUDA's limit): the exchange arrays' size.
 * A kernel with warp operations checks its block size first, in the block
 * function (where __b is the block): a larger block traps the launch.
 */
#define IDXGEN_CC_WARP_SLOTS 1024u
#define __idxgen_warp_check(n)                                                                      \
	do {                                                                                        \
		if ((n) > IDXGEN_CC_WARP_SLOTS)                                                     \
			idxgen_rt_trap(__b, "idxgen-cc: a kernel with warp operations runs blocks of " \
					    "at most 1024 threads, not %u", (unsigned)(n));          \
	} while (0)

static inline int idxgen_cc_lane_present(unsigned lin, unsigned n, const unsigned char *alive)
{
	return lin < n && (!alive || alive[lin]);
}

/* Source slot of a shuffle: 'lane' of the caller's width segment. */
static inline unsigned idxgen_cc_shfl_src(unsigned lin, unsigned n, const unsigned char *alive, int lane,
					  int width)
{
	unsigned w = width > 0 && width <= 32 ? (unsigned)width : 32u;
	unsigned own = lin & 31u, seg = own & ~(w - 1u);
	unsigned s = lin - own + seg + ((unsigned)lane & (w - 1u));

	return idxgen_cc_lane_present(s, n, alive) ? s : lin;
}

static inline unsigned idxgen_cc_shfl_up_src(unsigned lin, unsigned n, const unsigned char *alive,
					     unsigned delta, int width)
{
	unsigned w = width > 0 && width <= 32 ? (unsigned)width : 32u;
	unsigned in_seg = lin & 31u & (w - 1u);

	if (delta > in_seg)
		return lin;
	return idxgen_cc_lane_present(lin - delta, n, alive) ? lin - delta : lin;
}

static inline unsigned idxgen_cc_shfl_down_src(unsigned lin, unsigned n, const unsigned char *alive,
					       unsigned delta, int width)
{
	unsigned w = width > 0 && width <= 32 ? (unsigned)width : 32u;
	unsigned in_seg = lin & 31u & (w - 1u);

	if (delta >= w || in_seg + delta >= w)
		return lin;
	return idxgen_cc_lane_present(lin + delta, n, alive) ? lin + delta : lin;
}

/*
 * Shuffles up and down as a choice between two contiguous loads (the
 * caller's slot and the one delta away), not a gather: the thread loop
 * around them vectorises with plain vector loads.
 */
static inline int idxgen_cc_shfl_up_ok(unsigned lin, unsigned n, const unsigned char *alive, unsigned delta,
				       int width)
{
	unsigned w = width > 0 && width <= 32 ? (unsigned)width : 32u;

	return delta <= (lin & 31u & (w - 1u)) && idxgen_cc_lane_present(lin - delta, n, alive);
}

static inline int idxgen_cc_shfl_down_ok(unsigned lin, unsigned n, const unsigned char *alive, unsigned delta,
					 int width)
{
	unsigned w = width > 0 && width <= 32 ? (unsigned)width : 32u;

	return delta < w && (lin & 31u & (w - 1u)) + delta < w && idxgen_cc_lane_present(lin + delta, n, alive);
}

/* x has 32 readable slots before and after the block's (warp.c pads them). */
#define idxgen_cc_shfl_up(x, lin, n, alive, delta, width)                                                   \
	__extension__({                                                                                     \
		__typeof__((x)[0]) __so = (x)[(lin)];                                                       \
		__typeof__((x)[0]) __sp = (x)[(long)(lin) - ((unsigned)(delta) < 32u ? (long)(delta) : 0)];\
		idxgen_cc_shfl_up_ok((lin), (n), (alive), (delta), (width)) ? __sp : __so;                  \
	})
#define idxgen_cc_shfl_down(x, lin, n, alive, delta, width)                                                 \
	__extension__({                                                                                     \
		__typeof__((x)[0]) __so = (x)[(lin)];                                                       \
		__typeof__((x)[0]) __sp = (x)[(lin) + ((unsigned)(delta) < 32u ? (unsigned)(delta) : 0u)];  \
		idxgen_cc_shfl_down_ok((lin), (n), (alive), (delta), (width)) ? __sp : __so;                \
	})

/* CUDA: a lane may read earlier width segments by xor, not later ones. */
static inline unsigned idxgen_cc_shfl_xor_src(unsigned lin, unsigned n, const unsigned char *alive,
					      int lane_mask, int width)
{
	unsigned w = width > 0 && width <= 32 ? (unsigned)width : 32u;
	unsigned own = lin & 31u, t = (own ^ (unsigned)lane_mask) & 31u;

	if ((t & ~(w - 1u)) > (own & ~(w - 1u)))
		return lin;
	return idxgen_cc_lane_present(lin - own + t, n, alive) ? lin - own + t : lin;
}

/*
 * Is the caller's warp whole (all 32 lanes below n)?  Then a lane is
 * present exactly when it has not returned, and the votes below test each
 * lane without a branch: loops the compiler vectorises, instead of a bound
 * and presence test per lane (issue 40).  (lin | 31) is the warp's last lane.
 */
static inline int idxgen_cc_warp_whole(unsigned lin, unsigned n)
{
	return (lin | 31u) < n;
}

/* The present lanes of the caller's warp, as a mask. */
static inline unsigned idxgen_cc_present_mask(unsigned lin, unsigned n, const unsigned char *alive)
{
	unsigned base = lin & ~31u, r = 0, l;

	if (idxgen_cc_warp_whole(lin, n) && !alive)
		return ~0u;
	if (idxgen_cc_warp_whole(lin, n)) {
		for (l = 0; l < 32; l++)
			r |= (unsigned)(alive[base + l] != 0) << l;
		return r;
	}
	for (l = 0; l < 32; l++)
		if (idxgen_cc_lane_present(base + l, n, alive))
			r |= 1u << l;
	return r;
}

static inline unsigned idxgen_cc_ballot(const int *x, unsigned lin, unsigned n, const unsigned char *alive,
					unsigned mask)
{
	unsigned base = lin & ~31u, r = 0, l;

	if (idxgen_cc_warp_whole(lin, n) && !alive) {
		for (l = 0; l < 32; l++)
			r |= (unsigned)(x[base + l] != 0) << l;
		return r & mask;
	}
	if (idxgen_cc_warp_whole(lin, n)) {
		for (l = 0; l < 32; l++)
			r |= (unsigned)((x[base + l] != 0) & (alive[base + l] != 0)) << l;
		return r & mask;
	}
	for (l = 0; l < 32; l++)
		if (idxgen_cc_lane_present(base + l, n, alive) && x[base + l])
			r |= 1u << l;
	return r & mask;
}

static inline int idxgen_cc_any(const int *x, unsigned lin, unsigned n, const unsigned char *alive,
				unsigned mask)
{
	return idxgen_cc_ballot(x, lin, n, alive, mask) != 0;
}

static inline int idxgen_cc_all(const int *x, unsigned lin, unsigned n, const unsigned char *alive,
				unsigned mask)
{
	unsigned m = mask & idxgen_cc_present_mask(lin, n, alive);

	return idxgen_cc_ballot(x, lin, n, alive, mask) == m;
}

/* Lanes of the caller's warp, present and in mask, whose slot equals the caller's. */
#define idxgen_cc_match_any(x, lin, n, alive, mask)                                              \
	__extension__({                                                                           \
		unsigned __mb = (lin) & ~31u, __mr = 0, __ml;                                      \
		if (idxgen_cc_warp_whole((lin), (n)) && !(alive)) {                                \
			for (__ml = 0; __ml < 32; __ml++) /* branch-free: see idxgen_cc_warp_whole */ \
				__mr |= (unsigned)((x)[__mb + __ml] == (x)[(lin)]) << __ml;       \
		} else {                                                                          \
			for (__ml = 0; __ml < 32; __ml++)                                         \
				if (idxgen_cc_lane_present(__mb + __ml, (n), (alive)) &&           \
				    (x)[__mb + __ml] == (x)[(lin)])                                \
					__mr |= 1u << __ml;                                       \
		}                                                                                 \
		__mr & (unsigned)(mask);                                                          \
	})

/* mask' (present lanes in mask) if all of them hold the caller's value, else 0; *pred set. */
#define idxgen_cc_match_all(x, lin, n, alive, mask, pred)                                        \
	__extension__({                                                                           \
		unsigned __mm = (unsigned)(mask) & idxgen_cc_present_mask((lin), (n), (alive));     \
		unsigned __ma = idxgen_cc_match_any(x, lin, n, alive, mask) == __mm ? __mm : 0u;     \
		*(pred) = __ma != 0;                                                              \
		__ma;                                                                             \
	})

/* __reduce_OP_sync over present lanes in mask; OP is + or a min/max selection. */
#define idxgen_cc_reduce(x, lin, n, alive, mask, _OP)                                          \
	__extension__({                                                                           \
		unsigned __rb = (lin) & ~31u, __rl;                                                \
		__typeof__((x)[0]) __rr = (x)[(lin)];                                                              \
		int __rf = 1;                                                                     \
		for (__rl = 0; __rl < 32; __rl++)                                                 \
			if (idxgen_cc_lane_present(__rb + __rl, (n), (alive)) &&                   \
			    (((unsigned)(mask) >> __rl) & 1u)) {                                   \
				__typeof__((x)[0]) __rv = (x)[__rb + __rl];                                         \
				__rr = __rf ? __rv : _OP(__rr, __rv);                               \
				__rf = 0;                                                         \
			}                                                                         \
		__rr;                                                                             \
	})
/*
 * Cooperative-groups tiles of N lanes (N a power of two up to 32): lanes
 * lin - lin % N .. + N-1 of the warp; results relative to the tile.
 */
static inline unsigned idxgen_cc_tile_mask(unsigned lin, unsigned __n)
{
	unsigned shift = lin & 31u & ~(__n - 1u);

	return (__n >= 32u ? 0xffffffffu : (1u << __n) - 1u) << shift;
}

static inline unsigned idxgen_cc_tile_ballot(const int *x, unsigned lin, unsigned n, const unsigned char *alive,
					     unsigned __n)
{
	return (idxgen_cc_ballot(x, lin, n, alive, idxgen_cc_tile_mask(lin, __n))) >> (lin & 31u & ~(__n - 1u));
}

static inline int idxgen_cc_tile_any(const int *x, unsigned lin, unsigned n, const unsigned char *alive, unsigned __n)
{
	return idxgen_cc_ballot(x, lin, n, alive, idxgen_cc_tile_mask(lin, __n)) != 0;
}

static inline int idxgen_cc_tile_all(const int *x, unsigned lin, unsigned n, const unsigned char *alive, unsigned __n)
{
	return idxgen_cc_all(x, lin, n, alive, idxgen_cc_tile_mask(lin, __n));
}

#define idxgen_cc_tile_reduce(x, lin, n, alive, __n, _OP) idxgen_cc_reduce(x, lin, n, alive, idxgen_cc_tile_mask((lin), (__n)), _OP)

#define IDXGEN_CC_OP_ADD(a, b) ((a) + (b))
#define IDXGEN_CC_OP_MIN(a, b) ((b) < (a) ? (b) : (a))
#define IDXGEN_CC_OP_MAX(a, b) ((b) > (a) ? (b) : (a))
#define idxgen_cc_reduce_add(x, lin, n, alive, mask) idxgen_cc_reduce(x, lin, n, alive, mask, IDXGEN_CC_OP_ADD)
#define idxgen_cc_reduce_min(x, lin, n, alive, mask) idxgen_cc_reduce(x, lin, n, alive, mask, IDXGEN_CC_OP_MIN)
#define idxgen_cc_reduce_max(x, lin, n, alive, mask) idxgen_cc_reduce(x, lin, n, alive, mask, IDXGEN_CC_OP_MAX)

#endif
