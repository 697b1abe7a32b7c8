// SPDX-License-Identifier: MIT
/*
 * test_rt_prof.c - profiling hooks: one record per block, its times inside
 * the launch's, its thread CPU time.
 */
#include "test_rt.h"

#include <pthread.h>
#include <time.h>

/*
 * The calling thread's CPU time (CLOCK_THREAD_CPUTIME_ID, the clock of the
 * records' cpu_ns), 0 if that clock is missing.
 */
static uint64_t thread_cpu_ns(void)
{
	struct timespec ts;

	if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts))
		return 0;
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/*
 * Spins until its thread's CPU clock has moved on, and records by how much
 * in spent[block x]: the block then certainly cost CPU time, at any speed
 * and any resolution of the clock (0: no such clock, no spin).
 */
static void cpuspin_block(struct idxgen_rt_block *blk)
{
	uint64_t *spent = KARG(blk, 0, uint64_t *);
	uint64_t t0 = thread_cpu_ns(), t1 = t0;

	while (t0 && t1 == t0)
		t1 = thread_cpu_ns();
	spent[blk->block_idx[0]] = t1 - t0;
}

static const struct idxgen_rt_kernel cpuspin_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "cpuspin", .block = cpuspin_block, .nargs = 1,
};

struct prof_acc {
	pthread_mutex_t lock;
	const uint64_t *spent;		/* the kernel's own measure, per block */
	uint64_t n, bad, cpu_total, cpu_bad, wall_sum, min_start, max_end;
	uint32_t seen[64];
};

/*
 * Runs on the worker that ran the block (include/idxgen_rt.h), right after
 * it.  Every comparison is within one clock: the records' start/end with
 * the launch's own CLOCK_MONOTONIC figures (in test_prof), cpu_ns with this
 * thread's CPU clock: at least what the block itself saw pass (its reads
 * lie between the runtime's two), at most all the thread's CPU time so far.
 */
static void prof_cb(void *arg, const struct idxgen_rt_block_prof *rec)
{
	struct prof_acc *p = arg;
	uint64_t cpu_now = thread_cpu_ns();

	pthread_mutex_lock(&p->lock);
	p->n++;
	if (rec->end_ns < rec->start_ns || rec->block_idx[0] >= 64 || rec->seq >= 64) {
		p->bad++;
	} else {
		p->seen[rec->block_idx[0]]++;
		p->cpu_bad += !rec->cpu_ns || rec->cpu_ns < p->spent[rec->block_idx[0]] ||
			      rec->cpu_ns > cpu_now;
		p->wall_sum += rec->end_ns - rec->start_ns;
		if (rec->start_ns < p->min_start)
			p->min_start = rec->start_ns;
		if (rec->end_ns > p->max_end)
			p->max_end = rec->end_ns;
	}
	p->cpu_total += rec->cpu_ns;
	pthread_mutex_unlock(&p->lock);
}

void test_prof(struct idxgen_rt *rt)
{
	struct prof_acc p = { .lock = PTHREAD_MUTEX_INITIALIZER, .min_start = UINT64_MAX };
	struct idxgen_rt_launch_opts o = { .prof_block = prof_cb, .prof_arg = &p,
					   .prof_events = IDXGEN_RT_PROF_CYCLES | IDXGEN_RT_PROF_INSTRUCTIONS };
	struct idxgen_rt_launch_info info;
	uint64_t *spent = calloc(64, sizeof(uint64_t));
	void *args[] = { &spent };
	int err, once = 1;

	p.spent = spent;
	err = idxgen_rt_launch_ex(rt, &cpuspin_kernel, IDXGEN_RT_DIM3(64, 1, 1), IDXGEN_RT_DIM3(32, 1, 1),
				  args, &o, &info);
	for (int i = 0; i < 64; i++)
		once &= p.seen[i] == 1;
	/* the records' times lie inside the launch's (same clock): at any speed */
	/* The run's own figures go on a diagnostic line: a test's name is the same every run. */
	tap_diag("profiling hook: busy %llu ns, run %llu ns, perf counters opened: 0x%x",
		 (unsigned long long)info.busy_ns, (unsigned long long)info.run_ns,
		 info.prof_events_ok);
	tap_ok(!err && p.n == 64 && !p.bad && once && p.wall_sum <= info.busy_ns &&
		       p.max_end - p.min_start <= info.run_ns,
	       "profiling hook: one record per block, times ordered and inside the launch's");
	if (!thread_cpu_ns()) {
		tap_skip("no CLOCK_THREAD_CPUTIME_ID here", "profiling records carry the block's thread CPU time");
	} else {
		tap_diag("profiling records: %llu ns of CPU over 64 blocks; %llu records not between "
			 "what the block saw pass and its thread's CPU time",
			 (unsigned long long)p.cpu_total, (unsigned long long)p.cpu_bad);
		tap_ok(!err && p.n == 64 && !p.cpu_bad,
		       "profiling records carry the block's thread CPU time");
	}
	free(spent);
}
