// SPDX-License-Identifier: MIT
// CUB's block and warp primitives (include/cuda/cub/block, cub/warp) in
// kernels written as public code writes them -- TempStorage in __shared__
// (alone, in a union, per warp), typedefs in the kernel, templates on the
// block size -- against host loops: BlockReduce Sum/Reduce (items, a partial
// last tile), BlockScan Inclusive/ExclusiveSum/Scan with the aggregate and
// a running prefix callback over tiles, BlockLoad/BlockStore with every
// algorithm (valid_items, oob_default), BlockExchange, BlockRadixSort (keys,
// pairs, descending, striped out, a bit range), WarpReduce and WarpScan
// (logical warps of 16, a partial warp), a 2-D block, the default
// constructor.  TAP.  Also compiled by nvcc -arch=sm_90 (real CUB there).
#include <cub/cub.cuh>
#include <algorithm>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include "tap.h"

#define BT 128	// threads per block
#define IPT 4	// items per thread
#define TILE (BT * IPT)

static unsigned long long rng = 0x243f6a8885a308d3ull;
static int rnd(int m)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return (int)((rng >> 33) % (unsigned long long)m);
}

// own operators: newer CUB (CUDA 13) has no cub::Max
struct MaxOp {
	__host__ __device__ int operator()(int a, int b) const { return a < b ? b : a; }
};

template <typename T>
static T *to_dev(const std::vector<T> &h)
{
	T *d;
	cudaMalloc(&d, h.size() * sizeof(T));
	cudaMemcpy(d, h.data(), h.size() * sizeof(T), cudaMemcpyHostToDevice);
	return d;
}
template <typename T>
static std::vector<T> from_dev(const T *d, size_t n)
{
	std::vector<T> h(n);
	cudaMemcpy(h.data(), d, n * sizeof(T), cudaMemcpyDeviceToHost);
	return h;
}

// ---- BlockReduce: per-tile sums and maxima, last tile partial ----
__global__ void tile_sum_max(const int *in, int n, int *sums, int *maxes)
{
	typedef cub::BlockLoad<int, BT, IPT, cub::BLOCK_LOAD_WARP_TRANSPOSE> BlockLoadT;
	typedef cub::BlockReduce<int, BT> BlockReduceT;
	__shared__ union {
		typename BlockLoadT::TempStorage load;
		typename BlockReduceT::TempStorage reduce;
	} temp_storage;
	int items[IPT];
	int offset = blockIdx.x * TILE;
	int valid = min(TILE, n - offset);

	BlockLoadT(temp_storage.load).Load(in + offset, items, valid, 0);
	__syncthreads();
	int sum = BlockReduceT(temp_storage.reduce).Sum(items);
	__syncthreads();
	// one value per thread, the first `valid / IPT` threads only
	int mx = BlockReduceT(temp_storage.reduce).Reduce(items[0], MaxOp(), (valid + IPT - 1) / IPT);
	if (threadIdx.x == 0) {
		sums[blockIdx.x] = sum;
		maxes[blockIdx.x] = mx;
	}
}

// ---- BlockScan over a blocked tile, aggregate, and a running prefix over tiles ----
struct RunningPrefix {
	int running_total;
	__device__ RunningPrefix(int t) : running_total(t) {}
	__device__ int operator()(int block_aggregate)
	{
		int old = running_total;
		running_total += block_aggregate;
		return old;
	}
};

__global__ void scans(const int *in, int *excl, int *incl_max, int *excl_init, int *aggs)
{
	typedef cub::BlockLoad<int, BT, IPT, cub::BLOCK_LOAD_TRANSPOSE> BlockLoadT;
	typedef cub::BlockStore<int, BT, IPT, cub::BLOCK_STORE_WARP_TRANSPOSE> BlockStoreT;
	typedef cub::BlockScan<int, BT> BlockScanT;
	__shared__ union {
		typename BlockLoadT::TempStorage load;
		typename BlockStoreT::TempStorage store;
		typename BlockScanT::TempStorage scan;
	} temp_storage;
	int items[IPT], out[IPT], agg;
	int offset = blockIdx.x * TILE;

	BlockLoadT(temp_storage.load).Load(in + offset, items);
	__syncthreads();
	BlockScanT(temp_storage.scan).ExclusiveSum(items, out, agg);
	__syncthreads();
	BlockStoreT(temp_storage.store).Store(excl + offset, out);
	__syncthreads();
	BlockScanT(temp_storage.scan).InclusiveScan(items, out, MaxOp());
	__syncthreads();
	BlockStoreT(temp_storage.store).Store(incl_max + offset, out);
	__syncthreads();
	int x = items[0], y;
	BlockScanT(temp_storage.scan).ExclusiveScan(x, y, 1000, MaxOp());
	excl_init[blockIdx.x * BT + threadIdx.x] = y;
	if (threadIdx.x == 0)
		aggs[blockIdx.x] = agg;
}

