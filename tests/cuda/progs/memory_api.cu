// The memory side of the runtime API: cudaMemset (bytes, not elements),
// cudaMemcpy in all four directions including cudaMemcpyDefault and
// HostToHost, cudaMemcpy2D with pitches, cudaMallocPitch, cudaMemGetInfo,
// freeing nullptr (allowed), and a failing huge allocation that returns
// cudaErrorMemoryAllocation.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void fill_rows(int *base, size_t pitch, int w, int h)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x, y = blockIdx.y;
	if (x < w && y < h) {
		int *row = (int *)((char *)base + y * pitch);
		row[x] = y * 1000 + x;
	}
}

int main()
{
	bool ok = true;
	const int n = 1000;
	unsigned char *d;
	cudaMalloc(&d, n);
	cudaMemset(d, 0xab, n);
	cudaMemset(d + 100, 0x01, 50);
	unsigned char h[n];
	cudaMemcpy(h, d, n, cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		ok &= h[i] == (i >= 100 && i < 150 ? 0x01 : 0xab);

	int a[64], b[64], c[64];
	for (int i = 0; i < 64; i++)
		a[i] = i * i;
	int *d1, *d2;
	cudaMalloc(&d1, sizeof(a));
	cudaMalloc(&d2, sizeof(a));
	cudaMemcpy(d1, a, sizeof(a), cudaMemcpyDefault);
	cudaMemcpy(d2, d1, sizeof(a), cudaMemcpyDeviceToDevice);
	cudaMemcpy(b, d2, sizeof(a), cudaMemcpyDefault);
	cudaMemcpy(c, b, sizeof(a), cudaMemcpyHostToHost);
	ok &= memcmp(a, c, sizeof(a)) == 0;

	const int w = 45, hgt = 9;
	int *dp;
	size_t pitch = 0;
	ok &= cudaMallocPitch((void **)&dp, &pitch, w * sizeof(int), hgt) == cudaSuccess;
	ok &= pitch >= w * sizeof(int);
	fill_rows<<<dim3(1, hgt), 64>>>(dp, pitch, w, hgt);
	int host2d[hgt][w + 3];
	ok &= cudaMemcpy2D(host2d, sizeof(host2d[0]), dp, pitch, w * sizeof(int), hgt, cudaMemcpyDeviceToHost) == cudaSuccess;
	for (int y = 0; y < hgt; y++)
		for (int x = 0; x < w; x++)
			ok &= host2d[y][x] == y * 1000 + x;

	size_t free_b = 0, total_b = 0;
	ok &= cudaMemGetInfo(&free_b, &total_b) == cudaSuccess && total_b > 0 && free_b <= total_b;
	ok &= cudaFree(nullptr) == cudaSuccess;
	void *huge = nullptr;
	cudaError_t e = cudaMalloc(&huge, (size_t)1 << 62);
	ok &= e == cudaErrorMemoryAllocation;
	ok &= cudaGetLastError() == cudaErrorMemoryAllocation; // also recorded as the last error
	ok &= cudaGetLastError() == cudaSuccess;

	cudaFree(d);
	cudaFree(d1);
	cudaFree(d2);
	cudaFree(dp);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
