// A store that lanes in lock step make (lib/cc/lockstep.c, whole.c's
// rewrite_volatile_store) whose value's text ends in a macro: the rewrite
// writes the store first, `__idxgen_cc_vstore_at(a) = b`, and the source's
// own text after it, so that a macro ending in `;` (cuda-samples dwtHaar1D:
// `#define INV_SQRT_2 0.70710678118654752440f;`) still ends the statement
// (before: `__idxgen_cc_vstore(a, b * INV_SQRT_2;)`, which did not compile).
// A value that ends in the source's own text keeps the call form.
// Program: tests/cc/whole/progs/vstore_macro_semicolon.cu.

#define INV_SQRT_2 0.70710678118654752440f;
#define TWICE(x) ((x) * 2)

__global__ void haar_step(const float *in, float *out)
{
	__shared__ float s[64];
	int t = threadIdx.x;
	s[t] = in[t];
	s[t + 32] = in[t + 32];
	__syncthreads();
	if (t < 16)
		s[t] = (s[t] + s[t + 16]) * INV_SQRT_2;
	if (t < 8)
		s[t] += s[t + 8] * INV_SQRT_2;
	if (t < 4)
		s[t] = TWICE(s[t] + s[t + 4]);
	if (t < 2)
		s[t] = s[t + 2] + s[t];
	out[t] = s[t];
}

// CXX-LABEL: namespace { namespace __idxgen_fiber_haar_step {
// CXX: __idxgen_cc_vstore_at(s[t], 1) = (s[t] + s[t + 16]) * INV_SQRT_2;
// CXX: __idxgen_cc_vstore_at(s[t], 1) += s[t + 8] * INV_SQRT_2;
// CXX: __idxgen_cc_vstore_at(s[t], 1) = TWICE(s[t] + s[t + 4]);
// CXX: __idxgen_cc_vstore(s[t], s[t + 2] + s[t], 1);
