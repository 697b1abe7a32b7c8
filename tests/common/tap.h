/* SPDX-License-Identifier: MIT */
/*
 * tap.h - the TAP output of idxgen's C and C++ test programs (host, VM,
 * and the host code nvcc compiles).
 *
 * Every test program prints "ok N - name" / "not ok N - name" lines and a
 * closing "# N passed, N failed, N skipped, N expected failures" line, and
 * exits 1 if anything failed.  A skip always says why and never counts as a
 * pass; an expected failure names the known bug ("# TODO"), and once that
 * test passes it fails, so the marker goes with the fix.  The top-level
 * runner (tests/run-tests.sh) counts the same directives across suites; the
 * shell tests have the same helpers in tap.sh.
 */
#ifndef IDXGEN_TAP_H
#define IDXGEN_TAP_H

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/*
 * The counters.  A program of one file has them to itself.  A program of
 * several files defines TAP_SHARED before including this header in each of
 * them, and one of those files also TAP_SHARED_DEFINE: the counters live
 * there, and every file counts into them.
 */
#if defined(TAP_SHARED) && defined(TAP_SHARED_DEFINE)
int tap_n, tap_failed, tap_skipped, tap_expected_failures;
#elif defined(TAP_SHARED)
extern int tap_n, tap_failed, tap_skipped, tap_expected_failures;
#else
static int tap_n, tap_failed, tap_skipped, tap_expected_failures;
#endif

/*
 * One "ok"/"not ok" line: the directive (" # SKIP why") follows the name.
 * A "#" in the name is written "\#", as TAP says, so that a name such as
 * "parse #todo" is never read as a directive (tests/common/tap-count.sh).
 */
static inline void tap_line(int cond, const char *directive, const char *fmt, va_list ap)
{
	char name[1024];
	const char *c;

	vsnprintf(name, sizeof(name), fmt, ap);
	printf("%sok %d - ", cond ? "" : "not ", tap_n);
	for (c = name; *c; c++) {
		if (*c == '#')
			putchar('\\');
		putchar(*c);
	}
	printf("%s\n", directive);
	fflush(stdout);
}

static inline int tap_ok(int cond, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline int tap_ok(int cond, const char *fmt, ...)
{
	va_list ap;

	tap_n++;
	if (!cond)
		tap_failed++;
	va_start(ap, fmt);
	tap_line(cond, "", fmt, ap);
	va_end(ap);
	return cond;
}

/* A test that cannot run here: REASON is required and printed. */
static inline void tap_skip(const char *reason, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
static inline void tap_skip(const char *reason, const char *fmt, ...)
{
	char directive[512];
	va_list ap;

	tap_n++;
	if (!reason || !*reason) {
		tap_failed++;
		snprintf(directive, sizeof(directive), ": skipped without a reason");
	} else {
		tap_skipped++;
		snprintf(directive, sizeof(directive), " # SKIP %s", reason);
	}
	va_start(ap, fmt);
	tap_line(!reason || !*reason ? 0 : 1, directive, fmt, ap);
	va_end(ap);
}

/*
 * An expected failure of a known BUG: passing fails, so the marker goes; a
 * BUG that is empty fails too.
 */
static inline int tap_todo(int cond, const char *bug, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static inline int tap_todo(int cond, const char *bug, const char *fmt, ...)
{
	char directive[512];
	va_list ap;

	tap_n++;
	if (!bug || !*bug) {
		tap_failed++;
		snprintf(directive, sizeof(directive), ": an expected failure must name its bug");
	} else if (cond) {
		tap_failed++;
		snprintf(directive, sizeof(directive), ": passes now, remove its known-bug marker (%s)", bug);
	} else {
		tap_expected_failures++;
		snprintf(directive, sizeof(directive), " # TODO %s", bug);
	}
	va_start(ap, fmt);
	tap_line(0, directive, fmt, ap);
	va_end(ap);
	return cond;
}

/* Diagnostic line, ignored by counters. */
#define tap_diag(...)                                                                              \
	do {                                                                                       \
		printf("# ");                                                                      \
		printf(__VA_ARGS__);                                                               \
		printf("\n");                                                                      \
		fflush(stdout);                                                                    \
	} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n# %d passed, %d failed, %d skipped, %d expected failures\n", tap_n,
	       tap_n - tap_failed - tap_skipped - tap_expected_failures, tap_failed, tap_skipped,
	       tap_expected_failures);
	return tap_failed ? 1 : 0;
}

/*
 * Tests that register themselves, in the style of the kernel's
 * kselftest_harness.h:
 *
 *	TAP_TEST(vecadd)
 *	{
 *		tap_ok(..., "vecadd: ...");
 *	}
 *
 *	int main(int argc, char **argv) { return tap_main(argc, argv); }
 *
 * Adding a test is one edit.  tap_main() runs every registered test (in no
 * particular order between files), "-l" lists their names, "-t NAME" runs
 * one (repeatable); a NAME that is no test fails.  The registry is a linker
 * section of pointers ("tap_tests"), so tests in several files of one
 * program all register (with TAP_SHARED counters).
 */
struct tap_test {
	const char *name;
	void (*fn)(void);
};

#define TAP_TEST(test_name)                                                                        \
	static void tap_test_fn_##test_name(void);                                                 \
	static const struct tap_test tap_test_##test_name = {#test_name, tap_test_fn_##test_name}; \
	static const struct tap_test *const tap_test_ptr_##test_name                               \
		__attribute__((used, section("tap_tests"))) = &tap_test_##test_name;               \
	static void tap_test_fn_##test_name(void)

extern const struct tap_test *const __start_tap_tests[] __attribute__((weak));
extern const struct tap_test *const __stop_tap_tests[] __attribute__((weak));

static inline const struct tap_test *tap_test_find(const char *name)
{
	const struct tap_test *const *t;

	for (t = __start_tap_tests; t && t < __stop_tap_tests; t++)
		if (!strcmp((*t)->name, name))
			return *t;
	return NULL;
}

static inline int tap_main(int argc, char **argv)
{
	const struct tap_test *const *t;
	int i, chosen = 0;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-l")) {
			for (t = __start_tap_tests; t && t < __stop_tap_tests; t++)
				printf("%s\n", (*t)->name);
			return 0;
		}
		if (!strcmp(argv[i], "-t") && i + 1 < argc) {
			const struct tap_test *one = tap_test_find(argv[++i]);

			chosen = 1;
			if (one)
				one->fn();
			else
				tap_ok(0, "%s: no such test (-l lists them)", argv[i]);
			continue;
		}
		fprintf(stderr, "usage: %s [-l | -t NAME...]\n", argv[0]);
		return 2;
	}
	if (!chosen)
		for (t = __start_tap_tests; t && t < __stop_tap_tests; t++)
			(*t)->fn();
	return tap_done();
}

#endif /* IDXGEN_TAP_H */
