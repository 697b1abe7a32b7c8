// SPDX-License-Identifier: MIT
/*
 * test_lib_locks.c - the libidxgen suite (test_lib.c): priority arbitration
 * (docs/design.md#arbiter): bad input, waiting and releasing, preemption,
 * a blocked waiter, lock state, the shared region.
 */
#include "test_lib.h"
#include <pthread.h>
#include <time.h>

struct lock_waiter {
	struct idxgen_context *ctx;
	unsigned int lock;
	int ret;
};

static void *lock_waiter_main(void *arg)
{
	struct lock_waiter *w = arg;

	/* no timeout: the holder unlocks once it sees this wait (or after its bound) */
	w->ret = idxgen_lock(w->ctx, w->lock, -1);
	return NULL;
}

/*
 * The arbiter's settings belong to the device, not to this process: a program
 * before this one (the ioctl fuzzer runs as root in the VM) may have left
 * enforcement off or a hold limit set, and then a shared-region job without
 * lock 0 runs and locks are taken back.  These tests are about the driver's
 * defaults (enforce on, no hold limit): set them first, saying what was found.
 */
static bool arb_defaults(void)
{
	struct idxgen_lock_state st;

	if (!OK(idxgen_lock_state(dev, &st)))
		return false;
	if (st.enforce && !st.hold_limit)
		return true;
	tap_diag("the arbiter was left with enforce %s, hold limit %u: set to on, 0",
		 st.enforce ? "on" : "off", st.hold_limit);
	return OK(idxgen_lock_config(dev, 0, true)) && OK(idxgen_lock_state(dev, &st)) &&
	       st.enforce && !st.hold_limit;
}

