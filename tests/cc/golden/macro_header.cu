// A launch configuration (`KERNEL_ARGS2`) and a kernel-writing macro with
// __VA_OPT__ defined in a header of the program rather than the .cu: the
// main file's invocations are written out in place before the parse, as
// for macros of the .cu (lib/cc/macro_headers.c).  Refused before: "a
// kernel launch <<<...>>> written inside a macro is not supported" and
// "kernel 'fill_v' is defined by macro 'FILL_KERNEL', which idxgen-cc does
// not write out".
#include "macro_header/macros.h"

FILL_KERNEL(fill_index, threadIdx.x)
FILL_KERNEL(fill_v, v, int v)

int main()
{
	int *d = nullptr;

	fill_index KERNEL_ARGS2(1, 32)(d);
	fill_v KERNEL_ARGS2(1, 32)(d, 7);
	return 0;
}

// CXX: __global__ void fill_index(int *p)
// CXX: __global__ void fill_v(int *p , int v)
// CXX: (__idxgenPushCallConfiguration( 1, 32 ) ? (void)0 : fill_index (d));
// CXX: (__idxgenPushCallConfiguration( 1, 32 ) ? (void)0 : fill_v (d, 7));
