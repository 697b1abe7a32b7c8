// expect: 12:2: error: this loop waits for memory another thread writes (its condition depends on an atomic or a volatile read), which the C output, running the threads one after another, would never let it see: build the whole program (idxgen-cc -o prog file.cu) to run it as fibers
// The threads of a block take turns on an atomic counter, the highest
// thread id first, to append to a list in a fixed order.  The C output
// runs a block's threads one after another from thread 0: thread 0 waits
// for a turn that comes only after every other thread's, which have not
// run yet.  (A lock a thread takes and releases in its own turn,
// `while (atomicCAS(&l, 0, 1) != 0);`, ends there and is translated.)
__global__ void ordered_append(int *turn, int *list, const int *in)
{
	int t = threadIdx.x, mine = (int)blockDim.x - 1 - t;

	while (atomicAdd(turn, 0) != mine)
		;
	list[mine] = in[t];
	atomicAdd(turn, 1);
}
