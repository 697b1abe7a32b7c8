// __device__ helpers with __syncthreads() that return nothing: results
// through a pointer into __shared__ memory (a reduction thread 0 writes
// out, called in a loop), through pointers to the caller's locals, and in
// place in a __shared__ array (a bitonic sort).  Each is a statement call
// in a kernel, inlined as a block with no result (tests/cuda/progs/
// void_barrier_helpers.cu runs the first two under both models).  The sort,
// once inlined, has a lock-step read lockstep.c cannot prove is this
// lane's own: that kernel gets its call back and runs as fibers, and says
// why.
#define BLOCK 128

__device__ void reduce(int *l_count, int local_cnt, int *l_data)
{
	const int tid = threadIdx.x;

	l_data[tid] = local_cnt;
	__syncthreads();
	for (int s = blockDim.x >> 1; s > 0; s >>= 1) {
		if (tid < s)
			l_data[tid] += l_data[tid + s];
		__syncthreads();
	}
	if (tid == 0)
		*l_count = l_data[0];
}

__global__ void count_above(const int *in, int n, int threshold, int *counts)
{
	__shared__ int l_data[BLOCK];
	__shared__ int l_count[1];
	int total = 0;

	for (int base = 0; base < n; base += BLOCK) {
		int i = base + threadIdx.x;
		reduce(&l_count[0], i < n && in[blockIdx.x * n + i] > threshold, &l_data[0]);
		__syncthreads();
		total += l_count[0];
	}
	if (threadIdx.x == 0)
		counts[blockIdx.x] = total;
}
// MODEL: kernel count_above: fission
// CXX: __idxgen_a{{[0-9]+}}_0_[__t] = (&l_count[0]);
// CXX-NOT: reduce(

__device__ void block_min_max(float v, float *lo, float *hi)
{
	__shared__ float smin[BLOCK], smax[BLOCK];

	smin[threadIdx.x] = v;
	smax[threadIdx.x] = v;
	__syncthreads();
	for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
		if (threadIdx.x < s) {
			smin[threadIdx.x] = fminf(smin[threadIdx.x], smin[threadIdx.x + s]);
			smax[threadIdx.x] = fmaxf(smax[threadIdx.x], smax[threadIdx.x + s]);
		}
		__syncthreads();
	}
	*lo = smin[0];
	*hi = smax[0];
	__syncthreads();
}

__global__ void normalize_rows(float *x)
{
	float lo, hi;
	int i = blockIdx.x * BLOCK + threadIdx.x;

	block_min_max(x[i], &lo, &hi);
	x[i] = hi > lo ? (x[i] - lo) / (hi - lo) : 0.0f;
}
// MODEL: kernel normalize_rows: fission
// CXX-NOT: block_min_max(

__device__ void bitonic_sort(int *values, const int n)
{
	for (int k = 2; k <= n; k <<= 1) {
		for (int j = k >> 1; j > 0; j >>= 1) {
			for (int idx = threadIdx.x; idx < n; idx += blockDim.x) {
				int ixj = idx ^ j;
				if (ixj > idx && (values[idx] > values[ixj]) == ((idx & k) == 0)) {
					int tmp = values[idx];
					values[idx] = values[ixj];
					values[ixj] = tmp;
				}
			}
			__syncthreads();
		}
	}
}

__global__ void sort_rows(int *data, int n)
{
	__shared__ int keys[2 * BLOCK];

	for (int i = threadIdx.x; i < n; i += blockDim.x)
		keys[i] = data[blockIdx.x * n + i];
	__syncthreads();
	bitonic_sort(keys, n);
	for (int i = threadIdx.x; i < n; i += blockDim.x)
		data[blockIdx.x * n + i] = keys[i];
}
// MODEL: kernel sort_rows: fibers (calls 'bitonic_sort', which suspends the thread (a barrier, warp-level function or cooperative group in it); with it inlined: line 100 reads __shared__ memory
// CXX: bitonic_sort(keys, n);
