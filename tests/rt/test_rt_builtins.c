// SPDX-License-Identifier: MIT
/*
 * test_rt_builtins.c - the kernel builtins: __trap() fails the launch and
 * leaves the runtime usable, and so does a kernel's fault (a NULL write; a
 * division by zero completes); printf keeps each block's output in one piece.
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
 * Block bad writes into the unmapped first page (NULL + 64: UBSan, in the
 * suite's sanitizer build, stops a write through NULL itself before it
 * happens), the others write 1.  Volatile: the compiler cannot see it.
 */
static int32_t *volatile low_i32 = (int32_t *)64;

static void nullw_block(struct idxgen_rt_block *blk)
{
	int32_t *d = KARG(blk, 0, int32_t *);
	uint32_t bad = KARG(blk, 1, uint32_t);

	IDXGEN_RT_FOR_THREADS(blk, t)
	{
		if (blk->block_idx[0] == bad && IDXGEN_RT_TID_X(blk, t) == 3)
			*low_i32 = 1;
	}
	d[blk->block_idx[0]] = 1;
}

static const struct idxgen_rt_kernel nullw_kernel = {
    .abi_version = IDXGEN_RT_ABI_VERSION,
    .name = "nullw",
    .block = nullw_block,
    .nargs = 2,
};

/*
 * Thread i of block 0: q[i] = a[i] / b[i], r[i] = a[i] % b[i] (32-bit
 * signed).  Out of UBSan's reach: the suite's sanitizer build would stop
 * the divisions the test is about before the CPU runs them.
 */
__attribute__((no_sanitize_undefined)) static void divide_block(struct idxgen_rt_block *blk)
{
	const int32_t *a = KARG(blk, 0, int32_t *), *b = KARG(blk, 1, int32_t *);
	int32_t *q = KARG(blk, 2, int32_t *), *r = KARG(blk, 3, int32_t *);

	IDXGEN_RT_FOR_THREADS(blk, t)
	{
		uint32_t i = IDXGEN_RT_TID_X(blk, t);

		q[i] = a[i] / b[i];
		r[i] = a[i] % b[i];
	}
}

static const struct idxgen_rt_kernel divide_kernel = {
    .abi_version = IDXGEN_RT_ABI_VERSION,
    .name = "divide",
    .block = divide_block,
    .nargs = 4,
};

void test_fault(struct idxgen_rt *rt, unsigned int nt)
{
	const uint32_t nb = 64;
	int32_t *d = calloc(nb, sizeof(int32_t));
	int32_t a[4] = {9, -9, INT32_MIN, 13}, b[4] = {0, 0, -1, 4}, q[4], r[4];
	int32_t *pa = a, *pb = b, *pq = q, *pr = r;
	uint32_t bad = 21;
	struct idxgen_rt_launch_info info;
	void *args[] = {&d, &bad}, *dargs[] = {&pa, &pb, &pq, &pr};
	int err, all = 1;

	if (under_valgrind()) {
		tap_skip("valgrind: the planned bad write is its error, SIGFPE not resumable",
			 "kernel faults, threads=%u", nt);
		free(d);
		return;
	}
	err = idxgen_rt_launch_ex(rt, &nullw_kernel, IDXGEN_RT_DIM3(nb, 1, 1),
				  IDXGEN_RT_DIM3(8, 1, 1), args, NULL, &info);
	tap_ok(
	    err == -EFAULT &&
		strstr(info.error, "nullw: trap in block (21,0,0): illegal address 0x40 (SIGSEGV)"),
	    "a write to the first page in a kernel fails the launch with -EFAULT, threads=%u: "
	    "\"%s\"",
	    nt, info.error);
	bad = nb;
	err = idxgen_rt_launch(rt, &nullw_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(8, 1, 1),
			       0, args);
	for (uint32_t i = 0; i < nb; i++)
		all &= d[i] == 1;
	tap_ok(!err && all, "and the next launch runs every block");
	err = idxgen_rt_launch(rt, &divide_kernel, IDXGEN_RT_DIM3(1, 1, 1), IDXGEN_RT_DIM3(4, 1, 1),
			       0, dargs);
	/* lib/cudart/README.md: x / 0 and x % 0 all bits set, INT_MIN / -1 INT_MIN remainder 0 */
	tap_ok(!err && q[0] == -1 && r[0] == -1 && q[1] == -1 && r[1] == -1 && q[2] == INT32_MIN &&
		   r[2] == 0 && q[3] == 3 && r[3] == 1,
	       "divisions by zero and INT_MIN / -1 in a kernel complete: %d r %d, %d r %d, %d r "
	       "%d, %d r %d",
	       q[0], r[0], q[1], r[1], q[2], r[2], q[3], r[3]);
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
