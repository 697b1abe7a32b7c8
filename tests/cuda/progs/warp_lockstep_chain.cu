// Warp-synchronous helpers reached through other helpers: the kernel gives
// a __shared__ tile to one helper, which passes a pointer into it on to
// another (as a parameter, or a local pointer set from one), and that one
// stores the lane's element and reads its neighbour's with no __syncwarp()
// between.  On a GPU the converged warp stores before any lane reads; run
// lane after lane, lane 0 would read its neighbour's element before lane
// 31 stored it (lib/cc/lockstep.c follows such pointers three helpers deep;
// before, only a helper the kernel called itself).
//  - two: kernel -> via(tile) -> left(row): a parameter passed on;
//  - three: kernel -> outer(tile) -> via(tile) -> left(row + 0), the
//    middle one through a local pointer;
//  - right: the neighbour on the other side, read before the store.
// Every result is checked against a host model of the warp in lock step.
#include <cstdio>
#include <cuda_runtime.h>

#define BS 64

__device__ int left(int *row, int lane)
{
	row[lane] = lane * 3 + 1;
	return row[(lane + 31) & 31];
}

__device__ int right_then_store(int *row, int lane, int v)
{
	int r = row[(lane + 1) & 31];
	row[lane] = v;
	return r;
}

__device__ int via(int *tile, int lane)
{
	int *row = tile + 0;
	return left(row, lane) + 1000;
}

__device__ int outer(int *tile, int lane)
{
	return via(tile, lane) * 2;
}

__device__ int store_right(int *tile, int lane, int v)
{
	return right_then_store(tile, lane, v);
}

__global__ void chains(int *two, int *three, int *right)
{
	__shared__ int s[BS];
	const int lane = threadIdx.x & 31, w = threadIdx.x >> 5;
	const int g = blockIdx.x * blockDim.x + threadIdx.x;

	two[g] = via(s + 32 * w, lane);
	__syncthreads();
	three[g] = outer(s + 32 * w, lane);
	__syncthreads();
	s[threadIdx.x] = lane * 7;
	__syncthreads();
	right[g] = store_right(s + 32 * w, lane, -lane);
}

int main(void)
{
	const int nb = 3, n = nb * BS;
	int *d[3], h[3][nb * BS], bad = 0;

	for (int i = 0; i < 3; i++)
		cudaMalloc(&d[i], n * sizeof(int));
	chains<<<nb, BS>>>(d[0], d[1], d[2]);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("launch failed\nFAIL\n");
		return 1;
	}
	for (int i = 0; i < 3; i++)
		cudaMemcpy(h[i], d[i], n * sizeof(int), cudaMemcpyDeviceToHost);
	for (int g = 0; g < n; g++) {
		int lane = g & 31, nb_left = (lane + 31) & 31, nb_right = (lane + 1) & 31;

		bad += h[0][g] != nb_left * 3 + 1 + 1000;
		bad += h[1][g] != (nb_left * 3 + 1 + 1000) * 2;
		bad += h[2][g] != nb_right * 7;
	}
	printf("%d of %d values wrong\n%s\n", bad, 3 * n, bad ? "FAIL" : "PASS");
	for (int i = 0; i < 3; i++)
		cudaFree(d[i]);
	return bad != 0;
}
