// expect: 37:2: error: 'max_magnitude::operator()' differs under __CUDA_ARCH__ and cub::DeviceReduce::Reduce would run its host branch where nvcc runs the device branch (idxgen's CUB runs its device-wide primitives on host threads, outside device view)
// cub::DeviceReduce::Reduce with a __host__ __device__ operator whose body
// differs under __CUDA_ARCH__ (the device branch compares magnitudes with
// fabsf, the host branch signed values).  nvcc's CUB runs it in device
// code; idxgen's CUB (include/cuda/cub) runs it on host threads, so it took
// the host branch: "max 3.000000, want -7.000000" before
// (lib/cc/thrust_arch.c now refuses the call).  Two-pass CUB style: size
// query, then the reduction; the reference does not depend on the order.
#include <cub/cub.cuh>
#include <cmath>
#include <cstdio>

struct max_magnitude {
	__host__ __device__ float operator()(float a, float b) const
	{
#ifdef __CUDA_ARCH__
		return fabsf(a) >= fabsf(b) ? a : b;
#else
		return a >= b ? a : b;
#endif
	}
};

int main(void)
{
	const int n = 8;
	float h[n] = { 1, -2, 3, -7, 0.5f, 2, -1, 3 };
	float *d_in, *d_out, out = 0, want = h[0];
	void *tmp = NULL;
	size_t bytes = 0;

	for (int i = 1; i < n; i++)
		want = fabsf(want) >= fabsf(h[i]) ? want : h[i];
	cudaMalloc(&d_in, sizeof(h));
	cudaMalloc(&d_out, sizeof(float));
	cudaMemcpy(d_in, h, sizeof(h), cudaMemcpyHostToDevice);
	cub::DeviceReduce::Reduce(tmp, bytes, d_in, d_out, n, max_magnitude(), 0.0f);
	cudaMalloc(&tmp, bytes);
	cub::DeviceReduce::Reduce(tmp, bytes, d_in, d_out, n, max_magnitude(), 0.0f);
	cudaMemcpy(&out, d_out, sizeof(float), cudaMemcpyDeviceToHost);
	printf("max %f, want %f\n", out, want);
	printf("%s\n", out == want ? "PASS" : "FAIL");
	cudaFree(tmp);
	return out == want ? 0 : 1;
}
