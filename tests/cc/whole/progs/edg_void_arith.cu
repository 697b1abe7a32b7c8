// Arithmetic on `void *`, as public code walks packed buffers: nvcc accepts
// it with a warning (#1143-D) and counts bytes, as GNU C does; clang++
// rejects it.  idxgen-cc casts the pointer to `char *` and the result back
// to `void *` (lib/cc/edg_compat.c), in a kernel, a __device__ helper and
// host code, `const void *` included; a void * variable moved by `+=` and
// `-=` in device code.  (nvcc rejects `++`/`--` on a void *, and `+=` in
// host code, and the difference of two void *: not written here.)  (The difference of two `void *` is an
// error in nvcc too: not written here, and it stays clang's error.)
// The results are checked against the host's own arithmetic on char *.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define N 256
#define RECORD 12	// bytes: int key, float value, float weight

__device__ float weighted(const void *record)
{
	const void *field = record;
	field += sizeof(int);
	const float *value = (const float *)field;
	const float *weight = (const float *)(record + 2 * sizeof(float));
	return *value * *weight;
}

__global__ void unpack(const void *records, float *out, int *keys, long *span, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		const void *r = records + (size_t)i * RECORD;
		keys[i] = *(const int *)r;
		out[i] = weighted(r);
	}
	if (i == 0)
		*span = (long)((const char *)(records + (size_t)n * RECORD) - (const char *)records);
}

// A void * variable walked through the records (nvcc's device pass warns,
// its host pass rejects these updates).
__global__ void walk_bytes(void *base, long *pos)
{
	void *walk = base;
	walk += RECORD;	// record 1
	void *before = walk;
	walk -= 4;	// record 0's weight
	walk += 2, walk -= 2;
	pos[0] = (char *)walk - (char *)base;
	pos[1] = (char *)before - (char *)base;
}

int main()
{
	static char host[N * RECORD];
	void *base = host;
	for (int i = 0; i < N; i++) {
		int key = 1000 + i;
		float value = 0.5f * i, weight = 1.0f + (i % 4);
		memcpy(base + i * RECORD, &key, sizeof(key));
		memcpy(base + i * RECORD + 4, &value, sizeof(value));
		memcpy(base + i * RECORD + 8, &weight, sizeof(weight));
	}
	void *d_records;
	float *d_out;
	int *d_keys;
	long *d_span;
	cudaMalloc(&d_records, sizeof(host));
	cudaMalloc(&d_out, N * sizeof(float));
	cudaMalloc(&d_keys, N * sizeof(int));
	cudaMalloc(&d_span, sizeof(long));
	// two halves, the second at a byte offset from a void *
	cudaMemcpy(d_records, host, sizeof(host) / 2, cudaMemcpyHostToDevice);
	cudaMemcpy(d_records + sizeof(host) / 2, host + sizeof(host) / 2, sizeof(host) / 2, cudaMemcpyHostToDevice);
	unpack<<<(N + 63) / 64, 64>>>(d_records, d_out, d_keys, d_span, N);
	float out[N];
	int keys[N];
	long span = 0;
	cudaMemcpy(out, d_out, sizeof(out), cudaMemcpyDeviceToHost);
	cudaMemcpy(keys, d_keys, sizeof(keys), cudaMemcpyDeviceToHost);
	cudaMemcpy(&span, d_span, sizeof(span), cudaMemcpyDeviceToHost);
	int bad = span != (long)sizeof(host);
	long pos[2] = { -1, -1 }, *d_pos;
	cudaMalloc(&d_pos, sizeof(pos));
	walk_bytes<<<1, 1>>>(d_records, d_pos);
	cudaMemcpy(pos, d_pos, sizeof(pos), cudaMemcpyDeviceToHost);
	if (pos[0] != RECORD - 4 || pos[1] != RECORD) {
		printf("walk at %ld, before at %ld\n", pos[0], pos[1]);
		bad++;
	}
	for (int i = 0; i < N; i++) {
		float want = (0.5f * i) * (1.0f + (i % 4));
		if (keys[i] != 1000 + i || out[i] != want) {
			if (bad < 5)
				printf("record %d: key %d value %g, expected %d %g\n", i, keys[i], out[i], 1000 + i, want);
			bad++;
		}
	}
	printf("span %ld bytes\n", span);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad ? 1 : 0;
}
