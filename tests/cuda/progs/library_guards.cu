// The habit of the official samples' helper header: one error-name function
// per library, each compiled only where the library's header is included
// (tested through NVIDIA's include-guard macro: CUBLAS_API_H_, _CUFFT_H_,
// CURAND_H_, CUSPARSEAPI, CUSOLVER_COMMON_H_), and one checking template
// that calls the right one for whatever status it is given.  A header
// without its guard leaves the template with no function to call: the
// program does not build.  The kernel's status goes through the same path.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>
#include <cublas_v2.h>
#include <cufft.h>
#include <curand.h>
#include <cusparse.h>
#include <cusolverDn.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <cuComplex.h>
#include <library_types.h>

#ifdef __DRIVER_TYPES_H__
static const char *statusName(cudaError_t e) { return cudaGetErrorName(e); }
#endif

#ifdef CUBLAS_API_H_
static const char *statusName(cublasStatus_t s)
{
	switch (s) {
	case CUBLAS_STATUS_SUCCESS: return "CUBLAS_STATUS_SUCCESS";
	case CUBLAS_STATUS_NOT_INITIALIZED: return "CUBLAS_STATUS_NOT_INITIALIZED";
	case CUBLAS_STATUS_INVALID_VALUE: return "CUBLAS_STATUS_INVALID_VALUE";
	default: return "<cublas>";
	}
}
#endif

#ifdef _CUFFT_H_
static const char *statusName(cufftResult s)
{
	switch (s) {
	case CUFFT_SUCCESS: return "CUFFT_SUCCESS";
	case CUFFT_INVALID_PLAN: return "CUFFT_INVALID_PLAN";
	case CUFFT_NOT_SUPPORTED: return "CUFFT_NOT_SUPPORTED";
	case CUFFT_MISSING_DEPENDENCY: return "CUFFT_MISSING_DEPENDENCY";
	case CUFFT_NVRTC_FAILURE: return "CUFFT_NVRTC_FAILURE";
	case CUFFT_NVJITLINK_FAILURE: return "CUFFT_NVJITLINK_FAILURE";
	case CUFFT_NVSHMEM_FAILURE: return "CUFFT_NVSHMEM_FAILURE";
	default: return "<cufft>";
	}
}
#endif

#ifdef CURAND_H_
static const char *statusName(curandStatus_t s)
{
	return s == CURAND_STATUS_LAUNCH_FAILURE ? "CURAND_STATUS_LAUNCH_FAILURE" : "<curand>";
}
#endif

#ifdef CUSPARSEAPI
static const char *statusName(cusparseStatus_t s)
{
	return s == CUSPARSE_STATUS_ZERO_PIVOT ? "CUSPARSE_STATUS_ZERO_PIVOT" : "<cusparse>";
}
#endif

#ifdef CUSOLVER_COMMON_H_
static const char *statusName(cusolverStatus_t s)
{
	return s == CUSOLVER_STATUS_INVALID_VALUE ? "CUSOLVER_STATUS_INVALID_VALUE" : "<cusolver>";
}
#endif

static int failures;

template <typename T>
static void expectName(T status, const char *want, int line)
{
	const char *got = statusName(status);
	if (strcmp(got, want) != 0) {
		printf("line %d: status %d is named %s, not %s\n", line, (int)status, got, want);
		failures++;
	}
}

__global__ void scale(float *v, float f, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		v[i] *= f;
}

int main()
{
	expectName(CUBLAS_STATUS_NOT_INITIALIZED, "CUBLAS_STATUS_NOT_INITIALIZED", __LINE__);
	expectName(CUBLAS_STATUS_INVALID_VALUE, "CUBLAS_STATUS_INVALID_VALUE", __LINE__);
	expectName(CUFFT_INVALID_PLAN, "CUFFT_INVALID_PLAN", __LINE__);
	expectName(CUFFT_MISSING_DEPENDENCY, "CUFFT_MISSING_DEPENDENCY", __LINE__);
	expectName(CUFFT_NVSHMEM_FAILURE, "CUFFT_NVSHMEM_FAILURE", __LINE__);
	expectName(CURAND_STATUS_LAUNCH_FAILURE, "CURAND_STATUS_LAUNCH_FAILURE", __LINE__);
	expectName(CUSPARSE_STATUS_ZERO_PIVOT, "CUSPARSE_STATUS_ZERO_PIVOT", __LINE__);
	expectName(CUSOLVER_STATUS_INVALID_VALUE, "CUSOLVER_STATUS_INVALID_VALUE", __LINE__);
	// CUDA 13's cuFFT codes follow CUFFT_NOT_SUPPORTED (16)
	if (CUFFT_MISSING_DEPENDENCY != 17 || CUFFT_NVSHMEM_FAILURE != 20) {
		printf("cuFFT's CUDA 13 codes have the wrong values\n");
		failures++;
	}

	// The other guards code tests before it uses a header's types.
	int guards = 0;
#ifdef CUBLAS_V2_H_
	guards |= 1;
#endif
#ifdef CUSPARSE_H_
	guards |= 2;
#endif
#ifdef CUSOLVERDN_H_
	guards |= 4;
#endif
#if defined(__CUDA_FP16_H__) && defined(__CUDA_FP16_TYPES_EXIST__)
	guards |= 8;
#endif
#if defined(__CUDA_BF16_H__) && defined(__CUDA_BF16_TYPES_EXIST__)
	guards |= 16;
#endif
#ifdef CU_COMPLEX_H_
	guards |= 32;
#endif
#ifdef __LIBRARY_TYPES_H__
	guards |= 64;
#endif
	if (guards != 127) {
		printf("include guards missing: mask %#x of 0x7f\n", guards);
		failures++;
	}

	const int n = 1000;
	float *v;
	cudaError_t err = cudaMallocManaged(&v, n * sizeof(float));
	expectName(err, "cudaSuccess", __LINE__);
	for (int i = 0; i < n; i++)
		v[i] = (float)i;
	scale<<<(n + 127) / 128, 128>>>(v, 0.5f, n);
	expectName(cudaDeviceSynchronize(), "cudaSuccess", __LINE__);
	for (int i = 0; i < n; i++)
		if (v[i] != 0.5f * (float)i) {
			printf("v[%d] = %g, not %g\n", i, v[i], 0.5f * (float)i);
			failures++;
			break;
		}
	expectName(cudaFree(v), "cudaSuccess", __LINE__);

	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures ? 1 : 0;
}
