/* SPDX-License-Identifier: MIT */
/*
 * deps.c - the dependences, per buffer element: the ranges' endpoints cut
 * each buffer into segments; in sequential order, a consumer of a segment
 * gets a data edge from its last producer, a producer a resource edge from
 * each consumer since the previous one.  A read of a segment nothing wrote
 * and writes of a segment by two warps are diagnosed.  Control edges chain
 * each warp's instances (program order).  co->edges ends sorted by (u, v,
 * kind), without duplicates.
 */
#include "coop.h"

#include <stdlib.h>

const char *const ekind_name[3] = { "control", "data", "resource" };

static void add_edge(struct coop *co, int u, int v, enum ekind k)
{
	co->edges = coop_grow(co->edges, &co->cap_edges, co->nedges, sizeof(*co->edges));
	co->edges[co->nedges++] = (struct edge){ u, v, k, 0, -1 };
}

/* One segment of a buffer: its last producer and the consumers since. */
struct seg {
	int writer;
	int *readers;
	size_t nread, cap;
};

/* One buffer's segments: [pts[s], pts[s + 1]). */
struct segs {
	int b;
	long *pts;
	size_t npts, nseg;
	struct seg *seg;
};

static int cmp_long(const void *a, const void *b)
{
	long x = *(const long *)a, y = *(const long *)b;

	return x < y ? -1 : x > y;
}

/* The sorted, distinct endpoints of the ranges on buffer b, and empty segments. */
static void segs_init(const struct coop *co, struct segs *g, int b)
{
	size_t i, j;

	g->b = b;
	g->pts = coop_calloc(2 * (size_t)co->ninst + 1, sizeof(long));
	g->npts = 0;
	for (i = 0; i < (size_t)co->ninst; i++)
		if (co->insts[i].buf == b) {
			g->pts[g->npts++] = co->insts[i].lo;
			g->pts[g->npts++] = co->insts[i].hi;
		}
	qsort(g->pts, g->npts, sizeof(long), cmp_long);
	for (i = 0, j = 0; i < g->npts; i++)
		if (!j || g->pts[j - 1] != g->pts[i])
			g->pts[j++] = g->pts[i];
	g->npts = j;
	g->nseg = j > 0 ? j - 1 : 0;
	g->seg = coop_calloc(g->nseg + 1, sizeof(*g->seg));
	for (i = 0; i < g->nseg; i++)
		g->seg[i].writer = -1;
}

static void segs_free(struct segs *g)
{
	size_t s;

	for (s = 0; s < g->nseg; s++)
		free(g->seg[s].readers);
	free(g->seg);
	free(g->pts);
}

/* Consumer i reads segment s: a data edge from its producer.  False: nothing wrote it. */
static bool read_seg(struct coop *co, struct seg *sg, int i)
{
	if (sg->writer < 0)
		return false;
	add_edge(co, sg->writer, i, E_DATA);
	sg->readers = coop_grow(sg->readers, &sg->cap, sg->nread, sizeof(int));
	sg->readers[sg->nread++] = i;
	return true;
}

/* Producer i writes segment s: resource edges from its readers.  False: another warp wrote it. */
static bool write_seg(struct coop *co, struct seg *sg, int i)
{
	size_t j;

	if (sg->writer >= 0 && co->insts[sg->writer].warp != co->insts[i].warp)
		return false;
	for (j = 0; j < sg->nread; j++)
		add_edge(co, sg->readers[j], i, E_RESOURCE);
	/* A same-warp earlier writer is ordered by program order. */
	sg->writer = i;
	sg->nread = 0;
	return true;
}

/* The first time instance i fails on segment s: why. */
static void report(struct coop *co, const struct segs *g, int i, size_t s)
{
	const struct inst *in = &co->insts[i];
	const char *buf = co->bufs[g->b].name;
	long lo = g->pts[s], hi = g->pts[s + 1];
	const struct inst *w;

	if (!is_producer(in)) {
		diag_at(co, in->where, "error",
			"%s reads %s[%ld, %ld), which no earlier producer writes", in->label, buf,
			lo, hi);
		return;
	}
	w = &co->insts[g->seg[s].writer];
	diag_at(co, in->where, "error",
		"%s (warp %d) writes %s[%ld, %ld), which %s (warp %d) also writes: overlapping "
		"writes by two warps",
		in->label, in->warp, buf, lo, hi, w->label, w->warp);
	diag_at(co, w->where, "note", "%s is here", w->label);
}

/* Instance i (on g's buffer) on each segment of its range. */
static void visit_segs(struct coop *co, struct segs *g, int i)
{
	const struct inst *in = &co->insts[i];
	long *at = bsearch(&in->lo, g->pts, g->npts, sizeof(long), cmp_long);
	size_t s = (size_t)(at - g->pts);
	bool reported = false, ok;

	for (; s < g->nseg && g->pts[s] < in->hi; s++) {
		ok = is_producer(in) ? write_seg(co, &g->seg[s], i) : read_seg(co, &g->seg[s], i);
		if (!ok && !reported) {
			report(co, g, i, s);
			reported = true;
		}
	}
}

static int cmp_edge(const void *a, const void *b)
{
	const struct edge *x = a, *y = b;

	if (x->u != y->u)
		return x->u - y->u;
	if (x->v != y->v)
		return x->v - y->v;
	return (int)x->kind - (int)y->kind;
}

/* Program order: each instance after the previous one of its warp. */
static void control_edges(struct coop *co)
{
	int *last = coop_calloc((size_t)co->nwarps, sizeof(int));
	int i, w;

	for (w = 0; w < co->nwarps; w++)
		last[w] = -1;
	for (i = 0; i < co->ninst; i++) {
		w = co->insts[i].warp;
		if (last[w] >= 0)
			add_edge(co, last[w], i, E_CONTROL);
		last[w] = i;
	}
	free(last);
}

void dependences(struct coop *co)
{
	struct segs g;
	size_t e, j;
	int b, i;

	for (b = 0; b < co->nbufs; b++) {
		segs_init(co, &g, b);
		for (i = 0; i < co->ninst; i++)
			if (co->insts[i].buf == b && co->insts[i].lo != co->insts[i].hi)
				visit_segs(co, &g, i);
		segs_free(&g);
	}
	control_edges(co);
	qsort(co->edges, co->nedges, sizeof(*co->edges), cmp_edge);
	for (e = 0, j = 0; e < co->nedges; e++)
		if (!j || cmp_edge(&co->edges[j - 1], &co->edges[e]))
			co->edges[j++] = co->edges[e];
	co->nedges = j;
}
