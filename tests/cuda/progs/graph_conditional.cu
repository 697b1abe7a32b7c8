// Conditional graph nodes as CUDA 12.4+'s conditional-node samples use
// them: a kernel upstream sets the handle (cudaGraphSetConditional), an
// if node runs its body or not, a while loop is built inside a stream
// capture (cudaStreamGetCaptureInfo, cudaGraphAddNode into the capturing
// graph, cudaStreamUpdateCaptureDependencies, the body captured with
// cudaStreamBeginCaptureToGraph) and relaunched with its default value, a
// switch picks one of four bodies; every result against a loop on the host.
#include <cstdio>
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

const int N = 4096, THREADS = 256;

// the if node's condition: is the sum of v odd?  (one block sums)
__global__ void odd_sum(const int *v, int n, cudaGraphConditionalHandle handle)
{
	__shared__ int s[THREADS];
	int acc = 0;
	for (int i = threadIdx.x; i < n; i += blockDim.x)
		acc += v[i];
	s[threadIdx.x] = acc;
	__syncthreads();
	for (int w = blockDim.x / 2; w > 0; w /= 2) {
		if (threadIdx.x < w)
			s[threadIdx.x] += s[threadIdx.x + w];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		cudaGraphSetConditional(handle, s[0] & 1);
}

__global__ void add_const(int *v, int n, int c)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] += c;
}

// one step of the loop: halve every element; loop again while any is non-zero
__global__ void halve(int *v, int n, int *nonzero)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		v[i] /= 2;
		if (v[i])
			atomicOr(nonzero, 1);
	}
}

__global__ void loop_again(int *nonzero, int *steps, cudaGraphConditionalHandle handle)
{
	cudaGraphSetConditional(handle, *nonzero ? 1 : 0);
	*nonzero = 0;
	(*steps)++;
}

__global__ void pick_case(const int *v, cudaGraphConditionalHandle handle)
{
	cudaGraphSetConditional(handle, (unsigned)v[0] % 4u);
}

static cudaGraphNode_t kernel_node(cudaGraph_t g, const cudaGraphNode_t *deps, size_t ndeps,
				   void *func, int blocks, int threads, void **args)
{
	cudaGraphNodeParams p = {cudaGraphNodeTypeKernel};
	p.kernel.func = func;
	p.kernel.gridDim = dim3(blocks);
	p.kernel.blockDim = dim3(threads);
	p.kernel.kernelParams = args;
	cudaGraphNode_t node = NULL;
	if (cudaGraphAddNode(&node, g, deps, NULL, ndeps, &p) != cudaSuccess)
		return NULL;
	return node;
}

