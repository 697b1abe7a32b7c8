// Helpers with warp operations or barriers called as the unbraced body of
// an if, else or loop (`if (wid == 0) val = warp_sum(val);`, the second
// level of public block sums): inlined as for a statement of a block, all
// of it in braces so that it stays the one statement the if or loop runs.
// Before, loop fission refused such a call ("must be a statement of its
// own") and the kernel ran as fibers.  tests/cc/whole/progs/
// warp_helper_unbraced.cu runs every position under both models.
#define FULL 0xffffffffu

__device__ int warp_sum(int v)
{
	for (int off = 16; off > 0; off >>= 1)
		v += __shfl_down_sync(FULL, v, off);
	return v;
}

__device__ int block_total(int v)
{
	__shared__ int s[128];

	s[threadIdx.x] = v;
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k >>= 1) {
		if (threadIdx.x < k)
			s[threadIdx.x] += s[threadIdx.x + k];
		__syncthreads();
	}
	v = s[0];
	__syncthreads();
	return v;
}

__global__ void block_sum(const int *in, int *out)
{
	__shared__ int part[32];
	int tid = threadIdx.x, lane = tid % 32, wid = tid / 32;
	int val = in[blockIdx.x * blockDim.x + tid];

	val = warp_sum(val);
	if (lane == 0)
		part[wid] = val;
	__syncthreads();
	val = tid < (int)blockDim.x / 32 ? part[lane] : 0;
	if (wid == 0)
		val = warp_sum(val);
	out[blockIdx.x * blockDim.x + tid] = val;
}
// MODEL: kernel block_sum: fission
// CXX-LABEL: block_sum__block(
// CXX-NOT: warp_sum(
// CXX: = __idxgen_p{{[0-9]+}}_[__t] && (wid == 0);

__global__ void rounds(const int *in, int *out, int n)
{
	int v = in[blockIdx.x * blockDim.x + threadIdx.x];

	for (int r = 0; r < n; r++)
		v = block_total(v);
	out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
// MODEL: kernel rounds: fission
// CXX-LABEL: static void rounds__block(
// CXX-NOT: block_total(
// CXX: for (int r = 0; r < n; r++)
// CXX-NEXT: {
