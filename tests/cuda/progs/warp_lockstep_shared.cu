// Lanes of a warp that store to __shared__ memory and then read what other
// lanes stored, with no __syncthreads(), __syncwarp() or volatile between:
// code written for a converged warp running in lock step (image-transform
// kernels in the style of 8x8 block transforms).  Run lane after lane, a
// lane would read elements not yet written; idxgen-cc makes the lanes meet
// before such a read (lib/cc/lockstep.c).
//  - strip8: 2-D blocks (32 x 2); each lane writes one column of an 8x8
//    tile through a pointer into the tile, then works on one row of the
//    same tile (the elements of 8 lanes) through another pointer, writes
//    the row back, and reads its column again; tiles past the image's
//    width leave first by `return`.
//  - swap4x8: each warp writes its 32 values and reads them transposed as
//    a 4 x 8 matrix.
//  - half_fill: only lanes 0-15 store, every lane reads.
// Checked against host references.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define PITCH 33 // 32 columns and one of padding

__global__ void strip8(const float *src, float *dst, int width, int height)
{
	__shared__ float tile[2 * 8 * PITCH];
	const int tx = threadIdx.x, ty = threadIdx.y;
	const int in_tile = tx & 7;
	const int x = blockIdx.x * 32 + tx, y0 = (blockIdx.y * 2 + ty) * 8;

	if (x - in_tile + 7 >= width || y0 + 7 >= height)
		return;
	float *column = &tile[ty * 8 * PITCH + tx];
	float *row = &tile[(ty * 8 + in_tile) * PITCH + tx - in_tile];
	for (int r = 0; r < 8; r++)
		column[r * PITCH] = src[(y0 + r) * width + x];
	float acc = 0.0f, v[8];
	for (int k = 0; k < 8; k++) {
		acc += row[k] * (float)(k + 1);
		v[k] = acc;
	}
	for (int k = 0; k < 8; k++)
		row[k] = v[k] - (float)in_tile;
	for (int r = 0; r < 8; r++)
		dst[(y0 + r) * width + x] = column[r * PITCH] * 0.5f;
}

__global__ void swap4x8(const int *in, int *out)
{
	__shared__ int m[128];
	int lane = threadIdx.x & 31, base = threadIdx.x - lane;
	int g = blockIdx.x * blockDim.x + threadIdx.x;

	m[base + lane] = in[g] * 3;
	out[g] = m[base + (lane % 4) * 8 + lane / 4] - lane;
}

__global__ void half_fill(const int *in, int *out)
{
	__shared__ int half[64];
	int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
	int g = blockIdx.x * blockDim.x + threadIdx.x;

	if (lane < 16)
		half[w * 16 + lane] = in[g] + 1;
	out[g] = half[w * 16 + (15 - (lane & 15))] * (lane < 16 ? 1 : -1);
}

static unsigned next(unsigned *s)
{
	*s = *s * 1103515245u + 12345u;
	return *s >> 16;
}

/* The host's strip8: the same tile arithmetic, one tile at a time. */
static void strip8_ref(const float *src, float *dst, int width, int height)
{
	for (int ty = 0; ty + 7 < height; ty += 8)
		for (int tx = 0; tx + 7 < width; tx += 8) {
			float t[8][8];

			for (int r = 0; r < 8; r++)
				for (int c = 0; c < 8; c++)
					t[r][c] = src[(ty + r) * width + tx + c];
			for (int r = 0; r < 8; r++) {
				float acc = 0.0f, v[8];

				for (int k = 0; k < 8; k++) {
					acc += t[r][k] * (float)(k + 1);
					v[k] = acc;
				}
				for (int k = 0; k < 8; k++)
					t[r][k] = v[k] - (float)r;
			}
			for (int r = 0; r < 8; r++)
				for (int c = 0; c < 8; c++)
					dst[(ty + r) * width + tx + c] = t[r][c] * 0.5f;
		}
}

static unsigned check_strip8(unsigned *seed)
{
	const int width = 44, height = 40; // the last 4 columns: a partial tile, left alone
	const size_t n = (size_t)width * height;
	float *h_src = (float *)malloc(n * sizeof(float)), *h_dst = (float *)malloc(n * sizeof(float));
	float *want = (float *)malloc(n * sizeof(float));
	float *d_src, *d_dst;
	unsigned bad = 0;

	for (size_t i = 0; i < n; i++) {
		h_src[i] = (float)(next(seed) % 64);
		want[i] = 0.0f; // no tile there: left as cudaMemset wrote it
	}
	strip8_ref(h_src, want, width, height);
	cudaMalloc(&d_src, n * sizeof(float));
	cudaMalloc(&d_dst, n * sizeof(float));
	cudaMemcpy(d_src, h_src, n * sizeof(float), cudaMemcpyHostToDevice);
	dim3 block(32, 2), grid((width + 31) / 32, (height + 15) / 16);
	cudaMemset(d_dst, 0, n * sizeof(float));
	strip8<<<grid, block>>>(d_src, d_dst, width, height);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("strip8: launch failed\n");
		return 1;
	}
	cudaMemcpy(h_dst, d_dst, n * sizeof(float), cudaMemcpyDeviceToHost);
	for (size_t i = 0; i < n; i++) {
		float w = want[i];

		if (h_dst[i] != w) {
			if (bad < 8)
				printf("strip8 (%d,%d): %g, want %g\n", (int)(i % width), (int)(i / width), h_dst[i], w);
			bad++;
		}
	}
	cudaFree(d_src);
	cudaFree(d_dst);
	free(h_src);
	free(h_dst);
	free(want);
	return bad;
}

static unsigned check_warps(unsigned *seed)
{
	const int bs = 64, nb = 5, n = bs * nb;
	int h_in[n], h_a[n], h_b[n];
	int *d_in, *d_a, *d_b;
	unsigned bad = 0;

	for (int i = 0; i < n; i++)
		h_in[i] = (int)(next(seed) % 1000);
	cudaMalloc(&d_in, sizeof(h_in));
	cudaMalloc(&d_a, sizeof(h_a));
	cudaMalloc(&d_b, sizeof(h_b));
	cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	swap4x8<<<nb, bs>>>(d_in, d_a);
	half_fill<<<nb, bs>>>(d_in, d_b);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("swap4x8/half_fill: launch failed\n");
		return 1;
	}
	cudaMemcpy(h_a, d_a, sizeof(h_a), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_b, d_b, sizeof(h_b), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		int lane = i % 32, warp0 = i - lane;
		int a = h_in[warp0 + (lane % 4) * 8 + lane / 4] * 3 - lane;
		int b = (h_in[warp0 + 15 - (lane & 15)] + 1) * (lane < 16 ? 1 : -1);

		if (h_a[i] != a || h_b[i] != b) {
			if (bad < 8)
				printf("thread %d: swap4x8 %d (want %d), half_fill %d (want %d)\n", i, h_a[i], a, h_b[i], b);
			bad++;
		}
	}
	cudaFree(d_in);
	cudaFree(d_a);
	cudaFree(d_b);
	return bad;
}

int main()
{
	unsigned seed = 38, bad = check_strip8(&seed);

	bad += check_warps(&seed);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
