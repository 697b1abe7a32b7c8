// A constructor that waits at a barrier: a tile object stages its block's
// values into shared memory and waits for the whole block before any thread
// reads another's element (RAII staging, as in template-heavy public code).
// idxgen-cc's planner did not look into constructors: the kernel went to
// loop fission, whose thread loop called __syncthreads() outside a fiber
// kernel and aborted.  Checked against a host reference.
#include <cstdio>
#include <cuda_runtime.h>

#define BS 128

struct staged_tile {
	int *s;
	__device__ staged_tile(int *sh, const int *in) : s(sh)
	{
		s[threadIdx.x] = in[blockIdx.x * BS + threadIdx.x];
		__syncthreads();
	}
	__device__ int mirror() const { return s[BS - 1 - threadIdx.x]; }
};
__global__ void reverse_blocks(const int *in, int *out)
{
	__shared__ int sh[BS];
	staged_tile t(sh, in);
	out[blockIdx.x * BS + threadIdx.x] = t.mirror();
}
int main()
{
	const int nb = 8, n = nb * BS;
	int h[n], r[n], *d_in, *d_out, bad = 0;
	for (int i = 0; i < n; i++) h[i] = i * 7 + 1;
	cudaMalloc(&d_in, sizeof(h)); cudaMalloc(&d_out, sizeof(h));
	cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);
	reverse_blocks<<<nb, BS>>>(d_in, d_out);
	cudaMemcpy(r, d_out, sizeof(r), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) bad += r[i] != h[(i / BS) * BS + BS - 1 - i % BS];
	printf("%d wrong\n%s\n", bad, bad ? "FAIL" : "PASS");
	return bad != 0;
}
