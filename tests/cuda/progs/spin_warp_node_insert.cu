// Warp-cooperative inserts into nodes guarded by a lock word, in the style
// of GPU B-trees (HeCBench's btree): a node is 32 words, lane l holding
// word 31 - l; word 1 is the node's lock bit and key count, words 2..31 its
// keys in ascending order.  A warp takes a node's lock with lane 1's
// atomicOr on word 1 and a __shfl_sync broadcast, retried while another
// warp holds it; then every lane stores its word of the new node (lane 30
// stores word 1, the lock bit still set), and the lock is released by
// __threadfence() and lane 1's atomicAnd.  A converged warp finishes every
// lane's store before lane 1 passes the fence; run lane after lane, lane 1
// would clear the bit and lane 30 then set it again: a lock never released.
// A second kernel moves the lower half of each warp's values to the upper
// half with __shfl_up_sync(0x0000FFFF, v, 16) called by all 32 lanes, as
// btree's node split does: the lanes outside the mask take part on a GPU.
// Checked against host references: every node sorted, holding exactly its
// keys, unlocked; the halves moved.
#include <cstdio>
#include <cuda_runtime.h>

#define FULL 0xffffffffu
#define LOCK 0x80000000u
#define NODE_WORDS 32
#define SLOTS 30

__device__ __forceinline__ unsigned lane_id()
{
	return threadIdx.x & 31;
}

__device__ void node_lock(unsigned *node)
{
	bool held = true;

	while (held) {
		if (lane_id() == 1)
			held = (atomicOr(node + 1, LOCK) & LOCK) != 0;
		held = __shfl_sync(FULL, held, 1);
	}
	__threadfence();
}

__device__ void node_unlock(unsigned *node)
{
	__threadfence();
	if (lane_id() == 1)
		atomicAnd(node + 1, ~LOCK);
}

// Insert key into the locked node: each lane computes and stores its word.
__device__ void node_insert(unsigned *node, unsigned key)
{
	unsigned l = lane_id(), word = node[31 - l];
	unsigned count = __shfl_sync(FULL, word, 30) & ~LOCK;
	bool holds_key = l <= 29 && 29 - l < count;
	unsigned pos = __popc(__ballot_sync(FULL, holds_key && word < key));
	unsigned below = __shfl_down_sync(FULL, word, 1);	// word 31 - l - 1
	unsigned slot = 29 - l;	// word 2 + slot

	if (l <= 29 && slot == pos)
		word = key;
	else if (l <= 29 && slot > pos && slot <= count)
		word = below;
	if (l == 30)
		word = (count + 1) | LOCK;
	node[31 - l] = word;
}

__global__ void insert_keys(unsigned *nodes, int nnodes, const unsigned *keys, int n)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	bool todo = g < n;
	unsigned mine = todo ? keys[g] : 0, work;

	while ((work = __ballot_sync(FULL, todo)) != 0) {
		int src = __ffs(work) - 1;
		unsigned key = __shfl_sync(FULL, mine, src);
		unsigned *node = nodes + (key % nnodes) * NODE_WORDS;

		node_lock(node);
		node_insert(node, key);
		node_unlock(node);
		if ((int)lane_id() == src)
			todo = false;
	}
}

__global__ void upper_halves(const unsigned *in, unsigned *out)
{
	int g = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned v = in[g];
	unsigned up = __shfl_up_sync(0x0000FFFFu, v, 16);

	if (lane_id() < 16)
		up = 0;
	out[g] = up;
}