static int check(const char *what, const int *dv, const int *want, int n)
{
	static int got[N];
	cudaMemcpy(got, dv, n * sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		if (got[i] != want[i]) {
			printf("%s: element %d is %d, expected %d\n", what, i, got[i], want[i]);
			return 0;
		}
	printf("%s: ok\n", what);
	return 1;
}

int main()
{
	static int h[N], ref[N];
	int *d, *nonzero, *steps;
	int blocks = (N + THREADS - 1) / THREADS, n = N, ok = 1;
	cudaStream_t stream;
	CHECK(cudaStreamCreate(&stream));
	CHECK(cudaMalloc(&d, N * sizeof(int)));
	CHECK(cudaMalloc(&nonzero, sizeof(int)));
	CHECK(cudaMalloc(&steps, sizeof(int)));

	// if: add 7 when the sum is odd; launched twice (odd, then even after the add)
	for (int i = 0; i < N; i++)
		h[i] = ref[i] = (i * 37) % 101 + (i == 5);
	CHECK(cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice));
	cudaGraph_t graph;
	CHECK(cudaGraphCreate(&graph, 0));
	cudaGraphConditionalHandle if_handle;
	CHECK(cudaGraphConditionalHandleCreate(&if_handle, graph));
	void *sum_args[] = {&d, &n, &if_handle};
	cudaGraphNode_t sum_node = kernel_node(graph, NULL, 0, (void *)odd_sum, 1, THREADS, sum_args);
	cudaGraphNodeParams cparams = {cudaGraphNodeTypeConditional};
	cparams.conditional.handle = if_handle;
	cparams.conditional.type = cudaGraphCondTypeIf;
	cparams.conditional.size = 1;
	cudaGraphNode_t if_node;
	CHECK(cudaGraphAddNode(&if_node, graph, &sum_node, NULL, 1, &cparams));
	int seven = 7;
	void *add_args[] = {&d, &n, &seven};
	if (!kernel_node(cparams.conditional.phGraph_out[0], NULL, 0, (void *)add_const, blocks,
			 THREADS, add_args)) {
		printf("no body node\nFAIL\n");
		return 1;
	}
	cudaGraphExec_t exec;
	CHECK(cudaGraphInstantiate(&exec, graph, 0));
	for (int launch = 0; launch < 2; launch++) {
		long long sum = 0;
		for (int i = 0; i < N; i++)
			sum += ref[i];
		if (sum & 1)
			for (int i = 0; i < N; i++)
				ref[i] += 7;
		CHECK(cudaGraphLaunch(exec, stream));
	}
	CHECK(cudaStreamSynchronize(stream));
	ok &= check("if node", d, ref, N);
	CHECK(cudaGraphExecDestroy(exec));
	CHECK(cudaGraphDestroy(graph));

	// while, built inside a capture: halve until every element is zero
	CHECK(cudaMemset(nonzero, 0, sizeof(int)));
	CHECK(cudaMemset(steps, 0, sizeof(int)));
	CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeGlobal));
	cudaStreamCaptureStatus status;
	cudaGraph_t captured;
	const cudaGraphNode_t *deps;
	size_t ndeps;
	CHECK(cudaStreamGetCaptureInfo(stream, &status, NULL, &captured, &deps, NULL, &ndeps));
	cudaGraphConditionalHandle loop_handle;
	CHECK(cudaGraphConditionalHandleCreate(&loop_handle, captured, 1, cudaGraphCondAssignDefault));
	cudaGraphNodeParams wparams = {cudaGraphNodeTypeConditional};
	wparams.conditional.handle = loop_handle;
	wparams.conditional.type = cudaGraphCondTypeWhile;
	wparams.conditional.size = 1;
	cudaGraphNode_t while_node;
	CHECK(cudaGraphAddNode(&while_node, captured, deps, NULL, ndeps, &wparams));
	CHECK(cudaStreamUpdateCaptureDependencies(stream, &while_node, NULL, 1,
						  cudaStreamSetCaptureDependencies));
	cudaStream_t body_stream;
	CHECK(cudaStreamCreate(&body_stream));
	CHECK(cudaStreamBeginCaptureToGraph(body_stream, wparams.conditional.phGraph_out[0], NULL,
					    NULL, 0, cudaStreamCaptureModeGlobal));
	halve<<<blocks, THREADS, 0, body_stream>>>(d, N, nonzero);
	loop_again<<<1, 1, 0, body_stream>>>(nonzero, steps, loop_handle);
	CHECK(cudaStreamEndCapture(body_stream, NULL));
	CHECK(cudaStreamEndCapture(stream, &graph));
	CHECK(cudaGraphInstantiate(&exec, graph, 0));
	int want_steps = 0;
	for (int launch = 0; launch < 2; launch++) {
		for (int i = 0; i < N; i++)
			h[i] = ref[i] = (i * 7919 + launch * 13) % 65536;
		CHECK(cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice));
		int any = 1;
		while (any) {  // the body runs once more after the last element reaches zero
			any = 0;
			for (int i = 0; i < N; i++) {
				ref[i] /= 2;
				any |= ref[i] != 0;
			}
			want_steps++;
		}
		CHECK(cudaGraphLaunch(exec, stream));
		CHECK(cudaStreamSynchronize(stream));
		ok &= check("while node", d, ref, N);
	}
	int got_steps = 0;
	CHECK(cudaMemcpy(&got_steps, steps, sizeof(int), cudaMemcpyDeviceToHost));
	printf("while node: %d steps in two launches (expected %d)\n", got_steps, want_steps);
	ok &= got_steps == want_steps;
	CHECK(cudaGraphExecDestroy(exec));
	CHECK(cudaGraphDestroy(graph));
	CHECK(cudaStreamDestroy(body_stream));

	// switch: v[0] % 4 picks which constant every element gets
	CHECK(cudaGraphCreate(&graph, 0));
	cudaGraphConditionalHandle sw_handle;
	CHECK(cudaGraphConditionalHandleCreate(&sw_handle, graph, 0, 0));
	void *pick_args[] = {&d, &sw_handle};
	cudaGraphNode_t pick = kernel_node(graph, NULL, 0, (void *)pick_case, 1, 1, pick_args);
	cudaGraphNodeParams sparams = {cudaGraphNodeTypeConditional};
	sparams.conditional.handle = sw_handle;
	sparams.conditional.type = cudaGraphCondTypeSwitch;
	sparams.conditional.size = 4;
	cudaGraphNode_t sw_node;
	CHECK(cudaGraphAddNode(&sw_node, graph, &pick, NULL, 1, &sparams));
	int consts[4] = {1, 2, 3, 5};  // cases 3, 0, 1 in turn from v[0] = 3
	void *case_args[4][3];
	for (int c = 0; c < 4; c++) {
		case_args[c][0] = &d, case_args[c][1] = &n, case_args[c][2] = &consts[c];
		kernel_node(sparams.conditional.phGraph_out[c], NULL, 0, (void *)add_const, blocks,
			    THREADS, case_args[c]);
	}
	CHECK(cudaGraphInstantiate(&exec, graph, 0));
	for (int i = 0; i < N; i++)
		h[i] = ref[i] = i + 3;
	CHECK(cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice));
	for (int launch = 0; launch < 3; launch++) {
		int add = consts[(unsigned)ref[0] % 4u];
		for (int i = 0; i < N; i++)
			ref[i] += add;
		CHECK(cudaGraphLaunch(exec, stream));
	}
	CHECK(cudaStreamSynchronize(stream));
	ok &= check("switch node", d, ref, N);
	CHECK(cudaGraphExecDestroy(exec));
	CHECK(cudaGraphDestroy(graph));

	CHECK(cudaFree(d));
	CHECK(cudaFree(nonzero));
	CHECK(cudaFree(steps));
	CHECK(cudaStreamDestroy(stream));
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
