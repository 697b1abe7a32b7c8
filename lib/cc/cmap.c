// SPDX-License-Identifier: MIT
/*
 * cmap.c - cursor -> index tables: open addressing with linear probing,
 * hashed by clang_hashCursor and compared by clang_equalCursors (the two
 * agree: equal cursors hash alike).  Ours rather than libc's: hsearch_r
 * keys are strings and tsearch needs an order, and libclang gives cursors
 * neither -- only a hash and an equality.  No deletion: a kernel's tables
 * only grow while it is planned and go away with it.
 */
#include "cc.h"

#include <stdlib.h>

struct cmap_slot {
	CXCursor key;
	unsigned val;
	bool used;
};

static unsigned probe(const struct cmap *m, CXCursor c, unsigned h)
{
	unsigned i = h & (m->cap - 1);

	while (m->slot[i].used && !clang_equalCursors(m->slot[i].key, c))
		i = (i + 1) & (m->cap - 1);
	return i;
}

static void grow(struct cmap *m)
{
	struct cmap_slot *old = m->slot;
	unsigned oldcap = m->cap, i;

	m->cap = oldcap ? 2 * oldcap : 64;
	m->slot = cx_alloc(m->cap * sizeof(*m->slot));
	for (i = 0; i < oldcap; i++)
		if (old[i].used)
			m->slot[probe(m, old[i].key, clang_hashCursor(old[i].key))] = old[i];
	free(old);
}

void cmap_put(struct cmap *m, CXCursor c, unsigned val)
{
	unsigned i;

	if (2 * (m->n + 1) > m->cap)	/* at most half full: short probes */
		grow(m);
	i = probe(m, c, clang_hashCursor(c));
	if (m->slot[i].used)
		return;
	m->slot[i].key = c;
	m->slot[i].val = val;
	m->slot[i].used = true;
	m->n++;
}

bool cmap_get(const struct cmap *m, CXCursor c, unsigned *val)
{
	unsigned i;

	if (!m->cap)
		return false;
	i = probe(m, c, clang_hashCursor(c));
	if (!m->slot[i].used)
		return false;
	*val = m->slot[i].val;
	return true;
}

void cmap_free(struct cmap *m)
{
	free(m->slot);
	m->slot = NULL;
	m->cap = m->n = 0;
}
