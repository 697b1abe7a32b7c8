/* SPDX-License-Identifier: MIT */
/*
 * test_model.c - everything in the model except the generator's output:
 * history cache semantics and cycles (through igm_run), descriptor
 * validation (one test per status code validation can give), descriptor and
 * completion encoding, widths, job_init and status names.
 *
 * Tests register themselves (TAP_TEST): -l lists them, -t NAME runs one.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "idxgen_model.h"
#include "gen_source.h"
#include "tap.h"
#include "gen_ref.h"

#define MEM_SIZE IDXGEN_IMEM_SIZE_DEFAULT

#ifndef IDXGEN_MODEL_C
#define IDXGEN_MODEL_C "../../qemu-device/model/idxgen_model.c"
#endif

static uint8_t *mem, *snap;
static struct igm_limits lim;

static struct igm_job job(uint64_t target, uint32_t dx, uint32_t dy, uint32_t dz, uint32_t c)
{
	struct igm_job j;

	if (igm_job_init(&j, dx, dy, dz, c, target, &lim) != IDXGEN_CPL_OK)
		tap_diag("job_init %ux%ux%u c=%u failed", dx, dy, dz, c);
	return j;
}

static struct igm_result run(struct igm_hist *h, const struct igm_job *j)
{
	struct igm_result r;

	igm_run(h, &lim, mem, j, &r);
	return r;
}

static int output_ok(const struct igm_job *j)
{
	return idxgen_ref_check(mem + j->target, j->dx, j->dy, j->dz, j->mx, j->my, j->word_size) <
	       0;
}

static int is_miss(const struct igm_result *r, const struct igm_job *j)
{
	return r->status == IDXGEN_CPL_OK && !r->hit && r->warps == igm_job_warps(j) &&
	       r->cycles == IDXGEN_FILTER_CYCLES + igm_job_warps(j) &&
	       r->threads == igm_job_threads(j);
}

static int is_hit(const struct igm_result *r, const struct igm_job *j)
{
	return r->status == IDXGEN_CPL_OK && r->hit && r->warps == 0 &&
	       r->cycles == IDXGEN_FILTER_CYCLES && r->threads == igm_job_threads(j);
}

/* ------------------------------------------------------------------ */
/* History                                                             */
/* ------------------------------------------------------------------ */

