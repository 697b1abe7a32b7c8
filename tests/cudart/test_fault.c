// SPDX-License-Identifier: MIT
/*
 * test_fault.c - a kernel that a GPU runs to completion does not kill the
 * process (issue 38; lib/rt/fault.c, lib/cudart/README.md "Errors").
 *
 * A write through NULL or far out of bounds in kernel code: the launch
 * returns cudaSuccess, the next synchronising call cudaErrorIllegalAddress,
 * which is sticky (every later call returns it, cudaGetLastError too) until
 * cudaDeviceReset; the process goes on.  A NULL write in host code still
 * kills the process with SIGSEGV, and a program's own SIGSEGV handler still
 * gets it (both run as a child: this program again, with an argument).  An
 * integer division by zero, and INT_MIN / -1, in kernel code completes with
 * the values documented there (NVIDIA's GPUs give all bits set for x / 0
 * and x % 0), checked against a host formula of that documentation.
 * Built as C and (host and kernels) by nvcc -arch=sm_90 -c.
 */
#ifndef __cplusplus
#define _GNU_SOURCE
#endif
#include <limits.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "kernels.h"
#include "tap.h"

/* ---- poke: every thread stores v at p[off + its index] ---- */
#ifdef __CUDACC__
__global__ void poke(int *p, size_t off, int v)
{
	p[off + blockIdx.x * blockDim.x + threadIdx.x] = v;
}
#else
static void poke__block(struct idxgen_rt_block *blk)
{
	int *p = ARG(blk, int *, 0);
	size_t off = ARG(blk, size_t, 1);
	int v = ARG(blk, int, 2);
	size_t base = (size_t)blk->block_idx[0] * blk->block_dim[0];

	IDXGEN_RT_FOR_THREADS(blk, t)
	{
		p[off + base + IDXGEN_RT_TID_X(blk, t)] = v;
	}
}
void poke(int *p, size_t off, int v);
KERNEL_DESC(poke, 0, 3, sizeof(int *), sizeof(size_t), sizeof(int))
void poke(int *p, size_t off, int v)
{
	void *args[] = {&p, &off, &v};

	__idxgenLaunchStub((const void *)poke, &poke__kernel, args);
}
#endif

/* ---- divisions: thread i divides case i at three widths ---- */
struct div_case {
	int a, b, q, r;
	unsigned int ua, ub, uq, ur;
	long long la, lb, lq, lr;
};

#ifdef __CUDACC__
__global__ void divisions(struct div_case *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n) {
		c[i].q = c[i].a / c[i].b;
		c[i].r = c[i].a % c[i].b;
		c[i].uq = c[i].ua / c[i].ub;
		c[i].ur = c[i].ua % c[i].ub;
		c[i].lq = c[i].la / c[i].lb;
		c[i].lr = c[i].la % c[i].lb;
	}
}
#else
static void divisions__block(struct idxgen_rt_block *blk)
{
	struct div_case *c = ARG(blk, struct div_case *, 0);
	int n = ARG(blk, int, 1);
	int base = (int)(blk->block_idx[0] * blk->block_dim[0]);

	IDXGEN_RT_FOR_THREADS(blk, t)
	{
		int i = base + (int)IDXGEN_RT_TID_X(blk, t);

		if (i < n) {
			c[i].q = c[i].a / c[i].b;
			c[i].r = c[i].a % c[i].b;
			c[i].uq = c[i].ua / c[i].ub;
			c[i].ur = c[i].ua % c[i].ub;
			c[i].lq = c[i].la / c[i].lb;
			c[i].lr = c[i].la % c[i].lb;
		}
	}
}
void divisions(struct div_case *c, int n);
KERNEL_DESC(divisions, 0, 2, sizeof(struct div_case *), sizeof(int))
void divisions(struct div_case *c, int n)
{
	void *args[] = {&c, &n};

	__idxgenLaunchStub((const void *)divisions, &divisions__kernel, args);
}
#endif

/* Read through a volatile object: the compilers cannot see that it is NULL. */
static int *volatile null_ptr;

