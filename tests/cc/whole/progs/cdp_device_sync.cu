// Device code calling cudaDeviceSynchronize after launching children, as
// dynamic-parallelism code written for CUDA 11 and older does (CUDA 12
// removed the call from device code for sm_90: nvcc 13 builds this only as
// the old device runtime, -arch=sm_80 -rdc=true -DCUDA_FORCE_CDP1_IF_SUPPORTED): a
// parent reads what its child grid wrote once the call returns.  The call
// waits for the caller's children only; it went to the host's function,
// which waits for the whole device, the calling grid included: the program
// hung.  A second kernel allocates and frees with device code's cudaMalloc
// and cudaFree around its wait.
#include <cstdio>
#include <cuda_runtime.h>

#define PARENTS 8
#define CHILD_THREADS 64

__global__ void child(int *out, int base)
{
	out[base + threadIdx.x] = base * 1000 + (int)threadIdx.x;
}

__global__ void parent(int *out, int *sums, int *errs)
{
	int p = blockIdx.x;

	if (threadIdx.x != 0)
		return;
	child<<<1, CHILD_THREADS>>>(out, p * CHILD_THREADS);
	if (cudaDeviceSynchronize() != cudaSuccess || cudaGetLastError() != cudaSuccess)
		errs[p]++;
	int s = 0;
	for (int i = 0; i < CHILD_THREADS; i++)
		s += out[p * CHILD_THREADS + i];
	sums[p] = s;
}

__global__ void waits_and_frees(int *errs)
{
	int *scratch;

	if (cudaMalloc((void **)&scratch, 16 * sizeof(int)) != cudaSuccess) {
		atomicAdd(&errs[0], 1);
		return;
	}
	scratch[threadIdx.x] = 7;
	if (cudaDeviceSynchronize() != cudaSuccess || scratch[threadIdx.x] != 7 || cudaFree(scratch) != cudaSuccess)
		atomicAdd(&errs[0], 1);
}

int main()
{
	int *out, *sums, *errs;
	int h_sums[PARENTS], h_errs[PARENTS], bad = 0;

	cudaMalloc(&out, PARENTS * CHILD_THREADS * sizeof(int));
	cudaMalloc(&sums, sizeof(h_sums));
	cudaMalloc(&errs, sizeof(h_errs));
	cudaMemset(errs, 0, sizeof(h_errs));
	parent<<<PARENTS, 32>>>(out, sums, errs);
	waits_and_frees<<<1, 16>>>(errs);
	if (cudaDeviceSynchronize() != cudaSuccess)
		return printf("FAIL\n"), 1;
	cudaMemcpy(h_sums, sums, sizeof(h_sums), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_errs, errs, sizeof(h_errs), cudaMemcpyDeviceToHost);
	for (int p = 0; p < PARENTS; p++) {
		int want = CHILD_THREADS * (p * CHILD_THREADS * 1000) + CHILD_THREADS * (CHILD_THREADS - 1) / 2;

		bad += h_sums[p] != want || h_errs[p] != 0;
	}
	printf("%d passed, %d failed\n%s\n", PARENTS - bad, bad, bad ? "FAIL" : "PASS");
	return bad != 0;
}