TAP_TEST(history)
{
	struct igm_hist h;
	struct igm_result r;
	struct igm_job a, b, c1, d, e, f;
	const uint64_t addr1 = 0x10000, addr2 = 0x40000;
	int ok;

	/* docs/design.md#history-example: cfg1 misses, cfg2 misses, cfg3 (= cfg1) hits. */
	igm_hist_init(&h, IDXGEN_HW_DEFAULT_HIST);
	a = job(addr1, 32, 64, 1, 32);
	b = job(addr2, 100, 2, 2, 32);
	r = run(&h, &a);
	tap_ok(is_miss(&r, &a) && output_ok(&a) && r.cycles == 4 + 64,
	       "history example: cfg1 (addr1, 32, 64, 1) misses, %llu warps, %llu cycles",
	       (unsigned long long)r.warps, (unsigned long long)r.cycles);
	r = run(&h, &b);
	tap_ok(is_miss(&r, &b) && output_ok(&b) && r.cycles == 4 + 13,
	       "history example: cfg2 (addr2, 100, 2, 2) misses, %llu cycles",
	       (unsigned long long)r.cycles);
	memcpy(snap, mem, MEM_SIZE);
	r = run(&h, &a);
	tap_ok(is_hit(&r, &a) && r.cycles == 4, "history example: cfg3 (addr1, 32, 64, 1) hits, 4 cycles");
	tap_ok(!memcmp(snap, mem, MEM_SIZE), "a hit writes nothing");
	tap_ok(output_ok(&a) && output_ok(&b), "hit output identical to miss output (reference)");
	tap_ok(igm_hist_count(&h) == 2, "two entries recorded");

	/* c does not change the output, so it is not part of the key */
	c1 = job(addr1, 32, 64, 1, 8);
	r = run(&h, &c1);
	tap_ok(is_hit(&r, &c1), "same config with another step c hits");

	/* widths and word size are part of the key */
	c1 = a;
	c1.word_size = 4;
	c1.size_limit *= 2;
	r = run(&h, &c1);
	tap_ok(is_miss(&r, &c1) && output_ok(&c1), "same dims, other word size: miss");
	c1 = a;
	c1.mx++;
	r = run(&h, &c1);
	tap_ok(is_miss(&r, &c1) && output_ok(&c1), "same dims, other widths: miss");
	r = run(&h, &a);
	tap_ok(is_miss(&r, &a), "the overwritten original now misses");

	/* other dims at the same address */
	c1 = job(addr1, 64, 32, 1, 32);
	r = run(&h, &c1);
	tap_ok(is_miss(&r, &c1) && output_ok(&c1), "same address, other dims: miss");

	/* LRU with 3 entries */
	igm_hist_init(&h, 3);
	a = job(0x000000, 16, 16, 1, 32);
	b = job(0x100000, 16, 16, 1, 32);
	c1 = job(0x200000, 16, 16, 1, 32);
	d = job(0x300000, 16, 16, 1, 32);
	ok = is_miss((r = run(&h, &a), &r), &a);
	ok &= is_miss((r = run(&h, &b), &r), &b);
	ok &= is_miss((r = run(&h, &c1), &r), &c1);
	ok &= is_hit((r = run(&h, &a), &r), &a);	/* a becomes most recent: b is LRU */
	ok &= is_miss((r = run(&h, &d), &r), &d);	/* evicts b */
	ok &= igm_hist_count(&h) == 3;
	ok &= is_hit((r = run(&h, &a), &r), &a);
	ok &= is_hit((r = run(&h, &c1), &r), &c1);
	ok &= is_hit((r = run(&h, &d), &r), &d);
	tap_ok(ok, "LRU, 3 entries: a b c, hit a, d evicts b (the LRU); a c d still hit");
	ok = is_miss((r = run(&h, &b), &r), &b);	/* evicts a (LRU now) */
	ok &= is_miss((r = run(&h, &a), &r), &a);	/* evicts c */
	ok &= is_hit((r = run(&h, &d), &r), &d);
	ok &= is_hit((r = run(&h, &b), &r), &b);
	ok &= is_miss((r = run(&h, &c1), &r), &c1);
	tap_ok(ok, "LRU, 3 entries: b evicts a, a evicts c, d and b hit, c misses");

	igm_hist_init(&h, 1);
	ok = is_miss((r = run(&h, &a), &r), &a) && is_hit((r = run(&h, &a), &r), &a);
	ok &= is_miss((r = run(&h, &b), &r), &b) && is_miss((r = run(&h, &a), &r), &a);
	tap_ok(ok && igm_hist_count(&h) == 1, "1 entry: any other config evicts it");

	igm_hist_init(&h, 0);
	tap_ok(h.entries == 1, "hist_init(0) clamps to 1 entry");
	igm_hist_init(&h, 1000);
	tap_ok(h.entries == IDXGEN_HW_MAX_HIST, "hist_init(1000) clamps to %d entries",
	       IDXGEN_HW_MAX_HIST);
	ok = 1;
	for (uint32_t i = 0; i < IDXGEN_HW_MAX_HIST; i++) {
		struct igm_job k = job(0x10000 * i, 8, 8, 1, 32);

		ok &= is_miss((r = run(&h, &k), &r), &k);
	}
	for (uint32_t i = 0; i < IDXGEN_HW_MAX_HIST; i++) {
		struct igm_job k = job(0x10000 * i, 8, 8, 1, 32);

		ok &= is_hit((r = run(&h, &k), &r), &k);
	}
	tap_ok(ok && igm_hist_count(&h) == IDXGEN_HW_MAX_HIST, "%d entries all kept and hit",
	       IDXGEN_HW_MAX_HIST);

	/* Overlap invalidation */
	igm_hist_init(&h, 16);
	a = job(0x10000, 32, 32, 1, 32);		/* [0x10000, 0x10800) */
	run(&h, &a);
	e = job(0x10000 + 0x7f0, 4, 4, 1, 32);	/* last 16 bytes of a, and beyond */
	ok = is_miss((r = run(&h, &e), &r), &e);
	ok &= is_miss((r = run(&h, &a), &r), &a) && output_ok(&a);
	tap_ok(ok, "a write overlapping the tail of an entry invalidates it");
	e = job(0x10000 - 0x10, 4, 4, 1, 32);		/* ends 16 bytes into a */
	run(&h, &e);
	ok = is_miss((r = run(&h, &a), &r), &a) && output_ok(&a);
	tap_ok(ok, "a write overlapping the head of an entry invalidates it");
	f = job(0x10800, 4, 4, 1, 32);			/* starts right after a */
	run(&h, &f);
	e = job(0x10000 - 0x20, 4, 4, 1, 32);		/* ends right before a */
	run(&h, &e);
	ok = is_hit((r = run(&h, &a), &r), &a) && is_hit((r = run(&h, &f), &r), &f);
	tap_ok(ok && output_ok(&a), "adjacent, disjoint writes leave the entry valid");
	e = job(0x10400, 2, 1, 1, 32);			/* 4 bytes inside a */
	run(&h, &e);
	ok = is_miss((r = run(&h, &a), &r), &a) && output_ok(&a);
	tap_ok(ok, "a write inside an entry invalidates it");
	tap_ok(igm_hist_invalidate(&h, 0x10800 - 1, 1) == 1 &&
		       is_miss((r = run(&h, &a), &r), &a),
	       "hist_invalidate of the entry's last byte drops it");
	tap_ok(igm_hist_invalidate(&h, 0x10800, 0x100000) == 1 &&
		       igm_hist_invalidate(&h, 0, 0xff00) == 0 &&
		       igm_hist_invalidate(&h, 0x10000, 0) == 0 &&
		       igm_hist_invalidate(&h, UINT64_MAX - 10, 100) == 0,
	       "hist_invalidate counts overlaps only (empty and wrapping ranges are safe)");
	igm_hist_invalidate(&h, 0, UINT64_MAX);
	tap_ok(igm_hist_count(&h) == 0, "hist_invalidate(0, max) drops everything");
	run(&h, &a);
	run(&h, &b);
	igm_hist_flush(&h);
	tap_ok(igm_hist_count(&h) == 0 && is_miss((r = run(&h, &a), &r), &a),
	       "flush empties the history");

	/* Direct hist API: insert refreshes a duplicate, lookup without run */
	igm_hist_init(&h, 4);
	igm_hist_insert(&h, &a);
	igm_hist_insert(&h, &a);
	tap_ok(igm_hist_count(&h) == 1 && igm_hist_lookup(&h, &a) &&
		       !igm_hist_lookup(&h, &b),
	       "insert of a duplicate refreshes it; lookup hits only the same key");
	igm_hist_insert(&h, &e);	/* e lies inside a: a is stale now */
	tap_ok(!igm_hist_lookup(&h, &a) && igm_hist_lookup(&h, &e),
	       "insert drops entries its range overlaps");

	/* NO_HISTORY: always generates, records nothing, still invalidates */
	igm_hist_init(&h, 16);
	run(&h, &a);
	c1 = a;
	c1.flags = IDXGEN_DESC_F_NO_HISTORY;
	ok = is_miss((r = run(&h, &c1), &r), &c1) && is_miss((r = run(&h, &c1), &r), &c1);
	tap_ok(ok && output_ok(&c1), "NO_HISTORY: a recorded config still generates");
	tap_ok(igm_hist_count(&h) == 0, "NO_HISTORY: its write invalidated the overlapped entry");
	run(&h, &c1);
	tap_ok(igm_hist_count(&h) == 0 && is_miss((r = run(&h, &a), &r), &a),
	       "NO_HISTORY: nothing recorded");
	c1 = b;
	c1.flags = IDXGEN_DESC_F_SHARED;
	ok = is_miss((r = run(&h, &c1), &r), &c1) && is_hit((r = run(&h, &b), &r), &b);
	tap_ok(ok, "SHARED flag does not change the key");

	/* No history at all (h == NULL) */
	ok = is_miss((r = run(NULL, &a), &r), &a) && is_miss((r = run(NULL, &a), &r), &a);
	tap_ok(ok, "model_run without a history always generates");

	/* Errors: no write, filter cycles only, no history change */
	igm_hist_init(&h, 16);
	run(&h, &a);
	memcpy(snap, mem, MEM_SIZE);
	c1 = a;
	c1.size_limit = 2;
	r = run(&h, &c1);
	tap_ok(r.status == IDXGEN_CPL_SIZE_LIMIT && !r.hit && r.warps == 0 && r.threads == 0 &&
		       r.cycles == IDXGEN_FILTER_CYCLES,
	       "invalid job: status, 0 warps, 0 threads, %d cycles", IDXGEN_FILTER_CYCLES);
	tap_ok(!memcmp(snap, mem, MEM_SIZE) && igm_hist_count(&h) == 1 &&
		       is_hit((r = run(&h, &a), &r), &a),
	       "invalid job: nothing written, history unchanged");

	/* Cycles */
	a = job(0, 33, 33, 33, 32);
	tap_ok(igm_job_cycles(&a, false) == 4 + 1124 && igm_job_cycles(&a, true) == 4 &&
		       igm_job_warps(&a) == 1124,
	       "cycles: 33x33x33 at c=32 is 1124 warps: miss 1128, hit 4");
	a = job(0, 1024, 1024, 1, 1);
	tap_ok(igm_job_cycles(&a, false) == 4 + (1u << 20), "cycles: 1M threads at c=1");
}

