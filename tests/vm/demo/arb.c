// SPDX-License-Identifier: MIT
/*
 * arb.c - `make run`, part 3: the priority arbiter (docs/design.md#arbiter) under
 * contention.  Four workers - HIGH, NORMAL, LOW and a greedy LOW one - each
 * with its own context, for a few seconds: half of their operations take
 * lock 0 to use the shared region (idxgen_run_shared, every index checked
 * against tests/common), the other half take a general lock and run a job
 * under it: lock 1 for HIGH and NORMAL, lock 2 for the LOW one, which the
 * greedy worker takes for 32 jobs at a time - more than the hold limit of 8
 * set for the run, so the arbiter takes it back for the LOW waiter (a
 * higher priority would simply preempt).  On a device the workers are
 * processes; on the emulation (IDXGEN_BACKEND=emu, the device inside one
 * process) threads.
 *
 * Printed: per worker its grants, shared-region runs and re-runs, locks
 * lost and its lock waits (p50/p90/p99/max), per priority the same waits;
 * the device's grants, preemptions, hold-limit releases and denials during
 * the run; and, while the workers still hold their contexts, the arbiter's
 * own per-context figures (--show CMD runs e.g. `idxgen locks` then).
 * Then, step by step and untimed, one preemption and one hold-limit
 * release: a NORMAL context asks for the lock a LOW one holds, and a LOW
 * holder runs jobs until the limit takes its lock.
 * Checked (exit 1 otherwise), whatever the machine's speed and load: no
 * error, no wrong index, the arbiter counted exactly the grants each worker
 * received, and the step-by-step part saw its preemption and its
 * hold-limit release.  How many preemptions and releases the timed run had
 * is a figure of the machine's speed and load: shown, not checked.
 *
 * usage: demo-arb [--seconds S] [--show CMD]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "idxgen.h"
#include "idxgen_lock.h"
#include "gen_ref.h"

#define NW		4
#define GREEDY		3
#define GREEDY_JOBS	32
#define HOLD_LIMIT	8
#define MAX_WAITS	20000

static const int prio_of[NW] = { IDXGEN_PRIORITY_HIGH, IDXGEN_PRIORITY_NORMAL,
				 IDXGEN_PRIORITY_LOW, IDXGEN_PRIORITY_LOW };

struct worker_out {
	pid_t pid;			/* the arbiter's table names a context's process */
	uint64_t grants, shared_runs, reruns, gave_up, lost, bad_index, errors;
	int first_error;
	uint64_t nwaits;
	int64_t wait[MAX_WAITS];	/* ns from request to grant */
};

struct shared {
	volatile int stop, release;
	volatile int done[NW];
	struct worker_out w[NW];
};

struct run {
	struct idxgen_device *dev;	/* emulation: the one device of all threads */
	struct shared *sh;
	int me;
};

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static void note_error(struct worker_out *o, int err)
{
	if (!o->errors++)
		o->first_error = err;
}

static void note_wait(struct worker_out *o, int64_t ns)
{
	if (o->nwaits < MAX_WAITS)
		o->wait[o->nwaits++] = ns;
}

/* A general lock: jobs under it while it is held; a lost lock ends the hold. */
static void general_hold(struct idxgen_context *ctx, struct worker_out *o, unsigned int lock,
			 const struct idxgen_config *busy, unsigned int jobs)
{
	int64_t t0 = now_ns();
	int ret = idxgen_lock(ctx, lock, -1);

	if (ret) {
		note_error(o, ret);
		return;
	}
	note_wait(o, now_ns() - t0);
	o->grants++;
	for (unsigned int j = 0; j < jobs; j++) {
		struct idxgen_job_result r;
		uint32_t held = 0;

		ret = idxgen_run(ctx, busy, &r);
		if (!ret)
			ret = idxgen_lock_held(ctx, &held);
		if (ret) {
			note_error(o, ret);
			return;
		}
		if (!(held & (1u << lock))) {	/* preempted or released by the hold limit */
			o->lost++;
			return;
		}
	}
	ret = idxgen_unlock(ctx, lock);
	if (ret == -EPERM)
		o->lost++;	/* lost between the check and the unlock */
	else if (ret)
		note_error(o, ret);
}

