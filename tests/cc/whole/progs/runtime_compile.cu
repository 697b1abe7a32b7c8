// A program in the style of the NVRTC and driver-API samples: it compiles a
// kernel's source at run time with NVRTC, loads the PTX as a module and
// launches it with cuLaunchKernel; where run-time compilation or loading
// fails it prints why (the compile log, the JIT's error log) and falls back
// to the same kernel compiled ahead of time.  Driver-API events time it.
// Built with -lcuda -lnvrtc as such samples link.
#include <cuda.h>
#include <cuda_runtime.h>
#include <nvrtc.h>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#define DRV_CHECK(call)                                                                    \
	do {                                                                               \
		CUresult r_ = (call);                                                      \
		if (r_ != CUDA_SUCCESS) {                                                  \
			const char *n_ = "?";                                              \
			cuGetErrorName(r_, &n_);                                           \
			fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call, n_); \
			exit(1);                                                           \
		}                                                                          \
	} while (0)

static const char saxpy_src[] = "extern \"C\" __global__ void saxpy(float a, const float *x, float *y, int n)\n"
				"{\n"
				"  int i = blockIdx.x * blockDim.x + threadIdx.x;\n"
				"  if (i < n) y[i] = a * x[i] + y[i];\n"
				"}\n";

extern "C" __global__ void saxpy(float a, const float *x, float *y, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		y[i] = a * x[i] + y[i];
}

// The PTX of saxpy_src, or an empty vector with the compile log printed.
static std::vector<char> compile_at_run_time()
{
	nvrtcProgram prog;
	const char *opts[] = { "--gpu-architecture=compute_90", "-default-device" };
	std::vector<char> ptx;

	if (nvrtcCreateProgram(&prog, saxpy_src, "saxpy.cu", 0, NULL, NULL) != NVRTC_SUCCESS)
		return ptx;
	nvrtcResult r = nvrtcCompileProgram(prog, 2, opts);
	size_t log_size = 0;
	nvrtcGetProgramLogSize(prog, &log_size);
	if (r != NVRTC_SUCCESS) {
		std::vector<char> log(log_size + 1, 0);
		nvrtcGetProgramLog(prog, log.data());
		printf("NVRTC: %s; log: %s", nvrtcGetErrorString(r), log.data());
	} else {
		size_t ptx_size = 0;
		nvrtcGetPTXSize(prog, &ptx_size);
		ptx.resize(ptx_size);
		nvrtcGetPTX(prog, ptx.data());
	}
	nvrtcDestroyProgram(&prog);
	return ptx;
}

int main()
{
	const int n = 3000;
	const float a = 2.5f;
	CUdevice dev;
	CUcontext ctx;
	CUevent start, stop;
	CUdeviceptr dx, dy;
	std::vector<float> x(n), y(n), out(n);

	DRV_CHECK(cuInit(0));
	DRV_CHECK(cuDeviceGet(&dev, 0));
	DRV_CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
	DRV_CHECK(cuCtxSetCurrent(ctx));
	for (int i = 0; i < n; i++) {
		x[i] = (float)(i % 97) - 40.0f;
		y[i] = (float)(i % 13);
	}
	DRV_CHECK(cuMemAlloc(&dx, n * sizeof(float)));
	DRV_CHECK(cuMemAlloc(&dy, n * sizeof(float)));
	DRV_CHECK(cuMemcpyHtoD(dx, x.data(), n * sizeof(float)));
	DRV_CHECK(cuMemcpyHtoD(dy, y.data(), n * sizeof(float)));
	DRV_CHECK(cuEventCreate(&start, CU_EVENT_DEFAULT));
	DRV_CHECK(cuEventCreate(&stop, CU_EVENT_DEFAULT));

	bool launched = false;
	std::vector<char> ptx = compile_at_run_time();
	int blocks = (n + 127) / 128;
	DRV_CHECK(cuEventRecord(start, 0));
	if (!ptx.empty()) {
		char jit_log[1024] = "";
		CUjit_option opts[] = { CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES };
		void *vals[] = { jit_log, (void *)(size_t)sizeof(jit_log) };
		CUmodule mod;
		CUfunction fn;
		if (cuModuleLoadDataEx(&mod, ptx.data(), 2, opts, vals) == CUDA_SUCCESS) {
			DRV_CHECK(cuModuleGetFunction(&fn, mod, "saxpy"));
			float aa = a;
			int nn = n;
			void *args[] = { &aa, &dx, &dy, &nn };
			DRV_CHECK(cuLaunchKernel(fn, blocks, 1, 1, 128, 1, 1, 0, 0, args, NULL));
			DRV_CHECK(cuCtxSynchronize());
			DRV_CHECK(cuModuleUnload(mod));
			launched = true;
		} else {
			printf("JIT: %s\n", jit_log);
		}
	}
	if (!launched) {
		printf("falling back to the kernel compiled ahead of time\n");
		saxpy<<<blocks, 128>>>(a, (const float *)dx, (float *)dy, n);
		if (cudaDeviceSynchronize() != cudaSuccess)
			return 1;
	}
	DRV_CHECK(cuEventRecord(stop, 0));
	DRV_CHECK(cuEventSynchronize(stop));
	float ms = -1;
	DRV_CHECK(cuEventElapsedTime(&ms, start, stop));

	DRV_CHECK(cuMemcpyDtoH(out.data(), dy, n * sizeof(float)));
	int bad = 0;
	for (int i = 0; i < n; i++)
		if (out[i] != a * x[i] + y[i])
			bad++;
	DRV_CHECK(cuEventDestroy(start));
	DRV_CHECK(cuEventDestroy(stop));
	DRV_CHECK(cuMemFree(dx));
	DRV_CHECK(cuMemFree(dy));
	DRV_CHECK(cuDevicePrimaryCtxRelease(dev));
	printf("%d of %d wrong, elapsed time %s\n", bad, n, ms >= 0 ? "measured" : "negative");
	printf("%s\n", bad == 0 && ms >= 0 ? "PASS" : "FAIL");
	return bad != 0;
}
