// SPDX-License-Identifier: MIT
/*
 * test_rt_fiber.c - threads as fibers (include/idxgen_rt_fiber.h,
 * lib/rt/fiber.c): barriers with threads that returned, the barrier
 * reductions, warp operations on partial warps and under masks, coalesced
 * groups (the lanes at one call site), every
 * schedule order, and the failures (stack overflow, deadlock, a trap on a
 * fiber) that must fail the launch with a message and leave the runtime
 * usable.  References are plain C loops over the threads.
 */
#include "test_rt.h"

#include <idxgen_rt_fiber.h>

static const struct idxgen_rt_schedule fiber_orders[] = {
	{ IDXGEN_SCHED_SEQUENTIAL, { 0 } }, { IDXGEN_SCHED_ZIGZAG, { 0 } },
	{ IDXGEN_SCHED_TILED, { 0, 0, 4, 4 } }, { IDXGEN_SCHED_STRIDED, { 4, 2, 0, 0 } },
	{ IDXGEN_SCHED_HILBERT, { 0 } },
};
#define NORDERS (sizeof(fiber_orders) / sizeof(fiber_orders[0]))

static uint32_t lin_of(const struct idxgen_rt_block *b, const struct __idxgen_fiber_tid *t)
{
	return t->x + t->y * b->block_dim[0] + t->z * b->block_dim[0] * b->block_dim[1];
}

/*
 * Kernel 1: threads with lin % 7 == 3 return at once; the others write
 * s[lin], wait, add s[n - 1 - lin] (0 where that thread returned: the
 * shared array is cleared by thread 0 first, behind a barrier), and count
 * the survivors with __syncthreads_count, then a loop ends by
 * __syncthreads_or when every thread's counter reached its lin % 5.
 */
static void k1_entry(struct idxgen_rt_block *b)
{
	const struct __idxgen_fiber_tid *t = __idxgen_fiber_self();
	int32_t *out = *(int32_t *const *)b->args[0];
	int32_t *s = b->shared;
	uint32_t lin = t->lin, n = b->nthreads, blk = b->block_idx[0], i = 0;
	int32_t v;

	if (lin == 0)
		for (uint32_t j = 0; j < n; j++)
			s[j] = 0;
	__idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0);
	if (lin % 7 == 3)
		return;
	s[lin] = (int32_t)(lin * 3 + blk);
	__idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0);
	v = s[n - 1 - lin];
	v += 1000 * __idxgen_fiber_barrier(__IDXGEN_FIBER_COUNT, lin % 2 == 0);
	v += 100000 * __idxgen_fiber_barrier(__IDXGEN_FIBER_AND, lin != 5);
	while (__idxgen_fiber_barrier(__IDXGEN_FIBER_OR, i < lin % 5))
		i++;
	out[blk * n + lin] = v + (int32_t)i * 1000000;
	(void)lin_of;
}

static void k1_block(struct idxgen_rt_block *b)
{
	__idxgen_fiber_run(b, k1_entry);
}

static const struct idxgen_rt_kernel k1_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "fiber_barriers", .block = k1_block,
	.shared_bytes = 1024 * sizeof(int32_t), .nargs = 1,
};

static int32_t k1_ref(uint32_t blk, uint32_t lin, uint32_t n)
{
	uint32_t cnt = 0, mx = 0, o = n - 1 - lin;
	int32_t v;
	int all = 1;

	for (uint32_t j = 0; j < n; j++)
		if (j % 7 != 3) {
			cnt += j % 2 == 0;
			all &= j != 5;
			mx = j % 5 > mx ? j % 5 : mx;
		}
	v = o % 7 == 3 ? 0 : (int32_t)(o * 3 + blk);
	return v + 1000 * (int32_t)cnt + 100000 * all + (int32_t)mx * 1000000;
}

