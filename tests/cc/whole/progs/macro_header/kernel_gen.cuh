// Kernel-writing macros with optional extra parameters (macro_header.cu).
#pragma once

// An elementwise kernel NAME computing p[i] = EXPR, its extra parameters optional.
#define ELEMENTWISE_KERNEL(NAME, EXPR, ...)                                  \
	__global__ void NAME(float *p, int n __VA_OPT__(, ) __VA_ARGS__)     \
	{                                                                    \
		int i = blockIdx.x * blockDim.x + threadIdx.x;               \
		if (i < n)                                                   \
			p[i] = EXPR;                                         \
	}

// A block sum through shared memory, templated on the element type.
#define BLOCK_SUM_KERNEL(NAME)                                                   \
	template <typename T>                                                    \
	__global__ void NAME(T *out, const T *in)                                \
	{                                                                        \
		extern __shared__ unsigned char raw[];                           \
		T *s = reinterpret_cast<T *>(raw);                               \
		unsigned t = threadIdx.x;                                        \
		s[t] = in[blockIdx.x * blockDim.x + t];                          \
		__syncthreads();                                                 \
		for (unsigned k = blockDim.x / 2; k > 0; k /= 2) {               \
			if (t < k)                                               \
				s[t] += s[t + k];                                \
			__syncthreads();                                         \
		}                                                                \
		if (t == 0)                                                      \
			out[blockIdx.x] = s[0];                                  \
	}