static void worker(struct idxgen_device *dev, struct shared *sh, int me)
{
	struct worker_out *o = &sh->w[me];
	struct idxgen_context *ctx = NULL;
	struct idxgen_region *shreg = NULL, *ded = NULL;
	struct idxgen_config cfg, busy;
	/* each worker its own block shape: reading another's indices would show */
	uint32_t dx = 9 + (uint32_t)me, dy = 3 + (uint32_t)me, dz = 2;
	uint8_t *buf = NULL;
	int ret;

	ret = idxgen_context_create(dev, prio_of[me], &ctx);
	if (!ret)
		ret = idxgen_region_shared(dev, &shreg);
	if (!ret)
		ret = idxgen_region_alloc(dev, 64 << 10, &ded);
	if (!ret)
		ret = idxgen_config_init(&cfg, dev, dx, dy, dz, 0);
	if (!ret)
		ret = idxgen_config_target(&cfg, shreg, (uint64_t)me * 4096);
	if (!ret)
		ret = idxgen_config_init(&busy, dev, 16, 4, 1, 0);
	if (!ret)
		ret = idxgen_config_target(&busy, ded, 0);
	if (!ret && !(buf = malloc(idxgen_config_bytes(&cfg))))
		ret = -ENOMEM;
	if (ret) {
		note_error(o, ret);
		goto out;
	}
	cfg.flags = busy.flags = IDXGEN_CONFIG_NO_HISTORY;	/* really generate, every time */
	o->pid = getpid();
	for (uint64_t i = 0; !sh->stop; i++) {
		if (me == GREEDY || i % 2) {
			general_hold(ctx, o, prio_of[me] == IDXGEN_PRIORITY_LOW ? 2 : 1, &busy,
				     me == GREEDY ? GREEDY_JOBS : 1);
		} else {
			struct idxgen_job_result r;
			unsigned int reruns = 0;
			int64_t t0 = now_ns();

			memset(buf, 0xa5, idxgen_config_bytes(&cfg));
			ret = idxgen_run_shared(ctx, &cfg, buf, idxgen_config_bytes(&cfg), &r, &reruns);
			if (ret == -EAGAIN) {
				/* lock 0 lost on every try (documented): each try was a grant */
				o->grants += 1 + reruns;
				o->gave_up++;
				continue;
			}
			if (ret) {
				note_error(o, ret);
				continue;
			}
			note_wait(o, now_ns() - t0);
			o->grants += 1 + reruns;	/* one lock 0 grant per run */
			o->shared_runs++;
			o->reruns += reruns;
			if (idxgen_ref_check(buf, dx, dy, dz, cfg.mx, cfg.my, cfg.word_size) >= 0)
				o->bad_index++;
		}
	}
	/* keep the context until the parent has read the arbiter's figures */
	sh->done[me] = 1;
	while (!sh->release)
		usleep(1000);
out:
	sh->done[me] = 1;
	free(buf);
	if (ded)
		idxgen_region_free(ded);
	if (shreg)
		idxgen_region_free(shreg);
	if (ctx)
		idxgen_context_destroy(ctx);
}

static void *worker_thread(void *arg)
{
	struct run *r = arg;

	worker(r->dev, r->sh, r->me);
	return NULL;
}

static int cmp64(const void *a, const void *b)
{
	int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;

	return x < y ? -1 : x > y;
}

/* p50/p90/p99/max of n sorted waits, in microseconds */
static void print_waits(const int64_t *v, uint64_t n)
{
	if (!n) {
		printf("%9s %9s %9s %9s", "-", "-", "-", "-");
		return;
	}
	printf("%9.1f %9.1f %9.1f %9.1f", v[n / 2] / 1e3, v[n * 9 / 10] / 1e3, v[n * 99 / 100] / 1e3,
	       v[n - 1] / 1e3);
}

static const char *prio_name(int p)
{
	return p == IDXGEN_PRIORITY_HIGH ? "HIGH" : p == IDXGEN_PRIORITY_NORMAL ? "NORMAL" : "LOW";
}

/* The workers' own figures, then per priority. */
static void report_workers(struct shared *sh)
{
	static int64_t all[NW * MAX_WAITS];

	printf("WORKER  PRIO    GRANTS SHARED RERUNS LOST  WAIT us:  p50       p90       p99       max\n");
	for (int i = 0; i < NW; i++) {
		struct worker_out *o = &sh->w[i];

		qsort(o->wait, o->nwaits, sizeof(o->wait[0]), cmp64);
		printf("%-7d %-7s %6" PRIu64 " %6" PRIu64 " %6" PRIu64 " %4" PRIu64 "    ", i,
		       prio_name(prio_of[i]), o->grants, o->shared_runs, o->reruns, o->lost);
		print_waits(o->wait, o->nwaits);
		printf("%s\n", i == GREEDY ? "  (greedy: 32 jobs per hold)" : "");
	}
	for (int p = IDXGEN_PRIORITY_HIGH; p >= IDXGEN_PRIORITY_LOW; p--) {
		uint64_t n = 0, grants = 0;

		for (int i = 0; i < NW; i++) {
			if (prio_of[i] != p)
				continue;
			grants += sh->w[i].grants;
			for (uint64_t k = 0; k < sh->w[i].nwaits; k++)
				all[n++] = sh->w[i].wait[k];
		}
		qsort(all, n, sizeof(all[0]), cmp64);
		printf("priority %-6s %6" PRIu64 " grants, wait us p50/p90/p99/max ", prio_name(p),
		       grants);
		print_waits(all, n);
		printf("\n");
	}
}

