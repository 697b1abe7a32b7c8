// Graph memory nodes as the graph-memory samples use them (issue 44): graphs
// that allocate with cudaGraphAddMemAllocNode, run a kernel that waits a
// number of device clock cycles (as samples stretch a graph's run time) and
// fills the allocation, copy it out and free it with cudaGraphAddMemFreeNode;
// graphs that allocate and never free; launches of such graphs in a loop on
// one stream and on several; cudaDeviceGraphMemTrim and the footprint
// attributes (cudaDeviceGetGraphMemAttribute) read back after each step.
//
// What is checked is what CUDA documents: an allocation node's address is
// fixed when the node is made and kept by every launch; it is backed (and
// counted) from the first launch that reaches the node, not before; memory of an
// allocation no graph freed stays valid (and counted) until cudaFree, even
// across a trim; a trim gives back what no graph is using, so once every
// allocation is freed and no graph runs, nothing stays counted; high marks
// are at least the current values and only reset to zero; the reserved
// amount is at least the used one.  Every result is checked against a loop
// on the host.  Timings are printed, never compared.
//
// usage: graph_mem_footprint [-bytes=N] [-wait_us=N]   (defaults: 256 KiB, 1;
// the sample's sizes are -bytes=67108864 -wait_us=5: 32,768 blocks of 512
// threads, whose waits a CPU runs one after another, about 84 s a launch)
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <cuda_runtime.h>

#define NUM_GRAPHS	  4
#define THREADS_PER_BLOCK 512
#define LAUNCHES	  3

static int passed, failed;

static void check(bool ok, const char *what)
{
	printf("%s: %s\n", ok ? "ok" : "FAILED", what);
	ok ? ++passed : ++failed;
}

#define CHECK(x)                                                                                   \
	do {                                                                                       \
		cudaError_t e_ = (x);                                                              \
		if (e_ != cudaSuccess) {                                                           \
			printf("%s:%d %s: %s\nFAILED\n", __FILE__, __LINE__, #x,                   \
			       cudaGetErrorName(e_));                                              \
			exit(1);                                                                   \
		}                                                                                  \
	} while (0)

static unsigned long long graph_mem(cudaGraphMemAttributeType attr)
{
	unsigned long long v = 0;
	CHECK(cudaDeviceGetGraphMemAttribute(0, attr, &v));
	return v;
}

static double seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

// Waits `cycles` of the device clock, then writes its element: value i + tag.
__global__ void waitAndFill(float *out, int n, clock_t cycles, int tag)
{
	clock_t start = clock();
	while (clock() - start < cycles)
		;
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = (float)i + (float)tag;
}

static void allocParams(cudaMemAllocNodeParams *p, size_t bytes)
{
	memset(p, 0, sizeof(*p));
	p->bytesize = bytes;
	p->poolProps.allocType = cudaMemAllocationTypePinned;
	p->poolProps.location.type = cudaMemLocationTypeDevice;
	p->poolProps.location.id = 0;
}

