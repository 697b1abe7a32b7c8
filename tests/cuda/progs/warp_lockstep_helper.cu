// A __device__ helper written for a warp in lock step: it stores the lane's
// value to its own __shared__ buffer and returns a neighbour's, with no
// barrier or __syncwarp() between.  Its callers would otherwise be planned
// as thread loops (loop fission), which run the lanes one after another; the
// helper's lanes meet before the read (lib/cc/lockstep.c) and its callers
// run as fibers.  rotate_all: every lane calls it; rotate_low: only lanes
// 0-15 call it (a neighbour among those 16).
// Checked against host references.
#include <cstdio>
#include <cuda_runtime.h>

__device__ int next_lane_value(int v, int width)
{
	__shared__ int buf[128];
	int lane = threadIdx.x & 31, warp0 = threadIdx.x - lane;

	buf[threadIdx.x] = v;
	return buf[warp0 + (lane + 1) % width];
}

__global__ void rotate_all(const int *in, int *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[g];

	out[g] = next_lane_value(v + 1, 32) * 3;
}

__global__ void rotate_low(const int *in, int *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	int v = in[g];

	if ((threadIdx.x & 31) < 16)
		v = next_lane_value(v * 2, 16);
	out[g] = v;
}

int main()
{
	const int bs = 128, nb = 3, n = bs * nb;
	int h_in[n], h_a[n], h_b[n], *d_in, *d_a, *d_b;
	unsigned s = 5, bad = 0;

	for (int i = 0; i < n; i++) {
		s = s * 1103515245u + 12345u;
		h_in[i] = (int)(s >> 20);
	}
	cudaMalloc(&d_in, sizeof(h_in));
	cudaMalloc(&d_a, sizeof(h_a));
	cudaMalloc(&d_b, sizeof(h_b));
	cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	rotate_all<<<nb, bs>>>(d_in, d_a);
	rotate_low<<<nb, bs>>>(d_in, d_b);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("FAIL: launch\n");
		return 1;
	}
	cudaMemcpy(h_a, d_a, sizeof(h_a), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_b, d_b, sizeof(h_b), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		int lane = i % 32, warp0 = i - lane;
		int a = (h_in[warp0 + (lane + 1) % 32] + 1) * 3;
		int b = lane < 16 ? h_in[warp0 + (lane + 1) % 16] * 2 : h_in[i];

		if (h_a[i] != a || h_b[i] != b) {
			if (bad < 8)
				printf("thread %d: rotate_all %d (want %d), rotate_low %d (want %d)\n", i, h_a[i], a, h_b[i], b);
			bad++;
		}
	}
	cudaFree(d_in);
	cudaFree(d_a);
	cudaFree(d_b);
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad != 0;
}
