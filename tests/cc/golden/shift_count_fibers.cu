// Device code's shifts by a count that is not a constant (lib/cc/shift.c)
// in the kernels' fiber forms: a fiber per thread and lane loops (one fiber
// per warp, its lanes a loop between barriers: the count kept across the
// barrier in a per-warp array) write them through the helpers as loop
// fission does (shift_count_cxx.cu).
// FLAGS: --exec-model=fibers
#include <cuda_runtime.h>

__global__ void per_thread(unsigned int *out, const int *bits)
{
	int t = threadIdx.x;
	int bit = bits[t];
	unsigned int dw = out[t];

	out[t] = dw << (32 - bit);
	dw >>= bit;
	out[t + 1] = dw;
}

__global__ void lanes(unsigned long long *out, const int *bits)
{
	__shared__ unsigned long long s[256];
	int t = threadIdx.x;
	int n = bits[t];

	s[t] = ~0ull << n;
	__syncthreads();
	out[t] = s[255 - t] >> n;
}

// CXX: out[t] = __idxgen_shl(dw , (32 - bit));
// CXX: __idxgen_shr_eq(dw , bit);
// CXX: s[t] = __idxgen_shl(~0ull , n);
// CXX: out[t] = __idxgen_shr(s[255 - t] , n);
// MODEL: kernel per_thread: fibers
// MODEL: kernel lanes: fibers
// MODEL: lane loops
