/* SPDX-License-Identifier: MIT */
/*
 * idxgen_arb.c - the priority arbiter (docs/design.md#arbiter).
 *
 * See idxgen_arb.h and include/idxgen_hw.h for the rules.  Invariants kept
 * by every operation (the host test checks them after each step):
 *  - a lock is free or has exactly one owner, and a free lock has no waiter;
 *  - a waiting requester holds no lock (so no wait-for cycle can form);
 *  - a requester has at most one request in the FIFO or one wait, not both.
 */
#include <string.h>

#include "idxgen_arb.h"

static void arb_event(struct igm_arb *a, uint32_t r, uint32_t bits)
{
	a->status[r] |= bits;
	a->irq = 1;
}

uint32_t igm_arb_owner(const struct igm_arb *a, uint32_t lock)
{
	if (lock >= IDXGEN_ARB_LOCKS || !(a->mutex[lock] & IDXGEN_ARB_MUTEX_LOCKED))
		return IGM_ARB_NONE;
	return a->mutex[lock] & IDXGEN_ARB_MUTEX_OWNER_MASK;
}

uint32_t igm_arb_held(const struct igm_arb *a, uint32_t req)
{
	uint32_t held = 0;

	for (uint32_t l = 0; l < IDXGEN_ARB_LOCKS; l++)
		if (igm_arb_owner(a, l) == req)
			held |= 1u << l;
	return held;
}

static void arb_grant(struct igm_arb *a, uint32_t r, uint32_t lock)
{
	if (!igm_arb_held(a, r))
		a->hold_count[r] = 0;
	a->mutex[lock] = IDXGEN_ARB_MUTEX_LOCKED | r;
	a->stat_grants++;
	arb_event(a, r, IDXGEN_ARB_RS_GRANTED);
}

/* A freed lock goes to its best waiter: lowest CPR, then longest waiting. */
static void arb_hand_over(struct igm_arb *a, uint32_t lock)
{
	uint32_t best = IGM_ARB_NONE;

	for (uint32_t r = 0; r < IDXGEN_ARB_REQUESTERS; r++) {
		if (!a->waiting[r] || a->req_lock[r] != lock)
			continue;
		if (best == IGM_ARB_NONE || a->cpr[r] < a->cpr[best] ||
		    (a->cpr[r] == a->cpr[best] && a->wait_seq[r] < a->wait_seq[best]))
			best = r;
	}
	if (best == IGM_ARB_NONE)
		return;
	a->waiting[best] = 0;
	a->req_lock[best] = IGM_ARB_NONE;
	arb_grant(a, best, lock);
}

/*
 * Free every lock r holds (except 'keep', which the caller reassigns) and
 * hand each to its waiters.  lost: event bits to report, 0 if voluntary.
 */
static void arb_release_locks(struct igm_arb *a, uint32_t r, uint32_t keep, uint32_t lost)
{
	uint32_t held = igm_arb_held(a, r);

	if (!held)
		return;
	for (uint32_t l = 0; l < IDXGEN_ARB_LOCKS; l++)
		if (held & (1u << l))
			a->mutex[l] = 0;
	a->hold_count[r] = 0;
	if (lost) {
		a->lost_count[r]++;
		arb_event(a, r, IDXGEN_ARB_RS_LOST | lost);
	}
	for (uint32_t l = 0; l < IDXGEN_ARB_LOCKS; l++)
		if ((held & (1u << l)) && l != keep)
			arb_hand_over(a, l);
}

static void arb_tick(struct igm_arb *a, uint32_t r)
{
	if (!igm_arb_held(a, r))
		return;
	a->hold_count[r]++;
	if (a->hold_limit && a->hold_count[r] >= a->hold_limit) {
		a->stat_hold_releases++;
		arb_release_locks(a, r, IGM_ARB_NONE, IDXGEN_ARB_RS_LOST_HOLD_LIMIT);
	}
}

void igm_arb_reset(struct igm_arb *a, bool enabled)
{
	memset(a, 0, sizeof(*a));
	a->enabled = enabled;
	for (uint32_t r = 0; r < IDXGEN_ARB_REQUESTERS; r++)
		a->req_lock[r] = IGM_ARB_NONE;
}

