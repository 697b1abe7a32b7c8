// expect: 17:2: error: this statement reads an element of __shared__ memory it stores for another lane of the warp (code written for lanes in lock step; its halves are apart only where 'cur' is the same in every lane), which loop fission runs one after another
// exec-model: fission
// `buf[1 - cur]` and `buf[cur]` are the two halves of the array only where
// every lane has the same cur; here cur is the lane's parity, so lane 0
// stores into buf[1] what lane 1 reads.  The refusal says which variable
// the proof needed the same in every lane (lib/cc/check.c,
// lockstep_slots.c).
#include <cuda_runtime.h>

__global__ void parity_halves(const float *in, float *out)
{
	__shared__ float buf[2][66];
	int t = threadIdx.x + 1, cur = threadIdx.x & 1;

	buf[0][t] = buf[1][t] = in[t];
	__syncthreads();
	buf[1 - cur][t] = 0.5f * (buf[cur][t - 1] + buf[cur][t + 1]);
	__syncthreads();
	out[t] = buf[0][t] + buf[1][t];
}

int main()
{
	float *d;

	cudaMalloc(&d, 66 * sizeof(float));
	parity_halves<<<1, 64>>>(d, d);
	cudaDeviceSynchronize();
	cudaFree(d);
	return 0;
}
