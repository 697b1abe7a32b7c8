// FLAGS: --exec-model=fibers
// The fiber form of kernel_param_template_functor.cu: the functor and the
// scale are references in the fiber copy, bound by the entry to the
// thread's own bitwise copy (before: `apply(F f, const T by, T *p)` and
// `*(F *)__b->args[0]`, a copy per thread).
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

// CXX: template <class F, class T> __global__ void apply(F &f, const T &by, T *p)
// CXX: __idxgen_fiber_apply::apply<F, T>(__idxgen_cc_bitwise_arg<F>(__b->args[0]).__get(), __idxgen_cc_bitwise_arg<const T>(__b->args[1]).__get(), *(T * *)__b->args[2]);
