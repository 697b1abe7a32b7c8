// Loops that wait for the device clock (lib/cc/spin.c, README.md "Threads
// that wait on each other"): the samples' clock_block and its variants.  On
// a GPU a block's threads wait out their cycles together; run one after
// another each waits in turn (graphMemoryFootprint: 16.7 M threads of 5 us,
// 84 s a launch).  Such a kernel runs as fibers and each test of the loop's
// condition first lets the block's other threads run (__idxgen_cc_spin()),
// so their waits overlap.  A clock wait waits for no other thread: the
// kernel's descriptor does not ask for resident blocks (no
// IDXGEN_RT_KERNEL_WAITS), and the C path and forced fission still take it
// (golden clock_spin_fission.cu).  A kernel that only reads the clock to
// time its work stays with loop fission.
#include <cuda_runtime.h>

// clock() in the condition
__global__ void wait_clock(clock_t cycles, int *out)
{
	clock_t start = clock();
	while (clock() - start < cycles)
		;
	out[threadIdx.x] = 1;
}

// the samples' form: the condition tests a variable the body sets from a
// 32-bit clock() reading
__global__ void wait_offset(clock_t cycles)
{
	unsigned int start = (unsigned int)clock();
	clock_t offset = 0;
	while (offset < cycles) {
		unsigned int now = (unsigned int)clock();
		offset = (clock_t)(now - start);
	}
}

// clock64() in a do loop's condition
__global__ void wait_clock64(long long cycles, long long *spanned)
{
	long long t0 = clock64(), t;
	do {
		t = clock64();
	} while (t - t0 < cycles);
	spanned[threadIdx.x] = t - t0;
}

// the clock times the work, it decides no loop's end: fission
__global__ void timed_sum(const float *in, float *out, long long *cycles, int n)
{
	long long t0 = clock64();
	float s = 0.0f;
	for (int i = threadIdx.x; i < n; i += blockDim.x)
		s += in[i];
	out[threadIdx.x] = s;
	cycles[threadIdx.x] = clock64() - t0;
}

// MODEL: kernel wait_clock: fibers (line 18 waits in a loop for the device clock
// MODEL: kernel wait_offset: fibers (line 29 waits in a loop for the device clock
// MODEL: kernel wait_clock64: fibers (line 39 waits in a loop for the device clock
// MODEL: kernel timed_sum: fission

// CXX: void wait_clock(
// CXX: while (__idxgen_cc_spin() && clock() - start < cycles)
// CXX: wait_clock__kernel = { IDXGEN_RT_ABI_VERSION, 0,
// CXX: void wait_offset(
// CXX: while (__idxgen_cc_spin() && offset < cycles) {
// CXX: wait_offset__kernel = { IDXGEN_RT_ABI_VERSION, 0,
// CXX: void wait_clock64(
// CXX: } while (__idxgen_cc_spin() && t - t0 < cycles);
// CXX: wait_clock64__kernel = { IDXGEN_RT_ABI_VERSION, 0,
// CXX: timed_sum__block(
// CXX-NOT: __idxgen_cc_spin
// CXX: timed_sum__kernel = { IDXGEN_RT_ABI_VERSION, 0,
