// Thread loops by whole warps, then the last partial warp (issue 40): the
// same kernels under block widths that are multiples of 32, below 32 and
// between, in 1D and 2D blocks, with an early return (a thread's jump out
// of its loop) and a value live across a barrier.  Blocks 32 threads wide
// run the kernels' second block function, blockDim.x a constant there
// (lib/cc/width_body.c).  Checked against host loops.
#include <cstdio>
#include <cuda_runtime.h>

// each thread takes the value of another thread of its block row (lane
// x * 5 + 1 mod the width: not contiguous in threadIdx.x) through shared
// memory; threads past n leave early, a thread's value survives the barrier
__global__ void rotate_rows(const int *in, int *out, int n)
{
	__shared__ int row[1024];
	int t = threadIdx.y * blockDim.x + threadIdx.x;
	int i = (blockIdx.x * blockDim.y + threadIdx.y) * blockDim.x + threadIdx.x;
	int mine = i < n ? in[i] * 3 + 1 : -1;

	row[t] = mine;
	__syncthreads();
	if (i >= n)
		return;
	int next = row[t - threadIdx.x + (threadIdx.x * 5 + 1) % blockDim.x];
	out[i] = next - mine;
}

// the tile's column read: out = in^T for square blocks up to 32 x 32
__global__ void transpose_any(const int *in, int *out, int rows, int cols)
{
	__shared__ int tile[32][33];
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int y = blockIdx.y * blockDim.y + threadIdx.y;

	if (x < cols && y < rows)
		tile[threadIdx.y][threadIdx.x] = in[y * cols + x];
	__syncthreads();
	x = blockIdx.y * blockDim.y + threadIdx.x;	// a square block: rows of out
	y = blockIdx.x * blockDim.x + threadIdx.y;
	if (x < rows && y < cols)
		out[y * rows + x] = tile[threadIdx.x][threadIdx.y] + threadIdx.x;
}

static int check_rotate(int bx, int by, int n, const int *in)
{
	int per = bx * by, nblocks = (n + per - 1) / per, bad = 0;
	int *d_in, *d_out, *out = new int[nblocks * per];

	cudaMalloc(&d_in, nblocks * per * sizeof(int));
	cudaMalloc(&d_out, nblocks * per * sizeof(int));
	cudaMemcpy(d_in, in, n * sizeof(int), cudaMemcpyHostToDevice);
	cudaMemset(d_out, 0, nblocks * per * sizeof(int));
	rotate_rows<<<nblocks, dim3(bx, by)>>>(d_in, d_out, n);
	cudaMemcpy(out, d_out, n * sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		int x = i % bx, j = i - x + (x * 5 + 1) % bx;
		int mine = in[i] * 3 + 1, next = j < n ? in[j] * 3 + 1 : -1;
		bad += out[i] != next - mine;
	}
	cudaFree(d_in);
	cudaFree(d_out);
	delete[] out;
	return bad;
}

static int check_transpose(int bx, int by, int rows, int cols, const int *in)
{
	int *d_in, *d_out, *out = new int[rows * cols], bad = 0;

	cudaMalloc(&d_in, rows * cols * sizeof(int));
	cudaMalloc(&d_out, rows * cols * sizeof(int));
	cudaMemcpy(d_in, in, rows * cols * sizeof(int), cudaMemcpyHostToDevice);
	dim3 grid((cols + bx - 1) / bx, (rows + by - 1) / by);
	transpose_any<<<grid, dim3(bx, by)>>>(d_in, d_out, rows, cols);
	cudaMemcpy(out, d_out, rows * cols * sizeof(int), cudaMemcpyDeviceToHost);
	for (int y = 0; y < rows; y++)
		for (int x = 0; x < cols; x++)
			bad += out[x * rows + y] != in[y * cols + x] + y % by;
	cudaFree(d_in);
	cudaFree(d_out);
	delete[] out;
	return bad;
}

int main()
{
	const int n = 5000, rows = 70, cols = 100;
	static const int shapes[][2] = { { 32, 1 }, { 64, 2 }, { 48, 3 }, { 17, 5 }, { 1, 7 }, { 101, 1 },
					 { 33, 2 }, { 96, 4 }, { 1024, 1 }, { 31, 1 }, { 32, 5 } };
	static const int tiles[][2] = { { 32, 32 }, { 16, 16 }, { 20, 20 }, { 31, 31 }, { 1, 1 }, { 7, 7 } };
	int *in = new int[n > rows * cols ? n : rows * cols];
	int passed = 0, failed = 0;

	for (int i = 0; i < (n > rows * cols ? n : rows * cols); i++)
		in[i] = (i * 7919) % 1000 - 500;
	for (const auto &s : shapes) {
		int bad = check_rotate(s[0], s[1], n, in);
		if (bad)
			printf("rotate_rows %dx%d: %d wrong\n", s[0], s[1], bad);
		bad ? failed++ : passed++;
	}
	for (const auto &s : tiles) {
		int bad = check_transpose(s[0], s[1], rows, cols, in);
		if (bad)
			printf("transpose_any %dx%d: %d wrong\n", s[0], s[1], bad);
		bad ? failed++ : passed++;
	}
	delete[] in;
	printf("%d passed, %d failed\n", passed, failed);
	printf("%s\n", failed ? "FAIL" : "PASS");
	return failed ? 1 : 0;
}
