// Warp-aggregated atomics with cooperative groups, in the style of the CUDA
// samples: a stream filter whose output slots come from a helper that takes
// cg::coalesced_threads() inside the caller's `if` (one atomicAdd per group
// of lanes that passed, the leader's old value broadcast with shfl), a
// per-bucket increment through cg::labeled_partition of the coalesced group,
// and a per-bucket maximum through cg::reduce(labeled, v, cg::greater<int>()).
// The kernels loop grid-stride over cg::this_grid() ranks (an ordinary
// launch: no grid barrier).  Results against a host reference: the filter's
// output as a multiset, bucket counts and maxima exactly.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

namespace cg = cooperative_groups;

#define NUM_ELEMS 50000
#define NUM_THREADS_PER_BLOCK 256
#define NUM_BUCKETS 5

__device__ int atomicAggInc(int *counter)
{
	cg::coalesced_group active = cg::coalesced_threads();
	int res = 0;

	if (active.thread_rank() == 0)
		res = atomicAdd(counter, (int)active.size());
	res = active.shfl(res, 0);
	return res + (int)active.thread_rank();
}

__global__ void filter_arr(int *dst, int *nres, const int *src, int n)
{
	int id = threadIdx.x + blockIdx.x * blockDim.x;

	for (int i = id; i < n; i += gridDim.x * blockDim.x) {
		if (src[i] > 0)
			dst[atomicAggInc(nres)] = src[i];
	}
}

__device__ int atomicAggIncMulti(const int bucket, int *counter)
{
	cg::coalesced_group active = cg::coalesced_threads();
	auto labeledGroup = cg::labeled_partition(active, bucket);
	int res = 0;

	if (labeledGroup.thread_rank() == 0)
		res = atomicAdd(&counter[bucket], (int)labeledGroup.size());
	res = labeledGroup.shfl(res, 0);
	return res + (int)labeledGroup.thread_rank();
}

__global__ void mapToBuckets(const int *srcArr, int *indicesBuckets, int *bucketCounters, const int srcSize,
			     const int numOfBuckets)
{
	cg::grid_group grid = cg::this_grid();

	for (int i = (int)grid.thread_rank(); i < srcSize; i += (int)grid.size()) {
		const int bucket = srcArr[i];

		if (bucket >= 0 && bucket < numOfBuckets)
			indicesBuckets[atomicAggIncMulti(bucket, bucketCounters)] = i;
	}
}

__device__ void atomicAggMaxMulti(const int bucket, int *bucketsMax, const int valueForMax)
{
	cg::coalesced_group active = cg::coalesced_threads();
	auto labeledGroup = cg::labeled_partition(active, bucket);
	const int maxValueInGroup = cg::reduce(labeledGroup, valueForMax, cg::greater<int>());

	if (labeledGroup.thread_rank() == 0)
		atomicMax(&bucketsMax[bucket], maxValueInGroup);
}

__global__ void calculateMaxInEachBuckets(const int *srcArr, const int *valueInBuckets, int *bucketsMax,
					  const int srcSize, const int numOfBuckets)
{
	cg::grid_group grid = cg::this_grid();

	for (int i = (int)grid.thread_rank(); i < srcSize; i += (int)grid.size()) {
		const int bucket = srcArr[i];

		if (bucket >= 0 && bucket < numOfBuckets)
			atomicAggMaxMulti(bucket, bucketsMax, valueInBuckets[i]);
	}
}

static int cmp_int(const void *a, const void *b)
{
	return *(const int *)a - *(const int *)b;
}

