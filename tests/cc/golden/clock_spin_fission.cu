// A loop that waits for the device clock waits for no other thread
// (lib/cc/spin.c): forced loop fission takes it, its threads waiting one
// after another, where a loop that waits for another thread's store is
// refused (tests/cc/whole/bad/spin_flag_fission.cu).  As fibers: golden
// clock_spin.cu.
// FLAGS: --exec-model=fission
#include <cuda_runtime.h>

__global__ void wait_clock64(long long cycles, int *out)
{
	long long start = clock64();
	while (clock64() - start < cycles)
		;
	out[threadIdx.x] = 1;
}

// MODEL: kernel wait_clock64: fission
// MODEL-NOT: waits in a loop