static void test_fiber_barriers(struct idxgen_rt *rt, unsigned int nt)
{
	static const struct idxgen_rt_dim3 shapes[] = { { 45, 1, 1 }, { 8, 4, 3 }, { 256, 1, 1 }, { 1, 1, 1 } };

	for (size_t si = 0; si < sizeof(shapes) / sizeof(shapes[0]); si++)
		for (size_t oi = 0; oi < NORDERS; oi++) {
			struct idxgen_rt_dim3 bd = shapes[si];
			uint32_t n = bd.x * bd.y * bd.z, nb = 5, bad = 0;
			int32_t *out = calloc((size_t)nb * n, sizeof(*out));
			void *args[] = { &out };
			struct idxgen_rt_launch_opts o = { .schedule = fiber_orders[oi] };
			struct idxgen_rt_launch_info info;
			int err;

			err = idxgen_rt_launch_ex(rt, &k1_kernel, IDXGEN_RT_DIM3(nb, 1, 1), bd, args, &o, &info);
			for (uint32_t b = 0; b < nb; b++)
				for (uint32_t l = 0; l < n; l++)
					bad += l % 7 != 3 && out[b * n + l] != k1_ref(b, l, n);
			tap_ok(!err && !bad, "fibers: barriers, returned threads, __syncthreads_count/and/or, block %ux%ux%u, order %u, %u worker(s) (%u wrong) %s",
			       bd.x, bd.y, bd.z, fiber_orders[oi].order, nt, bad, err ? info.error : "");
			free(out);
		}
}

/* Warp operations: shfl_down sum over the warp, ballot of odd values, shfl with width 8. */
struct wsum {
	uint32_t width;
};

static void shfl_down_fn(const void *slots, uint32_t present, uint32_t lane, const void *arg, void *out)
{
	const uint32_t *d = arg;	/* delta */
	uint32_t src = lane + *d;

	if (src < 32 && (present >> src & 1))
		memcpy(out, (const char *)slots + src * __IDXGEN_FIBER_SLOT, sizeof(int32_t));
	else
		memcpy(out, (const char *)slots + lane * __IDXGEN_FIBER_SLOT, sizeof(int32_t));
}

static void ballot_fn(const void *slots, uint32_t present, uint32_t lane, const void *arg, void *out)
{
	uint32_t r = 0;

	(void)lane;
	(void)arg;
	for (uint32_t l = 0; l < 32; l++)
		if (present >> l & 1) {
			int32_t p;

			memcpy(&p, (const char *)slots + l * __IDXGEN_FIBER_SLOT, sizeof(p));
			r |= (uint32_t)(p != 0) << l;
		}
	memcpy(out, &r, sizeof(r));
}

static void k2_entry(struct idxgen_rt_block *b)
{
	const struct __idxgen_fiber_tid *t = __idxgen_fiber_self();
	int32_t *out = *(int32_t *const *)b->args[0];
	uint32_t lin = t->lin, n = b->nthreads, blk = b->block_idx[0], lane = lin % 32;
	int32_t v = (int32_t)(lin * 7 + blk), r;
	uint32_t ballot, odd = lin & 1, active;

	if (lin % 11 == 10)	/* returned lanes drop out of their warp's operations */
		return;
	for (uint32_t d = 16; d; d /= 2) {
		__idxgen_fiber_warp(0xffffffffu, &v, sizeof(v), shfl_down_fn, &d, &r);
		v += r;
	}
	active = __idxgen_fiber_activemask();	/* every lane is between two warp operations */
	__idxgen_fiber_warp(0xffffffffu, &odd, sizeof(odd), ballot_fn, NULL, &ballot);
	if (lane < 8) {	/* a sub-mask: lanes 0-7 only */
		__idxgen_fiber_warp(0xffu, &odd, sizeof(odd), ballot_fn, NULL, &r);
		ballot ^= (uint32_t)r << 8;
	}
	out[2 * (blk * n + lin)] = v;
	out[2 * (blk * n + lin) + 1] = (int32_t)(ballot ^ active);
}

static void k2_block(struct idxgen_rt_block *b)
{
	__idxgen_fiber_run(b, k2_entry);
}

static const struct idxgen_rt_kernel k2_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "fiber_warps", .block = k2_block, .nargs = 1,
};

