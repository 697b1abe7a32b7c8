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

#if defined(__AVX2__)
#include <immintrin.h>
#elif defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/*
 * Bit l: byte p[l] != 0 / int q[l] != 0, l < 32.  Two compares and two
 * sign masks with SSE2 (every x86-64): the loop of shifts stayed a call of
 * 32 steps per lane, and a warp-aggregated increment asks for its warp's
 * mask in every lane (22 % of such a kernel, issue 40).
 */
static inline unsigned idxgen_cc_nonzero8x32(const unsigned char *p)
{
#if defined(__SSE2__)
	const __m128i z = _mm_setzero_si128();
	unsigned lo = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)p), z));
	unsigned hi = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)p + 1), z));

	return ~(lo | hi << 16);
#else
	unsigned r = 0;

	for (unsigned l = 0; l < 32; l++)
		r |= (unsigned)(p[l] != 0) << l;
	return r;
#endif
}

static inline unsigned idxgen_cc_nonzero32x32(const int *q)
{
#if defined(__SSE2__)
	const __m128i z = _mm_setzero_si128();
	unsigned r = 0;

	for (unsigned i = 0; i < 4; i++) {
		/* 8 lanes: 0 / -1 per int, packed to bytes with their signs kept */
		__m128i a = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)q + 2 * i), z);
		__m128i b = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)q + 2 * i + 1), z);

		r |= ((unsigned)_mm_movemask_epi8(_mm_packs_epi16(_mm_packs_epi32(a, b), z)) & 0xffu) << (8 * i);
	}
	return ~r;
#else
	unsigned r = 0;

	for (unsigned l = 0; l < 32; l++)
		r |= (unsigned)(q[l] != 0) << l;
	return r;
#endif
}

/* The present lanes of the caller's warp, as a mask. */
static inline unsigned idxgen_cc_present_mask(unsigned lin, unsigned n, const unsigned char *alive)
{
	unsigned base = lin & ~31u, r = 0, l;

	if (idxgen_cc_warp_whole(lin, n) && !alive)
		return ~0u;
	if (idxgen_cc_warp_whole(lin, n))
		return idxgen_cc_nonzero8x32(alive + base);
	for (l = 0; l < 32; l++)
		if (idxgen_cc_lane_present(base + l, n, alive))
			r |= 1u << l;
	return r;
}

static inline unsigned idxgen_cc_ballot(const int *x, unsigned lin, unsigned n, const unsigned char *alive,
					unsigned mask)
{
	unsigned base = lin & ~31u, r = 0, l;

	if (idxgen_cc_warp_whole(lin, n) && !alive)
		return idxgen_cc_nonzero32x32(x + base) & mask;
	if (idxgen_cc_warp_whole(lin, n))
		return idxgen_cc_nonzero32x32(x + base) & idxgen_cc_nonzero8x32(alive + base) & mask;
	for (l = 0; l < 32; l++)
		if (idxgen_cc_lane_present(base + l, n, alive) && x[base + l])
			r |= 1u << l;
	return r & mask;
}

/*
 * Every warp's ballot of the block at once (b[w]: warp w's lanes, present,
 * whose slot is nonzero), for lib/cc/warp.c's once-per-warp ballot: the
 * lane's __ballot_sync(mask, p) is then b[lin / 32] & mask, as above.
 */
static inline void idxgen_cc_ballots(unsigned *b, const int *x, unsigned n, const unsigned char *alive)
{
	for (unsigned w = 0; w < n; w += 32)
		b[w / 32] = idxgen_cc_ballot(x, w, n, alive, ~0u);
}

