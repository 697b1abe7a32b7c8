// Lock step (lib/cc/lockstep.c): two shapes the walk took for hazards that
// are none, so their kernels ran as fibers (issue 38, thirteenth session).
//
// max_tree: the block max tree reads in the `&&` of its guard.  Every lane
// that stores m[t] has t < k; every m[t + k] the condition reads is at k or
// above, whichever lane read it, so no store is to an element another lane
// read (helper_barrier_shfl.cu's block_max).  The guard counts on t telling
// the lanes of a warp apart: two bodies (lockstep_shape.cu).
//
// histo: `atomicAdd(f + b, .25f)` on a __shared__ array f: the address
// f + b reads no memory (it counted as a read of f, after the last turn's
// atomics stored to f, whole/progs/shared_atomics.cu's histo).
#define N 256

__global__ void max_tree(const int *in, int *out)
{
	__shared__ int m[N];
	unsigned t = threadIdx.x;

	m[t] = in[blockIdx.x * N + t];
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k /= 2) {
		if (t < k && m[t + k] > m[t])
			m[t] = m[t + k];
		__syncthreads();
	}
	if (t == 0)
		out[blockIdx.x] = m[0];
}

__global__ void histo(const unsigned char *buf, long size, unsigned *hist, float *quarters)
{
	__shared__ unsigned temp[256];
	__shared__ float f[4];
	unsigned tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);

	temp[tid] = 0;
	if (tid < 4)
		f[tid] = 0;
	__syncthreads();
	for (long i = tid + blockIdx.x * (long)N; i < size; i += N * (long)gridDim.x) {
		atomicAdd(&temp[buf[i]], 1u);
		atomicAdd(f + (buf[i] & 3), 0.25f);
	}
	__syncthreads();
	atomicAdd(&hist[tid], temp[tid]);
	if (tid < 4)
		atomicAdd(&quarters[tid], f[tid]);
}

// the same reads where the guard proves nothing: the store is to an element
// another lane may have read (k + 1 - t), the lanes meet before it
__global__ void not_apart(int *out)
{
	__shared__ int m[N];
	unsigned t = threadIdx.x;

	m[t] = t;
	__syncthreads();
	if (t < 16 && m[16 - t] > m[t]) {
		m[t] = 1;
	}
	out[t] = m[t];
}

// MODEL: kernel max_tree: fission, fibers when blockDim.x < 32 && blockDim.y * blockDim.z > 1 (line 24 counts on threadIdx.x telling the lanes of a warp apart)
// MODEL: kernel histo: fission{{$}}
// MODEL: kernel not_apart: fibers (line 61 
// CXX-LABEL: static void max_tree__block(
// CXX-NOT: __idxgen_cc_lockstep
// CXX: const struct idxgen_rt_kernel max_tree__kernel
// CXX-LABEL: static void histo__block(
// CXX-NOT: __idxgen_cc_lockstep
// CXX: const struct idxgen_rt_kernel histo__kernel
// CXX: void not_apart(
// CXX: if (t < 16 && m[(int32_t)(16 - t)] > m[t]) {
// CXX-NEXT: __idxgen_cc_lockstep(1); m[t] = 1;
