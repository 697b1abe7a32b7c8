// expect: 15:9: error: '__shfl_up_sync' in 'warp_scan' takes a value whose type depends on a template parameter: such calls run only as fibers (not with --exec-model=fission)
// exec-model: fission
// A shuffle on a value of a kernel template's parameter type stays an
// unresolved call in the template: loop fission's warp lowering does not see
// it, and forced to fission the program built and stopped at its launch ("a
// warp-level function called outside a fiber kernel").  Refused now; by
// default the kernel runs as fibers (whole/progs/warp_template_dependent.cu).
#include <cstdio>

template <typename T> __global__ void warp_scan(const T *in, T *out)
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

int main()
{
	int *a;
	cudaMallocManaged(&a, 32 * sizeof(int));
	warp_scan<int><<<1, 32>>>(a, a);
	cudaDeviceSynchronize();
	printf("%d\n", a[31]);
	return 0;
}
