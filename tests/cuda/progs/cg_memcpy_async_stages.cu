// Block sums of a long array streamed through shared memory in two stages,
// as the CUDA programming guide's cg::memcpy_async examples write it: the
// block copies the next chunk with cg::memcpy_async (the element-count
// form: destination and source counts, the last chunk short) while it sums
// the current one, cg::wait_prior<1> waits for all but the latest copy, and
// the first copy takes the byte form with cuda::aligned_size_t<16>.  Each
// warp sums its part with __shfl_down_sync, warp 0 adds the warp sums.
// Host reference in plain C.
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cuda/barrier>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define CHUNK 256

__device__ float warp_sum(float v)
{
	for (int o = 16; o > 0; o >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, o);
	return v;
}

__global__ void stream_sum(const float *in, size_t per_block, float *out)
{
	cg::thread_block tb = cg::this_thread_block();
	__shared__ __align__(16) float stage[2][CHUNK];
	__shared__ float warp_part[32];
	const float *src = in + blockIdx.x * per_block;
	float acc = 0.0f;
	int s = 0;

	cg::memcpy_async(tb, stage[0], src, cuda::aligned_size_t<16>(sizeof(float) * CHUNK));
	for (size_t done = 0; done < per_block; done += CHUNK, s ^= 1) {
		size_t next = done + CHUNK;
		if (next < per_block)
			cg::memcpy_async(tb, stage[s ^ 1], CHUNK, src + next, per_block - next);
		if (next < per_block)
			cg::wait_prior<1>(tb);
		else
			cg::wait(tb);
		size_t have = per_block - done < CHUNK ? per_block - done : CHUNK;
		for (size_t i = threadIdx.x; i < have; i += blockDim.x)
			acc += stage[s][i];
		tb.sync();	/* stage[s] is read before the copy after next overwrites it */
	}
	acc = warp_sum(acc);
	if (threadIdx.x % 32 == 0)
		warp_part[threadIdx.x / 32] = acc;
	tb.sync();
	if (threadIdx.x < 32) {
		float v = threadIdx.x < blockDim.x / 32 ? warp_part[threadIdx.x] : 0.0f;
		v = warp_sum(v);
		if (threadIdx.x == 0)
			out[blockIdx.x] = v;
	}
}

int main()
{
	const int blocks = 4;
	const size_t per_block = 5 * CHUNK + 72;	/* the last chunk is short */
	const size_t n = blocks * per_block;
	float *h = new float[n], out[blocks], *d_in, *d_out;
	int bad = 0;

	for (size_t i = 0; i < n; i++)
		h[i] = (float)((i * 7) % 23) - 11.0f;
	cudaMalloc(&d_in, n * sizeof(float));
	cudaMalloc(&d_out, sizeof(out));
	cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice);
	stream_sum<<<blocks, 128>>>(d_in, per_block, d_out);
	cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
	for (int b = 0; b < blocks; b++) {
		double want = 0;
		for (size_t i = 0; i < per_block; i++)
			want += h[b * per_block + i];
		if (out[b] != (float)want && bad++ < 5)
			printf("block %d: %f, want %f\n", b, out[b], want);
	}
	cudaFree(d_in);
	cudaFree(d_out);
	delete[] h;
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
