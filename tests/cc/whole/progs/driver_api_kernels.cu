// The driver API over a program's own kernels, as the driver-API samples
// use it once their kernel is at hand (vectorAddDrv's flow, with the
// function from cudaGetFuncBySymbol instead of a loaded module): cuInit,
// devices, a created context, cuMemAlloc and copies, cuLaunchKernel with
// kernelParams and with an `extra` parameter buffer, function attributes,
// names, parameter layout and occupancy, streams and events, pitched memory
// set by cuMemsetD2D32, pointer attributes and address ranges, a captured
// stream launched as a graph, and CUDA's answers where no module can be
// loaded (a PTX image) or a handle is not a kernel.  Results are checked
// against host loops.  Also compiled by nvcc -c (cuda.h; linked with
// -lcuda there).
#include <cstdio>
#include <cstring>
#include <cuda.h>
#include <cuda_runtime.h>

static int failures;

#define CHECK(call)                                                                     \
	do {                                                                            \
		CUresult r_ = (call);                                                   \
		if (r_ != CUDA_SUCCESS) {                                               \
			const char *n_ = "?";                                           \
			cuGetErrorName(r_, &n_);                                        \
			printf("FAILED: %s: %s (line %d)\n", #call, n_, __LINE__);      \
			failures++;                                                     \
		}                                                                       \
	} while (0)

static void expect(bool ok, const char *what)
{
	if (!ok && failures++ < 20)
		printf("FAILED: %s\n", what);
}

struct Scale {
	float factor;
	int offset;
};

__global__ void vectorAdd(const float *a, const float *b, float *c, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		c[i] = a[i] + b[i];
}

__global__ void scaled(float *x, char tag, Scale s, double bias, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		x[i] = x[i] * s.factor + (float)s.offset + (float)bias + (float)tag;
}

int main()
{
	const int n = 1000;
	CUdevice dev;
	CUcontext ctx;
	int count = 0;

	CHECK(cuInit(0));
	CHECK(cuDeviceGetCount(&count));
	expect(count == 1, "one device");
	CHECK(cuDeviceGet(&dev, 0));
	CHECK(cuCtxCreate(&ctx, NULL, 0, dev));	// CUDA 13: creation parameters (none)

	// NVIDIA's PTX has no code for this device: refused with CUDA's code for that
	CUmodule mod;
	const char ptx[] = ".version 8.0\n.target sm_80\n.address_size 64\n";
	expect(cuModuleLoadData(&mod, ptx) == CUDA_ERROR_NO_BINARY_FOR_GPU, "cuModuleLoadData refused");

	CUfunction add, scale;
	expect(cudaGetFuncBySymbol(&add, (const void *)vectorAdd) == cudaSuccess, "cudaGetFuncBySymbol(vectorAdd)");
	expect(cudaGetFuncBySymbol(&scale, (const void *)scaled) == cudaSuccess, "cudaGetFuncBySymbol(scaled)");
	const char *name = NULL;
	CHECK(cuFuncGetName(&name, add));
	expect(name && strstr(name, "vectorAdd"), "cuFuncGetName");
	int maxThreads = 0;
	CHECK(cuFuncGetAttribute(&maxThreads, CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK, add));
	expect(maxThreads >= 256, "CU_FUNC_ATTRIBUTE_MAX_THREADS_PER_BLOCK");
	int blocksPerSM = 0, minGrid = 0, bestBlock = 0;
	CHECK(cuOccupancyMaxActiveBlocksPerMultiprocessor(&blocksPerSM, add, 256, 0));
	expect(blocksPerSM > 0, "cuOccupancyMaxActiveBlocksPerMultiprocessor");
	CHECK(cuOccupancyMaxPotentialBlockSize(&minGrid, &bestBlock, add, 0, 0, 0));
	expect(bestBlock > 0 && bestBlock % 32 == 0 && minGrid > 0, "cuOccupancyMaxPotentialBlockSize");

	// vectorAddDrv's flow
	static float ha[n], hb[n], hc[n];
	for (int i = 0; i < n; i++) {
		ha[i] = (float)i * 0.5f;
		hb[i] = (float)(n - i);
	}
	CUdeviceptr da, db, dc;
	CHECK(cuMemAlloc(&da, n * sizeof(float)));
	CHECK(cuMemAlloc(&db, n * sizeof(float)));
	CHECK(cuMemAlloc(&dc, n * sizeof(float)));
	CHECK(cuMemcpyHtoD(da, ha, n * sizeof(float)));
	CHECK(cuMemcpyHtoD(db, hb, n * sizeof(float)));
	int nn = n;
	void *args[] = { &da, &db, &dc, &nn };
	CUstream stream;
	CUevent start, stop;
	CHECK(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));
	CHECK(cuEventCreate(&start, CU_EVENT_DEFAULT));
	CHECK(cuEventCreate(&stop, CU_EVENT_DEFAULT));
	CHECK(cuEventRecord(start, stream));
	CHECK(cuLaunchKernel(add, (n + 255) / 256, 1, 1, 256, 1, 1, 0, stream, args, NULL));
	CHECK(cuEventRecord(stop, stream));
	CHECK(cuStreamSynchronize(stream));
	float ms = -1;
	CHECK(cuEventElapsedTime(&ms, start, stop));
	expect(ms >= 0, "cuEventElapsedTime");
	CHECK(cuMemcpyDtoH(hc, dc, n * sizeof(float)));
	for (int i = 0; i < n; i++)
		expect(hc[i] == ha[i] + hb[i], "cuLaunchKernel with kernelParams");

	// the `extra` form: one buffer, each parameter at cuFuncGetParamInfo's offset
	size_t off[5], size[5];
	for (int p = 0; p < 5; p++)
		CHECK(cuFuncGetParamInfo(scale, p, &off[p], &size[p]));
	expect(size[0] == sizeof(float *) && size[1] == 1 && size[2] == sizeof(Scale) && size[3] == 8 && size[4] == 4,
	       "parameter sizes");
	expect(off[0] == 0 && off[1] == 8 && off[2] == 12 && off[3] == 24 && off[4] == 32, "parameter offsets");
	expect(cuFuncGetParamInfo(scale, 5, &off[0], &size[0]) == CUDA_ERROR_INVALID_VALUE, "a sixth parameter");
	unsigned char buf[64];
	char tag = 3;
	Scale s = { 2.0f, 10 };
	double bias = 0.5;
	memset(buf, 0, sizeof(buf));
	memcpy(buf + off[0], &dc, sizeof(dc));
	memcpy(buf + off[1], &tag, 1);
	memcpy(buf + off[2], &s, sizeof(s));
	memcpy(buf + off[3], &bias, sizeof(bias));
	memcpy(buf + off[4], &nn, sizeof(nn));
	size_t bufSize = off[4] + size[4];
	void *extra[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, buf, CU_LAUNCH_PARAM_BUFFER_SIZE, &bufSize, CU_LAUNCH_PARAM_END };
	CHECK(cuLaunchKernel(scale, (n + 127) / 128, 1, 1, 128, 1, 1, 0, 0, NULL, extra));
	CHECK(cuCtxSynchronize());
	static float hs[n];
	CHECK(cuMemcpyDtoH(hs, dc, n * sizeof(float)));
	for (int i = 0; i < n; i++)
		expect(hs[i] == (ha[i] + hb[i]) * 2.0f + 10.0f + 0.5f + 3.0f, "cuLaunchKernel with an extra buffer");
	expect(cuLaunchKernel(scale, 1, 1, 1, 1, 1, 1, 0, 0, args, extra) == CUDA_ERROR_INVALID_VALUE,
	       "kernelParams and extra together");
	expect(cuLaunchKernel((CUfunction)&nn, 1, 1, 1, 1, 1, 1, 0, 0, args, NULL) == CUDA_ERROR_INVALID_HANDLE,
	       "a handle that is not a kernel");

	// pitched memory and 2-D sets
	CUdeviceptr img;
	size_t pitch = 0;
	const int w = 33, h = 7;
	CHECK(cuMemAllocPitch(&img, &pitch, w * sizeof(unsigned int), h, 4));
	expect(pitch >= w * sizeof(unsigned int), "cuMemAllocPitch's pitch");
	CHECK(cuMemsetD2D8(img, pitch, 0xab, pitch, h));
	CHECK(cuMemsetD2D32(img, pitch, 0x12345678u, w - 1, h));
	static unsigned char himg[64 * 1024];
	CHECK(cuMemcpyDtoH(himg, img, pitch * h));
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			unsigned int v;
			memcpy(&v, himg + y * pitch + x * 4, 4);
			expect(v == (x < w - 1 ? 0x12345678u : 0xababababu), "cuMemsetD2D32 within the rows it names");
		}

	// pointers
	CUdeviceptr base = 0;
	size_t range = 0;
	CHECK(cuMemGetAddressRange(&base, &range, da + 100));
	expect(base == da && range >= n * sizeof(float), "cuMemGetAddressRange");
	unsigned int memType = 0;
	CHECK(cuPointerGetAttribute(&memType, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, db));
	expect(memType == CU_MEMORYTYPE_DEVICE, "CU_POINTER_ATTRIBUTE_MEMORY_TYPE");
	CUdeviceptr start_addr = 0;
	CHECK(cuPointerGetAttribute(&start_addr, CU_POINTER_ATTRIBUTE_RANGE_START_ADDR, db + 8));
	expect(start_addr == db, "CU_POINTER_ATTRIBUTE_RANGE_START_ADDR");

	// a captured stream as a graph
	CUgraph graph;
	CUgraphExec exec;
	CHECK(cuMemsetD8(dc, 0, n * sizeof(float)));
	CHECK(cuStreamBeginCapture(stream, CU_STREAM_CAPTURE_MODE_GLOBAL));
	CUstreamCaptureStatus status = CU_STREAM_CAPTURE_STATUS_NONE;
	CHECK(cuStreamIsCapturing(stream, &status));
	expect(status == CU_STREAM_CAPTURE_STATUS_ACTIVE, "cuStreamIsCapturing");
	CHECK(cuLaunchKernel(add, (n + 255) / 256, 1, 1, 256, 1, 1, 0, stream, args, NULL));
	CHECK(cuStreamEndCapture(stream, &graph));
	CHECK(cuGraphInstantiate(&exec, graph, 0));
	CHECK(cuGraphLaunch(exec, stream));
	CHECK(cuStreamSynchronize(stream));
	CHECK(cuMemcpyDtoH(hc, dc, n * sizeof(float)));
	for (int i = 0; i < n; i++)
		expect(hc[i] == ha[i] + hb[i], "a captured launch replayed");
	CHECK(cuGraphExecDestroy(exec));
	CHECK(cuGraphDestroy(graph));

	CHECK(cuEventDestroy(start));
	CHECK(cuEventDestroy(stop));
	CHECK(cuStreamDestroy(stream));
	CHECK(cuMemFree(da));
	CHECK(cuMemFree(db));
	CHECK(cuMemFree(dc));
	CHECK(cuMemFree(img));
	CHECK(cuCtxDestroy(ctx));
	printf("%d failures\n", failures);
	printf(failures ? "FAILED\n" : "PASS\n");
	return failures != 0;
}
