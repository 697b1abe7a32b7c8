// Inline PTX that only reads a lane's special register becomes an
// expression of the thread's index before the parse (lib/cc/asm_sreg.c):
// `(x)=__sreg_laneid`, padded with blanks to the statement's length and its
// line breaks kept, so lines and columns stay the user's; the kernel then
// runs as loop fission as any other.  Other PTX stays refused
// (tests/cc/whole/bad/inline_ptx*.cu).
#include <cuda_runtime.h>

__device__ unsigned int lane_id()
{
	unsigned int id;
	asm volatile("mov.u32 %0, %%laneid;" : "=r"(id));
	return id;
}

__global__ void ranks(const int *flag, unsigned int *out)
{
	unsigned int lt;
	__asm__ __volatile__(
		"mov.u32 %0, %%lanemask_lt;"
		: "=r"(lt));
	unsigned int b = __ballot_sync(0xffffffffu, flag[threadIdx.x]);
	out[threadIdx.x] = __popc(b & lt) + 100u * lane_id();
}

// CXX: unsigned int id;
// CXX-NEXT: (id)=__sreg_laneid ;
// CXX-NEXT: return id;
// CXX: (lt_[__t])=__sreg_lanemask_lt
// CXX-NEXT: {{^ *;$}}
// MODEL: kernel ranks: fission