int igm_arb_lock(struct igm_arb *a, uint32_t req, uint32_t lock)
{
	if (req >= IDXGEN_ARB_REQUESTERS)
		return IDXGEN_ARB_R_BAD_REQUESTER;
	if (lock >= IDXGEN_ARB_LOCKS)
		return IDXGEN_ARB_R_BAD_LOCK;
	if (igm_arb_owner(a, lock) == req)
		return IDXGEN_ARB_R_HELD;
	if (a->pending[req] || a->waiting[req])
		return IDXGEN_ARB_R_BUSY;
	/* at most one entry per requester: the FIFO cannot overflow */
	a->fifo[(a->fifo_head + a->fifo_count) % IDXGEN_ARB_FIFO_DEPTH] =
		IGM_ARB_ENTRY(req, igm_arb_owner(a, lock), lock);
	a->fifo_count++;
	if (a->fifo_count > a->stat_max_depth)
		a->stat_max_depth = a->fifo_count;
	a->pending[req] = 1;
	a->req_lock[req] = lock;
	return IDXGEN_ARB_R_OK;
}

bool igm_arb_serve(struct igm_arb *a)
{
	uint32_t e, r, lock, h;

	if (!a->fifo_count)
		return false;
	e = a->fifo[a->fifo_head];
	a->fifo_head = (a->fifo_head + 1) % IDXGEN_ARB_FIFO_DEPTH;
	a->fifo_count--;
	r = IGM_ARB_ENTRY_REQ(e);
	lock = IGM_ARB_ENTRY_LOCK(e);
	a->pending[r] = 0;
	/* the pair names the holder at request time; the arbiter compares with the current one */
	h = igm_arb_owner(a, lock);
	if (h == IGM_ARB_NONE) {
		a->req_lock[r] = IGM_ARB_NONE;
		arb_grant(a, r, lock);
	} else if (a->cpr[r] < a->cpr[h]) {
		a->stat_preemptions++;
		arb_release_locks(a, h, lock, IDXGEN_ARB_RS_LOST_PREEMPT);
		a->req_lock[r] = IGM_ARB_NONE;
		arb_grant(a, r, lock);
	} else {
		a->stat_denials++;
		arb_release_locks(a, r, IGM_ARB_NONE, IDXGEN_ARB_RS_LOST_YIELD);
		a->waiting[r] = 1;
		a->wait_seq[r] = ++a->seq;
		arb_event(a, r, IDXGEN_ARB_RS_DENIED);
		arb_tick(a, h);
	}
	return true;
}

static void arb_drop_request(struct igm_arb *a, uint32_t req)
{
	if (a->pending[req]) {
		uint32_t n = 0;

		for (uint32_t i = 0; i < a->fifo_count; i++) {
			uint32_t e = a->fifo[(a->fifo_head + i) % IDXGEN_ARB_FIFO_DEPTH];

			if (IGM_ARB_ENTRY_REQ(e) != req)
				a->fifo[(a->fifo_head + n++) % IDXGEN_ARB_FIFO_DEPTH] = e;
		}
		a->fifo_count = n;
	}
	a->pending[req] = 0;
	a->waiting[req] = 0;
	a->req_lock[req] = IGM_ARB_NONE;
}

int igm_arb_unlock(struct igm_arb *a, uint32_t req, uint32_t lock)
{
	if (req >= IDXGEN_ARB_REQUESTERS)
		return IDXGEN_ARB_R_BAD_REQUESTER;
	if (lock >= IDXGEN_ARB_LOCKS)
		return IDXGEN_ARB_R_BAD_LOCK;
	if (igm_arb_owner(a, lock) != req)
		return IDXGEN_ARB_R_NOT_HELD;
	a->mutex[lock] = 0;
	if (!igm_arb_held(a, req))
		a->hold_count[req] = 0;
	arb_hand_over(a, lock);
	return IDXGEN_ARB_R_OK;
}

