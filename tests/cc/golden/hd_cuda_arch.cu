// __CUDA_ARCH__ in a __host__ __device__ function (lib/cc/README.md
// "__CUDA_ARCH__"): its body is kept twice in the one function, the host
// view first and the device view after `else` on the line of the closing
// brace (every line keeps its number; #pragma becomes _Pragma), chosen by
// idxgen_cc_device_view(); every kernel's block function, loop fission's
// and the fibers', holds an idxgen_cc_device_scope so that its threads see
// the device view.  A __device__ function keeps the device branch only, a
// host function the host branch only.
#include <cuda_runtime.h>

__host__ __device__ inline int pick(int v)
{
	int r = 0;
#ifdef __CUDA_ARCH__
#pragma unroll
	for (int k = 0; k < 2; k++)
		r += v;	// device
#else
	r = v + 1;	// host
#endif
	return r;
}

__device__ int dev_only(int v)
{
#if __CUDA_ARCH__ >= 700
	return v + 7;
#else
	return v;
#endif
}

int host_only(int v)
{
#ifndef __CUDA_ARCH__
	return v - 1;
#else
	return v;
#endif
}

__device__ int block_total(int v)
{
	__shared__ int s[64];
	s[threadIdx.x] = v;
	__syncthreads();
	return s[0] + s[blockDim.x - 1];
}

__global__ void loops(int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = pick(i) + dev_only(i);
}

__global__ void fibers(int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	out[i] = 1 + block_total(pick(i));	/* not inlined (barrier_helper.cu): fibers */
}

int main(void)
{
	int *d;
	cudaMalloc(&d, 64 * sizeof(int));
	loops<<<1, 64>>>(d);
	fibers<<<1, 64>>>(d);
	return pick(host_only(1)) == 2 ? 0 : 1;
}

// CXX-LABEL: inline int pick(int v)
// CXX-NEXT: {if(!idxgen_cc_device_view()){
// CXX-NEXT: int r = 0;
// CXX-NOT: r += v
// CXX: r = v + 1;
// CXX-NOT: r += v
// CXX: return r;
// CXX-NEXT: }else{ {{ *}}int r = 0; {{ *}}_Pragma(" unroll") {{ *}}for (int k = 0; k < 2; k++) {{ *}}r += v; {{ *}}return r; }}{{$}}
// CXX-LABEL: int dev_only(int v)
// CXX-NOT: idxgen_cc_device_view
// CXX: return v + 7;
// CXX-NOT: return v;
// CXX-LABEL: int host_only(int v)
// CXX-NOT: idxgen_cc_device_view
// CXX: return v - 1;
// CXX-NOT: return v;
// CXX-LABEL: static void loops__block(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: idxgen_cc_set_block(__b);
// CXX-NEXT: idxgen_cc_device_scope __idxgen_ds;
// CXX-LABEL: static void fibers__block(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: idxgen_cc_set_block(__b);
// CXX-NEXT: idxgen_cc_device_scope __idxgen_ds;
// CXX-NEXT: __idxgen_fiber_run(__b, fibers__fiber);
