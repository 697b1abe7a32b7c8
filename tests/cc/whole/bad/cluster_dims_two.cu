// expect: 16:2: error: thread-block clusters of more than one block are not supported (__cluster_dims__: idxgen runs clusters of one block)
// A kernel compiled for clusters of two blocks (sm_90's distributed shared
// memory: each block reads its partner's tile) cannot run faithfully where a
// cluster is one block: refused at the launch, not run with the partner
// missing.
__global__ void __cluster_dims__(2, 1, 1) pair_sum(const int *in, int *out)
{
	out[blockIdx.x * blockDim.x + threadIdx.x] = in[threadIdx.x] * (int)__clusterSizeInBlocks();
}

int main()
{
	int *in, *out;
	cudaMallocManaged(&in, 256);
	cudaMallocManaged(&out, 256);
	pair_sum<<<2, 32>>>(in, out);
	cudaDeviceSynchronize();
	return 0;
}
