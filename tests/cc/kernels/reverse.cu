/* Reverse each block's segment in place: a value live across the barrier. */
__global__ void reverse(int *d)
{
	__shared__ int s[1024];
	int t = threadIdx.x;
	int tr = blockDim.x - t - 1;
	int v = d[blockIdx.x * blockDim.x + t];

	s[t] = v;
	__syncthreads();
	d[blockIdx.x * blockDim.x + t] = s[tr] + (v - v);
}
