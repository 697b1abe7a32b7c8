/* SPDX-License-Identifier: MIT */
/*
 * test_arb.c - the priority arbiter (qemu-device/model/idxgen_arb.c)
 * against a reference written from the rules in include/idxgen_hw.h with
 * other data structures (owner table, explicit FIFO and wait lists in
 * arrival order), plus invariant and property checks:
 *  - directed cases: FIFO order, preemption only on strictly higher
 *    priority, release of ALL locks, hold limit, errors, registers;
 *  - a randomized lock-step comparison with the reference (millions of
 *    steps, IDXGEN_ARB_STEPS overrides), invariants after every step
 *    (a waiter holds no lock, so the wait-for graph has no cycle);
 *  - a liveness simulation: agents taking several locks in random order
 *    never deadlock, and with the hold limit every agent of equal priority
 *    keeps making progress.
 *
 * Tests register themselves (TAP_TEST): -l lists them, -t NAME runs one.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "idxgen_arb.h"
#include "tap.h"

#define NR IDXGEN_ARB_REQUESTERS
#define NL IDXGEN_ARB_LOCKS

/* ------------------------------------------------------------------ */
/* Reference                                                           */
/* ------------------------------------------------------------------ */

struct ref_req {
	int r, lock;
};

struct ref {
	int owner[NL];			/* -1: free */
	int prio[NR];
	unsigned ev[NR];		/* IDXGEN_ARB_RS_* event bits */
	unsigned hold[NR], lost[NR];
	unsigned limit;
	struct ref_req fifo[64];
	int nfifo;
	struct ref_req wait[64];	/* in the order they started waiting */
	int nwait;
	uint64_t grants, preempts, holdrel, denials;
	unsigned maxdepth;
};

static void ref_init(struct ref *f)
{
	memset(f, 0, sizeof(*f));
	for (int l = 0; l < NL; l++)
		f->owner[l] = -1;
}

static int ref_holds_any(const struct ref *f, int r)
{
	for (int l = 0; l < NL; l++)
		if (f->owner[l] == r)
			return 1;
	return 0;
}

static int ref_in(const struct ref_req *v, int n, int r)
{
	for (int i = 0; i < n; i++)
		if (v[i].r == r)
			return i;
	return -1;
}

static void ref_remove(struct ref_req *v, int *n, int i)
{
	memmove(&v[i], &v[i + 1], (size_t)(*n - i - 1) * sizeof(*v));
	(*n)--;
}

static void ref_give(struct ref *f, int r, int l)
{
	if (!ref_holds_any(f, r))
		f->hold[r] = 0;
	f->owner[l] = r;
	f->grants++;
	f->ev[r] |= IDXGEN_ARB_RS_GRANTED;
}

static void ref_free(struct ref *f, int l)
{
	int best = -1;

	for (int i = 0; i < f->nwait; i++)
		if (f->wait[i].lock == l &&
		    (best < 0 || f->prio[f->wait[i].r] < f->prio[f->wait[best].r]))
			best = i;
	if (best >= 0) {
		int r = f->wait[best].r;

		ref_remove(f->wait, &f->nwait, best);
		ref_give(f, r, l);
	}
}

static void ref_lose_all(struct ref *f, int h, int keep, unsigned why)
{
	int had[NL], n = 0;

	for (int l = 0; l < NL; l++)
		if (f->owner[l] == h) {
			had[n++] = l;
			f->owner[l] = -1;
		}
	if (!n)
		return;
	f->hold[h] = 0;
	if (why) {
		f->lost[h]++;
		f->ev[h] |= IDXGEN_ARB_RS_LOST | why;
	}
	for (int i = 0; i < n; i++)
		if (had[i] != keep)
			ref_free(f, had[i]);
}

static void ref_tick(struct ref *f, int r)
{
	if (!ref_holds_any(f, r))
		return;
	if (++f->hold[r] >= f->limit && f->limit) {
		f->holdrel++;
		ref_lose_all(f, r, -1, IDXGEN_ARB_RS_LOST_HOLD_LIMIT);
	}
}

