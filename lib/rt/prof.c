// SPDX-License-Identifier: MIT
/*
 * prof.c - per-worker hardware counters for the profiling records
 * (perf_event_open, user space only, per thread).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "idxgen.h"
#include "idxgen_rt.h"
#include "rt_internal.h"
#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>

/* ------------------------------------------------------------------ */
/* Profiling counters                                                  */
/* ------------------------------------------------------------------ */

static const struct {
	uint32_t type;
	uint64_t config;
} prof_events[IDXGEN_RT_PROF_NUM_EVENTS] = {
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_CACHE_MISSES },
	{ PERF_TYPE_HARDWARE, PERF_COUNT_HW_BRANCH_MISSES },
};

/* Open the asked counters for the calling thread; returns those opened. */
uint32_t rt_prof_open(uint32_t want, int fd[IDXGEN_RT_PROF_NUM_EVENTS])
{
	uint32_t ok = 0;

	for (int i = 0; i < IDXGEN_RT_PROF_NUM_EVENTS; i++) {
		struct perf_event_attr a;

		fd[i] = -1;
		if (!(want & (1u << i)))
			continue;
		memset(&a, 0, sizeof(a));
		a.size = sizeof(a);
		a.type = prof_events[i].type;
		a.config = prof_events[i].config;
		a.exclude_kernel = 1;
		a.exclude_hv = 1;
		fd[i] = (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
		if (fd[i] >= 0)
			ok |= 1u << i;
	}
	return ok;
}

void rt_prof_read(const int fd[IDXGEN_RT_PROF_NUM_EVENTS], uint64_t v[IDXGEN_RT_PROF_NUM_EVENTS])
{
	for (int i = 0; i < IDXGEN_RT_PROF_NUM_EVENTS; i++)
		if (fd[i] < 0 || read(fd[i], &v[i], sizeof(v[i])) != (ssize_t)sizeof(v[i]))
			v[i] = UINT64_MAX;
}

void rt_prof_close(int fd[IDXGEN_RT_PROF_NUM_EVENTS])
{
	for (int i = 0; i < IDXGEN_RT_PROF_NUM_EVENTS; i++)
		if (fd[i] >= 0)
			close(fd[i]);
}
