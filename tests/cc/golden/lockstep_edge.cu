// A loop's later turns (lib/cc/lockstep.c, walk_loop_body): a turn that
// stores what the turn before read for another lane, across the loop's back
// edge.  Where the body has a barrier, loop fission runs the loop once per
// block and every thread finishes the turn's last thread loop before any
// starts the next turn's first: no lane can store before the others read, so
// the kernel stays with loop fission and the C path translates it
// (tests/cc/kernels/integral.cu's running total; refused for a day by the
// eleventh session's turn walk).  Fibers need the meeting: golden
// lockstep.cu's carry_fibers, tests/cuda/progs/warp_lockstep_carry.cu.

// each warp's running total of its own 32-element rows, read after the last
// barrier of the turn; lane 31 stores that element again in the next turn
__global__ void carry(const int *in, int *out, int n)
{
	__shared__ int s[128];
	int t = threadIdx.x, total = 0;
	for (int base = 0; base < n; base += 128) {
		s[t] = in[base + t];
		__syncthreads();
		out[base + t] = s[t] + total;
		__syncthreads();
		total += s[(t & ~31) + 31];
	}
}

// PLAN: kernel carry: {{.*}}lockstep_edge.cu line 13: 4 thread loop(s), 2 barrier(s)
// CHECK-LABEL: static void carry__block(
// CHECK: total_[__t] += s[(t & ~31) + 31];
// MODEL: kernel carry: fission
