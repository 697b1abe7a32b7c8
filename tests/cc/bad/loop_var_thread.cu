// expect: 4:11: error: 'i' controls a loop containing __syncthreads() but is assigned inside a thread loop
__global__ void k(int *d, int n)
{
	for (int i = 0; i < n;) {
		{
			d[threadIdx.x] = i;
			i++;
		}
		__syncthreads();
	}
}
