// Sizes and expressions spelled through macros, as the PolyBench-GPU and
// Rodinia programs write them:
//  - loop bounds and guards through a macro whose argument is a macro
//    (`k < PB_NK`, `PB_NK` being `LOOP_BOUND(NK, nk)`): the C++ stopped
//    before the macro and did not compile;
//  - variables that live across __syncthreads() named in a macro's argument
//    (`DOT(r[p], r[q])`) and in a macro's body: loop fission copies a
//    macro's text as written, so such a kernel runs as fibers (its C++ did
//    not compile: the names were not renamed).
// Each result is compared with the same computation on the CPU.
#include <cmath>
#include <cstdio>
#include <cuda_runtime.h>

#define NI 70
#define NJ 45
#define NK 33
#define LOOP_BOUND(x, y) x
#define PB_NI LOOP_BOUND(NI, ni)
#define PB_NJ LOOP_BOUND(NJ, nj)
#define PB_NK LOOP_BOUND(NK, nk)

__global__ void mm_kernel(int ni, int nj, int nk, float alpha, const float *a, const float *b, float *c)
{
	int j = blockIdx.x * blockDim.x + threadIdx.x;
	int i = blockIdx.y * blockDim.y + threadIdx.y;

	if ((i < PB_NI) && (j < PB_NJ)) {
		float s = 0;

		for (int k = 0; k < PB_NK; k++)
			s += alpha * a[i * NK + k] * b[k * NJ + j];
		c[i * NJ + j] = s;
	}
}

struct vec3 {
	float x, y, z;
};

#define PARTS 48
#define DOT(A, B) ((A).x * (B).x + (A).y * (B).y + (A).z * (B).z)
#define PARTNER r[(p + 5) % PARTS]

// each thread walks the particles with a stride of blockDim.x, as lavaMD's `wtx` does
__global__ void pair_kernel(const vec3 *pos, float *out)
{
	__shared__ vec3 r[PARTS];
	int p = threadIdx.x;

	while (p < PARTS) {
		r[p] = pos[blockIdx.x * PARTS + p];
		p += blockDim.x;
	}
	p = threadIdx.x;
	__syncthreads();
	while (p < PARTS) {
		int q = (p * 7) % PARTS;

		out[blockIdx.x * PARTS + p] = DOT(r[p], r[q]) - DOT(r[p], PARTNER);
		p += blockDim.x;
	}
}

static int check(const char *what, const float *got, const float *want, int n)
{
	int bad = 0;

	for (int i = 0; i < n; i++)
		if (fabsf(got[i] - want[i]) > 1e-4f * (1.0f + fabsf(want[i])) && bad++ < 5)
			printf("%s[%d] = %f, expected %f\n", what, i, got[i], want[i]);
	printf("%s: %d of %d wrong\n", what, bad, n);
	return bad;
}

int main()
{
	static float ha[NI * NK], hb[NK * NJ], hc[NI * NJ], ref[NI * NJ];
	static vec3 hp[3 * PARTS];
	static float hpair[3 * PARTS], rpair[3 * PARTS];
	float *a, *b, *c, *pair;
	vec3 *pos;
	int bad = 0;

	for (int i = 0; i < NI * NK; i++)
		ha[i] = (float)(i % 17) / 17.0f;
	for (int i = 0; i < NK * NJ; i++)
		hb[i] = (float)(i % 13) / 13.0f;
	for (int i = 0; i < NI; i++)
		for (int j = 0; j < NJ; j++) {
			ref[i * NJ + j] = 0;
			for (int k = 0; k < NK; k++)
				ref[i * NJ + j] += 1.5f * ha[i * NK + k] * hb[k * NJ + j];
		}
	cudaMalloc(&a, sizeof(ha));
	cudaMalloc(&b, sizeof(hb));
	cudaMalloc(&c, sizeof(hc));
	cudaMemcpy(a, ha, sizeof(ha), cudaMemcpyHostToDevice);
	cudaMemcpy(b, hb, sizeof(hb), cudaMemcpyHostToDevice);
	dim3 block(32, 8);
	dim3 grid((NJ + block.x - 1) / block.x, (NI + block.y - 1) / block.y);
	mm_kernel<<<grid, block>>>(NI, NJ, NK, 1.5f, a, b, c);
	cudaMemcpy(hc, c, sizeof(hc), cudaMemcpyDeviceToHost);
	bad += check("mm", hc, ref, NI * NJ);

	for (int i = 0; i < 3 * PARTS; i++)
		hp[i] = { (float)(i % 5), (float)(i % 7) / 7.0f, (float)(i % 3) - 1.0f };
	for (int blk = 0; blk < 3; blk++)
		for (int p = 0; p < PARTS; p++) {
			const vec3 *r = hp + blk * PARTS;
			int q = (p * 7) % PARTS;

			rpair[blk * PARTS + p] = DOT(r[p], r[q]) - DOT(r[p], PARTNER);
		}
	cudaMalloc(&pos, sizeof(hp));
	cudaMalloc(&pair, sizeof(hpair));
	cudaMemcpy(pos, hp, sizeof(hp), cudaMemcpyHostToDevice);
	pair_kernel<<<3, 20>>>(pos, pair);
	cudaMemcpy(hpair, pair, sizeof(hpair), cudaMemcpyDeviceToHost);
	bad += check("pair", hpair, rpair, 3 * PARTS);

	cudaFree(a);
	cudaFree(b);
	cudaFree(c);
	cudaFree(pos);
	cudaFree(pair);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