// one block scans the whole array tile by tile (CUB's documented prefix-callback pattern)
__global__ void scan_tiles(const int *in, int *out, int n)
{
	typedef cub::BlockScan<int, BT> BlockScanT;
	__shared__ typename BlockScanT::TempStorage temp_storage;
	RunningPrefix prefix_op(0);

	for (int base = 0; base < n; base += BT) {
		int i = base + threadIdx.x;
		int v = i < n ? in[i] : 0;
		int s;
		BlockScanT(temp_storage).InclusiveSum(v, s, prefix_op);
		__syncthreads();
		if (i < n)
			out[i] = s;
	}
}

// ---- BlockLoad/BlockStore round trips with each algorithm, partial tile ----
template <cub::BlockLoadAlgorithm LA, cub::BlockStoreAlgorithm SA>
__global__ void copy_tile(const int *in, int *out, int n, int *firsts)
{
	typedef cub::BlockLoad<int, BT, IPT, LA> BlockLoadT;
	typedef cub::BlockStore<int, BT, IPT, SA> BlockStoreT;
	__shared__ typename BlockLoadT::TempStorage load_storage;
	__shared__ typename BlockStoreT::TempStorage store_storage;
	int items[IPT];
	int offset = blockIdx.x * TILE;
	int valid = min(TILE, n - offset);

	BlockLoadT(load_storage).Load(in + offset, items, valid, -1);
	firsts[blockIdx.x * BT + threadIdx.x] = items[0];
	for (int j = 0; j < IPT; j++)
		items[j] += 1;
	BlockStoreT(store_storage).Store(out + offset, items, valid);
}

// ---- BlockExchange: striped -> blocked, blocked -> striped, scatter by rank ----
__global__ void exchange(const int *in, int *blocked, int *striped, int *reversed)
{
	typedef cub::BlockExchange<int, BT, IPT> BlockExchangeT;
	__shared__ typename BlockExchangeT::TempStorage temp_storage;
	int items[IPT], out[IPT], ranks[IPT];

	cub::LoadDirectStriped<BT>(threadIdx.x, in, items);
	BlockExchangeT(temp_storage).StripedToBlocked(items, out);
	cub::StoreDirectBlocked(threadIdx.x, blocked, out);
	__syncthreads();
	BlockExchangeT(temp_storage).BlockedToStriped(out);
	cub::StoreDirectStriped<BT>(threadIdx.x, striped, out);
	__syncthreads();
	cub::LoadDirectBlocked(threadIdx.x, in, items);
	for (int j = 0; j < IPT; j++)
		ranks[j] = TILE - 1 - (threadIdx.x * IPT + j);
	BlockExchangeT(temp_storage).ScatterToBlocked(items, ranks);
	cub::StoreDirectBlocked(threadIdx.x, reversed, items);
}

// ---- BlockRadixSort ----
__global__ void sort_keys(int *keys_io, int *desc_striped, int *low_bits)
{
	typedef cub::BlockRadixSort<int, BT, IPT> BlockRadixSortT;
	__shared__ typename BlockRadixSortT::TempStorage temp_storage;
	int keys[IPT], k2[IPT], k3[IPT];

	cub::LoadDirectBlocked(threadIdx.x, keys_io, keys);
	for (int j = 0; j < IPT; j++)
		k2[j] = k3[j] = keys[j];
	BlockRadixSortT(temp_storage).Sort(keys);
	__syncthreads();
	BlockRadixSortT(temp_storage).SortDescendingBlockedToStriped(k2);
	__syncthreads();
	BlockRadixSortT(temp_storage).Sort(k3, 0, 4);	// stable on the low 4 bits
	cub::StoreDirectBlocked(threadIdx.x, keys_io, keys);
	cub::StoreDirectStriped<BT>(threadIdx.x, desc_striped, k2);
	cub::StoreDirectBlocked(threadIdx.x, low_bits, k3);
}