static void k2_ref(uint32_t blk, uint32_t lin, uint32_t n, int32_t r[2])
{
	uint32_t w0 = lin / 32 * 32, lane = lin % 32, present = 0, ballot = 0, sub = 0;
	int32_t v[32];

	for (uint32_t l = 0; l < 32; l++) {
		uint32_t j = w0 + l;

		v[l] = (int32_t)(j * 7 + blk);
		if (j < n && j % 11 != 10) {
			present |= 1u << l;
			ballot |= (j & 1) << l;
			if (l < 8)
				sub |= (j & 1) << l;
		}
	}
	for (uint32_t d = 16; d; d /= 2) {
		int32_t nv[32];

		for (uint32_t l = 0; l < 32; l++)
			nv[l] = v[l] + (l + d < 32 && (present >> (l + d) & 1) ? v[l + d] : v[l]);
		memcpy(v, nv, sizeof(v));
	}
	r[0] = v[lane];
	r[1] = (int32_t)((ballot ^ (lane < 8 ? sub << 8 : 0)) ^ present);
}

static void test_fiber_warps(struct idxgen_rt *rt, unsigned int nt)
{
	static const struct idxgen_rt_dim3 shapes[] = { { 45, 1, 1 }, { 7, 5, 3 }, { 64, 2, 1 } };

	for (size_t si = 0; si < sizeof(shapes) / sizeof(shapes[0]); si++)
		for (size_t oi = 0; oi < NORDERS; oi++) {
			struct idxgen_rt_dim3 bd = shapes[si];
			uint32_t n = bd.x * bd.y * bd.z, nb = 3, bad = 0;
			int32_t *out = calloc((size_t)nb * n * 2, sizeof(*out)), r[2];
			void *args[] = { &out };
			struct idxgen_rt_launch_opts o = { .schedule = fiber_orders[oi] };
			struct idxgen_rt_launch_info info;
			int err;

			err = idxgen_rt_launch_ex(rt, &k2_kernel, IDXGEN_RT_DIM3(nb, 1, 1), bd, args, &o, &info);
			for (uint32_t b = 0; b < nb; b++)
				for (uint32_t l = 0; l < n; l++) {
					if (l % 11 == 10)
						continue;
					k2_ref(b, l, n, r);
					if (out[2 * (b * n + l)] != r[0] || out[2 * (b * n + l) + 1] != r[1])
						if (!bad++)
							tap_diag("block %u thread %u: %d %d, want %d %d", b, l, out[2 * (b * n + l)],
								 out[2 * (b * n + l) + 1], r[0], r[1]);
				}
			tap_ok(!err && !bad, "fibers: warp shuffles, ballots, a sub-mask, returned lanes, block %ux%ux%u, order %u, %u worker(s) (%u wrong) %s",
			       bd.x, bd.y, bd.z, fiber_orders[oi].order, nt, bad, err ? info.error : "");
			free(out);
		}
}

/* Failures: a deep recursion, a deadlock, a trap on a fiber, a write to the first page. */
static volatile int sink;
static int *volatile low_int = (int *)64; /* the first page (not NULL: UBSan would stop it) */

static int deep(int d)
{
	volatile char pad[512];

	pad[0] = (char)d;
	return d ? deep(d - 1) + pad[0] : 0;
}

static void k3_entry(struct idxgen_rt_block *b)
{
	const struct __idxgen_fiber_tid *t = __idxgen_fiber_self();
	int mode = **(int *const *)b->args[0];

	__idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0);
	if (mode == 0 && t->lin == 5 && b->block_idx[0] == 2)
		sink = deep(1 << 20);	/* 512 MiB of frames */
	if (mode == 1 && t->lin == 3) {	/* waits at a warp operation, the others at a barrier */
		uint32_t r, z = 0;

		__idxgen_fiber_warp(0xffffffffu, &z, sizeof(z), ballot_fn, NULL, &r);
	}
	if (mode == 1 && t->lin != 3)
		__idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0);
	if (mode == 2 && t->lin == 9)
		idxgen_rt_trap(b, "thread 9 hit __trap()");
	if (mode == 3)
		sink = deep(20);
	if (mode == 4 && t->lin == 0)
		sink = deep(400);	/* about 200 KiB of frames */
	if (mode == 5 && t->lin == 5)
		*low_int = 1; /* issue 38: an illegal address on a fiber */
	__idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0);
}