/*
 * One preemption and one hold-limit release, step by step (nothing timed):
 * LOW takes lock 1, NORMAL asks for it and takes it at once (LOW loses
 * it); LOW takes lock 2 and runs jobs until the hold limit takes it back.
 * Returns 0 if the device counted exactly one of each.
 */
static int scripted(struct idxgen_device *dev)
{
	struct idxgen_context *lo = NULL, *mid = NULL;
	struct idxgen_lock_state a, b, c;
	struct idxgen_region *ded = NULL;
	struct idxgen_config busy;
	unsigned int jobs = 0;
	uint32_t held = 0;
	int ret, preempted = 0, released = 0;

	ret = idxgen_context_create(dev, IDXGEN_PRIORITY_LOW, &lo);
	if (!ret)
		ret = idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &mid);
	if (!ret)
		ret = idxgen_region_alloc(dev, 64 << 10, &ded);
	if (!ret)
		ret = idxgen_config_init(&busy, dev, 16, 4, 1, 0);
	if (!ret)
		ret = idxgen_config_target(&busy, ded, 0);
	if (!ret)
		ret = idxgen_lock_state(dev, &a);
	/* 1 s: a bound, not a wait - both requests are granted at once */
	if (!ret)
		ret = idxgen_lock(lo, 1, 1000000000LL);
	if (!ret)
		ret = idxgen_lock(mid, 1, 1000000000LL);
	if (!ret)
		ret = idxgen_lock_held(lo, &held);
	if (!ret)
		ret = idxgen_lock_state(dev, &b);
	if (!ret) {
		preempted = !(held & (1u << 1)) && b.preemptions - a.preemptions == 1;
		ret = idxgen_unlock(mid, 1);
	}
	if (!ret)
		ret = idxgen_lock(lo, 2, 1000000000LL);
	busy.flags = IDXGEN_CONFIG_NO_HISTORY;
	for (held = 1u << 2; !ret && (held & (1u << 2)) && jobs < 4 * HOLD_LIMIT; jobs++) {
		ret = idxgen_run(lo, &busy, NULL);
		if (!ret)
			ret = idxgen_lock_held(lo, &held);
	}
	if (!ret && (held & (1u << 2)))
		idxgen_unlock(lo, 2);
	if (!ret)
		ret = idxgen_lock_state(dev, &c);
	if (!ret)
		released = !(held & (1u << 2)) && c.hold_releases - b.hold_releases == 1;
	if (ret)
		printf("step by step: %s\n", idxgen_strerror(ret));
	printf("step by step (untimed): NORMAL asked for lock 1 held by LOW: %s; LOW ran %u jobs under "
	       "lock 2: %s\n", preempted ? "LOW preempted at once, 1 preemption" : "NO PREEMPTION",
	       jobs, released ? "the hold limit took the lock, 1 hold-limit release" :
	       "NO HOLD-LIMIT RELEASE");
	if (ded)
		idxgen_region_free(ded);
	if (mid)
		idxgen_context_destroy(mid);
	if (lo)
		idxgen_context_destroy(lo);
	return !ret && preempted && released ? 0 : 1;
}

/*
 * The arbiter's per-context grants against the workers' own counts, per
 * process: on a device each worker is one, on the emulation all are one.
 * Returns the workers whose process's counts agree.
 */
static int compare_grants(struct shared *sh, const struct idxgen_lock_state *st)
{
	int matched = 0;

	for (int i = 0; i < NW; i++) {
		uint64_t mine = 0, arb = 0, lost = 0, wait = 0;
		int workers = 0, contexts = 0;

		if (i && sh->w[i].pid == sh->w[i - 1].pid)
			continue;	/* threads: counted with the first */
		for (int j = i; j < NW; j++)
			if (sh->w[j].pid == sh->w[i].pid)
				mine += sh->w[j].grants, workers++;
		for (uint32_t r = 0; r < st->requesters && r < 16; r++) {
			const struct idxgen_lock_requester *q = &st->req[r];

			if (q->ctx_id && q->pid == sh->w[i].pid) {
				arb += q->grants;
				lost += q->lost_count;
				wait += q->wait_ns;
				contexts++;
			}
		}
		printf("process %d: %d context%s, arbiter counted %" PRIu64 " grants, %s %" PRIu64
		       "; lost %" PRIu64 " times, waited %.1f ms in all%s\n", (int)sh->w[i].pid,
		       contexts, contexts == 1 ? "" : "s", arb,
		       workers == 1 ? "the worker" : "the workers", mine, lost, wait / 1e6,
		       arb == mine ? "" : "  <- MISMATCH");
		if (arb == mine)
			matched += workers;
	}
	return matched;
}