__global__ void sort_pairs(float *keys_io, int *values_io)
{
	typedef cub::BlockRadixSort<float, BT, IPT, int> BlockRadixSortT;
	__shared__ typename BlockRadixSortT::TempStorage temp_storage;
	float keys[IPT];
	int values[IPT];

	cub::LoadDirectBlocked(threadIdx.x, keys_io, keys);
	cub::LoadDirectBlocked(threadIdx.x, values_io, values);
	BlockRadixSortT(temp_storage).Sort(keys, values);
	cub::StoreDirectBlocked(threadIdx.x, keys_io, keys);
	cub::StoreDirectBlocked(threadIdx.x, values_io, values);
}

// ---- WarpReduce / WarpScan ----
__global__ void warps(const int *in, int *wsum, int *hsum16, int *wmax_valid, int *incl, int *excl, int *aggs,
		      int *excl_init, int *bcast)
{
	typedef cub::WarpReduce<int> WarpReduceT;
	typedef cub::WarpReduce<int, 16> HalfWarpReduceT;
	typedef cub::WarpScan<int> WarpScanT;
	__shared__ typename WarpReduceT::TempStorage reduce_storage[BT / 32];
	__shared__ typename HalfWarpReduceT::TempStorage half_storage[BT / 16];
	__shared__ typename WarpScanT::TempStorage scan_storage[BT / 32];
	int warp_id = threadIdx.x / 32, lane = threadIdx.x % 32;
	int v = in[threadIdx.x];

	int s = WarpReduceT(reduce_storage[warp_id]).Sum(v);
	int h = HalfWarpReduceT(half_storage[threadIdx.x / 16]).Sum(v);
	int m = WarpReduceT(reduce_storage[warp_id]).Reduce(v, MaxOp(), 20);
	if (lane == 0) {
		wsum[warp_id] = s;
		wmax_valid[warp_id] = m;
	}
	if (threadIdx.x % 16 == 0)
		hsum16[threadIdx.x / 16] = h;

	int inc, exc, agg, ei;
	WarpScanT(scan_storage[warp_id]).InclusiveSum(v, inc);
	WarpScanT(scan_storage[warp_id]).ExclusiveSum(v, exc, agg);
	WarpScanT(scan_storage[warp_id]).ExclusiveScan(v, ei, -5, MaxOp());
	int b = WarpScanT(scan_storage[warp_id]).Broadcast(v, 7);
	incl[threadIdx.x] = inc;
	excl[threadIdx.x] = exc;
	aggs[threadIdx.x] = agg;
	excl_init[threadIdx.x] = ei;
	bcast[threadIdx.x] = b;
}

// a block of 48 threads: the second warp has 16 lanes
__global__ void partial_warp(const int *in, int *out)
{
	typedef cub::WarpReduce<int> WarpReduceT;
	__shared__ typename WarpReduceT::TempStorage temp_storage[2];
	int warp_id = threadIdx.x / 32;
	int s = WarpReduceT(temp_storage[warp_id]).Sum(in[threadIdx.x], warp_id ? 16 : 32);
	if (threadIdx.x % 32 == 0)
		out[warp_id] = s;
}

// ---- a 2-D block (16 x 8), and the default constructor (private storage) ----
__global__ void block_2d(const int *in, int *out)
{
	typedef cub::BlockReduce<int, 16, cub::BLOCK_REDUCE_RAKING, 8> BlockReduceT;
	__shared__ typename BlockReduceT::TempStorage temp_storage;
	int tid = threadIdx.y * 16 + threadIdx.x;
	int s = BlockReduceT(temp_storage).Sum(in[tid]);
	int t = cub::BlockReduce<int, 16, cub::BLOCK_REDUCE_RAKING, 8>().Reduce(in[tid], MaxOp());
	if (tid == 0) {
		out[0] = s;
		out[1] = t;
	}
}