static void k3_block(struct idxgen_rt_block *b)
{
	__idxgen_fiber_run(b, k3_entry);
}

static const struct idxgen_rt_kernel k3_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "fiber_fail", .block = k3_block, .nargs = 1,
};

static void test_fiber_failures(struct idxgen_rt *rt, unsigned int nt)
{
	static const char *const want[] = {
	    "fiber_fail: trap in block (2,0,0): thread (5,0,0) overflowed its fiber stack",
	    "deadlock: thread",
	    "): thread 9 hit __trap()", /* every block traps: with 2+ workers any may be first */
	    "): illegal address 0x40 (SIGSEGV)",
	};
	static const int modes[] = { 0, 1, 2, 5 };
	struct idxgen_rt_launch_info info;
	int mode, err;
	void *args[] = { &(int *){ &mode } };

	for (unsigned int i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		mode = modes[i];
		if (mode == 5 && under_valgrind()) {
			tap_skip("valgrind: the planned bad write is its error",
				 "fibers: an illegal address");
			continue;
		}
		err = idxgen_rt_launch_ex(rt, &k3_kernel, IDXGEN_RT_DIM3(4, 1, 1), IDXGEN_RT_DIM3(40, 1, 1), args,
					  NULL, &info);
		/* which block fails first is the run's own: the message is a diagnostic */
		tap_diag("the launch's error: \"%s\"", info.error);
		tap_ok(err == -EFAULT && strstr(info.error, want[i]),
		       "fibers: a failing block fails the launch with -EFAULT and says why (\"%s\"), %u "
		       "worker(s)", want[i], nt);
		int m = mode;

		mode = 3;
		err = idxgen_rt_launch_ex(rt, &k3_kernel, IDXGEN_RT_DIM3(4, 1, 1), IDXGEN_RT_DIM3(40, 1, 1), args,
					  NULL, &info);
		tap_ok(!err, "and the next launch of fibers runs (%s)", err ? info.error : "ok");
		mode = m;
	}
}

/*
 * A stack size from IDXGEN_FIBER_STACK: 1 MiB lets a recursion run that 64
 * KiB does not; the same from idxgen_rt_set_fiber_stack (cudaLimitStackSize).
 */
static void test_fiber_stack_env(struct idxgen_rt *rt)
{
	struct idxgen_rt_launch_info info, info1;
	int mode = 4, err1, err2;
	void *args[] = { &(int *){ &mode } };

	setenv("IDXGEN_FIBER_STACK", "64k", 1);
	err1 = idxgen_rt_launch_ex(rt, &k3_kernel, IDXGEN_RT_DIM3(3, 1, 1), IDXGEN_RT_DIM3(8, 1, 1), args, NULL,
				   &info1);
	setenv("IDXGEN_FIBER_STACK", "8M", 1);
	err2 = idxgen_rt_launch_ex(rt, &k3_kernel, IDXGEN_RT_DIM3(3, 1, 1), IDXGEN_RT_DIM3(8, 1, 1), args, NULL,
				   &info);
	unsetenv("IDXGEN_FIBER_STACK");
	tap_ok(err1 == -EFAULT && !err2, "IDXGEN_FIBER_STACK sets the fiber stack size per launch (%d %d)", err1, err2);
	tap_ok(err1 == -EFAULT && strstr(info1.error, "of 64 KiB (set IDXGEN_FIBER_STACK=128k or cudaLimitStackSize)"),
	       "the overflow says how to raise the stack (\"%s\")", info1.error);

	/* idxgen_rt_set_fiber_stack (cudaLimitStackSize): a least stack, IDXGEN_FIBER_STACK smaller */
	setenv("IDXGEN_FIBER_STACK", "64k", 1);
	idxgen_rt_set_fiber_stack(rt, 1u << 20);
	err1 = idxgen_rt_launch_ex(rt, &k3_kernel, IDXGEN_RT_DIM3(3, 1, 1), IDXGEN_RT_DIM3(8, 1, 1), args, NULL,
				   &info);
	idxgen_rt_set_fiber_stack(rt, 0);
	err2 = idxgen_rt_launch_ex(rt, &k3_kernel, IDXGEN_RT_DIM3(3, 1, 1), IDXGEN_RT_DIM3(8, 1, 1), args, NULL,
				   &info);
	unsetenv("IDXGEN_FIBER_STACK");
	tap_ok(!err1 && err2 == -EFAULT,
	       "idxgen_rt_set_fiber_stack sets a least fiber stack per launch, 0 none (%d %d)", err1, err2);
}