static int ref_lock(struct ref *f, int r, int l)
{
	if (r < 0 || r >= NR)
		return IDXGEN_ARB_R_BAD_REQUESTER;
	if (l < 0 || l >= NL)
		return IDXGEN_ARB_R_BAD_LOCK;
	if (f->owner[l] == r)
		return IDXGEN_ARB_R_HELD;
	if (ref_in(f->fifo, f->nfifo, r) >= 0 || ref_in(f->wait, f->nwait, r) >= 0)
		return IDXGEN_ARB_R_BUSY;
	f->fifo[f->nfifo++] = (struct ref_req){ r, l };
	if ((unsigned)f->nfifo > f->maxdepth)
		f->maxdepth = (unsigned)f->nfifo;
	return IDXGEN_ARB_R_OK;
}

static int ref_serve(struct ref *f)
{
	struct ref_req q;
	int h;

	if (!f->nfifo)
		return 0;
	q = f->fifo[0];
	ref_remove(f->fifo, &f->nfifo, 0);
	h = f->owner[q.lock];
	if (h < 0) {
		ref_give(f, q.r, q.lock);
	} else if (f->prio[q.r] < f->prio[h]) {
		f->preempts++;
		ref_lose_all(f, h, q.lock, IDXGEN_ARB_RS_LOST_PREEMPT);
		ref_give(f, q.r, q.lock);
	} else {
		f->denials++;
		ref_lose_all(f, q.r, -1, IDXGEN_ARB_RS_LOST_YIELD);
		f->wait[f->nwait++] = q;
		f->ev[q.r] |= IDXGEN_ARB_RS_DENIED;
		ref_tick(f, h);
	}
	return 1;
}

static int ref_unlock(struct ref *f, int r, int l)
{
	if (r < 0 || r >= NR)
		return IDXGEN_ARB_R_BAD_REQUESTER;
	if (l < 0 || l >= NL)
		return IDXGEN_ARB_R_BAD_LOCK;
	if (f->owner[l] != r)
		return IDXGEN_ARB_R_NOT_HELD;
	f->owner[l] = -1;
	if (!ref_holds_any(f, r))
		f->hold[r] = 0;
	ref_free(f, l);
	return IDXGEN_ARB_R_OK;
}

static void ref_drop(struct ref *f, int r)
{
	int i;

	while ((i = ref_in(f->fifo, f->nfifo, r)) >= 0)
		ref_remove(f->fifo, &f->nfifo, i);
	while ((i = ref_in(f->wait, f->nwait, r)) >= 0)
		ref_remove(f->wait, &f->nwait, i);
}

/* ------------------------------------------------------------------ */
/* Comparison and invariants                                           */
/* ------------------------------------------------------------------ */

static char why[256];

static int same(const struct igm_arb *a, const struct ref *f)
{
	for (int l = 0; l < NL; l++) {
		uint32_t o = igm_arb_owner(a, (uint32_t)l);
		int mo = o == IGM_ARB_NONE ? -1 : (int)o;

		if (mo != f->owner[l]) {
			snprintf(why, sizeof(why), "lock %d owner %d, reference %d", l, mo,
				 f->owner[l]);
			return 0;
		}
	}
	for (int r = 0; r < NR; r++) {
		int wi = ref_in(f->wait, f->nwait, r), pi = ref_in(f->fifo, f->nfifo, r);

		if ((a->status[r] & IDXGEN_ARB_RS_EVENT_MASK) != f->ev[r] ||
		    a->hold_count[r] != f->hold[r] || a->lost_count[r] != f->lost[r] ||
		    !!a->waiting[r] != (wi >= 0) || !!a->pending[r] != (pi >= 0) ||
		    (wi >= 0 && a->req_lock[r] != (uint32_t)f->wait[wi].lock) ||
		    (pi >= 0 && a->req_lock[r] != (uint32_t)f->fifo[pi].lock)) {
			snprintf(why, sizeof(why),
				 "requester %d: events %#x/%#x hold %u/%u lost %u/%u wait %u/%d pend %u/%d",
				 r, a->status[r], f->ev[r], a->hold_count[r], f->hold[r],
				 a->lost_count[r], f->lost[r], a->waiting[r], wi, a->pending[r], pi);
			return 0;
		}
	}
	if (a->fifo_count != (uint32_t)f->nfifo || a->stat_grants != f->grants ||
	    a->stat_preemptions != f->preempts || a->stat_hold_releases != f->holdrel ||
	    a->stat_denials != f->denials || a->stat_max_depth != f->maxdepth) {
		snprintf(why, sizeof(why), "fifo %u/%d grants %" PRIu64 "/%" PRIu64
			 " preempt %" PRIu64 "/%" PRIu64 " holdrel %" PRIu64 "/%" PRIu64,
			 a->fifo_count, f->nfifo, a->stat_grants, f->grants,
			 a->stat_preemptions, f->preempts, a->stat_hold_releases, f->holdrel);
		return 0;
	}
	for (int i = 0; i < f->nfifo; i++) {
		uint32_t e = a->fifo[(a->fifo_head + (uint32_t)i) % IDXGEN_ARB_FIFO_DEPTH];

		if (IGM_ARB_ENTRY_REQ(e) != (uint32_t)f->fifo[i].r ||
		    IGM_ARB_ENTRY_LOCK(e) != (uint32_t)f->fifo[i].lock) {
			snprintf(why, sizeof(why), "fifo entry %d differs", i);
			return 0;
		}
	}
	return 1;
}

