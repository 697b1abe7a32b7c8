// expect: 2:16: error: __global__ function 'k' must return void
__global__ int k(int *d)
{
	return d[0];
}