#ifdef IDXGEN_CUB
// CUB before 1.9 named the iterator type in BlockLoad (public samples still do); NVIDIA's current CUB
// does not take it, so nvcc never sees this kernel
__global__ void old_block_load(const double *in, double *out)
{
	typedef cub::BlockLoad<double *, BT, IPT> BlockLoadT;
	typedef cub::BlockReduce<double, BT> BlockReduceT;
	__shared__ union {
		typename BlockLoadT::TempStorage load;
		typename BlockReduceT::TempStorage reduce;
	} temp_storage;
	double items[IPT];

	BlockLoadT(temp_storage.load).Load(in + blockIdx.x * TILE, items);
	__syncthreads();
	double s = BlockReduceT(temp_storage.reduce).Sum(items);
	if (threadIdx.x == 0)
		out[blockIdx.x] = s;
}

static void test_old_api(void)
{
	std::vector<double> h(2 * TILE);
	for (double &x : h)
		x = rnd(1000) * 0.5;
	double *d_in = to_dev(h), *d_out;
	cudaMalloc(&d_out, 2 * sizeof(double));
	old_block_load<<<2, BT>>>(d_in, d_out);
	cudaError_t e = cudaDeviceSynchronize();
	std::vector<double> out = from_dev(d_out, 2);
	double s0 = 0, s1 = 0;
	for (int i = 0; i < TILE; i++) {
		s0 += h[i];
		s1 += h[TILE + i];
	}
	tap_ok(e == cudaSuccess && out[0] == s0 && out[1] == s1, "BlockLoad<double *, ...> (CUB < 1.9's iterator type)");
	cudaFree(d_in);
	cudaFree(d_out);
}
#endif

static void test_reduce(int n)
{
	std::vector<int> h(n);
	for (int &x : h)
		x = rnd(2001) - 1000;
	int tiles = (n + TILE - 1) / TILE;
	int *d_in = to_dev(h), *d_sums, *d_maxes;
	cudaMalloc(&d_sums, tiles * sizeof(int));
	cudaMalloc(&d_maxes, tiles * sizeof(int));
	tile_sum_max<<<tiles, BT>>>(d_in, n, d_sums, d_maxes);
	cudaError_t e = cudaDeviceSynchronize();
	std::vector<int> sums = from_dev(d_sums, tiles), maxes = from_dev(d_maxes, tiles);
	bool ok_sum = e == cudaSuccess, ok_max = e == cudaSuccess;
	for (int t = 0; t < tiles; t++) {
		int s = 0, m = -1000000;
		for (int i = t * TILE; i < n && i < (t + 1) * TILE; i++)
			s += h[i];
		// item 0 of each thread with data: elements t*TILE + k*IPT
		for (int i = t * TILE; i < n && i < (t + 1) * TILE; i += IPT)
			m = std::max(m, h[i]);
		ok_sum = ok_sum && sums[t] == s;
		ok_max = ok_max && maxes[t] == m;
	}
	tap_ok(ok_sum, "n=%d BlockReduce Sum(items[%d]) per tile, last tile padded by BlockLoad's oob_default", n, IPT);
	tap_ok(ok_max, "n=%d BlockReduce Reduce(MaxOp, num_valid) on the threads holding data", n);
	cudaFree(d_in);
	cudaFree(d_sums);
	cudaFree(d_maxes);
}

