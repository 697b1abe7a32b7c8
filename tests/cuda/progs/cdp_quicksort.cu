// nvcc-flags: -rdc=true
// Dynamic parallelism in the style of the vendor's quicksort samples: a
// one-thread kernel partitions its range and launches itself on each side,
// each child in a stream it creates with cudaStreamNonBlocking and destroys
// after the launch; below a size or at a depth it sorts its range by
// selection instead.  Checked against the host's std::sort of the same data.
// Also: a parent block's __shared__ array is intact after a child grid of a
// kernel with its own __shared__ array ran (a child's shared memory is its
// own), and launches nested deeper than CUDA's 24 levels fail with
// cudaErrorLaunchMaxDepthExceeded, seen by device code's cudaGetLastError.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>
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

#define MAX_DEPTH 12
#define INSERTION_SORT 16

__device__ int g_launch_errors = 0;

__device__ void selection_sort(unsigned int *data, int left, int right)
{
	for (int i = left; i <= right; ++i) {
		unsigned int min_val = data[i];
		int min_idx = i;

		for (int j = i + 1; j <= right; ++j)
			if (data[j] < min_val) {
				min_idx = j;
				min_val = data[j];
			}
		if (i != min_idx) {
			data[min_idx] = data[i];
			data[i] = min_val;
		}
	}
}

__global__ void quicksort(unsigned int *data, int left, int right, int depth)
{
	if (depth >= MAX_DEPTH || right - left <= INSERTION_SORT) {
		selection_sort(data, left, right);
		return;
	}
	unsigned int *lptr = data + left, *rptr = data + right;
	unsigned int pivot = data[(left + right) / 2];

	while (lptr <= rptr) {
		unsigned int lval = *lptr, rval = *rptr;

		while (lval < pivot) {
			lptr++;
			lval = *lptr;
		}
		while (rval > pivot) {
			rptr--;
			rval = *rptr;
		}
		if (lptr <= rptr) {
			*lptr++ = rval;
			*rptr-- = lval;
		}
	}
	int nright = rptr - data, nleft = lptr - data;

	if (left < nright) {
		cudaStream_t s;
		cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
		quicksort<<<1, 1, 0, s>>>(data, left, nright, depth + 1);
		if (cudaGetLastError() != cudaSuccess)
			atomicAdd(&g_launch_errors, 1);
		cudaStreamDestroy(s);
	}
	if (nleft < right) {
		cudaStream_t s;
		cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking);
		quicksort<<<1, 1, 0, s>>>(data, nleft, right, depth + 1);
		if (cudaGetLastError() != cudaSuccess)
			atomicAdd(&g_launch_errors, 1);
		cudaStreamDestroy(s);
	}
}

/* A child with __shared__ memory of its own: it fills it and sums it. */
__global__ void shared_child(int *sum)
{
	__shared__ int buf[64];

	buf[threadIdx.x] = 1000 + threadIdx.x;
	__syncthreads();
	if (threadIdx.x == 0) {
		int s = 0;
		for (int i = 0; i < 64; i++)
			s += buf[i];
		*sum = s;
	}
}

/* The parent's __shared__ array, checked after its thread 0's child grid ran. */
__global__ void shared_parent(int *sums, int *intact)
{
	__shared__ int buf[64];

	buf[threadIdx.x] = blockIdx.x * 64 + threadIdx.x;
	__syncthreads();
	if (threadIdx.x == 0)
		shared_child<<<1, 64>>>(&sums[blockIdx.x]);
	__syncthreads();
	if (buf[threadIdx.x] == (int)(blockIdx.x * 64 + threadIdx.x))
		atomicAdd(intact, 1);
}

/* Launches itself until a launch fails: the depth reached and the failure. */
__global__ void deep(int depth, int *max_depth, int *err)
{
	atomicMax(max_depth, depth);
	deep<<<1, 1>>>(depth + 1, max_depth, err);
	cudaError_t e = cudaGetLastError();
	if (e != cudaSuccess)
		*err = (int)e;
}

int main(int argc, char **argv)
{
	const int n = argc > 1 ? atoi(argv[1]) : 4096;
	std::vector<unsigned int> h(n), ref;
	unsigned int *d, x = 12345;
	int *sums, *intact, *max_depth, *err, errors = 0, bad = 0;

	for (int i = 0; i < n; i++) {
		x = x * 1103515245u + 12345u;
		h[i] = (x >> 8) % 10000;	/* repeated values too */
	}
	ref = h;
	std::sort(ref.begin(), ref.end());
	checkErrors(cudaDeviceSetLimit(cudaLimitDevRuntimeSyncDepth, MAX_DEPTH));
	checkErrors(cudaMalloc(&d, n * sizeof(unsigned int)));
	checkErrors(cudaMemcpy(d, h.data(), n * sizeof(unsigned int), cudaMemcpyHostToDevice));
	quicksort<<<1, 1>>>(d, 0, n - 1, 0);
	checkErrors(cudaGetLastError());
	checkErrors(cudaDeviceSynchronize());
	checkErrors(cudaMemcpy(h.data(), d, n * sizeof(unsigned int), cudaMemcpyDeviceToHost));
	checkErrors(cudaMemcpyFromSymbol(&errors, g_launch_errors, sizeof(int)));
	for (int i = 0; i < n; i++)
		bad += h[i] != ref[i];
	printf("quicksort of %d values: %d differ from std::sort, %d launches failed\n", n, bad, errors);

	const int blocks = 8;
	int h_sums[blocks], h_intact = 0, h_max = -1, h_err = 0, sum_bad = 0;
	checkErrors(cudaMallocManaged(&sums, blocks * sizeof(int)));
	checkErrors(cudaMallocManaged(&intact, sizeof(int)));
	checkErrors(cudaMemset(intact, 0, sizeof(int)));
	shared_parent<<<blocks, 64>>>(sums, intact);
	checkErrors(cudaGetLastError());
	checkErrors(cudaDeviceSynchronize());
	checkErrors(cudaMemcpy(h_sums, sums, sizeof(h_sums), cudaMemcpyDeviceToHost));
	checkErrors(cudaMemcpy(&h_intact, intact, sizeof(int), cudaMemcpyDeviceToHost));
	for (int b = 0; b < blocks; b++)
		sum_bad += h_sums[b] != 64 * 1000 + 63 * 64 / 2;
	printf("shared memory: %d of %d parent elements intact, %d child sums wrong\n", h_intact, blocks * 64, sum_bad);

	checkErrors(cudaMallocManaged(&max_depth, sizeof(int)));
	checkErrors(cudaMallocManaged(&err, sizeof(int)));
	*max_depth = -1;
	*err = 0;
	deep<<<1, 1>>>(0, max_depth, err);
	checkErrors(cudaGetLastError());
	checkErrors(cudaDeviceSynchronize());
	h_max = *max_depth;
	h_err = *err;
	printf("nesting: depth %d reached, then %s\n", h_max, cudaGetErrorName((cudaError_t)h_err));

	bool ok = !bad && !errors && h_intact == blocks * 64 && !sum_bad && h_max == 24 &&
		  h_err == (int)cudaErrorLaunchMaxDepthExceeded;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
