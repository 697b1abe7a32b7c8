// expect: 3:10: error: <vector> is a C++ header and the output is C: include C headers only
/* A C++ header has no C counterpart: the C would not compile. */
#include <vector>

__global__ void k(float *d)
{
	d[threadIdx.x] = 1.0f;
}