static cudaGraphNode_t addKernel(cudaGraph_t g, cudaGraphNode_t dep, float **buf, int *n,
				 clock_t *cycles, int *tag)
{
	cudaKernelNodeParams k;
	cudaGraphNode_t node;
	void *args[4] = {buf, n, cycles, tag};

	memset(&k, 0, sizeof(k));
	k.func = (void *)waitAndFill;
	k.gridDim = dim3((*n + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK);
	k.blockDim = dim3(THREADS_PER_BLOCK);
	k.kernelParams = args;
	CHECK(cudaGraphAddKernelNode(&node, g, &dep, 1, &k));
	return node;
}

// alloc -> kernel -> copy out -> free: the allocation lives inside one launch
static cudaGraphExec_t allocFreeGraph(size_t bytes, clock_t cycles, int tag, float *hostOut,
				      float **dptr)
{
	cudaGraph_t g;
	cudaGraphNode_t alloc, kern, copy, fr;
	cudaMemAllocNodeParams p;
	cudaGraphExec_t exec;
	int n = (int)(bytes / sizeof(float));

	CHECK(cudaGraphCreate(&g, 0));
	allocParams(&p, bytes);
	CHECK(cudaGraphAddMemAllocNode(&alloc, g, NULL, 0, &p));
	*dptr = (float *)p.dptr;
	kern = addKernel(g, alloc, dptr, &n, &cycles, &tag);
	CHECK(cudaGraphAddMemcpyNode1D(&copy, g, &kern, 1, hostOut, *dptr, bytes,
				       cudaMemcpyDeviceToHost));
	CHECK(cudaGraphAddMemFreeNode(&fr, g, &copy, 1, *dptr));
	CHECK(cudaGraphInstantiate(&exec, g, NULL, NULL, 0));
	CHECK(cudaGraphDestroy(g));
	return exec;
}

// alloc -> kernel, never freed in the graph: the program frees it
static cudaGraphExec_t allocOnlyGraph(size_t bytes, clock_t cycles, int tag, float **dptr)
{
	cudaGraph_t g;
	cudaGraphNode_t alloc;
	cudaMemAllocNodeParams p;
	cudaGraphExec_t exec;
	int n = (int)(bytes / sizeof(float));

	CHECK(cudaGraphCreate(&g, 0));
	allocParams(&p, bytes);
	CHECK(cudaGraphAddMemAllocNode(&alloc, g, NULL, 0, &p));
	*dptr = (float *)p.dptr;
	addKernel(g, alloc, dptr, &n, &cycles, &tag);
	CHECK(cudaGraphInstantiate(&exec, g, NULL, NULL, 0));
	CHECK(cudaGraphDestroy(g));
	return exec;
}

static bool filled(const float *v, int n, int tag)
{
	for (int i = 0; i < n; i++)
		if (v[i] != (float)i + (float)tag)
			return false;
	return true;
}

// the attributes' documented order: high >= current, reserved >= used
static void checkMarks(const char *when)
{
	char what[160];
	unsigned long long used = graph_mem(cudaGraphMemAttrUsedMemCurrent);
	unsigned long long usedHigh = graph_mem(cudaGraphMemAttrUsedMemHigh);
	unsigned long long reserved = graph_mem(cudaGraphMemAttrReservedMemCurrent);
	unsigned long long reservedHigh = graph_mem(cudaGraphMemAttrReservedMemHigh);

	snprintf(what, sizeof(what),
		 "%s: used %llu <= used high %llu, reserved %llu >= used, <= reserved high %llu",
		 when, used, usedHigh, reserved, reservedHigh);
	check(used <= usedHigh && reserved >= used && reserved <= reservedHigh, what);
}

static size_t optionValue(int argc, char **argv, const char *name, size_t fallback)
{
	size_t len = strlen(name);
	for (int i = 1; i < argc; i++)
		if (argv[i][0] == '-' && !strncmp(argv[i] + 1, name, len) &&
		    argv[i][1 + len] == '=')
			return (size_t)strtoull(argv[i] + 2 + len, NULL, 10);
	return fallback;
}

int main(int argc, char **argv)
{
	size_t bytes = optionValue(argc, argv, "bytes", 1 << 18);
	size_t waitUs = optionValue(argc, argv, "wait_us", 1);
	int n = (int)(bytes / sizeof(float)), clockRate = 0;
	cudaStream_t streams[NUM_GRAPHS];
	cudaGraphExec_t execs[NUM_GRAPHS];
	float *dptrs[NUM_GRAPHS], *hostOut[NUM_GRAPHS];
	char what[160];
	double t0;

	CHECK(cudaDeviceGetAttribute(&clockRate, cudaDevAttrClockRate, 0));
	clock_t cycles = (clock_t)((double)waitUs / 1000.0 * clockRate);
	printf(
	    "%zu bytes per allocation, %d blocks of %d threads, each waiting %zu us (%ld cycles)\n",
	    bytes, (n + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK, THREADS_PER_BLOCK, waitUs,
	    (long)cycles);
	CHECK(cudaDeviceGraphMemTrim(0));
	check(graph_mem(cudaGraphMemAttrUsedMemCurrent) == 0, "no graph memory before any graph");

	// one stream, graphs that free what they allocate, each launched LAUNCHES times
	for (int g = 0; g < NUM_GRAPHS; g++) {
		CHECK(cudaMallocHost(&hostOut[g], bytes));
		execs[g] = allocFreeGraph(bytes, cycles, 10 * g, hostOut[g], &dptrs[g]);
		CHECK(cudaStreamCreateWithFlags(&streams[g], cudaStreamNonBlocking));
	}
	bool distinct = true;
	for (int a = 0; a < NUM_GRAPHS; a++)
		for (int b = a + 1; b < NUM_GRAPHS; b++)
			distinct = distinct && dptrs[a] != dptrs[b];
	check(distinct, "allocation nodes of graphs that exist together have distinct addresses");
	check(graph_mem(cudaGraphMemAttrUsedMemCurrent) == 0,
	      "graphs made and instantiated, none launched: no memory counted yet");
	t0 = seconds();
	for (int l = 0; l < LAUNCHES; l++)
		for (int g = 0; g < NUM_GRAPHS; g++) {
			memset(hostOut[g], 0, bytes);
			CHECK(cudaGraphLaunch(execs[g], streams[0]));
			CHECK(cudaStreamSynchronize(streams[0]));
			snprintf(what, sizeof(what),
				 "launch %d of graph %d: the kernel's values copied out", l, g);
			check(filled(hostOut[g], n, 10 * g), what);
		}
	printf("one stream: %d launches in %.3f s\n", LAUNCHES * NUM_GRAPHS, seconds() - t0);
	checkMarks("after the launches on one stream");

	// the same graphs on a stream each, all queued before any wait
	t0 = seconds();
	for (int g = 0; g < NUM_GRAPHS; g++) {
		memset(hostOut[g], 0, bytes);
		CHECK(cudaGraphLaunch(execs[g], streams[g]));
	}
	for (int g = 0; g < NUM_GRAPHS; g++) {
		CHECK(cudaStreamSynchronize(streams[g]));
		snprintf(what, sizeof(what),
			 "graph %d on its own stream: the kernel's values copied out", g);
		check(filled(hostOut[g], n, 10 * g), what);
	}
	printf("%d streams: %d launches in %.3f s\n", NUM_GRAPHS, NUM_GRAPHS, seconds() - t0);
	checkMarks("after the launches on several streams");
	CHECK(cudaDeviceGraphMemTrim(0));
	check(graph_mem(cudaGraphMemAttrUsedMemCurrent) == 0 &&
		  graph_mem(cudaGraphMemAttrReservedMemCurrent) == 0,
	      "after a trim with every allocation freed by its graph: nothing used or reserved");
	for (int g = 0; g < NUM_GRAPHS; g++)
		CHECK(cudaGraphExecDestroy(execs[g]));

	// graphs that never free: the memory stays valid and counted until cudaFree
	unsigned long long highBefore = graph_mem(cudaGraphMemAttrUsedMemHigh);
	for (int g = 0; g < NUM_GRAPHS; g++)
		execs[g] = allocOnlyGraph(bytes, cycles, 100 + g, &dptrs[g]);
	for (int g = 0; g < NUM_GRAPHS; g++) {
		CHECK(cudaGraphLaunch(execs[g], streams[0]));
		CHECK(cudaStreamSynchronize(streams[0]));
		snprintf(what, sizeof(what), "%d unfreed allocations: used %llu >= %zu", g + 1,
			 graph_mem(cudaGraphMemAttrUsedMemCurrent), (g + 1) * bytes);
		check(graph_mem(cudaGraphMemAttrUsedMemCurrent) >= (g + 1) * bytes, what);
	}
	check(graph_mem(cudaGraphMemAttrUsedMemHigh) >= NUM_GRAPHS * bytes &&
		  graph_mem(cudaGraphMemAttrUsedMemHigh) >= highBefore,
	      "the used high mark covers the unfreed allocations");
	CHECK(cudaDeviceGraphMemTrim(0));
	check(graph_mem(cudaGraphMemAttrUsedMemCurrent) >= NUM_GRAPHS * bytes,
	      "a trim keeps allocations no one freed");
	for (int g = 0; g < NUM_GRAPHS; g++) {
		CHECK(cudaMemcpy(hostOut[g], dptrs[g], bytes, cudaMemcpyDeviceToHost));
		snprintf(what, sizeof(what),
			 "unfreed allocation %d still holds its kernel's values after the trim", g);
		check(filled(hostOut[g], n, 100 + g), what);
	}
	checkMarks("with the unfreed allocations");
	for (int g = 0; g < NUM_GRAPHS; g++)
		CHECK(cudaFree(dptrs[g]));
	CHECK(cudaDeviceGraphMemTrim(0));
	check(graph_mem(cudaGraphMemAttrUsedMemCurrent) == 0 &&
		  graph_mem(cudaGraphMemAttrReservedMemCurrent) == 0,
	      "freed with cudaFree and trimmed: nothing used or reserved, the executable graphs "
	      "still there");

	// high marks reset only to zero; afterwards they follow the current values
	unsigned long long zero = 0, one = 1;
	check(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemHigh, &one) ==
		  cudaErrorInvalidValue,
	      "a high mark set to 1: cudaErrorInvalidValue");
	cudaGetLastError();
	CHECK(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrUsedMemHigh, &zero));
	CHECK(cudaDeviceSetGraphMemAttribute(0, cudaGraphMemAttrReservedMemHigh, &zero));
	check(graph_mem(cudaGraphMemAttrUsedMemHigh) < NUM_GRAPHS * bytes,
	      "the used high mark reset");
	checkMarks("after the reset");

	for (int g = 0; g < NUM_GRAPHS; g++) {
		CHECK(cudaGraphExecDestroy(execs[g]));
		CHECK(cudaStreamDestroy(streams[g]));
		CHECK(cudaFreeHost(hostOut[g]));
	}
	printf("%d passed, %d failed\n", passed, failed);
	printf("%s\n", failed ? "FAILED" : "PASSED");
	return failed ? 1 : 0;
}
