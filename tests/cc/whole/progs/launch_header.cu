// Whole kernel launches written in macros of a header the .cu includes
// (`#define LAUNCH(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)` in a .cuh), used
// directly, with a do-while body and a dynamic shared size, through a macro
// of the .cu that calls one of them, in a template host function (the
// callee `add_to<T>` dependent), and a launch macro of the .cu with the
// chevrons but not the argument list.  Refused before: "a kernel launch
// <<<...>>> written inside a macro is not supported" (exit 1; the template's
// C++ did not compile, an internal error).  Results against host loops.
#include <cstdio>
#include <cuda_runtime.h>
#include "launch_header/launchers.cuh"

#define N 1000
#define SCALE_ALL(p, n, f) LAUNCH(scale, ((n) + 255) / 256, 256, p, n, f)
#define CONFIG_ONLY(k, g, b) k<<<g, b>>>

__global__ void fill(int *p, int n, int v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		p[i] = v + i;
}

__global__ void scale(int *p, int n, int f)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		p[i] *= f;
}

template <typename T>
__global__ void add_to(T *p, int n, T v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		p[i] += v;
}

template <typename T>
void add_all(T *p, int n, T v)
{
	LAUNCH(add_to<T>, (n + 63) / 64, 64, p, n, v);
}

template <typename T>
__global__ void block_sums(T *out, const T *in, int n)
{
	extern __shared__ unsigned char raw[];
	T *s = reinterpret_cast<T *>(raw);
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	s[threadIdx.x] = i < n ? in[i] : T(0);
	__syncthreads();
	for (unsigned k = blockDim.x / 2; k > 0; k /= 2) {
		if (threadIdx.x < k)
			s[threadIdx.x] += s[threadIdx.x + k];
		__syncthreads();
	}
	if (threadIdx.x == 0)
		out[blockIdx.x] = s[0];
}

int main()
{
	const int blocks = (N + 127) / 128;
	int h[N], sums[blocks], *d, *d_sums;
	int fails = 0;

	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&d_sums, sizeof(sums));

	LAUNCH(fill, (N + 255) / 256, 256, d, N, 3);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		if (h[i] != 3 + i) {
			printf("LAUNCH: [%d] = %d, want %d\n", i, h[i], 3 + i);
			fails++;
			break;
		}

	LAUNCH_CHECKED(fill, (N + 127) / 128, 128, d, N, -9);
	add_all(d, N, 4);
	SCALE_ALL(d, N, 2);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		if (h[i] != 2 * (i - 5)) {
			printf("LAUNCH_CHECKED, add_all, SCALE_ALL: [%d] = %d, want %d\n", i, h[i], 2 * (i - 5));
			fails++;
			break;
		}

	LAUNCH_TYPED(int, block_sums, N, d_sums, d, N);
	cudaMemcpy(sums, d_sums, sizeof(sums), cudaMemcpyDeviceToHost);
	for (int b = 0; b < blocks; b++) {
		int want = 0;

		for (int i = b * 128; i < (b + 1) * 128 && i < N; i++)
			want += 2 * (i - 5);
		if (sums[b] != want) {
			printf("LAUNCH_TYPED: [%d] = %d, want %d\n", b, sums[b], want);
			fails++;
			break;
		}
	}

	CONFIG_ONLY(fill, 4, 256)(d, N, 11);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		if (h[i] != 11 + i) {
			printf("CONFIG_ONLY: [%d] = %d, want %d\n", i, h[i], 11 + i);
			fails++;
			break;
		}

	cudaFree(d);
	cudaFree(d_sums);
	printf("%d passed, %d failed\n", 4 - fails, fails);
	printf(fails ? "FAIL\n" : "PASS\n");
	return fails != 0;
}
