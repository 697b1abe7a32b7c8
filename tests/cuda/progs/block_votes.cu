// Block-wide votes: __syncthreads_count, __syncthreads_and and
// __syncthreads_or (a barrier that also counts or combines a predicate over
// every thread of the block), in a 2-D block of 24x10 threads, each thread
// writing what it saw so the host checks that all agree.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void votes(const int *in, int *count, int *all, int *any)
{
	int tid = threadIdx.x + threadIdx.y * blockDim.x;
	int bid = blockIdx.x;
	int nt = blockDim.x * blockDim.y;
	int v = in[bid * nt + tid];
	int c = __syncthreads_count(v > 50);
	int a = __syncthreads_and(v >= bid * 10);
	int o = __syncthreads_or(v == 77);
	count[bid * nt + tid] = c;
	all[bid * nt + tid] = a != 0;
	any[bid * nt + tid] = o != 0;
}

int main()
{
	const int bx = 24, by = 10, nt = bx * by, blocks = 4, n = nt * blocks;
	int *h = new int[n], *c = new int[n], *a = new int[n], *o = new int[n];
	for (int b = 0; b < blocks; b++)
		for (int t = 0; t < nt; t++)
			h[b * nt + t] = b == 2 ? 20 + t % 50 : (t * 7 + b) % 101; // block 2: none is 77, all >= 20
	int *d, *dc, *da, *dorr;
	cudaMalloc(&d, n * sizeof(int));
	cudaMalloc(&dc, n * sizeof(int));
	cudaMalloc(&da, n * sizeof(int));
	cudaMalloc(&dorr, n * sizeof(int));
	cudaMemcpy(d, h, n * sizeof(int), cudaMemcpyHostToDevice);
	votes<<<blocks, dim3(bx, by)>>>(d, dc, da, dorr);
	cudaMemcpy(c, dc, n * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(a, da, n * sizeof(int), cudaMemcpyDeviceToHost);
	cudaMemcpy(o, dorr, n * sizeof(int), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int b = 0; b < blocks; b++) {
		int cnt = 0, all = 1, any = 0;
		for (int t = 0; t < nt; t++) {
			int v = h[b * nt + t];
			cnt += v > 50;
			all &= v >= b * 10;
			any |= v == 77;
		}
		for (int t = 0; t < nt; t++) {
			int i = b * nt + t;
			if (c[i] != cnt || a[i] != all || o[i] != any) {
				printf("block %d thread %d: %d %d %d, want %d %d %d\n", b, t, c[i], a[i], o[i], cnt, all, any);
				ok = false;
				break;
			}
		}
	}
	cudaFree(d); cudaFree(dc); cudaFree(da); cudaFree(dorr);
	delete[] h; delete[] c; delete[] a; delete[] o;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