/* Invariants that make deadlock impossible, checked on the model alone. */
static int invariants(const struct igm_arb *a)
{
	for (uint32_t r = 0; r < NR; r++) {
		if (a->waiting[r] && igm_arb_held(a, r)) {
			snprintf(why, sizeof(why), "waiter %u holds locks", r);
			return 0;
		}
		if (a->waiting[r] && a->pending[r]) {
			snprintf(why, sizeof(why), "requester %u both waiting and pending", r);
			return 0;
		}
		if (a->waiting[r] && igm_arb_owner(a, a->req_lock[r]) == IGM_ARB_NONE) {
			snprintf(why, sizeof(why), "requester %u waits for free lock %u", r,
				 a->req_lock[r]);
			return 0;
		}
		/* the lock a waiter waits for is held by a non-waiter: no cycle */
		if (a->waiting[r] && a->waiting[igm_arb_owner(a, a->req_lock[r])]) {
			snprintf(why, sizeof(why), "wait chain from requester %u", r);
			return 0;
		}
	}
	return 1;
}

/* ------------------------------------------------------------------ */
/* Directed tests                                                      */
/* ------------------------------------------------------------------ */

static void lock_now(struct igm_arb *a, uint32_t r, uint32_t l)
{
	igm_arb_lock(a, r, l);
	while (igm_arb_serve(a))
		;
}

