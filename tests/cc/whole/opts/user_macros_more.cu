// Built, like user_macros.cu, with -D of every upper-case letter and of the
// names public CUDA code sizes itself with: the device headers of the CUDA
// libraries and of half precision, WMMA and libcu++ included after them
// (before: idxgen_curand_core.h's local `F` and mma.h's enumerators M, N, K
// stopped the build under -DF=... and -DN=...), one facility of each used,
// each result checked against plain arithmetic; our CUB too since the
// twenty-eighth session (before, its T and N stopped the build).  NVIDIA's
// CUB and Thrust name template parameters T and N themselves, so no program
// includes them under such macros with nvcc either, and NVIDIA's own curand_kernel.h
// (`template <int N>`) and cuda_device_runtime_api.h (`typename T`) stop
// nvcc at -DN=1000 and -DT=1000: nvcc builds this file with -DTHREADS=1000.
#include <cstdio>
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuda_fp8.h>
#include <curand_kernel.h>
#include <mma.h>
#include <cuda/barrier>
#include <cuda/pipeline>
#include <cuda/atomic>
#include <cuda_pipeline.h>
#include <cooperative_groups.h>
#include <cub/cub.cuh>
#include <cooperative_groups/memcpy_async.h>
#include <cooperative_groups/scan.h>
#include <cublas_v2.h>
#include <cufft.h>
#include <curand.h>
#include <cusparse.h>
#include <cusolverDn.h>
#include <nvrtc.h>

#ifndef THREADS
#error "built without -DTHREADS"
#endif

using namespace nvcuda;

// the same (seed, sequence) gives the same numbers; uniforms lie in (0, 1]
__global__ void draws(unsigned *words, float *uniforms)
{
	curandState s;
	curand_init(1234ULL, threadIdx.x / 2, 0, &s);
	words[threadIdx.x] = curand(&s);
	uniforms[threadIdx.x] = curand_uniform(&s);
}

// half and bfloat16 arithmetic on values they hold exactly
__global__ void halves(float *out)
{
	int i = threadIdx.x;
	__half h = __float2half(0.5f * (float)i);
	__nv_bfloat16 b = __float2bfloat16(2.0f * (float)i);
	out[i] = __half2float(__hadd(h, h)) + __bfloat162float(b);
}

// one warp: a 16x16 tile of ones times a 16x16 tile of twos
__global__ void tile(float *c)
{
	__shared__ __half a[256], b[256];
	for (int k = threadIdx.x; k < 256; k += 32)
		a[k] = __float2half(1.0f), b[k] = __float2half(2.0f);
	__syncthreads();
	wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
	wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
	wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
	wmma::fill_fragment(fc, 0.0f);
	wmma::load_matrix_sync(fa, a, 16);
	wmma::load_matrix_sync(fb, b, 16);
	wmma::mma_sync(fc, fa, fb, fc);
	wmma::store_matrix_sync(c, fc, 16, wmma::mem_row_major);
}

// a block of 64 sums its thread numbers: 0 + 1 + ... + 63 = 2016
__global__ void block_sum(int *sum)
{
	typedef cub::BlockReduce<int, 64> Reduce;
	__shared__ typename Reduce::TempStorage temp;
	int total = Reduce(temp).Sum((int)threadIdx.x);
	if (threadIdx.x == 0)
		*sum = total;
}

int main()
{
	unsigned *words;
	float *uniforms, *h, *c;
	int *sum;
	cudaMallocManaged(&words, 64 * sizeof(unsigned));
	cudaMallocManaged(&uniforms, 64 * sizeof(float));
	cudaMallocManaged(&h, 32 * sizeof(float));
	cudaMallocManaged(&c, 256 * sizeof(float));
	cudaMallocManaged(&sum, sizeof(int));
	draws<<<1, 64>>>(words, uniforms);
	halves<<<1, 32>>>(h);
	tile<<<1, 32>>>(c);
	block_sum<<<1, 64>>>(sum);
	bool ok = cudaDeviceSynchronize() == cudaSuccess;
	for (int i = 0; i < 64; i += 2)
		ok = ok && words[i] == words[i + 1] && uniforms[i] == uniforms[i + 1] && uniforms[i] > 0.0f &&
		     uniforms[i] <= 1.0f && (i == 0 || words[i] != words[i - 2]);
	for (int i = 0; i < 32; i++)
		ok = ok && h[i] == 3.0f * (float)i;
	for (int k = 0; k < 256; k++)
		ok = ok && c[k] == 32.0f;
	cudaFree(words);
	cudaFree(uniforms);
	cudaFree(h);
	ok = ok && *sum == 64 * 63 / 2;
	cudaFree(c);
	cudaFree(sum);
	printf("THREADS=%d\n%s\n", (int)THREADS, ok ? "PASS" : "FAIL");
	return ok ? 0 : 1;
}
