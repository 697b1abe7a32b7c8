// Unified memory: cudaMallocManaged buffers written on the host, updated by
// kernels, read back on the host after cudaDeviceSynchronize, a managed
// struct with a pointer inside, and a __managed__ global counter.
#include <cstdio>
#include <cuda_runtime.h>

struct List {
	int n;
	int *items;
};

__managed__ int g_calls = 0;

__global__ void square_all(List *l)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < l->n)
		l->items[i] *= l->items[i];
	if (i == 0)
		g_calls++;
}

int main()
{
	List *l;
	cudaMallocManaged(&l, sizeof(List));
	l->n = 1000;
	cudaMallocManaged(&l->items, l->n * sizeof(int), cudaMemAttachGlobal);
	for (int i = 0; i < l->n; i++)
		l->items[i] = i % 100 - 50;
	square_all<<<(l->n + 127) / 128, 128>>>(l);
	cudaDeviceSynchronize();
	square_all<<<(l->n + 127) / 128, 128>>>(l);
	cudaDeviceSynchronize();
	bool ok = g_calls == 2;
	for (int i = 0; i < l->n; i++) {
		long long v = (long long)(i % 100 - 50) * (i % 100 - 50);
		if (l->items[i] != (int)(v * v)) {
			printf("items[%d] = %d\n", i, l->items[i]);
			ok = false;
			break;
		}
	}
	cudaFree(l->items);
	cudaFree(l);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
