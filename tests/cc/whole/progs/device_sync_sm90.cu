// The block-level and sm_90 device functions of issue 44's device-function
// parity: sm_20's bool barrier reductions (syncthreads_count/and/or),
// named barriers (__barrier_sync, and __barrier_sync_count with two groups
// of warps that each meet at their own barrier a different number of
// times, as warp-specialised kernels do), __uni_sync, thread-block
// cluster queries and the cluster barrier (a launch of clusters of one
// block), __cluster_map_shared_rank, __threadfence_cluster, the 16-byte
// atomics (__u128AtomicCAS/Exch and the atomicCAS/atomicExch templates on
// a 16-byte aligned struct, under contention) and sm_90's float2/float4
// atomicAdd.  Every result is checked on the host against what the
// definition says, computed here by plain loops.
// Also compiled by nvcc -arch=sm_90 -c.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

#define checkCudaErrors(call)                                                                   \
	do {                                                                                    \
		cudaError_t err_ = (call);                                                      \
		if (err_ != cudaSuccess) {                                                      \
			fprintf(stderr, "CUDA error %s at %s:%d\n", cudaGetErrorName(err_), __FILE__, \
				__LINE__);                                                      \
			return 1;                                                               \
		}                                                                               \
	} while (0)

const int BLOCKS = 3;
const int THREADS = 128;	// four warps: two groups of two
const int ROUNDS_A = 3, ROUNDS_B = 5;

struct __align__(16) Pair {
	unsigned long long count, sum;
};

struct Out {
	int countBool[BLOCKS], andBool[BLOCKS], orBool[BLOCKS], andFalse[BLOCKS];
	int group[BLOCKS][THREADS];	// named barriers: what each thread accumulated
	int full[BLOCKS][THREADS];	// __barrier_sync(0): the neighbour after the barrier
	int uni[BLOCKS][THREADS];
	unsigned int clusterIdx[BLOCKS][3], clusterGrid[BLOCKS][3], clusterDim[BLOCKS][3], relIdx[BLOCKS][3];
	unsigned int rank[BLOCKS], size[BLOCKS], specified[BLOCKS], sharedRank[BLOCKS];
	int mapped[BLOCKS];
	int clusterSeen[BLOCKS][THREADS];
	Pair exchanged[BLOCKS][THREADS];
	Pair casFail;
	int casFailTook;
};

