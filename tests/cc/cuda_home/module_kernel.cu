// The kernel that module_host.cpp loads at run time: built into a module by
// the folder's bin/nvcc -fatbin, and compiled from this same text by NVRTC.
extern "C" __global__ void add_index(int *p, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i < n)
		p[i] += i;
}
