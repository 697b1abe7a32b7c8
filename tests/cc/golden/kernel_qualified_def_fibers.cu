// FLAGS: --exec-model=fibers
// Kernels defined outside their namespace (`__global__ void Aig::build(...)`,
// HeCBench logic-rewrite's form) run as fibers: the copy goes into the
// kernel's namespace, opened from the definition's scope, without the
// qualifier (a qualified name cannot be defined in a namespace that does
// not enclose its own), and the entry names it by that path.  The copy,
// qualifier and all, went into the translator's namespace at the
// definition's scope before: the C++ did not compile (an internal error).
#include <cuda_runtime.h>

namespace Aig {
__global__ void build(int n, int *out);
namespace Inner {
__global__ void twice(int n, int *out);
__global__ void thrice(int n, int *out);
}

/* defined in the outer namespace: only Inner is opened */
__global__ void Inner::thrice(int n, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] *= 3;
}
}

__global__ void Aig::build(int n, int *out)
{
	__shared__ int tile[32];
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	tile[threadIdx.x] = i;
	__syncthreads();
	if (i < n)
		out[i] = tile[31 - threadIdx.x];
}

__global__ void ::Aig::Inner::twice(int n, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] *= 2;
}

int main()
{
	Aig::build<<<1, 32>>>(32, nullptr);
	Aig::Inner::twice<<<1, 32>>>(32, nullptr);
	Aig::Inner::thrice<<<1, 32>>>(32, nullptr);
	return 0;
}
// CXX: namespace Inner { namespace { namespace __idxgen_fiber_thrice {
// CXX-NEXT: #line 19 "{{.*}}kernel_qualified_def_fibers.cu"
// CXX-NEXT: __global__ void thrice(int n, int *out)
// CXX: } } }{{$}}
// CXX-NEXT: static void thrice__thread(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: Inner::__idxgen_fiber_thrice::thrice(
// CXX: namespace Aig { namespace { namespace __idxgen_fiber_build {
// CXX-NEXT: #line 27 "{{.*}}kernel_qualified_def_fibers.cu"
// CXX-NEXT: __global__ void build(int n, int *out)
// CXX: } } }{{$}}
// CXX-NEXT: static void build__fiber(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: __idxgen_cc_fiber_enter();
// CXX-NEXT: Aig::__idxgen_fiber_build::build(
// CXX: __idxgenLaunchStub((const void *)&::Aig::build, &build__kernel, __args);
// CXX: namespace Aig { namespace Inner { namespace { namespace __idxgen_fiber_twice {
// CXX-NEXT: #line 37 "{{.*}}kernel_qualified_def_fibers.cu"
// CXX-NEXT: __global__ void twice(int n, int *out)
// CXX: } } } }{{$}}
// CXX-NEXT: static void twice__thread(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: Aig::Inner::__idxgen_fiber_twice::twice(
// MODEL: kernel thrice: fibers
// MODEL: kernel build: fibers
// MODEL: kernel twice: fibers
