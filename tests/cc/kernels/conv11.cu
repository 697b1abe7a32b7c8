/* 11x11 convolution (zero padding) with the filter copied to a local array. */
#define R 5
#define K (2 * R + 1)

__device__ int clampi(int v, int lo, int hi)
{
	return min(max(v, lo), hi);
}

__global__ void conv11(const int *img, const int *filt, int *out, int w, int h)
{
	int f[K * K];
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;
	int acc = 0;

	for (int k = 0; k < K * K; k++)
		f[k] = filt[k];
	if (x >= w || y >= h)
		return;
	for (int dy = -R; dy <= R; dy++)
		for (int dx = -R; dx <= R; dx++) {
			int xx = x + dx, yy = y + dy;

			if (xx == clampi(xx, 0, w - 1) && yy == clampi(yy, 0, h - 1))
				acc += f[(dy + R) * K + dx + R] * img[yy * w + xx];
		}
	out[y * w + x] = acc;
}
