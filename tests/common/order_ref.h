/* SPDX-License-Identifier: MIT */
/*
 * order_ref.h - independent reference for the schedule orders.
 *
 * Written apart from the model: every order except Hilbert is "sort the
 * plane's threads by a key" that restates the order's definition in
 * idxgen_hw.h with plain division and modulo; Hilbert is the generalized
 * Hilbert curve (gilbert2d) as the textbook recursion, with divisions.
 * Header-only (host tests, in-guest tests).  ref[p] = linear number
 * x + y*dx of the plane thread issued at position p.
 */
#ifndef IDXGEN_ORDER_REF_H
#define IDXGEN_ORDER_REF_H

#include <stdint.h>
#include <stdlib.h>

#include "idxgen_hw.h"

struct idxgen_oref_item {
	uint64_t k[3];
	uint32_t lin;
};

static inline int idxgen_oref_cmp(const void *a, const void *b)
{
	const struct idxgen_oref_item *p = a, *q = b;
	int i;

	for (i = 0; i < 3; i++)
		if (p->k[i] != q->k[i])
			return p->k[i] < q->k[i] ? -1 : 1;
	return p->lin < q->lin ? -1 : p->lin > q->lin;
}

/* Python-style floor division by 2 and sign, for the textbook curve. */
static inline long idxgen_oref_fdiv2(long a)
{
	return a >= 0 ? a / 2 : -((-a + 1) / 2);
}

static inline long idxgen_oref_sgn(long a)
{
	return (a > 0) - (a < 0);
}

static inline void idxgen_oref_gilbert(uint32_t *out, uint32_t *n, uint32_t dx, long x, long y,
				long ax, long ay, long bx, long by)
{
	long w = labs(ax + ay), h = labs(bx + by);
	long dax = idxgen_oref_sgn(ax), day = idxgen_oref_sgn(ay);
	long dbx = idxgen_oref_sgn(bx), dby = idxgen_oref_sgn(by);
	long ax2, ay2, bx2, by2, w2, h2, i;

	if (h == 1) {
		for (i = 0; i < w; i++, x += dax, y += day)
			out[(*n)++] = (uint32_t)(x + y * (long)dx);
		return;
	}
	if (w == 1) {
		for (i = 0; i < h; i++, x += dbx, y += dby)
			out[(*n)++] = (uint32_t)(x + y * (long)dx);
		return;
	}
	ax2 = idxgen_oref_fdiv2(ax);
	ay2 = idxgen_oref_fdiv2(ay);
	bx2 = idxgen_oref_fdiv2(bx);
	by2 = idxgen_oref_fdiv2(by);
	w2 = labs(ax2 + ay2);
	h2 = labs(bx2 + by2);
	if (2 * w > 3 * h) {
		if (w2 % 2 && w > 2) {
			ax2 += dax;
			ay2 += day;
		}
		idxgen_oref_gilbert(out, n, dx, x, y, ax2, ay2, bx, by);
		idxgen_oref_gilbert(out, n, dx, x + ax2, y + ay2, ax - ax2, ay - ay2, bx, by);
	} else {
		if (h2 % 2 && h > 2) {
			bx2 += dbx;
			by2 += dby;
		}
		idxgen_oref_gilbert(out, n, dx, x, y, bx2, by2, ax2, ay2);
		idxgen_oref_gilbert(out, n, dx, x + bx2, y + by2, ax, ay, bx - bx2, by - by2);
		idxgen_oref_gilbert(out, n, dx, x + (ax - dax) + (bx2 - dbx),
				    y + (ay - day) + (by2 - dby), -bx2, -by2, -(ax - ax2),
				    -(ay - ay2));
	}
}

/*
 * The Hilbert order's cost in the circuit (docs/rtl.md): a cycle per refill
 * pass of its stack machine, which the textbook recursion counts as 1 per
 * rectangle one thread thick, 2 per rectangle cut in two and 3 per
 * rectangle cut in three, plus a cycle per cell and one per slice; the job
 * then costs 2 + dz * (dx*dy + passes + 1) cycles on a miss.
 */
