// expect: 5:9: error: '__syncthreads_count' is outside the subset idxgen-cc translates
__global__ void k(int *d)
{
	int i = threadIdx.x;
	d[i] = __syncthreads_count(d[i] > 0);
}