/* ------------------------------------------------------------------ */
/* Validation                                                          */
/* ------------------------------------------------------------------ */

/* Validate directly and through a descriptor round trip; both must agree. */
static void expect(const struct igm_job *j, const struct igm_limits *l, int want,
		   const char *what)
{
	struct idxgen_desc d;
	struct igm_job back;
	int got = igm_job_validate(j, l), got_desc;

	igm_job_to_desc(&d, j);
	igm_job_from_desc(&back, &d);
	got_desc = igm_job_validate(&back, l);
	tap_ok(got == want && got_desc == want, "validate %s: %s (got %s%s%s)", what,
	       igm_cpl_status_name(want), igm_cpl_status_name(got),
	       got_desc != got ? ", via descriptor " : "",
	       got_desc != got ? igm_cpl_status_name(got_desc) : "");
}

TAP_TEST(validation)
{
	struct igm_limits l = lim;
	struct igm_job base = job(0x1000, 30, 20, 10, 32), j;	/* 6000 threads, 5+5+4 bits */
	struct idxgen_desc d;

	l.lanes = 32;
	expect(&base, &l, IDXGEN_CPL_OK, "a valid job");
	j = base, j.grid_blocks = 0;
	expect(&j, &l, IDXGEN_CPL_OK, "grid_blocks 0");

	j = base, j.flags = 1u << 2;
	expect(&j, &l, IDXGEN_CPL_BAD_FLAGS, "unknown flag bit 2");
	j = base, j.flags = 0x8000 | IDXGEN_DESC_F_SHARED;
	expect(&j, &l, IDXGEN_CPL_BAD_FLAGS, "unknown flag bit 15");
	j = base, j.flags = IDXGEN_DESC_F_SHARED | IDXGEN_DESC_F_NO_HISTORY;
	expect(&j, &l, IDXGEN_CPL_OK, "both known flags");

	j = base, j.rsvd = 1;
	expect(&j, &l, IDXGEN_CPL_BAD_RESERVED, "reserved field");
	igm_job_to_desc(&d, &base);
	d.rsvd0 = 0x80;
	igm_job_from_desc(&j, &d);
	tap_ok(igm_job_validate(&j, &l) == IDXGEN_CPL_BAD_RESERVED,
	       "validate descriptor rsvd0 != 0: BAD_RESERVED");
	igm_job_to_desc(&d, &base);
	memset((uint8_t *)&d + offsetof(struct idxgen_desc, rsvd1) + sizeof(d.rsvd1) - 1, 1, 1);
	igm_job_from_desc(&j, &d);
	tap_ok(igm_job_validate(&j, &l) == IDXGEN_CPL_BAD_RESERVED,
	       "validate descriptor last byte of rsvd1 != 0: BAD_RESERVED");
	igm_job_to_desc(&d, &base);
	d.requester = 0x100;	/* a bit outside VALID | ID */
	igm_job_from_desc(&j, &d);
	tap_ok(igm_job_validate(&j, &l) == IDXGEN_CPL_BAD_RESERVED,
	       "validate descriptor requester reserved bit: BAD_RESERVED");
	igm_job_to_desc(&d, &base);
	d.requester = IDXGEN_DESC_REQ_VALID | IDXGEN_DESC_REQ_ID_MASK;
	igm_job_from_desc(&j, &d);
	tap_ok(igm_job_validate(&j, &l) == IDXGEN_CPL_OK &&
		       j.requester == (IDXGEN_DESC_REQ_VALID | IDXGEN_DESC_REQ_ID_MASK),
	       "validate descriptor requester VALID | 15: OK, decoded");

	/* schedule orders: test_order covers codes 18..22 in detail */
	j = base, j.order = IDXGEN_ORDER_COUNT;
	expect(&j, &l, IDXGEN_CPL_BAD_ORDER, "order IDXGEN_ORDER_COUNT");
	j = base, j.order = IDXGEN_ORDER_STRIDED;
	expect(&j, &l, IDXGEN_CPL_BAD_STRIDE, "strided without stride");
	j = base, j.granularity = 32;
	expect(&j, &l, IDXGEN_CPL_ORDER_UNUSED_PARAM, "granularity on sequential");
	j = base, j.stride = 2;
	expect(&j, &l, IDXGEN_CPL_ORDER_UNUSED_PARAM, "stride on sequential");
	j = base, j.tile_w = 4;
	expect(&j, &l, IDXGEN_CPL_ORDER_UNUSED_PARAM, "tile_w on sequential");
	j = base, j.tile_h = 4;
	expect(&j, &l, IDXGEN_CPL_ORDER_UNUSED_PARAM, "tile_h on sequential");

	j = base, j.grid_blocks = 2;
	expect(&j, &l, IDXGEN_CPL_BAD_GRID, "grid_blocks 2");

	j = base, j.dx = 0;
	expect(&j, &l, IDXGEN_CPL_BAD_DIMS, "dx 0");
	j = base, j.dy = 0;
	expect(&j, &l, IDXGEN_CPL_BAD_DIMS, "dy 0");
	j = base, j.dz = 0;
	expect(&j, &l, IDXGEN_CPL_BAD_DIMS, "dz 0");
	{
		struct igm_limits small = l;

		small.max_dim[0] = 29;
		expect(&base, &small, IDXGEN_CPL_BAD_DIMS, "dx above CAP_MAX_DIM_X");
		small = l;
		small.max_dim[2] = 9;
		expect(&base, &small, IDXGEN_CPL_BAD_DIMS, "dz above CAP_MAX_DIM_Z");
		small = l;
		small.max_threads = 5999;
		expect(&base, &small, IDXGEN_CPL_TOO_MANY_THREADS, "threads above CAP_MAX_THREADS");
		small.max_threads = 6000;
		expect(&base, &small, IDXGEN_CPL_OK, "threads equal to CAP_MAX_THREADS");
	}
	j = job(0, 1024, 1024, 1, 32);
	j.dz = 2;
	expect(&j, &l, IDXGEN_CPL_TOO_MANY_THREADS, "1024x1024x2 > 1 << 20 threads");

	j = base, j.c = 0;
	expect(&j, &l, IDXGEN_CPL_BAD_STEP, "c 0");
	j = job(0x1000, 30, 20, 10, 33);
	expect(&j, &l, IDXGEN_CPL_BAD_STEP, "c 33 above CAP_LANES 32");

	j = base, j.xc++;
	expect(&j, &l, IDXGEN_CPL_BAD_STEP_INDEX, "xc wrong");
	j = base, j.yc++;
	expect(&j, &l, IDXGEN_CPL_BAD_STEP_INDEX, "yc wrong");
	j = base, j.zc++;
	expect(&j, &l, IDXGEN_CPL_BAD_STEP_INDEX, "zc wrong");
	j = job(0x1000, 2, 2, 2, 32);
	tap_ok(j.xc == 0 && j.yc == 0 && j.zc == 8, "2x2x2 at c=32: (xc, yc, zc) = (0, 0, 8)");
	expect(&j, &l, IDXGEN_CPL_OK, "c above the thread count, zc >= dz");
	j.zc = 0;
	expect(&j, &l, IDXGEN_CPL_BAD_STEP_INDEX, "zc taken modulo dz");
	j = job(0x1000, 5, 3, 7, 17);
	tap_ok(j.xc == 2 && j.yc == 0 && j.zc == 1, "5x3x7 at c=17: (xc, yc, zc) = (2, 0, 1)");

	j = base, j.word_size = 3;
	expect(&j, &l, IDXGEN_CPL_BAD_WORD_SIZE, "word_size 3");
	j = base, j.word_size = 8;
	expect(&j, &l, IDXGEN_CPL_BAD_WORD_SIZE, "word_size 8");
	j = base, j.word_size = 0;
	expect(&j, &l, IDXGEN_CPL_BAD_WORD_SIZE, "word_size 0");
	{
		struct igm_limits no16 = l, no32 = l;

		no16.features &= ~IDXGEN_FEAT_WORD16;
		no32.features &= ~IDXGEN_FEAT_WORD32;
		expect(&base, &no16, IDXGEN_CPL_BAD_WORD_SIZE, "word_size 2 without FEAT_WORD16");
		j = base, j.word_size = 4, j.size_limit *= 2;
		expect(&j, &no32, IDXGEN_CPL_BAD_WORD_SIZE, "word_size 4 without FEAT_WORD32");
		expect(&j, &l, IDXGEN_CPL_OK, "word_size 4 with minimal 14-bit widths");
	}

	j = base, j.mx--;
	expect(&j, &l, IDXGEN_CPL_WIDTH_TOO_SMALL, "mx below ceil(log2(dx))");
	j = base, j.my--;
	expect(&j, &l, IDXGEN_CPL_WIDTH_TOO_SMALL, "my below ceil(log2(dy))");
	j = base, j.mz--;
	expect(&j, &l, IDXGEN_CPL_WIDTH_TOO_SMALL, "mz below ceil(log2(dz))");
	j = base, j.mx += 2;
	expect(&j, &l, IDXGEN_CPL_OK, "over-wide mx (16 bits in total)");

	j = base, j.mx += 3;
	expect(&j, &l, IDXGEN_CPL_WIDTH_OVERFLOW, "17 bits in a 16-bit word");
	j = job(0x1000, 33, 33, 33, 32);
	j.word_size = 2;
	expect(&j, &l, IDXGEN_CPL_WIDTH_OVERFLOW, "33x33x33 (18 bits) in a 16-bit word");
	j = base, j.word_size = 4, j.size_limit *= 2, j.mz = 23;
	expect(&j, &l, IDXGEN_CPL_WIDTH_OVERFLOW, "33 bits in a 32-bit word");
	j = base, j.word_size = 4, j.size_limit *= 2, j.mx = 255, j.my = 255, j.mz = 255;
	expect(&j, &l, IDXGEN_CPL_WIDTH_OVERFLOW, "widths of 255");

	j = base, j.target = 0x1001;
	expect(&j, &l, IDXGEN_CPL_MISALIGNED, "16-bit words at an odd target");
	j = base, j.word_size = 4, j.size_limit *= 2, j.target = 0x1002;
	expect(&j, &l, IDXGEN_CPL_MISALIGNED, "32-bit words at target % 4 == 2");

	j = base, j.target = MEM_SIZE - igm_job_bytes(&base);
	expect(&j, &l, IDXGEN_CPL_OK, "output ending exactly at the end of index memory");
	j.target += 2;
	expect(&j, &l, IDXGEN_CPL_OUT_OF_RANGE, "output 2 bytes past the end of index memory");
	j = base, j.target = MEM_SIZE;
	expect(&j, &l, IDXGEN_CPL_OUT_OF_RANGE, "target = index memory size");
	j = base, j.target = UINT64_MAX - 1;
	expect(&j, &l, IDXGEN_CPL_OUT_OF_RANGE, "target near 2^64 (no wrap-around)");
	j = base, j.target = (uint64_t)1 << 40;
	expect(&j, &l, IDXGEN_CPL_OUT_OF_RANGE, "target 1 TiB");

	j = base, j.size_limit = (uint32_t)igm_job_bytes(&base) - 1;
	expect(&j, &l, IDXGEN_CPL_SIZE_LIMIT, "size_limit one byte short");
	j = base, j.size_limit = 0;
	expect(&j, &l, IDXGEN_CPL_SIZE_LIMIT, "size_limit 0");
	j = base, j.size_limit = UINT32_MAX;
	expect(&j, &l, IDXGEN_CPL_OK, "size_limit larger than the output");

	/* Order of the checks: the lowest-numbered failure wins. */
	j = base, j.flags = 4, j.rsvd = 1, j.dx = 0, j.size_limit = 0;
	expect(&j, &l, IDXGEN_CPL_BAD_FLAGS, "several bad fields: the first code");
	j = base, j.dx = 0, j.c = 0, j.word_size = 3;
	expect(&j, &l, IDXGEN_CPL_BAD_DIMS, "bad dims, step and word size: BAD_DIMS");
	j = base, j.xc++, j.word_size = 3, j.target = 1;
	expect(&j, &l, IDXGEN_CPL_BAD_STEP_INDEX, "bad step index, word size, alignment");
	j = base, j.mx = 0, j.target = 1, j.size_limit = 0;
	expect(&j, &l, IDXGEN_CPL_WIDTH_TOO_SMALL, "small width, misaligned, size limit");
	j = base, j.target = MEM_SIZE, j.size_limit = 0;
	expect(&j, &l, IDXGEN_CPL_OUT_OF_RANGE, "out of range and size limit");
	expect(&base, NULL, IDXGEN_CPL_OK, "NULL limits = hardware defaults");
}

