// A kernel's invalid memory access is an error of the CUDA context, not the
// end of the program (as The CUDA Handbook's cudaGetLastErrorIsAsynchronous
// shows): the launch itself succeeds, the next synchronising call returns
// cudaErrorIllegalAddress, and the error is sticky: every later call
// returns it, cudaGetLastError included, until cudaDeviceReset.  Three
// faults: a write through NULL, a write far past an allocation, and a NULL
// write by one thread of a block whose threads meet at barriers in a loop.
// After each reset the same kernels run right.
#include <cstdio>
#include <cuda_runtime.h>

#define BLOCK 64

__global__ void store_all(int *p, size_t offset, int v)
{
	p[offset + blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// Each block sums 1..BLOCK by halving; thread `bad` of block 1 writes
// through `sink` in the middle of it (NULL: the fault, else a real buffer).
__global__ void block_sum(int *out, int *sink, int bad)
{
	__shared__ int s[BLOCK];
	int t = threadIdx.x;
	s[t] = t + 1;
	__syncthreads();
	int width = BLOCK / 2;
	do {
		if (t < width)
			s[t] += s[t + width];
		if (blockIdx.x == 1 && t == bad && width == 8)
			sink[t] = 1;
		width /= 2;
	} while (__syncthreads_or(width > 0));
	if (t == 0)
		out[blockIdx.x] = s[0];
}

static int failures;

static void expect(cudaError_t got, cudaError_t want, const char *what)
{
	if (got != want) {
		printf("%s: %s, expected %s\n", what, cudaGetErrorName(got), cudaGetErrorName(want));
		failures++;
	}
}

// The context after a kernel's fault: the error sticks until the reset.
static void expect_sticky(const char *what)
{
	int *d = 0;
	printf("%s: cudaDeviceSynchronize -> %s\n", what, cudaGetErrorName(cudaDeviceSynchronize()));
	expect(cudaDeviceSynchronize(), cudaErrorIllegalAddress, "synchronize");
	expect(cudaGetLastError(), cudaErrorIllegalAddress, "cudaGetLastError");
	expect(cudaGetLastError(), cudaErrorIllegalAddress, "cudaGetLastError again");
	expect(cudaMalloc(&d, 16), cudaErrorIllegalAddress, "cudaMalloc");
	expect(cudaDeviceReset(), cudaSuccess, "cudaDeviceReset");
	expect(cudaGetLastError(), cudaSuccess, "cudaGetLastError after the reset");
}

static bool sums_right(int *sink)
{
	int *out, h[4];
	cudaMalloc(&out, sizeof(h));
	block_sum<<<4, BLOCK>>>(out, sink, 5);
	bool ok = cudaDeviceSynchronize() == cudaSuccess &&
		  cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost) == cudaSuccess;
	for (int b = 0; ok && b < 4; b++)
		ok = h[b] == BLOCK * (BLOCK + 1) / 2;
	cudaFree(out);
	return ok;
}

int main()
{
	int *nowhere = 0;

	// 1. every thread writes through NULL
	store_all<<<4, 128>>>(nowhere, 0, 1);
	expect_sticky("NULL write");

	// 2. a write 2^44 ints past a buffer of 256
	int *buf;
	expect(cudaMalloc(&buf, 256 * sizeof(int)), cudaSuccess, "cudaMalloc");
	store_all<<<2, 128>>>(buf, (size_t)1 << 44, 2);
	expect_sticky("far out-of-bounds write");

	// 3. one thread among barriers
	int *out;
	expect(cudaMalloc(&out, 4 * sizeof(int)), cudaSuccess, "cudaMalloc");
	block_sum<<<4, BLOCK>>>(out, nowhere, 5);
	expect_sticky("NULL write between barriers");

	// the same kernels, right this time
	int *sink, h[256];
	expect(cudaMalloc(&buf, sizeof(h)), cudaSuccess, "cudaMalloc");
	expect(cudaMalloc(&sink, BLOCK * sizeof(int)), cudaSuccess, "cudaMalloc");
	store_all<<<2, 128>>>(buf, 0, 3);
	expect(cudaMemcpy(h, buf, sizeof(h), cudaMemcpyDeviceToHost), cudaSuccess, "cudaMemcpy");
	for (int i = 0; i < 256; i++)
		if (h[i] != 3) {
			printf("buf[%d] = %d\n", i, h[i]);
			failures++;
			break;
		}
	if (!sums_right(sink)) {
		printf("block sums wrong after the resets\n");
		failures++;
	}
	cudaFree(buf);
	cudaFree(sink);
	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures ? 1 : 0;
}
