// expect: 30:3: error: warp-level operation in divergent control flow is not supported: idxgen-cc runs a warp operation for all threads of the block at once (lib/cc/README.md, "Warps")
// exec-model: fission
// A helper with three warp operations (the __match_any_sync append idiom),
// inlined into a grid-stride loop whose condition depends on the thread:
// loop fission cannot run it.  Every operation of the inlined text maps
// back to the one call, and the error (with its note) was printed three
// times for that one statement; once now.  By default the kernel runs as
// fibers (tests/cuda/progs/warp_match_bucket_append.cu).
__device__ int append(int *counter, int *list, int item)
{
	unsigned int active = __activemask();
	unsigned int peers = __match_any_sync(active, (unsigned long long)counter);
	int leader = __ffs(peers) - 1;
	unsigned int lane = threadIdx.x % 32;
	int base = 0;

	if ((int)lane == leader)
		base = atomicAdd(counter, __popc(peers));
	base = __shfl_sync(peers, base, leader);
	int at = base + __popc(peers & ((1u << lane) - 1u));
	list[at] = item;
	return at;
}

__global__ void partition(const int *items, int n, int *counts, int *lists)
{
	for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
		int b = items[i] % 8;

		append(&counts[b], lists + b * 1024, items[i]);
	}
}

int main(void)
{
	partition<<<1, 64>>>(0, 0, 0, 0);
	return 0;
}