TAP_TEST(directed)
{
	struct igm_arb a;

	igm_arb_reset(&a, true);
	/* seed example: warp 1 (prio 1) holds, warp 0 (prio 0) preempts */
	igm_arb_set_cpr(&a, 0, 0);
	igm_arb_set_cpr(&a, 1, 1);
	lock_now(&a, 1, 0);
	lock_now(&a, 1, 3);
	tap_ok(igm_arb_owner(&a, 0) == 1 && a.mutex[0] == (IDXGEN_ARB_MUTEX_LOCKED | 1),
	       "free lock granted, mutex word = bit 31 | owner id");
	lock_now(&a, 0, 0);
	tap_ok(igm_arb_owner(&a, 0) == 0 && igm_arb_held(&a, 1) == 0 &&
	       (a.status[1] & IDXGEN_ARB_RS_LOST_PREEMPT) && a.lost_count[1] == 1 &&
	       a.stat_preemptions == 1,
	       "higher priority preempts: holder releases ALL its locks, lost status");

	/* equal priority waits and releases what it holds */
	igm_arb_reset(&a, true);
	lock_now(&a, 2, 1);
	lock_now(&a, 3, 2);
	lock_now(&a, 3, 1);
	tap_ok(igm_arb_owner(&a, 1) == 2 && igm_arb_owner(&a, 2) == IGM_ARB_NONE &&
	       a.waiting[3] && (a.status[3] & IDXGEN_ARB_RS_LOST_YIELD),
	       "equal priority waits and releases the locks it holds");
	igm_arb_unlock(&a, 2, 1);
	tap_ok(igm_arb_owner(&a, 1) == 3 && !a.waiting[3],
	       "unlock hands the lock to the waiter");

	/* lower priority waits */
	igm_arb_reset(&a, true);
	igm_arb_set_cpr(&a, 4, 5);
	lock_now(&a, 5, 0);
	lock_now(&a, 4, 0);
	tap_ok(igm_arb_owner(&a, 0) == 5 && a.waiting[4] && a.stat_preemptions == 0,
	       "lower priority never preempts");

	/* FIFO order: requests queued in one cycle are served in order */
	igm_arb_reset(&a, true);
	igm_arb_lock(&a, 7, 6);
	igm_arb_lock(&a, 6, 6);
	igm_arb_lock(&a, 5, 6);
	tap_ok(a.fifo_count == 3 && a.stat_max_depth == 3, "FIFO holds 3 pairs, max depth 3");
	while (igm_arb_serve(&a))
		;
	tap_ok(igm_arb_owner(&a, 6) == 7 && a.wait_seq[6] < a.wait_seq[5],
	       "first request wins, the others wait in request order");
	igm_arb_unlock(&a, 7, 6);
	tap_ok(igm_arb_owner(&a, 6) == 6, "oldest equal-priority waiter served first");

	/* hold limit: jobs count, release at the limit */
	igm_arb_reset(&a, true);
	a.hold_limit = 3;
	lock_now(&a, 1, 0);
	lock_now(&a, 1, 2);
	igm_arb_job_done(&a, IDXGEN_DESC_REQ_VALID | 1);
	igm_arb_job_done(&a, IDXGEN_DESC_REQ_VALID | 1);
	tap_ok(a.hold_count[1] == 2 && igm_arb_held(&a, 1) == 5, "hold counter counts jobs");
	igm_arb_job_done(&a, IDXGEN_DESC_REQ_VALID | 1);
	tap_ok(igm_arb_held(&a, 1) == 0 && (a.status[1] & IDXGEN_ARB_RS_LOST_HOLD_LIMIT) &&
	       a.stat_hold_releases == 1 && a.hold_count[1] == 0,
	       "hold limit releases all locks");
	igm_arb_job_done(&a, 1);
	tap_ok(a.hold_count[1] == 0, "jobs without a valid requester do not count");

	/* enforcement of lock 0 for shared jobs */
	igm_arb_reset(&a, true);
	tap_ok(igm_arb_job_check(&a, IDXGEN_DESC_F_SHARED, 0) == IDXGEN_CPL_OK,
	       "no enforcement: shared job runs");
	a.ctrl = IDXGEN_ARB_CTRL_ENFORCE;
	lock_now(&a, 3, 0);
	tap_ok(igm_arb_job_check(&a, IDXGEN_DESC_F_SHARED, IDXGEN_DESC_REQ_VALID | 3) ==
			       IDXGEN_CPL_OK &&
		       igm_arb_job_check(&a, IDXGEN_DESC_F_SHARED, IDXGEN_DESC_REQ_VALID | 2) ==
			       IDXGEN_CPL_NOT_LOCK_HOLDER &&
		       igm_arb_job_check(&a, IDXGEN_DESC_F_SHARED, 3) ==
			       IDXGEN_CPL_NOT_LOCK_HOLDER &&
		       igm_arb_job_check(&a, 0, IDXGEN_DESC_REQ_VALID | 2) == IDXGEN_CPL_OK,
	       "enforce: shared jobs only for the holder of lock 0");

	/* errors */
	igm_arb_reset(&a, true);
	tap_ok(igm_arb_lock(&a, NR, 0) == IDXGEN_ARB_R_BAD_REQUESTER &&
		       igm_arb_lock(&a, 0, NL) == IDXGEN_ARB_R_BAD_LOCK &&
		       igm_arb_unlock(&a, 0, 1) == IDXGEN_ARB_R_NOT_HELD &&
		       igm_arb_unlock(&a, 0, NL) == IDXGEN_ARB_R_BAD_LOCK,
	       "bad requester, bad lock, unlock of a lock not held");
	igm_arb_lock(&a, 0, 1);
	tap_ok(igm_arb_lock(&a, 0, 2) == IDXGEN_ARB_R_BUSY, "second outstanding request: BUSY");
	igm_arb_serve(&a);
	tap_ok(igm_arb_lock(&a, 0, 1) == IDXGEN_ARB_R_HELD, "lock already held: HELD");

	/* register interface */
	igm_arb_reset(&a, true);
	igm_arb_write(&a, IDXGEN_REG_ARB_CPR(3), 0x1ff);
	igm_arb_write(&a, IDXGEN_REG_ARB_CMD, IDXGEN_ARB_CMD(IDXGEN_ARB_OP_LOCK, 4, 3));
	tap_ok(igm_arb_read(&a, IDXGEN_REG_ARB_CPR(3)) == 0xff &&
		       igm_arb_read(&a, IDXGEN_REG_ARB_CMD_RESULT) == IDXGEN_ARB_R_OK &&
		       igm_arb_read(&a, IDXGEN_REG_ARB_FIFO_COUNT) == 1,
	       "CPR masked to 8 bits; LOCK command queued");
	igm_arb_serve(&a);
	igm_arb_write(&a, IDXGEN_REG_ARB_SEL, 3);
	tap_ok(igm_arb_read(&a, IDXGEN_REG_ARB_MUTEX(4)) == (IDXGEN_ARB_MUTEX_LOCKED | 3) &&
		       igm_arb_read(&a, IDXGEN_REG_ARB_REQ_HELD) == 1u << 4 &&
		       (igm_arb_read(&a, IDXGEN_REG_ARB_REQ_STATUS) & IDXGEN_ARB_RS_GRANTED) &&
		       igm_arb_read(&a, IDXGEN_REG_ARB_EVENTS) == 1u << 3 &&
		       igm_arb_take_irq(&a),
	       "grant visible in MUTEX, REQ_HELD, REQ_STATUS, EVENTS; interrupt raised");
	igm_arb_write(&a, IDXGEN_REG_ARB_REQ_STATUS, IDXGEN_ARB_RS_GRANTED);
	igm_arb_write(&a, IDXGEN_REG_ARB_CMD, IDXGEN_ARB_CMD(9, 0, 0));
	tap_ok(igm_arb_read(&a, IDXGEN_REG_ARB_EVENTS) == 0 &&
		       igm_arb_read(&a, IDXGEN_REG_ARB_CMD_RESULT) == IDXGEN_ARB_R_BAD_OP,
	       "REQ_STATUS is write-1-to-clear; unknown op rejected");
	igm_arb_write(&a, IDXGEN_REG_ARB_CMD, IDXGEN_ARB_CMD(IDXGEN_ARB_OP_UNLOCK, 5, 3));
	tap_ok(igm_arb_read(&a, IDXGEN_REG_ARB_CMD_RESULT) == IDXGEN_ARB_R_NOT_HELD,
	       "UNLOCK of a lock not held: NOT_HELD");
	igm_arb_write(&a, IDXGEN_REG_ARB_CMD, IDXGEN_ARB_CMD(IDXGEN_ARB_OP_RELEASE_ALL, 0, 3));
	tap_ok(igm_arb_read(&a, IDXGEN_REG_ARB_MUTEX(4)) == 0 &&
		       !(a.status[3] & IDXGEN_ARB_RS_LOST),
	       "RELEASE_ALL frees everything without a lost event");
	igm_arb_reset(&a, false);
	igm_arb_write(&a, IDXGEN_REG_ARB_CMD, IDXGEN_ARB_CMD(IDXGEN_ARB_OP_LOCK, 0, 0));
	tap_ok(igm_arb_read(&a, IDXGEN_REG_ARB_INFO) == 0 && a.fifo_count == 0,
	       "absent arbiter reads 0 and ignores writes");
}

