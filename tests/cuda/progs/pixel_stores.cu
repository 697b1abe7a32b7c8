// Image kernels that store float results in 8- and 16-bit pixels without
// clamping them first, as public image code often does (a contrast stretch,
// a row blur through a shared tile, a Sobel gradient kept as short, a
// running accumulation into a byte buffer, a histogram of the result).  On
// the GPU a float goes to an 8/16-bit integer through a 32-bit register
// (saturating there) and the pixel keeps its low bits: 372.0f stored in an
// unsigned char is 116, -108.0f is 0.  The CPU reference below computes
// that rule with integer arithmetic; every float is exact (integers times
// small multiples of powers of two), so fused multiply-adds change nothing.
#include <climits>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define W 64
#define H 48
#define FRAMES 3

__global__ void contrast(const unsigned char *in, unsigned char *out, float gain, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = (in[i] - 128) * gain + 128.0f;
}

__global__ void blur_rows(const unsigned char *in, unsigned char *out, float scale)
{
	__shared__ float tile[W + 2];
	int x = threadIdx.x, y = blockIdx.x;
	tile[x + 1] = in[y * W + x];
	if (x == 0) {
		tile[0] = in[y * W];
		tile[W + 1] = in[y * W + W - 1];
	}
	__syncthreads();
	float sum = tile[x] + tile[x + 1] + tile[x + 2];
	out[y * W + x] = (unsigned char)(sum * scale);
}

__global__ void sobel_x(const unsigned char *in, short *grad, float gain)
{
	int x = threadIdx.x, y = blockIdx.x;
	if (x == 0 || x == W - 1 || y == 0 || y == H - 1) {
		grad[y * W + x] = 0;
		return;
	}
	const unsigned char *p = in + y * W + x;
	float gx = (p[-W + 1] + 2.0f * p[1] + p[W + 1]) - (p[-W - 1] + 2.0f * p[-1] + p[W - 1]);
	grad[y * W + x] = static_cast<short>(gx * gain);
}

__global__ void accumulate(const unsigned char *frame, unsigned char *acc, float weight, int n)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		acc[i] += frame[i] * weight;
}

__global__ void histogram(const unsigned char *img, unsigned int *bins, int n)
{
	__shared__ unsigned int local[256];
	for (int b = threadIdx.x; b < 256; b += blockDim.x)
		local[b] = 0;
	__syncthreads();
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x)
		atomicAdd(&local[img[i]], 1u);
	__syncthreads();
	for (int b = threadIdx.x; b < 256; b += blockDim.x)
		atomicAdd(&bins[b], local[b]);
}

// The GPU's conversion, cvt.rzi.u32.f32 then the low byte, in integers.
static unsigned char gpu_u8(float v)
{
	double t = trunc(v);
	unsigned long long u = t <= 0.0 ? 0 : t >= 4294967295.0 ? 4294967295ull : (unsigned long long)t;
	return (unsigned char)(u & 0xffu);
}

// cvt.rzi.s32.f32 then the low 16 bits, as a signed short.
static short gpu_s16(float v)
{
	double t = trunc(v);
	long long s = t <= INT_MIN ? INT_MIN : t >= INT_MAX ? INT_MAX : (long long)t;
	int low = (int)(s & 0xffff);
	return (short)(low >= 32768 ? low - 65536 : low);
}

