// expect: 4:6: error: 'm' is used by code that runs once per block (a condition of a loop or branch containing __syncthreads()) but is assigned inside a thread loop
__global__ void k(int *d, int n)
{
	int m = n;
	{
		d[threadIdx.x] = 0;
		m = m + 1;
	}
	__syncthreads();
	if (m > 0) {
		__syncthreads();
	}
}
