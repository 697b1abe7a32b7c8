/* SPDX-License-Identifier: MIT */
/*
 * workloads.h - the six benchmark workloads of docs/design.md#performance-control as runtime kernels
 * (the emitted form of include/idxgen_rt.h), ONE THREAD PER ELEMENT of a
 * 2-D data set so that the thread order and the grid order decide the
 * memory access order, and their plain C references.  Data are uint32_t
 * (wrap-around arithmetic): every order gives bit-identical results.
 *
 * Thread (tx, ty) of block (bx, by) has the global index gx = bx*BX + tx,
 * gy = by*BY + ty.  The "by rows" workloads map gx along a row of the
 * matrix (consecutive gx: consecutive addresses), the "by columns" ones
 * along a column (consecutive gx: addresses N elements apart):
 *
 *  copy_rows     dst[gy][gx] = src[gy][gx]
 *  copy_cols     dst[gx][gy] = src[gx][gy]
 *  integral_rows out[gy][gx] = sum of in[gy][0..gx]: the second pass of a
 *                two-pass integral image: carry[gy][bx] (the sum of the row
 *                left of the block, from the first pass, computed before)
 *                plus the in-block prefix, summed by the thread;
 *  integral_cols out[gx][gy] = sum of in[0..gx][gy], the same down columns;
 *  conv11        out[gy][gx] = sum of w[dy][dx] * in[gy+dy][gx+dx], an
 *                11x11 window over the input padded by 5 on each side;
 *  matmul        C[gy][gx] = sum over k of A[gy][k] * B[k][gx].
 *
 * Arguments: args[0] = struct wl_data * (all of them read it).
 */
#ifndef IDXGEN_BENCH_WORKLOADS_H
#define IDXGEN_BENCH_WORKLOADS_H

#include <stdint.h>

#include "idxgen_rt.h"

#define WL_K	11	/* convolution window */
#define WL_PAD	(WL_K / 2)

struct wl_data {
	uint32_t n;		/* the matrix is n x n */
	uint32_t bw;		/* block width (carry tables: n / bw per row) */
	const uint32_t *in;	/* conv11: (n + 10) x (n + 10); matmul: A */
	const uint32_t *in2;	/* matmul: B; integral: the carry table */
	const uint32_t *w;	/* conv11: 11 x 11 weights */
	uint32_t *out;
};

#define WL_PROLOGUE(blk)                                                     \
	const struct wl_data *d = *(const struct wl_data *const *)(blk)->args[0]; \
	const uint32_t n = d->n;                                             \
	const uint32_t bx0 = (blk)->block_idx[0] * (blk)->block_dim[0];      \
	const uint32_t by0 = (blk)->block_idx[1] * (blk)->block_dim[1]

static void wl_copy_rows_block(struct idxgen_rt_block *blk)
{
	WL_PROLOGUE(blk);
	const uint32_t *src = d->in;
	uint32_t *dst = d->out;

	IDXGEN_RT_FOR_THREADS(blk, t) {
		size_t i = (size_t)(by0 + IDXGEN_RT_TID_Y(blk, t)) * n + bx0 + IDXGEN_RT_TID_X(blk, t);

		dst[i] = src[i];
	}
}

static void wl_copy_cols_block(struct idxgen_rt_block *blk)
{
	WL_PROLOGUE(blk);
	const uint32_t *src = d->in;
	uint32_t *dst = d->out;

	IDXGEN_RT_FOR_THREADS(blk, t) {
		size_t i = (size_t)(bx0 + IDXGEN_RT_TID_X(blk, t)) * n + by0 + IDXGEN_RT_TID_Y(blk, t);

		dst[i] = src[i];
	}
}

static void wl_integral_rows_block(struct idxgen_rt_block *blk)
{
	WL_PROLOGUE(blk);
	const uint32_t nb = n / d->bw, bx = blk->block_idx[0];

	IDXGEN_RT_FOR_THREADS(blk, t) {
		uint32_t gx = bx0 + IDXGEN_RT_TID_X(blk, t), gy = by0 + IDXGEN_RT_TID_Y(blk, t);
		const uint32_t *row = d->in + (size_t)gy * n;
		uint32_t s = d->in2[(size_t)gy * nb + bx];

		for (uint32_t i = bx0; i <= gx; i++)
			s += row[i];
		d->out[(size_t)gy * n + gx] = s;
	}
}

static void wl_integral_cols_block(struct idxgen_rt_block *blk)
{
	WL_PROLOGUE(blk);
	const uint32_t bx = blk->block_idx[0];

	IDXGEN_RT_FOR_THREADS(blk, t) {
		uint32_t gx = bx0 + IDXGEN_RT_TID_X(blk, t), gy = by0 + IDXGEN_RT_TID_Y(blk, t);
		uint32_t s = d->in2[(size_t)bx * n + gy];

		for (uint32_t r = bx0; r <= gx; r++)
			s += d->in[(size_t)r * n + gy];
		d->out[(size_t)gx * n + gy] = s;
	}
}

