// Warp-synchronous code that counts on the lanes of a converged warp running
// each statement for all of them before the next, with no __syncwarp() or
// volatile between, in the shapes older public kernels use (shifts and
// rotations of a warp's row in __shared__ memory, helpers given a pointer
// into a tile, references to a lane's element, a flag published by one
// lane after every lane stored its part).  Run lane after lane, each would
// read an element another lane already overwrote, or not yet wrote
// (lib/cc/lockstep.c puts the meetings there).
//  - shift: s[i] = s[i - 1] and s[i] = s[i + 1] in one statement each
//    (every lane reads before any lane writes);
//  - rotate: a read of the next lane's element, then a store of one's own,
//    in a loop of turns (write after read, and the next turn's read after
//    this turn's store);
//  - helpers: a __device__ function given a pointer into the tile reads its
//    neighbour's element after every lane stored, another stores after every
//    lane read;
//  - by_ref: a reference to the lane's element, stored through, then the
//    partner's element read;
//  - publish: each lane of a warp stores its part of a record, lane 0 then
//    sets the record's flag with a plain atomicExch (no __threadfence()),
//    and lane 1 waits for the flag and sums the record.
// Every result is checked against a host model of the warp in lock step.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define BS 64 // two warps a block
#define ROW 34 // a warp's row: 32 lanes and a sentinel at each end

__global__ void shift(const int *in, int *out_right, int *out_left)
{
	__shared__ int s[2 * ROW];
	const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
	const int g = blockIdx.x * blockDim.x + threadIdx.x;
	s[w * ROW + lane + 1] = in[g];
	if (lane == 0) {
		s[w * ROW] = -1;
		s[w * ROW + 33] = -2;
	}
	__syncwarp();
	s[w * ROW + lane + 1] = s[w * ROW + lane] * 2;
	__syncwarp();
	out_right[g] = s[w * ROW + lane + 1];
	s[w * ROW + lane + 1] = s[w * ROW + lane + 2] + 1;
	__syncwarp();
	out_left[g] = s[w * ROW + lane + 1];
}

__global__ void rotate(const int *in, int *out, int turns)
{
	__shared__ int s[BS];
	const int lane = threadIdx.x & 31, base = threadIdx.x - lane;
	const int g = blockIdx.x * blockDim.x + threadIdx.x;

	s[threadIdx.x] = in[g];
	__syncwarp();
	for (int k = 0; k < turns; k++) {
		int next = s[base + (lane + 1) % 32];
		s[threadIdx.x] = next + k;
	}
	__syncwarp();
	out[g] = s[threadIdx.x];
}

__device__ int times3_and_left(int *row, int lane)
{
	row[lane] = row[lane] * 3;
	return row[lane] + row[(lane + 31) % 32];
}

__device__ void pull_right(int *row, int lane)
{
	int v = row[(lane + 1) % 32];
	row[lane] = v;
}

__global__ void helpers(const int *in, int *out)
{
	__shared__ int s[BS];
	const int lane = threadIdx.x & 31, base = threadIdx.x - lane;
	const int g = blockIdx.x * blockDim.x + threadIdx.x;

	s[threadIdx.x] = in[g];
	__syncwarp();
	int r = times3_and_left(&s[base], lane);
	__syncwarp();
	pull_right(s + base, lane);
	__syncwarp();
	out[g] = r * 1000 + s[threadIdx.x];
}

__global__ void by_ref(const int *in, int *out)
{
	__shared__ int s[BS];
	const int lane = threadIdx.x & 31, base = threadIdx.x - lane;
	const int g = blockIdx.x * blockDim.x + threadIdx.x;
	int &mine = s[threadIdx.x];

	mine = in[g] + 5;
	out[g] = s[base + (lane ^ 1)];
}

