// expect: 20:3: error: this statement reads an element of __shared__ memory it stores for another lane of the warp (code written for lanes in lock step; it stores through 'dst', which may point into what it reads: two pointers are apart only where every write of them moves both as a pair), which loop fission runs one after another
// exec-model: fission
// A heat step through two pointers, but the swap moves one of them only
// (`src = dst;`): from the second step on both point into b, and each
// lane reads neighbours other lanes store.  Before, the refusal did not
// say why the statement was taken for one that reads what it stores; now
// it names the pointer that may alias (lib/cc/check.c, lockstep_pair.c).
#include <cuda_runtime.h>

__global__ void heat_one_sided(const float *in, float *out, int steps)
{
	__shared__ float a[66];
	__shared__ float b[66];
	float *src = a, *dst = b;
	int t = threadIdx.x + 1;

	a[t] = in[t];
	__syncthreads();
	for (int s = 0; s < steps; s++) {
		dst[t] = 0.5f * (src[t - 1] + src[t + 1]);
		__syncthreads();
		src = dst;
	}
	out[t] = src[t];
}

int main()
{
	float *d;

	cudaMalloc(&d, 66 * sizeof(float));
	heat_one_sided<<<1, 64>>>(d, d, 4);
	cudaDeviceSynchronize();
	cudaFree(d);
	return 0;
}
