// expect: 3:17: error: templates are outside the subset
template <class T>
__global__ void k(T *d)
{
	d[threadIdx.x] = 0;
}
