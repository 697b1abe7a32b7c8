// Lock-step steps that a macro writes (lib/cc/macro_lockstep_expand.c): an
// assignment of a #define's body that reads other lanes' elements of what it
// stores cannot be rewritten read, meet, write where the text is the
// macro's, so each invocation of the main file that holds one is written out
// one level in place first (Parboil histo's prescan; refused before).  The
// written-out text keeps the invocation's line.
#include <cuda_runtime.h>

#define THREADS 64

__global__ void block_sum(const float *in, float *out)
{
	__shared__ float Sum[THREADS];
	Sum[threadIdx.x] = in[threadIdx.x];
	__syncthreads();
#define SUM(s__) \
	if (threadIdx.x < s__) { Sum[threadIdx.x] += Sum[threadIdx.x + s__]; }
	SUM(16);
	SUM(1);
	if (threadIdx.x == 0)
		out[0] = Sum[0];
}

// A store that reads no other lane's element is no lock-step store: its
// macro stays an invocation.
#define SCALE(a, i) a[i] = 2.0f * a[i]
__global__ void scale(float *p)
{
	SCALE(p, threadIdx.x);
}

// MODEL: kernel block_sum: fibers (line 19 reads __shared__ memory
// MODEL: kernel scale: fission

// CXX: if (threadIdx.x < 16) { __idxgen_cc_vstore(Sum[threadIdx.x], (Sum[threadIdx.x]) + (Sum[threadIdx.x + 16]), 1); };
// CXX-NEXT: if (threadIdx.x < 1) { __idxgen_cc_vstore(Sum[threadIdx.x], (Sum[threadIdx.x]) + (Sum[threadIdx.x + 1]), 1); };
// CXX: SCALE(p, threadIdx.x);
