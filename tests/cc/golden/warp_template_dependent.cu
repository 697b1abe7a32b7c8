// A warp-level function on a value of a kernel template's parameter type is
// an unresolved call in the template: loop fission's lowering (warp.c) does
// not see it, so the kernel runs as fibers (fiber_plan.c) and says why.
// (Whole program: tests/cc/whole/progs/warp_template_dependent.cu; forced to
// loop fission: tests/cc/whole/bad/warp_template_dependent_fission.cu.)
#include <cuda_runtime.h>

template <typename T> __global__ void scan_dependent(const T *in, T *out)
{
	int lane = threadIdx.x & 31;
	T x = in[threadIdx.x];
	for (int d = 1; d < 32; d <<= 1) {
		T y = __shfl_up_sync(0xffffffffu, x, d);
		if (lane >= d)
			x += y;
	}
	out[threadIdx.x] = x;
}

template __global__ void scan_dependent<float>(const float *, float *);

// MODEL: kernel scan_dependent: fibers ('__shfl_up_sync' on a value whose type depends on a template parameter: loop fission lowers only resolved warp-level calls)
