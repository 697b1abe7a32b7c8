/* Warp-level kernels with closed-form results for the executor's self-test
 * (selftest.cc).  Real CUDA: nvcc -arch=sm_90 -c compiles this file. */

__device__ unsigned int lin(void)
{
	return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}

/* out[t * 8 + k]: butterfly sum, shfl_down sum (lane 0), inclusive scan,
 * ballot, any/all, match_any, reduce_add/min/max, shfl with width 8. */
__global__ void warp_ops(unsigned int *out)
{
	unsigned int t = lin(), lane = t % 32u, full = 0xffffffffu;
	unsigned int x = t, d = t, s = t;

	for (int m = 16; m > 0; m >>= 1)
		x += __shfl_xor_sync(full, x, m);
	for (unsigned int k = 16; k > 0; k >>= 1)
		d += __shfl_down_sync(full, d, k);
	for (unsigned int k = 1; k < 32; k <<= 1) {
		unsigned int y = __shfl_up_sync(full, s, k);
		if (lane >= k)
			s += y;
	}
	unsigned int b = __ballot_sync(full, lane % 3u == 0u);
	int any = __any_sync(full, lane == 7u), all = __all_sync(full, lane < 32u), none = __any_sync(full, lane > 40u);
	unsigned int mm = __match_any_sync(full, lane / 4u);
	__syncwarp();
	out[t * 10u + 0u] = x;
	out[t * 10u + 1u] = lane == 0u ? d : 0u;
	out[t * 10u + 2u] = s;
	out[t * 10u + 3u] = b;
	out[t * 10u + 4u] = (unsigned int)(any * 100 + all * 10 + none);
	out[t * 10u + 5u] = mm;
	out[t * 10u + 6u] = __reduce_add_sync(full, lane);
	out[t * 10u + 7u] = (unsigned int)__reduce_min_sync(full, (int)lane - 5);
	out[t * 10u + 8u] = __reduce_max_sync(full, lane * 3u);
	out[t * 10u + 9u] = __shfl_sync(full, lane, 3, 8);
}

/* Half a warp exchanges under its own mask while the other half does not. */
__global__ void half_warp(unsigned int *out)
{
	unsigned int lane = threadIdx.x % 32u, v = lane * 10u;

	if (lane < 16u)
		v = __shfl_sync(0x0000ffffu, v, 15 - (int)lane);
	out[threadIdx.x] = v;
}

/* The second warp of a 40-thread block has lanes 0-7: lane 13, the source, does not exist
 * (undefined in CUDA: the executor must say that it is, not an error). */
__global__ void absent_lane(unsigned int *out)
{
	out[threadIdx.x] = __shfl_sync(0xffffffffu, threadIdx.x, 13);
}

/* A lane of the mask returned: the executor must say so. */
__global__ void lost_lane(unsigned int *out)
{
	if (threadIdx.x == 5u)
		return;
	out[threadIdx.x] = __shfl_sync(0xffffffffu, threadIdx.x, 0);
}
