/* SPDX-License-Identifier: MIT */
/*
 * imgstat_kernels.cu - the kernels of imgstat.cu: a 64-bin histogram
 * (shared-memory atomics, then global ones), a transpose through a padded
 * shared tile, and row sums by a shared-memory tree reduction.  Each has
 * __syncthreads() barriers; imgstat.cu includes this file, as CUDA
 * programs often include their kernels.
 */
#define TILE		16	/* transpose tile: TILE x TILE threads */
#define BINS		64	/* histogram bins: pixel values 0..255, 4 per bin */
#define SUM_THREADS	256	/* threads of a row_sums block (a power of two) */

/* hist[b] += number of pixels with value / 4 == b; blockDim.x >= BINS. */
__global__ void histogram(const unsigned int *img, int n, unsigned int *hist)
{
	__shared__ unsigned int local[BINS];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (threadIdx.x < BINS)
		local[threadIdx.x] = 0;
	__syncthreads();
	if (i < n)
		atomicAdd(&local[img[i] / 4], 1u);
	__syncthreads();
	if (threadIdx.x < BINS)
		atomicAdd(&hist[threadIdx.x], local[threadIdx.x]);
}

/* out (w rows of h) = in (h rows of w) transposed; TILE x TILE blocks. */
__global__ void transpose(unsigned int *out, const unsigned int *in, int w, int h)
{
	__shared__ unsigned int tile[TILE][TILE + 1];	/* +1: no bank conflicts */
	int x = blockIdx.x * TILE + threadIdx.x;
	int y = blockIdx.y * TILE + threadIdx.y;

	if (x < w && y < h)
		tile[threadIdx.y][threadIdx.x] = in[y * w + x];
	__syncthreads();
	x = blockIdx.y * TILE + threadIdx.x;
	y = blockIdx.x * TILE + threadIdx.y;
	if (x < h && y < w)
		out[y * h + x] = tile[threadIdx.x][threadIdx.y];
}

/* sums[r] = sum of row r of m (rows of w): one block of SUM_THREADS per row. */
__global__ void row_sums(const unsigned int *m, int w, unsigned int *sums)
{
	__shared__ unsigned int part[SUM_THREADS];
	const unsigned int *row = m + blockIdx.x * w;
	unsigned int s = 0;

	for (int c = threadIdx.x; c < w; c += blockDim.x)
		s += row[c];
	part[threadIdx.x] = s;
	__syncthreads();
	for (unsigned int stride = blockDim.x / 2; stride > 0; stride /= 2) {
		if (threadIdx.x < stride)
			part[threadIdx.x] += part[threadIdx.x + stride];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		sums[blockIdx.x] = part[0];
}
