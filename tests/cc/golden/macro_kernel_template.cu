// Template kernels a macro writes, in whole programs (lib/cc/macro_kernel_expand.c):
// a template family whose template parameter's name is an argument, a
// signature macro that writes the `template <...>` header (the body is the
// file's), and GNU's `, ## __VA_ARGS__` with and without extra parameters.
// Each invocation is replaced by its expansion on its own line, so the host
// stub repeats the kernel's declaration as the expansion writes it, and a
// `#line` names the invocation's line.  Refused before ("kernel 'scale' is
// defined by macro 'DEFINE_SCALE'", "the 'template <...>' header of kernel
// 'twice' is written by macro 'KERNEL_SIG'").
#include <cuda_runtime.h>

#define DEFINE_SCALE(NAME, T)                                          \
	template <typename T>                                          \
	__global__ void NAME(T *p, T f, int n)                         \
	{                                                              \
		int i = blockIdx.x * blockDim.x + threadIdx.x;         \
		if (i < n)                                             \
			p[i] *= f;                                     \
	}
DEFINE_SCALE(scale, Elem)

#define KERNEL_SIG(NAME) template <typename T> __global__ void NAME(T *p, int n)
KERNEL_SIG(twice)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		p[i] = p[i] * 2;
}

#define FILL(NAME, EXPR, ...)                                          \
	__global__ void NAME(float *p, int n, ##__VA_ARGS__)           \
	{                                                              \
		int i = blockIdx.x * blockDim.x + threadIdx.x;         \
		if (i < n)                                             \
			p[i] = EXPR;                                   \
	}
FILL(fill_index, (float)i)
FILL(fill_affine, a * i + b, float a, float b)

void run(float *p, int n)
{
	scale<float><<<(n + 127) / 128, 128>>>(p, 2.0f, n);
	twice<<<(n + 127) / 128, 128>>>(p, n);
	fill_index<<<(n + 127) / 128, 128>>>(p, n);
	fill_affine<<<(n + 127) / 128, 128>>>(p, n, 0.5f, 1.0f);
}

// MODEL: kernel scale: fission
// MODEL: kernel twice: fission
// MODEL: kernel fill_index: fission
// MODEL: kernel fill_affine: fission

// CXX: static void scale__block(struct idxgen_rt_block *__b)
// CXX: template <typename Elem> __global__ void scale(Elem *p, Elem f, int n)
// CXX: #line 20 "{{.*}}macro_kernel_template.cu"
// CXX: template <typename T> __global__ void twice(T *p, int n)
// CXX: #line 28 "{{.*}}macro_kernel_template.cu"
// CXX: __global__ void fill_index(float *p, int n)
// CXX: #line 37 "{{.*}}macro_kernel_template.cu"
// CXX: __global__ void fill_affine(float *p, int n, float a, float b)
// CXX: #line 38 "{{.*}}macro_kernel_template.cu"
