// Ping-pong buffers: `src = b;` with `__shared__ T b[N], *src;` stores an
// array's address into a __shared__ pointer.  In a kernel that runs as
// fibers with lock-step meetings (lib/cc/lockstep.c) the store becomes
// __idxgen_cc_vstore(src, b, depth); its generic form took the value as
// `const V &`, a const array whose address does not go into a `T *`, and
// the C++ did not compile (HeCBench's quicksort, fifteenth session).  The
// array overload of include/idxgen_cc_fiber.h decays it as the statement
// written does.
#include <cuda_runtime.h>

#define N 64

template <typename T>
__global__ void pingpong(T *d, int rounds)
{
	__shared__ T a[N], b[N];
	__shared__ T *src, *dst;
	int t = threadIdx.x;
	a[t] = d[t];
	__syncthreads();
	for (int r = 0; r < rounds; r++) {
		if (r & 1) {
			src = b;
			dst = a;
		} else {
			src = a;
			dst = b;
		}
		__syncthreads();
		dst[t] = src[(t + 1) % N] + 1;
		__syncthreads();
	}
	d[t] = (rounds & 1) ? b[t] : a[t];
}

// the same, not a template, with a const source array
__global__ void const_pick(const float *in, float *out, int which)
{
	__shared__ float x[N], y[N];
	__shared__ const float *pick;
	int t = threadIdx.x;
	x[t] = in[t];
	y[t] = -in[t];
	__syncthreads();
	if (which)
		pick = y;
	else
		pick = x;
	__syncthreads();
	out[t] = pick[(t + 1) % N];
}

void run(unsigned *du, const float *in, float *out)
{
	pingpong<unsigned><<<1, N>>>(du, 3);
	const_pick<<<1, N>>>(in, out, 1);
}

// MODEL: kernel pingpong: fibers
// MODEL: kernel const_pick: fibers
// CXX: __idxgen_cc_vstore(src, b, 2);
// CXX-NEXT: __idxgen_cc_vstore(dst, a, 2);
// CXX: __idxgen_cc_vstore(src, a, 2);
// CXX-NEXT: __idxgen_cc_vstore(dst, b, 2);
// CXX: __idxgen_cc_vstore(pick, y, 1);
// CXX: __idxgen_cc_vstore(pick, x, 1);
