/* SPDX-License-Identifier: MIT */
/*
 * reduce.c - transitive reduction: a dependence is removed iff another path
 * (other dependences and program order) leads from its source to its
 * target.  Every edge points forward in sequential order, so the graph is
 * acyclic and removing all such edges together keeps reachability.  Each
 * kept dependence gets a channel number; a dependence inside a warp is
 * implied by program order, so every channel joins two warps.
 */
#include "coop.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

/* Sequential semantics: every edge points forward (u < v). */
static void check_forward(const struct coop *co)
{
	size_t e;

	for (e = 0; e < co->nedges; e++)
		if (co->edges[e].u >= co->edges[e].v) {
			fprintf(stderr, "idxgen-coop: internal error: backward edge %s -> %s\n",
				co->insts[co->edges[e].u].label, co->insts[co->edges[e].v].label);
			exit(2);
		}
}

/* first[u] .. first[u + 1]: the edges out of u (edges are sorted by u). */
static size_t *out_index(const struct coop *co)
{
	size_t *first = coop_calloc((size_t)co->ninst + 1, sizeof(size_t));
	size_t e = 0;
	int u;

	for (u = 0; u <= co->ninst; u++) {
		while (e < co->nedges && co->edges[e].u < u)
			e++;
		first[u] = e;
	}
	return first;
}

struct reach {
	uint64_t *bits; /* row u: the nodes reachable from u by one or more edges */
	size_t words;	/* per row */
};

static bool reaches(const struct reach *r, int u, int v)
{
	return r->bits[r->words * (size_t)u + (size_t)v / 64] & (1ull << (v % 64));
}

/* Rows from the last node back: u's row is its successors and their rows. */
static struct reach reachability(const struct coop *co, const size_t *first)
{
	struct reach r = { NULL, ((size_t)co->ninst + 63) / 64 };
	size_t e, w;
	int u;

	r.bits = coop_calloc(r.words, 8 * (size_t)(co->ninst ? co->ninst : 1));
	for (u = co->ninst - 1; u >= 0; u--) {
		uint64_t *row = r.bits + r.words * (size_t)u;

		for (e = first[u]; e < first[u + 1]; e++) {
			int v = co->edges[e].v;

			row[v / 64] |= 1ull << (v % 64);
			for (w = 0; w < r.words; w++)
				row[w] |= r.bits[r.words * (size_t)v + w];
		}
	}
	return r;
}

/* Is dependence d implied: another edge out of its source that reaches its target? */
static bool implied(const struct coop *co, const size_t *first, const struct reach *r,
		    const struct edge *d)
{
	size_t f;

	for (f = first[d->u]; f < first[d->u + 1]; f++) {
		const struct edge *g = &co->edges[f];

		if (g->v == d->v ? g->kind == E_CONTROL : reaches(r, g->v, d->v))
			return true;
	}
	return false;
}

void reduce(struct coop *co)
{
	size_t *first, e;
	struct reach r;

	check_forward(co);
	first = out_index(co);
	r = reachability(co, first);
	co->nchan = 0;
	for (e = 0; e < co->nedges; e++) {
		struct edge *d = &co->edges[e];

		if (d->kind == E_CONTROL)
			continue;
		d->removed = implied(co, first, &r, d);
		if (d->removed)
			continue;
		if (co->nchan == INT_MAX) { /* coop_chan_reset() takes an int */
			error_at(co, co->body, "more than %d channels", INT_MAX);
			break;
		}
		d->chan = co->nchan++;
	}
	free(r.bits);
	free(first);
}