int main(int argc, char **argv)
{
	int seconds = 3, matched, bad = 0, is_emu;
	const char *show = NULL;
	struct idxgen_lock_state s0, s1;
	struct idxgen_device *dev;
	struct idxgen_info info;
	pthread_t th[NW];
	struct run runs[NW];
	pid_t pids[NW];
	struct shared *sh;
	uint64_t errors = 0, bad_index = 0;
	int ret;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--seconds") && i + 1 < argc)
			seconds = atoi(argv[++i]);
		else if (!strcmp(argv[i], "--show") && i + 1 < argc)
			show = argv[++i];
		else {
			fprintf(stderr, "usage: demo-arb [--seconds S] [--show CMD]\n");
			return 2;
		}
	}
	sh = mmap(NULL, sizeof(*sh), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (sh == MAP_FAILED)
		return perror("demo-arb: mmap"), 1;
	memset(sh, 0, sizeof(*sh));
	ret = idxgen_open(0, 0, &dev);
	if (!ret)
		ret = idxgen_get_info(dev, &info);
	if (!ret)
		ret = idxgen_lock_state(dev, &s0);
	if (!ret)
		ret = idxgen_lock_config(dev, HOLD_LIMIT, s0.enforce);
	if (ret) {
		fprintf(stderr, "demo-arb: %s\n", idxgen_strerror(ret));
		return 1;
	}
	is_emu = info.backend == IDXGEN_BACKEND_EMU;
	printf("%d workers (%s) for %d s, hold limit %d: lock 0 for the shared region "
	       "(idxgen_run_shared), locks 1 (HIGH, NORMAL) and 2 (LOW) for jobs in a dedicated region\n",
	       NW, is_emu ? "threads on the emulation" : "processes", seconds, HOLD_LIMIT);
	fflush(stdout);
	idxgen_lock_state(dev, &s0);
	for (int i = 0; i < NW; i++) {
		if (is_emu) {
			runs[i] = (struct run){ .dev = dev, .sh = sh, .me = i };
			pthread_create(&th[i], NULL, worker_thread, &runs[i]);
			continue;
		}
		pids[i] = fork();
		if (pids[i] == 0) {
			struct idxgen_device *d;

			ret = idxgen_open(0, 0, &d);
			if (ret)
				note_error(&sh->w[i], ret), sh->done[i] = 1;
			else
				worker(d, sh, i), idxgen_close(d);
			_exit(0);
		}
	}
	sleep((unsigned int)seconds);
	sh->stop = 1;
	for (int i = 0; i < NW; i++)
		while (!sh->done[i])
			usleep(1000);
	/* every worker still holds its context: the arbiter's table has them */
	ret = idxgen_lock_state(dev, &s1);
	if (show) {
		printf("$ %s\n", show);
		fflush(stdout);
		if (system(show))
			bad++;
	}
	sh->release = 1;
	for (int i = 0; i < NW; i++) {
		if (is_emu)
			pthread_join(th[i], NULL);
		else
			waitpid(pids[i], NULL, 0);
	}
	if (ret) {
		fprintf(stderr, "demo-arb: lock state: %s\n", idxgen_strerror(ret));
		idxgen_lock_config(dev, s0.hold_limit, s0.enforce);
		return 1;
	}
	report_workers(sh);
	printf("device during the run: %" PRIu64 " grants, %" PRIu64 " preemptions, %" PRIu64
	       " hold-limit releases, %" PRIu64 " denials (waits)\n", s1.grants - s0.grants,
	       s1.preemptions - s0.preemptions, s1.hold_releases - s0.hold_releases,
	       s1.denials - s0.denials);
	printf("(the device's grants include those a waiter lost again before its request "
	       "returned: the driver asks again and counts one grant; how many preemptions and "
	       "releases a timed run has depends on the machine's speed and load)\n");
	matched = compare_grants(sh, &s1);
	for (int i = 0; i < NW; i++) {
		errors += sh->w[i].errors;
		bad_index += sh->w[i].bad_index;
		if (sh->w[i].errors)
			printf("worker %d: %" PRIu64 " errors, the first: %s\n", i, sh->w[i].errors,
			       idxgen_strerror(sh->w[i].first_error));
		if (sh->w[i].gave_up)
			printf("worker %d: %" PRIu64 " shared-region runs given up (lock 0 lost on each "
			       "of the tries)\n", i, sh->w[i].gave_up);
	}
	printf("grants counted by the arbiter == the workers' own: %d of %d workers; "
	       "wrong indices %" PRIu64 ", errors %" PRIu64 "\n", matched, NW, bad_index, errors);
	if (matched != NW || bad_index || errors)
		bad++;
	bad += scripted(dev);
	idxgen_lock_config(dev, s0.hold_limit, s0.enforce);
	idxgen_close(dev);
	return bad ? 1 : 0;
}