static void wl_conv11_block(struct idxgen_rt_block *blk)
{
	WL_PROLOGUE(blk);
	const size_t pn = n + 2 * WL_PAD;

	IDXGEN_RT_FOR_THREADS(blk, t) {
		uint32_t gx = bx0 + IDXGEN_RT_TID_X(blk, t), gy = by0 + IDXGEN_RT_TID_Y(blk, t);
		const uint32_t *p = d->in + (size_t)gy * pn + gx;
		uint32_t s = 0;

		for (uint32_t dy = 0; dy < WL_K; dy++, p += pn)
			for (uint32_t dx = 0; dx < WL_K; dx++)
				s += d->w[dy * WL_K + dx] * p[dx];
		d->out[(size_t)gy * n + gx] = s;
	}
}

static void wl_matmul_block(struct idxgen_rt_block *blk)
{
	WL_PROLOGUE(blk);

	IDXGEN_RT_FOR_THREADS(blk, t) {
		uint32_t gx = bx0 + IDXGEN_RT_TID_X(blk, t), gy = by0 + IDXGEN_RT_TID_Y(blk, t);
		const uint32_t *a = d->in + (size_t)gy * n, *b = d->in2 + gx;
		uint32_t s = 0;

		for (uint32_t k = 0; k < n; k++)
			s += a[k] * b[(size_t)k * n];
		d->out[(size_t)gy * n + gx] = s;
	}
}

#define WL_KERNEL(nm)                                                               \
	static const struct idxgen_rt_kernel wl_##nm##_kernel = {                   \
		.abi_version = IDXGEN_RT_ABI_VERSION, .name = #nm, .block = wl_##nm##_block, \
		.nargs = 1, .arg_sizes = (const size_t[]){ sizeof(struct wl_data *) },  \
	}
WL_KERNEL(copy_rows);
WL_KERNEL(copy_cols);
WL_KERNEL(integral_rows);
WL_KERNEL(integral_cols);
WL_KERNEL(conv11);
WL_KERNEL(matmul);

/* ---- plain C references (and the integral's first pass) ---- */

static inline void wl_copy_ref(const uint32_t *src, uint32_t *dst, uint32_t n)
{
	for (size_t i = 0; i < (size_t)n * n; i++)
		dst[i] = src[i];
}

/* Row prefix sums: out[r][c] = sum of in[r][0..c]. */
static inline void wl_integral_rows_ref(const uint32_t *in, uint32_t *out, uint32_t n)
{
	for (size_t r = 0; r < n; r++) {
		uint32_t s = 0;

		for (size_t c = 0; c < n; c++)
			out[r * n + c] = s += in[r * n + c];
	}
}

/* Column prefix sums: out[r][c] = sum of in[0..r][c]. */
static inline void wl_integral_cols_ref(const uint32_t *in, uint32_t *out, uint32_t n)
{
	for (size_t c = 0; c < n; c++)
		out[c] = in[c];
	for (size_t r = 1; r < n; r++)
		for (size_t c = 0; c < n; c++)
			out[r * n + c] = out[(r - 1) * n + c] + in[r * n + c];
}

/* First pass: carry[r][b] = sum of in[r][0 .. b*bw - 1] (rows). */
static inline void wl_carry_rows(const uint32_t *in, uint32_t *carry, uint32_t n, uint32_t bw)
{
	for (size_t r = 0; r < n; r++) {
		uint32_t s = 0;

		for (size_t b = 0; b < n / bw; b++) {
			carry[r * (n / bw) + b] = s;
			for (size_t c = b * bw; c < (b + 1) * bw; c++)
				s += in[r * n + c];
		}
	}
}

/* First pass: carry[b][c] = sum of in[0 .. b*bw - 1][c] (columns). */
static inline void wl_carry_cols(const uint32_t *in, uint32_t *carry, uint32_t n, uint32_t bw)
{
	for (size_t c = 0; c < n; c++)
		carry[c] = 0;
	for (size_t b = 1; b < n / bw; b++) {
		for (size_t c = 0; c < n; c++)
			carry[b * n + c] = carry[(b - 1) * n + c];
		for (size_t r = (b - 1) * bw; r < b * bw; r++)
			for (size_t c = 0; c < n; c++)
				carry[b * n + c] += in[r * n + c];
	}
}

static inline void wl_conv11_ref(const uint32_t *in, const uint32_t *w, uint32_t *out, uint32_t n)
{
	const size_t pn = n + 2 * WL_PAD;

	for (size_t y = 0; y < n; y++)
		for (size_t x = 0; x < n; x++) {
			uint32_t s = 0;

			for (size_t dy = 0; dy < WL_K; dy++)
				for (size_t dx = 0; dx < WL_K; dx++)
					s += w[dy * WL_K + dx] * in[(y + dy) * pn + x + dx];
			out[y * n + x] = s;
		}
}

/* i-k-j order (the fast plain loop nest); wrap-around sums are order-free. */
static inline void wl_matmul_ref(const uint32_t *a, const uint32_t *b, uint32_t *c, uint32_t n)
{
	for (size_t i = 0; i < (size_t)n * n; i++)
		c[i] = 0;
	for (size_t i = 0; i < n; i++)
		for (size_t k = 0; k < n; k++) {
			uint32_t av = a[i * n + k];

			for (size_t j = 0; j < n; j++)
				c[i * n + j] += av * b[k * n + j];
		}
}

#endif
