// Hotspot-style early exits around barriers: threads of the halo load a
// tile, threads outside the grid return before the first barrier, interior
// threads compute after it and the edge threads of the tile return between
// the two barriers of the relaxation loop (exited threads no longer count
// at a barrier, as on Volta and later).  A 1-D heat step repeated in a
// loop inside the block, checked against a host reference.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BLOCK 64
#define HALO 1
#define STEPS 4

__global__ void heat(const float *in, float *out, int n)
{
	__shared__ float t[2][BLOCK];
	int tx = threadIdx.x;
	int g = blockIdx.x * (BLOCK - 2 * HALO * STEPS) + tx - HALO * STEPS;
	if (g < 0 || g >= n)
		return; // outside the domain: before any barrier
	t[0][tx] = in[g];
	__syncthreads();
	int cur = 0;
	for (int s = 1; s <= STEPS; s++) {
		bool edge = tx < s * HALO || tx >= BLOCK - s * HALO || g == 0 || g == n - 1;
		float v = t[cur][tx];
		if (!edge)
			v = 0.25f * t[cur][tx - 1] + 0.5f * t[cur][tx] + 0.25f * t[cur][tx + 1];
		t[1 - cur][tx] = v;
		__syncthreads();
		cur = 1 - cur;
		if (tx < s * HALO && g != 0)
			return; // this step's left edge is done: between barriers
	}
	if (tx >= HALO * STEPS && tx < BLOCK - HALO * STEPS)
		out[g] = t[cur][tx];
}

int main()
{
	const int n = 1000, inner = BLOCK - 2 * HALO * STEPS, nb = (n + inner - 1) / inner;
	float *h = (float *)malloc(n * sizeof(float)), *r = (float *)malloc(n * sizeof(float));
	float *a = (float *)malloc(n * sizeof(float)), *b = (float *)malloc(n * sizeof(float));
	float *d, *dout;
	for (int i = 0; i < n; i++)
		h[i] = a[i] = (float)((i * 7919) % 113);
	for (int s = 0; s < STEPS; s++) {
		for (int i = 0; i < n; i++)
			b[i] = (i == 0 || i == n - 1) ? a[i] : 0.25f * a[i - 1] + 0.5f * a[i] + 0.25f * a[i + 1];
		float *tmp = a;
		a = b;
		b = tmp;
	}
	cudaMalloc(&d, n * sizeof(float));
	cudaMalloc(&dout, n * sizeof(float));
	cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice);
	heat<<<nb, BLOCK>>>(d, dout, n);
	cudaMemcpy(r, dout, n * sizeof(float), cudaMemcpyDeviceToHost);
	int bad = cudaGetLastError() != cudaSuccess;
	for (int i = 0; i < n; i++)
		bad += r[i] != a[i];
	printf("%d wrong\n", bad);
	printf(bad ? "FAIL\n" : "PASS\n");
	return bad != 0;
}
