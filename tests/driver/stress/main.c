// SPDX-License-Identifier: MIT
/*
 * idxgen-stress - in-guest tests that look for kernel bugs rather than
 * wrong answers: they are meant to run under the debug kernel
 * (tests/vm/kernel), whose KASAN, lockdep, kmemleak and fault injection turn
 * a bug into a splat that the VM harness reports (tests/vm/guest-init.sh).
 *
 *   idxgen-stress drmcore [master|syncobj]
 *                                      DRM-core ioctls that oops or WARN on an
 *                                      unpatched 6.12 (tests/vm/kernel/patches)
 *   idxgen-stress failnth              every ioctl and region mmap with
 *                                      /proc/thread-self/fail-nth = 1, 2, 3...
 *   idxgen-stress fuzz SEC SEED [norebind] [noreset] [ioctls=N]
 *                                      structure-aware ioctl fuzzer: processes
 *                                      and threads sharing and closing fds,
 *                                      bad pointers, resets, unbind/rebind;
 *                                      for SEC seconds, or with ioctls=N until
 *                                      N ioctls reached a live device (SEC is
 *                                      then ignored); budget=S: until N or
 *                                      S seconds, whichever comes first (a
 *                                      run stopped short fails its goal)
 *   idxgen-stress soak PROCS JOBS SEC [MINSEC [resets]]
 *                                      PROCS processes submitting verified jobs
 *                                      (at least JOBS in all, for at least
 *                                      MINSEC, at most SEC seconds) while
 *                                      faults (and resets) are injected
 *
 * Every mode prints TAP and a summary; every job that reports success is
 * checked index by index against tests/common.
 *
 * The modes live in one file each (stress.h lists them); this file reads
 * the command line.
 */
#define TAP_SHARED_DEFINE
#include "stress.h"

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(mode, "drmcore"))
		return mode_drmcore(argc > 2 ? argv[2] : "all");
	if (!strcmp(mode, "failnth")) {
		int minor = find_debug_dev();

		return mode_failnth(minor < 0 ? 0 : minor);
	}
	if (!strcmp(mode, "fuzz")) {
		bool rebind = true, resets = true;
		unsigned long until = 0;
		int i, budget = 0;

		for (i = 4; i < argc; i++) {
			if (!strcmp(argv[i], "norebind"))
				rebind = false;
			else if (!strcmp(argv[i], "noreset"))
				resets = false;
			else if (sscanf(argv[i], "budget=%d", &budget) == 1 && budget > 0)
				continue;
			else if (sscanf(argv[i], "ioctls=%lu", &until) != 1 || !until)
				goto usage;
		}
		if (budget && !until)
			goto usage;
		return mode_fuzz(argc > 2 ? atoi(argv[2]) : 20, until, budget,
				 argc > 3 ? strtoull(argv[3], NULL, 0) : 1, rebind, resets);
	}
	if (!strcmp(mode, "soak"))
		return mode_soak(argc > 2 ? atoi(argv[2]) : 8, argc > 3 ? atol(argv[3]) : 1000,
				 argc > 4 ? atoi(argv[4]) : 300, argc > 5 ? atoi(argv[5]) : 0,
				 argc > 6 && !strcmp(argv[6], "resets"));
usage:
	fprintf(stderr,
		"usage: idxgen-stress drmcore [master|syncobj]|failnth|fuzz [SEC [SEED "
		"[norebind] [noreset] [ioctls=N [budget=S]]]]|soak [PROCS [JOBS [SEC [MINSEC "
		"[resets]]]]]\n");
	return 2;
}
