// Dynamic parallelism in a fiber kernel (lib/cc/dyn_parallel.c): its text
// is copied into a namespace of its own, where a plain `rec<N>` would name
// that copy: the launch names the stub from the global namespace.  Clang
// resolves no kernel named in a kernel of a template (it has no dynamic
// parallelism); the launch is written all the same.  Program:
// tests/cuda/progs/cdp_print_tree.cu.
// FLAGS: --exec-model=fibers
template <int N>
__global__ void rec(int *p, int d)
{
	p[d] = N + d;
	__syncthreads();
	if (d < 3)
		rec<N><<<1, 1>>>(p, d + 1);
}

int main()
{
	int *p;
	cudaMallocManaged(&p, 64);
	rec<5><<<1, 1>>>(p, 0);
	return cudaDeviceSynchronize() != cudaSuccess;
}

// CXX: template <int N>
// CXX-EMPTY:
// CXX-NEXT: __global__ void rec(int *p, int d)
// CXX-NEXT: ;
// CXX: namespace { namespace __idxgen_fiber_rec {
// CXX: (__idxgenPushDeviceCallConfiguration/*rec<N>*/(1, 1) ? (void)0 : ::rec<N>(p, d + 1));
// MODEL: kernel rec: fibers (--exec-model=fibers)
