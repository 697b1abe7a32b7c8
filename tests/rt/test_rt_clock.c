// SPDX-License-Identifier: MIT
/*
 * test_rt_clock.c - the device clock (idxgen_rt_clock64, clock64() in
 * kernels) never goes back on a thread.  Kernels compare the readings of
 * a block's threads (tests/cudart/progs/clock_wait_overlap.cu); the OS may
 * move the block's thread to a CPU whose cycle counter lags (a virtual
 * machine's vCPUs need not agree), and clock64() read the counter raw.
 * Such a machine cannot be asked for, so the rule that orders the readings
 * (rt_clock_after) is fed a lagging counter, and the real counter is read
 * by a thread moved over every CPU it may use.
 */
#include "test_rt.h"

#include <sched.h>

#include "../../lib/rt/rt_internal.h"

/* A counter that lags after a move: clock64 returned these raw values before the fix. */
static void clock_lagging_counter(void)
{
	static const long long raw[] = {1000, 400, 400, 999, 1003, 5000, 4999};
	static const long long want[] = {1000, 1001, 1002, 1003, 1004, 5000, 5001};
	long long last = 0, got[7];
	int same = 1;

	for (int i = 0; i < 7; i++) {
		got[i] = last = rt_clock_after(last, raw[i]);
		same &= got[i] == want[i];
	}
	tap_ok(same,
	       "clock: readings of a counter that lags after a move stay strictly increasing "
	       "(1000 400 400 999 1003 5000 4999 -> %lld %lld %lld %lld %lld %lld %lld)",
	       got[0], got[1], got[2], got[3], got[4], got[5], got[6]);
}

/* The real counter on a thread moved to each allowed CPU in turn. */
static void clock_moved_thread(void)
{
	cpu_set_t allowed, one;
	int cpus[CPU_SETSIZE], ncpu = 0, falls = 0, moved = 0;
	long long before = idxgen_rt_clock64();

	if (sched_getaffinity(0, sizeof(allowed), &allowed) == 0)
		for (int c = 0; c < CPU_SETSIZE; c++)
			if (CPU_ISSET(c, &allowed))
				cpus[ncpu++] = c;
	for (int i = 0; i < 4000; i++) {
		long long now;

		if (ncpu > 1) {
			CPU_ZERO(&one);
			CPU_SET(cpus[i % ncpu], &one);
			moved += sched_setaffinity(0, sizeof(one), &one) == 0;
		}
		now = idxgen_rt_clock64();
		falls += now <= before;
		before = now;
	}
	if (ncpu > 1)
		sched_setaffinity(0, sizeof(allowed), &allowed);
	tap_ok(falls == 0,
	       "clock: 4000 readings on a thread moved over its CPUs, each above the one before "
	       "(%d not)",
	       falls);
	printf("# clock: %d CPUs allowed, %d moves\n", ncpu, moved);
}

/*
 * The counter's rate: CPUID leaf 0x15 as Intel's manual defines it (an
 * i7-8700's 24 MHz crystal times 168/2 reads 2,016,000 kHz; a zero field:
 * not stated), a measured rate rounded, and one answer per process.
 */
static void clock_rate(void)
{
	int khz = idxgen_rt_clock_khz();

	tap_ok(rt_clock_khz_cpuid15(2, 168, 24000000) == 2016000 && rt_clock_khz_cpuid15(0, 168, 24000000) == 0 &&
		       rt_clock_khz_cpuid15(2, 0, 24000000) == 0 && rt_clock_khz_cpuid15(2, 168, 0) == 0,
	       "clock rate: CPUID 0x15's crystal and ratio give 2016000 kHz, a zero field none");
	tap_ok(rt_clock_khz_measured(20959940, 10000000) == 2095994 &&
		       rt_clock_khz_measured(2095995, 1000000) == 2095995 && rt_clock_khz_measured(1, 3) == 333333 &&
		       rt_clock_khz_measured(5, 0) == 0,
	       "clock rate: ticks over nanoseconds in kHz, rounded; no interval none");
	tap_ok(khz > 0 && idxgen_rt_clock_khz() == khz, "clock rate: one answer per process");
	printf("# clock rate: %d kHz\n", khz);
}

void test_clock(void)
{
	clock_lagging_counter();
	clock_moved_thread();
	clock_rate();
}