/* A launch that stores 7 everywhere it should: the context works. */
static int kernels_run(void)
{
	int *d = NULL, h[64];
	int ok = cudaMalloc((void **)&d, sizeof(h)) == cudaSuccess;

	LAUNCH(poke, 2, 32, 0, 0, d, (size_t)0, 7);
	ok = ok && cudaDeviceSynchronize() == cudaSuccess &&
	     cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost) == cudaSuccess;
	for (int i = 0; ok && i < 64; i++)
		ok = h[i] == 7;
	cudaFree(d);
	return ok;
}

/* The sticky error after a kernel's illegal address, then a reset. */
static void check_sticky(const char *what)
{
	int *d = NULL;

	TAP_ERR(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
	TAP_ERR(cudaGetLastError(), cudaErrorIllegalAddress);
	TAP_ERR(cudaGetLastError(), cudaErrorIllegalAddress); /* sticky: not cleared */
	TAP_ERR(cudaMalloc((void **)&d, 16), cudaErrorIllegalAddress);
	TAP_ERR(cudaDeviceSynchronize(), cudaErrorIllegalAddress);
	TAP_ERR(cudaDeviceReset(), cudaSuccess);
	tap_ok(kernels_run(), "%s: after cudaDeviceReset kernels run again", what);
}

TAP_TEST(null_write)
{
	/* The CUDA Handbook's cudaGetLastErrorIsAsynchronous: the launch succeeds, the sync reports
	 */
	LAUNCH(poke, 4, 64, 0, 0, null_ptr, (size_t)0, 1);
	check_sticky("NULL write");
}

TAP_TEST(null_write_launch_status)
{
	int *p = null_ptr, v = 1;
	size_t off = 0;
	void *args[] = {&p, &off, &v};
	dim3 g, b;

	g.x = 8, g.y = 1, g.z = 1;
	b.x = 32, b.y = 1, b.z = 1;
	TAP_ERR(cudaLaunchKernel((const void *)poke, g, b, args, 0, 0), cudaSuccess);
	check_sticky("NULL write by cudaLaunchKernel");
}

TAP_TEST(far_write)
{
	int *d = NULL;
	cudaStream_t s;

	TAP_ERR(cudaMalloc((void **)&d, 64 * sizeof(int)), cudaSuccess);
	TAP_ERR(cudaStreamCreate(&s), cudaSuccess);
	/* 2^44 ints past the allocation: unmapped, or past the user address space */
	LAUNCH(poke, 2, 32, 0, s, d, (size_t)1 << 44, 1);
	TAP_ERR(cudaStreamSynchronize(s), cudaErrorIllegalAddress);
	check_sticky("out-of-bounds far write on a stream");
}

TAP_TEST(divide_by_zero)
{
	static const struct div_case in[] = {
	    {7, 0, 0, 0, 7u, 0u, 0, 0, 7, 0, 0, 0},
	    {-9, 0, 0, 0, 0u, 0u, 0, 0, -9, 0, 0, 0},
	    {INT_MIN, -1, 0, 0, UINT_MAX, 0u, 0, 0, LLONG_MIN, -1, 0, 0},
	    {INT_MIN, 0, 0, 0, 5u, 0u, 0, 0, LLONG_MIN, 0, 0, 0},
	    {-7, 2, 0, 0, 9u, 4u, 0, 0, -(1ll << 40), 3, 0, 0},
	};
	enum { N = sizeof(in) / sizeof(in[0]) };
	struct div_case h[N], *d = NULL;

	memcpy(h, in, sizeof(h));
	TAP_ERR(cudaMalloc((void **)&d, sizeof(h)), cudaSuccess);
	TAP_ERR(cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice), cudaSuccess);
	LAUNCH(divisions, 1, 32, 0, 0, d, (int)N);
	TAP_ERR(cudaDeviceSynchronize(), cudaSuccess);
	TAP_ERR(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost), cudaSuccess);
	for (int i = 0; i < N; i++) {
		const struct div_case *c = &in[i];
		/* the documented values: x / 0 and x % 0 all bits set; MIN / -1 is MIN, MIN % -1 is
		 * 0 */
		int q = c->b == 0 ? -1 : c->a == INT_MIN && c->b == -1 ? INT_MIN : c->a / c->b;
		int r = c->b == 0 ? -1 : c->b == -1 ? 0 : c->a % c->b;
		unsigned int uq = c->ub ? c->ua / c->ub : UINT_MAX,
			     ur = c->ub ? c->ua % c->ub : UINT_MAX;
		long long lq = c->lb == 0			   ? -1
			       : c->la == LLONG_MIN && c->lb == -1 ? LLONG_MIN
								   : c->la / c->lb;
		long long lr = c->lb == 0 ? -1 : c->lb == -1 ? 0 : c->la % c->lb;

		tap_ok(h[i].q == q && h[i].r == r, "int %d / %d: %d r %d (want %d r %d)", c->a,
		       c->b, h[i].q, h[i].r, q, r);
		tap_ok(h[i].uq == uq && h[i].ur == ur, "unsigned %u / %u: %u r %u (want %u r %u)",
		       c->ua, c->ub, h[i].uq, h[i].ur, uq, ur);
		tap_ok(h[i].lq == lq && h[i].lr == lr,
		       "long long %lld / %lld: %lld r %lld (want %lld r %lld)", c->la, c->lb,
		       h[i].lq, h[i].lr, lq, lr);
	}
	cudaFree(d);
	tap_ok(kernels_run(), "after the divisions kernels run on");
}

