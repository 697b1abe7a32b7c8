// expect: 4:19: error: warp intrinsic '__ballot_sync' is not supported
__global__ void k(unsigned *d)
{
	d[threadIdx.x] = __ballot_sync(0xffffffffu, threadIdx.x & 1);
}
