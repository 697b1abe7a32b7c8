// One file, warp kernels of two kinds (issue 38, twenty-ninth session): a
// shuffle-reduce helper called where warp.c cannot inline it (an `if`
// condition; a helper of a helper) and a vote as a `while` condition, which
// warp.c cannot lower for loop fission, beside kernels it can (the helper
// called as a statement of its own, a butterfly, a ballot).  Before, the
// first kind sent the whole file to fibers under the default model: every
// kernel's warp operations were left to the fibers.  Now warp.c declines
// those kernels alone (lib/cc/warp_decline.c): they run as fibers, the
// others with loop fission (golden warp_decline.cu pins the plan).  Each
// kernel's results against host loops that compute what each warp does.
#include <cstdio>
#include <cuda_runtime.h>

#define FULL 0xffffffffu
#define T 96 // threads: three warps
#define NB 2

__device__ int warp_reduce(int v)
{
	for (int off = 16; off > 0; off >>= 1)
		v += __shfl_down_sync(FULL, v, off);
	return __shfl_sync(FULL, v, 0);
}

// a helper of a helper: warp.c inlines into kernels only
__device__ int warp_reduce_scaled(int v, int k)
{
	int r = warp_reduce(v);
	return r * k;
}

// the warp's total in an if condition: not inlined, the kernel declined (fibers)
__global__ void reduce_in_if(const int *in, int *out)
{
	int i = blockIdx.x * T + threadIdx.x, v = in[i];

	if (warp_reduce(v) > 0)
		v *= 2;
	out[i] = v;
}

// the same helper as a statement of its own: inlined and lowered (loop fission)
__global__ void reduce_stmt(const int *in, int *out)
{
	int i = blockIdx.x * T + threadIdx.x;
	int s = warp_reduce(in[i]);

	out[i] = s - in[i];
}

// through another helper: declined (fibers)
__global__ void reduce_via_helper(const int *in, int *out)
{
	int i = blockIdx.x * T + threadIdx.x;

	out[i] = warp_reduce_scaled(in[i], 3);
}

// a vote in a while condition: declined (fibers)
__global__ void vote_in_while(const int *in, int *out)
{
	int i = blockIdx.x * T + threadIdx.x, v = in[i] & 255, rounds = 0;

	while (__any_sync(FULL, v != 0)) {
		v >>= 1;
		rounds++;
	}
	out[i] = rounds;
}

// a butterfly and a ballot: lowered (loop fission)
__global__ void xor_and_ballot(const int *in, int *out)
{
	int i = blockIdx.x * T + threadIdx.x, v = in[i];

	v += __shfl_xor_sync(FULL, v, 1);
	v += __shfl_xor_sync(FULL, v, 2);
	unsigned int b = __ballot_sync(FULL, v > 0);
	out[i] = v * 64 + __popc(b);
}

static int warp_sum(const int *in, int w)
{
	int s = 0;

	for (int l = 0; l < 32; l++)
		s += in[32 * w + l];
	return s;
}

static void reference(int k, const int *in, int *want)
{
	for (int w = 0; w < NB * T / 32; w++)
		for (int l = 0; l < 32; l++) {
			int i = 32 * w + l, v = in[i];

			if (k == 0)
				want[i] = warp_sum(in, w) > 0 ? 2 * v : v;
			else if (k == 1)
				want[i] = warp_sum(in, w) - v;
			else if (k == 2)
				want[i] = warp_sum(in, w) * 3;
			else if (k == 3) {
				int most = 0;

				for (int m = 0; m < 32; m++) {
					int x = in[32 * w + m] & 255, bits = 0;

					while (x) {
						x >>= 1;
						bits++;
					}
					most = bits > most ? bits : most;
				}
				want[i] = most;
			} else {
				int x[32], ones = 0;

				for (int m = 0; m < 32; m++)
					x[m] = in[32 * w + m] + in[32 * w + (m ^ 1)];
				int y = x[l] + x[l ^ 2];
				for (int m = 0; m < 32; m++)
					ones += x[m] + x[m ^ 2] > 0;
				want[i] = y * 64 + ones;
			}
		}
}

int main()
{
	const char *names[] = { "reduce_in_if", "reduce_stmt", "reduce_via_helper", "vote_in_while", "xor_and_ballot" };
	int h_in[NB * T], got[NB * T], want[NB * T], *in, *out, passed = 0, failed = 0;

	for (int i = 0; i < NB * T; i++)
		h_in[i] = (i * 37 + 11) % 53 - 26 + (i / 32 == 1 ? -20 : 0);
	cudaMalloc(&in, sizeof(h_in));
	cudaMalloc(&out, sizeof(got));
	cudaMemcpy(in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	for (int k = 0; k < 5; k++) {
		int bad = 0;

		cudaMemset(out, 0, sizeof(got));
		if (k == 0)
			reduce_in_if<<<NB, T>>>(in, out);
		else if (k == 1)
			reduce_stmt<<<NB, T>>>(in, out);
		else if (k == 2)
			reduce_via_helper<<<NB, T>>>(in, out);
		else if (k == 3)
			vote_in_while<<<NB, T>>>(in, out);
		else
			xor_and_ballot<<<NB, T>>>(in, out);
		cudaError_t e = cudaDeviceSynchronize();
		cudaMemcpy(got, out, sizeof(got), cudaMemcpyDeviceToHost);
		reference(k, h_in, want);
		for (int i = 0; i < NB * T; i++)
			bad += got[i] != want[i];
		printf("%s: %s, %d of %d values wrong\n", names[k], cudaGetErrorString(e), bad, NB * T);
		e == cudaSuccess && !bad ? passed++ : failed++;
	}
	cudaFree(in);
	cudaFree(out);
	printf("%d passed, %d failed\n", passed, failed);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed ? 1 : 0;
}
