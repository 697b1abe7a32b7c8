/* SPDX-License-Identifier: MIT */
/*
 * tap.h - minimal TAP output for idxgen's C test programs.
 *
 * Every test program prints "ok N - name" / "not ok N - name" lines and a
 * "# N passed, N failed" summary, and exits 1 if anything failed.  The
 * top-level runner (tests/run-tests.sh) counts these lines across suites.
 */
#ifndef IDXGEN_TAP_H
#define IDXGEN_TAP_H

#include <stdarg.h>
#include <stdio.h>

static int tap_n, tap_failed;

static inline int tap_ok(int cond, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline int tap_ok(int cond, const char *fmt, ...)
{
	va_list ap;

	tap_n++;
	if (!cond)
		tap_failed++;
	printf("%sok %d - ", cond ? "" : "not ", tap_n);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n");
	fflush(stdout);
	return cond;
}

/* Diagnostic line, ignored by counters. */
#define tap_diag(...) do { printf("# "); printf(__VA_ARGS__); printf("\n"); fflush(stdout); } while (0)

static inline int tap_done(void)
{
	printf("1..%d\n# %d passed, %d failed\n", tap_n, tap_n - tap_failed, tap_failed);
	return tap_failed ? 1 : 0;
}

#endif /* IDXGEN_TAP_H */
