// A warp helper (a compare-exchange step over __shfl_xor_sync) called through
// a macro from one __device__ function and directly from another, as
// register-sort headers write their networks.  warp.c's try at lowering
// it for loop fission reparses text that does not compile; the kernel then
// runs as fibers and the build succeeds -- it printed that reparse's
// "error: use of undeclared identifier 'step'" all the same (whole.sh
// fails a build that exits 0 with an error line).  Against a host model.
#include <stdio.h>

__device__ __forceinline__ void step(int &key, int mask)
{
	key = min(key, __shfl_xor_sync(0xffffffffu, key, mask));
}

#define STEP(j) step(key, (j))

__device__ void sort_pairs(int &key)
{
	STEP(1);
}

__device__ void mirror(int &a, int &b)
{
	b = __shfl_sync(0xffffffffu, b, 31 - (threadIdx.x & 31));
	step(a, 2);
}

__global__ void kernel(int *o)
{
	int key = o[threadIdx.x], b = key;

	sort_pairs(key);
	mirror(key, b);
	o[threadIdx.x] = key + b;
}

int main(void)
{
	int *d, h[64], bad = 0;

	for (int i = 0; i < 64; i++)
		h[i] = (i * 37) % 101;
	cudaMalloc(&d, sizeof(h));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	kernel<<<1, 64>>>(d);
	int in[64];
	for (int i = 0; i < 64; i++)
		in[i] = h[i];
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < 64; i++) {
		int w = i - i % 32, l = i % 32, v[32];

		for (int j = 0; j < 32; j++)
			v[j] = in[w + j] < in[w + (j ^ 1)] ? in[w + j] : in[w + (j ^ 1)];
		int a = v[l ^ 2] < v[l] ? v[l ^ 2] : v[l];
		if (h[i] != a + in[w + 31 - l] && bad++ < 5)
			printf("thread %d: %d, want %d\n", i, h[i], a + in[w + 31 - l]);
	}
	cudaFree(d);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
