// A block-sum helper with __syncthreads() inlined into two kernels, one of
// which runs as fibers for a reason of its own (a loop left by `break` on
// the block's sum, around the helper's barriers): its call stays a call and
// the helper's definition stays for it; the other kernel keeps the inlined
// text and loop fission, and so does the file's warp-shuffle kernel.
// Before, the fallback sent the whole file back without warp.c: the
// shuffle kernel and the other caller ran as fibers too (whole.c keep_calls).
#define BLOCK 64

__device__ float block_sum(float v)
{
	__shared__ float part[BLOCK];

	part[threadIdx.x] = v;
	__syncthreads();
	for (unsigned s = BLOCK / 2; s > 0; s /= 2) {
		if (threadIdx.x < s)
			part[threadIdx.x] += part[threadIdx.x + s];
		__syncthreads();
	}
	float r = part[0];
	__syncthreads();
	return r;
}

__global__ void row_sums(const float *in, float *out)
{
	float total = block_sum(in[blockIdx.x * BLOCK + threadIdx.x]);

	if (threadIdx.x == 0)
		out[blockIdx.x] = total;
}
// MODEL: kernel row_sums: fission
// CXX: __idxgen_a{{[0-9]+}}_0{{.*}} = (in[blockIdx.x * BLOCK + threadIdx.x]);

__global__ void halve_until(float *data, float limit)
{
	int i = blockIdx.x * BLOCK + threadIdx.x;
	float v = data[i];

	for (int it = 0; it < 16; it++) {
		float total = block_sum(v);
		if (total < limit)
			break;
		v *= 0.5f;
	}
	data[i] = v;
}
// MODEL: kernel halve_until: fibers (calls 'block_sum', which suspends the thread (a barrier, warp-level function or cooperative group in it); with it inlined: loop fission cannot run it: break out of a loop that contains __syncthreads() is not supported)
// CXX: float total = block_sum(v);

__global__ void warp_totals(const float *in, float *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float v = in[i];

	for (int o = 16; o > 0; o /= 2)
		v += __shfl_down_sync(0xffffffffu, v, o);
	if (threadIdx.x % 32 == 0)
		out[i / 32] = v;
}
// MODEL: kernel warp_totals: fission
