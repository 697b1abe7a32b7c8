// A kernel template with a parameter pack (`typename... Ts` and a last
// parameter `Ts *...ptrs`, as multi-tensor "apply" helpers write kernels):
// loop fission reads each parameter by a type written out, so the kernel
// runs as fibers (lib/cc/whole.c, pack_params_ok).  The descriptor counts
// the pack as sizeof...(Ts) and sizes it as sizeof(Ts *)... (a trailing 0
// keeps an empty pack's array valid); the stub passes &ptrs...; the fiber
// entry reads element i of the pack from argument 1 + i, the indices
// deduced by a helper from idxgen_cc_make_seq.
#include <cuda_runtime.h>

template <typename... Ts>
__global__ void fill_all(int n, Ts *...ptrs)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n) {
		int done[] = { 0, (ptrs[i] = (Ts)(i + 1), 0)... };
		(void)done;
	}
}

int main()
{
	int *a = nullptr;
	float *b = nullptr;
	fill_all<<<1, 32>>>(0, a, b);
	return 0;
}
// MODEL: kernel fill_all: fibers (loop fission cannot run it: a kernel with a parameter pack ('typename... Ts') is not supported by loop fission)
// CXX: template <typename... Ts, size_t... __idxgen_i>
// CXX-NEXT: static void fill_all__fiber_call(struct idxgen_rt_block *__b, idxgen_cc_seq<__idxgen_i...>)
// CXX: __idxgen_fiber_fill_all::fill_all<Ts...>(*(int *)__b->args[0], *(Ts * *)__b->args[1 + __idxgen_i]...);
// CXX: fill_all__fiber_call<Ts...>(__b, typename idxgen_cc_make_seq<sizeof...(Ts)>::type());
// CXX: const size_t fill_all__arg_sizes[] = { sizeof(int), sizeof(Ts *)..., 0 };
// CXX: const size_t fill_all__arg_aligns[] = { alignof(int), alignof(Ts *)..., 0 };
// CXX: fill_all__block<Ts...>, 0, 0, nullptr, 1 + sizeof...(Ts), fill_all__arg_sizes<Ts...> };
// CXX: __idxgenRegisterParamAligns((const void *)&fill_all<Ts...>, fill_all__arg_aligns<Ts...>), 0);
// CXX: void *__args[] = { (void *)&n, (void *)&ptrs..., nullptr };