int main()
{
	const int n = W * H;
	const float gain = 2.0f, scale = 1.5f, sobel_gain = 96.0f, weight = 0.75f;
	unsigned char *h_in = (unsigned char *)malloc(n), *h_out = (unsigned char *)malloc(n);
	unsigned char *want = (unsigned char *)malloc(n);
	short *h_grad = (short *)malloc(n * sizeof(short)), *want_grad = (short *)malloc(n * sizeof(short));
	unsigned int h_bins[256], want_bins[256] = { 0 };
	int errors = 0, wrapped = 0, wide = 0;

	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			h_in[y * W + x] = (unsigned char)((x * 37 + y * 11 + (x * y) % 7) & 0xff);

	unsigned char *d_in, *d_out, *d_acc;
	short *d_grad;
	unsigned int *d_bins;
	cudaMalloc((void **)&d_in, n);
	cudaMalloc((void **)&d_out, n);
	cudaMalloc((void **)&d_acc, n);
	cudaMalloc((void **)&d_grad, n * sizeof(short));
	cudaMalloc((void **)&d_bins, sizeof(h_bins));
	cudaMemcpy(d_in, h_in, n, cudaMemcpyHostToDevice);

	// contrast stretch, then the histogram of the stretched image
	contrast<<<(n + 127) / 128, 128>>>(d_in, d_out, gain, n);
	cudaMemset(d_bins, 0, sizeof(h_bins));
	histogram<<<4, 256>>>(d_out, d_bins, n);
	cudaMemcpy(h_out, d_out, n, cudaMemcpyDeviceToHost);
	cudaMemcpy(h_bins, d_bins, sizeof(h_bins), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		float v = (h_in[i] - 128) * gain + 128.0f;
		want[i] = gpu_u8(v);
		want_bins[want[i]]++;
		wrapped += v > 255.0f;
		if (h_out[i] != want[i] && errors++ < 5)
			printf("contrast[%d] = %d, want %d\n", i, h_out[i], want[i]);
	}
	for (int b = 0; b < 256; b++)
		if (h_bins[b] != want_bins[b] && errors++ < 5)
			printf("bin %d = %u, want %u\n", b, h_bins[b], want_bins[b]);

	// row blur through a shared tile
	blur_rows<<<H, W>>>(d_in, d_out, scale);
	cudaMemcpy(h_out, d_out, n, cudaMemcpyDeviceToHost);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			int l = x > 0 ? x - 1 : 0, r = x < W - 1 ? x + 1 : W - 1;
			float sum = (float)h_in[y * W + l] + (float)h_in[y * W + x] + (float)h_in[y * W + r];
			unsigned char w = gpu_u8(sum * scale);
			if (h_out[y * W + x] != w && errors++ < 5)
				printf("blur[%d][%d] = %d, want %d\n", y, x, h_out[y * W + x], w);
		}

	// horizontal gradient kept as short
	sobel_x<<<H, W>>>(d_in, d_grad, sobel_gain);
	cudaMemcpy(h_grad, d_grad, n * sizeof(short), cudaMemcpyDeviceToHost);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			const unsigned char *p = h_in + y * W + x;
			short w = 0;
			if (x > 0 && x < W - 1 && y > 0 && y < H - 1) {
				float g = ((p[-W + 1] + 2.0f * p[1] + p[W + 1]) - (p[-W - 1] + 2.0f * p[-1] + p[W - 1])) *
					  sobel_gain;
				w = gpu_s16(g);
				wide += g > 32767.0f || g < -32768.0f;
			}
			want_grad[y * W + x] = w;
			if (h_grad[y * W + x] != w && errors++ < 5)
				printf("sobel[%d][%d] = %d, want %d\n", y, x, h_grad[y * W + x], w);
		}

	// running accumulation of FRAMES frames into a byte buffer
	cudaMemset(d_acc, 0, n);
	memset(want, 0, n);
	for (int f = 0; f < FRAMES; f++) {
		accumulate<<<8, 128>>>(d_in, d_acc, weight, n);
		for (int i = 0; i < n; i++)
			want[i] = gpu_u8(want[i] + h_in[i] * weight);
	}
	cudaMemcpy(h_out, d_acc, n, cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++)
		if (h_out[i] != want[i] && errors++ < 5)
			printf("acc[%d] = %d, want %d\n", i, h_out[i], want[i]);

	printf("%d of %d contrast pixels past 255, %d gradients past 16 bits\n", wrapped, n, wide);
	cudaFree(d_in);
	cudaFree(d_out);
	cudaFree(d_acc);
	cudaFree(d_grad);
	cudaFree(d_bins);
	free(h_in);
	free(h_out);
	free(want);
	free(h_grad);
	free(want_grad);
	bool ok = !errors && wrapped && wide;	/* the inputs reach past the widths */
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