/*
 * Kernel 4: __idxgen_fiber_coalesced (cg::coalesced_threads()).  Threads
 * with lin % 7 == 3 return at once; class A (lin % 3 == 0) waits at a
 * barrier first, then meets at site A; class B meets at site B first, then
 * goes to the barrier.  Each thread's group must be the live lanes of its
 * warp of its own class: the threads elsewhere (at the barrier, returned)
 * are not in it, and the barrier does not hold up the rendezvous.
 */
static const char k4_site_a[] = "site a", k4_site_b[] = "site b";

static void k4_entry(struct idxgen_rt_block *b)
{
	const struct __idxgen_fiber_tid *t = __idxgen_fiber_self();
	uint32_t *out = *(uint32_t *const *)b->args[0];
	uint32_t lin = t->lin, m;

	if (lin % 7 == 3)
		return;
	if (lin % 3 == 0) {
		__idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0);
		m = __idxgen_fiber_coalesced(k4_site_a, 10);
	} else {
		m = __idxgen_fiber_coalesced(k4_site_b, 20);
		__idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0);
	}
	out[b->block_idx[0] * b->nthreads + lin] = m;
}

static void k4_block(struct idxgen_rt_block *b)
{
	__idxgen_fiber_run(b, k4_entry);
}

static const struct idxgen_rt_kernel k4_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "fiber_coalesced", .block = k4_block, .nargs = 1,
};

static uint32_t k4_ref(uint32_t lin, uint32_t n)
{
	uint32_t m = 0, w = lin / 32;

	for (uint32_t l = 0; l < 32 && w * 32 + l < n; l++) {
		uint32_t o = w * 32 + l;

		if (o % 7 != 3 && (o % 3 == 0) == (lin % 3 == 0))
			m |= 1u << l;
	}
	return m;
}

static void test_fiber_coalesced(struct idxgen_rt *rt, unsigned int nt)
{
	static const struct idxgen_rt_dim3 shapes[] = { { 45, 1, 1 }, { 8, 4, 3 }, { 128, 1, 1 } };

	for (size_t si = 0; si < sizeof(shapes) / sizeof(shapes[0]); si++)
		for (size_t oi = 0; oi < NORDERS; oi++) {
			struct idxgen_rt_dim3 bd = shapes[si];
			uint32_t n = bd.x * bd.y * bd.z, nb = 3, bad = 0;
			uint32_t *out = calloc((size_t)nb * n, sizeof(*out));
			void *args[] = { &out };
			struct idxgen_rt_launch_opts o = { .schedule = fiber_orders[oi] };
			struct idxgen_rt_launch_info info;
			int err;

			err = idxgen_rt_launch_ex(rt, &k4_kernel, IDXGEN_RT_DIM3(nb, 1, 1), bd, args, &o, &info);
			for (uint32_t b = 0; b < nb; b++)
				for (uint32_t l = 0; l < n; l++)
					bad += l % 7 != 3 && out[b * n + l] != k4_ref(l, n);
			tap_ok(!err && !bad, "fibers: coalesced groups by call site, beside a barrier and returned lanes, block %ux%ux%u, order %u, %u worker(s) (%u wrong) %s",
			       bd.x, bd.y, bd.z, fiber_orders[oi].order, nt, bad, err ? info.error : "");
			free(out);
		}
}

