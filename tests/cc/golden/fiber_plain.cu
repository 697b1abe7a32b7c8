// Fiber kernels whose threads can never suspend (lib/cc/fiber_plain.c,
// lib/cc/README.md "Two execution models"): a kernel that goes to fibers
// only because loop fission cannot express it (here a `goto`) and reaches
// no barrier, warp operation or other suspension point, through every
// helper it calls, runs its threads one after another in the block
// function's own loop -- no fiber, no stack switch per thread.  A kernel
// that may suspend (its own barrier, a helper's, a call through a pointer
// that could reach one) keeps a fiber per thread.
#include <cuda_runtime.h>

typedef int (*op_fn)(int);

__device__ int negate(int v)
{
	return -v;
}

__device__ op_fn d_op = negate;

__device__ int first_below(const int *row, int w, int lim)
{
	auto below = [&](int c) { return row[c] < lim; };

	for (int c = 0; c < w; c++)
		if (below(c))
			return c;
	return -1;
}

__device__ void warp_note(int *v)
{
	__syncwarp();
	*v += 1;
}

__device__ void note_twice(int *v)
{
	warp_note(v);
	warp_note(v);
}

// a constructor that waits at a barrier
struct staged {
	int *p;
	__device__ staged(int *q) : p(q)
	{
		__syncthreads();
	}
	__device__ int get() const
	{
		return *p;
	}
};

// an object whose member meets the warp, called through a template
struct warp_inc {
	__device__ int step(int v) const
	{
		__syncwarp();
		return v + 1;
	}
};

template <typename F> __device__ int apply(F f, int v)
{
	return f.step(v);
}

// a helper and a lambda, both followed: plain
__global__ void find_rows(const int *rows, int w, int *where, int n)
{
	int r = blockIdx.x * blockDim.x + threadIdx.x;

	if (r >= n)
		goto done;
	where[r] = first_below(rows + r * w, w, 0);
done:;
}

// the dynamic shared memory is found through the block: plain
__global__ void dyn_copy(const int *in, int *out)
{
	extern __shared__ int stage[];
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	stage[threadIdx.x] = in[i];
	if (stage[threadIdx.x] < 0)
		goto neg;
	out[i] = stage[threadIdx.x];
	return;
neg:
	out[i] = 0;
}

// a call through a pointer could reach a barrier: a fiber each
__global__ void through_pointer(int *v)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (v[i] == 0)
		goto skip;
	v[i] = d_op(v[i]);
skip:;
}

// its own barrier: a fiber each
__global__ void goto_barrier(int *v)
{
	__shared__ int s[64];

	s[threadIdx.x] = v[threadIdx.x];
	__syncthreads();
	if (s[63 - threadIdx.x] < 0)
		goto out;
	v[threadIdx.x] = s[63 - threadIdx.x];
out:;
}

// a warp barrier two calls down: a fiber per warp, through the helpers' lane forms
// (lane_plan.c helper_stmt; golden lane_warp_helpers.cu)
__global__ void deep_barrier(int *v)
{
	note_twice(v + threadIdx.x);
}

// the constructor's barrier: a fiber each
__global__ void ctor_barrier(int *v)
{
	staged s(v + threadIdx.x);

	if (s.get() < 0)
		goto out;
	v[threadIdx.x] = 1;
out:;
}

// the object's __syncwarp, through a template: a fiber each
__global__ void functor_warp(int *v)
{
	warp_inc op;

	if (v[threadIdx.x] < 0)
		goto out;
	v[threadIdx.x] = apply(op, v[threadIdx.x]);
out:;
}

// a fence is a meeting of the lanes in a fiber kernel: a fiber each
__global__ void fence_publish(int *data, int *flag, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;

	if (i >= n)
		goto out;
	data[i] = 2 * i;
	__threadfence();
	atomicAdd(flag, 1);
out:;
}

// MODEL: kernel find_rows: fibers (loop fission cannot run it: goto and labels
// MODEL-NEXT: no thread suspends: the threads run one after another in the block's loop, no fiber each
// MODEL: kernel dyn_copy: fibers (loop fission cannot run it: goto and labels
// MODEL-NEXT: no thread suspends
// MODEL: kernel through_pointer: fibers (calls through 'd_op', a function pointer or function object, and functions of the program suspend the thread
// MODEL-NOT: no thread suspends
// MODEL: kernel goto_barrier: fibers (loop fission cannot run it: goto and labels
// MODEL-NOT: no thread suspends
// MODEL: kernel deep_barrier: fibers (calls 'note_twice', which suspends the thread
// MODEL-NOT: no thread suspends
// MODEL: kernel ctor_barrier: fibers (calls 'staged', which suspends the thread
// MODEL-NOT: no thread suspends
// MODEL: kernel functor_warp: fibers (calls 'apply', which suspends the thread
// MODEL-NOT: no thread suspends
// MODEL: kernel fence_publish: fibers (loop fission cannot run it: goto and labels
// MODEL-NOT: no thread suspends

// CXX: static void find_rows__thread(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: __idxgen_fiber_find_rows::find_rows(*(const int * *)__b->args[0], *(int *)__b->args[1], *(int * *)__b->args[2], *(int *)__b->args[3]);
// CXX-NEXT: }
// CXX-NEXT: static void find_rows__block(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: idxgen_cc_set_block(__b);
// CXX-NEXT: __idxgen_fiber_plain_begin(__b);
// CXX-NEXT: IDXGEN_RT_FOR_THREADS(__b, __t) {
// CXX-NEXT: idxgen_cc_set_thread(IDXGEN_RT_TID_X(__b, __t), IDXGEN_RT_TID_Y(__b, __t), IDXGEN_RT_TID_Z(__b, __t));
// CXX-NEXT: find_rows__thread(__b);
// CXX-NEXT: }
// CXX-NEXT: __idxgen_fiber_plain_end();
// CXX-NEXT: }
// CXX: int *const stage = (int *)__idxgen_fiber_block()->dyn_shared;
// CXX: static void dyn_copy__thread(struct idxgen_rt_block *__b)
// CXX: __idxgen_fiber_plain_begin(__b);
// CXX: dyn_copy__thread(__b);
// CXX: static void through_pointer__fiber(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: __idxgen_cc_fiber_enter();
// CXX: __idxgen_fiber_run(__b, through_pointer__fiber);
// CXX: static void goto_barrier__fiber(struct idxgen_rt_block *__b)
// CXX: __idxgen_fiber_run(__b, goto_barrier__fiber);
// CXX: static void deep_barrier__fiber(struct idxgen_rt_block *__b)
// CXX: __idxgen_fiber_run_warps(__b, deep_barrier__fiber);
// CXX: __idxgen_fiber_run(__b, ctor_barrier__fiber);
// CXX: __idxgen_fiber_run(__b, functor_warp__fiber);
// CXX: __idxgen_fiber_run(__b, fence_publish__fiber);
