// expect: 10:3: error: this loop waits for memory another thread writes (its condition depends on an atomic or a volatile read), which the C output, running the threads one after another, would never let it see: build the whole program (idxgen-cc -o prog file.cu) to run it as fibers
// Thread 0 waits for a flag that thread 32 of its block raises through a
// volatile pointer, with no barrier between: on a GPU the two warps run
// side by side.  Run one thread after another, thread 0 never sees it.
__global__ void wait_flag(volatile int *flag, const int *in, int *out)
{
	int t = threadIdx.x;

	if (t == 0) {
		while (flag[blockIdx.x] == 0)
			;
		out[blockIdx.x] = in[blockIdx.x] + 1;
	} else if (t == 32) {
		flag[blockIdx.x] = 1;
	}
}