/*
 * Kernel 8: __idxgen_fiber_meet's order (lock-step meetings in branches).
 * Odd lanes meet at a site two branches deep, even lanes at one a branch
 * deep, lin % 3 == 2 lanes at coalesced_threads() (deepest): when no lane
 * of a warp can run, only the deepest go on, each group the lanes of its
 * own site; the even lanes last.  Each thread writes its group and when it
 * ran after its meeting (a count per block: a block's fibers run on one
 * OS thread).
 */
static const char k8_file[] = "meet";

static uint32_t k8_class(uint32_t lin)
{
	return lin % 3 == 2 ? 0 : lin & 1 ? 1 : 2;	/* 0 coalesced, 1 depth 2, 2 depth 1 */
}

static void k8_entry(struct idxgen_rt_block *b)
{
	uint32_t lin = __idxgen_fiber_self()->lin, m, c = k8_class(lin);
	uint32_t *mask = *(uint32_t *const *)b->args[0], *when = *(uint32_t *const *)b->args[1];
	uint32_t *tick = &when[b->block_idx[0] * (b->nthreads + 1) + b->nthreads];

	if (c == 0)
		m = __idxgen_fiber_coalesced(k8_file, 7);
	else
		m = __idxgen_fiber_meet(k8_file, c == 1 ? 10 : 20, c == 1 ? 2 : 1);
	mask[b->block_idx[0] * b->nthreads + lin] = m;
	when[b->block_idx[0] * (b->nthreads + 1) + lin] = (*tick)++;
}

static void k8_block(struct idxgen_rt_block *b)
{
	__idxgen_fiber_run(b, k8_entry);
}

static const struct idxgen_rt_kernel k8_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "fiber_meet_depth", .block = k8_block, .nargs = 2,
};

/* Lanes of lin's warp in lin's class; and whether a class ran before the next, warp by warp. */
static uint32_t k8_ref_mask(uint32_t lin, uint32_t n)
{
	uint32_t m = 0, w = lin / 32;

	for (uint32_t l = 0; l < 32 && w * 32 + l < n; l++)
		if (k8_class(w * 32 + l) == k8_class(lin))
			m |= 1u << l;
	return m;
}

static uint32_t k8_out_of_order(const uint32_t *when, uint32_t n)
{
	uint32_t bad = 0;

	for (uint32_t a = 0; a < n; a++)
		for (uint32_t z = a / 32 * 32; z < n && z / 32 == a / 32; z++)
			bad += k8_class(a) < k8_class(z) && when[a] > when[z];
	return bad;
}

static void test_fiber_meet_depth(struct idxgen_rt *rt, unsigned int nt)
{
	static const struct idxgen_rt_dim3 shapes[] = { { 45, 1, 1 }, { 64, 1, 1 }, { 8, 4, 3 } };

	for (size_t si = 0; si < sizeof(shapes) / sizeof(shapes[0]); si++)
		for (size_t oi = 0; oi < NORDERS; oi++) {
			struct idxgen_rt_dim3 bd = shapes[si];
			uint32_t n = bd.x * bd.y * bd.z, nb = 3, bad = 0, late = 0;
			uint32_t *mask = calloc((size_t)nb * n, sizeof(*mask));
			uint32_t *when = calloc((size_t)nb * (n + 1), sizeof(*when));
			void *args[] = { &mask, &when };
			struct idxgen_rt_launch_opts o = { .schedule = fiber_orders[oi] };
			struct idxgen_rt_launch_info info;
			int err;

			err = idxgen_rt_launch_ex(rt, &k8_kernel, IDXGEN_RT_DIM3(nb, 1, 1), bd, args, &o, &info);
			for (uint32_t b = 0; b < nb; b++) {
				for (uint32_t l = 0; l < n; l++)
					bad += mask[b * n + l] != k8_ref_mask(l, n);
				late += k8_out_of_order(&when[b * (n + 1)], n);
			}
			tap_ok(!err && !bad && !late, "fibers: lock-step meetings, the lanes deepest in branches go on first, block %ux%ux%u, order %u, %u worker(s) (%u wrong groups, %u out of order) %s",
			       bd.x, bd.y, bd.z, fiber_orders[oi].order, nt, bad, late, err ? info.error : "");
			free(mask);
			free(when);
		}
}

