// A kernel guarded on x alone by a 32-bit global index runs, in a block
// whose y/z loops run once and whose conditions the bounds decide, as the
// x loop alone with the condition flags constant (issue 40; lib/cc/emit.c's
// one_d_x_loop); any other block as before.  Every way must write exactly
// the threads the guards let through, each once, with the kernel's own
// values: 1-D blocks of odd sizes with a partial last block, an early
// return and a second condition that some blocks decide and some do not
// (m inside a block, below and above n), and the same kernels launched
// with 2-D and 3-D blocks (the y/z loops run: each (y, z) row writes its
// own slice).  Checked against the same guards evaluated on the host.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

// out[row * n + i], row the thread's (y, z) within its block
__global__ void rows(int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int row = threadIdx.z * blockDim.y + threadIdx.y;

	if (i < n)
		out[row * n + i] += 3 * i + row;
}

// an early return, then a condition decided per block where it can be
__global__ void clampd(float *p, const float *q, int n, int m)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		return;
	p[i] = i < m ? q[i] : -1.0f;
}

static int check_rows(int n, dim3 threads)
{
	int nrows = threads.y * threads.z, len = nrows * n + threads.x, *out, bad = 0;

	cudaMallocManaged(&out, len * sizeof(int));
	for (int k = 0; k < len; k++)
		out[k] = 1;
	rows<<<(n + threads.x - 1) / threads.x, threads>>>(out, n);
	cudaDeviceSynchronize();
	for (int k = 0; k < len; k++) {
		int row = k / n, i = k % n;
		int want = k < nrows * n ? 1 + 3 * i + row : 1;

		if (out[k] != want)
			bad++;
	}
	cudaFree(out);
	if (bad)
		printf("rows n=%d block=%ux%ux%u: %d wrong\n", n, threads.x, threads.y, threads.z, bad);
	return bad != 0;
}

static int check_clampd(int n, int m, dim3 threads)
{
	int len = n + (int)threads.x, bad = 0;
	float *p, *q;

	cudaMallocManaged(&p, len * sizeof(float));
	cudaMallocManaged(&q, len * sizeof(float));
	for (int k = 0; k < len; k++)
		p[k] = -2.0f, q[k] = 0.5f * k;
	clampd<<<(n + threads.x - 1) / threads.x, threads>>>(p, q, n, m);
	cudaDeviceSynchronize();
	for (int k = 0; k < len; k++) {
		float want = k >= n ? -2.0f : k < m ? 0.5f * k : -1.0f;

		if (p[k] != want)
			bad++;
	}
	cudaFree(p);
	cudaFree(q);
	if (bad)
		printf("clampd n=%d m=%d block=%ux%ux%u: %d wrong\n", n, m, threads.x, threads.y, threads.z, bad);
	return bad != 0;
}

int main(void)
{
	int fails = 0, checks = 0;

	/* 1-D blocks: partial last block, odd sizes, one thread */
	const int ns[] = { 1, 77, 1000, 1023, 4096 };
	const unsigned xs[] = { 1, 33, 96, 256 };

	for (unsigned a = 0; a < sizeof(ns) / sizeof(ns[0]); a++)
		for (unsigned b = 0; b < sizeof(xs) / sizeof(xs[0]); b++, checks++)
			fails += check_rows(ns[a], dim3(xs[b]));
	/* 2-D and 3-D blocks: the y/z loops */
	fails += check_rows(1000, dim3(32, 4)), checks++;
	fails += check_rows(77, dim3(16, 2, 3)), checks++;
	fails += check_rows(5, dim3(8, 1, 2)), checks++;
	/* m decided by some blocks only: inside a block, before, after, at n */
	fails += check_clampd(1000, 500, dim3(128)), checks++;
	fails += check_clampd(1000, 0, dim3(128)), checks++;
	fails += check_clampd(1000, 5000, dim3(96)), checks++;
	fails += check_clampd(1000, 1000, dim3(33)), checks++;
	fails += check_clampd(77, 40, dim3(16, 2)), checks++;
	fails += check_clampd(77, 77, dim3(8, 2, 2)), checks++;
	printf("%d passed, %d failed\n", checks - fails, fails);
	printf("%s\n", fails ? "FAIL" : "PASS");
	return fails != 0;
}
