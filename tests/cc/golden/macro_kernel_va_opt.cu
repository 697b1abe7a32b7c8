// Kernel-writing macros with __VA_OPT__ (C++20; clang and nvcc take it in
// C++17) written out before the translation (lib/cc/macro_kernel_expand.c,
// va_opt): the content where the variable arguments have tokens, nothing
// where they have none, substituted like the rest of the replacement list
// (`#__VA_ARGS__` in it too).  Refused before, on both paths: "kernel
// 'fill_index' is defined by macro 'FILL_KERNEL', which idxgen-cc does not
// write out" (this was tests/cc/bad/macro_kernel_va_opt.cu).  Pinned: each
// kernel's parameters (argument sizes, the stub's declaration) and body.
#define FILL_KERNEL(NAME, EXPR, ...)                                     \
	__global__ void NAME(float *p, int n __VA_OPT__(, ) __VA_ARGS__) \
	{                                                                \
		int i = blockIdx.x * blockDim.x + threadIdx.x;           \
		if (i < n)                                               \
			p[i] = EXPR;                                     \
	}
FILL_KERNEL(fill_index, (float)i)
FILL_KERNEL(fill_affine, a * i + b, float a, float b)

#define SCALE_KERNEL(NAME, ...)                                                           \
	__global__ void NAME(float *out, const float *in __VA_OPT__(, float __VA_ARGS__)) \
	{                                                                                 \
		int i = threadIdx.x;                                                      \
		out[i] = in[i] __VA_OPT__(*__VA_ARGS__ + (float)sizeof(#__VA_ARGS__));    \
	}
SCALE_KERNEL(copy_k)
SCALE_KERNEL(scale_k, s)

// CHECK: /* __global__ fill_index: called once per block; 1 thread loop(s), 0 barrier(s) */
// CHECK: p[i] = (float)i;
// CHECK: fill_index__arg_sizes[] = { sizeof(float *), sizeof(int) };
// CHECK: /* __global__ fill_affine: called once per block; 1 thread loop(s), 0 barrier(s) */
// CHECK: p[i] = a * i + b;
// CHECK: fill_affine__arg_sizes[] = { sizeof(float *), sizeof(int), sizeof(float), sizeof(float) };
// CHECK: /* __global__ copy_k: called once per block; 1 thread loop(s), 0 barrier(s) */
// CHECK: out[i] = in[i];
// CHECK: copy_k__arg_sizes[] = { sizeof(float *), sizeof(const float *) };
// CHECK: /* __global__ scale_k: called once per block; 1 thread loop(s), 0 barrier(s) */
// CHECK: out[i] = in[i] *s + (float)sizeof("s");
// CHECK: scale_k__arg_sizes[] = { sizeof(float *), sizeof(const float *), sizeof(float) };

// MODEL: kernel fill_index: fission
// MODEL: kernel fill_affine: fission
// MODEL: kernel copy_k: fission
// MODEL: kernel scale_k: fission

// CXX: __global__ void fill_index(float *p, int n)
// CXX: __global__ void fill_affine(float *p, int n , float a, float b)
// CXX: __global__ void copy_k(float *out, const float *in)
// CXX: __global__ void scale_k(float *out, const float *in , float s)