static void test_scan(void)
{
	int tiles = 3, n = tiles * TILE;
	std::vector<int> h(n);
	for (int &x : h)
		x = rnd(100) - 30;
	int *d_in = to_dev(h), *d_excl, *d_incl, *d_ei, *d_aggs;
	cudaMalloc(&d_excl, n * sizeof(int));
	cudaMalloc(&d_incl, n * sizeof(int));
	cudaMalloc(&d_ei, tiles * BT * sizeof(int));
	cudaMalloc(&d_aggs, tiles * sizeof(int));
	scans<<<tiles, BT>>>(d_in, d_excl, d_incl, d_ei, d_aggs);
	cudaError_t e = cudaDeviceSynchronize();
	std::vector<int> excl = from_dev(d_excl, n), incl = from_dev(d_incl, n), ei = from_dev(d_ei, tiles * BT),
			 aggs = from_dev(d_aggs, tiles);
	bool ok_excl = e == cudaSuccess, ok_incl = ok_excl, ok_ei = ok_excl;
	for (int t = 0; t < tiles; t++) {
		int s = 0, m = 0, mi = 1000;
		for (int i = 0; i < TILE; i++) {
			int x = h[t * TILE + i];
			ok_excl = ok_excl && excl[t * TILE + i] == s;
			s += x;
			m = i ? std::max(m, x) : x;
			ok_incl = ok_incl && incl[t * TILE + i] == m;
		}
		ok_excl = ok_excl && aggs[t] == s;
		for (int k = 0; k < BT; k++) {
			ok_ei = ok_ei && ei[t * BT + k] == mi;
			mi = std::max(mi, h[t * TILE + k * IPT]);
		}
	}
	tap_ok(ok_excl, "BlockScan ExclusiveSum(items) with the block aggregate, through BlockLoad/BlockStore transposes");
	tap_ok(ok_incl, "BlockScan InclusiveScan(items, MaxOp)");
	tap_ok(ok_ei, "BlockScan ExclusiveScan(item, initial value, MaxOp)");

	int m = 1000;	// several tiles, the last partial, through one block
	std::vector<int> h2(m);
	for (int &x : h2)
		x = rnd(50);
	int *d_in2 = to_dev(h2), *d_out2;
	cudaMalloc(&d_out2, m * sizeof(int));
	scan_tiles<<<1, BT>>>(d_in2, d_out2, m);
	e = cudaDeviceSynchronize();
	std::vector<int> out2 = from_dev(d_out2, m);
	bool ok = e == cudaSuccess;
	for (int i = 0, s = 0; i < m; i++) {
		s += h2[i];
		ok = ok && out2[i] == s;
	}
	tap_ok(ok, "BlockScan InclusiveSum with a running prefix callback over %d tiles", (m + BT - 1) / BT);
	cudaFree(d_in);
	cudaFree(d_excl);
	cudaFree(d_incl);
	cudaFree(d_ei);
	cudaFree(d_aggs);
	cudaFree(d_in2);
	cudaFree(d_out2);
}

template <cub::BlockLoadAlgorithm LA, cub::BlockStoreAlgorithm SA>
static void test_copy(const char *name, bool striped)
{
	int n = 2 * TILE + 77, tiles = 3;
	std::vector<int> h(n);
	for (int &x : h)
		x = rnd(1 << 20);
	int *d_in = to_dev(h), *d_out, *d_firsts;
	std::vector<int> init(tiles * TILE, -7);
	d_out = to_dev(init);
	cudaMalloc(&d_firsts, tiles * BT * sizeof(int));
	copy_tile<LA, SA><<<tiles, BT>>>(d_in, d_out, n, d_firsts);
	cudaError_t e = cudaDeviceSynchronize();
	std::vector<int> out = from_dev(d_out, tiles * TILE), firsts = from_dev(d_firsts, tiles * BT);
	bool ok_copy = e == cudaSuccess, ok_arr = ok_copy;
	for (int i = 0; i < tiles * TILE; i++)
		ok_copy = ok_copy && out[i] == (i < n ? h[i] + 1 : -7);
	for (int t = 0; t < tiles; t++)
		for (int k = 0; k < BT; k++) {
			int i = t * TILE + (striped ? k : k * IPT);
			ok_arr = ok_arr && firsts[t * BT + k] == (i < n ? h[i] : -1);
		}
	tap_ok(ok_copy, "BlockLoad/BlockStore %s: the tile round trip, only valid_items stored", name);
	tap_ok(ok_arr, "BlockLoad %s: CUB's %s arrangement, oob_default past valid_items", name,
	       striped ? "striped" : "blocked");
	cudaFree(d_in);
	cudaFree(d_out);
	cudaFree(d_firsts);
}

static void test_exchange(void)
{
	std::vector<int> h(TILE);
	for (int &x : h)
		x = rnd(100000);
	int *d_in = to_dev(h), *d_b, *d_s, *d_r;
	cudaMalloc(&d_b, TILE * sizeof(int));
	cudaMalloc(&d_s, TILE * sizeof(int));
	cudaMalloc(&d_r, TILE * sizeof(int));
	exchange<<<1, BT>>>(d_in, d_b, d_s, d_r);
	cudaError_t e = cudaDeviceSynchronize();
	std::vector<int> b = from_dev(d_b, TILE), s = from_dev(d_s, TILE), r = from_dev(d_r, TILE);
	std::vector<int> rev(h.rbegin(), h.rend());
	tap_ok(e == cudaSuccess && b == h, "BlockExchange StripedToBlocked (input, output)");
	tap_ok(e == cudaSuccess && s == h, "BlockExchange BlockedToStriped (in place)");
	tap_ok(e == cudaSuccess && r == rev, "BlockExchange ScatterToBlocked by rank (reversal)");
	cudaFree(d_in);
	cudaFree(d_b);
	cudaFree(d_s);
	cudaFree(d_r);
}

