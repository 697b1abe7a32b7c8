// A thread loop bounded by a guard on a 32-bit global index counts x by
// that index in an int where the block's range fits one, else runs as
// before (issue 40; lib/cc/emit.c's global_x_loop).  Both ways must write
// exactly the threads the guard lets through, each once, with the kernel's
// own index: vector add with a partial last block; unsigned indices whose
// blocks lie just below 2^31 (the int counter), straddle it and lie above
// it (the loop as before), with a lower bound too; 2-D blocks (bounds on
// y too: the loop as before).  Checked
// against the same guard evaluated on the host.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void vadd(const int *a, const int *b, int *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		c[i] = a[i] + b[i];
}

// the index offset by off (a uniform base near 2^31): out[i - off] = i
__global__ void mark(unsigned *out, unsigned off, unsigned lo, unsigned hi)
{
	unsigned i = off + blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= lo && i < hi)
		out[i - off] += i;
}

// 2-D blocks: x bounded by the global index, y by its own
__global__ void plane(int *p, int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;

	if (x < w && y < h)
		p[y * w + x] = y * 1000 + x;
}

static int check_vadd(int n, int threads)
{
	int *a, *b, *c, bad = 0;

	cudaMallocManaged(&a, n * sizeof(int));
	cudaMallocManaged(&b, n * sizeof(int));
	cudaMallocManaged(&c, (n + threads) * sizeof(int));
	for (int i = 0; i < n; i++)
		a[i] = i * 3, b[i] = 7 - i;
	for (int i = 0; i < n + threads; i++)
		c[i] = -1;
	vadd<<<(n + threads - 1) / threads, threads>>>(a, b, c, n);
	cudaDeviceSynchronize();
	for (int i = 0; i < n + threads; i++)
		if (c[i] != (i < n ? i * 3 + 7 - i : -1))
			bad++;
	cudaFree(a);
	cudaFree(b);
	cudaFree(c);
	if (bad)
		printf("vadd n=%d threads=%d: %d wrong\n", n, threads, bad);
	return bad != 0;
}

static int check_mark(unsigned off, unsigned lo, unsigned hi, int blocks, int threads)
{
	unsigned total = (unsigned)blocks * threads, *out;
	int bad = 0;

	cudaMallocManaged(&out, total * sizeof(unsigned));
	for (unsigned t = 0; t < total; t++)
		out[t] = 1;
	mark<<<blocks, threads>>>(out, off, lo, hi);
	cudaDeviceSynchronize();
	for (unsigned t = 0; t < total; t++) {
		unsigned i = off + t;
		unsigned want = 1 + (i >= lo && i < hi ? i : 0);

		if (out[t] != want)
			bad++;
	}
	cudaFree(out);
	if (bad)
		printf("mark off=%u lo=%u hi=%u: %d wrong\n", off, lo, hi, bad);
	return bad != 0;
}

static int check_plane(int w, int h, dim3 threads)
{
	int *p, bad = 0;
	dim3 grid((w + threads.x - 1) / threads.x, (h + threads.y - 1) / threads.y);

	cudaMallocManaged(&p, w * h * sizeof(int));
	for (int k = 0; k < w * h; k++)
		p[k] = -1;
	plane<<<grid, threads>>>(p, w, h);
	cudaDeviceSynchronize();
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			if (p[y * w + x] != y * 1000 + x)
				bad++;
	cudaFree(p);
	if (bad)
		printf("plane %dx%d: %d wrong\n", w, h, bad);
	return bad != 0;
}

int main(void)
{
	const unsigned m = 0x80000000u;	/* 2^31: past the int counter */
	int fails = 0;

	fails += check_vadd(1000, 256);
	fails += check_vadd(4096, 128);
	fails += check_vadd(77, 32);
	fails += check_vadd(1, 64);
	fails += check_mark(m - 4096, 0, 0xffffffffu, 16, 256);	/* below 2^31: every block counted in an int */
	fails += check_mark(m - 4096, m - 4000, m - 100, 16, 256);	/* bounds inside a block */
	fails += check_mark(m - 640, 0, 0xffffffffu, 5, 256);	/* one block straddles 2^31 */
	fails += check_mark(m - 640, m - 300, m + 300, 5, 256);
	fails += check_mark(m + 512, 0, 0xffffffffu, 4, 256);	/* above: the loop as before */
	fails += check_mark(m + 512, m + 600, m + 700, 4, 128);
	fails += check_mark(0xffffff00u, 0, 0xffffffffu, 1, 256);	/* the last thread's index fails the guard */
	fails += check_mark(7, 10, 5, 2, 64);	/* lo > hi: nothing */
	fails += check_plane(100, 37, dim3(32, 4));
	fails += check_plane(64, 64, dim3(16, 16));
	printf("%d passed, %d failed\n", 14 - fails, fails);
	printf("%s\n", fails ? "FAIL" : "PASS");
	return fails != 0;
}
