// A kernel with C language linkage that runs as fibers (the driver-API
// samples' shape: `extern "C" __global__` wrappers of a template
// __device__ function with barriers).  Its copy in the fiber namespace gets
// C++ linkage (extern "C++"): functions with C linkage and one name are
// one function whatever their namespaces, so the copy would redefine the
// stub, which keeps C linkage (programs find it by its plain name).  A
// C++ kernel's copy is emitted as before.
#include <cuda_runtime.h>

template <int tile> __device__ void tile_sum(float *out, const float *in)
{
	__shared__ float part[tile];
	part[threadIdx.x] = in[blockIdx.x * tile + threadIdx.x];
	__syncthreads();
	if (threadIdx.x == 0) {
		float s = 0;
		for (int i = 0; i < tile; i++)
			s += part[i];
		out[blockIdx.x] = s;
	}
}

extern "C" __global__ void sum16(float *out, const float *in)
{
	tile_sum<16>(out, in);
}

extern "C" {
__global__ void sum32(float *out, const float *in)
{
	tile_sum<32>(out, in);
}
}

__global__ void sum64(float *out, const float *in)
{
	tile_sum<64>(out, in);
}

// MODEL: kernel sum16: fibers
// MODEL: kernel sum32: fibers
// MODEL: kernel sum64: fibers

// CXX: extern "C" {
// CXX-NEXT: /* __global__ sum16: fibers, every thread a coroutine
// CXX-NEXT: extern "C++" { namespace { namespace __idxgen_fiber_sum16 {
// CXX-NEXT: #line 23 "{{.*}}/extern_c_fibers.cu"
// CXX-NEXT: __global__ void sum16(float *out, const float *in)
// CXX: } } }
// CXX-NEXT: static void sum16__fiber(struct idxgen_rt_block *__b)
// CXX: __global__ void sum16(float *out, const float *in)
// CXX: void *__args[] = { (void *)&out, (void *)&in };
// CXX: /* __global__ sum32: fibers, every thread a coroutine
// CXX-NEXT: extern "C++" { namespace { namespace __idxgen_fiber_sum32 {
// CXX: } } }
// CXX-NEXT: static void sum32__fiber(struct idxgen_rt_block *__b)
// CXX: /* __global__ sum64: fibers, every thread a coroutine
// CXX-NEXT: namespace { namespace __idxgen_fiber_sum64 {
// CXX: } }
// CXX-NEXT: static void sum64__fiber(struct idxgen_rt_block *__b)
