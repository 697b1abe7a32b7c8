// expect: 13:9: error: cooperative groups: 'reduce' in 'group_sum' names its group through a template parameter: such calls run only as fibers (not with --exec-model=fission)
// exec-model: fission
// cg::reduce in a __device__ template over any group type (group_t): the
// call is dependent and was left to a fission kernel, which aborted at run
// time.  By default it runs as fibers.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

namespace cg = cooperative_groups;

template <typename group_t> __device__ int group_sum(const group_t &g, int v)
{
	return cg::reduce(g, v, cg::plus<int>());
}

__global__ void sums(const int *in, int *out)
{
	auto t = cg::tiled_partition<8>(cg::this_thread_block());
	int s = group_sum(t, in[threadIdx.x]);

	if (t.thread_rank() == 0)
		out[threadIdx.x / 8] = s;
}

int main()
{
	return 0;
}