__global__ void blockFunctions(Out *o, Pair *counter, Pair *slot, float2 *f2, float4 *f4)
{
	__shared__ int s[THREADS];
	__shared__ int t[THREADS];
	int tid = threadIdx.x, b = blockIdx.x;

	// sm_20's bool forms
	int c = syncthreads_count(tid % 3 == 0);
	bool a = syncthreads_and(tid < THREADS);
	bool any = syncthreads_or(tid == THREADS - 1 - b);
	bool none = syncthreads_and(tid != 5);
	if (tid == 0) {
		o->countBool[b] = c;
		o->andBool[b] = a;
		o->orBool[b] = any;
		o->andFalse[b] = none;
	}

	// a named barrier for the whole block
	s[tid] = tid * 7 + b;
	__barrier_sync(0);
	o->full[b][tid] = s[(tid + 1) % THREADS];
	__barrier_sync(0);

	// two groups, each at its own barrier with a count of 64, different round counts
	bool groupA = tid < 64;
	int base = groupA ? 0 : 64, id = groupA ? 1 : 2, rounds = groupA ? ROUNDS_A : ROUNDS_B, acc = 0;
	for (int r = 0; r < rounds; r++) {
		t[tid] = (tid + 1) * (r + 1) + b;
		__barrier_sync_count(id, 64);
		acc += t[base + (tid - base + 1 + r) % 64];
		__barrier_sync_count(id, 64);
	}
	o->group[b][tid] = acc;

	// __uni_sync: warp 0 all true, warp 1 mixed, warps 2 and 3 all false
	o->uni[b][tid] = __uni_sync(0xffffffffu, tid < 40);

	// clusters of one block
	dim3 ci = __clusterIdx(), cg = __clusterGridDimInClusters(), cd = __clusterDim(), ri = __clusterRelativeBlockIdx();
	s[tid] = 1000 * b + tid;
	__cluster_barrier_arrive();
	__cluster_barrier_wait();
	int *peer = (int *)__cluster_map_shared_rank(s, 0);
	o->clusterSeen[b][tid] = peer[THREADS - 1 - tid];
	if (tid == 0) {
		o->clusterIdx[b][0] = ci.x, o->clusterIdx[b][1] = ci.y, o->clusterIdx[b][2] = ci.z;
		o->clusterGrid[b][0] = cg.x, o->clusterGrid[b][1] = cg.y, o->clusterGrid[b][2] = cg.z;
		o->clusterDim[b][0] = cd.x, o->clusterDim[b][1] = cd.y, o->clusterDim[b][2] = cd.z;
		o->relIdx[b][0] = ri.x, o->relIdx[b][1] = ri.y, o->relIdx[b][2] = ri.z;
		o->rank[b] = __clusterRelativeBlockRank();
		o->size[b] = __clusterSizeInBlocks();
		o->specified[b] = __clusterDimIsSpecified();
		o->sharedRank[b] = __cluster_query_shared_rank(s);
		o->mapped[b] = peer == s;
	}
	__threadfence_cluster();

	// 16-byte atomics: both halves move together under contention
	Pair seen = *counter, want;
	for (;;) {
		want.count = seen.count + 1;
		want.sum = seen.sum + (unsigned long long)(b * THREADS + tid);
		Pair got = atomicCAS(counter, seen, want);
		if (got.count == seen.count && got.sum == seen.sum)
			break;
		seen = got;
	}
	Pair mine;
	mine.count = (unsigned long long)(b * THREADS + tid) + 1;
	mine.sum = mine.count * 3;
	o->exchanged[b][tid] = atomicExch(slot, mine);
	if (b == 0 && tid == 0) {
		Pair wrong, repl;
		wrong.count = ~0ull, wrong.sum = 0;
		repl.count = 1, repl.sum = 2;
		Pair probe;
		probe.count = 0, probe.sum = 0;
		__u128AtomicCAS((void *)&o->casFail, (void *)&wrong, (void *)&repl, (void *)&probe);
		o->casFailTook = probe.count == 77 && probe.sum == 78;
	}

	// sm_90's vector atomics: each element on its own
	atomicAdd(f2, make_float2(1.0f, (float)tid));
	atomicAdd(f4, make_float4(1.0f, 2.0f, (float)b, 0.5f));
}

static int failures;

static void check(bool good, const char *what, int b, int t)
{
	if (!good && failures++ < 20)
		printf("FAILED: %s (block %d, thread %d)\n", what, b, t);
}