int igm_arb_release_all(struct igm_arb *a, uint32_t req)
{
	if (req >= IDXGEN_ARB_REQUESTERS)
		return IDXGEN_ARB_R_BAD_REQUESTER;
	arb_drop_request(a, req);
	arb_release_locks(a, req, IGM_ARB_NONE, 0);
	return IDXGEN_ARB_R_OK;
}

int igm_arb_cancel(struct igm_arb *a, uint32_t req)
{
	if (req >= IDXGEN_ARB_REQUESTERS)
		return IDXGEN_ARB_R_BAD_REQUESTER;
	arb_drop_request(a, req);
	return IDXGEN_ARB_R_OK;
}

int igm_arb_set_cpr(struct igm_arb *a, uint32_t req, uint32_t cpr)
{
	if (req >= IDXGEN_ARB_REQUESTERS)
		return IDXGEN_ARB_R_BAD_REQUESTER;
	a->cpr[req] = cpr & IDXGEN_ARB_CPR_MAX;
	return IDXGEN_ARB_R_OK;
}

int igm_arb_job_check(const struct igm_arb *a, uint32_t flags, uint32_t requester)
{
	if (!a->enabled || !(a->ctrl & IDXGEN_ARB_CTRL_ENFORCE) ||
	    !(flags & IDXGEN_DESC_F_SHARED))
		return IDXGEN_CPL_OK;
	if (!(requester & IDXGEN_DESC_REQ_VALID) ||
	    igm_arb_owner(a, IDXGEN_ARB_SHARED_LOCK) !=
		    (requester & IDXGEN_DESC_REQ_ID_MASK))
		return IDXGEN_CPL_NOT_LOCK_HOLDER;
	return IDXGEN_CPL_OK;
}

void igm_arb_job_done(struct igm_arb *a, uint32_t requester)
{
	if (a->enabled && (requester & IDXGEN_DESC_REQ_VALID))
		arb_tick(a, requester & IDXGEN_DESC_REQ_ID_MASK);
}

bool igm_arb_take_irq(struct igm_arb *a)
{
	bool r = a->irq;

	a->irq = 0;
	return r;
}

/* ------------------------------------------------------------------ */
/* Registers                                                           */
/* ------------------------------------------------------------------ */

static uint32_t arb_req_status(const struct igm_arb *a, uint32_t r)
{
	uint32_t s = a->status[r];

	if (a->pending[r])
		s |= IDXGEN_ARB_RS_PENDING;
	if (a->waiting[r])
		s |= IDXGEN_ARB_RS_WAITING;
	if (a->pending[r] || a->waiting[r])
		s |= a->req_lock[r] << IDXGEN_ARB_RS_LOCK_SHIFT;
	return s;
}

