// Loops that wait for memory another thread writes (lib/cc/spin.c, README.md
// "Threads that wait on each other"): the kernel runs as fibers and each
// test of the loop's condition first lets the block's other threads run
// (__idxgen_cc_spin()).  Loops whose atomics do not decide when they end,
// and the compare-and-swap update loop, wait for nobody: those kernels stay
// with loop fission.
#include <cuda_runtime.h>

// a test-and-set lock in the condition
__global__ void cas_lock(int *lock, int *sum, const int *in)
{
	while (atomicCAS(lock, 0, 1) != 0)
		;
	*sum += in[threadIdx.x];
	__threadfence();
	atomicExch(lock, 0);
}

// no condition: the lock is tested in an if that leaves by break
__global__ void forever_lock(int *lock, int *sum, const int *in)
{
	for (;;) {
		if (atomicExch(lock, 1) == 0) {
			*sum += in[threadIdx.x];
			atomicExch(lock, 0);
			break;
		}
	}
}

// a volatile flag set by another thread
__global__ void wait_flag(volatile int *flag, int *out)
{
	if (threadIdx.x == 0)
		while (*flag == 0)
			;
	else if (threadIdx.x == 1)
		atomicAdd((int *)flag, 1);
	out[threadIdx.x] = 1;
}

// a work queue: each ticket moves on, nobody is waited for
__global__ void work_queue(int *next, const float *in, float *out, int n)
{
	int i;
	while ((i = atomicAdd(next, 1)) < n)
		out[i] = in[i] * 2.0f;
}

// the compare-and-swap update loop
__global__ void cas_max(float *m, const float *in)
{
	int *a = (int *)m, old = *a, assumed;
	float v = in[threadIdx.x];
	do {
		assumed = old;
		old = atomicCAS(a, assumed, __float_as_int(fmaxf(v, __int_as_float(assumed))));
	} while (assumed != old);
}

// the condition reads a local that volatile reads decide some variables
// away: a declaration's initializer, an if around an assignment (HeCBench gc)
__global__ void settle_colour(volatile int *posscol, int *color, int n)
{
	bool again;
	do {
		again = false;
		for (int v = threadIdx.x; v < n; v += blockDim.x) {
			int pcol = posscol[v];
			int keep = color[v];
			if ((pcol & 1) == 0)
				keep ^= 1;
			again |= keep;
		}
	} while (again);
}

// the same loop over memory that is not volatile: fission
__global__ void settle_plain(int *posscol, int *color, int n)
{
	bool again;
	do {
		again = false;
		for (int v = threadIdx.x; v < n; v += blockDim.x) {
			int pcol = posscol[v];
			int keep = color[v];
			if ((pcol & 1) == 0)
				keep ^= 1;
			again |= keep;
		}
	} while (again);
}

// a hand-written grid barrier: a ticket, then a wait on the count read
// with atomicAdd(p, 0u) (a suffixed zero reads too); it may wait for other
// blocks, so the descriptor says IDXGEN_RT_KERNEL_WAITS (the runtime keeps
// the blocks resident)
__global__ void ticket_wait(unsigned int *arrived, int *out)
{
	if (threadIdx.x == 0) {
		atomicAdd(arrived, 1u);
		while (atomicAdd(arrived, 0u) < gridDim.x)
			;
	}
	__syncthreads();
	out[blockIdx.x * blockDim.x + threadIdx.x] = 1;
}

// the wait in a helper: the kernel waits too
__device__ void wait_set(volatile int *flag)
{
	while (*flag == 0)
		;
}

__global__ void helper_wait(volatile int *flag, int *out)
{
	if (blockIdx.x + 1 < gridDim.x)
		wait_set(flag + blockIdx.x + 1);
	flag[blockIdx.x] = 1;
	out[blockIdx.x] = 1;
}

// MODEL: kernel cas_lock: fibers (line 12 waits in a loop for memory another thread writes
// MODEL: kernel forever_lock: fibers (line 22 waits in a loop
// MODEL: kernel wait_flag: fibers (line 35 waits in a loop
// MODEL: kernel work_queue: fission
// MODEL: kernel cas_max: fission
// MODEL: kernel settle_colour: fibers (line 66 waits in a loop
// MODEL: kernel settle_plain: fission
// MODEL: kernel ticket_wait: fibers (line 102 waits in a loop
// MODEL: kernel helper_wait: fibers (calls 'wait_set'

// CXX: void cas_lock(
// CXX: while (__idxgen_cc_spin() && atomicCAS(lock, 0, 1) != 0)
// CXX: cas_lock__kernel = { IDXGEN_RT_ABI_VERSION, IDXGEN_RT_KERNEL_WAITS,
// CXX: void forever_lock(
// CXX: for (; __idxgen_cc_spin();) {
// CXX: void wait_flag(
// CXX: while (__idxgen_cc_spin() && *flag == 0)
// CXX: wait_flag__kernel = { IDXGEN_RT_ABI_VERSION, IDXGEN_RT_KERNEL_WAITS,
// CXX: work_queue__kernel = { IDXGEN_RT_ABI_VERSION, 0,
// CXX: cas_max__kernel = { IDXGEN_RT_ABI_VERSION, 0,
// CXX: void settle_colour(
// CXX: } while (__idxgen_cc_spin() && again);
// CXX: void settle_plain(
// CXX-NOT: __idxgen_cc_spin
// CXX: }
// CXX: void ticket_wait(
// CXX: while (__idxgen_cc_spin() && atomicAdd(arrived, 0u) < gridDim.x)
// CXX: ticket_wait__kernel = { IDXGEN_RT_ABI_VERSION, IDXGEN_RT_KERNEL_WAITS,
// CXX: void wait_set(
// CXX: while (__idxgen_cc_spin() && *flag == 0)
// CXX: helper_wait__kernel = { IDXGEN_RT_ABI_VERSION, IDXGEN_RT_KERNEL_WAITS,
