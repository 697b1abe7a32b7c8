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

// MODEL: kernel cas_lock: fibers (line 12 waits in a loop for memory another thread writes
// MODEL: kernel forever_lock: fibers (line 22 waits in a loop
// MODEL: kernel wait_flag: fibers (line 35 waits in a loop
// MODEL: kernel work_queue: fission
// MODEL: kernel cas_max: fission
// MODEL: kernel settle_colour: fibers (line 66 waits in a loop
// MODEL: kernel settle_plain: fission

// CXX: void cas_lock(
// CXX: while (__idxgen_cc_spin() && atomicCAS(lock, 0, 1) != 0)
// CXX: void forever_lock(
// CXX: for (; __idxgen_cc_spin();) {
// CXX: void wait_flag(
// CXX: while (__idxgen_cc_spin() && *flag == 0)
// CXX: void settle_colour(
// CXX: } while (__idxgen_cc_spin() && again);
// CXX: void settle_plain(
// CXX-NOT: __idxgen_cc_spin
// CXX: }
