// __shfl_sync in its other uses: broadcast from a lane, rotation within a
// warp (src = lane + k mod 32), sub-warp segments with width 4, 8 and 16
// (src lane taken modulo width inside the segment), shfl_up / shfl_down at
// the segment edges (lanes keep their own value), and shuffles of double,
// long long and unsigned values.
#include <cstdio>
#include <cuda_runtime.h>

#define FULL 0xffffffffu
#define NOUT 8

__global__ void shuffles(const int *in, long long *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	int lane = threadIdx.x % 32;
	int v = in[i];
	long long *o = out + (size_t)i * NOUT;
	o[0] = __shfl_sync(FULL, v, 5);
	o[1] = __shfl_sync(FULL, v, (lane + 3) % 32);
	o[2] = __shfl_sync(FULL, v, 1, 4);
	o[3] = __shfl_sync(FULL, v, lane + 2, 8);   // wraps modulo 8 within the segment
	o[4] = __shfl_up_sync(FULL, v, 3, 16);
	o[5] = __shfl_down_sync(FULL, v, 5, 16);
	double dv = v * 0.25;
	o[6] = (long long)(__shfl_xor_sync(FULL, dv, 9) * 4.0);
	long long big = (long long)v << 35;
	o[7] = __shfl_sync(FULL, big, 31 - lane) >> 35;
}

int main()
{
	const int n = 32 * 6;
	int h[n];
	long long *o = new long long[n * NOUT];
	for (int i = 0; i < n; i++)
		h[i] = (i * 41) % 1000 - 300;
	int *d;
	long long *dout;
	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&dout, n * NOUT * sizeof(long long));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	shuffles<<<3, 64>>>(d, dout);
	cudaMemcpy(o, dout, n * NOUT * sizeof(long long), cudaMemcpyDeviceToHost);
	bool ok = true;
	for (int i = 0; i < n; i++) {
		int lane = i % 32, w = i - lane;
		long long want[NOUT];
		want[0] = h[w + 5];
		want[1] = h[w + (lane + 3) % 32];
		want[2] = h[w + lane / 4 * 4 + 1];
		want[3] = h[w + lane / 8 * 8 + (lane + 2) % 8];
		want[4] = lane % 16 >= 3 ? h[i - 3] : h[i];
		want[5] = lane % 16 + 5 < 16 ? h[i + 5] : h[i];
		want[6] = h[w + (lane ^ 9)];
		want[7] = h[w + 31 - lane];
		for (int f = 0; f < NOUT; f++)
			if (o[i * NOUT + f] != want[f]) {
				printf("thread %d op %d: %lld, want %lld\n", i, f, o[i * NOUT + f], want[f]);
				ok = false;
			}
	}
	cudaFree(d);
	cudaFree(dout);
	delete[] o;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
