// expect: 20:2: error: a kernel launch <<<...>>> written inside a macro is not supported
// (a whole launch in a header's macro is written out at its use, lib/cc/macro_launch_expand.c,
// except where the expansion itself is not written out: __VA_OPT__ over variable
// arguments that only a macro writes, NO_EXTRA, empty or not only once expanded.
// Before, every whole launch in a header's macro was refused with this error;
// progs/launch_header.cu builds the others)
#include <cuda_runtime.h>
#include "launch_macro_header.h"

#define NO_EXTRA

__global__ void fill(int *p)
{
	p[threadIdx.x] = 1;
}

int main()
{
	int *d = nullptr;
	LAUNCH_OPT(fill, d, NO_EXTRA);
	return 0;
}
