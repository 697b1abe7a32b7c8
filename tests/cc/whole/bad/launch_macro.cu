// expect: 14:2: error: a kernel launch <<<...>>> written inside a macro is not supported
// (a macro whose body has the chevrons but not the argument list: not rewritten)
#include <cuda_runtime.h>

#define LAUNCH(k, n) k<<<1, n>>>

__global__ void k(int *out)
{
	out[threadIdx.x] = 1;
}

int main()
{
	LAUNCH(k, 32)((int *)0);
	return 0;
}
