// The shuffle-tree loop once per block (issue 40; lib/cc/warp_tree.c) in a
// template kernel of a whole program.
// a start known per instantiation (a template's value
// parameter) is the helper's first offset, and the array the levels end
// in is chosen where the block runs
template <int BS>
__global__ void segment(const float *in, float *out)
{
	float v = in[blockIdx.x * blockDim.x + threadIdx.x];
	for (int i = BS >> 1; i > 0; i >>= 1)
		v += __shfl_down_sync(0xffffffffu, v, i, BS);
	out[blockIdx.x * blockDim.x + threadIdx.x] = v;
}
template __global__ void segment<8>(const float *, float *);
// CXX: idxgen_cc_block_tree_add({{.*}}, (BS >> 1), (BS), 0, 0);
// CXX: v = (idxgen_cc_tree_odd((BS >> 1)) ? __idxgen_w{{[0-9]+}}b : __idxgen_w{{[0-9]+}})[32 +
