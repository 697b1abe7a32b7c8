// SPDX-License-Identifier: MIT
/*
 * test_arb.c - the priority arbiter under load (docs/design.md#arbiter), TAP.
 *
 * 8 workers at mixed priorities (2 HIGH, 3 NORMAL, 3 LOW) hammer the shared
 * region (idxgen_run_shared, every index checked against tests/common for the
 * worker's own configuration) and the general locks for a bounded time,
 * twice: hold limit off, then on.  HIGH and NORMAL workers use locks 1, 3
 * and 4; the LOW ones lock 2, where one of them is greedy: it keeps lock 2
 * while it runs job after job.  Printed, as figures only (they depend on
 * the machine's speed and load): grants, wait median/p99/max per priority,
 * preemptions, hold-limit releases, the lowest priority's longest wait for
 * lock 2 with the hold limit off and on.  Checked, at any speed: no wrong
 * index, no error (a lock a worker thinks it released but still holds
 * would show as -EDEADLK), mutual exclusion (below), no hold-limit release
 * with the limit off.  Each worker runs at least MIN_OPS operations
 * whatever the time (their kinds follow from its fixed seed), so that the
 * checks always have shared-region runs and lock holds to look at.  What
 * the hold limit does is checked step by step, not by counting what a
 * timed phase happened to do: a LOW holder of lock 2 runs jobs while
 * another LOW context is known to wait, loses the lock within the limit's
 * ticks, and the waiter gets it.
 *
 * Mutual exclusion of the general locks is checked end to end, independently
 * of the arbiter's own bookkeeping: every worker records, for each time it
 * held a lock, an interval that is certainly inside its real hold — from
 * the moment LOCK returned (the grant happened before) to the start of its
 * last check that still found the lock held (the loss, if any, came after).
 * Two such intervals of different workers on one lock must never overlap.
 *
 * On a real device (default backend, in the VM) the workers are processes,
 * and the suite also kills a process holding locks and checks raw ioctls'
 * bad input.  On the emulation (IDXGEN_BACKEND=emu) the device lives in
 * one process, so the workers are threads and those two parts are skipped
 * (TAP "# SKIP").
 *
 * usage: idxgen-arb-test [seconds per phase, default 3]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "idxgen.h"
#include "idxgen_lock.h"
#include "gen_ref.h"
#include "hang_guard.h"
#include "idxgen_accel.h"
#include "tap.h"

#define NW		8
#define MAX_SAMPLES	20000
#define GREEDY		7
#define GREEDY_JOBS	32	/* jobs the greedy worker runs per hold: > any hold limit used */
#define MAX_HOLDS	20000
#define MIN_OPS		8	/* operations per worker and phase, however short the phase */
#define HOLD_LIMIT	8
/*
 * The bound of a wait for an event (a lock that should be free at once, a
 * waiter registered, the greedy worker's hold done): a hang guard only.
 * The events take milliseconds; the whole arb suite takes 48 s on the debug
 * kernel under TCG at load 23: >= 30x.  The stock kernel's run shortens it
 * (IDXGEN_HANG_GUARD_S, hang_guard.h).
 */
#define ARB_HANG_GUARD_S	hang_guard_s(1500)
#define LOCK_HANG_GUARD_NS	(ARB_HANG_GUARD_S * 1000000000LL)

static const int prio_of[NW] = { 2, 2, 1, 1, 1, 0, 0, 0 };	/* IDXGEN_PRIORITY_* */
static const char *const prio_name[3] = { "LOW", "NORMAL", "HIGH" };

struct worker_out {
	uint64_t ops, grants, shared_ops, shared_runs, gave_up, reruns, bad_index, lost, errors;
	uint64_t nsamples, nsamples2;
	int64_t wait[MAX_SAMPLES];	/* ns, every lock wait */
	int64_t wait2[MAX_SAMPLES];	/* ns, waits for lock 2 */
	int first_error;
	uint64_t holds_done;	/* holds that ended (released or lost) */
	uint64_t nholds;
	struct hold {
		int64_t from, to;	/* ns, CLOCK_MONOTONIC, inside the real hold */
		unsigned int lock;
	} holds[MAX_HOLDS];
};