/* ------------------------------------------------------------------ */
/* Encodings, widths, job_init, names                                  */
/* ------------------------------------------------------------------ */

TAP_TEST(encoding)
{
	struct igm_job j = job(0x123456789abcull & ~3ull, 300, 200, 10, 32), back;
	struct idxgen_desc d;
	struct idxgen_cpl cpl;
	const uint8_t *p = (const uint8_t *)&d;
	int bit, all = 1;

	j.job_id = 0xdeadbeef;
	j.flags = 3;
	j.order = 7, j.granularity = 0x1234, j.stride = 0x56789abc, j.tile_w = 9, j.tile_h = 11;
	j.grid_blocks = 1;
	igm_job_to_desc(&d, &j);
	igm_job_from_desc(&back, &d);
	tap_ok(!memcmp(&j, &back, sizeof(j)), "job -> descriptor -> job round trip");
	tap_ok(p[0] == 0xbc && p[5] == 0x12 && p[12] == 0xef && p[15] == 0xde && p[16] == 44 &&
		       p[17] == 1 && p[22] == 32 && p[30] == j.mx && p[33] == 4 && p[34] == 3 &&
		       p[36] == 7 && p[38] == 0x34 && p[40] == 0xbc && p[43] == 0x56,
	       "descriptor bytes are little-endian at the contract's offsets");

	igm_cpl_fill(&cpl, 0x11223344, IDXGEN_CPL_SIZE_LIMIT, IDXGEN_CPLF_HIT, 7, 6000,
		     0x100000004ull, 5);
	p = (const uint8_t *)&cpl;
	tap_ok(igm_cpl_verify(&cpl) && p[0] == 0x44 && p[4] == IDXGEN_CPL_SIZE_LIMIT &&
		       p[6] == 1 && p[8] == 7 && p[16] == 4 && p[20] == 1 && p[24] == 5,
	       "completion record: little-endian fields, check word verifies");
	tap_ok(idxgen_ref_load(p + 28, 0, 4) ==
		       (uint32_t)IDXGEN_CPL_CHECK(0x11223344u, IDXGEN_CPL_SIZE_LIMIT, 1u, 7u, 6000u,
						  0x100000004ull, 5u),
	       "completion check word = IDXGEN_CPL_CHECK of the fields");
	for (bit = 0; bit < 256; bit++) {
		struct idxgen_cpl bad = cpl;

		((uint8_t *)&bad)[bit / 8] ^= (uint8_t)(1u << (bit % 8));
		all &= !igm_cpl_verify(&bad);
	}
	tap_ok(all, "every single-bit corruption of a completion record is detected");

	tap_ok(igm_axis_width(0) == 0 && igm_axis_width(1) == 0 &&
		       igm_axis_width(2) == 1 && igm_axis_width(3) == 2 &&
		       igm_axis_width(4) == 2 && igm_axis_width(5) == 3 &&
		       igm_axis_width(1024) == 10 && igm_axis_width(1025) == 11 &&
		       igm_axis_width(65535) == 16 && igm_axis_width(65536) == 16 &&
		       igm_axis_width(65537) == 17 && igm_axis_width(UINT32_MAX) == 32,
	       "axis widths are ceil(log2(d)), 0 for d = 1");
	all = 1;
	for (uint32_t dd = 1; dd <= 70000; dd++)
		all &= igm_axis_width(dd) == idxgen_ref_width(dd);
	tap_ok(all, "axis width equals the reference for 1..70000");

	j = job(0, 32, 64, 1, 32);
	tap_ok(j.mx == 5 && j.my == 6 && j.mz == 0 && j.word_size == 2 && j.xc == 0 &&
		       j.yc == 1 && j.zc == 0 && j.size_limit == 4096 && j.grid_blocks == 1,
	       "job_init 32x64x1 c=32: widths 5+6+0, 16-bit words, (0, 1, 0)");
	j = job(0, 256, 256, 1, 32);
	tap_ok(j.mx + j.my + j.mz == 16 && j.word_size == 2, "job_init 256x256x1: 16 bits fit 16");
	j = job(0, 33, 33, 33, 32);
	tap_ok(j.mx == 6 && j.my == 6 && j.mz == 6 && j.word_size == 4,
	       "job_init 33x33x33: 18 bits -> 32-bit words");
	j = job(0, 65535, 16, 1, 32);
	tap_ok(j.mx == 16 && j.my == 4 && j.word_size == 4, "job_init 65535x16x1: 20 bits");
	{
		struct igm_limits l = lim;
		struct igm_job k;

		l.lanes = 32;
		tap_ok(igm_job_init(&k, 0, 1, 1, 32, 0, &l) == IDXGEN_CPL_BAD_DIMS &&
			       igm_job_init(&k, 1, 1, 70000, 32, 0, &l) == IDXGEN_CPL_BAD_DIMS &&
			       igm_job_init(&k, 1024, 1024, 2, 32, 0, &l) ==
				       IDXGEN_CPL_TOO_MANY_THREADS &&
			       igm_job_init(&k, 8, 8, 8, 0, 0, &l) == IDXGEN_CPL_BAD_STEP &&
			       igm_job_init(&k, 8, 8, 8, 33, 0, &l) == IDXGEN_CPL_BAD_STEP &&
			       igm_job_init(&k, 8, 8, 8, 32, 0, NULL) == IDXGEN_CPL_OK,
		       "job_init reports BAD_DIMS, TOO_MANY_THREADS, BAD_STEP");
		l.features = IDXGEN_FEAT_WORD16;
		tap_ok(igm_job_init(&k, 33, 33, 33, 32, 0, &l) == IDXGEN_CPL_WIDTH_OVERFLOW &&
			       k.word_size == 2,
		       "job_init without 32-bit words: 18 bits -> WIDTH_OVERFLOW");
		l.features = IDXGEN_FEAT_WORD32;
		tap_ok(igm_job_init(&k, 8, 8, 1, 32, 0, &l) == IDXGEN_CPL_OK &&
			       k.word_size == 4 &&
			       igm_job_validate(&k, &l) == IDXGEN_CPL_OK,
		       "job_init without 16-bit words picks 32-bit words");
	}
	{
		struct igm_limits l;

		igm_limits_default(&l);
		tap_ok(l.lanes == IDXGEN_HW_DEFAULT_LANES && l.max_threads == IDXGEN_HW_MAX_THREADS &&
			       l.max_dim[0] == 65535 && l.max_dim[2] == 65535 &&
			       l.imem_size == IDXGEN_IMEM_SIZE_DEFAULT &&
			       (l.features & (IDXGEN_FEAT_WORD16 | IDXGEN_FEAT_WORD32)) ==
				       (IDXGEN_FEAT_WORD16 | IDXGEN_FEAT_WORD32),
		       "limits_default: 32 lanes, hardware maxima, 64 MiB, both word sizes");
	}

	all = 1;
	for (int s = 0; s <= IDXGEN_CPL_MAX; s++) {
		/* 18-23 are allocated to schedule orders: named once those land */
		if (s >= 18 && s <= 23 && !strcmp(igm_cpl_status_name(s), "?"))
			continue;
		/* 25-27 are reserved for the arbiter: no name */
		if (s >= 25 && s <= 27 && !strcmp(igm_cpl_status_name(s), "?"))
			continue;
		all &= strcmp(igm_cpl_status_name(s), "?") != 0;
	}
	tap_ok(all && !strcmp(igm_cpl_status_name(IDXGEN_CPL_OK), "OK") &&
		       !strcmp(igm_cpl_status_name(IDXGEN_CPL_WIDTH_OVERFLOW), "WIDTH_OVERFLOW") &&
		       !strcmp(igm_cpl_status_name(-1), "?") &&
		       !strcmp(igm_cpl_status_name(IDXGEN_CPL_MAX + 1), "?"),
	       "completion status names");
	all = 1;
	for (int s = 0; s <= IDXGEN_FW_ERR_BUSY; s++)
		all &= strcmp(igm_fw_status_name(s), "?") != 0;
	tap_ok(all && !strcmp(igm_fw_status_name(IDXGEN_FW_ERR_CRC), "ERR_CRC") &&
		       !strcmp(igm_fw_status_name(100), "?") &&
		       !strcmp(igm_fw_status_name(-5), "?"),
	       "firmware status names");
}


