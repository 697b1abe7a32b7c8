// expect: 7:3: error: __syncthreads() inside a switch statement is not supported
__global__ void k(int *d, int mode)
{
	d[threadIdx.x] = 0;
	switch (mode) {
	case 1:
		__syncthreads();
		break;
	}
}
