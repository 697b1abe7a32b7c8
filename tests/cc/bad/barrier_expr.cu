// expect: 4:20: error: __syncthreads() must be a statement of its own
__global__ void k(int *d, int n)
{
	n > 0 ? (void)0 : __syncthreads();
	d[0] = n;
}
