// CUDA graphs as the graph samples use them: a sequence of kernels and
// copies captured from a stream (with a fork into a second stream and a
// join by events), the same work built node by node with cudaGraphAdd*,
// host functions in the graph and in streams (cudaLaunchHostFunc,
// cudaStreamAddCallback), the executable graph relaunched in a loop with
// a kernel parameter changed in place (cudaGraphExecKernelNodeSetParams),
// and every result checked against a loop on the host.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define CHECK(x)                                                               \
	do {                                                                   \
		cudaError_t e_ = (x);                                          \
		if (e_ != cudaSuccess) {                                       \
			printf("%s:%d %s: %s\nFAIL\n", __FILE__, __LINE__, #x, \
			       cudaGetErrorName(e_));                          \
			return 1;                                              \
		}                                                              \
	} while (0)

const int N = 1 << 14, THREADS = 256;

__global__ void init(float *v, int n, float base)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] = base + (float)(i % 97);
}

__global__ void scale(float *v, int n, float f)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] *= f;
}

__global__ void add(const float *a, const float *b, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = a[i] + b[i];
}

// per-block sums, then one block adds them up
__global__ void block_sum(const float *in, float *partial, int n)
{
	__shared__ float s[THREADS];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	s[threadIdx.x] = i < n ? in[i] : 0.0f;
	__syncthreads();
	for (int w = blockDim.x / 2; w > 0; w /= 2) {
		if (threadIdx.x < w)
			s[threadIdx.x] += s[threadIdx.x + w];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		partial[blockIdx.x] = s[0];
}

struct HostLog {
	int graph_calls;
	int callbacks;
	double seen;
	const float *result;
};

void CUDART_CB after_graph(void *data)
{
	HostLog *log = (HostLog *)data;
	log->graph_calls++;
	log->seen = *log->result;
}

void CUDART_CB stream_done(cudaStream_t, cudaError_t status, void *data)
{
	if (status == cudaSuccess)
		((HostLog *)data)->callbacks++;
}

// what the device work computes: sum over i of (a_base + i%97) * fa + (b_base + i%97) * fb
static double expected(float a_base, float fa, float b_base, float fb)
{
	double sum = 0;
	for (int i = 0; i < N; i++)
		sum += (double)((a_base + (float)(i % 97)) * fa + (b_base + (float)(i % 97)) * fb);
	return sum;
}

static bool close_to(double got, double want)
{
	double d = got > want ? got - want : want - got;
	return d <= 1e-4 * (want > 0 ? want : -want) + 1e-3;
}

int main()
{
	const int blocks = N / THREADS;
	float *a, *b, *c, *partial, *total, *h_total;
	CHECK(cudaMalloc(&a, N * sizeof(float)));
	CHECK(cudaMalloc(&b, N * sizeof(float)));
	CHECK(cudaMalloc(&c, N * sizeof(float)));
	CHECK(cudaMalloc(&partial, blocks * sizeof(float)));
	CHECK(cudaMalloc(&total, sizeof(float)));
	CHECK(cudaMallocHost(&h_total, sizeof(float)));

	cudaStream_t s1, s2;
	CHECK(cudaStreamCreateWithFlags(&s1, cudaStreamNonBlocking));
	CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
	cudaEvent_t forked, joined;
	CHECK(cudaEventCreateWithFlags(&forked, cudaEventDisableTiming));
	CHECK(cudaEventCreateWithFlags(&joined, cudaEventDisableTiming));
	HostLog log = { 0, 0, 0.0, h_total };
	bool ok = true;

	// 1. capture: a in s1, b in s2 (forked by an event), joined back into s1
	cudaGraph_t graph;
	CHECK(cudaStreamBeginCapture(s1, cudaStreamCaptureModeGlobal));
	CHECK(cudaEventRecord(forked, s1));
	CHECK(cudaStreamWaitEvent(s2, forked, 0));
	init<<<blocks, THREADS, 0, s1>>>(a, N, 1.0f);
	scale<<<blocks, THREADS, 0, s1>>>(a, N, 2.0f);
	init<<<blocks, THREADS, 0, s2>>>(b, N, 3.0f);
	CHECK(cudaEventRecord(joined, s2));
	CHECK(cudaStreamWaitEvent(s1, joined, 0));
	add<<<blocks, THREADS, 0, s1>>>(a, b, c, N);
	block_sum<<<blocks, THREADS, 0, s1>>>(c, partial, N);
	block_sum<<<1, THREADS, 0, s1>>>(partial, total, blocks);
	CHECK(cudaMemcpyAsync(h_total, total, sizeof(float), cudaMemcpyDeviceToHost, s1));
	CHECK(cudaLaunchHostFunc(s1, after_graph, &log));
	CHECK(cudaStreamEndCapture(s1, &graph));

	size_t nodes = 0;
	CHECK(cudaGraphGetNodes(graph, nullptr, &nodes));
	printf("captured graph: %zu nodes\n", nodes);
	ok &= nodes == 8;	// 6 kernels, 1 copy, 1 host function: events make no nodes
	cudaGraphExec_t exec;
	CHECK(cudaGraphInstantiate(&exec, graph, 0));
	for (int it = 0; it < 3; it++)
		CHECK(cudaGraphLaunch(exec, s1));
	CHECK(cudaStreamAddCallback(s1, stream_done, &log, 0));
	CHECK(cudaStreamSynchronize(s1));
	double want = expected(1.0f, 2.0f, 3.0f, 1.0f);
	printf("captured: sum %.1f, host function ran %d times, callback %d\n", log.seen,
	       log.graph_calls, log.callbacks);
	ok &= close_to(log.seen, want) && log.graph_calls == 3 && log.callbacks == 1;

	// 2. the same work node by node, the scale factor changed in the exec
	cudaGraph_t manual;
	CHECK(cudaGraphCreate(&manual, 0));
	int n = N;
	float base_a = 1.0f, base_b = 3.0f, f = 2.0f;
	int nblocks = blocks;
	void *init_a[] = { &a, &n, &base_a }, *init_b[] = { &b, &n, &base_b };
	void *scale_a[] = { &a, &n, &f }, *add_ab[] = { &a, &b, &c, &n };
	void *sum1[] = { &c, &partial, &n }, *sum2[] = { &partial, &total, &nblocks };
	cudaKernelNodeParams p = {};
	p.blockDim = dim3(THREADS);
	p.gridDim = dim3(blocks);
	cudaGraphNode_t n_init_a, n_init_b, n_scale, n_add, n_sum1, n_sum2, n_copy, n_host;
	p.func = (void *)init;
	p.kernelParams = init_a;
	CHECK(cudaGraphAddKernelNode(&n_init_a, manual, nullptr, 0, &p));
	p.kernelParams = init_b;
	CHECK(cudaGraphAddKernelNode(&n_init_b, manual, nullptr, 0, &p));
	p.func = (void *)scale;
	p.kernelParams = scale_a;
	CHECK(cudaGraphAddKernelNode(&n_scale, manual, &n_init_a, 1, &p));
	cudaGraphNode_t both[] = { n_scale, n_init_b };
	p.func = (void *)add;
	p.kernelParams = add_ab;
	CHECK(cudaGraphAddKernelNode(&n_add, manual, both, 2, &p));
	p.func = (void *)block_sum;
	p.kernelParams = sum1;
	CHECK(cudaGraphAddKernelNode(&n_sum1, manual, &n_add, 1, &p));
	p.gridDim = dim3(1);
	p.kernelParams = sum2;
	CHECK(cudaGraphAddKernelNode(&n_sum2, manual, &n_sum1, 1, &p));
	CHECK(cudaGraphAddMemcpyNode1D(&n_copy, manual, &n_sum2, 1, h_total, total, sizeof(float),
				       cudaMemcpyDeviceToHost));
	cudaHostNodeParams hp = {};
	hp.fn = after_graph;
	hp.userData = &log;
	CHECK(cudaGraphAddHostNode(&n_host, manual, &n_copy, 1, &hp));

	cudaGraphExec_t manual_exec;
	CHECK(cudaGraphInstantiate(&manual_exec, manual, 0));
	const float factors[] = { 2.0f, 0.5f, 4.0f };
	for (float factor : factors) {
		f = factor;
		p.func = (void *)scale;
		p.gridDim = dim3(blocks);
		p.kernelParams = scale_a;
		CHECK(cudaGraphExecKernelNodeSetParams(manual_exec, n_scale, &p));
		CHECK(cudaGraphLaunch(manual_exec, s2));
		CHECK(cudaStreamSynchronize(s2));
		double w = expected(1.0f, factor, 3.0f, 1.0f);
		printf("manual graph, scale %.1f: sum %.1f (expected %.1f)\n", factor, log.seen, w);
		ok &= close_to(log.seen, w);
	}
	ok &= log.graph_calls == 6;

	CHECK(cudaGraphExecDestroy(manual_exec));
	CHECK(cudaGraphDestroy(manual));
	CHECK(cudaGraphExecDestroy(exec));
	CHECK(cudaGraphDestroy(graph));
	CHECK(cudaEventDestroy(forked));
	CHECK(cudaEventDestroy(joined));
	CHECK(cudaStreamDestroy(s1));
	CHECK(cudaStreamDestroy(s2));
	CHECK(cudaFree(a));
	CHECK(cudaFree(b));
	CHECK(cudaFree(c));
	CHECK(cudaFree(partial));
	CHECK(cudaFree(total));
	CHECK(cudaFreeHost(h_total));
	printf(ok ? "PASS\n" : "FAIL\n");
	return ok ? 0 : 1;
}