/* ------------------------------------------------------------------ */
/* Randomized lock-step comparison                                     */
/* ------------------------------------------------------------------ */

/*
 * The random tests' generator: each test starts it from RNG_SEED, so that
 * "-t NAME" alone sees the same steps as the whole run.
 */
#define RNG_SEED 0x9e3779b97f4a7c15ull
static uint64_t rng = RNG_SEED;

static uint32_t rnd(uint32_t n)
{
	rng ^= rng << 13;
	rng ^= rng >> 7;
	rng ^= rng << 17;
	return (uint32_t)((rng >> 11) % n);
}

static void test_random(long steps)
{
	struct igm_arb a;
	struct ref f;
	long bad = -1, inv_bad = -1, order_bad = -1, preempt_bad = -1;
	uint64_t served = 0;

	igm_arb_reset(&a, true);
	ref_init(&f);
	for (long s = 0; s < steps && bad < 0 && inv_bad < 0; s++) {
		uint32_t op = rnd(100), r = rnd(NR + 1), l = rnd(NL + 1), rc1 = 0, rc2 = 0;

		/* phases of 200000 steps, hold limit off and on by turns */
		if (s % 200000 == 0) {
			uint32_t lim = (s / 200000) % 2 ? 1 + rnd(6) : 0;

			a.hold_limit = lim;
			f.limit = lim;
		}
		if (op < 30) {
			if (rnd(2)) {
				rc1 = (uint32_t)igm_arb_lock(&a, r, l);
			} else {
				igm_arb_write(&a, IDXGEN_REG_ARB_CMD,
					      IDXGEN_ARB_CMD(IDXGEN_ARB_OP_LOCK, l, r));
				rc1 = igm_arb_read(&a, IDXGEN_REG_ARB_CMD_RESULT);
			}
			rc2 = (uint32_t)ref_lock(&f, (int)r, (int)l);
		} else if (op < 60) {
			uint32_t e = a.fifo_count ? a.fifo[a.fifo_head] : 0;
			uint32_t h = a.fifo_count ? igm_arb_owner(&a, IGM_ARB_ENTRY_LOCK(e)) : 0;
			uint64_t p0 = a.stat_preemptions;

			/* property: the served pair is the FIFO's oldest (reference head) */
			if (f.nfifo && (IGM_ARB_ENTRY_REQ(e) != (uint32_t)f.fifo[0].r) &&
			    order_bad < 0)
				order_bad = s;
			rc1 = igm_arb_serve(&a);
			rc2 = (uint32_t)ref_serve(&f);
			served += rc1;
			/* property: a preemption only on strictly higher priority */
			if (a.stat_preemptions != p0 &&
			    !(h != IGM_ARB_NONE &&
			      a.cpr[IGM_ARB_ENTRY_REQ(e)] < a.cpr[h]) && preempt_bad < 0)
				preempt_bad = s;
		} else if (op < 80) {
			rc1 = (uint32_t)igm_arb_unlock(&a, r, l);
			rc2 = (uint32_t)ref_unlock(&f, (int)r, (int)l);
		} else if (op < 86) {
			if (r < NR) {
				uint32_t p = rnd(4);

				igm_arb_set_cpr(&a, r, p);
				f.prio[r] = (int)p;
			}
		} else if (op < 92) {
			igm_arb_job_done(&a, IDXGEN_DESC_REQ_VALID | (r % NR));
			ref_tick(&f, (int)(r % NR));
		} else if (op < 95) {
			if (r < NR) {
				igm_arb_release_all(&a, r);
				ref_drop(&f, (int)r);
				ref_lose_all(&f, (int)r, -1, 0);
			}
		} else if (op < 98) {
			if (r < NR) {
				igm_arb_cancel(&a, r);
				ref_drop(&f, (int)r);
			}
		} else {
			uint32_t bits = rnd(IDXGEN_ARB_RS_EVENT_MASK + 1);

			igm_arb_write(&a, IDXGEN_REG_ARB_SEL, r % NR);
			igm_arb_write(&a, IDXGEN_REG_ARB_REQ_STATUS, bits);
			f.ev[r % NR] &= ~bits;
		}
		if (rc1 != rc2 || !same(&a, &f)) {
			if (rc1 != rc2)
				snprintf(why, sizeof(why), "op %u: result %u, reference %u", op, rc1,
					 rc2);
			bad = s;
		} else if (!invariants(&a)) {
			inv_bad = s;
		}
	}
	if (bad >= 0 || inv_bad >= 0)
		tap_diag("step %ld: %s", bad >= 0 ? bad : inv_bad, why);
	tap_ok(bad < 0, "%ld random steps: model == reference (state, results, stats)", steps);
	tap_ok(inv_bad < 0, "invariants after every step: waiters hold nothing, no wait chain");
	tap_ok(order_bad < 0, "FIFO pairs served in request order");
	tap_ok(preempt_bad < 0, "every preemption by a strictly higher priority");
	tap_diag("served %" PRIu64 " pairs: %" PRIu64 " grants, %" PRIu64 " preemptions, %" PRIu64
		 " denials, %" PRIu64 " hold-limit releases, max depth %u",
		 served, a.stat_grants, a.stat_preemptions, a.stat_denials,
		 a.stat_hold_releases, a.stat_max_depth);
	tap_ok(a.stat_preemptions && a.stat_denials && a.stat_hold_releases &&
		       a.stat_max_depth >= 4,
	       "the random run covered preemption, denial, hold limit and a deep FIFO");
}

