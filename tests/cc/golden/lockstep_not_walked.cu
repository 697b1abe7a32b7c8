// A file in the shape of public peak-throughput benchmarks (HeCBench's
// maxFlops): kernels that are a uniform loop around statements macros
// expand, a __device__ helper given a global pointer, host functions
// passing pointers on, no __shared__ memory anywhere.  The lock-step
// analysis (lib/cc/lockstep.c) has nothing to find in a function that
// names no __shared__ memory, is given none and does not spin: it does not
// walk it (before: every statement of every function, several times per
// kernel; maxFlops' translation did not end, issue 38), and it asks no
// function which of its pointer parameters a call gives __shared__ memory
// where the program's code names none (one scan of the program finds that
// out).  The counts (--dump=stats) are pinned; the models are as before.
#include <cuda_runtime.h>

#define STEP(x) x = c - x * h;
#define STEP4 STEP(a) STEP(b) STEP(d) STEP(e)
#define STEP16 STEP4 STEP4 STEP4 STEP4
#define STEP64 STEP16 STEP16 STEP16 STEP16

template <typename T>
__global__ void chains1(T *v, int turns, T c, T h)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T a = v[i], b = a + 1, d = a + 2, e = a + 3;

	for (int k = 0; k < turns; k++) {
		STEP64 STEP64
	}
	v[i] = (a + b) + (d + e);
}

template <typename T>
__global__ void chains2(T *v, int turns, T c, T h)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	T a = v[i], b = a - 1, d = a - 2, e = a - 3;

	for (int k = 0; k < turns; k++) {
		STEP64 STEP64 STEP64
	}
	v[i] = (a + b) + (d + e);
}

__device__ void scale(float *p, int i, float s)
{
	p[i] *= s;
}

__global__ void scaled(float *v, float s)
{
	scale(v, blockIdx.x * blockDim.x + threadIdx.x, s);
}

template <typename T>
static void run(T *d, int n)
{
	chains1<T><<<n / 64, 64>>>(d, 4, (T)10, (T)0.5);
	chains2<T><<<n / 64, 64>>>(d, 4, (T)10, (T)0.5);
}

static void run_all(float *f, double *g, int n)
{
	run(f, n);
	run(g, n);
	scaled<<<n / 64, 64>>>(f, 2.0f);
}

int main()
{
	float *f = nullptr;
	double *g = nullptr;

	run_all(f, g, 256);
	return 0;
}
// STATS: lockstep: {{[0-9]+}} functions asked, 0 walked; {{[01]}} program scans, 0 parameter questions
// MODEL: kernel chains1: fibers (loop fission cannot run it: statements of one macro expansion cannot be split into thread loops)
// MODEL: kernel chains2: fibers (loop fission cannot run it: statements of one macro expansion cannot be split into thread loops)
// MODEL: kernel scaled: fission
