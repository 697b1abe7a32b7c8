// A kernel parameter named dim3 (llm.c's permute_kernel(const float *matrix,
// float *out_matrix, int dim1, int dim2, int dim3, int dim4)) hides CUDA's
// type from there to the end of the body, and the thread loop's
// `const dim3 threadIdx = ...` did not compile ("must use 'struct' tag to
// refer to type 'dim3' in this scope": an internal error of the whole-program
// driver).  Such a kernel's thread loops spell the type __idxgen_dim3, the
// headers' second name for it; other kernels keep dim3.
__global__ void permute(const float *in, float *out, int dim1, int dim2, int dim3, int dim4)
{
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if (idx < dim1 * dim2 * dim3 * dim4) {
		int i1 = idx / (dim2 * dim3 * dim4) % dim1;
		int i2 = idx / (dim3 * dim4) % dim2;
		int i3 = idx / dim4 % dim3;
		int i4 = idx % dim4;
		out[((i4 * dim3 + i3) * dim1 + i1) * dim2 + i2] = in[idx];
	}
}

__global__ void copy(const float *in, float *out)
{
	out[threadIdx.x] = in[threadIdx.x];
}

// CHECK-LABEL: permute__block
// CHECK: int dim3 = {{.*}}args[4];
// CHECK: const __idxgen_dim3 threadIdx = { __tx, __ty, __tz };
// CHECK: const __idxgen_dim3 threadIdx = { __sx[__t], __sy[__t], __sz[__t] };
// CHECK-LABEL: copy__block
// CHECK: const dim3 threadIdx = { __tx, __ty, __tz };
// CXX: int dim3 = {{.*}}args[4];
// CXX: const __idxgen_dim3 threadIdx = { __tx, __ty, __tz };
// CXX: const dim3 threadIdx = { __tx, __ty, __tz };
