// The planner's suspend search through calls it cannot resolve before
// instantiation (lib/cc/fiber_plan.c): a static member function of a class
// template named with the kernel's own template parameters
// (`Tile<N>::run(...)`, Altis dwt2d's `FDWT97<WIN_SX, WIN_SY>::run`), which
// reaches __syncthreads() through a member template (`tile.sweep<true>`):
// libclang gives such references no name, the search found no suspending
// callee, chose loop fission, and the program aborted at run time.  Their
// names are now read from their text.  A call through the pointer another
// call returns cannot be named at all: where a function of the program
// suspends it may be that one, so fibers too.  A dependent static member
// that suspends nowhere keeps loop fission.
#include <cuda_runtime.h>

template <int N> struct Tile {
	float v[N];

	__device__ void step(int t)
	{
		float next = v[(t + 1) % N];
		__syncthreads();
		v[t] = next;
		__syncthreads();
	}

	template <bool TWICE> __device__ void sweep(int t)
	{
		step(t);
		if (TWICE)
			step(t);
	}

	__device__ static void run(float *p)
	{
		__shared__ Tile<N> tile;
		int t = threadIdx.x;

		tile.v[t] = p[t];
		__syncthreads();
		tile.sweep<true>(t);
		p[t] = tile.v[t];
	}

	__device__ static float twice(float x)
	{
		return 2.0f * x;
	}
};

template <int N> __global__ void rotate(float *p)
{
	Tile<N>::run(p);
}

template <int N> __global__ void scale(float *p)
{
	p[threadIdx.x] = Tile<N>::twice(p[threadIdx.x]);
}

typedef void (*step_fn)(float *, int);

__device__ void sync_step(float *s, int t)
{
	float next = s[(t + 1) % 32];
	__syncthreads();
	s[t] = next;
}

__device__ step_fn table[1] = { sync_step };

__device__ step_fn step_at(int i)
{
	return table[i];
}

__global__ void through_pointer(float *p)
{
	__shared__ float s[32];
	s[threadIdx.x] = p[threadIdx.x];
	__syncthreads();
	step_at(0)(s, threadIdx.x);
	__syncthreads();
	p[threadIdx.x] = s[threadIdx.x];
}

void launch(float *p)
{
	rotate<32><<<1, 32>>>(p);
	scale<32><<<1, 32>>>(p);
	through_pointer<<<1, 32>>>(p);
}

// MODEL: kernel rotate: fibers (calls 'run', which suspends the thread
// MODEL: kernel scale: fission
// MODEL: kernel through_pointer: fibers (calls through 'step_at', a function pointer or function object, and functions of the program suspend the thread