/*
 * Kernel 5: a block that never suspends (__idxgen_fiber_plain_begin, what
 * idxgen-cc emits for such a fiber kernel): its threads run in the block
 * function's own loop.  Mode 0 writes each thread's position and checks
 * that __idxgen_fiber_block() is the block and __idxgen_fiber_self() NULL
 * meanwhile; mode 1 has thread 7 call a barrier all the same (a planning
 * slip), which must fail the launch with a message rather than switch to
 * a fiber that does not exist; mode 2 traps in thread 7.
 */
static void k5_block(struct idxgen_rt_block *b)
{
	int32_t *out = *(int32_t *const *)b->args[0];
	int mode = *(const int *)b->args[1];

	__idxgen_fiber_plain_begin(b);
	IDXGEN_RT_FOR_THREADS(b, t) {
		uint32_t lin = IDXGEN_RT_TID_X(b, t) + IDXGEN_RT_TID_Y(b, t) * b->block_dim[0];

		if (mode == 1 && lin == 7)
			__idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0);
		if (mode == 2 && lin == 7)
			idxgen_rt_trap(b, "thread 7 hit __trap()");
		out[b->block_idx[0] * b->nthreads + lin] =
			__idxgen_fiber_block() == b && !__idxgen_fiber_self() ? (int32_t)(lin * 5 + b->block_idx[0]) : -1;
	}
	__idxgen_fiber_plain_end();
}

static const struct idxgen_rt_kernel k5_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "fiber_plain", .block = k5_block, .nargs = 2,
};

static void test_fiber_plain(struct idxgen_rt *rt, unsigned int nt)
{
	static const char *const want[] = {
		"", "): __syncthreads in a kernel planned to run without fibers", "): thread 7 hit __trap()",
	};
	uint32_t nb = 5, bx = 12, by = 3, n = bx * by;
	int32_t *out = calloc((size_t)nb * n, sizeof(*out));
	int mode, err, bad;
	void *args[] = { &out, &mode };
	struct idxgen_rt_launch_info info;

	for (int fail = 1; fail < 3; fail++) {
		mode = fail;
		err = idxgen_rt_launch_ex(rt, &k5_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(bx, by, 1), args,
					  NULL, &info);
		tap_diag("the launch's error: \"%s\"", info.error);
		tap_ok(err == -EFAULT && strstr(info.error, want[fail]),
		       "fibers without fibers: a block that suspends or traps all the same fails the launch with -EFAULT (\"%s\"), %u worker(s)",
		       want[fail], nt);
		for (size_t oi = 0; oi < NORDERS; oi++) {
			struct idxgen_rt_launch_opts o = { .schedule = fiber_orders[oi] };

			mode = 0;
			memset(out, 0, (size_t)nb * n * sizeof(*out));
			err = idxgen_rt_launch_ex(rt, &k5_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(bx, by, 1),
						  args, &o, &info);
			bad = 0;
			for (uint32_t b = 0; b < nb; b++)
				for (uint32_t l = 0; l < n; l++)
					bad += out[b * n + l] != (int32_t)(l * 5 + b);
			tap_ok(!err && !bad, "and then every thread of every block runs once, in its own loop, order %u, %u worker(s) (%d wrong) %s",
			       fiber_orders[oi].order, nt, bad, err ? info.error : "");
		}
		mode = 3;
		err = idxgen_rt_launch_ex(rt, &k3_kernel, IDXGEN_RT_DIM3(4, 1, 1), IDXGEN_RT_DIM3(40, 1, 1),
					  (void *[]){ &(int *){ &mode } }, NULL, &info);
		tap_ok(!err, "and a launch of fibers after it runs (%s)", err ? info.error : "ok");
	}
	free(out);
}

