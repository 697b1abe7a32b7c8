// A template kernel whose class parameter's type depends on the template
// (`Span<T>`, `Pair<T, K>`): what an instantiation's copy and destruction
// do is known only per instantiation, so such a parameter is CUDA's
// bitwise argument always (lib/cc/kernel_param_class.c,
// dependent_class_template): an aligned byte copy under loop fission.
// Before, `Span<T> in = *(Span<T> *)__b->args[1];` copied it per block and
// destroyed each copy (whole/progs/kernel_param_dependent_class.cu: 64
// device copies and 64 destructions, 0 after).  A parameter of the bare
// template type (`T by`) is bound bitwise too since issue 38's
// twenty-fifth session (kernel_param_template_functor.cu: an instantiation
// may make it such a class); a pointer stays a plain copy.
template <class T> struct Span {
	T *data;
	int n;
	__host__ __device__ ~Span() {}
};

template <class T, int K> struct Pair {
	Span<T> s;
	T by[K];
};

template <class T> __global__ void scale(Span<T> out, Span<T> in, T by, T *last)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < out.n)
		out.data[i] = in.data[i] * by;
	if (i == 0)
		*last = by;
}

template <class T, int K> __global__ void pair_scale(Pair<T, K> p)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < p.s.n)
		p.s.data[i] *= p.by[K - 1];
}

int main()
{
	Span<float> a = { nullptr, 0 };
	Pair<float, 2> p = { { nullptr, 0 }, { 1.0f, 2.0f } };

	scale<float><<<1, 32>>>(a, a, 2.0f, nullptr);
	pair_scale<float, 2><<<1, 32>>>(p);
	return 0;
}

// CXX: alignas(Span<T>) unsigned char __idxgen_arg_out[sizeof(Span<T>)];
// CXX-NEXT: __builtin_memcpy(__idxgen_arg_out, __b->args[0], sizeof(Span<T>));
// CXX-NEXT: Span<T> &out = *reinterpret_cast<Span<T> *>(__idxgen_arg_out);
// CXX-NEXT: alignas(Span<T>) unsigned char __idxgen_arg_in[sizeof(Span<T>)];
// CXX-NEXT: __builtin_memcpy(__idxgen_arg_in, __b->args[1], sizeof(Span<T>));
// CXX-NEXT: Span<T> &in = *reinterpret_cast<Span<T> *>(__idxgen_arg_in);
// CXX-NEXT: alignas(T) unsigned char __idxgen_arg_by[sizeof(T)];
// CXX-NEXT: __builtin_memcpy(__idxgen_arg_by, __b->args[2], sizeof(T));
// CXX-NEXT: T &by = *reinterpret_cast<T *>(__idxgen_arg_by);
// CXX-NEXT: T * last = *(T * *)__b->args[3];
// CXX: alignas(Pair<T, K>) unsigned char __idxgen_arg_p[sizeof(Pair<T, K>)];
// CXX-NEXT: __builtin_memcpy(__idxgen_arg_p, __b->args[0], sizeof(Pair<T, K>));
// CXX-NEXT: Pair<T, K> &p = *reinterpret_cast<Pair<T, K> *>(__idxgen_arg_p);
