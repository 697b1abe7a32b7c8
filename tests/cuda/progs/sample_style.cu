// A program in the style of the vendor samples and benchmark suites: command
// line options (-n=N, --iters N), cudaGetDeviceCount / cudaSetDevice /
// cudaGetDeviceProperties printed (values not checked: they are the
// machine's), srand/rand inputs, a checkCudaErrors-style macro with
// __FILE__/__LINE__, cudaEvent timing (printed, never compared), a CPU
// reference and a relative-error check, and the usual "Result = PASS" line
// followed by the final PASS/FAIL.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cmath>
#include <cuda_runtime.h>

#define checkErrors(val) check_result((val), #val, __FILE__, __LINE__)

static void check_result(cudaError_t r, const char *what, const char *file, int line)
{
	if (r != cudaSuccess) {
		fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\"\n", file, line, (int)r, cudaGetErrorName(r), what);
		printf("FAIL\n");
		exit(EXIT_FAILURE);
	}
}

__global__ void saxpby(int n, float a, const float *x, float b, float *y)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x)
		y[i] = a * x[i] + b * y[i];
}

static int get_option(int argc, char **argv, const char *name, int fallback)
{
	size_t len = strlen(name);
	for (int k = 1; k < argc; k++) {
		if (strncmp(argv[k], name, len) == 0 && argv[k][len] == '=')
			return atoi(argv[k] + len + 1);
		if (strcmp(argv[k], name) == 0 && k + 1 < argc)
			return atoi(argv[k + 1]);
	}
	return fallback;
}

int main(int argc, char **argv)
{
	int n = get_option(argc, argv, "-n", 1 << 18);
	int iters = get_option(argc, argv, "--iters", 3);
	printf("[saxpby] n=%d iters=%d\n", n, iters);

	int count = 0;
	checkErrors(cudaGetDeviceCount(&count));
	if (count < 1) {
		printf("no device\nFAIL\n");
		return 1;
	}
	int dev = 0;
	checkErrors(cudaSetDevice(dev));
	checkErrors(cudaGetDevice(&dev));
	cudaDeviceProp prop;
	checkErrors(cudaGetDeviceProperties(&prop, dev));
	printf("Device %d: \"%s\" with compute capability %d.%d, %d multiprocessors\n", dev, prop.name,
	       prop.major, prop.minor, prop.multiProcessorCount);
	printf("  warp size %d, max threads per block %d, shared memory per block %zu bytes\n", prop.warpSize,
	       prop.maxThreadsPerBlock, prop.sharedMemPerBlock);
	bool ok = prop.warpSize == 32 && prop.maxThreadsPerBlock >= 512;

	size_t bytes = (size_t)n * sizeof(float);
	float *hx = (float *)malloc(bytes), *hy = (float *)malloc(bytes), *ref = (float *)malloc(bytes);
	srand(2);
	for (int i = 0; i < n; i++) {
		hx[i] = rand() / (float)RAND_MAX;
		ref[i] = hy[i] = rand() / (float)RAND_MAX;
	}
	float *dx, *dy;
	checkErrors(cudaMalloc((void **)&dx, bytes));
	checkErrors(cudaMalloc((void **)&dy, bytes));
	checkErrors(cudaMemcpy(dx, hx, bytes, cudaMemcpyHostToDevice));
	checkErrors(cudaMemcpy(dy, hy, bytes, cudaMemcpyHostToDevice));

	cudaEvent_t start, stop;
	checkErrors(cudaEventCreate(&start));
	checkErrors(cudaEventCreate(&stop));
	int threads = 256, blocks = prop.multiProcessorCount * 4;
	checkErrors(cudaEventRecord(start));
	for (int it = 0; it < iters; it++)
		saxpby<<<blocks, threads>>>(n, 2.0f, dx, 0.5f, dy);
	checkErrors(cudaGetLastError());
	checkErrors(cudaEventRecord(stop));
	checkErrors(cudaEventSynchronize(stop));
	float ms = 0;
	checkErrors(cudaEventElapsedTime(&ms, start, stop));
	printf("time per launch: %.3f ms\n", ms / iters);
	checkErrors(cudaMemcpy(hy, dy, bytes, cudaMemcpyDeviceToHost));

	for (int it = 0; it < iters; it++)
		for (int i = 0; i < n; i++)
			ref[i] = 2.0f * hx[i] + 0.5f * ref[i];
	double err = 0, norm = 0;
	for (int i = 0; i < n; i++) {
		err += (hy[i] - ref[i]) * (double)(hy[i] - ref[i]);
		norm += ref[i] * (double)ref[i];
	}
	double rel = sqrt(err / norm);
	ok &= rel < 1e-6;
	printf("relative L2 error %s 1e-6\n", rel < 1e-6 ? "<" : ">=");
	printf("Result = %s\n", ok ? "PASS" : "FAIL");

	checkErrors(cudaEventDestroy(start));
	checkErrors(cudaEventDestroy(stop));
	checkErrors(cudaFree(dx));
	checkErrors(cudaFree(dy));
	free(hx);
	free(hy);
	free(ref);
	checkErrors(cudaDeviceReset());
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? EXIT_SUCCESS : EXIT_FAILURE;
}
