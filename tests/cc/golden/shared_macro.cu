// extern __shared__ written in a macro's body (the SharedMemory<T>
// specialisations that cuda-samples generate with a macro): the declaration
// is rewritten in the #define itself (lib/cc/macro_shared.c), so each
// expansion is the fiber block's dynamic shared memory; a plain __shared__
// in a macro keeps its text (the prelude defines __shared__ as thread_local).
#include <cuda_runtime.h>

#define SCRATCH(name) __shared__ int name[64]

template <typename T> struct Smem;
#define SMEM_FOR(t, n)                          \
	template <> struct Smem<t> {            \
		__device__ t *get()             \
		{                               \
			extern __shared__ __align__(16) t n[]; \
			return n;               \
		}                               \
	}
SMEM_FOR(float, smem_f);

__device__ int scratch_sum(int v)
{
	SCRATCH(buf);
	buf[threadIdx.x] = v;
	__syncthreads();
	return buf[0] + buf[blockDim.x - 1];
}

template <typename T> __global__ void rev_k(const T *in, T *out, int *sum)
{
	Smem<T> m;
	T *s = m.get();
	s[threadIdx.x] = in[threadIdx.x];
	__syncthreads();
	out[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
	sum[threadIdx.x] = scratch_sum((int)threadIdx.x);
}

int main()
{
	float *p = nullptr;
	int *q = nullptr;
	rev_k<float><<<1, 32, 32 * sizeof(float)>>>(p, p, q);
	return 0;
}
// MODEL: kernel rev_k: fibers
// CXX: #define SCRATCH(name) __shared__ int name[64]
// CXX: t *const n = (t *)__idxgen_fiber_block()->dyn_shared;
