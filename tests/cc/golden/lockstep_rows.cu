// Rows of a __shared__ array indexed by the block's linear thread index
// (lib/cc/lockstep_rows.c; the translator fuzzer's kernels, tests/cc/fuzz):
// no lane of a warp reads an element another lane stores, so the C path
// translates them with loop fission and no meeting of the lanes.

// The row-wise tree: threadIdx.x < st stores at x < st of its row, reads
// at [st, 2 st), 2 st <= blockDim.x.
__global__ void row_tree(const unsigned int *in, unsigned int *out)
{
	unsigned int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	__shared__ unsigned int s[2 * 256];
	s[tid + 256u * 0u] = in[tid];
	s[tid + 256u * 1u] = in[tid] * 3u;
	__syncthreads();
	for (unsigned int st = blockDim.x / 2; st > 0; st >>= 1) {
		if (threadIdx.x < st)
			s[tid + 256u * 1u] += s[tid + st + 256u * 1u];
		__syncthreads();
	}
	out[tid] = s[tid + 256u * 1u];
}

// Rows 64 elements apart: only lanes of two warps could meet on one element.
__global__ void rows_apart(const unsigned int *in, unsigned int *out)
{
	unsigned int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	__shared__ unsigned int s[3 * 64];
	s[tid + 64u * 2u] = in[tid];
	s[tid + 64u * 0u] = s[tid + 64u * 2u] + 1u;
	out[tid] = s[tid + 64u * 0u] ^ s[tid + 64u * 2u];
}

// One statement stores row 2 and reads row 0 of 3 rows of 8: every lane
// that stores has tid < 8, so none reads what another stores.
__global__ void rows_in_bounds(const unsigned int *in, unsigned int *out)
{
	unsigned int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	__shared__ unsigned int s[8 * 3];
	s[tid + 8u * 0u] = in[tid];
	__syncthreads();
	s[tid + 8u * 2u] = s[tid + 8u * 0u] * 5u;
	out[tid] = s[tid + 8u * 2u];
}

// PLAN: kernel row_tree: {{.*}}lockstep_rows.cu line 8: 3 thread loop(s), 2 barrier(s)
// PLAN: kernel rows_apart: {{.*}}lockstep_rows.cu line 24: 1 thread loop(s), 0 barrier(s)
// PLAN: kernel rows_in_bounds: {{.*}}lockstep_rows.cu line 35: 2 thread loop(s), 1 barrier(s)
// CHECK-LABEL: static void row_tree__block(
// CHECK: s[tid + 256u * 1u] += s[tid + st + 256u * 1u];
// CHECK-LABEL: static void rows_apart__block(
// CHECK: s[tid + 64u * 0u] = s[tid + 64u * 2u] + 1u;
// CHECK-LABEL: static void rows_in_bounds__block(
// CHECK: s[tid + 8u * 2u] = s[tid + 8u * 0u] * 5u;
// MODEL: kernel row_tree: fission
// MODEL: kernel rows_apart: fission
// MODEL: kernel rows_in_bounds: fission
