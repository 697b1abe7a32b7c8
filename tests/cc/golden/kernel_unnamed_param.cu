// An unnamed kernel parameter, a tag that only picks the instantiation
// (`std::bool_constant<Atomic>`, llm.c's matmul_backward_bias kernels 8-9),
// and an unnamed int: both refused before ("unnamed kernel parameters are not
// supported").  Each gets the name __idxgen_argN (N its position) in the
// translation's copy of the declaration, marked unused, so that the host
// stub can hand its address to the launch (lib/cc/param_names.c).
#include <type_traits>

template <bool Atomic> __global__ void sums(float *out, const float *in, std::bool_constant<Atomic>)
{
	if constexpr (Atomic)
		atomicAdd(out, in[threadIdx.x]);
	else
		out[threadIdx.x] = in[threadIdx.x];
}

__global__ void scale(float *out, float by, int)
{
	out[threadIdx.x] *= by;
}

void launch(float *out, const float *in)
{
	sums<<<1, 32>>>(out, in, std::bool_constant<true>{});
	sums<<<1, 32>>>(out, in, std::bool_constant<false>{});
	scale<<<1, 32>>>(out, 2.0f, 0);
}

// CXX: void sums(float *out, const float *in, std::bool_constant<Atomic> __idxgen_arg2 __attribute__((unused)))
// CXX: void *__args[] = { (void *)&out, (void *)&in, (void *)&__idxgen_arg2 };
// CXX: void scale(float *out, float by, int __idxgen_arg2 __attribute__((unused)))
// CXX: void *__args[] = { (void *)&out, (void *)&by, (void *)&__idxgen_arg2 };
