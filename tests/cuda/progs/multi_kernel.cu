// A pipeline of several kernels over intermediate device buffers, kernels
// sharing __device__ helpers, a kernel launched in a host loop until a
// device-side flag says it converged (or 40 rounds), and cudaMemcpy
// DeviceToDevice.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__device__ __forceinline__ int clampi(int v, int lo, int hi) { return v < lo ? lo : (v > hi ? hi : v); }

__global__ void init(int *a, int n, int seed)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = (i * seed) % 1000;
}

__global__ void smooth(const int *in, int *out, int n, int *changed)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int l = in[clampi(i - 1, 0, n - 1)], c = in[i], r = in[clampi(i + 1, 0, n - 1)];
	int v = (l + 2 * c + r) / 4;
	out[i] = v;
	if (v != c)
		*changed = 1;
}

__global__ void offset(int *a, int n, int by)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		a[i] = clampi(a[i] + by, 0, 999);
}

static void smooth_host(const int *in, int *out, int n, int *changed)
{
	for (int i = 0; i < n; i++) {
		int l = in[i > 0 ? i - 1 : 0], c = in[i], r = in[i < n - 1 ? i + 1 : n - 1];
		out[i] = (l + 2 * c + r) / 4;
		if (out[i] != c)
			*changed = 1;
	}
}

int main(int argc, char **argv)
{
	int n = argc > 1 ? atoi(argv[1]) : 700;
	int *d_a, *d_b, *d_changed;
	cudaMalloc(&d_a, n * sizeof(int));
	cudaMalloc(&d_b, n * sizeof(int));
	cudaMalloc(&d_changed, sizeof(int));
	int threads = 128, blocks = (n + threads - 1) / threads;
	init<<<blocks, threads>>>(d_a, n, 7919);
	offset<<<blocks, threads>>>(d_a, n, 17);
	int iters = 0, changed = 1;
	while (changed && iters < 40) {
		cudaMemset(d_changed, 0, sizeof(int));
		smooth<<<blocks, threads>>>(d_a, d_b, n, d_changed);
		cudaMemcpy(d_a, d_b, n * sizeof(int), cudaMemcpyDeviceToDevice);
		cudaMemcpy(&changed, d_changed, sizeof(int), cudaMemcpyDeviceToHost);
		iters++;
	}
	int *h = (int *)malloc(n * sizeof(int));
	cudaMemcpy(h, d_a, n * sizeof(int), cudaMemcpyDeviceToHost);

	int *ra = (int *)malloc(n * sizeof(int)), *rb = (int *)malloc(n * sizeof(int));
	for (int i = 0; i < n; i++) {
		int v = (i * 7919) % 1000 + 17;
		ra[i] = v > 999 ? 999 : v;
	}
	int riters = 0, rchanged = 1;
	while (rchanged && riters < 40) {
		rchanged = 0;
		smooth_host(ra, rb, n, &rchanged);
		int *t = ra; ra = rb; rb = t;
		riters++;
	}
	bool ok = iters == riters;
	for (int i = 0; i < n && ok; i++)
		ok = h[i] == ra[i];
	printf("%d iterations (reference %d)\n", iters, riters);
	cudaFree(d_a); cudaFree(d_b); cudaFree(d_changed);
	free(h); free(ra); free(rb);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