/*
 * Kernel 6: one fiber per warp (__idxgen_fiber_run_warps, what idxgen-cc
 * emits for lane loops).  Each warp's fiber is its lane 0 (lin % 32 == 0);
 * it writes s[lin] for its lanes, counts itself, waits at a barrier for
 * every warp, then writes each lane's out from another warp's element and
 * the count of warps; a partial last warp has n % 32 lanes.
 */
static void k6_entry(struct idxgen_rt_block *b)
{
	const struct __idxgen_fiber_tid *t = __idxgen_fiber_self();
	int32_t *out = *(int32_t *const *)b->args[0];
	int32_t *s = b->shared;
	uint32_t lin0 = lin_of(b, t), n = b->nthreads, blk = b->block_idx[0];
	uint32_t lanes = n - lin0 < 32 ? n - lin0 : 32;

	if (lin0 % 32) {
		out[blk * n + lin0] = -1;	/* not a warp's lane 0 */
		return;
	}
	for (uint32_t l = 0; l < lanes; l++)
		s[1 + lin0 + l] = (int32_t)(lin0 + l + blk * 1000);
	__idxgen_fiber_barrier(__IDXGEN_FIBER_YIELD, 0);	/* the count below must wait for the barrier, not the order */
	s[0]++;
	__idxgen_fiber_barrier(__IDXGEN_FIBER_SYNC, 0);
	for (uint32_t l = 0; l < lanes; l++)
		out[blk * n + lin0 + l] = s[1 + n - 1 - (lin0 + l)] + 1000000 * s[0];
}

static void k6_block(struct idxgen_rt_block *b)
{
	((int32_t *)b->shared)[0] = 0;
	__idxgen_fiber_run_warps(b, k6_entry);
}

static const struct idxgen_rt_kernel k6_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "fiber_warps", .block = k6_block,
	.shared_bytes = 1025 * sizeof(int32_t), .nargs = 1,
};

static void test_fiber_run_warps(struct idxgen_rt *rt, unsigned int nt)
{
	static const struct idxgen_rt_dim3 shapes[] = { { 80, 1, 1 }, { 8, 4, 3 }, { 256, 1, 1 }, { 1, 1, 1 }, { 7, 5, 1 } };

	for (size_t si = 0; si < sizeof(shapes) / sizeof(shapes[0]); si++)
		for (size_t oi = 0; oi < NORDERS; oi++) {
			struct idxgen_rt_dim3 bd = shapes[si];
			uint32_t n = bd.x * bd.y * bd.z, nb = 4, nw = (n + 31) / 32, bad = 0;
			int32_t *out = calloc((size_t)nb * n, sizeof(*out));
			void *args[] = { &out };
			struct idxgen_rt_launch_opts o = { .schedule = fiber_orders[oi] };
			struct idxgen_rt_launch_info info;
			int err;

			err = idxgen_rt_launch_ex(rt, &k6_kernel, IDXGEN_RT_DIM3(nb, 1, 1), bd, args, &o, &info);
			for (uint32_t b = 0; b < nb; b++)
				for (uint32_t l = 0; l < n; l++)
					bad += out[b * n + l] != (int32_t)(n - 1 - l + b * 1000 + 1000000 * nw);
			tap_ok(!err && !bad, "fibers, one per warp: each warp's lane 0 runs once, a barrier waits for every warp, block %ux%ux%u, order %u, %u worker(s) (%u wrong) %s",
			       bd.x, bd.y, bd.z, fiber_orders[oi].order, nt, bad, err ? info.error : "");
			free(out);
		}
}

void test_fibers(struct idxgen_rt *rt, unsigned int nt)
{
	test_fiber_run_warps(rt, nt);
	test_fiber_plain(rt, nt);
	test_fiber_coalesced(rt, nt);
	test_fiber_meet_depth(rt, nt);
	test_fiber_barriers(rt, nt);
	test_fiber_warps(rt, nt);
	test_fiber_failures(rt, nt);
	if (nt == 1)
		test_fiber_stack_env(rt);
}