int main(void)
{
	int *h_src = (int *)malloc(sizeof(int) * NUM_ELEMS);
	int *h_val = (int *)malloc(sizeof(int) * NUM_ELEMS);
	int *h_out = (int *)malloc(sizeof(int) * NUM_ELEMS);
	int *h_ref = (int *)malloc(sizeof(int) * NUM_ELEMS);
	int *h_idx = (int *)malloc(sizeof(int) * NUM_ELEMS * NUM_BUCKETS);
	int h_counters[NUM_BUCKETS], h_max[NUM_BUCKETS], ref_count[NUM_BUCKETS] = { 0 }, ref_max[NUM_BUCKETS] = { 0 };
	int *d_src, *d_val, *d_out, *d_nres, *d_idx, *d_counters, *d_max;
	int nres = 0, nref = 0, errors = 0;

	srand(2024);
	for (int i = 0; i < NUM_ELEMS; i++) {
		h_src[i] = rand() % (NUM_BUCKETS + 2) - 1;	/* -1 .. 5: some filtered out, some past the buckets */
		h_val[i] = rand() % 100000;
	}
	cudaMalloc(&d_src, sizeof(int) * NUM_ELEMS);
	cudaMalloc(&d_val, sizeof(int) * NUM_ELEMS);
	cudaMalloc(&d_out, sizeof(int) * NUM_ELEMS);
	cudaMalloc(&d_nres, sizeof(int));
	cudaMalloc(&d_idx, sizeof(int) * NUM_ELEMS * NUM_BUCKETS);
	cudaMalloc(&d_counters, sizeof(int) * NUM_BUCKETS);
	cudaMalloc(&d_max, sizeof(int) * NUM_BUCKETS);
	cudaMemcpy(d_src, h_src, sizeof(int) * NUM_ELEMS, cudaMemcpyHostToDevice);
	cudaMemcpy(d_val, h_val, sizeof(int) * NUM_ELEMS, cudaMemcpyHostToDevice);
	cudaMemset(d_nres, 0, sizeof(int));
	cudaMemset(d_max, 0, sizeof(int) * NUM_BUCKETS);

	/* fewer blocks than elements: each thread takes several in the grid-stride loop */
	filter_arr<<<37, NUM_THREADS_PER_BLOCK>>>(d_out, d_nres, d_src, NUM_ELEMS);
	cudaMemcpy(&nres, d_nres, sizeof(int), cudaMemcpyDeviceToHost);
	for (int i = 0; i < NUM_ELEMS; i++)
		if (h_src[i] > 0)
			h_ref[nref++] = h_src[i];
	if (nres != nref) {
		printf("filter: %d results, want %d\n", nres, nref);
		errors++;
	} else {
		cudaMemcpy(h_out, d_out, sizeof(int) * nres, cudaMemcpyDeviceToHost);
		qsort(h_out, nres, sizeof(int), cmp_int);
		qsort(h_ref, nref, sizeof(int), cmp_int);
		if (memcmp(h_out, h_ref, sizeof(int) * nres)) {
			printf("filter: the kept values differ\n");
			errors++;
		}
	}

	for (int b = 0; b < NUM_BUCKETS; b++)
		h_counters[b] = b * NUM_ELEMS;
	cudaMemcpy(d_counters, h_counters, sizeof(h_counters), cudaMemcpyHostToDevice);
	mapToBuckets<<<(NUM_ELEMS + NUM_THREADS_PER_BLOCK - 1) / NUM_THREADS_PER_BLOCK / 3, NUM_THREADS_PER_BLOCK>>>(
		d_src, d_idx, d_counters, NUM_ELEMS, NUM_BUCKETS);
	calculateMaxInEachBuckets<<<41, NUM_THREADS_PER_BLOCK>>>(d_src, d_val, d_max, NUM_ELEMS, NUM_BUCKETS);
	cudaMemcpy(h_counters, d_counters, sizeof(h_counters), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_max, d_max, sizeof(h_max), cudaMemcpyDeviceToHost);
	cudaMemcpy(h_idx, d_idx, sizeof(int) * NUM_ELEMS * NUM_BUCKETS, cudaMemcpyDeviceToHost);
	for (int i = 0; i < NUM_ELEMS; i++)
		if (h_src[i] >= 0 && h_src[i] < NUM_BUCKETS) {
			ref_count[h_src[i]]++;
			if (h_val[i] > ref_max[h_src[i]])
				ref_max[h_src[i]] = h_val[i];
		}
	for (int b = 0; b < NUM_BUCKETS; b++) {
		int got = h_counters[b] - b * NUM_ELEMS;

		if (got != ref_count[b] || h_max[b] != ref_max[b]) {
			printf("bucket %d: count %d max %d, want %d %d\n", b, got, h_max[b], ref_count[b], ref_max[b]);
			errors++;
			continue;
		}
		/* every index of the bucket exactly once */
		qsort(h_idx + b * NUM_ELEMS, got, sizeof(int), cmp_int);
		for (int k = 0, i = 0; i < NUM_ELEMS; i++)
			if (h_src[i] == b && h_idx[b * NUM_ELEMS + k++] != i) {
				printf("bucket %d: index %d missing\n", b, i);
				errors++;
				break;
			}
	}

	cudaFree(d_src);
	cudaFree(d_val);
	cudaFree(d_out);
	cudaFree(d_nres);
	cudaFree(d_idx);
	cudaFree(d_counters);
	cudaFree(d_max);
	free(h_src);
	free(h_val);
	free(h_out);
	free(h_ref);
	free(h_idx);
	printf("%d kept, %d errors\n", nres, errors);
	printf("%s\n", errors ? "FAIL" : "PASS");
	return errors ? 1 : 0;
}
