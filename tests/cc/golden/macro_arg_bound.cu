// Loop bounds and guards spelled through a macro whose argument is itself a
// macro, as PolyBench-GPU writes them (`k < _PB_NK`, where `_PB_NK` is
// `POLYBENCH_LOOP_BOUND(NK, nk)` and that macro expands to its first
// argument): the expression's text ends after the whole invocation.  It
// stopped before the macro (`(int64_t)(int)()`, `(i < )_PB_NK`), C++ that
// did not compile (an internal error for 19 of PolyBench's 22 programs).
#define NK 64
#define LOOP_BOUND(x, y) x
#define PB_NK LOOP_BOUND(NK, nk)
#define PICK(x, y) \
	x

__global__ void sum_rows(int nk, const float *a, float *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < PB_NK) {
		float s = 0;
		for (int k = 0; k < PICK(nk,
					 NK); k++)
			s += a[i * NK + k];
		out[i] = s;
	}
}
// CHECK-LABEL: static void sum_rows__block(
// CHECK: const int64_t __idxgen_u = (int64_t)(int)(PB_NK);
// CHECK: if ((__idxgen_cond_0 || (i < PB_NK))) {
// CHECK: for (int k = 0; k < PICK(nk,
// CHECK-NEXT: NK); k++)
