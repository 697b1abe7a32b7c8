// SPDX-License-Identifier: MIT
/*
 * quiesce.h - wait until a runtime's threads have all stopped, as the
 * kernel sees them (no clock, no guessed pause).
 *
 * A test that gates one stream (a host function that waits for a flag)
 * and checks that work queued behind it waits, must open the gate only
 * once a wrong runtime would already have run that work.  "After 50 ms"
 * is a guess that a slow wrong runtime passes.  Here: the main thread and
 * every thread named QUIESCE_THREAD_NAME (lib/cudart names its stream
 * executors so), except the one running the gate, are asleep in a futex
 * wait without a timeout, and stay so between two looks (their context
 * switch counts unchanged).  Then all of them slept at one instant, and
 * only the gate (which wakes nobody) and the caller ran: nothing can run
 * until the gate opens, so what a wrong runtime would run early has run.
 * A thread in a timed wait or a sleep is not stopped (it wakes by itself).
 *
 * Linux only (/proc/self/task/TID/{comm,stat,status,syscall}).  Header
 * only, for the C, C++ and nvcc builds of the test; under NVIDIA's runtime
 * no thread has the name and only the main thread is looked at.
 */
#ifndef IDXGEN_TESTS_QUIESCE_H
#define IDXGEN_TESTS_QUIESCE_H

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define QUIESCE_THREAD_NAME "cudart-stream"
/* A hang guard, not a timing: a correct runtime stops within milliseconds. */
#define QUIESCE_HANG_GUARD_S 600
#define QUIESCE_MAX_THREADS 256

struct quiesce_thread {
	long tid;
	long switches;	/* voluntary + involuntary context switches */
};

static long quiesce_gettid(void)
{
	return (long)syscall(SYS_gettid);
}

static int quiesce_read(long tid, const char *what, char *buf, size_t size)
{
	char path[96];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/self/task/%ld/%s", tid, what);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, size - 1, f);
	fclose(f);
	buf[n] = 0;
	return 0;
}

/* Whether tid sleeps in an untimed futex wait; its switch count in *sw. */
static int quiesce_thread_stopped(long tid, long *sw)
{
	char buf[2048];
	const char *p;
	long nr = -1;
	unsigned long args[4] = { 0, 0, 0, 1 };

	if (quiesce_read(tid, "stat", buf, sizeof(buf)) < 0)
		return 0;
	p = strrchr(buf, ')');	/* the name may hold spaces and brackets */
	if (!p || p[1] != ' ' || p[2] != 'S')
		return 0;
	if (quiesce_read(tid, "syscall", buf, sizeof(buf)) < 0 ||
	    sscanf(buf, "%ld %lx %lx %lx %lx", &nr, &args[0], &args[1], &args[2], &args[3]) != 5)
		return 0;
	if (nr != SYS_futex || args[3] != 0)	/* args[3]: the timeout */
		return 0;
	if (quiesce_read(tid, "status", buf, sizeof(buf)) < 0)
		return 0;
	p = strstr(buf, "voluntary_ctxt_switches:");
	*sw = p ? strtol(p + 24, NULL, 10) : -1;
	p = strstr(buf, "nonvoluntary_ctxt_switches:");
	*sw += p ? strtol(p + 27, NULL, 10) : 0;
	return *sw >= 0;
}

/* The threads to look at: the main one and the named ones but skip_tid and
 * the caller.  Returns their number, or -1 when one of them is not stopped. */
static int quiesce_scan(long skip_tid, struct quiesce_thread *t)
{
	DIR *d = opendir("/proc/self/task");
	struct dirent *e;
	long self = quiesce_gettid();
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		char comm[64] = "";
		long tid = strtol(e->d_name, NULL, 10);

		if (tid <= 0 || tid == skip_tid || tid == self)
			continue;
		if (tid != (long)getpid()) {
			if (quiesce_read(tid, "comm", comm, sizeof(comm)) < 0 ||
			    strncmp(comm, QUIESCE_THREAD_NAME, strlen(QUIESCE_THREAD_NAME)))
				continue;
		}
		if (n == QUIESCE_MAX_THREADS || !quiesce_thread_stopped(tid, &t[n].switches)) {
			n = -1;
			break;
		}
		t[n++].tid = tid;
	}
	closedir(d);
	return n;
}

static int quiesce_same(const struct quiesce_thread *a, int na, const struct quiesce_thread *b,
			int nb)
{
	if (na != nb)
		return 0;
	for (int i = 0; i < na; i++) {
		int found = 0;

		for (int j = 0; j < nb; j++)
			found |= a[i].tid == b[j].tid && a[i].switches == b[j].switches;
		if (!found)
			return 0;
	}
	return 1;
}

/*
 * Waits until the threads described above have stopped.  Returns 1 then,
 * 0 when the hang guard ran out first (the caller reports a failure).
 */
static int quiesce_wait(long skip_tid)
{
	struct quiesce_thread a[QUIESCE_MAX_THREADS], b[QUIESCE_MAX_THREADS];
	struct timespec start, now;

	clock_gettime(CLOCK_MONOTONIC, &start);
	do {
		int na = quiesce_scan(skip_tid, a);
		int nb = na < 0 ? -1 : quiesce_scan(skip_tid, b);

		if (nb >= 0 && quiesce_same(a, na, b, nb))
			return 1;
		usleep(100);	/* a poll: the next look, not a guessed pause */
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while (now.tv_sec - start.tv_sec < QUIESCE_HANG_GUARD_S);
	return 0;
}

#endif
