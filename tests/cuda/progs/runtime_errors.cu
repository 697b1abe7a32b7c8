// Runtime API error paths with the codes CUDA documents: a bad device number
// (cudaSetDevice, cudaGetDeviceProperties), launch shapes over the limits
// (1024 threads per block, z <= 64, grid y <= 65535), elapsed time with an
// event that has no timing or was never recorded; each error is returned
// (never an abort), recorded for cudaGetLastError, and does not stick: the
// next good launch runs.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void mark(int *p, int v)
{
	p[blockIdx.x * blockDim.x * blockDim.y * blockDim.z + threadIdx.x + threadIdx.y * blockDim.x +
	  threadIdx.z * blockDim.x * blockDim.y] = v;
}

static bool expect(bool c, const char *what)
{
	if (!c)
		printf("check failed: %s\n", what);
	return c;
}

int main()
{
	bool ok = true;
	int count = 0;
	ok &= expect(cudaGetDeviceCount(&count) == cudaSuccess && count >= 1, "device count");
	ok &= expect(cudaSetDevice(count + 5) == cudaErrorInvalidDevice, "cudaSetDevice out of range");
	ok &= expect(cudaGetLastError() == cudaErrorInvalidDevice, "recorded as last error");
	cudaDeviceProp prop;
	ok &= expect(cudaGetDeviceProperties(&prop, count + 5) == cudaErrorInvalidDevice, "properties of a bad device");
	ok &= expect(strcmp(cudaGetErrorName(cudaErrorInvalidDevice), "cudaErrorInvalidDevice") == 0, "error name");
	cudaGetLastError();
	ok &= expect(cudaSetDevice(0) == cudaSuccess, "device 0");

	int *d;
	cudaMalloc(&d, 4096 * sizeof(int));
	cudaMemset(d, 0, 4096 * sizeof(int));
	const dim3 bad_blocks[] = {dim3(32, 32, 2), dim3(1, 1, 65), dim3(1025)};
	for (const dim3 &b : bad_blocks) {
		mark<<<1, b>>>(d, 1);
		ok &= expect(cudaGetLastError() == cudaErrorInvalidConfiguration, "block over the limits");
	}
	mark<<<dim3(1, 65536), 1>>>(d, 1);
	ok &= expect(cudaGetLastError() == cudaErrorInvalidConfiguration, "grid y over 65535");
	ok &= expect(cudaDeviceSynchronize() == cudaSuccess, "launch errors do not stick");
	int h[4096];
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	bool untouched = true;
	for (int i = 0; i < 4096; i++)
		untouched &= h[i] == 0;
	ok &= expect(untouched, "failed launches ran nothing");

	mark<<<4, dim3(8, 4, 2)>>>(d, 7); // 64 threads per block: fine
	ok &= expect(cudaGetLastError() == cudaSuccess, "good launch after bad ones");
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < 4096; i++)
		ok &= h[i] == (i < 256 ? 7 : 0);

	cudaEvent_t timed, untimed, never;
	cudaEventCreate(&timed);
	cudaEventCreateWithFlags(&untimed, cudaEventDisableTiming);
	cudaEventCreate(&never);
	cudaEventRecord(timed);
	cudaEventRecord(untimed);
	cudaEventSynchronize(timed); // completed: the errors below are about the events, not "not ready"
	cudaEventSynchronize(untimed);
	float ms = 0;
	ok &= expect(cudaEventElapsedTime(&ms, timed, untimed) == cudaErrorInvalidResourceHandle, "event without timing");
	ok &= expect(cudaEventElapsedTime(&ms, timed, never) == cudaErrorInvalidResourceHandle, "event never recorded");
	cudaGetLastError();
	ok &= expect(cudaEventElapsedTime(&ms, timed, timed) == cudaSuccess, "same event twice");
	cudaEventDestroy(timed);
	cudaEventDestroy(untimed);
	cudaEventDestroy(never);
	cudaFree(d);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
