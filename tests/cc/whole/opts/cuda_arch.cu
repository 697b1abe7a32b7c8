// __CUDA_ARCH__ as nvcc's two passes define it: device code (kernels and
// __device__ functions) sees the architecture of -arch / -gencode (900 by
// default: the device's compute capability 9.0), host code sees it
// undefined.  In the shapes public code uses it: a device function that
// exists only for new architectures, a specialisation under `#if
// __CUDA_ARCH__ >= 800`, a kernel body under `#if __CUDA_ARCH__ >= 700`
// with a fallback, a warp reduction choosing its intrinsic, host-only
// helpers under `#ifndef __CUDA_ARCH__`, and its value in a kernel under
// `#ifdef __CUDA_ARCH__` (nvcc's host pass parses kernels too).
// Run with -DEXPECT_ARCH=N beside the -arch it is built with.
#include <cstdio>
#include <cuda_runtime.h>

#ifndef EXPECT_ARCH
#define EXPECT_ARCH 900
#endif

#define N 64

#ifndef __CUDA_ARCH__
// the host pass only
static int host_helper(int v) { return v + 7; }
#endif

#if __CUDA_ARCH__ >= 700
__device__ int scaled(int v) { return v * 3; }
#endif

template <class T> __device__ T combine(T a, T b) { return a + b; }

#if __CUDA_ARCH__ >= 800
// newer devices: a specialisation for int (as a sample picks an intrinsic)
template <> __device__ int combine<int>(int a, int b) { return a + b + 1000; }
#endif

__device__ int pass_marker(void)
{
#ifdef __CUDA_ARCH__
	return 1;
#else
	return 2;
#endif
}

__device__ int warp_total(int v)
{
#if __CUDA_ARCH__ >= 800
	return __reduce_add_sync(0xffffffffu, v);
#else
	for (int off = 16; off > 0; off /= 2)
		v += __shfl_down_sync(0xffffffffu, v, off);
	return __shfl_sync(0xffffffffu, v, 0);
#endif
}

__global__ void probe(int *out, int *info)
{
	int t = blockIdx.x * blockDim.x + threadIdx.x;
#if __CUDA_ARCH__ >= 700
	out[t] = combine(scaled(t), 1);
#else
	out[t] = -1;
#endif
	int sum = warp_total(t);
	if ((t & 31) == 0)
		info[2 + t / 32] = sum;
	if (t == 0) {
#ifdef __CUDA_ARCH__
		info[0] = __CUDA_ARCH__;
#else
		info[0] = 0;
#endif
		info[1] = pass_marker();
	}
}

static int host_pass(void)
{
#if defined(__CUDA_ARCH__)
	return 1;
#else
	return 2;
#endif
}

int main(void)
{
	int *out, *info, h[N], hi[2 + N / 32], bad = 0;
#ifndef __CUDA_ARCH__
	int helper = host_helper(0);	// host code: the host pass's branch
#else
	int helper = -1;
#endif

	cudaMalloc(&out, N * sizeof(int));
	cudaMalloc(&info, sizeof(hi));
	probe<<<2, N / 2>>>(out, info);
	cudaMemcpy(h, out, sizeof(h), cudaMemcpyDeviceToHost);
	cudaMemcpy(hi, info, sizeof(hi), cudaMemcpyDeviceToHost);
	for (int t = 0; t < N; t++) {
		int want = EXPECT_ARCH >= 700 ? 3 * t + 1 + (EXPECT_ARCH >= 800 ? 1000 : 0) : -1;

		if (h[t] != want) {
			if (bad++ < 4)
				printf("out[%d] = %d, expected %d\n", t, h[t], want);
		}
	}
	for (int w = 0; w < N / 32; w++) {
		int want = 0;

		for (int l = 0; l < 32; l++)
			want += 32 * w + l;
		if (hi[2 + w] != want && bad++ < 8)
			printf("warp %d: sum %d, expected %d\n", w, hi[2 + w], want);
	}
	printf("device __CUDA_ARCH__ %d (expected %d), device pass marker %d, host pass %d, host helper %d\n",
	       hi[0], EXPECT_ARCH, hi[1], host_pass(), helper);
	if (hi[0] != EXPECT_ARCH || hi[1] != 1 || host_pass() != 2 || helper != 7)
		bad++;
	cudaFree(out);
	cudaFree(info);
	printf("%s\n", bad ? "FAILED" : "PASS");
	return bad != 0;
}