/*
 * A warp-aggregated atomic once per block (lib/cc/warp_agg.c): the lanes of
 * each warp run `if (TEST) r = atomicAdd(p, __popc(m)); r = __shfl_sync(..,
 * r, __ffs(m) - 1);` with m the warp's ballot word b[w] & kmask (b NULL:
 * its present lanes, __activemask()) and TEST `LANE == __ffs(m) - 1` or,
 * how & 2, `__popc(m & ((1u << LANE) - 1)) == 0` (no lane of m below LANE:
 * LANE <= the leader).  Every present lane whose TEST holds adds __popc(m)
 * to *p, in lane order, and out[w] is what the leader's r then holds: its
 * own atomic's old value, or init where it did none (m == 0: no leader, r
 * stays init in every lane; the shuffle then reads lane 31's).  LANE is
 * the warp's lane (lin % 32) or, how & 1, threadIdx.x % 32 = (lin % bdx) %
 * 32: the warp's lane in rows of whole warps or a block of one row.  Where
 * LANE is the warp's lane and no lane below the leader is present (the
 * leader test, or the rank test over the present lanes), only the leader
 * adds: one atomic a warp; elsewhere every adder CUDA has is kept.
 */
#define IDXGEN_CC_WARP_LEADER_ADD(sfx, T)                                                                   \
	static inline void idxgen_cc_warp_leader_add_##sfx(T *out, const unsigned *b, unsigned kmask,          \
							   unsigned n, unsigned bdx, int how,                  \
							   const unsigned char *alive, T init, T *p)           \
	{                                                                                                      \
		int exact = !(how & 1) || bdx % 32 == 0 || bdx == n;                                          \
                                                                                                               \
		for (unsigned w = 0; w * 32 < n; w++) {                                                        \
			unsigned m = (b ? b[w] : idxgen_cc_present_mask(32 * w, n, alive)) & kmask, l, j;      \
			T r = init;                                                                            \
                                                                                                               \
			if (m) {                                                                               \
				l = (unsigned)__builtin_ctz(m);                                                \
				if (exact && (!(how & 2) || !b)) {                                             \
					r = __atomic_fetch_add(p, (T)__builtin_popcount(m), __ATOMIC_RELAXED); \
				} else {                                                                       \
					for (j = 0; j < 32; j++) {                                             \
						unsigned lin = 32 * w + j, lane = how & 1 ? lin % bdx % 32 : j; \
						T o;                                                           \
                                                                                                               \
						if (!idxgen_cc_lane_present(lin, n, alive) ||                  \
						    (how & 2 ? lane > l : lane != l))                          \
							continue;                                              \
						o = __atomic_fetch_add(p, (T)__builtin_popcount(m), __ATOMIC_RELAXED); \
						r = j == l ? o : r;                                            \
					}                                                                      \
				}                                                                              \
			}                                                                                      \
			out[w] = r;                                                                            \
		}                                                                                              \
	}
IDXGEN_CC_WARP_LEADER_ADD(i, int)
IDXGEN_CC_WARP_LEADER_ADD(u, unsigned int)
IDXGEN_CC_WARP_LEADER_ADD(ull, unsigned long long)
#undef IDXGEN_CC_WARP_LEADER_ADD

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

/*
 * The lanes of a whole warp whose 32-bit integer slot equals v: a vector
 * compare and a sign mask per 8 lanes with AVX2 (clang made the loop of
 * bit shifts below about 9x slower, 15 ns a lane: issue 40's warp-aggregated
 * histogram), the plain loop elsewhere.  p: the warp's first slot (int or
 * unsigned int: the same bits, and either may alias the other).
 */
static inline unsigned idxgen_cc_match32(const void *p, int v)
{
	unsigned r = 0;
#if defined(__AVX2__)
	const __m256i b = _mm256_set1_epi32(v);

	for (int i = 0; i < 4; i++) {
		__m256i a = _mm256_loadu_si256((const __m256i *)p + i);

		r |= (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(a, b))) << (8 * i);
	}
#else
	const int *q = (const int *)p;

	for (unsigned l = 0; l < 32; l++)
		r |= (unsigned)(q[l] == v) << l;
#endif
	return r;
}

/* A 4-byte integer type (a float converts 0.5 to 0.5, an integer to 0): constant for the compiler. */
#define IDXGEN_CC_INT32_SLOT(x) (sizeof((x)[0]) == 4 && (__typeof__((x)[0]))0.5 == 0)