static int check_nodes(const char *what, const unsigned *h_nodes, int nnodes, const unsigned *keys, int n)
{
	int bad = 0;

	for (int k = 0; k < nnodes; k++) {
		const unsigned *w = h_nodes + k * NODE_WORDS;
		unsigned want[SLOTS], nw = 0;

		for (int i = 0; i < n; i++)
			if ((int)(keys[i] % nnodes) == k && nw < SLOTS) {
				unsigned j = nw++;

				for (; j > 0 && want[j - 1] > keys[i]; j--)
					want[j] = want[j - 1];
				want[j] = keys[i];
			}
		if (w[1] != nw) {
			printf("%s: node %d word 1 %#x, want %u keys, unlocked\n", what, k, w[1], nw);
			bad++;
			continue;
		}
		for (unsigned j = 0; j < nw; j++)
			if (w[2 + j] != want[j]) {
				printf("%s: node %d key %u is %u, want %u\n", what, k, j, w[2 + j], want[j]);
				bad++;
				break;
			}
	}
	return bad;
}

static int run_inserts(const char *what, int n, int nnodes, int bs)
{
	unsigned *h_keys = new unsigned[n], *h_nodes = new unsigned[nnodes * NODE_WORDS];
	unsigned *d_keys, *d_nodes, s = 7u + (unsigned)n;
	int bad;

	for (int i = 0; i < n; i++)	// distinct keys in a shuffled order
		h_keys[i] = (unsigned)i * 7919u % 100003u + 1u;
	for (int i = n - 1; i > 0; i--) {
		s = s * 1103515245u + 12345u;
		int j = (int)((s >> 8) % (unsigned)(i + 1));
		unsigned t = h_keys[i];

		h_keys[i] = h_keys[j];
		h_keys[j] = t;
	}
	cudaMalloc(&d_keys, n * sizeof(unsigned));
	cudaMalloc(&d_nodes, nnodes * NODE_WORDS * sizeof(unsigned));
	cudaMemcpy(d_keys, h_keys, n * sizeof(unsigned), cudaMemcpyHostToDevice);
	cudaMemset(d_nodes, 0, nnodes * NODE_WORDS * sizeof(unsigned));
	insert_keys<<<(n + bs - 1) / bs, bs>>>(d_nodes, nnodes, d_keys, n);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("%s: launch failed\n", what);
		return 1;
	}
	cudaMemcpy(h_nodes, d_nodes, nnodes * NODE_WORDS * sizeof(unsigned), cudaMemcpyDeviceToHost);
	bad = check_nodes(what, h_nodes, nnodes, h_keys, n);
	cudaFree(d_keys);
	cudaFree(d_nodes);
	delete[] h_keys;
	delete[] h_nodes;
	return bad;
}

static int run_halves(void)
{
	const int n = 128;
	unsigned h_in[n], h_out[n], *d_in, *d_out;
	int bad = 0;

	for (int i = 0; i < n; i++)
		h_in[i] = 1000u + (unsigned)i * 3u;
	cudaMalloc(&d_in, sizeof(h_in));
	cudaMalloc(&d_out, sizeof(h_out));
	cudaMemcpy(d_in, h_in, sizeof(h_in), cudaMemcpyHostToDevice);
	upper_halves<<<2, 64>>>(d_in, d_out);
	if (cudaDeviceSynchronize() != cudaSuccess) {
		printf("upper_halves: launch failed\n");
		return 1;
	}
	cudaMemcpy(h_out, d_out, sizeof(h_out), cudaMemcpyDeviceToHost);
	for (int i = 0; i < n; i++) {
		unsigned want = i % 32 < 16 ? 0u : h_in[i - 16];

		if (h_out[i] != want) {
			printf("upper_halves: out[%d] = %u, want %u\n", i, h_out[i], want);
			bad++;
			break;
		}
	}
	cudaFree(d_in);
	cudaFree(d_out);
	return bad;
}

int main()
{
	int bad = 0;

	bad += run_inserts("one warp, 32 keys", 32, 4, 32);
	bad += run_inserts("one warp, 20 keys", 20, 1, 32);
	bad += run_inserts("8 warps a block, 400 keys", 400, 24, 256);
	bad += run_halves();
	if (bad) {
		printf("FAIL\n");
		return 1;
	}
	printf("PASS\n");
	return 0;
}
