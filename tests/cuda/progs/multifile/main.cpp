// Host file of a multi-file program: plain C++ (built by the host compiler,
// not as CUDA) that uses the runtime API and calls the launchers of
// scale.cu and stats.cu.
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include "ops.h"

int main()
{
	const int n = 5000;
	std::vector<float> x(n), y(n);
	for (int i = 0; i < n; i++) {
		x[i] = (float)(i % 50);
		y[i] = (float)(i % 3);
	}
	float *d_x, *d_y;
	cudaMalloc(&d_x, n * sizeof(float));
	cudaMalloc(&d_y, n * sizeof(float));
	cudaMemcpy(d_x, x.data(), n * sizeof(float), cudaMemcpyHostToDevice);
	cudaMemcpy(d_y, y.data(), n * sizeof(float), cudaMemcpyHostToDevice);
	bool ok = launch_saxpy(2.0f, d_x, d_y, n) == 0;
	float sum = 0, max = 0;
	ok &= device_sum_max(d_y, n, &sum, &max) == 0;
	std::vector<float> out(n);
	cudaMemcpy(out.data(), d_y, n * sizeof(float), cudaMemcpyDeviceToHost);
	double want_sum = 0;
	float want_max = -1e30f;
	for (int i = 0; i < n; i++) {
		float v = 2.0f * x[i] + y[i];
		ok &= out[i] == v;
		want_sum += v;
		want_max = v > want_max ? v : want_max;
	}
	ok &= sum == (float)want_sum && max == want_max;
	printf("sum %.1f max %.1f (want %.1f %.1f)\n", sum, max, want_sum, want_max);
	cudaFree(d_x);
	cudaFree(d_y);
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
