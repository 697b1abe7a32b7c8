// Threads as fibers beside loop fission (lib/cc/README.md "Two execution
// models"): a kernel that calls a __device__ function with __syncthreads()
// inside an expression (called as a statement of its own, such a helper is
// inlined for loop fission: barrier_helper.cu) runs as fibers -- its text as written in a namespace of its own, its
// __shared__ arrays thread_local (one block at a time per worker), an
// entry per thread that unpacks the arguments, a block function that runs
// the threads as fibers -- while a kernel loop fission can run keeps its
// thread loops.
#include <cuda_runtime.h>

__device__ int block_sum(int v)
{
	__shared__ int buf[256];
	buf[threadIdx.x] = v;
	__syncthreads();
	for (unsigned s = blockDim.x / 2; s > 0; s >>= 1) {
		if (threadIdx.x < s)
			buf[threadIdx.x] += buf[threadIdx.x + s];
		__syncthreads();
	}
	return buf[0];
}

__global__ void with_helper(int *out, int n)
{
	__shared__ int seen[256];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	seen[threadIdx.x] = i < n;
	int s = 2 * block_sum(i < n ? out[i] : 0);
	if (i < n)
		out[i] = s + seen[threadIdx.x];
}

__global__ void plain(int *out)
{
	out[blockIdx.x * blockDim.x + threadIdx.x] += 1;
}

// MODEL: kernel with_helper: fibers (calls 'block_sum', which suspends the thread
// MODEL: kernel plain: fission

// CXX: /* __global__ with_helper: fibers, every thread a coroutine (calls 'block_sum'
// CXX-NEXT: namespace { namespace __idxgen_fiber_with_helper {
// CXX-NEXT: #line 24 "{{.*}}/fibers.cu"
// CXX-NEXT: void with_helper(int *out, int n)
// CXX: static thread_local int seen[256];
// CXX: } }
// CXX-NEXT: static void with_helper__fiber(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: __idxgen_cc_fiber_enter();
// CXX-NEXT: __idxgen_fiber_with_helper::with_helper(*(int * *)__b->args[0], *(int *)__b->args[1]);
// CXX-NEXT: }
// CXX-NEXT: static void with_helper__block(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: idxgen_cc_set_block(__b);
// CXX-NEXT: __idxgen_fiber_run(__b, with_helper__fiber);
// CXX-NEXT: }
// CXX: const struct idxgen_rt_kernel with_helper__kernel = { IDXGEN_RT_ABI_VERSION, 0, "with_helper", with_helper__block, 0, 0, nullptr, 2,
// CXX: /* __global__ plain: called once per block; 1 thread loop(s), 0 barrier(s) */
// CXX-NEXT: static void plain__block(struct idxgen_rt_block *__b)
