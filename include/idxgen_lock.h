/* SPDX-License-Identifier: MIT */
/*
 * idxgen_lock.h - the device's priority-aware mutexes (docs/design.md#arbiter).
 *
 * A context holds locks with the priority it was created with (HIGH beats
 * NORMAL beats LOW).  Lock IDXGEN_LOCK_SHARED guards the shared region: a
 * job on the shared region runs only while its context holds it (else its
 * result has status NOT_LOCK_HOLDER).  The others are general mutexes for
 * cooperating processes.  The arbiter's rules (docs/hardware.md "Arbiter"):
 *  - a request from a strictly higher priority takes the lock away from its
 *    holder, which loses ALL its locks;
 *  - an equal or lower priority waits, and releases the locks it holds;
 *  - with a hold limit set, a holder loses its locks after that many ticks
 *    (its jobs, and requests denied because of it).
 * So a lock can be lost at any time: check idxgen_lock_lost() after reading
 * what the lock protected, or use idxgen_run_shared(), which does it.
 */
#ifndef IDXGEN_LOCK_H
#define IDXGEN_LOCK_H

#include "idxgen.h"

#ifdef __cplusplus
extern "C" {
#endif

#define IDXGEN_LOCK_SHARED	0	/* guards the shared region */
#define IDXGEN_LOCKS_MAX	8	/* idxgen_lock_state().locks says how many */

/*
 * Take lock for ctx.  timeout_ns < 0: wait as long as needed; 0: one try
 * (-EBUSY if not granted); > 0: wait at most that long (-ETIMEDOUT).
 * Other errors: -EINVAL (ctx NULL, unknown lock), -EDEADLK (ctx holds it
 * already), -EBUSY (another thread of ctx is waiting for a lock), -ENOSPC
 * (all the device's requesters are in use by other contexts), -EINTR.
 * Waiting, or failing to get the lock, releases the locks ctx held.
 */
IDXGEN_EXPORT int idxgen_lock(struct idxgen_context *ctx, unsigned int lock, int64_t timeout_ns);
/* Release a held lock: -EPERM if ctx does not hold it, -EINVAL unknown lock. */
IDXGEN_EXPORT int idxgen_unlock(struct idxgen_context *ctx, unsigned int lock);
/*
 * -EAGAIN if ctx lost locks since the last call (then cleared), else 0.
 * *count (if not NULL): times ctx lost locks in total.
 */
IDXGEN_EXPORT int idxgen_lock_lost(struct idxgen_context *ctx, uint64_t *count);
/*
 * *held = bitmap of the locks ctx holds now.  A lock still held was held
 * without a break since idxgen_lock() returned (only a request can grant
 * it again), which makes this the check after reading protected data.
 */
IDXGEN_EXPORT int idxgen_lock_held(struct idxgen_context *ctx, uint32_t *held);

/*
 * The safe way to use the shared region: take lock 0, run cfg (its target
 * must be the shared region), copy its output (idxgen_config_bytes(cfg)
 * bytes, dst_size at least that) to dst, and release the lock.  If the lock
 * was lost before the copy was complete the output may be someone else's:
 * the whole sequence runs again (up to 64 times, then -EAGAIN).  *res (if
 * not NULL) is the last run's result; *reruns (if not NULL) how many times
 * it was re-run.  Returns 0, or idxgen_run()'s and idxgen_lock()'s errors.
 */
IDXGEN_EXPORT int idxgen_run_shared(struct idxgen_context *ctx, const struct idxgen_config *cfg,
				    void *dst, size_t dst_size, struct idxgen_job_result *res,
				    unsigned int *reruns);

/* The arbiter as a whole, for monitoring (`idxgen locks`). */
struct idxgen_lock_requester {
	uint32_t ctx_id;	/* 0: requester free */
	int32_t pid;		/* process that owns the context (-1 unknown) */
	uint32_t cpr;		/* competitive priority, 0 = highest */
	uint32_t held;		/* bitmap of locks held */
	int32_t waiting;	/* lock waited for, -1 none */
	uint32_t hold_count;
	uint64_t lost_count;
	uint64_t grants;
	uint64_t wait_ns;
};

struct idxgen_lock_state {
	uint32_t locks, requesters;
	bool enforce;		/* shared-region jobs need lock 0 */
	uint32_t hold_limit;	/* 0 = off */
	uint32_t fifo_count, max_depth;
	uint64_t grants, preemptions, hold_releases, denials;
	int32_t owner[IDXGEN_LOCKS_MAX];	/* requester index, -1 free */
	struct idxgen_lock_requester req[16];
};

IDXGEN_EXPORT int idxgen_lock_state(struct idxgen_device *dev, struct idxgen_lock_state *st);
/* Set the hold limit (0 off) and enforcement; a real device needs CAP_SYS_ADMIN. */
IDXGEN_EXPORT int idxgen_lock_config(struct idxgen_device *dev, uint32_t hold_limit,
				     bool enforce);

#ifdef __cplusplus
}
#endif

#endif /* IDXGEN_LOCK_H */
