// expect: 8:2: error: 'pt' names a struct without the keyword 'struct' (C++): the output is C, write 'struct pt' or use a typedef
/* Regression (issue 21): a C++ struct tag used as a type name was emitted as is. */
struct pt {
	float x, y;
};
__global__ void k(struct pt *p, float *d)
{
	pt q = p[threadIdx.x];
	d[threadIdx.x] = q.x;
}
