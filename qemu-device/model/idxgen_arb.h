/* SPDX-License-Identifier: MIT */
/*
 * idxgen_arb.h - the priority arbiter (docs/design.md#arbiter).
 *
 * Pure C11, no QEMU or kernel headers: the one implementation of the
 * competitive priority registers, the mutex words, the arbiter FIFO of
 * (requester, holder) pairs and the hold counter.  Used by the QEMU device
 * (qemu-device/idxgen.c), by libidxgen's emulation backend (lib/emu.c) and
 * by the host tests.  The rules are those of include/idxgen_hw.h
 * ("Priority arbitration") and docs/hardware.md ("Arbiter").
 *
 * The state is plain integers and arrays so that the QEMU device can
 * migrate it field by field.
 */
#ifndef IDXGEN_ARB_H
#define IDXGEN_ARB_H

#include <stdbool.h>
#include <stdint.h>

#include "idxgen_hw.h"

#define IGM_ARB_NONE		0xffu	/* no lock / no requester */

/* A FIFO entry packed in one word: requester | holder << 8 | lock << 16 */
#define IGM_ARB_ENTRY(req, holder, lock) \
	((uint32_t)(req) | (uint32_t)(holder) << 8 | (uint32_t)(lock) << 16)
#define IGM_ARB_ENTRY_REQ(e)		((e) & 0xffu)
#define IGM_ARB_ENTRY_HOLDER(e)	(((e) >> 8) & 0xffu)
#define IGM_ARB_ENTRY_LOCK(e)	(((e) >> 16) & 0xffu)

struct igm_arb {
	uint32_t enabled;			/* MUTEX_ARB on: else reads 0 */
	uint32_t ctrl;				/* IDXGEN_ARB_CTRL_* */
	uint32_t hold_limit;
	uint32_t sel;				/* ARB_SEL */
	uint32_t cmd_result;			/* IDXGEN_ARB_R_* */
	uint32_t mutex[IDXGEN_ARB_LOCKS];	/* LOCKED | owner */
	uint32_t cpr[IDXGEN_ARB_REQUESTERS];
	uint32_t status[IDXGEN_ARB_REQUESTERS];	/* IDXGEN_ARB_RS_* event bits */
	uint32_t req_lock[IDXGEN_ARB_REQUESTERS];	/* lock requested/waited, or NONE */
	uint32_t pending[IDXGEN_ARB_REQUESTERS];	/* 1: request in the FIFO */
	uint32_t waiting[IDXGEN_ARB_REQUESTERS];	/* 1: denied, waiting for req_lock */
	uint64_t wait_seq[IDXGEN_ARB_REQUESTERS];	/* when it started to wait */
	uint32_t hold_count[IDXGEN_ARB_REQUESTERS];
	uint32_t lost_count[IDXGEN_ARB_REQUESTERS];
	uint32_t fifo[IDXGEN_ARB_FIFO_DEPTH];	/* IGM_ARB_ENTRY() */
	uint32_t fifo_head, fifo_count;
	uint64_t seq;
	uint32_t irq;				/* 1: an event was raised since last taken */
	uint64_t stat_grants, stat_preemptions, stat_hold_releases, stat_denials;
	uint32_t stat_max_depth;
};

/* Power-on state; enabled says whether the feature is present. */
void igm_arb_reset(struct igm_arb *a, bool enabled);

/* Commands (ARB_CMD); each returns an IDXGEN_ARB_R_* code. */
int igm_arb_lock(struct igm_arb *a, uint32_t req, uint32_t lock);
int igm_arb_unlock(struct igm_arb *a, uint32_t req, uint32_t lock);
int igm_arb_release_all(struct igm_arb *a, uint32_t req);
int igm_arb_cancel(struct igm_arb *a, uint32_t req);
int igm_arb_set_cpr(struct igm_arb *a, uint32_t req, uint32_t cpr);

/* Serve the FIFO head; false if the FIFO was empty. */
bool igm_arb_serve(struct igm_arb *a);

/* Holder of a lock or IGM_ARB_NONE; bitmap of the locks req holds. */
uint32_t igm_arb_owner(const struct igm_arb *a, uint32_t lock);
uint32_t igm_arb_held(const struct igm_arb *a, uint32_t req);

/*
 * Jobs.  igm_arb_job_check(): IDXGEN_CPL_OK, or IDXGEN_CPL_NOT_LOCK_HOLDER
 * for a shared job (desc flags) under ARB_CTRL.ENFORCE whose requester
 * (desc.requester) does not hold lock 0.  igm_arb_job_done(): a job of
 * that requester completed (hold counter tick).
 */
int igm_arb_job_check(const struct igm_arb *a, uint32_t flags, uint32_t requester);
void igm_arb_job_done(struct igm_arb *a, uint32_t requester);

/* Take (and clear) the "event raised" flag: true = raise IRQ_STATUS.ARB. */
bool igm_arb_take_irq(struct igm_arb *a);

/* Register block 0x300..0x3ff (off relative to BAR0); 32-bit accesses. */
uint32_t igm_arb_read(const struct igm_arb *a, uint32_t off);
void igm_arb_write(struct igm_arb *a, uint32_t off, uint32_t val);

#endif /* IDXGEN_ARB_H */
