// Macros that nvcc's two passes define differently at file scope
// (`#ifdef __CUDA_ARCH__ #define X a #else #define X b #endif`): kernels and
// __device__ functions get the device pass's text, host code the host
// pass's, as when nvcc compiles the file twice.  An object-like macro, a
// function-like one, one continued over two lines, and a group under
// `__CUDA_ARCH__ >= 800`.  (nvcc's host pass parses device functions too:
// a macro only the device pass defines cannot be used in one.)
#include <cstdio>
#include <cuda_runtime.h>

#define N 64

#ifdef __CUDA_ARCH__
#define SCALE 3
#define PICK(dev, host) (dev)
#define OFFSET(i) \
	((i) + 1000)
#else
#define SCALE 5
#define PICK(dev, host) (host)
#define OFFSET(i) ((i) + 2000)
#endif

#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
#define UNROLL_BY 4
#else
#define UNROLL_BY 1
#endif

__device__ int dev_scale(int v)
{
	return v * SCALE + 7;
}

__global__ void probe(int *out)
{
	int i = threadIdx.x;

	out[i] = dev_scale(i) + PICK(100, 200) + OFFSET(i) + UNROLL_BY;
}

int main()
{
	int *out, bad = 0;

	cudaMallocManaged(&out, N * sizeof(int));
	probe<<<1, N>>>(out);
	cudaDeviceSynchronize();
	for (int i = 0; i < N; i++) {
		int want = (i * 3 + 7) + 100 + (i + 1000) + 4;	// the device pass's macros, sm_90

		if (out[i] != want && bad++ < 4)
			printf("out[%d] = %d, expected %d\n", i, out[i], want);
	}
	// host code: the host pass's
	if (SCALE != 5 || PICK(100, 200) != 200 || OFFSET(1) != 2001 || UNROLL_BY != 1) {
		printf("host view: SCALE %d, PICK %d, OFFSET(1) %d, UNROLL_BY %d\n", SCALE, PICK(100, 200), OFFSET(1),
		       UNROLL_BY);
		bad++;
	}
	printf("out[0] %d, out[63] %d\n", out[0], out[63]);
	cudaFree(out);
	printf(bad ? "FAILED\n" : "PASS\n");
	return bad ? 1 : 0;
}
