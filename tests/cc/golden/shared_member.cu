// extern __shared__ in a __device__ member function (cuda-samples'
// SharedMemory<T>::getPointer()): the declaration becomes the fiber block's
// dynamic shared memory, and the template kernel that reaches it through a
// call depending on T (a MemberRefExpr without a spelling in libclang) runs
// as fibers; under loop fission the pointer would be NULL.
#include <cuda_runtime.h>

template <typename T> struct Dyn {
	__device__ T *get();
};

template <> struct Dyn<float> {
	__device__ float *get()
	{
		extern __shared__ float dyn_f[];
		return dyn_f;
	}
};

template <typename T> __global__ void rev_k(const T *in, T *out)
{
	Dyn<T> d;
	T *s = d.get();
	s[threadIdx.x] = in[threadIdx.x];
	__syncthreads();
	out[threadIdx.x] = s[blockDim.x - 1 - threadIdx.x];
}

int main()
{
	float *p = nullptr;
	rev_k<float><<<1, 32, 32 * sizeof(float)>>>(p, p);
	return 0;
}
// MODEL: kernel rev_k: fibers (calls 'get'
// CXX: float *const dyn_f = (float *)__idxgen_fiber_block()->dyn_shared;
