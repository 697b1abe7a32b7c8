// expect: 4:6: error: array 'a' lives across __syncthreads() and has an initializer: not supported
__global__ void k(int *d)
{
	int a[2] = { (int)threadIdx.x, 1 };
	__syncthreads();
	d[threadIdx.x] = a[0] + a[1];
}
