// Parses kept for the next pass (lib/cc/parse_memo.c).  The helper's
// shuffles are inlined into the kernel (warp_inline.c: a round that inlines
// the call, then a round that finds nothing more and edits nothing), and
// warp.c lowers them: its parse reads the very text the last inlining
// round parsed, so it takes that round's translation unit instead of
// parsing again (each parse of a program this size is about 0.3 s of CPU,
// most of a small program's translation).  Before parse_memo.c: 4 parses
// made, none kept.  The translation is the same (whole.sh and golden
// files pin it; the kept unit is the parse of the same inputs).
#include <cstdio>

__device__ float warp_total(float v)
{
	for (int offset = 16; offset > 0; offset >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, offset);
	return v;
}

__global__ void warp_totals(const float *in, float *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	float v = i < n ? in[i] : 0.0f;
	float total;

	total = warp_total(v);
	if (threadIdx.x % 32 == 0)
		out[i / 32] = total;
}

int main()
{
	const int n = 256;
	float *in, *out;

	cudaMallocManaged(&in, n * sizeof(float));
	cudaMallocManaged(&out, n / 32 * sizeof(float));
	for (int i = 0; i < n; i++)
		in[i] = (float)(i % 7);
	warp_totals<<<n / 64, 64>>>(in, out, n);
	cudaDeviceSynchronize();
	for (int w = 0; w < n / 32; w++) {
		float want = 0.0f;

		for (int i = w * 32; i < w * 32 + 32; i++)
			want += (float)(i % 7);
		if (out[w] != want) {
			printf("FAIL: warp %d: %g, want %g\n", w, out[w], want);
			return 1;
		}
	}
	cudaFree(in);
	cudaFree(out);
	printf("PASS\n");
	return 0;
}

// STATS: parses: 3 made, 1 kept from the pass before
