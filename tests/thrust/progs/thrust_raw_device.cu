// SPDX-License-Identifier: MIT
// Thrust on raw cudaMalloc pointers with the thrust::device policy, as
// graph and logic-synthesis codes write it: only the algorithm headers are
// included (no <thrust/execution_policy.h>), functors are structs with a
// __host__ __device__ operator(), a kernel fills the arrays, and the same
// steps run again with thrust::cuda::par.on(stream) on a created stream,
// written at each call as programs do (.on() after the kernel's launch).
// Each result is checked against the same steps done by std:: algorithms
// on a host copy.  Prints PASSED or FAILED.
// Build: idxgen-cc -o thrust_raw_device thrust_raw_device.cu
//        nvcc -arch=sm_90 -o thrust_raw_device thrust_raw_device.cu
#include <thrust/sequence.h>
#include <thrust/copy.h>
#include <thrust/transform.h>
#include <thrust/unique.h>
#include <thrust/sort.h>
#include <thrust/replace.h>
#include <thrust/scan.h>
#include <thrust/remove.h>
#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>

#define CHECK(call)                                                              \
	do {                                                                     \
		cudaError_t e_ = (call);                                         \
		if (e_ != cudaSuccess) {                                         \
			printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
			return 1;                                                \
		}                                                                \
	} while (0)

struct is_odd {
	__host__ __device__ bool operator()(int x) const { return x & 1; }
};

struct too_small {
	int limit;
	__host__ __device__ bool operator()(int x) const { return x < limit; }
};

struct node_id {	// a literal is node * 2 + complement bit
	__host__ __device__ int operator()(int lit) const { return lit >> 1; }
};

// pseudo-random literals, the same on host and device
__host__ __device__ static int literal(int i, int n)
{
	unsigned h = (unsigned)i * 2654435761u + 12345u;
	return (int)((h >> 7) % (unsigned)(2 * n));
}

__global__ void fill_literals(int *lits, int count, int n)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < count)
		lits[i] = literal(i, n);
}

// one pass: unique node ids of the literals, their inclusive prefix sums,
// the ids with small ones replaced by -1, the odd ones, those kept >= limit
template <class PolicyOf>
static int run(PolicyOf policy_of, cudaStream_t stream, int count, int n, std::vector<int> out[5])
{
	int *lits, *ids, *seq, *odd;
	CHECK(cudaMalloc(&lits, count * sizeof(int)));
	CHECK(cudaMalloc(&ids, count * sizeof(int)));
	CHECK(cudaMalloc(&seq, count * sizeof(int)));
	CHECK(cudaMalloc(&odd, count * sizeof(int)));
	fill_literals<<<(count + 127) / 128, 128, 0, stream>>>(lits, count, n);

	thrust::transform(policy_of(stream), lits, lits + count, ids, node_id());
	thrust::sort(policy_of(stream), ids, ids + count);
	int *ids_end = thrust::unique(policy_of(stream), ids, ids + count);
	int nids = (int)(ids_end - ids);
	out[0].resize(nids);
	CHECK(cudaMemcpy(out[0].data(), ids, nids * sizeof(int), cudaMemcpyDeviceToHost));

	thrust::sequence(policy_of(stream), seq, seq + nids);
	thrust::inclusive_scan(policy_of(stream), seq, seq + nids, seq);
	out[1].resize(nids);
	CHECK(cudaMemcpy(out[1].data(), seq, nids * sizeof(int), cudaMemcpyDeviceToHost));

	too_small small = {n / 4};
	thrust::replace_if(policy_of(stream), ids, ids_end, small, -1);
	out[2].resize(nids);
	CHECK(cudaMemcpy(out[2].data(), ids, nids * sizeof(int), cudaMemcpyDeviceToHost));

	int *odd_end = thrust::copy_if(policy_of(stream), lits, lits + count, odd, is_odd());
	out[3].resize(odd_end - odd);
	CHECK(cudaMemcpy(out[3].data(), odd, (odd_end - odd) * sizeof(int), cudaMemcpyDeviceToHost));

	int *kept_end = thrust::remove(policy_of(stream), ids, ids_end, -1);
	out[4].resize(kept_end - ids);
	CHECK(cudaMemcpy(out[4].data(), ids, (kept_end - ids) * sizeof(int), cudaMemcpyDeviceToHost));

	CHECK(cudaFree(lits));
	CHECK(cudaFree(ids));
	CHECK(cudaFree(seq));
	CHECK(cudaFree(odd));
	return 0;
}

static void reference(int count, int n, std::vector<int> ref[5])
{
	std::vector<int> lits(count), ids(count);
	for (int i = 0; i < count; i++)
		lits[i] = literal(i, n);
	for (int i = 0; i < count; i++)
		ids[i] = lits[i] >> 1;
	std::sort(ids.begin(), ids.end());
	ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
	ref[0] = ids;
	ref[1].resize(ids.size());
	for (size_t i = 0; i < ids.size(); i++)
		ref[1][i] = (int)(i * (i + 1) / 2);
	for (int &x : ids)
		if (x < n / 4)
			x = -1;
	ref[2] = ids;
	for (int x : lits)
		if (x & 1)
			ref[3].push_back(x);
	for (int x : ids)
		if (x != -1)
			ref[4].push_back(x);
}

int main()
{
	const int sizes[][2] = {{1, 1}, {1000, 300}, {200003, 70001}};
	bool good = true;

	cudaStream_t stream;
	CHECK(cudaStreamCreate(&stream));
	for (const auto &s : sizes) {
		std::vector<int> ref[5], dev[5], par[5];
		reference(s[0], s[1], ref);
		auto device = [](cudaStream_t) { return thrust::device; };
		auto on_stream = [](cudaStream_t st) { return thrust::cuda::par.on(st); };
		if (run(device, 0, s[0], s[1], dev) || run(on_stream, stream, s[0], s[1], par))
			return 1;
		for (int k = 0; k < 5; k++) {
			if (dev[k] != ref[k] || par[k] != ref[k]) {
				printf("FAILED: %d literals, step %d: thrust::device %s, par.on(stream) %s\n", s[0], k,
				       dev[k] == ref[k] ? "matches" : "differs", par[k] == ref[k] ? "matches" : "differs");
				good = false;
			}
		}
	}
	CHECK(cudaStreamDestroy(stream));
	printf("%s\n", good ? "PASSED" : "FAILED");
	return good ? 0 : 1;
}
