// SPDX-License-Identifier: MIT
/*
 * bench_cudart.c - the CUDA runtime API's overhead (lib/cudart), not
 * pass/fail; best of several repetitions, ratios from one run:
 *  1. an empty kernel (1 block of 1 thread) through cudaLaunchKernel and
 *     through <<<>>> (the launch ABI's push + stub), against a plain call
 *     of a function and against idxgen_rt_launch (the runtime underneath);
 *     and queued on a stream (launches per stream synchronisation);
 *  2. cudaMemcpy of 1 MiB against memcpy (same buffers), and
 *     cudaMemcpyAsync on a stream plus its synchronisation.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cuda_runtime.h>
#include <idxgen_rt.h>

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

#define REPS 7
/* best time of REPS runs of ITERS executions of stmt, per execution */
#define BEST(var, iters, stmt)                                      \
	do {                                                        \
		var = 1e30;                                         \
		for (int r_ = 0; r_ < REPS; r_++) {                 \
			double t_ = now();                          \
			for (int i_ = 0; i_ < (iters); i_++)        \
				stmt;                               \
			t_ = (now() - t_) / (iters);                \
			if (t_ < var)                               \
				var = t_;                           \
		}                                                   \
	} while (0)

/* The empty kernel in the emitted form (include/cuda/cuda_runtime_api.h). */
static void empty__block(struct idxgen_rt_block *blk)
{
	(void)blk;
}
static const struct idxgen_rt_kernel empty__kernel = {
	IDXGEN_RT_ABI_VERSION, 0, "empty", empty__block, 0, 0, NULL, 0, NULL,
};
void empty(void);
void empty(void)
{
	__idxgenLaunchStub((const void *)empty, &empty__kernel, NULL);
}
__attribute__((constructor)) static void empty__register(void)
{
	__idxgenRegisterFunction((const void *)empty, &empty__kernel);
}

static void __attribute__((noinline)) plain(int *p)
{
	__asm__ volatile("" : : "r"(p) : "memory");
}
static void (*volatile plain_ptr)(int *) = plain;

/* memcpy that the compiler cannot drop (the result is observed) */
static void __attribute__((noinline)) copy_plain(char *dst, const char *src, size_t n)
{
	memcpy(dst, src, n);
	__asm__ volatile("" : : "r"(dst) : "memory");
}

static int errs;
#define CK(x) (errs |= (int)(x) != 0)

int main(void)
{
	enum { ITERS = 2000, COPIES = 500, MB = 1 << 20 };
	dim3 one = { 1, 1, 1 };
	double t_call, t_rt, t_api, t_chev, t_stream, t_memcpy, t_cuda, t_async;
	struct idxgen_rt *rt;
	struct idxgen_rt_options o = { 0 };
	cudaStream_t s;
	char *src, *dst, *d;
	int x = 0;

	if (idxgen_rt_create(&o, &rt))
		return fprintf(stderr, "bench_cudart: no runtime\n"), 1;
	CK(cudaStreamCreate(&s));
	CK(cudaLaunchKernel((const void *)empty, one, one, NULL, 0, 0));	/* warm up */

	BEST(t_call, ITERS * 100, plain_ptr(&x));
	BEST(t_rt, ITERS, CK(idxgen_rt_launch(rt, &empty__kernel, IDXGEN_RT_DIM3(1, 1, 1),
					      IDXGEN_RT_DIM3(1, 1, 1), 0, NULL)));
	BEST(t_api, ITERS, CK(cudaLaunchKernel((const void *)empty, one, one, NULL, 0, 0)));
	BEST(t_chev, ITERS, (__idxgenPushCallConfiguration(one, one, 0, 0) ? (void)0 : empty()));
	CK(cudaGetLastError());
	BEST(t_stream, ITERS, CK(cudaLaunchKernel((const void *)empty, one, one, NULL, 0, s)));
	CK(cudaStreamSynchronize(s));
	/* the stream's time includes the launches still queued at the last check: */
	{
		double t0 = now();

		for (int i = 0; i < ITERS; i++)
			CK(cudaLaunchKernel((const void *)empty, one, one, NULL, 0, s));
		CK(cudaStreamSynchronize(s));
		t_stream = (now() - t0) / ITERS;
	}

	src = malloc(MB);
	dst = malloc(MB);
	CK(cudaMalloc((void **)&d, MB));
	memset(src, 1, MB);
	memset(dst, 2, MB);
	CK(cudaMemcpy(d, src, MB, cudaMemcpyHostToDevice));
	/* copies: single copies interleaved (memcpy, cudaMemcpy, async), the
	 * best of COPIES each: a loaded machine interrupts long runs */
	t_memcpy = t_cuda = t_async = 1e30;
	for (int r = 0; r < COPIES; r++) {
		double t0 = now(), t1, t2, t3;

		copy_plain(dst, d, MB);	/* the same buffers as cudaMemcpy */
		t1 = now();
		CK(cudaMemcpy(dst, d, MB, cudaMemcpyDeviceToHost));
		t2 = now();
		CK(cudaMemcpyAsync(dst, d, MB, cudaMemcpyDeviceToHost, s));
		CK(cudaStreamSynchronize(s));
		t3 = now();
		t_memcpy = t1 - t0 < t_memcpy ? t1 - t0 : t_memcpy;
		t_cuda = t2 - t1 < t_cuda ? t2 - t1 : t_cuda;
		t_async = t3 - t2 < t_async ? t3 - t2 : t_async;
	}

	printf("bench_cudart (launches: best of %d runs of %d; copies: best of %d single copies)\n",
	       REPS, ITERS, COPIES);
	printf("  empty launch, plain function call      %10.1f ns\n", t_call * 1e9);
	printf("  empty launch, idxgen_rt_launch         %10.1f ns  (%6.0fx the call)\n",
	       t_rt * 1e9, t_rt / t_call);
	printf("  empty launch, cudaLaunchKernel         %10.1f ns  (%6.0fx the call, %.2fx "
	       "idxgen_rt_launch)\n",
	       t_api * 1e9, t_api / t_call, t_api / t_rt);
	printf("  empty launch, <<<>>> (push + stub)     %10.1f ns  (%6.0fx the call, %.2fx "
	       "idxgen_rt_launch)\n",
	       t_chev * 1e9, t_chev / t_call, t_chev / t_rt);
	printf("  empty launch, queued on a stream       %10.1f ns  per launch, %d launches + 1 "
	       "sync\n",
	       t_stream * 1e9, ITERS);
	printf("  1 MiB copy, memcpy                     %10.1f us  (%.2f GB/s)\n", t_memcpy * 1e6,
	       MB / t_memcpy / 1e9);
	printf("  1 MiB copy, cudaMemcpy D2H             %10.1f us  (%.2fx memcpy)\n", t_cuda * 1e6,
	       t_cuda / t_memcpy);
	printf("  1 MiB copy, cudaMemcpyAsync + sync     %10.1f us  (%.2fx memcpy)\n",
	       t_async * 1e6, t_async / t_memcpy);
	cudaFree(d);
	free(src);
	free(dst);
	cudaStreamDestroy(s);
	idxgen_rt_destroy(rt);
	if (errs)
		fprintf(stderr, "bench_cudart: an API call failed\n");
	return errs != 0;
}