/* ---- children: this program again, with an argument ---- */

/* The child's kernel fault was reported and it goes on to its host write: a byte on fd 3. */
#define CHILD_FD 3
static void reached_host_write(void)
{
	char c = 'k';

	if (write(CHILD_FD, &c, 1) != 1)
		_exit(5);
}

/* Child "host-null": after kernels (our handler in place), host code writes through NULL. */
static int child_host_null(void)
{
	struct rlimit no_core = {0, 0};

	setrlimit(RLIMIT_CORE, &no_core); /* the test wants the signal, not a core file */
	if (!kernels_run())
		return 3;
	LAUNCH(poke, 1, 32, 0, 0, null_ptr, (size_t)0, 1);
	if (cudaDeviceSynchronize() != cudaErrorIllegalAddress)
		return 4;
	reached_host_write();
	*null_ptr = 1;
	return 0;
}

static void own_handler(int sig)
{
	(void)sig;
	_exit(42);
}

/* Child "own-handler": the program's own SIGSEGV handler (set first) gets host faults. */
static int child_own_handler(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = own_handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGSEGV, &sa, NULL);
	LAUNCH(poke, 1, 32, 0, 0, null_ptr, (size_t)0, 1);
	if (cudaDeviceSynchronize() != cudaErrorIllegalAddress)
		return 4;
	reached_host_write();
	*null_ptr = 1;
	return 0;
}

/* Run this program with arg: its wait status, or -1; *reached: it got to its host write. */
static int run_child(const char *arg, int *reached)
{
	int p[2], st;
	char c;
	pid_t pid;

	*reached = 0;
	fflush(stdout);
	if (pipe(p))
		return -1;
	pid = fork();
	if (pid == 0) {
		dup2(p[1], CHILD_FD);
		execl("/proc/self/exe", "test_fault", arg, (char *)NULL);
		_exit(127);
	}
	close(p[1]);
	*reached = pid > 0 && read(p[0], &c, 1) == 1;
	close(p[0]);
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return -1;
	return st;
}

TAP_TEST(host_null_still_kills)
{
	int reached, st = run_child("host-null", &reached);

	tap_ok(reached && st != -1 && WIFSIGNALED(st) && WTERMSIG(st) == SIGSEGV,
	       "a NULL write in host code after a kernel's fault: killed by SIGSEGV (status %#x, "
	       "the kernel's fault reported: %d)",
	       st, reached);
}

TAP_TEST(own_handler_chained)
{
	int reached, st = run_child("own-handler", &reached);

	tap_ok(reached && st != -1 && WIFEXITED(st) && WEXITSTATUS(st) == 42,
	       "a program's own SIGSEGV handler gets a host fault after a kernel's (status %#x, "
	       "the kernel's fault reported: %d)",
	       st, reached);
}

int main(int argc, char **argv)
{
	if (argc == 2 && !strcmp(argv[1], "host-null"))
		return child_host_null();
	if (argc == 2 && !strcmp(argv[1], "own-handler"))
		return child_own_handler();
	return tap_main(argc, argv);
}
