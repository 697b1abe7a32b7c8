// Launch configurations written by macros, as code kept readable by an
// IDE's C++ parser writes them: `#define KERNEL_ARGS2(grid, block) <<< grid,
// block >>>` under __CUDACC__ (empty otherwise), launched as `k
// KERNEL_ARGS2(g, b)(args)`, the callee and arguments the file's, the
// chevrons the macro's.  Refused before: "a kernel launch <<<...>>> written
// inside a macro is not supported" (exit 1); each invocation is now written
// out in place before the parse (lib/cc/macro_chevrons.c).  Two, three and
// four parts of the configuration (dynamic shared memory, a stream), a
// template kernel; results against host loops.
#include <cstdio>
#include <cuda_runtime.h>

#ifdef __CUDACC__
#define KERNEL_ARGS2(grid, block) <<<grid, block>>>
#define KERNEL_ARGS3(grid, block, sh_mem) <<<grid, block, sh_mem>>>
#define KERNEL_ARGS4(grid, block, sh_mem, stream) <<<grid, block, sh_mem, stream>>>
#else
#define KERNEL_ARGS2(grid, block)
#define KERNEL_ARGS3(grid, block, sh_mem)
#define KERNEL_ARGS4(grid, block, sh_mem, stream)
#endif

#define N 512
#define THREADS 128

__global__ void add_index(int *p, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		p[i] += i;
}

// Reverses each block's tile through dynamic shared memory.
__global__ void reverse_tiles(int *out, const int *in)
{
	extern __shared__ int tile[];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	tile[threadIdx.x] = in[i];
	__syncthreads();
	out[i] = tile[blockDim.x - 1 - threadIdx.x];
}

template <typename T> __global__ void scale(T *p, T by)
{
	p[blockIdx.x * blockDim.x + threadIdx.x] *= by;
}

int main()
{
	int h[N], want[N], *d_a, *d_b, fails = 0;
	cudaStream_t st;

	cudaMalloc(&d_a, sizeof(h));
	cudaMalloc(&d_b, sizeof(h));
	cudaMemset(d_a, 0, sizeof(h));
	cudaStreamCreate(&st);

	add_index KERNEL_ARGS2(N / THREADS, THREADS)(d_a, N);
	scale<int> KERNEL_ARGS2(N / THREADS, THREADS)(d_a, 3);
	reverse_tiles KERNEL_ARGS3(N / THREADS, THREADS, THREADS * sizeof(int))(d_b, d_a);
	cudaMemcpy(h, d_b, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		want[i] = 3 * (i / THREADS * THREADS + THREADS - 1 - i % THREADS);
	for (int i = 0; i < N; i++)
		if (h[i] != want[i]) {
			printf("two and three parts: [%d] = %d, want %d\n", i, h[i], want[i]);
			fails++;
			break;
		}

	add_index KERNEL_ARGS4(N / THREADS, THREADS, 0, st)(d_b, N);
	cudaStreamSynchronize(st);
	cudaMemcpy(h, d_b, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < N; i++)
		if (h[i] != want[i] + i) {
			printf("four parts: [%d] = %d, want %d\n", i, h[i], want[i] + i);
			fails++;
			break;
		}

	if (cudaDeviceSynchronize() != cudaSuccess)
		fails++;
	cudaStreamDestroy(st);
	cudaFree(d_a);
	cudaFree(d_b);
	printf("%d passed, %d failed\n", 3 - fails, fails);
	printf(fails ? "FAIL\n" : "PASS\n");
	return fails != 0;
}
