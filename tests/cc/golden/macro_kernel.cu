// Kernels whose whole definition a macro writes (lib/cc/macro_kernel_expand.c):
// before the translation each invocation is replaced by one level of its
// expansion on the invocation's line, so the kernels translate as if written
// out: on the C path (CHECK) and in whole programs (CXX, MODEL), each with
// loop fission.  Refused before on both paths ("kernel 'scale' is defined
// by macro 'KERNEL': ..."; this file was tests/cc/bad/macro_kernel.cu).
// Pinned: the thread loops name the invocation's line; `##` pastes names,
// an X-macro list is written out in two rounds, and the other macros the
// kernel names (BS) stay macros.
#define KERNEL(NAME)                                           \
	__global__ void NAME(float *p, int n)                  \
	{                                                      \
		int i = blockIdx.x * blockDim.x + threadIdx.x; \
		if (i < n)                                     \
			p[i] = p[i] * 2;                       \
	}
KERNEL(scale)

#define STEPS(X) X(inc, 1) X(dec, -1)
#define STEP(NAME, D)                                          \
	__global__ void NAME##_k(int *p, int n)                \
	{                                                      \
		int i = blockIdx.x * blockDim.x + threadIdx.x; \
		if (i < n)                                     \
			p[i] += D;                             \
	}
STEPS(STEP)

#define BS 64
#define REVERSE(T)                                             \
	__global__ void reverse_##T(const T *in, T *out)       \
	{                                                      \
		__shared__ T tile[BS];                         \
		int t = threadIdx.x;                           \
		tile[t] = in[blockIdx.x * BS + t];             \
		__syncthreads();                               \
		out[blockIdx.x * BS + t] = tile[BS - 1 - t];   \
	}
REVERSE(float)

// CHECK: /* __global__ scale: called once per block; 1 thread loop(s), 0 barrier(s) */
// CHECK: /* thread loop 0: {{.*}}macro_kernel.cu lines 17-17 */
// CHECK: p[i] = p[i] * 2;
// CHECK: /* __global__ inc_k: called once per block; 1 thread loop(s), 0 barrier(s) */
// CHECK: /* thread loop 0: {{.*}}macro_kernel.cu lines 27-27 */
// CHECK: p[i] += 1;
// CHECK: /* __global__ dec_k: called once per block; 1 thread loop(s), 0 barrier(s) */
// CHECK: p[i] += -1;
// CHECK: /* __global__ reverse_float: called once per block; 2 thread loop(s), 1 barrier(s) */
// CHECK: __shared__ float tile[BS];
// CHECK: /* thread loop 0: {{.*}}macro_kernel.cu lines 39-39 */
// CHECK: tile[t] = in[blockIdx.x * BS + t];
// CHECK: /* thread loop 1: {{.*}}macro_kernel.cu lines 39-39 */
// CHECK: out[blockIdx.x * BS + t] = tile[BS - 1 - t];

// MODEL: kernel scale: fission
// MODEL: kernel inc_k: fission
// MODEL: kernel dec_k: fission
// MODEL: kernel reverse_float: fission

// CXX: static void scale__block(struct idxgen_rt_block *__b)
// CXX: __global__ void scale(float *p, int n)
// CXX: __idxgenRegisterFunction((const void *)&scale, &scale__kernel);
// CXX: #line 17 "{{.*}}macro_kernel.cu"
// CXX: static void inc_k__block(struct idxgen_rt_block *__b)
// CXX: __global__ void inc_k(int *p, int n)
// CXX: __global__ void dec_k(int *p, int n)
// CXX: #line 27 "{{.*}}macro_kernel.cu"
// CXX: __global__ void reverse_float(const float *in, float *out)
// CXX: #line 39 "{{.*}}macro_kernel.cu"
