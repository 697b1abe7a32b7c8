// Scans unrolled step by step in __device__ functions, one __syncthreads()
// after each step, as SHOC's sort_kernel.cu (after CUDPP) writes them: more
// than 20 barriers in __device__ functions in all.  Under the parse's
// host-device pragma each is an error the front end does not report, and
// clang stopped the parse at its limit of 20 ("too many errors emitted",
// the only message).  Each scan is compared with the CPU's.
#include <cstdio>
#include <cuda_runtime.h>

#define BLOCK 128

// exclusive scan of val over the block; s_data holds 2 * blockDim.x
__device__ unsigned scan_small(unsigned val, unsigned *s_data)
{
	int idx = threadIdx.x;
	unsigned t;

	s_data[idx] = 0;
	__syncthreads();
	idx += blockDim.x;
	s_data[idx] = val;     __syncthreads();
	t = s_data[idx -  1];  __syncthreads();
	s_data[idx] += t;      __syncthreads();
	t = s_data[idx -  2];  __syncthreads();
	s_data[idx] += t;      __syncthreads();
	t = s_data[idx -  4];  __syncthreads();
	s_data[idx] += t;      __syncthreads();
	t = s_data[idx -  8];  __syncthreads();
	s_data[idx] += t;      __syncthreads();
	t = s_data[idx - 16];  __syncthreads();
	s_data[idx] += t;      __syncthreads();
	t = s_data[idx - 32];  __syncthreads();
	s_data[idx] += t;      __syncthreads();
	t = s_data[idx - 64];  __syncthreads();
	s_data[idx] += t;      __syncthreads();
	return s_data[idx] - val;
}

// the same with doubled values, written out again as the suite does
__device__ unsigned scan_twice(unsigned val, unsigned *s_data)
{
	int idx = threadIdx.x;
	unsigned t;

	s_data[idx] = 0;
	__syncthreads();
	idx += blockDim.x;
	s_data[idx] = 2 * val; __syncthreads();
	t = s_data[idx -  1];  __syncthreads();
	s_data[idx] += t;      __syncthreads();
	t = s_data[idx -  2];  __syncthreads();
	s_data[idx] += t;      __syncthreads();
	t = s_data[idx -  4];  __syncthreads();
	s_data[idx] += t;      __syncthreads();
	t = s_data[idx -  8];  __syncthreads();
	s_data[idx] += t;      __syncthreads();
	t = s_data[idx - 16];  __syncthreads();
	s_data[idx] += t;      __syncthreads();
	t = s_data[idx - 32];  __syncthreads();
	s_data[idx] += t;      __syncthreads();
	t = s_data[idx - 64];  __syncthreads();
	s_data[idx] += t;      __syncthreads();
	return s_data[idx] - 2 * val;
}

__global__ void scans(const unsigned *in, unsigned *out1, unsigned *out2)
{
	__shared__ unsigned s[2 * BLOCK];
	unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned v = in[i];

	out1[i] = scan_small(v, s);
	__syncthreads();
	out2[i] = scan_twice(v, s);
}

int main()
{
	const int n = 3 * BLOCK;
	static unsigned h_in[n], h1[n], h2[n];
	unsigned *in, *o1, *o2;
	int bad = 0;

	for (int i = 0; i < n; i++)
		h_in[i] = (unsigned)((i * 7) % 11);
	cudaMalloc(&in, sizeof(h_in));
	cudaMalloc(&o1, sizeof(h1));
	cudaMalloc(&o2, sizeof(h2));
	cudaMemcpy(in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	scans<<<n / BLOCK, BLOCK>>>(in, o1, o2);
	cudaMemcpy(h1, o1, sizeof(h1), cudaMemcpyDeviceToHost);
	cudaMemcpy(h2, o2, sizeof(h2), cudaMemcpyDeviceToHost);
	for (int b = 0; b < n / BLOCK; b++) {
		unsigned sum = 0;

		for (int t = 0; t < BLOCK; t++) {
			int i = b * BLOCK + t;

			if ((h1[i] != sum || h2[i] != 2 * sum) && bad++ < 5)
				printf("block %d thread %d: %u %u, expected %u %u\n", b, t, h1[i], h2[i], sum, 2 * sum);
			sum += h_in[i];
		}
	}
	cudaFree(in);
	cudaFree(o1);
	cudaFree(o2);
	printf("%d of %d wrong\n", bad, n);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
