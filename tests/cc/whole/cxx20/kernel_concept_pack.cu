// A kernel template whose parameter pack a C++20 concept constrains
// (`template <Arith... Ts>`): the host stub keeps `Arith... Ts`, else it
// declares another template and the launch's has no definition.  Before:
// "undefined reference to `void weighted_sum<int, float, long>(...)'",
// exit 1.  Packs run as fibers (loop fission takes none), so whole.sh builds
// it under auto and fibers.  Each block writes the weighted sum of the
// arguments at its own index; results against the host's arithmetic.
#include <concepts>
#include <cstdio>
#include <cuda_runtime.h>

template <typename T>
concept Arith = std::integral<T> || std::floating_point<T>;

template <Arith... Ts>
__global__ void weighted_sum(double *out, Ts... xs)
{
	__shared__ double part[32];

	part[threadIdx.x] = threadIdx.x == 0 ? (0.0 + ... + double(xs)) : 0.0;
	__syncthreads();
	if (threadIdx.x == 0) {
		double s = 0;

		for (int i = 0; i < 32; i++)
			s += part[i];
		out[blockIdx.x] = s * (blockIdx.x + 1);
	}
}

int main()
{
	double h[4], *d;
	int fails = 0;

	cudaMalloc(&d, sizeof(h));
	weighted_sum<<<4, 32>>>(d, 1, 2.5f, 3L);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int b = 0; b < 4; b++)
		if (h[b] != 6.5 * (b + 1)) {
			printf("block %d: %g, want %g\n", b, h[b], 6.5 * (b + 1));
			fails++;
		}
	weighted_sum<<<4, 32>>>(d, 7u);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int b = 0; b < 4; b++)
		if (h[b] != 7.0 * (b + 1)) {
			printf("one argument, block %d: %g, want %g\n", b, h[b], 7.0 * (b + 1));
			fails++;
		}
	cudaFree(d);
	printf("%d passed, %d failed\n", 8 - fails, fails);
	printf(fails ? "FAIL\n" : "PASS\n");
	return fails != 0;
}