/* ------------------------------------------------------------------ */
/* Liveness: agents needing several locks                              */
/* ------------------------------------------------------------------ */

struct agent {
	uint32_t want;		/* locks needed for the critical section */
	uint32_t hold_left;	/* steps to stay in it */
	uint64_t done;		/* critical sections completed */
	uint64_t last_done;	/* step of the last completion */
	uint64_t max_gap;
};

/* Returns the most steps any agent went without completing. */
static uint64_t simulate(uint32_t nag, const uint32_t *prio, uint32_t limit, uint64_t steps,
			 struct agent *ag, int *stuck)
{
	struct igm_arb a;

	igm_arb_reset(&a, true);
	a.hold_limit = limit;
	*stuck = 0;
	for (uint32_t i = 0; i < nag; i++) {
		igm_arb_set_cpr(&a, i, prio[i]);
		memset(&ag[i], 0, sizeof(ag[i]));
		ag[i].want = (1u << rnd(NL)) | (1u << rnd(NL));
	}
	for (uint64_t s = 1; s <= steps; s++) {
		uint32_t i = rnd(nag + 1);
		uint32_t held;

		if (i == nag) {
			igm_arb_serve(&a);
			continue;
		}
		held = igm_arb_held(&a, i);
		if ((held & ag[i].want) == ag[i].want) {
			/* inside: each step is one job, counted by the hold counter */
			if (ag[i].hold_left == 0) {
				ag[i].hold_left = 1 + rnd(3);
			} else if (--ag[i].hold_left == 0) {
				igm_arb_release_all(&a, i);
				ag[i].done++;
				if (s - ag[i].last_done > ag[i].max_gap)
					ag[i].max_gap = s - ag[i].last_done;
				ag[i].last_done = s;
				ag[i].want = (1u << rnd(NL)) | (1u << rnd(NL));
				continue;
			}
			igm_arb_job_done(&a, IDXGEN_DESC_REQ_VALID | i);
		} else if (!a.pending[i] && !a.waiting[i]) {
			/* ask for a missing lock, in random order */
			uint32_t miss = ag[i].want & ~held, l;

			do
				l = rnd(NL);
			while (!(miss & (1u << l)));
			igm_arb_lock(&a, i, l);
		}
		/* deadlock: every agent waits and the FIFO is empty */
		if (s % 64 == 0) {
			uint32_t w = 0;

			for (uint32_t k = 0; k < nag; k++)
				w += a.waiting[k] != 0;
			if (w == nag && !a.fifo_count)
				*stuck = 1;
		}
	}
	uint64_t gap = 0;

