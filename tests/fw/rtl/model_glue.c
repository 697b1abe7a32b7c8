/* SPDX-License-Identifier: MIT */
/*
 * model_glue.c - see model_glue.h.  The counters follow the device
 * (qemu-device/idxgen.c, idxgen_job_count): every job counts in jobs and
 * busy cycles, an error in errors, else a hit in hits or a miss in misses
 * and its warps in warps.
 */
#include <stdlib.h>
#include <string.h>

#include "idxgen_le.h"
#include "idxgen_model.h"
#include "model_glue.h"

struct tb_model {
	struct igm_limits lim;
	struct igm_hist hist;
	uint8_t *imem;
	uint64_t st[6];
};

static void limits_of(struct igm_limits *o, const struct tb_limits *l)
{
	igm_limits_default(o);
	o->lanes = l->lanes;
	o->max_threads = l->max_threads;
	memcpy(o->max_dim, l->max_dim, sizeof(o->max_dim));
	o->features = l->features;
	o->imem_size = l->imem_size;
}

void tb_limits_default(struct tb_limits *l, uint32_t lanes, unsigned int hist, uint64_t imem)
{
	l->lanes = lanes;
	l->max_threads = IDXGEN_HW_MAX_THREADS;
	l->max_dim[0] = l->max_dim[1] = l->max_dim[2] = IDXGEN_HW_MAX_DIM;
	l->features = IDXGEN_FEAT_WORD16 | IDXGEN_FEAT_WORD32 | IDXGEN_FEAT_SCHED_ORDERS;
	l->imem_size = imem;
	l->hist_entries = hist;
}

void tb_model_set_limits(struct tb_model *m, const struct tb_limits *l)
{
	uint64_t imem = m->lim.imem_size;

	limits_of(&m->lim, l);
	m->lim.imem_size = imem;	/* index memory is fixed at creation */
}

struct tb_model *tb_model_new(const struct tb_limits *l)
{
	struct tb_model *m = calloc(1, sizeof(*m));

	if (!m)
		return NULL;
	limits_of(&m->lim, l);
	igm_hist_init(&m->hist, l->hist_entries);
	m->imem = calloc(1, l->imem_size);
	if (!m->imem) {
		free(m);
		return NULL;
	}
	return m;
}

void tb_model_free(struct tb_model *m)
{
	if (m)
		free(m->imem);
	free(m);
}

uint8_t *tb_model_imem(struct tb_model *m)
{
	return m->imem;
}

void tb_model_run(struct tb_model *m, const uint8_t desc[64], uint32_t slot, uint8_t cpl[32])
{
	struct idxgen_desc d;
	struct idxgen_cpl c;
	struct igm_job j;
	struct igm_result r;
	uint32_t flags = 0;

	memcpy(&d, desc, sizeof(d));
	igm_job_from_desc(&j, &d);
	igm_run(&m->hist, &m->lim, m->imem, &j, &r);
	if (j.flags & IDXGEN_DESC_F_SHARED)
		flags |= IDXGEN_CPLF_SHARED;
	if (r.status == IDXGEN_CPL_OK && r.hit)
		flags |= IDXGEN_CPLF_HIT;
	m->st[0]++;
	m->st[4] += r.cycles;
	if (r.status != IDXGEN_CPL_OK) {
		m->st[5]++;
	} else if (r.hit) {
		m->st[1]++;
	} else {
		m->st[2]++;
		m->st[3] += r.warps;
	}
	igm_cpl_fill(&c, j.job_id, r.status, flags, (uint32_t)r.warps, (uint32_t)r.threads,
		     r.cycles, slot);
	memcpy(cpl, &c, sizeof(c));
}

void tb_model_flush(struct tb_model *m)
{
	igm_hist_flush(&m->hist);
}

void tb_model_invalidate(struct tb_model *m, uint64_t base, uint64_t len)
{
	igm_hist_invalidate(&m->hist, base, len);
}

void tb_model_stats(const struct tb_model *m, uint64_t st[6])
{
	memcpy(st, m->st, sizeof(m->st));
}

unsigned int tb_model_hist_count(const struct tb_model *m)
{
	return igm_hist_count(&m->hist);
}

