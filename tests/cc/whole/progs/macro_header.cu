// Macros that write launch configurations (`#define KERNEL_ARGS2(grid,
// block) <<<grid, block>>>`) and kernels (with __VA_OPT__ for optional
// parameters) kept in the program's own headers, one including the other,
// as ported Visual Studio projects and kernel generators keep them.  Both
// were refused before because their #define was not in the .cu: "a kernel
// launch <<<...>>> written inside a macro is not supported" and "kernel
// 'fill_index' is defined by macro 'ELEMENTWISE_KERNEL', which idxgen-cc
// does not write out" (exit 1).  Results against host loops.
#include <cstdio>
#include <cuda_runtime.h>
#include "macro_header/launch_args.h"

#define N 512
#define THREADS 128

ELEMENTWISE_KERNEL(fill_index, (float)i)
ELEMENTWISE_KERNEL(fill_affine, a * i + b, float a, float b)
BLOCK_SUM_KERNEL(block_sum)

int main()
{
	float h[N], *d, sums[N / THREADS], *d_sums;
	int fails = 0;

	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&d_sums, sizeof(sums));

	fill_index KERNEL_ARGS2(N / THREADS, THREADS)(d, N);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		if (h[i] != (float)i) {
			printf("fill_index: [%d] = %g, want %d\n", i, h[i], i);
			fails++;
			break;
		}

	fill_affine KERNEL_ARGS2(N / THREADS, THREADS)(d, N, 0.5f, 2.0f);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		if (h[i] != 0.5f * i + 2.0f) {
			printf("fill_affine: [%d] = %g, want %g\n", i, h[i], 0.5f * i + 2.0f);
			fails++;
			break;
		}

	block_sum<float> KERNEL_ARGS3(N / THREADS, THREADS, THREADS * sizeof(float))(d_sums, d);
	cudaMemcpy(sums, d_sums, sizeof(sums), cudaMemcpyDeviceToHost);
	for (int b = 0; b < N / THREADS; b++) {
		float want = 0;

		for (int i = b * THREADS; i < (b + 1) * THREADS; i++)
			want += 0.5f * i + 2.0f;
		if (sums[b] != want) {
			printf("block_sum: [%d] = %g, want %g\n", b, sums[b], want);
			fails++;
			break;
		}
	}

	cudaFree(d);
	cudaFree(d_sums);
	printf("%d passed, %d failed\n", 3 - fails, fails);
	printf(fails ? "FAIL\n" : "PASS\n");
	return fails != 0;
}
