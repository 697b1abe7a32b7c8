/* SPDX-License-Identifier: MIT */
/*
 * idxgen_hist.c - the config filter's history cache.
 *
 * The design matches on (address, dx, dy, dz) (docs/design.md#history).  We
 * match on everything that determines the bytes in memory: target, dims,
 * widths, word size and the schedule order with its parameters.  c is not
 * part of the key: any step produces the same output.  An entry also
 * records the byte range it covers so that any write to index memory can
 * invalidate what it overlaps.
 *
 * The cache is small (<= IDXGEN_HW_MAX_HIST), so linear scans are the right
 * data structure: they mirror a parallel compare in hardware.
 */
#include <string.h>

#include "idxgen_model.h"

void igm_hist_init(struct igm_hist *h, unsigned int entries)
{
	memset(h, 0, sizeof(*h));
	if (entries < 1)
		entries = 1;
	if (entries > IDXGEN_HW_MAX_HIST)
		entries = IDXGEN_HW_MAX_HIST;
	h->entries = entries;
}

void igm_hist_flush(struct igm_hist *h)
{
	unsigned int i;

	for (i = 0; i < IDXGEN_HW_MAX_HIST; i++)
		h->e[i].valid = false;
}

static void key_from_job(struct igm_hist_entry *e, const struct igm_job *j)
{
	memset(e, 0, sizeof(*e));
	e->base = j->target;
	e->len = igm_job_bytes(j);
	e->dx = j->dx;
	e->dy = j->dy;
	e->dz = j->dz;
	e->mx = j->mx;
	e->my = j->my;
	e->mz = j->mz;
	e->word_size = j->word_size;
	e->order = j->order;
	e->granularity = j->granularity;
	e->stride = j->stride;
	e->tile_w = j->tile_w;
	e->tile_h = j->tile_h;
}

static bool key_equal(const struct igm_hist_entry *a, const struct igm_hist_entry *b)
{
	return a->base == b->base && a->len == b->len && a->dx == b->dx && a->dy == b->dy &&
	       a->dz == b->dz && a->mx == b->mx && a->my == b->my && a->mz == b->mz &&
	       a->word_size == b->word_size && a->order == b->order &&
	       a->granularity == b->granularity && a->stride == b->stride &&
	       a->tile_w == b->tile_w && a->tile_h == b->tile_h;
}

/* Entries beyond h->entries are never used (entries may be clamped at init). */
static unsigned int hist_slots(const struct igm_hist *h)
{
	return h->entries > IDXGEN_HW_MAX_HIST ? IDXGEN_HW_MAX_HIST : h->entries;
}

/* Does e's range meet [base, base + len)?  Saturating, so no range can wrap. */
static bool overlaps(const struct igm_hist_entry *e, uint64_t base, uint64_t len)
{
	uint64_t end = len > UINT64_MAX - base ? UINT64_MAX : base + len;
	uint64_t e_end = e->len > UINT64_MAX - e->base ? UINT64_MAX : e->base + e->len;

	return len && e->len && e->base < end && base < e_end;
}

static struct igm_hist_entry *find(struct igm_hist *h, const struct igm_hist_entry *k)
{
	unsigned int i, n = hist_slots(h);

	for (i = 0; i < n; i++)
		if (h->e[i].valid && key_equal(&h->e[i], k))
			return &h->e[i];
	return NULL;
}

bool igm_hist_lookup(struct igm_hist *h, const struct igm_job *j)
{
	struct igm_hist_entry k, *e;

	key_from_job(&k, j);
	e = find(h, &k);
	if (!e)
		return false;
	e->lru = ++h->clock;
	return true;
}

void igm_hist_insert(struct igm_hist *h, const struct igm_job *j)
{
	struct igm_hist_entry k, *victim = NULL;
	unsigned int i, n = hist_slots(h);

	key_from_job(&k, j);
	/*
	 * The job's bytes are now in memory, so anything else recorded over
	 * them is stale.  model_run already did this before generating; doing
	 * it here too keeps the cache consistent for callers that don't.
	 */
	for (i = 0; i < n; i++) {
		struct igm_hist_entry *e = &h->e[i];

		if (e->valid && !key_equal(e, &k) && overlaps(e, k.base, k.len))
			e->valid = false;
	}
	/* Same key: refresh it.  Else a free slot.  Else evict the LRU entry. */
	victim = find(h, &k);
	for (i = 0; !victim && i < n; i++)
		if (!h->e[i].valid)
			victim = &h->e[i];
	if (!victim) {
		victim = &h->e[0];
		for (i = 1; i < n; i++)
			if (h->e[i].lru < victim->lru)
				victim = &h->e[i];
	}
	*victim = k;
	victim->valid = true;
	victim->lru = ++h->clock;
}

unsigned int igm_hist_invalidate(struct igm_hist *h, uint64_t base, uint64_t len)
{
	unsigned int i, n = 0;

	for (i = 0; i < IDXGEN_HW_MAX_HIST; i++) {
		struct igm_hist_entry *e = &h->e[i];

		if (e->valid && overlaps(e, base, len)) {
			e->valid = false;
			n++;
		}
	}
	return n;
}

unsigned int igm_hist_count(const struct igm_hist *h)
{
	unsigned int i, n = 0;

	for (i = 0; i < IDXGEN_HW_MAX_HIST; i++)
		n += h->e[i].valid;
	return n;
}
