// Issue 40: a thread loop whose inner loops all have a count known at
// compile time gets a full-unroll hint in front of each (lib/cc/unroll.c):
// unrolled, the thread loop is the innermost loop and vectorises (conv11's
// 11x11 taps ran scalar before).  A thread loop with any other loop, or a
// loop whose count is not known, gets none.
#define R 2

__global__ void taps(const int *in, int *out, int n)
{
	int f[4];
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int acc = 0;

	for (int k = 0; k < 4; k++)
		f[k] = k * n;
	for (int d = -R; d <= R; d++)
		for (unsigned k = 0; k < 4; k += 2)
			acc += in[x + d + 3] * f[k];
	if (x < n)
		for (int i = 7; i >= 0; --i)
			acc += in[x + i];
	out[x] = acc;
}
// CHECK-LABEL: static void taps__block(
// CHECK: /* uniform: once per block */
// CHECK-NOT: IDXGEN_CC_UNROLL_FULL
// CHECK: thread loop 0
// CHECK: IDXGEN_CC_UNROLL_FULL for (int d = -R; d <= R; d++)
// CHECK-NEXT: IDXGEN_CC_UNROLL_FULL for (unsigned k = 0; k < 4; k += 2)
// CHECK: if ((__idxgen_cond_0 || (x < n)))
// CHECK-NEXT: IDXGEN_CC_UNROLL_FULL for (int i = 7; i >= 0; --i)
// PLAN-LABEL: kernel taps:
// PLAN: thread loop 0: {{.*}}inner loops of constant count unrolled fully: the thread loop innermost

// a while loop beside a for of constant count: the thread loop stays outer, no hint
__global__ void with_while(const int *in, int *out)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int acc = 0;

	for (int i = 0; i < 4; i++)
		acc += in[x + i];
	while (acc > 100)
		acc /= 2;
	out[x] = acc;
}
// CHECK-LABEL: static void with_while__block(
// CHECK-NOT: IDXGEN_CC_UNROLL_FULL
// CHECK: static const size_t with_while__arg_sizes
// PLAN-LABEL: kernel with_while:
// PLAN-NOT: unrolled fully
// PLAN: variables:

// counts not known at compile time: a bound that is a parameter, a variable
// the body assigns, a break, an address taken, more than 64 iterations
__global__ void unknown(const int *in, int *out, int n)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int acc = 0;

	for (int i = 0; i < n; i++)
		acc += in[x + i];
	out[x] = acc;
}
// CHECK-LABEL: static void unknown__block(
// CHECK-NOT: IDXGEN_CC_UNROLL_FULL
// CHECK: static const size_t unknown__arg_sizes

__global__ void assigned(const int *in, int *out)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int acc = 0;

	for (int i = 0; i < 8; i++) {
		if (in[x] > i)
			i++;
		acc += i;
	}
	out[x] = acc;
}
// CHECK-LABEL: static void assigned__block(
// CHECK-NOT: IDXGEN_CC_UNROLL_FULL
// CHECK: static const size_t assigned__arg_sizes

__global__ void breaks(const int *in, int *out)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int acc = 0;

	for (int i = 0; i < 8; i++) {
		if (in[x + i] < 0)
			break;
		acc += in[x + i];
	}
	out[x] = acc;
}
// CHECK-LABEL: static void breaks__block(
// CHECK-NOT: IDXGEN_CC_UNROLL_FULL
// CHECK: static const size_t breaks__arg_sizes

__device__ void bump(int *p)
{
	(*p)++;
}

__global__ void address(const int *in, int *out)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int acc = 0;

	for (int i = 0; i < 8; i++) {
		acc += in[x + i];
		if (acc > 1000)
			bump(&i);
	}
	out[x] = acc;
}
// CHECK-LABEL: static void address__block(
// CHECK-NOT: IDXGEN_CC_UNROLL_FULL
// CHECK: static const size_t address__arg_sizes

__global__ void long_loop(const int *in, int *out)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int acc = 0;

	for (int i = 0; i < 100; i++)
		acc += in[x + i];
	out[x] = acc;
}
// CHECK-LABEL: static void long_loop__block(
// CHECK-NOT: IDXGEN_CC_UNROLL_FULL
// CHECK: static const size_t long_loop__arg_sizes

// a loop written by a macro: the hint would go in front of the macro's
// text, so the thread loop gets none
#define EACH4(i) for (int i = 0; i < 4; i++)

__global__ void macro_loop(const int *in, int *out)
{
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	int acc = 0;

	EACH4(i)
		acc += in[x + i];
	out[x] = acc;
}
// CHECK-LABEL: static void macro_loop__block(
// CHECK-NOT: IDXGEN_CC_UNROLL_FULL
// CHECK: static const size_t macro_loop__arg_sizes
