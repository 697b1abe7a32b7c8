// Threads that loop until what other threads of the block wrote settles
// their own value, as HeCBench's gc (ECL-GC) colours a graph: `do { int
// pcol = posscol[v]; ... if ((pcol & neipcol) == 0) keep ^= curr; ...
// again |= keep; } while (again);`, posscol volatile.  The loop's condition
// reads a plain local; the volatile reads decide it some variables away
// (a declaration's initializer, an assignment, an if around one).  Run one
// thread after another, thread 0 waits for thread 1 and never ends
// (lib/cc/spin.c); here it must end, and match the host.
//  - chain: val[t] = val[t + 1] + 1 once val[t + 1] is set, the last
//    thread first: val[t] = blockDim.x - t;
//  - settle: a thread goes on once its right neighbour has settled, told
//    by a flag cleared under an if.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void chain(volatile int *val)
{
	const int t = threadIdx.x;
	bool again;

	do {
		int next = t + 1 < (int)blockDim.x ? val[blockIdx.x * blockDim.x + t + 1] : 0;
		int mine = -1;

		if (next > 0 || t + 1 == (int)blockDim.x)
			mine = next + 1;
		again = mine < 0;
		if (!again)
			val[blockIdx.x * blockDim.x + t] = mine;
	} while (again);
}

__global__ void settle(volatile int *state, int *rounds)
{
	const int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
	int again, n = 0;

	do {
		const int right = t + 1 < (int)blockDim.x ? state[g + 1] : 1;
		int keep = 1;

		if (right != 0)
			keep = 0;
		again = 0;
		again |= keep;
		n++;
		if (!again)
			state[g] = 2 + t;
	} while (again);
	rounds[g] = n > 0;
}

int main()
{
	const int blocks = 2, threads = 64, n = blocks * threads;
	int *val, *state, *rounds, bad = 0;

	cudaMallocManaged(&val, n * sizeof(int));
	cudaMallocManaged(&state, n * sizeof(int));
	cudaMallocManaged(&rounds, n * sizeof(int));
	for (int i = 0; i < n; i++)
		val[i] = state[i] = 0;
	chain<<<blocks, threads>>>(val);
	settle<<<blocks, threads>>>(state, rounds);
	cudaDeviceSynchronize();
	for (int i = 0; i < n; i++) {
		int t = i % threads;

		if (val[i] != threads - t && bad++ < 4)
			printf("chain: element %d: %d, expected %d\n", i, val[i], threads - t);
		if ((state[i] != 2 + t || rounds[i] != 1) && bad++ < 4)
			printf("settle: element %d: %d (rounds %d), expected %d\n", i, state[i], rounds[i], 2 + t);
	}
	printf("%s\n", bad ? "FAILED" : "PASS");
	return bad != 0;
}
