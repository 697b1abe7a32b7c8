// Warp-aggregated increments from helpers called on both sides of a branch:
// a partition of the input into positive and non-positive values, each side
// with its own counter, once with the pre-cooperative-groups helper
// (__activemask, __ffs leader, __popc rank, __shfl_sync of the base) and
// once with cg::coalesced_threads().  The lanes of a warp that took the
// "then" side form one group and those of the "else" side another, even
// though both call the same helper (one call site inside it): each leader
// adds its own group's size to its own side's counter.  The expected
// counts and sums come from the input on the host.
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__device__ int agg_inc(int *counter)
{
	unsigned active = __activemask();
	int leader = __ffs(active) - 1;
	int lane = threadIdx.x % 32;
	int rank = __popc(active & ((1u << lane) - 1));
	int base = 0;
	if (lane == leader)
		base = atomicAdd(counter, __popc(active));
	base = __shfl_sync(active, base, leader);
	return base + rank;
}

__device__ int group_inc(int *counter)
{
	cg::coalesced_group g = cg::coalesced_threads();
	int base = 0;
	if (g.thread_rank() == 0)
		base = atomicAdd(counter, (int)g.size());
	return g.shfl(base, 0) + (int)g.thread_rank();
}

// a helper of the helper: the path through both calls names the group
__device__ int slot_for(int *counters, bool positive)
{
	return positive ? group_inc(&counters[0]) : group_inc(&counters[1]);
}

__global__ void partition(const int *in, int n, int *pos, int *neg, int *counts)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int v = in[i];
	if (v > 0)
		pos[agg_inc(&counts[0])] = v;
	else
		neg[agg_inc(&counts[1])] = v;
}

__global__ void partition_cg(const int *in, int n, int *pos, int *neg, int *counts)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i >= n)
		return;
	int v = in[i];
	if (v > 0)
		pos[group_inc(&counts[0])] = v;
	else
		neg[group_inc(&counts[1])] = v;
	int *out = v > 0 ? pos + n : neg + n;
	out[slot_for(counts + 2, v > 0)] = v;
}

static bool check(const char *what, const int *h, int n, const int *pos, const int *neg, const int *counts)
{
	int npos = 0, sp = 0, sn = 0, gp = 0, gn = 0;
	for (int i = 0; i < n; i++) {
		npos += h[i] > 0;
		if (h[i] > 0)
			sp += h[i];
		else
			sn += h[i];
	}
	bool ok = counts[0] == npos && counts[1] == n - npos;
	for (int i = 0; ok && i < npos; i++)
		gp += pos[i];
	for (int i = 0; ok && i < n - npos; i++)
		gn += neg[i];
	ok = ok && gp == sp && gn == sn;
	if (!ok)
		printf("%s: counts %d %d (want %d %d), sums %d %d (want %d %d)\n", what, counts[0], counts[1], npos,
		       n - npos, gp, gn, sp, sn);
	return ok;
}

int main()
{
	const int n = 1000, threads = 128, blocks = (n + threads - 1) / threads;
	static int h[n], pos[2 * n], neg[2 * n];
	int counts[4];
	for (int i = 0; i < n; i++)
		h[i] = ((i * 29 + 3) % 17) - 8;
	int *d, *dp, *dn, *dc;
	cudaMalloc(&d, sizeof(h));
	cudaMalloc(&dp, sizeof(pos));
	cudaMalloc(&dn, sizeof(neg));
	cudaMalloc(&dc, sizeof(counts));
	cudaMemcpy(d, h, sizeof(h), cudaMemcpyHostToDevice);
	bool ok = true;

	cudaMemset(dc, 0, sizeof(counts));
	partition<<<blocks, threads>>>(d, n, dp, dn, dc);
	cudaMemcpy(counts, dc, sizeof(counts), cudaMemcpyDeviceToHost);
	cudaMemcpy(pos, dp, sizeof(pos), cudaMemcpyDeviceToHost);
	cudaMemcpy(neg, dn, sizeof(neg), cudaMemcpyDeviceToHost);
	ok &= check("__activemask helper", h, n, pos, neg, counts);

	cudaMemset(dc, 0, sizeof(counts));
	partition_cg<<<blocks, threads>>>(d, n, dp, dn, dc);
	cudaMemcpy(counts, dc, sizeof(counts), cudaMemcpyDeviceToHost);
	cudaMemcpy(pos, dp, sizeof(pos), cudaMemcpyDeviceToHost);
	cudaMemcpy(neg, dn, sizeof(neg), cudaMemcpyDeviceToHost);
	ok &= check("coalesced_threads helper", h, n, pos, neg, counts);
	ok &= check("helper of a helper", h, n, pos + n, neg + n, counts + 2);
	if (cudaDeviceSynchronize() != cudaSuccess)
		ok = false;
	printf("%s\n", ok ? "PASS" : "FAIL");
	return !ok;
}
