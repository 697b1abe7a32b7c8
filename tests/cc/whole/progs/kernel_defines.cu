// Macros defined inside a kernel's body, as some benchmark kernels size
// their per-thread arrays: `#define` between statements, used after it,
// across a barrier; and a macro scoped to one kernel with #undef at its end.
// Loop fission rewrites the body from its statements, so the directives
// must survive it: defined over the kernel's code, gone after an #undef.
#include <cstdio>

#define BLOCK 128

__global__ void best_of_rows(const float *in, float *best, int *where)
{
#define NR 2
	__shared__ float tile[BLOCK * NR];
	float top[NR];
	int at[NR];

	for (int i = 0; i < NR; i++) {
		tile[threadIdx.x * NR + i] = in[(blockIdx.x * BLOCK + threadIdx.x) * NR + i];
		top[i] = -1.0f;
		at[i] = -1;
	}
	__syncthreads();
	for (int j = 0; j < BLOCK; j++)
		for (int i = 0; i < NR; i++) {
			float v = tile[j * NR + i] * (float)((threadIdx.x + j) % 7);
			if (v > top[i]) {
				top[i] = v;
				at[i] = j;
			}
		}
	for (int i = 0; i < NR; i++) {
		best[(blockIdx.x * BLOCK + threadIdx.x) * NR + i] = top[i];
		where[(blockIdx.x * BLOCK + threadIdx.x) * NR + i] = at[i];
	}
}

__global__ void scaled(float *v)
{
#define SCALE(x) ((x) * 3.0f + 1.0f)
	__shared__ float s[BLOCK];
	s[threadIdx.x] = v[blockIdx.x * BLOCK + threadIdx.x];
	__syncthreads();
	v[blockIdx.x * BLOCK + threadIdx.x] = SCALE(s[BLOCK - 1 - threadIdx.x]);
#undef SCALE
}

int main()
{
	const int blocks = 3, n = blocks * BLOCK;
	static float in[n * NR], best[n * NR], v[n], v0[n];
	static int where[n * NR];
	float *d_in, *d_best, *d_v;
	int *d_where;

	for (int i = 0; i < n * NR; i++)
		in[i] = (float)((i * 29) % 53);
	for (int i = 0; i < n; i++)
		v0[i] = v[i] = (float)(i % 11);
	cudaMalloc(&d_in, sizeof(in));
	cudaMalloc(&d_best, sizeof(best));
	cudaMalloc(&d_where, sizeof(where));
	cudaMalloc(&d_v, sizeof(v));
	cudaMemcpy(d_in, in, sizeof(in), cudaMemcpyHostToDevice);
	cudaMemcpy(d_v, v, sizeof(v), cudaMemcpyHostToDevice);
	best_of_rows<<<blocks, BLOCK>>>(d_in, d_best, d_where);
	scaled<<<blocks, BLOCK>>>(d_v);
	cudaMemcpy(best, d_best, sizeof(best), cudaMemcpyDeviceToHost);
	cudaMemcpy(where, d_where, sizeof(where), cudaMemcpyDeviceToHost);
	cudaMemcpy(v, d_v, sizeof(v), cudaMemcpyDeviceToHost);

	bool ok = true;
#ifdef SCALE
	ok = false;	/* the kernel took it away */
#endif
	for (int b = 0; b < blocks; b++)
		for (int t = 0; t < BLOCK; t++)
			for (int i = 0; i < NR; i++) {
				float top = -1.0f;
				int at = -1;
				for (int j = 0; j < BLOCK; j++) {
					float x = in[(b * BLOCK + j) * NR + i] * (float)((t + j) % 7);
					if (x > top) {
						top = x;
						at = j;
					}
				}
				ok &= best[(b * BLOCK + t) * NR + i] == top && where[(b * BLOCK + t) * NR + i] == at;
			}
	for (int b = 0; b < blocks; b++)
		for (int t = 0; t < BLOCK; t++)
			ok &= v[b * BLOCK + t] == v0[b * BLOCK + BLOCK - 1 - t] * 3.0f + 1.0f;
	cudaFree(d_in);
	cudaFree(d_best);
	cudaFree(d_where);
	cudaFree(d_v);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return !ok;
}
