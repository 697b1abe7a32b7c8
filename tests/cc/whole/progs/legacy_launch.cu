// The calls CUDA 12 removed that old programs still make, as they made
// them: a kernel launched through cudaConfigureCall / cudaSetupArgument /
// cudaLaunch with the offsets computed by hand (ALIGN_UP of each
// argument's alignment, as CUDA 2-era code and code generators wrote it),
// cudaSetDoubleForDevice/ForHost before passing a double,
// cudaLaunchCooperativeKernelMultiDevice with one device, and
// cudaProfilerInitialize; results against the host's arithmetic, and the
// error answers (a launch without configuration, an argument past the
// 4 KiB parameter area, two devices).  nvcc 13 no longer compiles this
// program (the calls are gone from its headers): written against CUDA 10's.
#include <cstdio>
#include <cstdlib>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>

#define ALIGN_UP(offset, alignment) (offset) = ((offset) + (alignment)-1) & ~((alignment)-1)

#define checkCudaErrors(call)                                                                    \
	do {                                                                                     \
		cudaError_t err_ = (call);                                                       \
		if (err_ != cudaSuccess) {                                                       \
			fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorName(err_), __FILE__, \
				__LINE__);                                                       \
			exit(EXIT_FAILURE);                                                      \
		}                                                                                \
	} while (0)

__global__ void saxpyTagged(float *y, const float *x, char tag, double a, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		y[i] = (float)(a * x[i]) + y[i] + tag;
}

__global__ void ticket(int *counter)
{
	atomicAdd(counter, 1);
}

static int failed;

static void expect(bool ok, const char *what)
{
	if (!ok) {
		printf("FAILED: %s\n", what);
		failed++;
	}
}

int main()
{
	const int n = 1000;
	float *hx = (float *)malloc(n * sizeof(float)), *hy = (float *)malloc(n * sizeof(float));
	float *dx, *dy;
	for (int i = 0; i < n; i++)
		hx[i] = 0.5f * i, hy[i] = 1.0f;
	checkCudaErrors(cudaMalloc(&dx, n * sizeof(float)));
	checkCudaErrors(cudaMalloc(&dy, n * sizeof(float)));
	checkCudaErrors(cudaMemcpy(dx, hx, n * sizeof(float), cudaMemcpyHostToDevice));
	checkCudaErrors(cudaMemcpy(dy, hy, n * sizeof(float), cudaMemcpyHostToDevice));
	checkCudaErrors(cudaProfilerInitialize("profile.cfg", "profile.out", cudaKeyValuePair));

	double a = 3.0;
	char tag = 2;
	checkCudaErrors(cudaSetDoubleForDevice(&a));
	checkCudaErrors(cudaConfigureCall(dim3((n + 127) / 128), dim3(128)));
	size_t offset = 0;
	void *py = dy;
	const void *px = dx;
	ALIGN_UP(offset, __alignof(py));
	checkCudaErrors(cudaSetupArgument(&py, sizeof(py), offset));
	offset += sizeof(py);
	ALIGN_UP(offset, __alignof(px));
	checkCudaErrors(cudaSetupArgument(&px, sizeof(px), offset));
	offset += sizeof(px);
	ALIGN_UP(offset, __alignof(tag));
	checkCudaErrors(cudaSetupArgument(tag, offset));	// the C++ template form
	offset += sizeof(tag);
	ALIGN_UP(offset, __alignof(a));
	checkCudaErrors(cudaSetupArgument(&a, sizeof(a), offset));
	offset += sizeof(a);
	ALIGN_UP(offset, __alignof(n));
	checkCudaErrors(cudaSetupArgument(&n, sizeof(n), offset));
	checkCudaErrors(cudaLaunch(saxpyTagged));
	checkCudaErrors(cudaMemcpy(hy, dy, n * sizeof(float), cudaMemcpyDeviceToHost));
	checkCudaErrors(cudaSetDoubleForHost(&a));
	int bad = 0;
	for (int i = 0; i < n; i++)
		bad += hy[i] != (float)(3.0 * (0.5f * i)) + 1.0f + 2;
	expect(!bad, "cudaConfigureCall/cudaSetupArgument/cudaLaunch: y = a x + y + tag");

	int *counter, hc = 0;
	checkCudaErrors(cudaMalloc(&counter, sizeof(int)));
	checkCudaErrors(cudaMemset(counter, 0, sizeof(int)));
	void *args[] = { &counter };
	cudaLaunchParams one = { (void *)ticket, dim3(1), dim3(128), args, 0, 0 };	// one block: co-resident anywhere
	checkCudaErrors(cudaLaunchCooperativeKernelMultiDevice(&one, 1, cudaCooperativeLaunchMultiDeviceNoPreSync));
	checkCudaErrors(cudaMemcpy(&hc, counter, sizeof(int), cudaMemcpyDeviceToHost));
	expect(hc == 128, "cudaLaunchCooperativeKernelMultiDevice on one device: its 128 threads ran");
	expect(cudaLaunchCooperativeKernelMultiDevice(&one, 2, 0) == cudaErrorInvalidDevice,
	       "two devices: cudaErrorInvalidDevice");
	expect(cudaLaunchCooperativeKernelMultiDevice(&one, 1, 0x10) == cudaErrorInvalidValue,
	       "unknown flags: cudaErrorInvalidValue");

	expect(cudaLaunch(ticket) == cudaErrorMissingConfiguration, "cudaLaunch without cudaConfigureCall");
	checkCudaErrors(cudaConfigureCall(dim3(1), dim3(1)));
	expect(cudaSetupArgument(&counter, sizeof(counter), 4095) == cudaErrorInvalidValue,
	       "an argument past the 4 KiB parameter area");
	checkCudaErrors(cudaSetupArgument(counter, 0));
	checkCudaErrors(cudaLaunch(ticket));
	checkCudaErrors(cudaMemcpy(&hc, counter, sizeof(int), cudaMemcpyDeviceToHost));
	expect(hc == 129, "a second legacy launch after the refused argument");
	expect(cudaProfilerInitialize(NULL, NULL, (cudaOutputMode_t)7) == cudaErrorInvalidValue,
	       "cudaProfilerInitialize: an unknown output mode");
	cudaGetLastError();

	cudaFree(dx);
	cudaFree(dy);
	cudaFree(counter);
	free(hx);
	free(hy);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
