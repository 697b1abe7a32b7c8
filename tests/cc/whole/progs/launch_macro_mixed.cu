// Whole launches written by macros in a file that also writes launch
// configurations by macro (`#define KERNEL_ARGS2(grid, block) <<<grid,
// block>>>`), as a program ported from Visual Studio mixes both: `RUN(p)`
// defined before the kernel it launches, a macro that invokes another one,
// one invoked inside another macro's arguments, a template kernel launched
// per type.  Refused before: "a kernel launch <<<...>>> written inside a
// macro is not supported" (exit 1) for every one of them, the `#define`
// before or after the kernel alike: the launch configuration's `<<<` was
// counted as a launch lib/cc/macro_launch.c could not rewrite, and one such
// launch anywhere in the file refused them all.  Results against host loops.
#include <cstdio>
#include <cuda_runtime.h>

#ifdef __CUDACC__
#define KERNEL_ARGS2(grid, block) <<<grid, block>>>
#else
#define KERNEL_ARGS2(grid, block)
#endif

#define N 256
#define THREADS 64

// Defined before the kernels they launch.
#define RUN_FILL(p, v) fill<<<N / THREADS, THREADS>>>(p, v)
#define RUN_SCALE(T, p, by) scale<T><<<N / THREADS, THREADS>>>((T *)(p), (T)(by))
#define FILL_THEN_SCALE(p, v, by) \
	do {                      \
		RUN_FILL(p, v);   \
		RUN_SCALE(int, p, by); \
	} while (0)
#define CHECKED(call)                                                   \
	do {                                                            \
		call;                                                   \
		if (cudaGetLastError() != cudaSuccess)                  \
			printf("launch failed at line %d\n", __LINE__); \
	} while (0)

__global__ void fill(int *p, int v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	p[i] = v + i;
}

template <typename T> __global__ void scale(T *p, T by)
{
	p[blockIdx.x * blockDim.x + threadIdx.x] *= by;
}

__global__ void add_index(int *p)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	p[i] += i;
}

static int expect(const char *what, const int *got, int base, int mul, int plus_index)
{
	for (int i = 0; i < N; i++) {
		int want = (base + i) * mul + plus_index * i;

		if (got[i] != want) {
			printf("%s: [%d] = %d, want %d\n", what, i, got[i], want);
			return 1;
		}
	}
	return 0;
}

int main()
{
	int h[N], *d, fails = 0;
	float hf[N], *df;

	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&df, sizeof(hf));

	RUN_FILL(d, 5);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	fails += expect("RUN_FILL", h, 5, 1, 0);

	FILL_THEN_SCALE(d, 1, 3);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	fails += expect("FILL_THEN_SCALE", h, 1, 3, 0);

	CHECKED(RUN_FILL(d, 7));
	add_index KERNEL_ARGS2(N / THREADS, THREADS)(d);
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	fails += expect("CHECKED and KERNEL_ARGS2", h, 7, 1, 1);

	for (int i = 0; i < N; i++)
		hf[i] = 0.5f * i;
	cudaMemcpy(df, hf, sizeof(hf), cudaMemcpyHostToDevice);
	RUN_SCALE(float, df, 4);
	cudaMemcpy(hf, df, sizeof(hf), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		if (hf[i] != 2.0f * i) {
			printf("RUN_SCALE(float): [%d] = %g, want %g\n", i, hf[i], 2.0f * i);
			fails++;
			break;
		}

	cudaFree(d);
	cudaFree(df);
	printf("%d passed, %d failed\n", 4 - fails, fails);
	printf(fails ? "FAIL\n" : "PASS\n");
	return fails != 0;
}
