// expect: 3:1: error: 'constexpr' is C++ and the output is C: use const, an enum or #define
/* Regression (issue 21): constexpr was passed through to C. */
constexpr int N = 4;

__global__ void k(int *d)
{
	d[threadIdx.x] = N;
}