static void test_sort(void)
{
	std::vector<int> h(TILE);
	for (int &x : h)
		x = rnd(2000) - 1000;
	int *d_keys = to_dev(h), *d_desc, *d_low;
	cudaMalloc(&d_desc, TILE * sizeof(int));
	cudaMalloc(&d_low, TILE * sizeof(int));
	sort_keys<<<1, BT>>>(d_keys, d_desc, d_low);
	cudaError_t e = cudaDeviceSynchronize();
	std::vector<int> sorted = from_dev(d_keys, TILE), desc = from_dev(d_desc, TILE), low = from_dev(d_low, TILE);
	std::vector<int> ref = h, rdesc = h, rlow = h;
	std::sort(ref.begin(), ref.end());
	std::sort(rdesc.begin(), rdesc.end(), [](int a, int b) { return b < a; });
	std::stable_sort(rlow.begin(), rlow.end(), [](int a, int b) { return (a & 15) < (b & 15); });
	tap_ok(e == cudaSuccess && sorted == ref, "BlockRadixSort Sort: signed keys = std::sort");
	tap_ok(e == cudaSuccess && desc == rdesc, "BlockRadixSort SortDescendingBlockedToStriped = std::sort descending");
	tap_ok(e == cudaSuccess && low == rlow, "BlockRadixSort Sort on bits [0, 4): stable on that field");

	std::vector<float> fk(TILE);
	std::vector<int> fv(TILE);
	for (int i = 0; i < TILE; i++) {
		fk[i] = (float)(rnd(64) - 32) * 0.25f;	// many equal keys: stability shows
		fv[i] = i;
	}
	float *d_fk = to_dev(fk);
	int *d_fv = to_dev(fv);
	sort_pairs<<<1, BT>>>(d_fk, d_fv);
	e = cudaDeviceSynchronize();
	std::vector<float> sk = from_dev(d_fk, TILE);
	std::vector<int> sv = from_dev(d_fv, TILE), idx(TILE);
	for (int i = 0; i < TILE; i++)
		idx[i] = i;
	std::stable_sort(idx.begin(), idx.end(), [&](int a, int b) { return fk[a] < fk[b]; });
	bool ok = e == cudaSuccess;
	for (int i = 0; i < TILE; i++)
		ok = ok && sk[i] == fk[idx[i]] && sv[i] == idx[i];
	tap_ok(ok, "BlockRadixSort Sort(keys, values): float keys, stable = std::stable_sort");
	cudaFree(d_keys);
	cudaFree(d_desc);
	cudaFree(d_low);
	cudaFree(d_fk);
	cudaFree(d_fv);
}