void test_locks(void)
{
	struct idxgen_context *lo, *mid, *hi, *tmp;
	struct idxgen_lock_state st;
	struct idxgen_job_result r;
	struct idxgen_config cfg;
	struct idxgen_region *sh;
	struct lock_waiter w;
	pthread_t th;
	uint64_t lost;
	unsigned int reruns;
	uint8_t *buf;
	int ret, seen;

	if (!arb_defaults()) {
		tap_ok(0, "locks: the arbiter set to the driver's defaults (enforce on, no limit)");
		return;
	}
	if (!OK(idxgen_context_create(dev, IDXGEN_PRIORITY_LOW, &lo)) ||
	    !OK(idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &mid))) {
		tap_ok(0, "locks: contexts");
		return;
	}
	ret = idxgen_context_create(dev, IDXGEN_PRIORITY_HIGH, &hi);
	if (ret == -EPERM)
		ret = idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &hi);

	/* bad input */
	tap_ok(idxgen_lock(NULL, 0, 0) == -EINVAL && idxgen_lock(lo, IDXGEN_LOCKS_MAX, 0) == -EINVAL &&
	       idxgen_unlock(lo, 99) == -EINVAL && idxgen_lock_lost(NULL, NULL) == -EINVAL,
	       "lock/unlock: NULL context or unknown lock: -EINVAL");
	tap_ok(idxgen_unlock(lo, 1) == -EPERM, "unlock of a lock not held: -EPERM");
	tap_ok(OK(idxgen_lock(lo, 1, 0)) && idxgen_lock(lo, 1, 0) == -EDEADLK,
	       "try-lock a free lock: 0; again: -EDEADLK");
	tap_ok(OK(idxgen_lock(lo, 2, SEC)) && OK(idxgen_lock_lost(lo, &lost)) && lost == 0,
	       "second lock with a timeout; nothing lost yet");

	/* equal or lower priority: waits (here: gives up) and releases what it holds */
	tap_ok(OK(idxgen_lock(mid, 3, 0)), "normal takes lock 3");
	tap_ok(idxgen_lock(lo, 3, 0) == -EBUSY, "low try-locks lock 3: -EBUSY");
	tap_ok(idxgen_lock_lost(lo, &lost) == -EAGAIN && lost == 1 && idxgen_unlock(lo, 1) == -EPERM,
	       "and it released locks 1 and 2: lost reported once (-EAGAIN), count 1");
	tap_ok(OK(idxgen_lock_lost(lo, NULL)), "lost is cleared by the query");
	tap_ok(idxgen_lock(lo, 3, 2000000) == -ETIMEDOUT, "low waits 2 ms for lock 3: -ETIMEDOUT");

	/* strictly higher priority preempts: the holder loses ALL its locks */
	tap_ok(OK(idxgen_lock(mid, 4, 0)), "normal also takes lock 4");
	if (!ret) {
		tap_ok(OK(idxgen_lock(hi, 3, SEC)), "high gets lock 3 at once");
		tap_ok(idxgen_lock_lost(mid, &lost) == -EAGAIN && lost == 1 &&
			       idxgen_unlock(mid, 4) == -EPERM && idxgen_unlock(mid, 3) == -EPERM,
		       "normal was preempted: lost locks 3 and 4");
		tap_ok(OK(idxgen_unlock(hi, 3)), "high unlocks");
	} else {
		tap_ok(0, "third context: %s", idxgen_strerror(ret));
	}

	/* a blocked waiter gets the lock when the holder unlocks */
	tap_ok(OK(idxgen_lock(mid, 5, -1)), "normal takes lock 5");
	w = (struct lock_waiter){ .ctx = lo, .lock = 5, .ret = 1 };
	pthread_create(&th, NULL, lock_waiter_main, &w);
	/*
	 * Until the waiter is registered with the arbiter, however long that
	 * takes under load; the bound (LIB_HANG_GUARD_S) only keeps a broken
	 * arbiter from hanging the suite, and then fails the test.
	 */
	seen = 0;
	for (int k = 0; k < LIB_HANG_GUARD_S * 1000 && !seen; k++) {
		struct timespec ts = { 0, 1000000 };

		nanosleep(&ts, NULL);
		if (OK(idxgen_lock_state(dev, &st)))
			for (unsigned int q = 0; q < st.requesters; q++)
				seen |= st.req[q].waiting == 5;
	}
	tap_ok(OK(idxgen_unlock(mid, 5)) && seen, "normal unlocks lock 5 while low waits");
	pthread_join(th, NULL);
	tap_ok(w.ret == 0, "the waiting thread got lock 5");
	/* the call first: the figures below are the state it read, not the one before */
	ret = idxgen_lock_state(dev, &st);
	tap_diag("lock state: %u locks, %u requesters, %" PRIu64 " grants", st.locks, st.requesters,
		 st.grants);
	tap_ok(OK(ret) && st.locks >= 8 && st.requesters >= 3 && st.owner[5] >= 0 &&
		       st.req[st.owner[5]].ctx_id != 0 && st.grants >= 5,
	       "lock state: lock 5 owned, at least 8 locks, 3 requesters, 5 grants");

	/* destroying a context frees its locks */
	tap_ok(OK(idxgen_context_create(dev, IDXGEN_PRIORITY_LOW, &tmp)) &&
		       OK(idxgen_lock(tmp, 6, 0)) && OK(idxgen_context_destroy(tmp)) &&
		       OK(idxgen_lock(lo, 6, 0)),
	       "context destroyed while holding lock 6: lock 6 is free again");

	/* shared region: not without lock 0; safe by idxgen_run_shared */
	if (!OK(idxgen_region_shared(dev, &sh))) {
		tap_ok(0, "shared region");
		goto out;
	}
	idxgen_config_init(&cfg, dev, 16, 8, 2, 32);
	idxgen_config_target(&cfg, sh, 256);
	ret = idxgen_run(lo, &cfg, &r);
	tap_ok(ret == -EIO && r.status == IDXGEN_CPL_NOT_LOCK_HOLDER &&
		       !strcmp(idxgen_status_name(r.status), "NOT_LOCK_HOLDER"),
	       "shared-region job without lock 0: -EIO, status %s", idxgen_status_name(r.status));
	buf = calloc(1, idxgen_config_bytes(&cfg));
	ret = idxgen_run_shared(lo, &cfg, buf, idxgen_config_bytes(&cfg), &r, &reruns);
	tap_ok(ret == 0 && r.status == 0 &&
		       idxgen_ref_check(buf, cfg.dx, cfg.dy, cfg.dz, cfg.mx, cfg.my, cfg.word_size) < 0,
	       "idxgen_run_shared: output correct (%u re-runs)", reruns);
	tap_ok(idxgen_unlock(lo, IDXGEN_LOCK_SHARED) == -EPERM, "and lock 0 is released");
	tap_ok(idxgen_run_shared(lo, &cfg, buf, 1, &r, NULL) == -EINVAL &&
		       idxgen_run_shared(lo, NULL, buf, 4096, &r, NULL) == -EINVAL,
	       "idxgen_run_shared: short buffer or no config: -EINVAL");
	free(buf);
	idxgen_region_free(sh);
out:
	idxgen_context_destroy(lo);
	idxgen_context_destroy(mid);
	idxgen_context_destroy(hi);
}