__global__ void publish(const int *in, int *record, int *flag, int *sum)
{
	const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
	const int r = blockIdx.x * 2 + w; // one record a warp

	record[r * 32 + lane] = in[r * 32 + lane] + 1;
	if (lane == 0)
		atomicExch(&flag[r], 1);
	if (lane == 1) {
		while (atomicAdd(&flag[r], 0) == 0)
			;
		int t = 0;
		for (int k = 0; k < 32; k++)
			t += record[r * 32 + k];
		sum[r] = t;
	}
}

static unsigned next(unsigned *s)
{
	*s = *s * 1103515245u + 12345u;
	return *s >> 16;
}

static unsigned report(const char *what, int i, int got, int want, unsigned bad)
{
	if (got != want && bad < 8)
		printf("%s[%d]: %d, want %d\n", what, i, got, want);
	return got != want;
}

int main()
{
	const int nb = 3, n = nb * BS, turns = 5;
	unsigned seed = 1038, bad = 0;
	int *h_in = (int *)malloc(n * sizeof(int)), *h[5], *d_in, *d[5], *d_flag, *d_sum;
	int h_sum[2 * nb];

	for (int i = 0; i < n; i++)
		h_in[i] = (int)(next(&seed) % 100);
	cudaMalloc(&d_in, n * sizeof(int));
	cudaMemcpy(d_in, h_in, n * sizeof(int), cudaMemcpyHostToDevice);
	for (int k = 0; k < 5; k++) {
		h[k] = (int *)malloc(n * sizeof(int));
		cudaMalloc(&d[k], n * sizeof(int));
		cudaMemset(d[k], 0, n * sizeof(int));
	}
	cudaMalloc(&d_flag, 2 * nb * sizeof(int));
	cudaMalloc(&d_sum, 2 * nb * sizeof(int));
	cudaMemset(d_flag, 0, 2 * nb * sizeof(int));
	shift<<<nb, BS>>>(d_in, d[0], d[1]);
	rotate<<<nb, BS>>>(d_in, d[2], turns);
	helpers<<<nb, BS>>>(d_in, d[3]);
	by_ref<<<nb, BS>>>(d_in, d[4]);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("launch failed\n");
		return 1;
	}
	for (int k = 0; k < 5; k++)
		cudaMemcpy(h[k], d[k], n * sizeof(int), cudaMemcpyDeviceToHost);
	int *d_record;
	cudaMalloc(&d_record, n * sizeof(int));
	publish<<<nb, BS>>>(d_in, d_record, d_flag, d_sum);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("publish: launch failed\n");
		return 1;
	}
	cudaMemcpy(h_sum, d_sum, sizeof(h_sum), cudaMemcpyDeviceToHost);

	for (int i = 0; i < n; i++) {
		int lane = i % 32, w0 = i - lane;
		int right = lane ? h_in[i - 1] * 2 : -2;
		// the left shift reads the right neighbour's result of the right shift
		int left = lane < 31 ? h_in[i] * 2 + 1 : -2 + 1;
		int rot = h_in[w0 + (lane + turns) % 32] + turns * (turns - 1) / 2;
		int r = h_in[i] * 3 + h_in[w0 + (lane + 31) % 32] * 3;
		int helped = r * 1000 + h_in[w0 + (lane + 1) % 32] * 3;
		bad += report("shift right", i, h[0][i], right, bad);
		bad += report("shift left", i, h[1][i], left, bad);
		bad += report("rotate", i, h[2][i], rot, bad);
		bad += report("helpers", i, h[3][i], helped, bad);
		bad += report("by_ref", i, h[4][i], h_in[w0 + (lane ^ 1)] + 5, bad);
	}
	for (int r = 0; r < 2 * nb; r++) {
		int t = 0;

		for (int k = 0; k < 32; k++)
			t += h_in[r * 32 + k] + 1;
		bad += report("publish", r, h_sum[r], t, bad);
	}
	for (int k = 0; k < 5; k++) {
		cudaFree(d[k]);
		free(h[k]);
	}
	cudaFree(d_in);
	cudaFree(d_flag);
	cudaFree(d_sum);
	cudaFree(d_record);
	free(h_in);
	printf("%d checked, %u wrong\n", n * 5 + 2 * nb, bad);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
