// A cuda::barrier whose expected count is one more than the threads that
// arrive: its phase can never complete.  On a GPU the block hangs; here the
// waiting threads find that no thread of the block can arrive any more and
// the launch fails cleanly (cudaErrorLaunchFailure, the message naming
// cuda::barrier::wait on stderr), never a hang or a pass.  Before that, a
// barrier with the right count completes its phases under every order.
#include <cuda/barrier>
#include <cuda_runtime.h>
#include <stdio.h>
#include <utility>

#pragma nv_diag_suppress static_var_with_dynamic_init

__global__ void count_phases(int extra, int *out)
{
	__shared__ cuda::barrier<cuda::thread_scope_block> bar;
	__shared__ int seen[128];

	if (threadIdx.x == 0)
		init(&bar, blockDim.x + extra);
	__syncthreads();
	seen[threadIdx.x] = threadIdx.x;
	auto token = bar.arrive();
	bar.wait(std::move(token));
	out[blockIdx.x * blockDim.x + threadIdx.x] = seen[(threadIdx.x + 1) % blockDim.x];
}

int main()
{
	int *d, h[256], ok = 1;

	cudaMalloc(&d, sizeof(h));
	count_phases<<<2, 128>>>(0, d);
	ok &= cudaDeviceSynchronize() == cudaSuccess;
	cudaMemcpy(h, d, sizeof(h), cudaMemcpyDeviceToHost);
	for (int i = 0; i < 256; i++)
		ok &= h[i] == (i % 128 + 1) % 128;
	printf("right count: %s\n", ok ? "every thread saw its neighbour's store" : "wrong");

	count_phases<<<2, 128>>>(1, d);
	cudaError_t e = cudaDeviceSynchronize();
	printf("one arrival short: %s\n", cudaGetErrorName(e));
	ok &= e == cudaErrorLaunchFailure;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
