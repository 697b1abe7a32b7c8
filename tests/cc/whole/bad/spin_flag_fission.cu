// expect: 18:3: error: this loop waits for memory another thread writes (its condition depends on an atomic or a volatile read), which loop fission, running the threads one after another, would never let it see: build without --exec-model=fission to run it as fibers
// exec-model: fission
// Thread 0 waits for a flag that thread 32 raises, with no barrier between:
// CUDA lets both make progress.  Loop fission runs thread 0's part to its
// end before thread 32 starts, so the loop would never end: refused when the
// program is forced to loop fission (by default it runs as fibers,
// lib/cc/spin.c).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void wait_flag(int *flag, int *out)
{
	int t = threadIdx.x;

	if (t == 32)
		atomicExch(flag, 1);
	if (t == 0) {
		while (atomicAdd(flag, 0) == 0)
			;
		out[0] = 7;
	}
}

int main()
{
	int *flag, *out, h = 0;

	cudaMalloc(&flag, sizeof(int));
	cudaMalloc(&out, sizeof(int));
	cudaMemset(flag, 0, sizeof(int));
	wait_flag<<<1, 64>>>(flag, out);
	cudaMemcpy(&h, out, sizeof(int), cudaMemcpyDeviceToHost);
	printf("%s\n", h == 7 ? "PASS" : "FAIL");
	return h != 7;
}
