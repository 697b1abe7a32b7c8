// The sm_80 bit reductions __reduce_and_sync, __reduce_or_sync and
// __reduce_xor_sync (unsigned only) at a kernel's top level, full warps, as
// public code uses them: the union of a warp's flag words (which features
// any lane saw), their intersection, and an xor checksum (loop fission
// lowers them; warp_reduce_bits_helper.cu has them in a helper, on fibers).
// Checked against a host reference.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void warp_flags(const unsigned *flags, unsigned *any, unsigned *every, unsigned *parity)
{
	unsigned g = blockIdx.x * blockDim.x + threadIdx.x, f = flags[g];
	unsigned u = __reduce_or_sync(0xffffffffu, f);
	unsigned a = __reduce_and_sync(0xffffffffu, f | 0x80000000u);
	unsigned x = __reduce_xor_sync(0xffffffffu, f);

	if (threadIdx.x % 32 == 0) {
		any[g / 32] = u;
		every[g / 32] = a;
		parity[g / 32] = x;
	}
}

static unsigned lcg(unsigned *s)
{
	*s = *s * 1664525u + 1013904223u;
	return *s >> 4;
}

int main()
{
	const unsigned n = 512, warps = n / 32;
	unsigned *h_in = (unsigned *)malloc(n * sizeof(unsigned));
	unsigned h_any[warps], h_every[warps], h_par[warps], s = 7, bad = 0;
	unsigned *d_in, *d_any, *d_every, *d_par;

	for (unsigned i = 0; i < n; i++)
		h_in[i] = lcg(&s) & (i % 3 ? 0x0f0f0f3fu : 0xffffffffu);
	cudaMalloc(&d_in, n * sizeof(unsigned));
	cudaMalloc(&d_any, warps * sizeof(unsigned));
	cudaMalloc(&d_every, warps * sizeof(unsigned));
	cudaMalloc(&d_par, warps * sizeof(unsigned));
	cudaMemcpy(d_in, h_in, n * sizeof(unsigned), cudaMemcpyHostToDevice);
	warp_flags<<<n / 128, 128>>>(d_in, d_any, d_every, d_par);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("FAIL: launch\n");
		return 1;
	}
	cudaMemcpy(h_any, d_any, sizeof(h_any), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_every, d_every, sizeof(h_every), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_par, d_par, sizeof(h_par), cudaMemcpyDeviceToHost);
	for (unsigned w = 0; w < warps; w++) {
		unsigned u = 0, a = ~0u, x = 0;

		for (unsigned l = 0; l < 32; l++) {
			u |= h_in[w * 32 + l];
			a &= h_in[w * 32 + l] | 0x80000000u;
			x ^= h_in[w * 32 + l];
		}
		if (h_any[w] != u || h_every[w] != a || h_par[w] != x) {
			printf("warp %u: or %08x and %08x xor %08x, want %08x %08x %08x\n", w, h_any[w], h_every[w],
			       h_par[w], u, a, x);
			bad++;
		}
	}
	cudaFree(d_in);
	cudaFree(d_any);
	cudaFree(d_every);
	cudaFree(d_par);
	free(h_in);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
