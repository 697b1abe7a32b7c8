// __trap() in device code, as a pointer-chasing benchmark guards a walk
// that must never reach the end of its list.  On CUDA the kernel stops and
// the launch fails with cudaErrorLaunchFailure, a sticky error: every later
// call returns it; the process goes on.  The second kernel reaches __trap()
// from a block-reduction helper with a barrier (run as fibers): both models.
#include <cstdio>
#include <cuda_runtime.h>

struct Node {
	Node *next;
	int value;
};

__global__ void chase(Node *list, int steps, int *sink)
{
	Node *p = list;
	for (int s = 0; s < steps; s++)
		p = p->next;
	if (p == nullptr)
		__trap();
	if (threadIdx.x == 0)
		sink[blockIdx.x] = p->value;
}

__device__ int block_sum(int *buf, int v)
{
	buf[threadIdx.x] = v;
	__syncthreads();
	for (int s = blockDim.x / 2; s > 0; s >>= 1) {
		if (threadIdx.x < s)
			buf[threadIdx.x] += buf[threadIdx.x + s];
		__syncthreads();
	}
	return buf[0];
}

__global__ void checked_sum(const int *in, int *out, int limit)
{
	__shared__ int buf[128];
	int total = block_sum(buf, in[blockIdx.x * blockDim.x + threadIdx.x]);
	if (total > limit)
		__trap();
	if (threadIdx.x == 0)
		out[blockIdx.x] = total;
}

static int failures;

static void expect(const char *what, cudaError_t got, cudaError_t want)
{
	if (got != want) {
		printf("%s: %s, expected %s\n", what, cudaGetErrorName(got), cudaGetErrorName(want));
		failures++;
	}
}

int main()
{
	const int n = 16, blocks = 4, threads = 128;
	Node *list;
	int *sink, *in, *out;
	cudaMallocManaged(&list, n * sizeof(Node));
	cudaMallocManaged(&sink, blocks * sizeof(int));
	cudaMallocManaged(&in, blocks * threads * sizeof(int));
	cudaMallocManaged(&out, blocks * sizeof(int));
	for (int i = 0; i < n; i++) {
		list[i].next = i + 1 < n ? &list[i + 1] : nullptr;
		list[i].value = 10 * i;
	}
	for (int i = 0; i < blocks * threads; i++)
		in[i] = i % 7;

	chase<<<blocks, 32>>>(list, n - 1, sink);
	expect("chase within the list", cudaDeviceSynchronize(), cudaSuccess);
	for (int b = 0; b < blocks; b++)
		if (sink[b] != 10 * (n - 1)) {
			printf("sink[%d] = %d\n", b, sink[b]);
			failures++;
		}
	checked_sum<<<blocks, threads>>>(in, out, 1 << 20);
	expect("sum under the limit", cudaDeviceSynchronize(), cudaSuccess);
	for (int b = 0; b < blocks; b++) {
		int want = 0;
		for (int t = 0; t < threads; t++)
			want += in[b * threads + t];
		if (out[b] != want) {
			printf("out[%d] = %d, expected %d\n", b, out[b], want);
			failures++;
		}
	}

	// past the end of the list: __trap()
	chase<<<blocks, 32>>>(list, n, sink);
	expect("chase past the end", cudaDeviceSynchronize(), cudaErrorLaunchFailure);
	expect("cudaGetLastError after", cudaGetLastError(), cudaErrorLaunchFailure);
	expect("cudaMemset after", cudaMemset(out, 0, sizeof(int)), cudaErrorLaunchFailure);
	checked_sum<<<blocks, threads>>>(in, out, 0);
	expect("launch after", cudaDeviceSynchronize(), cudaErrorLaunchFailure);

	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures ? 1 : 0;
}
