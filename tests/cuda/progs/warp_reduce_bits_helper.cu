// The sm_80 bit reductions __reduce_and_sync, __reduce_or_sync and
// __reduce_xor_sync (unsigned only) in a __device__ helper with two
// returns, called on both sides of a lane-divergent branch, each side
// naming its own lanes, after some lanes returned (the mask from
// __ballot_sync before the return): per-side xor checksums and or^and
// summaries of a warp's keys.  Runs as fibers.  Checked against a host
// reference.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__device__ unsigned side_summary(unsigned v, unsigned lanes, bool odd)
{
	if (odd)
		return __reduce_xor_sync(lanes, v);
	return __reduce_or_sync(lanes, v) ^ __reduce_and_sync(lanes, v);
}

__global__ void warp_sides(const unsigned *keys, unsigned *out, unsigned skip)
{
	unsigned g = blockIdx.x * blockDim.x + threadIdx.x, lane = threadIdx.x % 32, v = keys[g];
	bool leave = v % skip == 0;
	unsigned live = __ballot_sync(0xffffffffu, !leave);

	if (leave) {
		out[g] = 0xdeadu;
		return;
	}
	if (lane % 2)
		out[g] = side_summary(v, live & 0xaaaaaaaau, true);
	else
		out[g] = side_summary(v, live & 0x55555555u, false);
}

static unsigned lcg(unsigned *s)
{
	*s = *s * 1664525u + 1013904223u;
	return *s >> 4;
}

int main()
{
	const unsigned n = 512, skip = 5;
	unsigned *h_in = (unsigned *)malloc(n * sizeof(unsigned)), *h_out = (unsigned *)malloc(n * sizeof(unsigned));
	unsigned s = 7, bad = 0;
	unsigned *d_in, *d_out;

	for (unsigned i = 0; i < n; i++)
		h_in[i] = lcg(&s) & (i % 3 ? 0x0f0f0f3fu : 0xffffffffu);
	cudaMalloc(&d_in, n * sizeof(unsigned));
	cudaMalloc(&d_out, n * sizeof(unsigned));
	cudaMemcpy(d_in, h_in, n * sizeof(unsigned), cudaMemcpyHostToDevice);
	warp_sides<<<n / 64, 64>>>(d_in, d_out, skip);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("FAIL: launch\n");
		return 1;
	}
	cudaMemcpy(h_out, d_out, n * sizeof(unsigned), cudaMemcpyDeviceToHost);
	for (unsigned i = 0; i < n; i++) {
		unsigned w = i / 32, want, o = 0, an = ~0u, x = 0;

		if (h_in[i] % skip == 0) {
			want = 0xdeadu;
		} else {
			for (unsigned l = i % 2; l < 32; l += 2) {
				unsigned v = h_in[w * 32 + l];

				if (v % skip == 0)
					continue;
				o |= v;
				an &= v;
				x ^= v;
			}
			want = i % 2 ? x : o ^ an;
		}
		if (h_out[i] != want) {
			if (bad < 8)
				printf("thread %u: %08x, want %08x\n", i, h_out[i], want);
			bad++;
		}
	}
	cudaFree(d_in);
	cudaFree(d_out);
	free(h_in);
	free(h_out);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
