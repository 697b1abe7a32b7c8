// Graphs built node by node through the driver API over a program's own
// kernels, as code written for cuda.h does (simpleCudaGraphs' flow with
// cuGraphAdd*Node): a memset node, a kernel node with kernelParams and one
// with an `extra` parameter buffer, a device-to-host copy and a host node,
// launched twice and updated in the executable graph; then CUDA 3's
// execution control (cuFuncSetBlockShape, cuParamSetv/i/f, cuLaunchGrid),
// stream memory operations ordering two streams, cuLaunchKernelEx, and a
// function fetched by cuGetProcAddress.  Results are checked against host
// loops.  Also compiled by nvcc -c (cuda.h; linked with -lcuda there).
#include <cstdio>
// the CUDA 3 execution control is what part of this tests
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
#include <cstring>
#include <cstddef>
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

__global__ void axpb(float *y, float a, float b, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		y[i] = a * y[i] + b;
}

__global__ void grid2d(int *out, int width, short tag, double scale)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;

	if (x < width)
		out[y * width + x] = (int)(tag + scale * (y * 1000 + x));
}

static void CUDA_CB count_runs(void *data)
{
	++*(int *)data;
}

int main()
{
	const int n = 1000;
	CUfunction fa, fg;
	CUdeviceptr dy;
	float hy[n];
	int runs = 0;

	CHECK(cuInit(0));
	cudaGetFuncBySymbol((cudaFunction_t *)&fa, (const void *)axpb);
	cudaGetFuncBySymbol((cudaFunction_t *)&fg, (const void *)grid2d);
	CHECK(cuMemAlloc(&dy, n * sizeof(float)));

	// memset(1.0f) -> y = 2y + 1 (kernelParams) -> y = 0.5y - 1 (extra) -> copy -> host node
	CUgraph g;
	CUgraphNode set, k1, k2, cp, host;
	CHECK(cuGraphCreate(&g, 0));
	CUDA_MEMSET_NODE_PARAMS ms;
	memset(&ms, 0, sizeof(ms));
	float one = 1.0f;
	unsigned int one_bits;
	memcpy(&one_bits, &one, sizeof(one_bits));
	ms.dst = dy, ms.value = one_bits, ms.elementSize = 4, ms.width = n, ms.height = 1;
	CUcontext ctx;
	CHECK(cuCtxGetCurrent(&ctx));
	CHECK(cuGraphAddMemsetNode(&set, g, NULL, 0, &ms, ctx));
	float *y = (float *)(uintptr_t)dy, a1 = 2.0f, b1 = 1.0f;
	int len = n;
	void *args[] = { &y, &a1, &b1, &len };
	CUDA_KERNEL_NODE_PARAMS kp;
	memset(&kp, 0, sizeof(kp));
	kp.func = fa, kp.gridDimX = (n + 127) / 128, kp.gridDimY = kp.gridDimZ = 1;
	kp.blockDimX = 128, kp.blockDimY = kp.blockDimZ = 1, kp.kernelParams = args;
	CHECK(cuGraphAddKernelNode(&k1, g, &set, 1, &kp));
	struct {
		float *y;
		float a, b;
		int n;
	} packed = { y, 0.5f, -1.0f, n };
	size_t packed_size = sizeof(packed);
	void *extra[] = { CU_LAUNCH_PARAM_BUFFER_POINTER, &packed, CU_LAUNCH_PARAM_BUFFER_SIZE, &packed_size,
			  CU_LAUNCH_PARAM_END };
	kp.kernelParams = NULL, kp.extra = extra;
	CHECK(cuGraphAddKernelNode(&k2, g, &k1, 1, &kp));
	CUDA_MEMCPY3D c;
	memset(&c, 0, sizeof(c));
	c.srcMemoryType = CU_MEMORYTYPE_DEVICE, c.srcDevice = dy;
	c.dstMemoryType = CU_MEMORYTYPE_HOST, c.dstHost = hy;
	c.WidthInBytes = sizeof(hy), c.Height = 1, c.Depth = 1;
	CHECK(cuGraphAddMemcpyNode(&cp, g, &k2, 1, &c, ctx));
	CUDA_HOST_NODE_PARAMS hp = { count_runs, &runs };
	CHECK(cuGraphAddHostNode(&host, g, &cp, 1, &hp));
	size_t nodes = 0;
	CHECK(cuGraphGetNodes(g, NULL, &nodes));
	expect(nodes == 5, "five nodes");

	CUgraphExec exec;
	CHECK(cuGraphInstantiate(&exec, g, 0));
	for (int run = 0; run < 2; run++) {
		memset(hy, 0, sizeof(hy));
		CHECK(cuGraphLaunch(exec, 0));
		CHECK(cuStreamSynchronize(0));
		for (int i = 0; i < n; i++)
			expect(hy[i] == 0.5f * (2.0f * 1.0f + 1.0f) - 1.0f, "memset, two kernel nodes, copy");
	}
	expect(runs == 2, "the host node ran at each launch");

	// the executable graph's first kernel updated: y = 3y + 1 -> 0.5 * 4 - 1 = 1
	a1 = 3.0f;
	kp.kernelParams = args, kp.extra = NULL;
	CHECK(cuGraphExecKernelNodeSetParams(exec, k1, &kp));
	CHECK(cuGraphLaunch(exec, 0));
	CHECK(cuStreamSynchronize(0));
	for (int i = 0; i < n; i++)
		expect(hy[i] == 1.0f, "the updated kernel node");
	CUgraphNodeType type;
	CHECK(cuGraphNodeGetType(k2, &type));
	expect(type == CU_GRAPH_NODE_TYPE_KERNEL, "kernel node type");
	CHECK(cuGraphExecDestroy(exec));
	CHECK(cuGraphDestroy(g));

	// CUDA 3: the parameters at the offsets of the kernel's own layout
	const int width = 50, rows = 3;
	CUdeviceptr dout;
	int hout[width * rows];
	CHECK(cuMemAlloc(&dout, sizeof(hout)));
	size_t off[4], size[4];
	for (int i = 0; i < 4; i++)
		CHECK(cuFuncGetParamInfo(fg, i, &off[i], &size[i]));
	CHECK(cuFuncSetBlockShape(fg, 32, 1, 1));
	CHECK(cuFuncSetSharedSize(fg, 0));
	CHECK(cuParamSetv(fg, (int)off[0], &dout, sizeof(dout)));
	CHECK(cuParamSeti(fg, (int)off[1], width));
	short tag = 7;
	CHECK(cuParamSetv(fg, (int)off[2], &tag, sizeof(tag)));
	double scale = 2.0;
	CHECK(cuParamSetv(fg, (int)off[3], &scale, sizeof(scale)));
	CHECK(cuParamSetSize(fg, (unsigned int)(off[3] + size[3])));
	CHECK(cuLaunchGrid(fg, (width + 31) / 32, rows));
	CHECK(cuMemcpyDtoH(hout, dout, sizeof(hout)));
	for (int r = 0; r < rows; r++)
		for (int x = 0; x < width; x++)
			expect(hout[r * width + x] == 7 + 2 * (r * 1000 + x), "cuLaunchGrid over cuParamSet*");

	// stream memory operations: s2's copy waits for the flag s1 writes after its kernel
	CUstream s1, s2;
	CUdeviceptr flag;
	CHECK(cuStreamCreate(&s1, CU_STREAM_NON_BLOCKING));
	CHECK(cuStreamCreate(&s2, CU_STREAM_NON_BLOCKING));
	CHECK(cuMemAlloc(&flag, sizeof(unsigned int)));
	CHECK(cuMemsetD32(flag, 0, 1));
	a1 = 1.0f, b1 = 5.0f;
	CHECK(cuLaunchKernel(fa, (n + 127) / 128, 1, 1, 128, 1, 1, 0, s1, args, NULL));
	CHECK(cuStreamWriteValue32(s1, flag, 1, 0));
	CHECK(cuStreamWaitValue32(s2, flag, 1, CU_STREAM_WAIT_VALUE_EQ));
	CHECK(cuMemcpyDtoHAsync(hy, dy, sizeof(hy), s2));
	CHECK(cuStreamSynchronize(s2));
	for (int i = 0; i < n; i++)
		expect(hy[i] == 6.0f, "the copy after the wait sees the kernel before the write");

	// cuLaunchKernelEx with a cooperative attribute; cuMemsetD32 fetched by name
	CUlaunchAttribute attr;
	memset(&attr, 0, sizeof(attr));
	attr.id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE, attr.value.cooperative = 1;
	CUlaunchConfig cfg;
	memset(&cfg, 0, sizeof(cfg));
	cfg.gridDimX = cfg.gridDimY = cfg.gridDimZ = 1;	// a cooperative grid fits the device: one block
	cfg.blockDimX = 1024, cfg.blockDimY = cfg.blockDimZ = 1, cfg.hStream = s1, cfg.attrs = &attr, cfg.numAttrs = 1;
	a1 = 2.0f, b1 = 0.0f;
	CHECK(cuLaunchKernelEx(&cfg, fa, args, NULL));
	CHECK(cuStreamSynchronize(s1));
	CHECK(cuMemcpyDtoH(hy, dy, sizeof(hy)));
	for (int i = 0; i < n; i++)
		expect(hy[i] == 12.0f, "cuLaunchKernelEx");
	void *fn = NULL;
	CUdriverProcAddressQueryResult q;
	CHECK(cuGetProcAddress("cuMemsetD32", &fn, 12000, CU_GET_PROC_ADDRESS_DEFAULT, &q));
	expect(fn != NULL && q == CU_GET_PROC_ADDRESS_SUCCESS, "cuGetProcAddress");
	if (fn) {
		CHECK(((CUresult(*)(CUdeviceptr, unsigned int, size_t))fn)(dout, 42u, 1));
		int first = 0;
		CHECK(cuMemcpyDtoH(&first, dout, sizeof(first)));
		expect(first == 42, "the fetched cuMemsetD32");
	}

	CHECK(cuStreamDestroy(s1));
	CHECK(cuStreamDestroy(s2));
	CHECK(cuMemFree(flag));
	CHECK(cuMemFree(dout));
	CHECK(cuMemFree(dy));
	printf("%d failures\n", failures);
	printf(failures ? "FAILED\n" : "PASS\n");
	return failures != 0;
}
