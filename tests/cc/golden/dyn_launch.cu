// Dynamic parallelism (lib/cc/dyn_parallel.c): a launch in device code
// pushes a configuration marked as device code's and calls the child's host
// stub, whose launch runs the child grid to completion
// (lib/cudart/device_launch.c).  A kernel that launches itself has its stub
// declared before its block function and names it from the global
// namespace; another kernel is named as written.  Program:
// tests/cuda/progs/cdp_quicksort.cu.
namespace tree {
__global__ void leaf(int *out, int v)
{
	out[threadIdx.x] = v;
}

__global__ void walk(int *out, int depth)
{
	if (threadIdx.x == 0 && depth < 3)
		walk<<<1, 2, 0, cudaStreamFireAndForget>>>(out, depth + 1);
	if (threadIdx.x == 1)
		leaf <<< 1, 4 >>> (out + 4 * depth, depth);
}
}

int main()
{
	int *out;
	cudaMalloc(&out, 64);
	tree::walk<<<1, 2>>>(out, 0);
	return cudaDeviceSynchronize() != cudaSuccess;
}

// CXX: __global__ void walk(int *out, int depth)
// CXX-NEXT: ;
// CXX: static void walk__block(struct idxgen_rt_block *__b)
// CXX: (__idxgenPushDeviceCallConfiguration/*walk*/(1, 2, 0, cudaStreamFireAndForget) ? (void)0 : ::tree::walk(out, depth + 1));
// CXX: (__idxgenPushDeviceCallConfiguration/*leaf*/ ( 1, 4 ) ? (void)0 : leaf (out + 4 * depth, depth));
// CXX: __global__ void walk(int *out, int depth)
// CXX-EMPTY:
// CXX-NEXT: {
// CXX-NEXT: void *__args[] = { (void *)&out, (void *)&depth };
// CXX-NEXT: __idxgenLaunchStub((const void *)&walk, &walk__kernel, __args);
// CXX: (__idxgenPushCallConfiguration(1, 2) ? (void)0 : tree::walk(out, 0));
// MODEL: kernel walk: fission
