// A device-side assert() that fails, in a __device__ helper as public code
// checks its indices.  On CUDA the kernel stops, the device prints
// "FILE:LINE: FUNCTION: block: [2,0,0], thread: [5,0,0] Assertion `...`
// failed." and the launch fails with cudaErrorAssert, a sticky error: every
// later call returns it, and the process goes on (it used to abort here).
// tests/cc/whole.sh also checks the message, and runs the kernel as fibers.
#include <cassert>
#include <cstdio>
#include <cuda_runtime.h>

#define N 1000
#define BLOCK 256

__device__ int checked_index(const int *perm, int i, int n)
{
	int p = perm[i];
	assert(p >= 0 && p < n);
	return p;
}

__global__ void gather(const float *in, const int *perm, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = in[checked_index(perm, i, n)];
}

static int failures;

static void expect(const char *what, cudaError_t got, cudaError_t want)
{
	if (got != want) {
		printf("%s: %s, expected %s\n", what, cudaGetErrorName(got), cudaGetErrorName(want));
		failures++;
	}
}

int main()
{
	static float h_in[N], h_out[N];
	static int h_perm[N];
	for (int i = 0; i < N; i++) {
		h_in[i] = 0.5f * i;
		h_perm[i] = (i * 7) % N;
	}
	float *d_in, *d_out;
	int *d_perm;
	cudaMalloc(&d_in, sizeof(h_in));
	cudaMalloc(&d_out, sizeof(h_out));
	cudaMalloc(&d_perm, sizeof(h_perm));
	cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	cudaMemcpy(d_perm, h_perm, sizeof(h_perm), cudaMemcpyHostToDevice);

	// every index in range: the assertion holds
	gather<<<(N + BLOCK - 1) / BLOCK, BLOCK>>>(d_in, d_perm, d_out, N);
	expect("good launch", cudaDeviceSynchronize(), cudaSuccess);
	cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		if (h_out[i] != h_in[(i * 7) % N]) {
			printf("out[%d] = %g, expected %g\n", i, h_out[i], h_in[(i * 7) % N]);
			failures++;
			break;
		}

	// one index out of range: thread 5 of block 2 fails the assertion
	h_perm[2 * BLOCK + 5] = N + 3;
	cudaMemcpy(d_perm, h_perm, sizeof(h_perm), cudaMemcpyHostToDevice);
	gather<<<(N + BLOCK - 1) / BLOCK, BLOCK>>>(d_in, d_perm, d_out, N);
	expect("failed assertion", cudaDeviceSynchronize(), cudaErrorAssert);

	// sticky: every later call returns it
	float *d_more = nullptr;
	expect("cudaMalloc after", cudaMalloc(&d_more, 64), cudaErrorAssert);
	expect("cudaMemcpy after", cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost),
	       cudaErrorAssert);
	expect("cudaGetLastError after", cudaGetLastError(), cudaErrorAssert);
	expect("cudaGetLastError again", cudaGetLastError(), cudaErrorAssert);
	gather<<<1, BLOCK>>>(d_in, d_perm, d_out, BLOCK);
	expect("launch after", cudaDeviceSynchronize(), cudaErrorAssert);

	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures ? 1 : 0;
}
