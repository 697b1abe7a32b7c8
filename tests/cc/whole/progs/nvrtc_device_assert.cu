// A device assert in a kernel compiled at run time, as the official
// samples' simpleAssert_nvrtc drives it: the kernel is compiled by NVRTC,
// loaded with cuModuleLoadData and launched with cuLaunchKernel, whose own
// status is CUDA_SUCCESS (a launch returns before its kernel runs); the
// failed assert is the next synchronization's, CUDA_ERROR_ASSERT, and it
// stays (a sticky error).  A good launch before it returns success both times.
// Built with -lcuda -lnvrtc as such samples link.
#include <cuda.h>
#include <nvrtc.h>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define NVRTC_SAFE_CALL(x)                                                               \
	do {                                                                             \
		nvrtcResult result_ = (x);                                               \
		if (result_ != NVRTC_SUCCESS) {                                          \
			fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #x,        \
				nvrtcGetErrorString(result_));                           \
			exit(1);                                                         \
		}                                                                        \
	} while (0)

static const char kernel_src[] =
	"extern \"C\" __global__ void check_below(const int *v, int n, int limit)\n"
	"{\n"
	"  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
	"  if (i < n)\n"
	"    assert(v[i] < limit);\n"
	"}\n";

static int failures;

static void expect(const char *what, CUresult got, CUresult want)
{
	const char *g = "?", *w = "?";
	cuGetErrorName(got, &g);
	cuGetErrorName(want, &w);
	printf("%s: %s (%s, expected %s)\n", got == want ? "ok" : "FAILED", what, g, w);
	failures += got != want;
}

int main()
{
	CUdevice dev;
	CUcontext ctx;
	int major = 0, minor = 0;
	if (cuInit(0) || cuDeviceGet(&dev, 0) ||
	    cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev) ||
	    cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev) ||
	    cuCtxCreate(&ctx, NULL, 0, dev))
		return fprintf(stderr, "no device\n"), 1;

	char arch[40];
	snprintf(arch, sizeof(arch), "--gpu-architecture=sm_%d%d", major, minor);
	const char *opts[] = { arch };
	nvrtcProgram prog;
	NVRTC_SAFE_CALL(nvrtcCreateProgram(&prog, kernel_src, "check_below.cu", 0, NULL, NULL));
	NVRTC_SAFE_CALL(nvrtcCompileProgram(prog, 1, opts));
	size_t size = 0;
	NVRTC_SAFE_CALL(nvrtcGetCUBINSize(prog, &size));
	std::vector<char> cubin(size);
	NVRTC_SAFE_CALL(nvrtcGetCUBIN(prog, cubin.data()));
	NVRTC_SAFE_CALL(nvrtcDestroyProgram(&prog));

	CUmodule module;
	CUfunction fn;
	CUdeviceptr d_v;
	const int n = 256;
	std::vector<int> v(n);
	for (int i = 0; i < n; i++)
		v[i] = i;
	expect("cuModuleLoadData", cuModuleLoadData(&module, cubin.data()), CUDA_SUCCESS);
	expect("cuModuleGetFunction", cuModuleGetFunction(&fn, module, "check_below"), CUDA_SUCCESS);
	expect("cuMemAlloc", cuMemAlloc(&d_v, n * sizeof(int)), CUDA_SUCCESS);
	expect("cuMemcpyHtoD", cuMemcpyHtoD(d_v, v.data(), n * sizeof(int)), CUDA_SUCCESS);

	int nn = n, limit = n;
	void *args[] = { &d_v, &nn, &limit };
	expect("good launch", cuLaunchKernel(fn, n / 64, 1, 1, 64, 1, 1, 0, NULL, args, NULL), CUDA_SUCCESS);
	expect("good launch's synchronization", cuCtxSynchronize(), CUDA_SUCCESS);

	limit = 100;	// elements 100.. fail the assert
	expect("failing launch", cuLaunchKernel(fn, n / 64, 1, 1, 64, 1, 1, 0, NULL, args, NULL), CUDA_SUCCESS);
	expect("failing launch's synchronization", cuCtxSynchronize(), CUDA_ERROR_ASSERT);
	expect("synchronization again (sticky)", cuCtxSynchronize(), CUDA_ERROR_ASSERT);
	expect("a copy after it", cuMemcpyDtoH(v.data(), d_v, sizeof(int)), CUDA_ERROR_ASSERT);

	printf("%d failed\n%s\n", failures, failures ? "FAIL" : "PASS");
	return failures != 0;
}