/* Lanes of the caller's warp, present and in mask, whose slot equals the caller's. */
#define idxgen_cc_match_any(x, lin, n, alive, mask)                                              \
	__extension__({                                                                           \
		unsigned __mb = (lin) & ~31u, __mr = 0, __ml;                                      \
		if (idxgen_cc_warp_whole((lin), (n)) && !(alive) && IDXGEN_CC_INT32_SLOT(x)) {     \
			__mr = idxgen_cc_match32((const void *)((x) + __mb), (int)(x)[(lin)]);     \
		} else if (idxgen_cc_warp_whole((lin), (n)) && !(alive)) {                         \
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

/* __reduce_OP_sync over present lanes in mask; OP is +, a min/max selection or a bit operation. */
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

/*
 * The shuffle tree `for (o = first; o > 0; o /= 2) v += __shfl_down_sync(m, v, o, width);`
 * (xor_: __shfl_xor_sync, the butterfly) of every warp of the block at once,
 * run by the block's leader, its lowest present thread (lib/cc/warp_tree.c):
 * x holds every thread's v, published.  Each level computes every present
 * lane from the level before into the other buffer (x to y, then y to x):
 * its own value plus its source's -- the source the lowered shuffle reads
 * (idxgen_cc_shfl_down_src, _xor_src) -- in that order, so the values are
 * the loop's bit for bit; after an odd number of levels they are in y.  A
 * level is a loop over the block's slots: two contiguous loads and a
 * choice per slot (no gather), vectorised; a kernel that can return tests
 * each lane's presence.  Every lane read (not only lane 0): warp by warp,
 * a whole warp with all lanes present in local arrays
 * (idxgen_cc_tree_all_lanes below).
 */
static inline int idxgen_cc_block_leader(unsigned lin, unsigned n, const unsigned char *alive)
{
	unsigned l;

	/* thread 0 present (the usual case, asked by every thread): it leads */
	if (!alive || (n > 0 && alive[0]))
		return lin == 0;
	for (l = 0; l < lin; l++)
		if (idxgen_cc_lane_present(l, n, alive))
			return 0;
	return idxgen_cc_lane_present(lin, n, alive);
}

/* Does lane l (< n) read its source at level o (else its own value)?  src: the source. */
static inline int idxgen_cc_tree_reads(unsigned l, unsigned n, unsigned o, unsigned w, int xor_, unsigned *src)
{
	unsigned own = l & 31u, t;

	if (xor_) {
		t = own ^ (o & 31u);
		*src = l - own + t;
		return (t & ~(w - 1u)) <= (own & ~(w - 1u)) && *src < n;
	}
	*src = l + (o < 32u ? o : 0u);
	return o < w && (own & (w - 1u)) + o < w && *src < n;
}

/* One slot of a level: from __ta into __tb (the names of idxgen_cc_block_tree_add). */
#define idxgen_cc_tree_slot(l, xor_)                                                               \
	do {                                                                                       \
		unsigned __ts;                                                                     \
		int __tr = idxgen_cc_tree_reads((l), __tn, __to, __tw, (xor_), &__ts);             \
		__typeof__(__ta[0]) __tv = __ta[(l)];                                              \
		/* two contiguous loads, no gather (32 readable slots each side); an xor */       \
		/* by one bit as two: l ^ p is l - p or l + p (any other offset: l ^ p) */          \
		__typeof__(__ta[0]) __tu = !(xor_) ? __ta[(l) + (__to < 32u ? __to : 0u)]          \
					: (__tp & (__tp - 1u)) ? __ta[(l) ^ __tp]                  \
					: ((l) & __tp) ? __ta[(l) - __tp] : __ta[(l) + __tp];      \
		if (!__tal || (idxgen_cc_lane_present((l), __tn, __tal) &&                         \
			       (!__tr || idxgen_cc_lane_present(__ts, __tn, __tal))))               \
			__tb[(l)] = __tv + (__tr ? __tu : __tv);                                   \
		else if (idxgen_cc_lane_present((l), __tn, __tal))                                 \
			__tb[(l)] = __tv + __tv;                                                   \
	} while (0)

/*
 * only0: only lane 0 of each warp reads the result (lib/cc/warp_lane0.c
 * proved it; a shuffle down): each warp computes only the lanes lane 0's
 * value depends on, 0 .. o-1 at level o (31 adds a warp, not 160): a whole
 * warp with every lane present in a local array (each level in place: lane
 * j < o reads lane j + o >= o, which the level does not write), a warp with
 * no lane present not at all (a predicated tree's other warps: nothing to
 * compute, nothing read), any other warp slot by slot with presence tests;
 * lane 0's value is stored where the levels end; the other slots are not
 * the loop's values.
 */
/* The first offset of a tree as an unsigned (a start of 0 or less: no level). */
static inline unsigned idxgen_cc_tree_first(long long first)
{
	return first > 0 ? (unsigned)first : 0u;
}

/* Does a tree starting at first end in the second array (an odd number of levels)? */
static inline int idxgen_cc_tree_odd(long long first)
{
	unsigned o = idxgen_cc_tree_first(first), n = 0;

	for (; o > 0; o /= 2)
		n++;
	return (int)(n & 1u);
}

/*
 * The warps a warp-synchronous tail over threadIdx.x < 32 runs for
 * (lib/cc/warp_volatile.c), one after another: the next warp of the block
 * from *w on whose lanes include some with threadIdx.x < 32.  Returns the
 * set of those lanes' threadIdx.x (bit x; lanes of two rows of one warp
 * that share x are one: in lock step they read the same elements and store
 * the same value), 0 when no warp is left; *w moves past the warp, *n is
 * the highest x + 1.  A warp is 32 consecutive linear thread ids.
 */
static inline unsigned idxgen_cc_lockstep_warp(unsigned bdx, unsigned nthreads, unsigned *w, unsigned *n)
{
	for (; *w * 32u < nthreads; ++*w) {
		unsigned first = *w * 32u, x = first % bdx, m = 0;

		for (unsigned i = 0; i < 32u && first + i < nthreads; i++) {
			if (x < 32u)
				m |= 1u << x;
			if (++x == bdx)
				x = 0;
		}
		if (m) {
			++*w;
			*n = 32u - (unsigned)__builtin_clz(m);
			return m;
		}
	}
	return 0;
}

/* Is every lane of the whole warp from w0 present (no lane returned)? */
static inline int idxgen_cc_tree_all_alive(const unsigned char *alive, unsigned w0)
{
	return !alive || idxgen_cc_nonzero8x32(alive + w0) == ~0u;
}

/* Is no lane of the warp from w0 present (all returned, or predicated off)? */
static inline int idxgen_cc_tree_none_alive(const unsigned char *alive, unsigned w0, unsigned n)
{
	unsigned j;

	if (!alive)
		return 0;
	if (w0 + 32u <= n)
		return idxgen_cc_nonzero8x32(alive + w0) == 0;
	for (j = 0; w0 + j < n; j++)
		if (alive[w0 + j])
			return 0;
	return 1;
}

/*
 * One level of a whole warp whose lanes are all present, from the warp's
 * 32 values in `from` into `to` (local arrays; `from` readable up to 63):
 * lane j's own value plus its source's where idxgen_cc_tree_reads() says
 * the lowered shuffle reads it (own = j, every source below n), else plus
 * its own, with the loads of idxgen_cc_tree_slot: the same values in the
 * same order, branch-free, in a loop of 32 the compiler vectorises.
 */
#define idxgen_cc_tree_warp_level(from, to, o, w, xor_)                                            \
	do {                                                                                       \
		const unsigned __tq = (o) & 31u, __td = (o) < 32u ? (o) : 0u;                      \
		for (unsigned __tj = 0; __tj < 32u; __tj++) {                                      \
			__typeof__((from)[0]) __tv = (from)[__tj];                                 \
			__typeof__((from)[0]) __tu = !(xor_) ? (from)[__tj + __td]                 \
						: (__tq & (__tq - 1u)) ? (from)[__tj ^ __tq]       \
						: (__tj & __tq) ? (from)[__tj - __tq] : (from)[__tj + __tq]; \
			int __tr = (xor_) ? ((__tj ^ __tq) & ~((w) - 1u)) <= (__tj & ~((w) - 1u))   \
					  : (o) < (w) && (__tj & ((w) - 1u)) + (o) < (w);          \
			(to)[__tj] = __tv + (__tr ? __tu : __tv);                                  \
		}                                                                                  \
	} while (0)

/*
 * Every level of one whole warp with all lanes present, in two local arrays
 * (__tfa, __tfb of idxgen_cc_block_tree_add), the result stored where the
 * level-by-level form leaves it: y after an odd number of levels, else x.
 */
#define idxgen_cc_tree_warp_levels(x, y, w0, xor_)                                                 \
	do {                                                                                       \
		unsigned __to = __t1st;                                                            \
		for (unsigned __tj = 0; __tj < 32u; __tj++)                                        \
			__tfa[__tj] = (x)[(w0) + __tj];                                            \
		for (;;) {                                                                         \
			if (!__to) {                                                               \
				for (unsigned __tj = 0; __tj < 32u; __tj++)                        \
					(x)[(w0) + __tj] = __tfa[__tj];                            \
				break;                                                             \
			}                                                                          \
			idxgen_cc_tree_warp_level(__tfa, __tfb, __to, __tw, (xor_));               \
			if (!(__to /= 2)) {                                                        \
				for (unsigned __tj = 0; __tj < 32u; __tj++)                        \
					(y)[(w0) + __tj] = __tfb[__tj];                            \
				break;                                                             \
			}                                                                          \
			idxgen_cc_tree_warp_level(__tfb, __tfa, __to, __tw, (xor_));               \
			__to /= 2;                                                                 \
		}                                                                                  \
	} while (0)

/*
 * Every lane's value (not only0).  A width that is a power of two keeps
 * each source in its lane's own warp, so the levels may run warp by warp,
 * all of one warp's before the next's, and give what level by level over
 * the block gives: a whole warp with every lane present in local arrays
 * (idxgen_cc_tree_warp_levels), a warp without a present lane not at all
 * (the slots write present lanes only), any other warp slot by slot.  Another
 * width (not CUDA's; a source may be in the next warp) level by level
 * over the block.  The two arrays' slots 32..63 are read and discarded by
 * a shuffle down's last lanes: set once, from x's own readable slots.
 */
#define idxgen_cc_tree_all_lanes(x, y, xor_)                                                       \
	do {                                                                                       \
		__typeof__((x)[0]) __tfa[64], __tfb[64];                                           \
		for (unsigned __tj = 32u; __tj < 64u; __tj++)                                      \
			__tfa[__tj] = __tfb[__tj] = (x)[__tj];                                     \
		for (unsigned __to = __t1st; (__tw & (__tw - 1u)) && __to > 0; __to /= 2) {       \
			const unsigned __tp = __to & 31u;                                          \
			for (unsigned __tl = 0; __tl < __tn; __tl++)                               \
				idxgen_cc_tree_slot(__tl, (xor_));                                 \
			__tc = __ta, __ta = __tb, __tb = __tc;                                     \
		}                                                                                  \
		for (unsigned __tw0 = 0; !(__tw & (__tw - 1u)) && __tw0 < __tn; __tw0 += 32u) {   \
			if (__tw0 + 32u <= __tn && idxgen_cc_tree_all_alive(__tal, __tw0)) {      \
				idxgen_cc_tree_warp_levels((x), (y), __tw0, (xor_));               \
				continue;                                                          \
			}                                                                          \
			if (idxgen_cc_tree_none_alive(__tal, __tw0, __tn))                        \
				continue;	/* no lane to compute, none read */                \
			__ta = (x), __tb = (y);                                                    \
			for (unsigned __to = __t1st; __to > 0; __to /= 2) {                        \
				const unsigned __tp = __to & 31u;                                  \
				for (unsigned __tj = 0; __tj < 32u && __tw0 + __tj < __tn; __tj++) \
					idxgen_cc_tree_slot(__tw0 + __tj, (xor_));                 \
				__tc = __ta, __ta = __tb, __tb = __tc;                             \
			}                                                                          \
		}                                                                                  \
	} while (0)

/*
 * Lane 0's value of a whole warp's tree from 16 (every lane present, width
 * 32), the warp's 32 values at p, into out: the levels of 16 and 8 lanes
 * as vector types (loops of arrays stayed scalar beside the presence tests
 * of idxgen_cc_block_tree_add: 120 instructions a warp), the rest one array
 * a level; lane j its own value plus lane j + o's, the adds of the loop.
 */
#define idxgen_cc_tree_lane0_whole(p, out)                                                         \
	do {                                                                                       \
		typedef __typeof__((p)[0]) __tv16 __attribute__((vector_size(16 * sizeof((p)[0])))); \
		typedef __typeof__((p)[0]) __tv8 __attribute__((vector_size(8 * sizeof((p)[0]))));  \
		__tv16 __tva, __tvb;                                                               \
		__tv8 __tvc, __tvd;                                                                \
		__typeof__((p)[0]) __t8[8], __t4[4], __t2[2];                                      \
		__builtin_memcpy(&__tva, (p), sizeof(__tva));                                      \
		__builtin_memcpy(&__tvb, (p) + 16u, sizeof(__tvb));                                \
		__tva = __tva + __tvb;	/* lane j: j + (j + 16) */                                  \
		__builtin_memcpy(&__tvc, &__tva, sizeof(__tvc));                                   \
		__builtin_memcpy(&__tvd, (char *)&__tva + sizeof(__tvc), sizeof(__tvd));           \
		__tvc = __tvc + __tvd;	/* lane j: j + (j + 8) */                                   \
		__builtin_memcpy(__t8, &__tvc, sizeof(__t8));                                      \
		for (unsigned __tj = 0; __tj < 4u; __tj++)                                         \
			__t4[__tj] = __t8[__tj] + __t8[__tj + 4u];                                 \
		for (unsigned __tj = 0; __tj < 2u; __tj++)                                         \
			__t2[__tj] = __t4[__tj] + __t4[__tj + 2u];                                 \
		(out) = __t2[0] + __t2[1];                                                         \
	} while (0)

#define idxgen_cc_block_tree_add(x, y, n, alive, first, width, xor_, only0)                        \
	do {                                                                                       \
		__typeof__(&(x)[0]) __ta = (x), __tb = (y), __tc;                                 \
		const unsigned __t1st = idxgen_cc_tree_first(first);                               \
		const unsigned __tn = (n);                                                         \
		const unsigned char *const __tal = (alive);                                        \
		const unsigned __tw = (width) > 0 && (width) <= 32 ? (unsigned)(width) : 32u;      \
		for (unsigned __tw0 = 0; (only0) && __tw0 < __tn; __tw0 += 32u) {                  \
			/* all lanes of a whole warp present: as without returns */                \
			const int __tall = __tw0 + 32u <= __tn && idxgen_cc_tree_all_alive(__tal, __tw0); \
			if (idxgen_cc_tree_none_alive(__tal, __tw0, __tn))                        \
				continue;	/* no lane present: none computed, none read */    \
			if (__tall && __tw == 32u && __t1st == 16u) {                              \
				idxgen_cc_tree_lane0_whole((x) + __tw0, (y)[__tw0]);                \
				continue;	/* five levels: the second array */               \
			}                                                                          \
			if (__tall && __tw == 32u && __t1st <= 16u) {                              \
				__typeof__((x)[0]) __tt[32];                                       \
				unsigned __tlev = 0;                                               \
				for (unsigned __tj = 0; __tj < 32u; __tj++)                        \
					__tt[__tj] = (x)[__tw0 + __tj];                            \
				for (unsigned __to = __t1st; __to > 0; __to /= 2, __tlev++)       \
					for (unsigned __tj = 0; __tj < __to; __tj++)               \
						__tt[__tj] = __tt[__tj] + __tt[__tj + __to];       \
				((__tlev & 1u) ? (y) : (x))[__tw0] = __tt[0];                      \
				continue;                                                          \
			}                                                                          \
			__ta = (x), __tb = (y);                                                    \
			for (unsigned __to = __t1st; __to > 0; __to /= 2) {                       \
				const unsigned __tp = __to & 31u;                                  \
				for (unsigned __tj = 0; __tj < __to && __tj < 32u && __tw0 + __tj < __tn; \
				     __tj++)                                                       \
					idxgen_cc_tree_slot(__tw0 + __tj, (xor_));                 \
				__tc = __ta, __ta = __tb, __tb = __tc;                             \
			}                                                                          \
		}                                                                                  \
		/* unlikely: where only0 may hold, compiled off the hot path (clang's */            \
		/* registers of the kernel's other loops moved: +5 % instructions) */               \
		if (__builtin_expect(!(only0), 0))                                                 \
			idxgen_cc_tree_all_lanes((x), (y), (xor_));                                \
	} while (0)

/* Is any lane of the block present (the block has a leader: idxgen_cc_block_leader)? */
static inline int idxgen_cc_block_any_present(unsigned n, const unsigned char *alive)
{
	for (unsigned l = 0; l < n; l++)
		if (idxgen_cc_lane_present(l, n, alive))
			return 1;
	return 0;
}

/*
 * The shuffle tree as one statement of the block, run once (warp_tree.c,
 * where lanes can be absent): what `if (idxgen_cc_block_leader(LIN, NT,
 * alive)) idxgen_cc_block_tree_add(...)` does over a thread loop -- the
 * tree, once, when the block has a present lane -- without the leader's
 * test in every thread (2,500 of 13,100 instructions a block of the
 * public block sum, issue 40).
 */
#define idxgen_cc_block_tree_once(x, y, n, alive, first, width, xor_, only0)                       \
	do {                                                                                       \
		if (idxgen_cc_block_any_present((n), (alive)))                                     \
			idxgen_cc_block_tree_add(x, y, n, alive, first, width, xor_, only0);       \
	} while (0)

/*
 * The two-level block sum of a 1-D block (lib/cc/warp_block_sum.c), once
 * per block: x holds every thread's v, published; n the block's threads.
 * Every warp's lane-0 tree (the levels idxgen_cc_block_tree_add runs for
 * the statements as written: five, so lane 0's sum ends in y), each sum
 * stored in sh[warp] as lane 0 stores it; warp 0's present lanes j loaded
 * as the program loads them, `j < bound ? sh[j] : zero`; warp 0's lane-0
 * tree of those: the block's sum in y[0].  The same additions in the same
 * order as the statements: floating sums bit for bit.
 */
#define idxgen_cc_block_sum2(x, y, n, sh, bound, zero) idxgen_cc_block_sum2_from((x), x, y, n, sh, bound, zero)

/*
 * The same where thread t's v is src[t] (warp_block_sum.c: v initialised
 * by a contiguous load, `A[blockIdx.x * blockDim.x + threadIdx.x]`): whole
 * warps' trees read src itself, no publication loop (about 190
 * instructions a block of 256, issue 40); a partial warp copies src into
 * x first.  x is scratch either way (warp 0's reload).  Written again for
 * the common block sizes with n a constant (as the shared-memory tree's
 * copies, tree.c): the warps' loop unrolled, its tests folded.
 */
#define idxgen_cc_block_sum2_from(src, x, y, n, sh, bound, zero)                                   \
	do {                                                                                       \
		const unsigned __bsz = (n);                                                        \
		if (__bsz == 256u)                                                                 \
			idxgen_cc_block_sum2_n(src, x, y, 256u, sh, bound, zero);                  \
		else if (__bsz == 128u)                                                            \
			idxgen_cc_block_sum2_n(src, x, y, 128u, sh, bound, zero);                  \
		else if (__bsz == 512u)                                                            \
			idxgen_cc_block_sum2_n(src, x, y, 512u, sh, bound, zero);                  \
		else if (__bsz == 1024u)                                                           \
			idxgen_cc_block_sum2_n(src, x, y, 1024u, sh, bound, zero);                 \
		else                                                                               \
			idxgen_cc_block_sum2_n(src, x, y, __bsz, sh, bound, zero);                 \
	} while (0)

#define idxgen_cc_block_sum2_n(src, x, y, n, sh, bound, zero)                                      \
	do {                                                                                       \
		const unsigned __bsn = (n), __bsw = __bsn < 32u ? __bsn : 32u;                     \
		/* src read as x's type: v's (the recogniser checks the load's type) */            \
		const __typeof__(&(x)[0]) __bss = (__typeof__(&(x)[0]))(src);                     \
		if (__bsn % 32u == 0) {	/* whole warps: each warp's tree into its slot of sh */  \
			for (unsigned __bsk = 0; __bsk * 32u < __bsn; __bsk++)                     \
				idxgen_cc_tree_lane0_whole(__bss + __bsk * 32u, (sh)[__bsk]);       \
		} else {                                                                           \
			if (__bss != (x))                                                          \
				for (unsigned __bsj = 0; __bsj < __bsn; __bsj++)                   \
					(x)[__bsj] = __bss[__bsj];                                 \
			idxgen_cc_block_tree_add((x), (y), __bsn, (const unsigned char *)0, 16, 32, 0, 1); \
			for (unsigned __bsk = 0; __bsk * 32u < __bsn; __bsk++)                     \
				(sh)[__bsk] = (y)[__bsk * 32u];                                    \
		}                                                                                  \
		for (unsigned __bsj = 0; __bsj < __bsw; __bsj++)                                   \
			(x)[__bsj] = __bsj < (bound) ? (sh)[__bsj] : (zero);                       \
		if (__bsw == 32u)                                                                  \
			idxgen_cc_tree_lane0_whole((x), (y)[0]);                                   \
		else                                                                               \
			idxgen_cc_block_tree_add((x), (y), __bsw, (const unsigned char *)0, 16, 32, 0, 1); \
	} while (0)

#define IDXGEN_CC_OP_ADD(a, b) ((a) + (b))
#define IDXGEN_CC_OP_MIN(a, b) ((b) < (a) ? (b) : (a))
#define IDXGEN_CC_OP_MAX(a, b) ((b) > (a) ? (b) : (a))
#define idxgen_cc_reduce_add(x, lin, n, alive, mask) idxgen_cc_reduce(x, lin, n, alive, mask, IDXGEN_CC_OP_ADD)
#define idxgen_cc_reduce_min(x, lin, n, alive, mask) idxgen_cc_reduce(x, lin, n, alive, mask, IDXGEN_CC_OP_MIN)
#define idxgen_cc_reduce_max(x, lin, n, alive, mask) idxgen_cc_reduce(x, lin, n, alive, mask, IDXGEN_CC_OP_MAX)
/* __reduce_and/or/xor_sync: unsigned int only, as CUDA's */
#define IDXGEN_CC_OP_AND(a, b) ((a) & (b))
#define IDXGEN_CC_OP_OR(a, b) ((a) | (b))
#define IDXGEN_CC_OP_XOR(a, b) ((a) ^ (b))
#define idxgen_cc_reduce_and(x, lin, n, alive, mask) idxgen_cc_reduce(x, lin, n, alive, mask, IDXGEN_CC_OP_AND)
#define idxgen_cc_reduce_or(x, lin, n, alive, mask) idxgen_cc_reduce(x, lin, n, alive, mask, IDXGEN_CC_OP_OR)
#define idxgen_cc_reduce_xor(x, lin, n, alive, mask) idxgen_cc_reduce(x, lin, n, alive, mask, IDXGEN_CC_OP_XOR)

#endif
