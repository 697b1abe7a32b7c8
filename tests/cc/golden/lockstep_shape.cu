// `if (t < k) s[t] += s[t + k];` reads another lane's element of what it
// stores; the guard proves the elements apart where t tells the lanes of a
// warp apart (lib/cc/lockstep_guard.c).  The block's linear thread index
// always does; threadIdx.x only in a 1-D block or one whose rows are at
// least a warp long (in 8 x 4 blocks lanes (x, 0) .. (x, 3) share it, and
// lane after lane each would add s[t + k]: issue 38, twelfth session).
// A whole program gives such a kernel two bodies (thirteenth session): its
// fiber body (read, meet, write there), and loop fission, whose block
// function hands a block with rows shorter than a warp to the fiber body.
// The C path, which has no fibers, traps there instead, naming the line,
// never a wrong sum (tests/cuda/progs/warp_lockstep_rows2d.cu).

__global__ void tree_x(int *out)
{
	__shared__ int s[64];
	int t = threadIdx.x;
	s[t] = t;
	s[t + 32] = t;
	__syncthreads();
	for (int k = 32; k > 0; k >>= 1) {
		if (t < k)
			s[t] += s[t + k];
		__syncthreads();
	}
	out[t] = s[t];
}

// the same over the block's linear thread index: no check
__global__ void tree_tid(int *out)
{
	__shared__ int s[64];
	unsigned int tid = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
	s[tid] = tid;
	s[tid + 32] = tid;
	__syncthreads();
	for (unsigned int k = 32; k > 0; k >>= 1) {
		if (tid < k)
			s[tid] += s[tid + k];
		__syncthreads();
	}
	out[tid] = s[tid];
}

// PLAN: kernel tree_x: {{.*}}lockstep_shape.cu line 13:
// PLAN: kernel tree_tid: {{.*}}lockstep_shape.cu line 29:
// CHECK-LABEL: static void tree_x__block(
// CHECK: if (__bdx < 32 && __bdy * __bdz > 1)
// CHECK-NEXT: idxgen_rt_trap(__b, "line 22 counts on threadIdx.x telling the lanes of a warp apart; a %ux%ux%u block does not (lock step)", __bdx, __bdy, __bdz);
// CHECK-LABEL: static void tree_tid__block(
// CHECK-NOT: idxgen_rt_trap
// CXX-LABEL: namespace { namespace __idxgen_fiber_tree_x__ls {
// CXX: __idxgen_cc_vstore(s[t], (s[t]) + (s[t + k]), 2);
// CXX: static void tree_x__ls__block(struct idxgen_rt_block *__b)
// CXX: __idxgen_fiber_run(__b, tree_x__ls__fiber);
// CXX-LABEL: static void tree_x__block(struct idxgen_rt_block *__b)
// CXX-NEXT: {
// CXX-NEXT: if (__b->block_dim[0] < 32 && __b->block_dim[1] * __b->block_dim[2] > 1) {
// CXX-NEXT: tree_x__ls__block(__b);
// CXX-NEXT: return;
// CXX-NOT: idxgen_rt_trap
// CXX: const struct idxgen_rt_kernel tree_x__kernel = { IDXGEN_RT_ABI_VERSION, 0, "tree_x", tree_x__block,
// CXX-NOT: __ls
// CXX-LABEL: static void tree_tid__block(
// CXX-NOT: __ls
// MODEL: kernel tree_x: fission, fibers when blockDim.x < 32 && blockDim.y * blockDim.z > 1 (line 22 counts on threadIdx.x telling the lanes of a warp apart)
// MODEL: kernel tree_tid: fission{{$}}
