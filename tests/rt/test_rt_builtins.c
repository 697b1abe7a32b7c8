// SPDX-License-Identifier: MIT
/*
 * test_rt_builtins.c - the kernel builtins: __trap() fails the launch and
 * leaves the runtime usable; printf keeps each block's output in one piece.
 */
#include "test_rt.h"

#include <unistd.h>

void test_trap(struct idxgen_rt *rt, unsigned int nt)
{
	const uint32_t nb = 64;
	int32_t *d = calloc(nb, sizeof(int32_t));
	uint32_t bad = 17;
	struct idxgen_rt_launch_info info;
	void *args[] = { &d, &bad };
	int err;

	err = idxgen_rt_launch_ex(rt, &trapper_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(8, 1, 1),
				  args, NULL, &info);
	tap_ok(err == -EFAULT && strstr(info.error, "trap in block (17,0,0)") &&
	       strstr(info.error, "thread 3 hit __trap()"),
	       "a trapping kernel fails the launch with -EFAULT, threads=%u: \"%s\"", nt, info.error);
	bad = nb;
	memset(d, 0, nb * sizeof(int32_t));
	err = idxgen_rt_launch(rt, &trapper_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(8, 1, 1), 0, args);
	int all = 1;

	for (uint32_t i = 0; i < nb; i++)
		all &= d[i] == 1;
	tap_ok(!err && all, "and the next launch runs every block");
	free(d);
}

/*
 * idxgen_rt_in_block: true in every block, whichever thread runs it (the
 * waiting thread helps), false in the host code before, between and after
 * launches, also after a block trapped (its longjmp skips the block's end).
 */
void test_in_block(struct idxgen_rt *rt, unsigned int nt)
{
	const uint32_t nb = 96;
	int32_t *d = calloc(nb, sizeof(int32_t));
	uint32_t bad = 5;
	void *args[] = { &d }, *targs[] = { &d, &bad };
	int err, outside = !idxgen_rt_in_block(), all = 1;

	err = idxgen_rt_launch(rt, &in_block_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(4, 1, 1), 0, args);
	for (uint32_t i = 0; i < nb; i++)
		all &= d[i] == 1;
	outside &= !idxgen_rt_in_block();
	(void)idxgen_rt_launch(rt, &trapper_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(8, 1, 1), 0, targs);
	outside &= !idxgen_rt_in_block();
	tap_ok(!err && all && outside, "idxgen_rt_in_block: in each of %u blocks, not outside them (after a trap "
	       "too), threads=%u", nb, nt);
	free(d);
}

void test_printf(struct idxgen_rt *rt, unsigned int nt)
{
	const uint32_t nb = 12, bs = 5;
	char path[] = "/tmp/idxgen-rt-printf-XXXXXX", line[64];
	int fd = mkstemp(path), saved, err;
	bool grouped = true, seen[12] = { false };
	unsigned int lines = 0, cur = ~0u, in_block = 0;
	FILE *f;

	fflush(stdout);
	saved = dup(1);
	dup2(fd, 1);
	err = idxgen_rt_launch(rt, &hello_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(bs, 1, 1), 0, NULL);
	fflush(stdout);
	dup2(saved, 1);
	close(saved);
	f = fdopen(fd, "r");
	rewind(f);
	while (fgets(line, sizeof(line), f)) {
		unsigned int b, t;

		if (sscanf(line, "block %u thread %u", &b, &t) != 2 || b >= nb) {
			grouped = false;
			continue;
		}
		lines++;
		if (b != cur) {	/* a new block starts: the previous one must be complete */
			if ((cur != ~0u && in_block != bs) || seen[b])
				grouped = false;
			cur = b;
			in_block = 0;
			seen[b] = true;
		}
		in_block++;
	}
	fclose(f);
	unlink(path);
	tap_ok(!err && lines == nb * bs && grouped,
	       "kernel printf: %u lines, each block's output in one piece, threads=%u", lines, nt);
}
