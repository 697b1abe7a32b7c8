// Loops whose header calls a vote over a mask the program computes, a
// cooperative-groups tile's collective, or that single lanes leave by
// `break` (issue 38, thirty-first session; lib/cc/warp_loop.c,
// warp_mask.c).  Loop fission runs them, each warp's (or tile's) lanes
// absent once they left; before, each kernel ran as fibers ("may give the
// lanes of a warp different values", "hold more than one", "a
// cooperative-groups call in the header of a loop or switch is not
// supported").  Refused still, the kernel then fibers: a mask that differs
// between lanes, a tile of 16 whose body calls a whole warp's shuffle, a
// break under a constant mask, a break inside a branch with a warp
// operation.  tests/cc/whole/progs/warp_loop_masks.cu runs the lowered
// forms against host references under both models.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#define FULL 0xffffffffu

// the lanes of a ballot vote among themselves
__global__ void ballot_mask(const int *in, int *out, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned live = __ballot_sync(FULL, i < n);
	int todo = i < n ? in[i] & 7 : 0, rounds = 0;

	if (i < n) {
		while (__any_sync(live, todo > 0)) {
			todo -= todo > 0;
			rounds++;
		}
		out[i] = rounds;
	}
}
// MODEL-LABEL: kernel ballot_mask: fission{{$}}
// MODEL: while containing barriers: lines 27-30, once per block while a lane of it goes on
// CXX-LABEL: ballot_mask: called once per block
// CXX: __idxgen_c{{[0-9]+}}_[__t] = __idxgen_alive[{{.*}}] && ((idxgen_cc_any(__idxgen_w{{[0-9]+}} + 32, {{.*}}, __idxgen_alive, (live_[__t]))));
// CXX: while (idxgen_cc_block_any_present(

// __activemask() as the mask: the present lanes, read in its call's place
__global__ void active_header(const int *in, int *out)
{
	int todo = in[threadIdx.x] & 15, acc = 0;

	while (__any_sync(__activemask(), todo > 0)) {
		todo -= todo > 0;
		acc += todo;
	}
	out[threadIdx.x] = acc;
}
// MODEL-LABEL: kernel active_header: fission{{$}}
// MODEL: while containing barriers: lines 45-48, once per block while a lane of it goes on
// CXX-LABEL: active_header: called once per block
// CXX: && ((idxgen_cc_any(__idxgen_w{{[0-9]+}} + 32, {{.*}}, __idxgen_alive, (idxgen_cc_present_mask({{.*}}, (blockDim.x * blockDim.y * blockDim.z), __idxgen_alive)))));

// a whole-warp tile's vote
__global__ void tile_any(const int *in, int *out)
{
	cg::thread_block_tile<32> tile = cg::tiled_partition<32>(cg::this_thread_block());
	int v = in[threadIdx.x] & 15, turns = 0;

	while (tile.any(v > 0)) {
		v = v > 3 ? v - 3 : 0;
		turns++;
	}
	out[threadIdx.x] = turns;
}
// MODEL-LABEL: kernel tile_any: fission{{$}}
// CXX-LABEL: tile_any: called once per block
// CXX: && ((idxgen_cc_tile_any(__idxgen_w{{[0-9]+}} + 32, {{.*}}, __idxgen_alive, 32u)));
// CXX: while (idxgen_cc_block_any_present(

// tiles of 16 at their own pace, a shuffle of the tile in the body
__global__ void tile16_all(const int *in, int *out)
{
	cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(cg::this_thread_block());
	int v = in[threadIdx.x] & 31, s = 0;

	while (t16.all(v < 40)) {
		v += 1 + (v & 3);
		s += t16.shfl_down(v, 1);
	}
	out[threadIdx.x] = s;
}
// MODEL-LABEL: kernel tile16_all: fission{{$}}
// CXX-LABEL: tile16_all: called once per block
// CXX: && ((idxgen_cc_tile_all(__idxgen_w{{[0-9]+}} + 32, {{.*}}, __idxgen_alive, 16u)));
// CXX: idxgen_cc_shfl_down(__idxgen_w{{[0-9]+}} + 32, {{.*}}, __idxgen_alive, (1), 16)

// a lane leaves by break; the others vote on over __activemask()
__global__ void active_break(const int *in, int *out)
{
	int todo = in[threadIdx.x] & 15, rounds = 0;

	while (__any_sync(__activemask(), todo > 0)) {
		todo -= 2;
		if (todo == 1)
			break;
		rounds++;
	}
	out[threadIdx.x] = rounds;
}
// MODEL-LABEL: kernel active_break: fission{{$}}
// MODEL: while containing barriers: lines 95-100, once per block while a lane of it goes on
// CXX-LABEL: active_break: called once per block
// CXX: if (__idxgen_alive[{{.*}}]) { if (todo_[__t] == 1)
// CXX-NEXT: (void)(__idxgen_alive[{{.*}}] = 0); }
// CXX: if (__idxgen_alive[{{.*}}]) { rounds_[__t]++; }

// each lane its own mask: refused
__global__ void lane_mask(const int *in, int *out)
{
	int todo = in[threadIdx.x] & 7, rounds = 0;
	unsigned m = 1u << (threadIdx.x & 31);

	while (__any_sync(m, todo > 0)) {
		todo--;
		rounds++;
	}
	out[threadIdx.x] = rounds;
}
// MODEL: kernel lane_mask: fibers (warp.c does not lower it for loop fission: '__any_sync' in the header of a loop may give the lanes of a warp different values

// a tile of 16 leaves on its own, but the body asks the whole warp: refused
__global__ void tile16_warp_body(const int *in, int *out)
{
	cg::thread_block_tile<16> t16 = cg::tiled_partition<16>(cg::this_thread_block());
	int v = in[threadIdx.x] & 31, s = 0;

	while (t16.any(v < 40)) {
		v += 3;
		s += __shfl_xor_sync(FULL, v, 16);
	}
	out[threadIdx.x] = s;
}
// MODEL: kernel tile16_warp_body: fibers (warp.c does not lower it for loop fission: a loop whose header calls a collective of a tile of 16 threads may call only collectives of tiles of at most 16 threads in its body under loop fission: the tiles of a warp leave it at different turns)

// a break under a constant mask: the vote would name the lane that left
__global__ void full_mask_break(const int *in, int *out)
{
	int todo = in[threadIdx.x] & 15, rounds = 0;

	while (__any_sync(FULL, todo > 0)) {
		todo -= 2;
		if (todo == 1)
			break;
		rounds++;
	}
	out[threadIdx.x] = rounds;
}
// MODEL: kernel full_mask_break: fibers (warp.c does not lower it for loop fission: a loop left by break, some lanes while others go on, is lowered for loop fission only where its header's and body's warp operations are over __activemask() (a constant mask would name the lanes that left, which CUDA leaves undefined))

// a break in a branch that calls a warp operation: not a flag the predicate keeps
__global__ void break_in_vote_branch(const int *in, int *out)
{
	int todo = in[threadIdx.x] & 15, rounds = 0;

	while (__any_sync(__activemask(), todo > 0)) {
		todo -= 2;
		if (todo < 4) {
			rounds += __popc(__activemask());
			break;
		}
		rounds++;
	}
	out[threadIdx.x] = rounds;
}
// MODEL: kernel break_in_vote_branch: fibers (warp.c does not lower it for loop fission: a loop whose header calls a warp-level function may hold no __syncthreads(), return, break, continue or goto under loop fission
