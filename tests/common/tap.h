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
#include <stdlib.h>
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
 * Adding a test is one edit.  tap_main() runs every registered test in the
 * order they are written (by file name, then line), "-l" lists their names
 * in that order, "-t NAME" runs one (repeatable); a NAME that is no test
 * fails.  The registry is a linker section of pointers ("tap_tests"), so
 * tests in several files of one program all register (with TAP_SHARED
 * counters); the linker keeps no order in it (GCC at -O2 emits a file's
 * entries backwards), hence the sort.
 *
 * A program that reports something after its tests (a diagnostic) calls
 * tap_run() and then tap_done() itself:
 *
 *	int rc = tap_run(argc, argv);
 *	if (rc < 0) { tap_diag(...); rc = tap_done(); }
 */
struct tap_test {
	const char *name;
	void (*fn)(void);
	const char *file;
	int line;
};

#define TAP_TEST(test_name)                                                                        \
	static void tap_test_fn_##test_name(void);                                                 \
	static const struct tap_test tap_test_##test_name = {#test_name, tap_test_fn_##test_name,  \
							     __FILE__, __LINE__};                  \
	static const struct tap_test *const tap_test_ptr_##test_name                               \
		__attribute__((used, section("tap_tests"))) = &tap_test_##test_name;               \
	static void tap_test_fn_##test_name(void)

extern const struct tap_test *const __start_tap_tests[] __attribute__((weak));
extern const struct tap_test *const __stop_tap_tests[] __attribute__((weak));

static inline int tap_test_cmp(const void *a, const void *b)
{
	const struct tap_test *x = *(const struct tap_test *const *)a;
	const struct tap_test *y = *(const struct tap_test *const *)b;
	int c = strcmp(x->file, y->file);

	return c ? c : (x->line > y->line) - (x->line < y->line);
}

/* The registered tests in written order, NULL-terminated; NULL if no memory. */
static inline const struct tap_test **tap_tests_sorted(void)
{
	size_t n = __start_tap_tests ? (size_t)(__stop_tap_tests - __start_tap_tests) : 0;
	const struct tap_test **v = (const struct tap_test **)calloc(n + 1, sizeof(*v));

	if (!v)
		return NULL;
	if (n)
		memcpy(v, __start_tap_tests, n * sizeof(*v));
	qsort(v, n, sizeof(*v), tap_test_cmp);
	return v;
}

/*
 * Runs the tests chosen by ARGV (all of them by default).  Returns -1 when
 * tests ran (the caller ends with tap_done()), else the exit status: 0
 * after "-l", 2 for a usage error or no memory.
 */
static inline int tap_run(int argc, char **argv)
{
	const struct tap_test **v = tap_tests_sorted(), **t;
	int i, chosen = 0;

	if (!v)
		return 2;
	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-l")) {
			for (t = v; *t; t++)
				printf("%s\n", (*t)->name);
			free(v);
			return 0;
		}
		if (!strcmp(argv[i], "-t") && i + 1 < argc) {
			chosen = 1;
			for (t = v; *t && strcmp((*t)->name, argv[i + 1]); t++)
				;
			if (*t)
				(*t)->fn();
			else
				tap_ok(0, "%s: no such test (-l lists them)", argv[i + 1]);
			i++;
			continue;
		}
		fprintf(stderr, "usage: %s [-l | -t NAME...]\n", argv[0]);
		free(v);
		return 2;
	}
	if (!chosen)
		for (t = v; *t; t++)
			(*t)->fn();
	free(v);
	return -1;
}

/*
 * Whether ARGV asks for the list: a program that does set-up work printing
 * TAP lines (opening a device) skips it then, so "-l" prints names only.
 */
static inline int tap_listing(int argc, char **argv)
{
	int i;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], "-l"))
			return 1;
	return 0;
}

static inline int tap_main(int argc, char **argv)
{
	int rc = tap_run(argc, argv);

	return rc < 0 ? tap_done() : rc;
}

/*
 * main() of a program whose tests share what setup() makes once (a
 * library handle): "-l" lists without it; otherwise setup() (nonzero: made;
 * 0: stop, its own check said why), the tests, then teardown() (its own
 * checks), as
 *
 *	int main(int argc, char **argv) { return tap_main_with(argc, argv, make_handle, free_handle); }
 */
static inline int tap_main_with(int argc, char **argv, int (*setup)(void), void (*teardown)(void))
{
	int rc;

	if (tap_listing(argc, argv))
		return tap_main(argc, argv);
	if (!setup())
		return tap_done();
	rc = tap_run(argc, argv);
	if (rc >= 0)
		return rc;
	teardown();
	return tap_done();
}

#endif /* IDXGEN_TAP_H */
