// expect: 12:10: error: inlining this call would let 'scale' of the kernel hide the file-scope 'scale'
const int scale = 3;

__device__ int scaled_sum(int v)
{
	return __reduce_add_sync(0xffffffffu, v) * scale;
}

__global__ void k(int *d)
{
	int scale = 5;
	int s = scaled_sum(d[threadIdx.x]);
	d[threadIdx.x] = s + scale;
}
