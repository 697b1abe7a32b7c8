// Loop fission's per-block declarations (lib/cc/emit.c): a typedef the
// __shared__ storage names goes in front of the loops with it; a plain
// __shared__ array is a local of the block function (the prelude's
// thread_local switched off around it); `static __shared__` stays
// thread_local, one per worker (plain `static` was one per process).
#include <cuda_runtime.h>

template <int N> struct Stage {
	struct Storage {
		float v[N];
	};
};

__global__ void k(const float *in, float *out)
{
	float mine = in[threadIdx.x];
	typedef Stage<32> S;
	__shared__ typename S::Storage stage;
	static __shared__ int owner;
	if (threadIdx.x == 0)
		owner = blockIdx.x;
	stage.v[threadIdx.x] = mine;
	__syncthreads();
	out[threadIdx.x] = stage.v[31 - threadIdx.x] + owner;
}

int main()
{
	float *p = nullptr;
	k<<<1, 32>>>(p, p);
	return 0;
}
// MODEL: kernel k: fission
// CXX: typedef Stage<32> S;
// CXX-NEXT: #pragma push_macro("__shared__")
// CXX-NEXT: #undef __shared__
// CXX-NEXT: #define __shared__
// CXX-NEXT: __shared__ typename S::Storage stage;
// CXX-NEXT: #pragma pop_macro("__shared__")
// CXX-NEXT: static __shared__ int owner;
// CXX-NEXT: /* thread loop 0
