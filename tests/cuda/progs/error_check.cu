// Error-checking idioms of real programs: a CUDA_CHECK macro around every
// runtime call, cudaGetLastError / cudaPeekAtLastError after a launch,
// cudaGetErrorString / cudaGetErrorName, and the errors a bad launch gives
// (a 2048-thread block is cudaErrorInvalidConfiguration) without aborting.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                     \
	do {                                                                 \
		cudaError_t err_ = (call);                                   \
		if (err_ != cudaSuccess) {                                   \
			fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__,  \
				__LINE__, #call, cudaGetErrorString(err_));  \
			printf("FAIL\n");                                    \
			exit(1);                                             \
		}                                                            \
	} while (0)

__global__ void add_one(int *a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] += 1;
}

static bool expect(bool cond, const char *what)
{
	if (!cond)
		printf("check failed: %s\n", what);
	return cond;
}

int main()
{
	const int n = 300;
	int h[n];
	for (int i = 0; i < n; i++)
		h[i] = i;
	int *d = nullptr;
	CUDA_CHECK(cudaMalloc(&d, n * sizeof(int)));
	CUDA_CHECK(cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice));

	bool ok = true;
	// A good launch leaves no error behind.
	add_one<<<(n + 63) / 64, 64>>>(d, n);
	CUDA_CHECK(cudaGetLastError());
	CUDA_CHECK(cudaDeviceSynchronize());

	// A block of 2048 threads is over every device's limit: the launch
	// fails, the kernel does not run, and the error is reported once.
	add_one<<<1, 2048>>>(d, n);
	cudaError_t e = cudaPeekAtLastError();
	ok &= expect(e == cudaErrorInvalidConfiguration, "peek sees invalid configuration");
	e = cudaGetLastError();
	ok &= expect(e == cudaErrorInvalidConfiguration, "get sees invalid configuration");
	ok &= expect(strcmp(cudaGetErrorName(e), "cudaErrorInvalidConfiguration") == 0, "error name");
	ok &= expect(cudaGetErrorString(e) != nullptr && strlen(cudaGetErrorString(e)) > 0, "error string");
	ok &= expect(cudaGetLastError() == cudaSuccess, "error cleared after get");

	// A zero-sized grid is invalid too.
	add_one<<<0, 32>>>(d, n);
	ok &= expect(cudaGetLastError() == cudaErrorInvalidConfiguration, "empty grid rejected");

	// Copies with an impossible size fail with an error, not a crash.
	ok &= expect(cudaMemcpy(d, h, sizeof(h), (cudaMemcpyKind)99) != cudaSuccess, "bad copy kind");
	cudaGetLastError();
	ok &= expect(strcmp(cudaGetErrorString(cudaSuccess), "no error") == 0, "success string");

	CUDA_CHECK(cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost));
	for (int i = 0; i < n; i++)
		if (h[i] != i + 1) {
			printf("h[%d] = %d, want %d\n", i, h[i], i + 1);
			ok = false;
			break;
		}
	CUDA_CHECK(cudaFree(d));
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