void tb_desc_make(uint8_t desc[64], const struct tb_job *t, const struct tb_limits *l)
{
	struct igm_limits lim;
	struct idxgen_desc d;
	struct igm_job j;

	limits_of(&lim, l);
	igm_job_init(&j, t->dx, t->dy, t->dz, t->c, t->target, &lim);
	if (t->word_size)
		j.word_size = t->word_size;
	j.size_limit = (uint32_t)igm_job_bytes(&j);
	j.order = t->order;
	j.stride = t->stride;
	j.granularity = t->granularity;
	j.tile_w = t->tile_w;
	j.tile_h = t->tile_h;
	j.flags = t->flags;
	j.job_id = t->job_id;
	igm_job_to_desc(&d, &j);
	memcpy(desc, &d, sizeof(d));
}

#define TB_FIELD(f) { #f, offsetof(struct idxgen_desc, f), sizeof(((struct idxgen_desc *)0)->f) }

static const struct {
	const char *name;
	size_t off, bytes;
} tb_fields[] = {
	TB_FIELD(target), TB_FIELD(size_limit), TB_FIELD(job_id), TB_FIELD(dx), TB_FIELD(dy),
	TB_FIELD(dz), TB_FIELD(c), TB_FIELD(xc), TB_FIELD(yc), TB_FIELD(zc), TB_FIELD(mx),
	TB_FIELD(my), TB_FIELD(mz), TB_FIELD(word_size), TB_FIELD(flags), TB_FIELD(order),
	TB_FIELD(rsvd0), TB_FIELD(granularity), TB_FIELD(stride), TB_FIELD(tile_w),
	TB_FIELD(tile_h), TB_FIELD(grid_blocks), TB_FIELD(requester), TB_FIELD(rsvd1),
};

void tb_desc_set(uint8_t desc[64], const char *field, uint64_t v)
{
	size_t i, k;

	for (i = 0; i < sizeof(tb_fields) / sizeof(tb_fields[0]); i++)
		if (!strcmp(tb_fields[i].name, field))
			for (k = 0; k < tb_fields[i].bytes; k++)
				desc[tb_fields[i].off + k] = (uint8_t)(k < 8 ? v >> (8 * k) : 0);
}

uint64_t tb_desc_get(const uint8_t desc[64], const char *field)
{
	size_t i, k;
	uint64_t v = 0;

	for (i = 0; i < sizeof(tb_fields) / sizeof(tb_fields[0]); i++)
		if (!strcmp(tb_fields[i].name, field))
			for (k = 0; k < tb_fields[i].bytes && k < 8; k++)
				v |= (uint64_t)desc[tb_fields[i].off + k] << (8 * k);
	return v;
}

uint32_t tb_order(const char *name)
{
	static const char *const names[IDXGEN_ORDER_COUNT] = {
		[IDXGEN_ORDER_SEQUENTIAL] = "sequential", [IDXGEN_ORDER_STRIDED] = "strided",
		[IDXGEN_ORDER_ZIGZAG] = "zigzag", [IDXGEN_ORDER_TILED] = "tiled",
		[IDXGEN_ORDER_HILBERT] = "hilbert",
	};
	uint32_t i;

	for (i = 0; i < IDXGEN_ORDER_COUNT; i++)
		if (!strcmp(names[i], name))
			return i;
	return IDXGEN_ORDER_COUNT;
}

uint32_t tb_flag(const char *name)
{
	if (!strcmp(name, "shared"))
		return IDXGEN_DESC_F_SHARED;
	if (!strcmp(name, "no_history"))
		return IDXGEN_DESC_F_NO_HISTORY;
	return 1u << 15;
}

uint32_t tb_status_order_disabled(void)
{
	return IDXGEN_CPL_ORDER_DISABLED;
}

uint64_t tb_le(const uint8_t *p, unsigned int bytes)
{
	uint64_t v = 0;
	unsigned int i;

	for (i = 0; i < bytes; i++)
		v |= (uint64_t)p[i] << (8 * i);
	return v;
}

uint64_t tb_desc_bytes(const uint8_t desc[64])
{
	struct idxgen_desc d;
	struct igm_job j;

	memcpy(&d, desc, sizeof(d));
	igm_job_from_desc(&j, &d);
	return igm_job_bytes(&j);
}

const char *tb_status_name(int status)
{
	return igm_cpl_status_name(status);
}
