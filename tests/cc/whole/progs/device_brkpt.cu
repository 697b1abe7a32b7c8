// Device functions that stop a kernel: __brkpt() with no debugger attached,
// __cluster_map_shared_rank() of a block rank the cluster does not have
// (clusters are of one block here: only rank 0 exists) and a named barrier
// whose count more threads are meant to reach than ever arrive (a GPU
// hangs; here the block sees that no thread can arrive and traps).  Each
// fails the launch with cudaErrorLaunchFailure, a sticky error that
// cudaDeviceReset() clears, never the process; the threads before the
// stop have written their results.  Also compiled by nvcc -arch=sm_90 -c.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void breakpoint(int *out, int stopAt)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i == stopAt)
		__brkpt();
	out[i] = i;
}

__global__ void otherRank(int *out, unsigned int rank)
{
	__shared__ int s[32];
	s[threadIdx.x] = threadIdx.x;
	__syncthreads();
	int *p = (int *)__cluster_map_shared_rank(s, rank);
	out[threadIdx.x] = p[31 - threadIdx.x];
}

__global__ void shortBarrier(int *out)
{
	if (threadIdx.x < 64)	// 64 threads arrive, 96 are waited for
		__barrier_sync_count(3, 96);
	out[threadIdx.x] = 1;
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
	int *out;

	cudaMallocManaged(&out, 128 * sizeof(int));
	breakpoint<<<1, 64>>>(out, 1000);
	expect("breakpoint not reached", cudaDeviceSynchronize(), cudaSuccess);
	for (int i = 0; i < 64; i++)
		if (out[i] != i)
			failures++;
	breakpoint<<<2, 64>>>(out, 70);
	expect("__brkpt()", cudaDeviceSynchronize(), cudaErrorLaunchFailure);
	expect("__brkpt(): sticky", cudaMemset(out, 0, 4), cudaErrorLaunchFailure);
	expect("cudaDeviceReset", cudaDeviceReset(), cudaSuccess);

	cudaMallocManaged(&out, 128 * sizeof(int));
	otherRank<<<1, 32>>>(out, 0);
	expect("rank 0", cudaDeviceSynchronize(), cudaSuccess);
	for (int i = 0; i < 32; i++)
		if (out[i] != 31 - i)
			failures++;
	otherRank<<<1, 32>>>(out, 1);
	expect("rank 1 of a cluster of one", cudaDeviceSynchronize(), cudaErrorLaunchFailure);
	expect("cudaDeviceReset", cudaDeviceReset(), cudaSuccess);

	cudaMallocManaged(&out, 128 * sizeof(int));
	shortBarrier<<<1, 128>>>(out);
	expect("named barrier nobody completes", cudaDeviceSynchronize(), cudaErrorLaunchFailure);
	expect("cudaDeviceReset", cudaDeviceReset(), cudaSuccess);

	printf("%d failures\n", failures);
	printf(failures ? "FAILED\n" : "PASS\n");
	return failures != 0;
}
