// SPDX-License-Identifier: MIT
/*
 * test_copy_args.c - the copy of a launch's arguments that a queued launch
 * keeps (lib/cudart/launch.c, cudart_copy_args) lies inside the block it
 * allocates.  Its pointers' part was counted unrounded while laid out
 * rounded to 16 bytes, so an odd number of arguments whose last fills its
 * 16-byte slot past 8 bytes was copied 8 bytes past the block: UoB-HPC
 * BabelStream's for_each_kernel (two size_t and a 48-byte closure, on a
 * stream of its own) aborted in malloc ("malloc assertion failure in
 * sysmalloc") at its first launch.
 *
 * Each combination of 1 to 5 arguments of sizes 1 to 64 bytes is copied;
 * the block's usable size (glibc's malloc_usable_size, at least what was
 * asked for) must hold every value, each value equal to its argument and
 * at a multiple of 16 bytes.  With the old count every odd number of
 * arguments failed (the copy past its block, or glibc's abort after it).
 */
#define _GNU_SOURCE
#include <idxgen_rt.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tap.h"

void **cudart_copy_args(const struct idxgen_rt_kernel *k, void **args);

static const size_t sizes[] = { 1, 4, 8, 12, 16, 24, 40, 48, 64 };
#define NSIZES (sizeof(sizes) / sizeof(sizes[0]))

/* One launch's arguments of sizes sz[0..n): false with a message where the copy is wrong. */
static int copy_ok(unsigned n, const size_t *sz, char *why, size_t len)
{
	unsigned char vals[5][64];
	void *args[5];
	struct idxgen_rt_kernel k = { 0 };
	void **copy;
	int ok = 1;

	for (unsigned i = 0; i < n; i++) {
		for (size_t b = 0; b < sz[i]; b++)
			vals[i][b] = (unsigned char)(17 * i + b + 1);
		args[i] = vals[i];
	}
	k.nargs = n;
	k.arg_sizes = sz;
	copy = cudart_copy_args(&k, args);
	if (!copy) {
		snprintf(why, len, "no copy");
		return 0;
	}
	for (unsigned i = 0; i < n && ok; i++) {
		size_t at = (size_t)((char *)copy[i] - (char *)copy);

		if (at % 16 || memcmp(copy[i], vals[i], sz[i])) {
			snprintf(why, len, "argument %u at offset %zu: misplaced or changed", i, at);
			ok = 0;
		} else if (at + sz[i] > malloc_usable_size(copy)) {
			snprintf(why, len, "argument %u ends at byte %zu of a block of %zu", i, at + sz[i],
				 malloc_usable_size(copy));
			ok = 0;
		}
	}
	free(copy);
	return ok;
}

/*
 * The combinations of n arguments, in a child: a copy past its block
 * corrupts the heap, on which glibc may abort at a later malloc; the child
 * exits 0 when every copy was right, else it says which (a # line).
 */
static int combinations_ok(unsigned n)
{
	size_t sz[5];
	char why[128];
	int status = 0;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		for (unsigned last = 0; last < NSIZES; last++)
			for (unsigned other = 0; other < NSIZES; other++) {
				for (unsigned i = 0; i + 1 < n; i++)
					sz[i] = sizes[other];	/* the others 8 bytes (pointers), or the same */
				sz[n - 1] = sizes[last];
				if (!copy_ok(n, sz, why, sizeof(why))) {
					printf("# last argument of %zu bytes: %s\n", sizes[last], why);
					_exit(1);
				}
			}
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return 0;
	if (WIFSIGNALED(status))
		printf("# the child died of signal %d (a corrupted heap)\n", WTERMSIG(status));
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

int main(void)
{
	for (unsigned n = 1; n <= 5; n++)
		tap_ok(combinations_ok(n), "%u argument(s): each of %zu size combinations copied inside the block", n,
		       NSIZES * NSIZES);
	return tap_done();
}
