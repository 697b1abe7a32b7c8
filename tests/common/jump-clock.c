// SPDX-License-Identifier: MIT
/*
 * jump-clock.so - a planted clock jump, for the tests of hang guards
 * (LD_PRELOAD).  A TCG guest's clock can leap ahead while its host is
 * paused (the guest reads the host's TSC, which ran on; a coop-all run saw
 * 13,374 s go by on the guest's clock in 191 s of the host's): a hang guard
 * that reads that clock must not take the leap for a hang.
 *
 * Environment:
 *   JUMP_CLOCK_AFTER=N   the first N calls of clock_gettime() read the true
 *                        clock; every later one reads it JUMP_CLOCK_S
 *                        seconds ahead (CLOCK_MONOTONIC, CLOCK_BOOTTIME,
 *                        CLOCK_REALTIME and their variants alike)
 *   JUMP_CLOCK_S=S       the size of the jump
 *   JUMP_CLOCK_MARK=PATH created once JUMP_CLOCK_MARK_AFTER (default 4)
 *                        calls have read the jumped clock: the test then
 *                        knows its program has lived with the jump
 *
 * The shim removes itself from LD_PRELOAD, so the programs a guarded
 * command runs read the true clock.  Counting calls (not time) is what
 * makes the jump land at the same place of the program's work every run.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

typedef int (*clock_gettime_fn)(clockid_t, struct timespec *);

/*
 * The settings are read once, before main(); a preloaded shim has nowhere
 * else to keep them.  calls is the only state that changes (atomic: a
 * program's threads read the clock concurrently).
 */
static struct {
	clock_gettime_fn real;
	long after, mark_after;
	time_t jump_s;
	const char *mark;
} shim;
static atomic_long calls;

__attribute__((constructor)) static void jump_clock_init(void)
{
	const char *v;

	shim.real = (clock_gettime_fn)dlsym(RTLD_NEXT, "clock_gettime");
	shim.after = (v = getenv("JUMP_CLOCK_AFTER")) ? atol(v) : -1;
	shim.jump_s = (v = getenv("JUMP_CLOCK_S")) ? (time_t)atol(v) : 0;
	shim.mark_after = (v = getenv("JUMP_CLOCK_MARK_AFTER")) ? atol(v) : 4;
	shim.mark = getenv("JUMP_CLOCK_MARK");
	unsetenv("LD_PRELOAD");
}

int clock_gettime(clockid_t id, struct timespec *ts)
{
	int ret = shim.real(id, ts);
	long n = atomic_fetch_add(&calls, 1) + 1;
	int fd;

	if (ret || shim.after < 0 || n <= shim.after)
		return ret;
	if (id == CLOCK_MONOTONIC || id == CLOCK_MONOTONIC_RAW || id == CLOCK_MONOTONIC_COARSE ||
	    id == CLOCK_BOOTTIME || id == CLOCK_REALTIME || id == CLOCK_REALTIME_COARSE)
		ts->tv_sec += shim.jump_s;
	if (shim.mark && n == shim.after + shim.mark_after &&
	    (fd = open(shim.mark, O_WRONLY | O_CREAT | O_CLOEXEC, 0644)) >= 0)
		close(fd);
	return ret;
}
