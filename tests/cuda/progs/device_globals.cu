// File-scope __device__ variables: a counter updated with atomics, a table
// written by one kernel and read by the next, a static __device__ array, and
// the host side through cudaMemcpyToSymbol/FromSymbol and
// cudaGetSymbolAddress.
#include <cstdio>
#include <cuda_runtime.h>

#define TABLE 64

__device__ int d_count;
__device__ unsigned int d_table[TABLE];
static __device__ float d_bias = 1.5f;
__device__ int d_limit = 100;

__global__ void fill_table()
{
	int i = threadIdx.x;
	if (i < TABLE)
		d_table[i] = (unsigned)(i * i) % 97u;
}

__global__ void count_and_apply(const int *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int v = in[i];
	if (v < d_limit)
		atomicAdd(&d_count, 1);
	out[i] = (float)d_table[v % TABLE] + d_bias;
}

int main()
{
	const int n = 1000;
	int *h_in = new int[n];
	float *h_out = new float[n];
	for (int i = 0; i < n; i++)
		h_in[i] = (i * 7919) % 251;
	int *d_in;
	float *d_out;
	cudaMalloc(&d_in, n * sizeof(int));
	cudaMalloc(&d_out, n * sizeof(float));
	cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice);

	int zero = 0;
	cudaMemcpyToSymbol(d_count, &zero, sizeof(int));
	int limit = 0;
	cudaMemcpyFromSymbol(&limit, d_limit, sizeof(int));
	limit += 20; // 120
	cudaMemcpyToSymbol(d_limit, &limit, sizeof(int));

	fill_table<<<1, TABLE>>>();
	count_and_apply<<<(n + 127) / 128, 128>>>(d_in, d_out, n);

	int count = -1;
	cudaMemcpyFromSymbol(&count, d_count, sizeof(int));
	cudaMemcpy(h_out, d_out, n * sizeof(float), cudaMemcpyDeviceToHost);

	// The table through its device address, as a plain device pointer.
	unsigned *table_ptr = nullptr;
	cudaGetSymbolAddress((void **)&table_ptr, d_table);
	unsigned h_table[TABLE];
	cudaMemcpy(h_table, table_ptr, sizeof(h_table), cudaMemcpyDeviceToHost);

	bool ok = true;
	int want = 0;
	for (int i = 0; i < n; i++) {
		if (h_in[i] < 120)
			want++;
		float w = (float)((unsigned)((h_in[i] % TABLE) * (h_in[i] % TABLE)) % 97u) + 1.5f;
		if (h_out[i] != w) {
			printf("out[%d] = %f, want %f\n", i, h_out[i], w);
			ok = false;
			break;
		}
	}
	for (int i = 0; i < TABLE; i++)
		ok &= h_table[i] == (unsigned)(i * i) % 97u;
	if (count != want) {
		printf("count %d, want %d\n", count, want);
		ok = false;
	}
	cudaFree(d_in);
	cudaFree(d_out);
	delete[] h_in;
	delete[] h_out;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