static void test_warps(void)
{
	std::vector<int> h(BT);
	for (int &x : h)
		x = rnd(200) - 100;
	int *d_in = to_dev(h), *d[8];
	for (int i = 0; i < 8; i++)
		cudaMalloc(&d[i], BT * sizeof(int));
	warps<<<1, BT>>>(d_in, d[0], d[1], d[2], d[3], d[4], d[5], d[6], d[7]);
	cudaError_t e = cudaDeviceSynchronize();
	std::vector<int> wsum = from_dev(d[0], BT / 32), hsum = from_dev(d[1], BT / 16), wmax = from_dev(d[2], BT / 32),
			 incl = from_dev(d[3], BT), excl = from_dev(d[4], BT), aggs = from_dev(d[5], BT),
			 ei = from_dev(d[6], BT), bc = from_dev(d[7], BT);
	bool ok_red = e == cudaSuccess, ok_half = ok_red, ok_max = ok_red, ok_scan = ok_red, ok_ei = ok_red,
	     ok_bc = ok_red;
	for (int w = 0; w < BT / 32; w++) {
		int s = 0, m = -1000, inc = 0, mi = -5;
		for (int l = 0; l < 32; l++) {
			int i = w * 32 + l;
			s += h[i];
			if (l < 20)
				m = std::max(m, h[i]);
			ok_scan = ok_scan && excl[i] == inc;
			inc += h[i];
			ok_scan = ok_scan && incl[i] == inc;
			ok_ei = ok_ei && ei[i] == mi;
			mi = std::max(mi, h[i]);
			ok_bc = ok_bc && bc[i] == h[w * 32 + 7];
		}
		for (int l = 0; l < 32; l++)
			ok_scan = ok_scan && aggs[w * 32 + l] == s;
		ok_red = ok_red && wsum[w] == s;
		ok_max = ok_max && wmax[w] == m;
	}
	for (int g = 0; g < BT / 16; g++) {
		int s = 0;
		for (int l = 0; l < 16; l++)
			s += h[g * 16 + l];
		ok_half = ok_half && hsum[g] == s;
	}
	tap_ok(ok_red, "WarpReduce Sum per warp");
	tap_ok(ok_half, "WarpReduce<int, 16> Sum per logical warp of 16 lanes");
	tap_ok(ok_max, "WarpReduce Reduce(MaxOp, valid_items = 20)");
	tap_ok(ok_scan, "WarpScan InclusiveSum, ExclusiveSum with the warp aggregate");
	tap_ok(ok_ei, "WarpScan ExclusiveScan(initial value, MaxOp)");
	tap_ok(ok_bc, "WarpScan Broadcast from lane 7");

	int *d_p;
	cudaMalloc(&d_p, 2 * sizeof(int));
	partial_warp<<<1, 48>>>(d_in, d_p);
	e = cudaDeviceSynchronize();
	std::vector<int> p = from_dev(d_p, 2);
	int s0 = 0, s1 = 0;
	for (int i = 0; i < 32; i++)
		s0 += h[i];
	for (int i = 32; i < 48; i++)
		s1 += h[i];
	tap_ok(e == cudaSuccess && p[0] == s0 && p[1] == s1, "WarpReduce Sum in a partial warp (48 threads, valid 16)");
	cudaFree(d_p);
	cudaFree(d_in);
	for (int i = 0; i < 8; i++)
		cudaFree(d[i]);
}

static void test_2d(void)
{
	std::vector<int> h(128);
	for (int &x : h)
		x = rnd(1000);
	int *d_in = to_dev(h), *d_out;
	cudaMalloc(&d_out, 2 * sizeof(int));
	block_2d<<<1, dim3(16, 8)>>>(d_in, d_out);
	cudaError_t e = cudaDeviceSynchronize();
	std::vector<int> out = from_dev(d_out, 2);
	int s = 0, m = 0;
	for (int x : h) {
		s += x;
		m = std::max(m, x);
	}
	tap_ok(e == cudaSuccess && out[0] == s, "BlockReduce over a 16x8 block (BLOCK_DIM_Y)");
	tap_ok(e == cudaSuccess && out[1] == m, "BlockReduce() with its own storage (default constructor)");
	cudaFree(d_in);
	cudaFree(d_out);
}

int main()
{
	test_reduce(TILE);
	test_reduce(3 * TILE + 301);
	test_scan();
	test_copy<cub::BLOCK_LOAD_DIRECT, cub::BLOCK_STORE_DIRECT>("DIRECT", false);
	test_copy<cub::BLOCK_LOAD_STRIPED, cub::BLOCK_STORE_STRIPED>("STRIPED", true);
	test_copy<cub::BLOCK_LOAD_VECTORIZE, cub::BLOCK_STORE_VECTORIZE>("VECTORIZE", false);
	test_copy<cub::BLOCK_LOAD_TRANSPOSE, cub::BLOCK_STORE_TRANSPOSE>("TRANSPOSE", false);
	test_copy<cub::BLOCK_LOAD_WARP_TRANSPOSE, cub::BLOCK_STORE_WARP_TRANSPOSE>("WARP_TRANSPOSE", false);
	test_exchange();
	test_sort();
	test_warps();
	test_2d();
#ifdef IDXGEN_CUB
	test_old_api();
#endif
	return tap_done();
}
