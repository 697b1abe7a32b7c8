// SPDX-License-Identifier: MIT
/*
 * pch.c - the prelude of every translated program, idxgen_cc_program.h,
 * precompiled once per host compiler and options and kept in the cache
 * (lib/cc/README.md, "The precompiled prelude").
 *
 * The prelude pulls in our CUDA headers and much of libstdc++ (<cmath>,
 * <memory>): parsing it is most of the host compiler's time on a small
 * program (clang++-16 -O3: 1.25 s of CPU without, 0.5 s with a PCH).  A
 * PCH is only good for the exact command it was built with, so its name is
 * a hash of the compiler (its command and file), every option given to it
 * and the size and time of every file in our include folders; clang itself
 * refuses one whose system headers changed, and the driver then builds
 * without it (pch_forget).  A PCH is written under a temporary name and
 * renamed, so that builds running side by side never read half of one.
 */
#include "pch.h"
#include "cx.h"
#include <dirent.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <utime.h>

/* At most this many PCHs are kept (6-7 MB each); the least recently used go first. */
#define PCH_KEEP 8

static uint64_t fnv(uint64_t h, const void *p, size_t n)
{
	const unsigned char *c = p;

	while (n--)
		h = (h ^ *c++) * 1099511628211ull;
	return h;
}

static uint64_t fnv_str(uint64_t h, const char *s)
{
	return fnv(h, s, strlen(s) + 1);	/* with its NUL: "a" "bc" is not "ab" "c" */
}

static uint64_t fnv_stat(uint64_t h, const char *path)
{
	struct stat st;

	if (stat(path, &st))
		return fnv_str(h, "?");
	h = fnv(h, &st.st_size, sizeof(st.st_size));
	return fnv(h, &st.st_mtim, sizeof(st.st_mtim));
}

/* Every file of dir (and its folders, one level: cuda/, cooperative_groups/): name, size, time. */
static uint64_t fnv_dir(uint64_t h, const char *dir, int depth)
{
	struct dirent **ents;
	char p[PATH_MAX];
	int n, i;

	n = scandir(dir, &ents, NULL, alphasort);
	if (n < 0)
		return fnv_str(h, "?");
	for (i = 0; i < n; i++) {
		struct stat st;

		if (ents[i]->d_name[0] != '.' && snprintf(p, sizeof(p), "%s/%s", dir, ents[i]->d_name) < (int)sizeof(p) &&
		    !stat(p, &st)) {
			h = fnv_str(h, ents[i]->d_name);
			if (S_ISDIR(st.st_mode) && depth > 0)
				h = fnv_dir(h, p, depth - 1);
			else
				h = fnv_stat(h, p);
		}
		free(ents[i]);
	}
	free(ents);
	return h;
}

/* $IDXGEN_CC_CACHE/pch, else $XDG_CACHE_HOME/idxgen/pch, else ~/.cache/idxgen/pch, made if missing. */
static bool pch_dir(char *d, size_t n)
{
	const char *e = getenv("IDXGEN_CC_CACHE"), *x = getenv("XDG_CACHE_HOME"), *h = getenv("HOME");
	char *s;
	int len;

	if (e && *e)
		len = snprintf(d, n, "%s/pch", e);
	else if (x && *x)
		len = snprintf(d, n, "%s/idxgen/pch", x);
	else if (h && *h)
		len = snprintf(d, n, "%s/.cache/idxgen/pch", h);
	else
		return false;
	if (len <= 0 || (size_t)len >= n)
		return false;
	/* each missing folder of the path, from the first one missing on */
	for (s = d + 1; (s = strchr(s, '/')); s++) {
		*s = 0;
		if (mkdir(d, 0700) && errno != EEXIST) {
			*s = '/';
			return false;
		}
		*s = '/';
	}
	return !mkdir(d, 0700) || errno == EEXIST;
}

/* Keep the PCH_KEEP - 1 PCHs of dir used last (their time: made or used), so that one more fits. */
static void pch_trim(const char *dir)
{
	struct dirent **ents;
	char p[PATH_MAX], oldest[PATH_MAX];
	int n, i, kept;

	do {
		struct timespec t = { 0 };

		n = scandir(dir, &ents, NULL, NULL);
		if (n < 0)
			return;
		kept = 0;
		oldest[0] = 0;
		for (i = 0; i < n; i++) {
			struct stat st;
			size_t l = strlen(ents[i]->d_name);

			if (l > 4 && !strcmp(ents[i]->d_name + l - 4, ".pch") &&
			    snprintf(p, sizeof(p), "%s/%s", dir, ents[i]->d_name) < (int)sizeof(p) && !stat(p, &st)) {
				kept++;
				if (!oldest[0] || st.st_mtim.tv_sec < t.tv_sec ||
				    (st.st_mtim.tv_sec == t.tv_sec && st.st_mtim.tv_nsec < t.tv_nsec)) {
					t = st.st_mtim;
					snprintf(oldest, sizeof(oldest), "%s", p);
				}
			}
			free(ents[i]);
		}
		free(ents);
	} while (kept >= PCH_KEEP && oldest[0] && !unlink(oldest));
}

/* Run av quietly; its exit status (127: could not start). */
static int run_quiet(char **av)
{
	pid_t pid = fork();
	int st;

	if (pid < 0)
		return 127;
	if (pid == 0) {
		if (!freopen("/dev/null", "w", stdout) || !freopen("/dev/null", "w", stderr))
			_exit(127);
		execvp(av[0], av);
		_exit(127);
	}
	if (waitpid(pid, &st, 0) < 0)
		return 127;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128;
}

bool pch_enabled(void)
{
	const char *e = getenv("IDXGEN_CC_PCH");

	return !(e && !strcmp(e, "0"));
}

char *pch_get(const char *header, const char *include, const char *cxx_file, char *const *flags, int n,
	      bool verbose)
{
	char dir[PATH_MAX], path[PATH_MAX + 32], tmp[PATH_MAX + 64];
	uint64_t h = 1469598103934665603ull;
	char **av;
	int i, rc;

	if (n < 1 || !pch_enabled() || !pch_dir(dir, sizeof(dir)))
		return NULL;
	for (i = 0; i < n; i++)
		h = fnv_str(h, flags[i]);
	if (cxx_file)
		h = fnv_stat(fnv_str(h, cxx_file), cxx_file);
	h = fnv_dir(fnv_str(h, include), include, 2);
	snprintf(path, sizeof(path), "%s/%016llx.pch", dir, (unsigned long long)h);
	if (!access(path, R_OK)) {
		utime(path, NULL);	/* used now: the last to go (pch_trim) */
		return cx_strdup(path);
	}
	pch_trim(dir);
	snprintf(tmp, sizeof(tmp), "%s.%ld.tmp", path, (long)getpid());
	av = cx_alloc((n + 6) * sizeof(*av));
	memcpy(av, flags, n * sizeof(*av));
	av[n] = "-x";
	av[n + 1] = "c++-header";
	av[n + 2] = (char *)header;
	av[n + 3] = "-o";
	av[n + 4] = tmp;
	av[n + 5] = NULL;
	if (verbose) {
		for (i = 0; av[i]; i++)
			fprintf(stderr, "%s%s", i ? " " : "", av[i]);
		fputc('\n', stderr);
	}
	rc = run_quiet(av);
	free(av);
	if (rc || rename(tmp, path)) {
		unlink(tmp);
		return NULL;	/* the build goes on without one */
	}
	return cx_strdup(path);
}

void pch_forget(const char *path)
{
	unlink(path);
}