int main()
{
	Out *o;
	Pair *counter, *slot;
	float2 *f2;
	float4 *f4;
	checkCudaErrors(cudaMallocManaged(&o, sizeof(Out)));
	checkCudaErrors(cudaMallocManaged(&counter, sizeof(Pair)));
	checkCudaErrors(cudaMallocManaged(&slot, sizeof(Pair)));
	checkCudaErrors(cudaMallocManaged(&f2, sizeof(float2)));
	checkCudaErrors(cudaMallocManaged(&f4, sizeof(float4)));
	memset(o, 0, sizeof(Out));
	o->casFail.count = 77, o->casFail.sum = 78;
	counter->count = counter->sum = 0;
	slot->count = 0, slot->sum = 0;
	*f2 = make_float2(0, 0);
	*f4 = make_float4(0, 0, 0, 0);

	blockFunctions<<<BLOCKS, THREADS>>>(o, counter, slot, f2, f4);
	checkCudaErrors(cudaGetLastError());
	checkCudaErrors(cudaDeviceSynchronize());

	int n = BLOCKS * THREADS;
	for (int b = 0; b < BLOCKS; b++) {
		int want = 0;
		for (int t = 0; t < THREADS; t++)
			want += t % 3 == 0;
		check(o->countBool[b] == want, "syncthreads_count", b, 0);
		check(o->andBool[b] == 1, "syncthreads_and (all true)", b, 0);
		check(o->orBool[b] == 1, "syncthreads_or (one true)", b, 0);
		check(o->andFalse[b] == 0, "syncthreads_and (one false)", b, 0);
		for (int t = 0; t < THREADS; t++) {
			check(o->full[b][t] == ((t + 1) % THREADS) * 7 + b, "__barrier_sync", b, t);
			int base = t < 64 ? 0 : 64, rounds = t < 64 ? ROUNDS_A : ROUNDS_B, acc = 0;
			for (int r = 0; r < rounds; r++) {
				int from = base + (t - base + 1 + r) % 64;
				acc += (from + 1) * (r + 1) + b;
			}
			check(o->group[b][t] == acc, "__barrier_sync_count (two groups)", b, t);
			int warp = t / 32;
			check(o->uni[b][t] == (warp != 1), "__uni_sync", b, t);
			check(o->clusterSeen[b][t] == 1000 * b + THREADS - 1 - t, "cluster barrier", b, t);
		}
		unsigned int idx[3] = { (unsigned)b, 0, 0 }, grid[3] = { BLOCKS, 1, 1 }, one[3] = { 1, 1, 1 };
		for (int k = 0; k < 3; k++) {
			check(o->clusterIdx[b][k] == idx[k], "__clusterIdx", b, k);
			check(o->clusterGrid[b][k] == grid[k], "__clusterGridDimInClusters", b, k);
			check(o->clusterDim[b][k] == one[k], "__clusterDim", b, k);
			check(o->relIdx[b][k] == 0, "__clusterRelativeBlockIdx", b, k);
		}
		check(o->rank[b] == 0 && o->size[b] == 1 && o->specified[b] == 0, "cluster rank/size/specified", b, 0);
		check(o->sharedRank[b] == 0 && o->mapped[b] == 1, "cluster shared rank", b, 0);
	}

	unsigned long long sum = 0;
	for (int i = 0; i < n; i++)
		sum += (unsigned long long)i;
	check(counter->count == (unsigned long long)n && counter->sum == sum, "atomicCAS on 16 bytes", 0, 0);

	// atomicExch: the values fetched and the one left are the initial and every thread's, each once
	static int seenValue[BLOCKS * THREADS + 1];
	Pair all[BLOCKS * THREADS + 1];
	memcpy(all, o->exchanged, sizeof(o->exchanged));
	all[n] = *slot;
	for (int i = 0; i <= n; i++) {
		unsigned long long v = all[i].count;
		check(all[i].sum == v * 3 && v <= (unsigned long long)n && !seenValue[v]++, "atomicExch on 16 bytes", i, 0);
	}
	check(o->casFailTook == 1 && o->casFail.count == 77 && o->casFail.sum == 78, "__u128AtomicCAS (no match)", 0, 0);

	float f2y = 0;
	for (int t = 0; t < THREADS; t++)
		f2y += (float)t * BLOCKS;
	check(f2->x == (float)n && f2->y == f2y, "atomicAdd(float2)", 0, 0);
	float f4z = 0;
	for (int b = 0; b < BLOCKS; b++)
		f4z += (float)b * THREADS;
	check(f4->x == (float)n && f4->y == 2.0f * n && f4->z == f4z && f4->w == 0.5f * n, "atomicAdd(float4)", 0, 0);

	printf("%d checks failed\n", failures);
	printf(failures ? "FAILED\n" : "PASS\n");
	return failures != 0;
}
