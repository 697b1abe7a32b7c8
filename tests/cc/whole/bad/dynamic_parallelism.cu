// expect: 15:2: error: dynamic parallelism (launching or referencing kernel 'child' from device code) is not supported
// A launch in device code written in a macro's body: dyn_parallel.c edits
// only launches spelled where they are used (a #define's text is rewritten
// as a host launch by macro_launch.c), so it stays refused.
#include <cuda_runtime.h>

__global__ void child(int *out)
{
	out[threadIdx.x] = 1;
}

#define LAUNCH_CHILD(p) child<<<1, 32>>>(p)
__global__ void parent(int *out)
{
	LAUNCH_CHILD(out);
}

int main()
{
	return 0;
}
