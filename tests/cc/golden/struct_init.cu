// Regressions (issue 21, the rule): a const array at file scope (host data,
// not used by device code) was "global variables are outside the subset"
// (the array type is not const, its elements are); a promoted struct with an initializer list became
// "acc_[__t] = { 0.0f, 0 };" (not C: now a compound literal); a uniform
// initializer in a declaration of per-thread variables (int x = ..., y = 0;)
// with y controlling a barrier loop was rejected.
const float tab[4] = { 0.5f, 1.0f, 1.5f, 2.0f };

struct acc {
	float sum;
	int n;
};

__device__ void add(struct acc *a, float v)
{
	a->sum += v;
	a->n++;
}

__global__ void struct_init(const float *in, float *out)
{
	__shared__ float s[64];
	struct acc a = { 0.0f, 0 };

	s[threadIdx.x] = in[threadIdx.x] * 2.0f;
	__syncthreads();
	add(&a, s[63 - threadIdx.x]);
	out[threadIdx.x] = a.sum / a.n;
}
// CHECK: const float tab[4] = { 0.5f, 1.0f, 1.5f, 2.0f };
// CHECK-LABEL: static void struct_init__block(
// CHECK: struct acc *const a_ = IDXGEN_RT_PRIV(__b, struct acc, 0); /* per-thread 'a' */
// CHECK: a_[__t] = (struct acc){ 0.0f, 0 };
// CHECK: add(&a_[__t], s[(int32_t)(63 - threadIdx.x)]);

__global__ void uniform_init(int *d)
{
	int x = threadIdx.x, y = 0;

	while (y < 3) {
		__syncthreads();
		y++;
	}
	d[x] = y;
}
// CHECK-LABEL: static void uniform_init__block(
// y is declared with its initializer once per block; x is recomputed where
// it is used, so the first thread loop has nothing left to do
// CHECK: int y = 0;
// CHECK-NEXT: while (y < 3) {
// CHECK: int x = threadIdx.x; /* recomputed */
// CHECK-NEXT: d[x] = y;