/* docs/design.md#generator: no divide or modulo anywhere in the generation loop. */
TAP_TEST(no_division)
{
	char *text = read_text(IDXGEN_MODEL_C);
	int lines = 0, ops = text ? count_div_ops(text, &lines, NULL) : -1;
	int self1, self2, l;

	self1 = count_div_ops("/* idxgen-gen-begin */ a = b / c; d %= 2; // e / f\n"
			      "s = \"%d/\"; /* g / h */ c = '/'; /* idxgen-gen-end */", &l, NULL);
	self2 = count_div_ops("/* idxgen-gen-begin */ a = b >> c; /* / % */ /* idxgen-gen-end */", &l,
			      NULL);
	tap_ok(self1 == 2 && self2 == 0, "operator scanner finds / and %% in code only (%d, %d)",
	       self1, self2);
	tap_ok(ops == 0 && lines > 100,
	       "generator (gen_init .. gen_run, %d code lines) has no '/' or '%%' operator (%d)",
	       lines, ops);
	free(text);
}

int main(int argc, char **argv)
{
	int rc;

	mem = calloc(1, MEM_SIZE);
	snap = malloc(MEM_SIZE);
	if (!mem || !snap)
		return 2;
	igm_limits_default(&lim);
	lim.lanes = IDXGEN_HW_MAX_LANES;

	rc = tap_main(argc, argv);
	free(mem);
	free(snap);
	return rc;
}
