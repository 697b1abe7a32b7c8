// The second unit of cg_two_units (see a.cu): a kernel with cg::sync of its own.
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
__global__ void kb(unsigned *out)
{
	cg::thread_block cta = cg::this_thread_block();
	out[threadIdx.x] = 0;
	cg::sync(cta);
	out[threadIdx.x] += 1;
}
void run_b(unsigned *out)
{
	kb<<<1, 256>>>(out);
	cudaDeviceSynchronize();
}
