// Regression (NVIDIA's mergeSort sample crashed): two .cu files whose kernels run as
// fibers and call cg::sync; the one out-of-line copy of the member function the
// linker kept restored the other file's threadIdx, so this file read a stale
// one after the barrier.  b.cu is linked first.  Prints the count, then PASS or FAIL.
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;
void run_b(unsigned *out);
__global__ void ka(unsigned *out)
{
	cg::thread_block cta = cg::this_thread_block();
	unsigned bad = 0;
	for (int r = 0; r < 8; r++) {
		unsigned me = threadIdx.x;
		cg::sync(cta);
		bad += me != threadIdx.x;
	}
	out[threadIdx.x] = bad;
}
int main()
{
	unsigned *o;
	cudaMallocManaged(&o, 256 * sizeof(unsigned));
	run_b(o);
	ka<<<2, 256>>>(o);
	cudaDeviceSynchronize();
	unsigned b = 0;
	for (int i = 0; i < 256; i++) b += o[i];
	printf("threads that read a stale threadIdx: %u\n%s\n", b, b ? "FAIL" : "PASS");
	return b != 0;
}