static inline uint64_t idxgen_oref_gilbert_passes(long ax, long ay, long bx, long by)
{
	long w = labs(ax + ay), h = labs(bx + by);
	long ax2 = idxgen_oref_fdiv2(ax), ay2 = idxgen_oref_fdiv2(ay);
	long bx2 = idxgen_oref_fdiv2(bx), by2 = idxgen_oref_fdiv2(by);

	if (w == 1 || h == 1)
		return 1;
	if (2 * w > 3 * h) {
		if (labs(ax2 + ay2) % 2 && w > 2) {
			ax2 += idxgen_oref_sgn(ax);
			ay2 += idxgen_oref_sgn(ay);
		}
		return 2 + idxgen_oref_gilbert_passes(ax2, ay2, bx, by) +
		       idxgen_oref_gilbert_passes(ax - ax2, ay - ay2, bx, by);
	}
	if (labs(bx2 + by2) % 2 && h > 2) {
		bx2 += idxgen_oref_sgn(bx);
		by2 += idxgen_oref_sgn(by);
	}
	return 3 + idxgen_oref_gilbert_passes(bx2, by2, ax2, ay2) +
	       idxgen_oref_gilbert_passes(ax, ay, bx - bx2, by - by2) +
	       idxgen_oref_gilbert_passes(-bx2, -by2, -(ax - ax2), -(ay - ay2));
}

/* Cycles of a generated (missed) job, IDXGEN_FILTER_CYCLES + warps but for Hilbert. */
static inline uint64_t idxgen_oref_job_cycles(uint32_t order, uint32_t dx, uint32_t dy,
					      uint32_t dz, uint32_t c)
{
	uint64_t threads = (uint64_t)dx * dy * dz, passes;

	if (order != IDXGEN_ORDER_HILBERT)
		return IDXGEN_FILTER_CYCLES + (threads + c - 1) / c;
	passes = dx >= dy ? idxgen_oref_gilbert_passes(dx, 0, 0, dy)
			  : idxgen_oref_gilbert_passes(0, dy, dx, 0);
	return 2 + dz * ((uint64_t)dx * dy + passes + 1);
}

/*
 * Fill ref[0 .. dx*dy) with the plane's issue order.  Returns 0, or -1
 * for an unknown order or out of memory.
 */
static inline int idxgen_order_ref_plane(uint32_t *ref, uint32_t order, uint32_t dx, uint32_t dy,
				  uint32_t stride, uint32_t gran, uint32_t tw, uint32_t th)
{
	uint64_t plane = (uint64_t)dx * dy, l;
	struct idxgen_oref_item *it;
	uint32_t n = 0;

	if (order == IDXGEN_ORDER_HILBERT) {
		if (dx >= dy)
			idxgen_oref_gilbert(ref, &n, dx, 0, 0, dx, 0, 0, dy);
		else
			idxgen_oref_gilbert(ref, &n, dx, 0, 0, 0, dy, dx, 0);
		return n == plane ? 0 : -1;
	}
	it = calloc(plane, sizeof(*it));
	if (!it)
		return -1;
	for (l = 0; l < plane; l++) {
		uint64_t x = l % dx, y = l / dx;

		it[l].lin = (uint32_t)l;
		switch (order) {
		case IDXGEN_ORDER_SEQUENTIAL:
			it[l].k[0] = l;
			break;
		case IDXGEN_ORDER_STRIDED:	/* group G = l / g: (G % s, G / s, l) */
			it[l].k[0] = (l / gran) % stride;
			it[l].k[1] = (l / gran) / stride;
			it[l].k[2] = l;
			break;
		case IDXGEN_ORDER_ZIGZAG:
			it[l].k[0] = y;
			it[l].k[1] = y % 2 ? dx - 1 - x : x;
			break;
		case IDXGEN_ORDER_TILED:	/* tile row, tile column, row in tile, x */
			it[l].k[0] = y / th;
			it[l].k[1] = x / tw;
			it[l].k[2] = (y % th) * 65536 + x % tw;
			break;
		default:
			free(it);
			return -1;
		}
	}
	qsort(it, plane, sizeof(*it), idxgen_oref_cmp);
	for (l = 0; l < plane; l++)
		ref[l] = it[l].lin;
	free(it);
	return 0;
}

#endif /* IDXGEN_ORDER_REF_H */
