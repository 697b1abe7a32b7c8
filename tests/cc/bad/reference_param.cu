// expect: 3:28: error: C++ references are outside the subset idxgen-cc translates
/* Regression (issue 21): a reference parameter was accepted and emitted as is. */
__device__ void inc(float &a)
{
	a += 1.0f;
}

__global__ void k(float *d)
{
	inc(d[threadIdx.x]);
}
