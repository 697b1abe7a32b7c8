// expect: 21:2: error: a kernel launch <<<...>>> written inside a macro is not supported
// (a launch in a header's macro that is not written out, __VA_OPT__ over
// variable arguments only a macro writes, inside a template host function:
// the callee `fill<T>` is dependent, no kernel resolved.  Before, not
// diagnosed: the C++ written did not compile, "idxgen-cc: internal error",
// exit 2)
#include <cuda_runtime.h>
#include "launch_macro_header.h"

#define NO_EXTRA

template <typename T>
__global__ void fill(T *p)
{
	p[threadIdx.x] = T(1);
}

template <typename T>
void fill_all(T *d)
{
	LAUNCH_OPT(fill<T>, d, NO_EXTRA);
}

int main()
{
	int *d = nullptr;
	fill_all(d);
	return 0;
}