	for (uint32_t i = 0; i < nag; i++) {
		uint64_t g = ag[i].max_gap > steps - ag[i].last_done ? ag[i].max_gap :
								       steps - ag[i].last_done;
		if (g > gap)
			gap = g;
	}
	return gap;
}

static void test_liveness(uint64_t steps)
{
	static const uint32_t eq[8] = { 1, 1, 1, 1, 1, 1, 1, 1 };
	static const uint32_t mixed[8] = { 0, 1, 1, 2, 2, 3, 3, 3 };
	struct agent ag[8];
	uint64_t gap, total = 0, min = UINT64_MAX;
	int stuck;

	gap = simulate(8, eq, 4, steps, ag, &stuck);
	for (int i = 0; i < 8; i++) {
		total += ag[i].done;
		if (ag[i].done < min)
			min = ag[i].done;
	}
	tap_diag("equal priorities, hold limit 4: %" PRIu64 " critical sections, fewest %" PRIu64
		 ", longest gap %" PRIu64 " steps",
		 total, min, gap);
	tap_ok(!stuck && min > 0 && gap < steps / 10,
	       "8 agents x 2 locks, equal priority, hold limit: no deadlock, nobody starves");

	gap = simulate(8, mixed, 4, steps, ag, &stuck);
	total = 0;
	for (int i = 0; i < 8; i++)
		total += ag[i].done;
	tap_diag("mixed priorities 0,1,1,2,2,3,3,3, hold limit 4: per agent %" PRIu64 " %" PRIu64
		 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64 " %" PRIu64,
		 ag[0].done, ag[1].done, ag[2].done, ag[3].done, ag[4].done, ag[5].done,
		 ag[6].done, ag[7].done);
	tap_ok(!stuck && total > 0 && ag[0].done >= ag[7].done,
	       "mixed priorities: no deadlock, priority 0 does at least as well as priority 3");
}

/* IDXGEN_ARB_STEPS overrides the random comparison's steps (liveness: half). */
static long arb_steps(void)
{
	const char *e = getenv("IDXGEN_ARB_STEPS");

	return e ? atol(e) : 2000000;
}

TAP_TEST(random)
{
	rng = RNG_SEED;
	test_random(arb_steps());
}

TAP_TEST(liveness)
{
	rng = RNG_SEED;
	test_liveness((uint64_t)arb_steps() / 2);
}

int main(int argc, char **argv)
{
	return tap_main(argc, argv);
}
