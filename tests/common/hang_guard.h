/* SPDX-License-Identifier: MIT */
/*
 * The in-guest tests' hang guard, in seconds: the bound of a wait for an event
 * that should come (a fence, a kernel log line, a debugfs count).  A test
 * built once runs on two kernels whose speeds differ tenfold: the debug
 * kernel (KASAN, lockdep) needs the full FALLBACK, while on the stock kernel
 * a hang costing that much, twice, pushed a whole `make check` past CI's
 * 90 minutes before it could say which test hung.  run-vm.sh therefore
 * passes IDXGEN_HANG_GUARD_S per kernel (and a suite guard above it); a
 * value may only shorten FALLBACK, never lengthen it, so a stray setting
 * cannot make a guard outlast the suite's.
 */
#ifndef IDXGEN_TESTS_HANG_GUARD_H
#define IDXGEN_TESTS_HANG_GUARD_H

#include <stdlib.h>

static inline int hang_guard_s(int fallback)
{
	const char *v = getenv("IDXGEN_HANG_GUARD_S");
	int s = v ? atoi(v) : 0;

	return s > 0 && s < fallback ? s : fallback;
}

#endif
