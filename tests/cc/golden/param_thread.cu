// A kernel parameter assigned by only some threads (each thread's own copy
// on a GPU) is no once-per-block write (tests/cc/golden/param_block.cu):
// loop fission cannot run it, the kernel runs as fibers.
__global__ void some_threads(int *d, int n)
{
	__shared__ int s[64];
	if (threadIdx.x == 0)
		n = 3;
	s[threadIdx.x] = n;
	__syncthreads();
	d[threadIdx.x] = s[63 - threadIdx.x];
}
// MODEL: kernel some_threads: fibers (loop fission cannot run it: kernel parameter 'n' is assigned by code that runs per thread: copy it to a local variable)
