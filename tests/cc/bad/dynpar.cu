// expect: 9:7: error: dynamic parallelism
__global__ void child(int *d)
{
	d[threadIdx.x] = 1;
}

__global__ void parent(int *d)
{
	child<<<1, 32>>>(d);
}
