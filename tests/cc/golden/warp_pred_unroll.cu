// Regression (issue 38, fiber speed): a row guard around a "#pragma unroll"
// loop of shuffles (a vector CSR product: a group of lanes per row, the
// form of HeCBench's simpleSpmv).  warp.c's predication did not look
// through the pragma (an attributed statement), so the C path refused
// "warp-level operation in divergent control flow" and a whole program ran
// the kernel as fibers, about ten times slower.  Now the row condition is a
// predicate, the pragma is dropped (the loop runs once per block) and the
// kernel is loop fission's; the loop, a shuffle tree, runs as one loop per
// level over the block's warps where the predicate holds (warp_tree.c).
__global__ void row_dot(int nrows, const int *rowptr, const float *val, float *y)
{
	int row = blockIdx.x * blockDim.y + threadIdx.y;
	if (row < nrows) {
		float sum = 0.0f;
		for (int k = rowptr[row] + threadIdx.x; k < rowptr[row + 1]; k += 8)
			sum += val[k];
#pragma unroll
		for (int off = 4; off > 0; off >>= 1)
			sum += __shfl_down_sync(0xffffffffu, sum, off, 8);
		if (threadIdx.x == 0)
			y[row] = sum;
	}
}
// CHECK-LABEL: static void row_dot__block(
// CHECK: __shared__ unsigned char __idxgen_alive[1024];
// CHECK: __idxgen_alive[[[LIN:.*]]] = __idxgen_p0_[__t] && (row < nrows);
// CHECK-NOT: #pragma
// CHECK: if (__idxgen_alive[[[LIN]]]) { __idxgen_w{{[0-9]+}}[32 + [[LIN]]] = (sum_[__t]); }
// CHECK-NOT: idxgen_cc_block_leader
// CHECK: idxgen_cc_block_tree_once({{.*}}, __idxgen_alive, 4, (8), 0, 0);
// CHECK: if (__idxgen_alive[[[LIN]]]) { sum_[__t] = __idxgen_w{{[0-9]+}}b[32 + [[LIN]]]; }
// CHECK: __idxgen_alive[[[LIN]]] = __idxgen_p0_[__t];
// MODEL: kernel row_dot: fission
