// expect: 4:13: error: 'nullptr' is C++ and the output is C: use NULL
__global__ void k(float *d, const float *opt)
{
	if (opt != nullptr)
		d[threadIdx.x] = opt[threadIdx.x];
}
