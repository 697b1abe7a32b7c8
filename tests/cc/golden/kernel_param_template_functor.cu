// A kernel template's parameter of a bare type parameter (`F f`, a
// functor; `const T`, a scale): an instantiation may make it a class with
// a copy constructor or destructor of its own, which CUDA never runs on
// the device (it copies kernel arguments bitwise), so such a parameter is
// bound bitwise always (lib/cc/kernel_param_class.c,
// template_type_parameter): an aligned byte copy under loop fission.
// Before, `F f = *(F *)__b->args[0];` copied it per block and destroyed
// each copy (whole/progs/kernel_param_template_functor.cu: 32 device copies
// and 48 destructions under fission, 0 after).  A pointer to the type
// parameter stays a plain copy.
struct Twice {
	__host__ __device__ ~Twice() {}
	__device__ float operator()(float x) const { return 2 * x; }
};

template <class F, class T> __global__ void apply(F f, const T by, T *p)
{
	p[threadIdx.x] = f(p[threadIdx.x]) * by;
}

int main()
{
	apply<<<1, 32>>>(Twice(), 3.0f, (float *)nullptr);
	return 0;
}

// CXX: alignas(F) unsigned char __idxgen_arg_f[sizeof(F)];
// CXX-NEXT: __builtin_memcpy(__idxgen_arg_f, __b->args[0], sizeof(F));
// CXX-NEXT: F &f = *reinterpret_cast<F *>(__idxgen_arg_f);
// CXX-NEXT: alignas(const T) unsigned char __idxgen_arg_by[sizeof(const T)];
// CXX-NEXT: __builtin_memcpy(__idxgen_arg_by, __b->args[1], sizeof(const T));
// CXX-NEXT: const T &by = *reinterpret_cast<const T *>(__idxgen_arg_by);
// CXX-NEXT: T * p = *(T * *)__b->args[2];