struct shared_mem {
	volatile int stop;
	struct worker_out w[NW];
};

/* one hold interval of every worker, for the overlap check */
struct hold_of {
	struct hold h;
	int worker;
};

static struct shared_mem *shm;
static bool emu;
static struct idxgen_device *emu_dev;

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static uint64_t rnd_next(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void note_error(struct worker_out *o, int err)
{
	if (!o->errors++)
		o->first_error = err;
}

static void sample(int64_t *arr, uint64_t *n, int64_t v)
{
	if (*n < MAX_SAMPLES)
		arr[(*n)++] = v;
}

static bool still_held(struct idxgen_context *ctx, struct worker_out *o, unsigned int l)
{
	uint32_t held = 0;
	int ret = idxgen_lock_held(ctx, &held);

	if (ret)
		note_error(o, ret);
	if (!(held & (1u << l))) {
		o->lost++;
		return false;
	}
	return true;
}

/*
 * Record [from, to] as a certain part of a hold of lock l (see the top).
 * from == to is a hold shorter than the clock's resolution: still a point
 * inside it (the overlap check counts only from < the other's to).
 */
static void record_hold(struct worker_out *o, unsigned int l, int64_t from, int64_t to)
{
	if (to >= from && o->nholds < MAX_HOLDS)
		o->holds[o->nholds++] = (struct hold){ .from = from, .to = to, .lock = l };
}

/* Take general lock l and work under it; record the interval it was surely held. */
static void general_lock(struct idxgen_context *ctx, struct worker_out *o, unsigned int l,
			 struct idxgen_config *busy_cfg, bool greedy)
{
	int64_t t0 = now_ns(), granted, held_at = 0, t;
	/* no timeout: every holder lets go within a bounded number of jobs */
	int ret = idxgen_lock(ctx, l, -1);

	if (ret == -ETIMEDOUT || ret == -EINTR)
		return;
	if (ret) {
		note_error(o, ret);
		return;
	}
	granted = now_ns();
	sample(o->wait, &o->nsamples, granted - t0);
	if (l == 2)
		sample(o->wait2, &o->nsamples2, granted - t0);
	o->grants++;
	/*
	 * The critical section: jobs (each ticks the hold counter).  The
	 * greedy worker's hold is a number of jobs, not a time: on a slow
	 * kernel 400 ms were fewer jobs than the hold limit, so the limit
	 * never fired (seen on the debug kernel under load).
	 */
	for (unsigned int jobs = 0; jobs < (greedy ? GREEDY_JOBS : 1) && !shm->stop; jobs++) {
		struct idxgen_job_result r;

		if (idxgen_run(ctx, busy_cfg, &r))
			note_error(o, -EIO);
		t = now_ns();
		if (!still_held(ctx, o, l)) {
			record_hold(o, l, granted, held_at);
			o->holds_done++;
			return;		/* taken away: nothing to unlock */
		}
		held_at = t;
	}
	t = now_ns();
	ret = idxgen_unlock(ctx, l);
	if (ret == 0)
		held_at = t;	/* the unlock found it held */
	else if (ret == -EPERM)
		o->lost++;	/* lost between the check and the unlock */
	else
		note_error(o, ret);
	record_hold(o, l, granted, held_at);
	o->holds_done++;
}

static void worker(struct idxgen_device *dev, int me)
{
	struct worker_out *o = &shm->w[me];
	struct idxgen_context *ctx = NULL;
	struct idxgen_region *sh = NULL, *ded = NULL;
	struct idxgen_config cfg, busy;
	uint64_t seed = 0x9e3779b97f4a7c15ULL * (uint64_t)(me + 1);
	/* each worker its own shape: reading another's indices would show */
	uint32_t dx = 8 + (uint32_t)me, dy = 3 + (uint32_t)me % 3, dz = 2;
	uint8_t *buf = NULL;
	int ret;

	ret = idxgen_context_create(dev, prio_of[me], &ctx);
	if (!ret)
		ret = idxgen_region_shared(dev, &sh);
	if (!ret)
		ret = idxgen_region_alloc(dev, 64 << 10, &ded);
	if (!ret)
		ret = idxgen_config_init(&cfg, dev, dx, dy, dz, 0);
	if (!ret)
		ret = idxgen_config_target(&cfg, sh, (uint64_t)me * 4096);
	if (!ret)
		ret = idxgen_config_init(&busy, dev, 16, 4, 1, 0);
	if (!ret)
		ret = idxgen_config_target(&busy, ded, 0);
	if (!ret) {
		busy.flags = IDXGEN_CONFIG_NO_HISTORY;
		cfg.flags = IDXGEN_CONFIG_NO_HISTORY;	/* really generate, every time */
		buf = malloc(idxgen_config_bytes(&cfg));
		if (!buf)
			ret = -ENOMEM;
	}
	if (ret) {
		note_error(o, ret);
		goto out;
	}
	while (!shm->stop || o->ops < MIN_OPS) {
		uint64_t x = rnd_next(&seed);

		o->ops++;
		if (me == GREEDY) {
			general_lock(ctx, o, 2, &busy, true);
		} else if (x % 2) {
			struct idxgen_job_result r;
			unsigned int reruns = 0;
			int64_t t0 = now_ns();

			memset(buf, 0xa5, idxgen_config_bytes(&cfg));
			o->shared_ops++;
			ret = idxgen_run_shared(ctx, &cfg, buf, idxgen_config_bytes(&cfg), &r, &reruns);
			if (ret == -EAGAIN) {
				/* lost lock 0 on each of its tries: documented, a matter of load */
				o->gave_up++;
				continue;
			}
			if (ret) {
				note_error(o, ret);
				continue;
			}
			sample(o->wait, &o->nsamples, now_ns() - t0);
			o->grants++;
			o->shared_runs++;
			o->reruns += reruns;
			if (idxgen_ref_check(buf, dx, dy, dz, cfg.mx, cfg.my, cfg.word_size) >= 0)
				o->bad_index++;
		} else if (prio_of[me] == IDXGEN_PRIORITY_LOW) {
			/* lock 2 is contended by equal priorities only: the hold limit's case */
			general_lock(ctx, o, 2, &busy, false);
		} else {
			static const unsigned int locks[3] = { 1, 3, 4 };

			general_lock(ctx, o, locks[(x >> 8) % 3], &busy, false);
		}
	}
out:
	free(buf);
	if (ded)
		idxgen_region_free(ded);
	if (sh)
		idxgen_region_free(sh);
	if (ctx)
		idxgen_context_destroy(ctx);
}

static void *worker_thread(void *arg)
{
	worker(emu_dev, (int)(intptr_t)arg);
	return NULL;
}

static int cmp64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

static int cmp_hold(const void *a, const void *b)
{
	const struct hold_of *x = a, *y = b;

	if (x->h.lock != y->h.lock)
		return x->h.lock < y->h.lock ? -1 : 1;
	return x->h.from < y->h.from ? -1 : x->h.from > y->h.from;
}

/*
 * Count pairs of overlapping hold intervals of different workers on one
 * lock (each worker's own are sequential).  0 unless two held it at once.
 */
static uint64_t count_overlaps(uint64_t *intervals, char *first, size_t first_len)
{
	static struct hold_of all[NW * MAX_HOLDS];
	uint64_t n = 0, bad = 0, k;
	int64_t reach = 0;
	int reach_w = -1;

	for (int i = 0; i < NW; i++)
		for (k = 0; k < shm->w[i].nholds; k++)
			all[n++] = (struct hold_of){ .h = shm->w[i].holds[k], .worker = i };
	qsort(all, n, sizeof(all[0]), cmp_hold);
	for (k = 0; k < n; k++) {
		if (k && all[k].h.lock != all[k - 1].h.lock) {
			reach = 0;
			reach_w = -1;
		}
		if (reach_w >= 0 && reach_w != all[k].worker && all[k].h.from < reach) {
			if (!bad++)
				snprintf(first, first_len,
					 "lock %u: worker %d held it until +%.3f ms, worker %d from +%.3f ms",
					 all[k].h.lock, reach_w, (reach - all[0].h.from) / 1e6,
					 all[k].worker, (all[k].h.from - all[0].h.from) / 1e6);
		}
		if (all[k].h.to > reach) {
			reach = all[k].h.to;
			reach_w = all[k].worker;
		}
	}
	*intervals = n;
	return bad;
}

/* Hold-limit releases the device counted during the last phase(). */
static uint64_t phase_hold_releases;

/* Run one phase; returns the LOW workers' longest wait for lock 2 (ns). */

static int64_t phase(struct idxgen_device *dev, uint32_t hold_limit, int seconds)
{
	struct idxgen_lock_state s0, s1;
	pid_t pids[NW];
	pthread_t th[NW];
	int64_t low_max2 = 0;
	uint64_t bad = 0, errs = 0, ops = 0, runs = 0, gave_up = 0, reruns = 0;
	int i, p, ret, first_err = 0;

	ret = idxgen_lock_config(dev, hold_limit, true);
	tap_ok(ret == 0, "hold limit %u: configured (%s)", hold_limit, idxgen_strerror(ret));
	idxgen_lock_state(dev, &s0);
	memset(shm, 0, sizeof(*shm));
	for (i = 0; i < NW; i++) {
		if (emu) {
			pthread_create(&th[i], NULL, worker_thread, (void *)(intptr_t)i);
			continue;
		}
		pids[i] = fork();
		if (pids[i] == 0) {
			struct idxgen_device *d;

			if (idxgen_open(0, 0, &d)) {
				note_error(&shm->w[i], -ENODEV);
				_exit(1);
			}
			worker(d, i);
			idxgen_close(d);
			_exit(0);
		}
	}
	sleep((unsigned int)seconds);
	/* for the figures: the greedy worker finished one whole hold (ARB_HANG_GUARD_S) */
	for (int w = 0; w < ARB_HANG_GUARD_S * 100 && !shm->w[GREEDY].holds_done; w++)
		usleep(10000);
	shm->stop = 1;
	for (i = 0; i < NW; i++) {
		if (emu)
			pthread_join(th[i], NULL);
		else
			waitpid(pids[i], NULL, 0);
	}
	idxgen_lock_state(dev, &s1);
	phase_hold_releases = s1.hold_releases - s0.hold_releases;

	tap_diag("hold limit %s%.0u, %d s: device %" PRIu64 " grants, %" PRIu64
		 " preemptions, %" PRIu64 " hold-limit releases, %" PRIu64
		 " denials, FIFO max depth %u",
		 hold_limit ? "" : "off", hold_limit, seconds, s1.grants - s0.grants,
		 s1.preemptions - s0.preemptions, s1.hold_releases - s0.hold_releases,
		 s1.denials - s0.denials, s1.max_depth);
	for (p = 2; p >= 0; p--) {
		static int64_t all[NW * MAX_SAMPLES];
		uint64_t n = 0, grants = 0, lost = 0;
		int64_t max2 = 0;

		for (i = 0; i < NW; i++) {
			struct worker_out *o = &shm->w[i];

			if (prio_of[i] != p)
				continue;
			memcpy(all + n, o->wait, o->nsamples * sizeof(int64_t));
			n += o->nsamples;
			grants += o->grants;
			lost += o->lost;
			for (uint64_t k = 0; k < o->nsamples2; k++)
				if (o->wait2[k] > max2)
					max2 = o->wait2[k];
		}
		qsort(all, n, sizeof(int64_t), cmp64);
		char extra[64] = "";

		if (p == IDXGEN_PRIORITY_LOW)
			snprintf(extra, sizeof(extra), "; lock 2 (equal priorities) max wait %.3f ms",
				 max2 / 1e6);
		tap_diag("  %-6s %6" PRIu64 " grants, wait median %8.3f ms, p99 %8.3f ms, max %8.3f ms;"
			 " locks lost %" PRIu64 "%s",
			 prio_name[p], grants, n ? all[n / 2] / 1e6 : 0.0,
			 n ? all[n * 99 / 100] / 1e6 : 0.0, n ? all[n - 1] / 1e6 : 0.0, lost, extra);
		if (p == 0)
			low_max2 = max2;
	}
	for (i = 0; i < NW; i++) {
		bad += shm->w[i].bad_index;
		ops += shm->w[i].shared_ops;
		runs += shm->w[i].shared_runs;
		gave_up += shm->w[i].gave_up;
		reruns += shm->w[i].reruns;
		if (shm->w[i].errors && !errs)
			first_err = shm->w[i].first_error;
		errs += shm->w[i].errors;
	}
	/* How many runs the scheduler allowed is the run's own figure: a diagnostic, not a name. */
	tap_diag("%" PRIu64 " shared-region runs (%" PRIu64 " re-runs after a loss, %" PRIu64
		 " given up)", runs, reruns, gave_up);
	tap_ok(ops > 0 && runs + gave_up <= ops && bad == 0,
	       "shared-region runs: every index correct for its own configuration");
	tap_diag("unexpected errors: %" PRIu64 ", first %s", errs,
		 errs ? idxgen_strerror(first_err) : "-");
	tap_ok(errs == 0, "no unexpected errors");
	{
		char first[160] = "-";
		uint64_t n, overlaps = count_overlaps(&n, first, sizeof(first));

		tap_diag("general locks: %" PRIu64 " hold intervals, %" PRIu64 " overlaps; first: %s",
			 n, overlaps, first);
		tap_ok(n > 0 && overlaps == 0,
		       "general locks: no two workers inside one lock at once");
	}
	return low_max2;
}

/* ---- the hold limit, step by step (no timing) ---- */

struct lock2_waiter {
	struct idxgen_context *ctx;
	int ret;
};

static void *lock2_waiter_main(void *arg)
{
	struct lock2_waiter *w = arg;

	w->ret = idxgen_lock(w->ctx, 2, -1);
	return NULL;
}

/*
 * A LOW context holds lock 2 and runs jobs; another LOW context waits for
 * lock 2, and the holder starts only once the arbiter shows that wait.
 * Each job (and the waiter's denied request) is a tick: at the limit the
 * holder loses the lock, the device counts one hold-limit release and the
 * waiter gets the lock.  Whatever the speed: nothing here is timed but the
 * 60 s bound that keeps a broken arbiter from hanging the suite.
 */
static void test_hold_limit(struct idxgen_device *dev)
{
	struct idxgen_context *a = NULL, *b = NULL;
	struct idxgen_region *ded = NULL;
	struct idxgen_lock_state s0, s1, st;
	struct lock2_waiter w = { .ret = 1 };
	struct idxgen_config busy;
	unsigned int jobs = 0;
	bool seen = false, lost = false;
	pthread_t th;
	int ret;

	ret = idxgen_lock_config(dev, HOLD_LIMIT, true);
	if (!ret)
		ret = idxgen_context_create(dev, IDXGEN_PRIORITY_LOW, &a);
	if (!ret)
		ret = idxgen_context_create(dev, IDXGEN_PRIORITY_LOW, &b);
	if (!ret)
		ret = idxgen_region_alloc(dev, 64 << 10, &ded);
	if (!ret)
		ret = idxgen_config_init(&busy, dev, 16, 4, 1, 0);
	if (!ret)
		ret = idxgen_config_target(&busy, ded, 0);
	if (!ret)
		ret = idxgen_lock(a, 2, -1);	/* free: granted */
	if (!ret)
		ret = idxgen_lock_state(dev, &s0);
	if (!tap_ok(ret == 0, "hold limit %d, step by step: a LOW context holds lock 2 (%s)", HOLD_LIMIT,
		    idxgen_strerror(ret)))
		goto out;
	busy.flags = IDXGEN_CONFIG_NO_HISTORY;
	w.ctx = b;
	pthread_create(&th, NULL, lock2_waiter_main, &w);
	for (int k = 0; k < ARB_HANG_GUARD_S * 1000 && !seen; k++) {
		struct timespec ts = { 0, 1000000 };

		nanosleep(&ts, NULL);
		if (!idxgen_lock_state(dev, &st))
			for (unsigned int q = 0; q < st.requesters && q < 16; q++)
				seen |= st.req[q].waiting == 2;
	}
	while (!lost && jobs < 4 * HOLD_LIMIT) {
		uint32_t held = 0;

		if (idxgen_run(a, &busy, NULL) || idxgen_lock_held(a, &held))
			break;
		jobs++;
		lost = !(held & (1u << 2));
	}
	if (!lost)
		idxgen_unlock(a, 2);	/* a broken limit: let the waiter have the lock */
	pthread_join(th, NULL);
	ret = idxgen_lock_state(dev, &s1);
	tap_ok(seen && lost && jobs <= HOLD_LIMIT && !ret && s1.hold_releases - s0.hold_releases == 1 &&
		       idxgen_lock_lost(a, NULL) == -EAGAIN,
	       "hold limit %d: with a LOW waiter queued, the LOW holder loses lock 2 within the limit "
	       "(after %u jobs), one hold-limit release (%" PRIu64 ")", HOLD_LIMIT, jobs,
	       s1.hold_releases - s0.hold_releases);
	tap_ok(w.ret == 0, "hold limit %d: and the waiter gets lock 2 (%s)", HOLD_LIMIT,
	       idxgen_strerror(w.ret));
	if (!w.ret)
		idxgen_unlock(b, 2);
out:
	if (ded)
		idxgen_region_free(ded);
	if (b)
		idxgen_context_destroy(b);
	if (a)
		idxgen_context_destroy(a);
	idxgen_lock_config(dev, 0, true);
}

/* A process killed while holding locks does not block the others. */
static void test_kill(struct idxgen_device *dev)
{
	struct idxgen_context *ctx;
	int pfd[2], ret;
	char c = 0;
	pid_t pid;

	if (pipe(pfd) || (pid = fork()) < 0) {
		tap_ok(0, "kill: fork");
		return;
	}
	if (pid == 0) {
		struct idxgen_device *d;
		struct idxgen_context *cx;

		if (idxgen_open(0, 0, &d) || idxgen_context_create(d, IDXGEN_PRIORITY_HIGH, &cx) ||
		    idxgen_lock(cx, 0, -1) || idxgen_lock(cx, 3, -1))
			_exit(1);
		if (write(pfd[1], "x", 1) != 1)
			_exit(1);
		pause();
		_exit(0);
	}
	close(pfd[1]);
	ret = read(pfd[0], &c, 1) == 1 ? 0 : -EIO;
	close(pfd[0]);
	tap_ok(ret == 0, "kill: child holds locks 0 and 3 at HIGH priority");
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	ret = idxgen_context_create(dev, IDXGEN_PRIORITY_LOW, &ctx);
	if (!ret)
		ret = idxgen_lock(ctx, 3, LOCK_HANG_GUARD_NS);
	tap_ok(ret == 0, "kill: a LOW context gets lock 3 after SIGKILL (%s)", idxgen_strerror(ret));
	if (!ret)
		ret = idxgen_lock(ctx, 0, LOCK_HANG_GUARD_NS);
	tap_ok(ret == 0, "kill: and lock 0 (%s)", idxgen_strerror(ret));
	if (!ret)
		idxgen_context_destroy(ctx);
}

/* Raw ioctls: bad input gets -EINVAL/-EPERM/-ENOENT, never a crash. */
static void test_bad_ioctls(void)
{
	struct drm_idxgen_ctx_create cc = { .priority = DRM_IDXGEN_PRIORITY_NORMAL };
	struct drm_idxgen_lock lk;
	struct drm_idxgen_unlock ul;
	struct drm_idxgen_lock_lost ll;
	struct drm_idxgen_arb_state st;
	struct drm_idxgen_arb_config ac;
	struct drm_idxgen_get_param gp = { .param = DRM_IDXGEN_PARAM_ARB_LOCKS };
	int fd = open("/dev/accel/accel0", O_RDWR | O_CLOEXEC);

#define ERRNO_OF(call) ((call) ? -errno : 0)
	if (fd < 0 || ioctl(fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &cc)) {
		tap_ok(0, "raw: open /dev/accel/accel0 and create a context");
		if (fd >= 0)
			close(fd);
		return;
	}
	int err = ERRNO_OF(ioctl(fd, DRM_IOCTL_IDXGEN_GET_PARAM, &gp));

	tap_ok(err == 0 && gp.value == 8, "GET_PARAM ARB_LOCKS = %llu", (unsigned long long)gp.value);
	lk = (struct drm_idxgen_lock){ .ctx_id = cc.ctx_id, .lock = 8 };
	tap_ok(ERRNO_OF(ioctl(fd, DRM_IOCTL_IDXGEN_LOCK, &lk)) == -EINVAL, "LOCK unknown lock: -EINVAL");
	lk = (struct drm_idxgen_lock){ .ctx_id = cc.ctx_id, .lock = 1, .flags = 2 };
	tap_ok(ERRNO_OF(ioctl(fd, DRM_IOCTL_IDXGEN_LOCK, &lk)) == -EINVAL, "LOCK unknown flag: -EINVAL");
	lk = (struct drm_idxgen_lock){ .ctx_id = cc.ctx_id, .lock = 1, .timeout_ns = -1 };
	tap_ok(ERRNO_OF(ioctl(fd, DRM_IOCTL_IDXGEN_LOCK, &lk)) == -EINVAL,
	       "LOCK negative timeout: -EINVAL");
	lk = (struct drm_idxgen_lock){ .ctx_id = cc.ctx_id, .lock = 1,
				       .flags = DRM_IDXGEN_LOCK_NONBLOCK, .timeout_ns = 5 };
	tap_ok(ERRNO_OF(ioctl(fd, DRM_IOCTL_IDXGEN_LOCK, &lk)) == -EINVAL,
	       "LOCK non-blocking with a timeout: -EINVAL");
	lk = (struct drm_idxgen_lock){ .ctx_id = cc.ctx_id, .lock = 1, .pad = 1 };
	tap_ok(ERRNO_OF(ioctl(fd, DRM_IOCTL_IDXGEN_LOCK, &lk)) == -EINVAL, "LOCK pad: -EINVAL");
	lk = (struct drm_idxgen_lock){ .ctx_id = 9999, .lock = 1 };
	tap_ok(ERRNO_OF(ioctl(fd, DRM_IOCTL_IDXGEN_LOCK, &lk)) == -ENOENT,
	       "LOCK unknown context: -ENOENT");
	lk = (struct drm_idxgen_lock){ .ctx_id = cc.ctx_id, .lock = 1,
				       .timeout_ns = now_ns() + LOCK_HANG_GUARD_NS };
	tap_ok(ERRNO_OF(ioctl(fd, DRM_IOCTL_IDXGEN_LOCK, &lk)) == 0,
	       "LOCK with an absolute deadline, lock free: granted");
	tap_ok(ERRNO_OF(ioctl(fd, DRM_IOCTL_IDXGEN_LOCK, &lk)) == -EDEADLK,
	       "LOCK of a lock held: -EDEADLK");
	ul = (struct drm_idxgen_unlock){ .ctx_id = cc.ctx_id, .lock = 2 };
	tap_ok(ERRNO_OF(ioctl(fd, DRM_IOCTL_IDXGEN_UNLOCK, &ul)) == -EPERM,
	       "UNLOCK of a lock not held: -EPERM");
	ul = (struct drm_idxgen_unlock){ .ctx_id = cc.ctx_id, .lock = 1, .flags = 1 };
	tap_ok(ERRNO_OF(ioctl(fd, DRM_IOCTL_IDXGEN_UNLOCK, &ul)) == -EINVAL, "UNLOCK flags: -EINVAL");
	ul = (struct drm_idxgen_unlock){ .ctx_id = cc.ctx_id, .lock = 1 };
	tap_ok(ERRNO_OF(ioctl(fd, DRM_IOCTL_IDXGEN_UNLOCK, &ul)) == 0, "UNLOCK held lock: 0");
	ll = (struct drm_idxgen_lock_lost){ .ctx_id = cc.ctx_id, .flags = 1 };
	tap_ok(ERRNO_OF(ioctl(fd, DRM_IOCTL_IDXGEN_LOCK_LOST, &ll)) == -EINVAL,
	       "LOCK_LOST flags: -EINVAL");
	memset(&st, 0, sizeof(st));
	st.flags = 1;
	tap_ok(ERRNO_OF(ioctl(fd, DRM_IOCTL_IDXGEN_ARB_STATE, &st)) == -EINVAL,
	       "ARB_STATE flags: -EINVAL");
	ac = (struct drm_idxgen_arb_config){ .flags = 4 };
	tap_ok(ERRNO_OF(ioctl(fd, DRM_IOCTL_IDXGEN_ARB_CONFIG, &ac)) == -EINVAL,
	       "ARB_CONFIG unknown flag: -EINVAL");
	close(fd);
}

/*
 * The device every test uses, opened once by main() (its "open" line is a
 * test of its own), and the length of a timed phase (the first argument).
 */
static struct idxgen_device *arb_dev;
static int phase_seconds = 3;

TAP_TEST(timed_phases)
{
	int64_t off, on;

	/*
	 * The waits and counts of the timed phases are figures, not assertions
	 * (they depend on the machine's speed and load); what holds at any
	 * speed is that nothing but the limit releases a holder: never with it
	 * off.  What the limit does is checked step by step (test_hold_limit).
	 */
	off = phase(arb_dev, 0, phase_seconds);
	tap_ok(phase_hold_releases == 0, "hold limit off: no hold-limit release (%" PRIu64 ")",
	       phase_hold_releases);
	on = phase(arb_dev, HOLD_LIMIT, phase_seconds);
	tap_diag("hold limit %d: %" PRIu64 " hold-limit releases in the timed phase", HOLD_LIMIT,
		 phase_hold_releases);
	tap_diag("lowest priority, longest wait for lock 2 (equal priorities): %.3f ms with the hold "
		 "limit off, %.3f ms with it at %d", off / 1e6, on / 1e6, HOLD_LIMIT);
}

TAP_TEST(hold_limit)
{
	test_hold_limit(arb_dev);
	idxgen_lock_config(arb_dev, 0, true);
}

TAP_TEST(kill)
{
	if (emu)
		tap_skip("the emulation lives in one process", "kill a process holding locks");
	else
		test_kill(arb_dev);
}

TAP_TEST(bad_ioctls)
{
	if (emu)
		tap_skip("no driver under the emulation", "raw ioctl bad input");
	else
		test_bad_ioctls();
}

/* usage: idxgen-arb-test [SECONDS] [-l | -t NAME...]   (SECONDS: each timed phase, 3) */
int main(int argc, char **argv)
{
	const char *b = getenv("IDXGEN_BACKEND");
	int ret;

	if (argc > 1 && argv[1][0] >= '0' && argv[1][0] <= '9') {
		phase_seconds = atoi(argv[1]) < 1 ? 1 : atoi(argv[1]);
		argv[1] = argv[0];
		argc--;
		argv++;
	}
	if (tap_listing(argc, argv))
		return tap_main(argc, argv);
	emu = b && !strcmp(b, "emu");
	ret = idxgen_open(0, 0, &arb_dev);
	if (!tap_ok(ret == 0, "open device 0 (%s)", idxgen_strerror(ret)))
		return tap_done();
	emu_dev = arb_dev;
	shm = mmap(NULL, sizeof(*shm), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shm == MAP_FAILED) {
		tap_ok(0, "shared memory");
		return tap_done();
	}
	tap_diag("%d workers as %s: 2 HIGH, 3 NORMAL, 3 LOW (worker %d greedy on lock 2)", NW,
		 emu ? "threads (emulation)" : "processes", GREEDY);
	ret = tap_run(argc, argv);
	idxgen_close(arb_dev);
	return ret < 0 ? tap_done() : ret;
}
