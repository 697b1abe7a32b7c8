// extern "C" kernels around a template __device__ function with barriers
// (the shape of NVIDIA's driver-API sample kernels: matrixMul_bs16_64bit &
// co.): each kernel must be emitted once, built and run as fibers.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define checkCudaErrors(call)                                                                    \
	do {                                                                                     \
		cudaError_t err_ = (call);                                                       \
		if (err_ != cudaSuccess) {                                                       \
			fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorName(err_), __FILE__, \
				__LINE__);                                                       \
			exit(EXIT_FAILURE);                                                      \
		}                                                                                \
	} while (0)

template <int tile, typename index_t>
__device__ void tile_sum(float *out, const float *in, index_t n)
{
	__shared__ float part[tile];
	index_t i = blockIdx.x * (index_t)tile + threadIdx.x;

	part[threadIdx.x] = i < n ? in[i] : 0.0f;
	__syncthreads();
	for (int s = tile / 2; s > 0; s >>= 1) {
		if ((int)threadIdx.x < s)
			part[threadIdx.x] += part[threadIdx.x + s];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		out[blockIdx.x] = part[0];
}

extern "C" __global__ void tile_sum_t16(float *out, const float *in, size_t n)
{
	tile_sum<16, size_t>(out, in, n);
}

extern "C" __global__ void tile_sum_t32(float *out, const float *in, size_t n)
{
	tile_sum<32, size_t>(out, in, n);
}

extern "C" {
__global__ void tile_sum_t64(float *out, const float *in, int n)
{
	tile_sum<64, int>(out, in, n);
}
}

static int check(const char *name, const float *got, const float *in, int n, int tile)
{
	int bad = 0;

	for (int b = 0; b * tile < n; b++) {
		float want = 0;
		for (int i = b * tile; i < n && i < (b + 1) * tile; i++)
			want += in[i];
		if (got[b] != want) {
			printf("%s: block %d: %g, want %g\n", name, b, got[b], want);
			bad++;
		}
	}
	return bad;
}

int main()
{
	const int n = 1000;
	float h[n], r[n], *d_in, *d_out;
	int bad = 0;

	for (int i = 0; i < n; i++)
		h[i] = (float)(i % 7);
	checkCudaErrors(cudaMalloc(&d_in, n * sizeof(float)));
	checkCudaErrors(cudaMalloc(&d_out, n * sizeof(float)));
	checkCudaErrors(cudaMemcpy(d_in, h, n * sizeof(float), cudaMemcpyHostToDevice));

	tile_sum_t16<<<(n + 15) / 16, 16>>>(d_out, d_in, n);
	checkCudaErrors(cudaGetLastError());
	checkCudaErrors(cudaMemcpy(r, d_out, (n + 15) / 16 * sizeof(float), cudaMemcpyDeviceToHost));
	bad += check("tile_sum_t16", r, h, n, 16);

	tile_sum_t32<<<(n + 31) / 32, 32>>>(d_out, d_in, n);
	checkCudaErrors(cudaGetLastError());
	checkCudaErrors(cudaMemcpy(r, d_out, (n + 31) / 32 * sizeof(float), cudaMemcpyDeviceToHost));
	bad += check("tile_sum_t32", r, h, n, 32);

	void *args[] = { &d_out, &d_in, (void *)&n };
	checkCudaErrors(cudaLaunchKernel((const void *)tile_sum_t64, dim3((n + 63) / 64), dim3(64), args, 0, 0));
	checkCudaErrors(cudaMemcpy(r, d_out, (n + 63) / 64 * sizeof(float), cudaMemcpyDeviceToHost));
	bad += check("tile_sum_t64", r, h, n, 64);

	checkCudaErrors(cudaFree(d_in));
	checkCudaErrors(cudaFree(d_out));
	printf("%s\n", bad ? "FAIL" : "PASS");
	return bad ? 1 : 0;
}
