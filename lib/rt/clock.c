// SPDX-License-Identifier: MIT
/*
 * clock.c - the device clock that kernels read (clock64(), clock() in
 * device code) and the rate it advances at (cudaDevAttrClockRate).
 *
 * The clock is the CPU's cycle counter: the time stamp counter on x86, the
 * virtual counter on arm64.  On a GPU a block's threads read their
 * multiprocessor's one counter, which never goes back, and code compares
 * the readings of a block's threads (which thread waited first, how long a
 * wait took).  Here a block runs on one OS thread, but the OS may move that
 * thread to another CPU, and CPUs' counters need not agree (a virtual
 * machine's vCPUs can differ).  So each reading is clamped to the thread's
 * previous one plus one (rt_clock_after): a block's readings never go back;
 * a move to a lagging CPU costs at most the lag, a move ahead skips cycles.
 * The last reading is per OS thread, so it is thread-local (no lock, no
 * sharing: blocks on other threads have counters of their own, as SMs do).
 *
 * The rate is the counter's own, never the CPU's clock speed: code waits
 * `ms * clockRate` cycles, and a rate taken from cpufreq's maximum (turbo)
 * or /proc/cpuinfo would make that wait longer or shorter than asked (on
 * arm64 the virtual counter runs at a fixed tens of MHz).  arm64 states it
 * (CNTFRQ_EL0); x86 states it in CPUID leaf 0x15 (crystal and ratio) on
 * Intel, or a hypervisor's leaf 0x40000010; otherwise it is measured once
 * against CLOCK_MONOTONIC_RAW over 10 ms.  Kept after the first call
 * (pthread_once): one value per process, read-only afterwards.
 */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <time.h>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include "idxgen.h"
#include "idxgen_rt.h"
#include "rt_internal.h"

static _Thread_local long long rt_clock_last;
static pthread_once_t rt_clock_rate_once = PTHREAD_ONCE_INIT;
static int rt_clock_rate_khz;

static long long cycle_counter(void)
{
#if defined(__x86_64__) || defined(__i386__)
	return (long long)__builtin_ia32_rdtsc();
#elif defined(__aarch64__)
	unsigned long long v;

	__asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(v));
	return (long long)v;
#else
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC_RAW, &t);
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
#endif
}

long long idxgen_rt_clock64(void)
{
	rt_clock_last = rt_clock_after(rt_clock_last, cycle_counter());
	return rt_clock_last;
}

static long long mono_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC_RAW, &t);
	return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

/*
 * A counter reading and the nanoseconds of the same moment: of three tries,
 * the one whose two clock reads around it lie closest (the OS can stop the
 * thread between two reads; a close pair was not stopped).
 */
static void paired_reading(long long *ticks, long long *ns)
{
	long long best = -1;

	for (int i = 0; i < 3; i++) {
		long long a = mono_ns(), t = cycle_counter(), b = mono_ns();

		if (best < 0 || b - a < best) {
			best = b - a;
			*ticks = t;
			*ns = a + (b - a) / 2;
		}
	}
}

static int measured_khz(void)
{
	struct timespec pause = { 0, 10 * 1000 * 1000 };
	long long t0, n0, t1, n1;

	paired_reading(&t0, &n0);
	while (nanosleep(&pause, &pause))
		;
	paired_reading(&t1, &n1);
	return rt_clock_khz_measured(t1 - t0, n1 - n0);
}

static int stated_khz(void)
{
#if defined(__aarch64__)
	unsigned long long hz;

	__asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(hz));
	return (int)(hz / 1000);
#elif defined(__x86_64__) || defined(__i386__)
	unsigned int a, b, c, d;

	if (__get_cpuid_max(0, NULL) >= 0x15) {
		__cpuid(0x15, a, b, c, d);
		if (rt_clock_khz_cpuid15(a, b, c))
			return rt_clock_khz_cpuid15(a, b, c);
	}
	__cpuid(0x1, a, b, c, d);
	if (c & (1u << 31)) {	/* a hypervisor: its leaves from 0x40000000 */
		__cpuid(0x40000000, a, b, c, d);
		if (a >= 0x40000010) {
			__cpuid(0x40000010, a, b, c, d);
			return (int)a;	/* kHz */
		}
	}
	return 0;
#else
	return 1000000;	/* CLOCK_MONOTONIC_RAW: nanoseconds */
#endif
}

static void find_rate(void)
{
	int khz = stated_khz();

	rt_clock_rate_khz = khz > 0 ? khz : measured_khz();
}

int idxgen_rt_clock_khz(void)
{
	pthread_once(&rt_clock_rate_once, find_rate);
	return rt_clock_rate_khz;
}
