// Host code of the driver API and NVRTC, compiled and linked by the host
// compiler against the CUDA folder (g++ -I include ... -L lib64 -lcuda
// -lnvrtc), as the official samples' NVRTC and driver-API programs are:
// such a program does not export the runtime that a module calls.
//   module_host FILE      loads FILE (bin/nvcc -fatbin module_kernel.cu)
//   module_host nvrtc SRC compiles SRC with NVRTC and loads the result
// Either way the kernel adds each index to an array of 1000 sevens.
#include <cuda.h>
#include <nvrtc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_all(const char *path)
{
	FILE *f = fopen(path, "rb");
	char *text = NULL;
	long len;

	if (f && !fseek(f, 0, SEEK_END) && (len = ftell(f)) > 0 && !fseek(f, 0, SEEK_SET) &&
	    (text = (char *)calloc(1, (size_t)len + 1)) && fread(text, 1, (size_t)len, f) != (size_t)len) {
		free(text);
		text = NULL;
	}
	if (f)
		fclose(f);
	return text;
}

// the module text NVRTC makes of the source at path, or NULL
static char *compile(const char *path)
{
	char *src = read_all(path), *out = NULL;
	nvrtcProgram prog;
	size_t size = 0;

	if (!src || nvrtcCreateProgram(&prog, src, "module_kernel.cu", 0, NULL, NULL) != NVRTC_SUCCESS)
		return NULL;
	if (nvrtcCompileProgram(prog, 0, NULL) == NVRTC_SUCCESS && nvrtcGetPTXSize(prog, &size) == NVRTC_SUCCESS &&
	    (out = (char *)malloc(size)) && nvrtcGetPTX(prog, out) != NVRTC_SUCCESS) {
		free(out);
		out = NULL;
	}
	nvrtcDestroyProgram(&prog);
	free(src);
	return out;
}

int main(int argc, char **argv)
{
	enum { N = 1000 };
	int host[N], bad = 0;
	CUdevice dev;
	CUcontext ctx;
	CUmodule mod;
	CUfunction fn;
	CUdeviceptr p;
	CUresult r;
	char *image;
	int n = N;
	void *args[] = { &p, &n };

	if (argc < 2 || cuInit(0) != CUDA_SUCCESS || cuDeviceGet(&dev, 0) != CUDA_SUCCESS ||
	    cuDevicePrimaryCtxRetain(&ctx, dev) != CUDA_SUCCESS ||
	    cuCtxSetCurrent(ctx) != CUDA_SUCCESS) {
		printf("setup failed\nFAIL\n");
		return 1;
	}
	image = strcmp(argv[1], "nvrtc") ? read_all(argv[1]) : compile(argc > 2 ? argv[2] : "");
	if (!image) {
		printf("no module image\nFAIL\n");
		return 1;
	}
	r = cuModuleLoadData(&mod, image);
	if (r != CUDA_SUCCESS || cuModuleGetFunction(&fn, mod, "add_index") != CUDA_SUCCESS) {
		const char *name = NULL;
		cuGetErrorName(r, &name);
		printf("cuModuleLoadData: %s\nFAIL\n", name ? name : "?");
		return 1;
	}
	for (int i = 0; i < N; i++)
		host[i] = 7;
	cuMemAlloc(&p, sizeof(host));
	cuMemcpyHtoD(p, host, sizeof(host));
	r = cuLaunchKernel(fn, (N + 127) / 128, 1, 1, 128, 1, 1, 0, NULL, args, NULL);
	if (r == CUDA_SUCCESS)
		r = cuMemcpyDtoH(host, p, sizeof(host));
	for (int i = 0; i < N; i++)
		bad += host[i] != 7 + i;
	printf("launch %d, %d of %d elements wrong\n%s\n", (int)r, bad, N, r == CUDA_SUCCESS && !bad ? "PASS" : "FAIL");
	cuMemFree(p);
	cuModuleUnload(mod);
	cuDevicePrimaryCtxRelease(dev);
	free(image);
	return 0;
}
