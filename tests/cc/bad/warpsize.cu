// expect: 4:39: error: warp intrinsic 'warpSize' is not supported
__global__ void k(int *d)
{
	d[threadIdx.x] = (int)(threadIdx.x % warpSize);
}
