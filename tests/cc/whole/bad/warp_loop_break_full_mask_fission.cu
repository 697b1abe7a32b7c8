// expect: 16:9: error: a loop left by break, some lanes while others go on, is lowered for loop fission only where its header's and body's warp operations are over __activemask()
// exec-model: fission
// A vote loop that single lanes leave by break, its vote over the whole
// warp, forced to loop fission (issue 38, thirty-first session;
// lib/cc/warp_loop.c).  A lane that left is still named by the constant
// mask of the next turn's vote, which CUDA leaves undefined: loop fission
// lowers such a loop only where its votes ask for the lanes at the call,
// __activemask() (whole/progs/warp_loop_masks.cu runs that form).  By
// default the kernel runs as fibers.
#define FULL 0xffffffffu

__global__ void leave_early(const int *in, int *out)
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

int main(void)
{
	return 0;
}
