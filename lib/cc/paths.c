// SPDX-License-Identifier: MIT
/*
 * paths.c - the one place that knows where idxgen-cc's headers, runtime
 * and CUDA libraries are (paths.h).
 *
 * It is built twice (Makefile): into the build tree's idxgen-cc with
 * IDXGEN_CC_SRCINCLUDE (the checkout's include/) and IDXGEN_CC_BUILDDIR
 * (the archives in BUILD/NAME/, libidxgen in BUILD/lib), and into the one
 * `make install` copies with IDXGEN_CC_REL_INCLUDE and IDXGEN_CC_REL_LIBDIR,
 * folders relative to the executable's own (/proc/self/exe), as clang finds
 * its resource directory: the installed compiler holds no path of the tree
 * it was built in and works wherever PREFIX and DESTDIR put it.
 */
#define _GNU_SOURCE
#include "paths.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(IDXGEN_CC_BUILDDIR) == defined(IDXGEN_CC_REL_INCLUDE)
#error "paths.c: build with IDXGEN_CC_BUILDDIR (build tree) or IDXGEN_CC_REL_INCLUDE (installed)"
#endif

#ifndef IDXGEN_CC_BUILDDIR
/* dir/rel, without its "..": the spelling clang reports for the files found there. */
static void join_clean(char *out, const char *dir, const char *rel)
{
	char joined[2 * PATH_MAX + 2];

	snprintf(joined, sizeof(joined), "%s/%s", dir, rel);
	if (!realpath(joined, out))
		snprintf(out, PATH_MAX, "%.*s", PATH_MAX - 1, joined);	/* missing: -v shows it */
}
#endif

static void find_paths(struct cc_paths *p)
{
#ifdef IDXGEN_CC_BUILDDIR
	p->build_tree = true;
	snprintf(p->include, sizeof(p->include), "%s", IDXGEN_CC_SRCINCLUDE);
	snprintf(p->libdir, sizeof(p->libdir), "%s/lib", IDXGEN_CC_BUILDDIR);
	snprintf(p->archives, sizeof(p->archives), "%s", IDXGEN_CC_BUILDDIR);
#else
	ssize_t n = readlink("/proc/self/exe", p->exe_dir, sizeof(p->exe_dir) - 1);
	char *slash;

	if (n < 0)
		n = 0;	/* no /proc: relative to the current folder, as -v shows */
	p->exe_dir[n] = 0;
	slash = strrchr(p->exe_dir, '/');
	if (slash)
		*slash = 0;
	else
		strcpy(p->exe_dir, ".");
	join_clean(p->include, p->exe_dir, IDXGEN_CC_REL_INCLUDE);
	join_clean(p->libdir, p->exe_dir, IDXGEN_CC_REL_LIBDIR);
	snprintf(p->archives, sizeof(p->archives), "%s", p->libdir);
#endif
}

/*
 * Computed once: the executable's place is a constant of the process, and
 * the passes ask for every cursor they test (cc_our_header), where a
 * readlink and realpath each would cost more than the test.  Written once
 * under pthread_once and only read after, so translating twice in one
 * process (cc-twice) sees the same paths.
 */
static struct cc_paths found;
static pthread_once_t found_once = PTHREAD_ONCE_INIT;

static void find_once(void)
{
	find_paths(&found);
}

const struct cc_paths *cc_paths(void)
{
	pthread_once(&found_once, find_once);
	return &found;
}

char *cc_archive(const char *name)
{
	const struct cc_paths *p = cc_paths();
	char *s;
	int n;

	if (p->build_tree)
		n = asprintf(&s, "%s/%s/libidxgen_%s.a", p->archives, name, name);
	else
		n = asprintf(&s, "%s/libidxgen_%s.a", p->archives, name);
	if (n < 0) {
		perror("idxgen-cc");
		exit(2);
	}
	return s;
}

const char *cc_our_header(const char *name)
{
	const char *inc = cc_paths()->include;
	size_t n = strlen(inc);

	return !strncmp(name, inc, n) && name[n] == '/' ? name + n : NULL;
}
