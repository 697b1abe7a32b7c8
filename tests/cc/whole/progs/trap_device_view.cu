// A block that traps leaves its block function by a jump, past the end of
// the scope that says "device code runs on this thread" (the view a
// __host__ __device__ function whose body differs under __CUDA_ARCH__
// reads).  The thread that waits for a launch runs blocks too (here every
// block: one runtime thread), so after a kernel traps, host code on that
// thread must still get the host branch: nvcc compiled it for the host.
// The trap: a recursion deeper than the thread's stack (on a GPU, past
// cudaLimitStackSize; here past IDXGEN_FIBER_STACK -- the helper with a
// barrier makes the kernel run as fibers).
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__host__ __device__ int where(void)
{
#ifdef __CUDA_ARCH__
	return 1;	// device
#else
	return 2;	// host
#endif
}

__host__ __device__ int twice_where(int v)
{
	return 2 * v + where();
}

__device__ int deep(volatile int *scratch, int depth)
{
	volatile int frame[512];	// 2 KiB a level

	frame[depth & 511] = depth;
	if (depth == 0)
		return frame[0];
	return deep(scratch, depth - 1) + frame[depth & 511] - depth + scratch[0];
}

__device__ int block_where(int *tmp)
{
	tmp[threadIdx.x] = where();
	__syncthreads();
	return tmp[(threadIdx.x + 1) % blockDim.x];
}

__global__ void probe(int *out, int depth)
{
	__shared__ int tmp[32];
	__shared__ int zero[1];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	zero[0] = 0;
	out[i] = block_where(tmp);
	if (depth && i == 40)
		out[i] += deep(zero, depth);
}

int main()
{
	int *out, bad = 0;

	setenv("IDXGEN_NUM_THREADS", "1", 1);	// the waiting thread runs the blocks
	setenv("IDXGEN_FIBER_STACK", "64k", 1);
	cudaMallocManaged(&out, 64 * sizeof(int));
	probe<<<2, 32>>>(out, 0);
	if (cudaDeviceSynchronize() != cudaSuccess || out[0] != 1 || out[63] != 1) {
		printf("the launch without a trap: out[0] %d, out[63] %d\n", out[0], out[63]);
		bad++;
	}
	if (where() != 2) {
		printf("host view after a launch: where() %d, expected 2\n", where());
		bad++;
	}
	probe<<<2, 32>>>(out, 1000);	// 2 MB deep
	cudaError_t e = cudaDeviceSynchronize();
	if (e == cudaSuccess) {
		printf("the trapping launch reported success\n");
		bad++;
	}
	printf("trap: %s\n", cudaGetErrorName(e));
	if (where() != 2 || twice_where(5) != 12) {
		printf("host view after a trap: where() %d (expected 2), twice_where(5) %d (expected 12)\n", where(),
		       twice_where(5));
		bad++;
	}
	printf(bad ? "FAILED\n" : "PASS\n");
	return bad ? 1 : 0;
}
