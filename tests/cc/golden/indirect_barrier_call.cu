// A kernel that reaches its barrier through a call naming no function: a
// function-pointer template parameter (`template <tile_fn f> __global__ void
// k() { f(...); }`, as llm.c's trimat_forward hands its matmul variants to
// one launcher) or a parameter of a template's type (a functor).  Which
// function runs is known only at instantiation, so matching callees by name
// (lib/cc/fiber_plan.c) saw none that suspends and planned loop fission; the
// launch aborted ("__syncthreads called outside a fiber kernel").  Now such a
// call runs as fibers when any function of the program suspends; a kernel
// whose calls all name their function keeps loop fission.
using tile_fn = void (*)(float *out, const float *in);

__device__ void tile_sum(float *out, const float *in)
{
	__shared__ float s[64];
	s[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
	__syncthreads();
	if (threadIdx.x == 0)
		out[blockIdx.x] = s[0] + s[63];
}

__device__ float twice(float x) { return 2 * x; }

template <tile_fn f> __global__ void run_tile(float *out, const float *in)
{
	f(out, in);
}

template <class Op> __global__ void run_op(Op op, float *out, const float *in)
{
	op(out, in);
}

struct TileSum {
	__device__ void operator()(float *out, const float *in) const { tile_sum(out, in); }
};

__global__ void scale(float *out, const float *in)
{
	out[threadIdx.x] = twice(in[threadIdx.x]);
}

void launch(float *out, const float *in)
{
	run_tile<tile_sum><<<2, 64>>>(out, in);
	run_op<<<2, 64>>>(TileSum(), out, in);
	scale<<<1, 64>>>(out, in);
}

// MODEL: kernel run_tile: fibers (calls through 'f', a function pointer or function object, and functions of the program suspend the thread ('tile_sum'))
// MODEL: kernel run_op: fibers (calls through 'op', a function pointer or function object, and functions of the program suspend the thread ('tile_sum'))
// MODEL: kernel scale: fission