uint32_t igm_arb_read(const struct igm_arb *a, uint32_t off)
{
	uint32_t r = a->sel;
	uint32_t ev = 0;

	if (!a->enabled)
		return 0;
	if (off >= IDXGEN_REG_ARB_MUTEX(0) && off < IDXGEN_REG_ARB_MUTEX(IDXGEN_ARB_LOCKS) &&
	    !(off & 3))
		return a->mutex[(off - IDXGEN_REG_ARB_MUTEX(0)) / 4];
	if (off >= IDXGEN_REG_ARB_CPR(0) && off < IDXGEN_REG_ARB_CPR(IDXGEN_ARB_REQUESTERS) &&
	    !(off & 3))
		return a->cpr[(off - IDXGEN_REG_ARB_CPR(0)) / 4];
	switch (off) {
	case IDXGEN_REG_ARB_CTRL:
		return a->ctrl;
	case IDXGEN_REG_ARB_INFO:
		return IDXGEN_ARB_REQUESTERS | IDXGEN_ARB_LOCKS << 8 | IDXGEN_ARB_FIFO_DEPTH << 16;
	case IDXGEN_REG_ARB_HOLD_LIMIT:
		return a->hold_limit;
	case IDXGEN_REG_ARB_CMD_RESULT:
		return a->cmd_result;
	case IDXGEN_REG_ARB_EVENTS:
		for (uint32_t i = 0; i < IDXGEN_ARB_REQUESTERS; i++)
			if (a->status[i] & IDXGEN_ARB_RS_EVENT_MASK)
				ev |= 1u << i;
		return ev;
	case IDXGEN_REG_ARB_FIFO_COUNT:
		return a->fifo_count;
	case IDXGEN_REG_ARB_SEL:
		return a->sel;
	case IDXGEN_REG_ARB_STAT_GRANTS:
		return (uint32_t)a->stat_grants;
	case IDXGEN_REG_ARB_STAT_GRANTS + 4:
		return (uint32_t)(a->stat_grants >> 32);
	case IDXGEN_REG_ARB_STAT_PREEMPTIONS:
		return (uint32_t)a->stat_preemptions;
	case IDXGEN_REG_ARB_STAT_PREEMPTIONS + 4:
		return (uint32_t)(a->stat_preemptions >> 32);
	case IDXGEN_REG_ARB_STAT_HOLD_RELEASES:
		return (uint32_t)a->stat_hold_releases;
	case IDXGEN_REG_ARB_STAT_HOLD_RELEASES + 4:
		return (uint32_t)(a->stat_hold_releases >> 32);
	case IDXGEN_REG_ARB_STAT_DENIALS:
		return (uint32_t)a->stat_denials;
	case IDXGEN_REG_ARB_STAT_DENIALS + 4:
		return (uint32_t)(a->stat_denials >> 32);
	case IDXGEN_REG_ARB_STAT_MAX_DEPTH:
		return a->stat_max_depth;
	case IDXGEN_REG_ARB_REQ_STATUS:
		return arb_req_status(a, r);
	case IDXGEN_REG_ARB_REQ_HELD:
		return igm_arb_held(a, r);
	case IDXGEN_REG_ARB_REQ_HOLD_COUNT:
		return a->hold_count[r];
	case IDXGEN_REG_ARB_REQ_LOST_COUNT:
		return a->lost_count[r];
	default:
		return 0;
	}
}

static int arb_command(struct igm_arb *a, uint32_t val)
{
	uint32_t op = val >> 24, lock = (val >> 8) & 0xff, req = val & 0xff;

	if (val & 0x00ff0000u)
		return IDXGEN_ARB_R_BAD_OP;
	switch (op) {
	case IDXGEN_ARB_OP_LOCK:
		return igm_arb_lock(a, req, lock);
	case IDXGEN_ARB_OP_UNLOCK:
		return igm_arb_unlock(a, req, lock);
	case IDXGEN_ARB_OP_RELEASE_ALL:
		return lock ? IDXGEN_ARB_R_BAD_OP : igm_arb_release_all(a, req);
	case IDXGEN_ARB_OP_CANCEL:
		return lock ? IDXGEN_ARB_R_BAD_OP : igm_arb_cancel(a, req);
	default:
		return IDXGEN_ARB_R_BAD_OP;
	}
}

void igm_arb_write(struct igm_arb *a, uint32_t off, uint32_t val)
{
	if (!a->enabled)
		return;
	if (off >= IDXGEN_REG_ARB_CPR(0) && off < IDXGEN_REG_ARB_CPR(IDXGEN_ARB_REQUESTERS) &&
	    !(off & 3)) {
		igm_arb_set_cpr(a, (off - IDXGEN_REG_ARB_CPR(0)) / 4, val);
		return;
	}
	switch (off) {
	case IDXGEN_REG_ARB_CTRL:
		a->ctrl = val & IDXGEN_ARB_CTRL_VALID_MASK;
		break;
	case IDXGEN_REG_ARB_HOLD_LIMIT:
		a->hold_limit = val;
		break;
	case IDXGEN_REG_ARB_CMD:
		a->cmd_result = (uint32_t)arb_command(a, val);
		break;
	case IDXGEN_REG_ARB_SEL:
		a->sel = val & (IDXGEN_ARB_REQUESTERS - 1);
		break;
	case IDXGEN_REG_ARB_REQ_STATUS:
		a->status[a->sel] &= ~(val & IDXGEN_ARB_RS_EVENT_MASK);
		break;
	default:
		break;	/* read-only or reserved: ignored */
	}
}
