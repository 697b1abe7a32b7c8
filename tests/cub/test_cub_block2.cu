// SPDX-License-Identifier: MIT
// More of CUB as public code uses it, against host loops: BlockHistogram
// (a per-block __shared__ histogram merged into global memory, and the
// atomic algorithm compositing straight into a global one), BlockDiscontinuity
// (segment heads of sorted keys with the previous tile's last key, tails with
// the next tile's first, heads and tails, an operator that takes the item's
// index), BlockAdjacentDifference (delta coding in place: SubtractLeft with
// the tile's predecessor, SubtractLeftPartialTile, SubtractRight(PartialTile)),
// BlockShuffle (Offset, Rotate, Up, Down), and the iterators:
// ArgIndexInputIterator with cub::ArgMax/ArgMin in DeviceReduce::Reduce,
// CacheModifiedInputIterator<LOAD_LDG> read in a kernel and in DeviceReduce,
// and (CUB < 3: NVIDIA's current CUB dropped them, so nvcc does not see those
// lines) CountingInputIterator, ConstantInputIterator and
// TransformInputIterator in DeviceReduce/DeviceScan and in a kernel.  TAP.
// Also compiled by nvcc -arch=sm_90 (real CUB there).
#include <cub/cub.cuh>
#include <cub/block/block_shuffle.cuh>	// not in cub.cuh
#include <algorithm>
#include <climits>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>
#include "tap.h"

#define BT 128	// threads per block
#define IPT 4	// items per thread
#define TILE (BT * IPT)
#define BINS 256

static unsigned long long rng = 0x9e3779b97f4a7c15ull;
static int rnd(int m)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return (int)((rng >> 33) % (unsigned long long)m);
}

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

// ---- BlockHistogram: a block-private histogram in shared memory, then merged ----
__global__ void histo_shared(const unsigned char *pixels, unsigned int *global_hist)
{
	typedef cub::BlockLoad<unsigned char, BT, IPT, cub::BLOCK_LOAD_DIRECT> BlockLoadT;
	typedef cub::BlockHistogram<unsigned char, BT, IPT, BINS> BlockHistogramT;
	__shared__ typename BlockHistogramT::TempStorage temp_storage;
	__shared__ unsigned int smem_histogram[BINS];
	unsigned char data[IPT];

	BlockLoadT().Load(pixels + blockIdx.x * TILE, data);
	BlockHistogramT(temp_storage).Histogram(data, smem_histogram);
	__syncthreads();
	for (int b = threadIdx.x; b < BINS; b += BT)
		atomicAdd(&global_hist[b], smem_histogram[b]);
}

// the atomic algorithm: every block composites into one global histogram
__global__ void histo_atomic(const unsigned char *pixels, unsigned int *global_hist)
{
	typedef cub::BlockHistogram<unsigned char, BT, IPT, BINS, cub::BLOCK_HISTO_ATOMIC> BlockHistogramT;
	__shared__ typename BlockHistogramT::TempStorage temp_storage;
	unsigned char data[IPT];

	cub::LoadDirectStriped<BT>(threadIdx.x, pixels + blockIdx.x * TILE, data);
	BlockHistogramT(temp_storage).Composite(data, global_hist);
}

static void test_histogram()
{
	const int blocks = 7, n = blocks * TILE;
	std::vector<unsigned char> px(n);
	for (int i = 0; i < n; i++)
		px[i] = (unsigned char)(rnd(4) ? rnd(40) + 100 : rnd(256));	// clustered, as image data
	std::vector<unsigned int> want(BINS, 0);
	for (unsigned char p : px)
		want[p]++;
	unsigned char *d_px = to_dev(px);
	unsigned int *d_hist;
	cudaMalloc(&d_hist, BINS * sizeof(unsigned int));
	cudaMemset(d_hist, 0, BINS * sizeof(unsigned int));
	histo_shared<<<blocks, BT>>>(d_px, d_hist);
	tap_ok(from_dev(d_hist, BINS) == want, "BlockHistogram::Histogram in __shared__, merged: %d pixels = host count", n);
	cudaMemset(d_hist, 0, BINS * sizeof(unsigned int));
	histo_atomic<<<blocks, BT>>>(d_px, d_hist);
	tap_ok(from_dev(d_hist, BINS) == want, "BlockHistogram<BLOCK_HISTO_ATOMIC>::Composite into global memory by %d blocks",
	       blocks);
	cudaFree(d_px);
	cudaFree(d_hist);
}

// ---- BlockDiscontinuity: run heads/tails of sorted keys across tiles ----
struct NotEqual {
	__host__ __device__ bool operator()(int a, int b) const { return a != b; }
};
// flags a new run where the key changes, and every 5th item of the tile (by the index CUB passes)
struct ChangeOrEvery5 {
	__device__ bool operator()(const int &a, const int &b, unsigned int b_index) const
	{
		return a != b || b_index % 5 == 0;
	}
};

__global__ void segment_heads(const int *keys, int n_tiles, int *heads, int *tails)
{
	typedef cub::BlockDiscontinuity<int, BT> BlockDiscontinuityT;
	__shared__ typename BlockDiscontinuityT::TempStorage temp_storage;
	int k[IPT], h[IPT], t[IPT];
	int tile = blockIdx.x * TILE;

	cub::LoadDirectBlocked(threadIdx.x, keys + tile, k);
	if (blockIdx.x == 0)
		BlockDiscontinuityT(temp_storage).FlagHeads(h, k, NotEqual());
	else
		BlockDiscontinuityT(temp_storage).FlagHeads(h, k, NotEqual(), keys[tile - 1]);
	__syncthreads();
	if (blockIdx.x == n_tiles - 1)
		BlockDiscontinuityT(temp_storage).FlagTails(t, k, NotEqual());
	else
		BlockDiscontinuityT(temp_storage).FlagTails(t, k, NotEqual(), keys[tile + TILE]);
	cub::StoreDirectBlocked(threadIdx.x, heads + tile, h);
	cub::StoreDirectBlocked(threadIdx.x, tails + tile, t);
}

__global__ void heads_and_tails(const int *keys, int *heads, int *tails, int *every5)
{
	typedef cub::BlockDiscontinuity<int, BT> BlockDiscontinuityT;
	__shared__ typename BlockDiscontinuityT::TempStorage temp_storage;
	int k[IPT], h[IPT], t[IPT], f[IPT];
	int tile = blockIdx.x * TILE;

	cub::LoadDirectBlocked(threadIdx.x, keys + tile, k);
	BlockDiscontinuityT(temp_storage).FlagHeadsAndTails(h, t, k, NotEqual());
	__syncthreads();
	BlockDiscontinuityT(temp_storage).FlagHeads(f, k, ChangeOrEvery5());
	cub::StoreDirectBlocked(threadIdx.x, heads + tile, h);
	cub::StoreDirectBlocked(threadIdx.x, tails + tile, t);
	cub::StoreDirectBlocked(threadIdx.x, every5 + tile, f);
}

static void test_discontinuity()
{
	const int tiles = 5, n = tiles * TILE;
	std::vector<int> keys(n);
	for (int i = 0; i < n; i++)
		keys[i] = rnd(n / 3);
	std::sort(keys.begin(), keys.end());
	int *d_keys = to_dev(keys), *d_h, *d_t, *d_f;
	cudaMalloc(&d_h, n * sizeof(int));
	cudaMalloc(&d_t, n * sizeof(int));
	cudaMalloc(&d_f, n * sizeof(int));

	segment_heads<<<tiles, BT>>>(d_keys, tiles, d_h, d_t);
	std::vector<int> h = from_dev(d_h, n), t = from_dev(d_t, n);
	bool ok = true;
	for (int i = 0; i < n; i++) {
		ok &= h[i] == (i == 0 || keys[i] != keys[i - 1]);
		ok &= t[i] == (i == n - 1 || keys[i] != keys[i + 1]);
	}
	tap_ok(ok, "BlockDiscontinuity FlagHeads/FlagTails with the neighbouring tiles' keys = host runs over %d keys", n);

	heads_and_tails<<<tiles, BT>>>(d_keys, d_h, d_t, d_f);
	h = from_dev(d_h, n);
	t = from_dev(d_t, n);
	std::vector<int> f = from_dev(d_f, n);
	bool ok_ht = true, ok_f = true;
	for (int i = 0; i < n; i++) {
		int j = i % TILE;	// index in the tile: tile edges are heads and tails
		ok_ht &= h[i] == (j == 0 || keys[i] != keys[i - 1]);
		ok_ht &= t[i] == (j == TILE - 1 || keys[i] != keys[i + 1]);
		ok_f &= f[i] == (j == 0 || keys[i] != keys[i - 1] || j % 5 == 0);
	}
	tap_ok(ok_ht, "BlockDiscontinuity FlagHeadsAndTails: each tile's ends flagged, runs inside");
	tap_ok(ok_f, "BlockDiscontinuity FlagHeads with flag_op(a, b, b_index): b's index in the tile");
	cudaFree(d_keys);
	cudaFree(d_h);
	cudaFree(d_t);
	cudaFree(d_f);
}

// ---- BlockAdjacentDifference: delta coding in place ----
struct Minus {
	__host__ __device__ int operator()(const int &a, const int &b) const { return a - b; }
};

__global__ void delta_encode(const int *in, int n, int *left, int *right)
{
	typedef cub::BlockAdjacentDifference<int, BT> BlockAdjacentDifferenceT;
	__shared__ typename BlockAdjacentDifferenceT::TempStorage temp_storage;
	int tile = blockIdx.x * TILE;
	int valid = min(TILE, n - tile);
	int thread_data[IPT];

	cub::LoadDirectBlocked(threadIdx.x, in + tile, thread_data, valid, 0);
	if (valid < TILE)
		BlockAdjacentDifferenceT(temp_storage).SubtractLeftPartialTile(thread_data, thread_data, Minus(), valid);
	else if (blockIdx.x > 0)
		BlockAdjacentDifferenceT(temp_storage).SubtractLeft(thread_data, thread_data, Minus(), in[tile - 1]);
	else
		BlockAdjacentDifferenceT(temp_storage).SubtractLeft(thread_data, thread_data, Minus());
	cub::StoreDirectBlocked(threadIdx.x, left + tile, thread_data, valid);
	__syncthreads();

	cub::LoadDirectBlocked(threadIdx.x, in + tile, thread_data, valid, 0);
	int diffs[IPT];
	if (valid < TILE)
		BlockAdjacentDifferenceT(temp_storage).SubtractRightPartialTile(thread_data, diffs, Minus(), valid);
	else if (tile + TILE < n)
		BlockAdjacentDifferenceT(temp_storage).SubtractRight(thread_data, diffs, Minus(), in[tile + TILE]);
	else
		BlockAdjacentDifferenceT(temp_storage).SubtractRight(thread_data, diffs, Minus());
	cub::StoreDirectBlocked(threadIdx.x, right + tile, diffs, valid);
}

static void test_adjacent_difference()
{
	const int n = 3 * TILE + 301;	// three full tiles and a partial one
	const int tiles = (n + TILE - 1) / TILE;
	std::vector<int> in(n);
	for (int i = 0; i < n; i++)
		in[i] = rnd(100000) - 50000;
	int *d_in = to_dev(in), *d_l, *d_r;
	cudaMalloc(&d_l, n * sizeof(int));
	cudaMalloc(&d_r, n * sizeof(int));
	delta_encode<<<tiles, BT>>>(d_in, n, d_l, d_r);
	std::vector<int> l = from_dev(d_l, n), r = from_dev(d_r, n);
	int last_tile = (tiles - 1) * TILE;
	bool ok_l = true, ok_r = true;
	for (int i = 0; i < n; i++) {
		// the partial last tile has no predecessor given: its first item is copied
		ok_l &= l[i] == (i == 0 || i == last_tile ? in[i] : in[i] - in[i - 1]);
		// the partial tile copies its last valid item; full tiles see the next tile's first
		ok_r &= r[i] == (i == n - 1 ? in[i] : in[i] - in[i + 1]);
	}
	tap_ok(ok_l, "BlockAdjacentDifference SubtractLeft (predecessor, in place), SubtractLeftPartialTile = host deltas");
	tap_ok(ok_r, "BlockAdjacentDifference SubtractRight (successor), SubtractRightPartialTile = host deltas");
	cudaFree(d_in);
	cudaFree(d_l);
	cudaFree(d_r);
}

// ---- BlockShuffle ----
__global__ void shuffles(const int *in, int *offs, int *rot, int *up, int *down, int *ends)
{
	typedef cub::BlockShuffle<int, BT> BlockShuffleT;
	__shared__ typename BlockShuffleT::TempStorage temp_storage;
	int tid = threadIdx.x;
	int mine = in[tid], o1 = -1, o3 = -1, r = -1;

	BlockShuffleT(temp_storage).Offset(mine, o1, 1);
	__syncthreads();
	BlockShuffleT(temp_storage).Offset(mine, o3, -3);
	__syncthreads();
	BlockShuffleT(temp_storage).Rotate(mine, r, 5);
	__syncthreads();
	offs[2 * tid] = o1;
	offs[2 * tid + 1] = o3;
	rot[tid] = r;

	int items[IPT], prev[IPT], next[IPT], suffix, prefix;
	for (int j = 0; j < IPT; j++)
		items[j] = in[tid * IPT + j], prev[j] = next[j] = -1;
	BlockShuffleT(temp_storage).Up(items, prev, suffix);
	__syncthreads();
	BlockShuffleT(temp_storage).Down(items, next, prefix);
	for (int j = 0; j < IPT; j++) {
		up[tid * IPT + j] = prev[j];
		down[tid * IPT + j] = next[j];
	}
	ends[2 * tid] = suffix;
	ends[2 * tid + 1] = prefix;
}

static void test_shuffle()
{
	std::vector<int> in(TILE);
	for (int i = 0; i < TILE; i++)
		in[i] = rnd(1000000);
	int *d_in = to_dev(in), *d_offs, *d_rot, *d_up, *d_down, *d_ends;
	cudaMalloc(&d_offs, 2 * BT * sizeof(int));
	cudaMalloc(&d_rot, BT * sizeof(int));
	cudaMalloc(&d_up, TILE * sizeof(int));
	cudaMalloc(&d_down, TILE * sizeof(int));
	cudaMalloc(&d_ends, 2 * BT * sizeof(int));
	shuffles<<<1, BT>>>(d_in, d_offs, d_rot, d_up, d_down, d_ends);
	std::vector<int> offs = from_dev(d_offs, 2 * BT), rot = from_dev(d_rot, BT), up = from_dev(d_up, TILE),
			 down = from_dev(d_down, TILE), ends = from_dev(d_ends, 2 * BT);
	bool ok_o = true, ok_ud = true;
	for (int t = 0; t < BT; t++) {
		// out of range: the output is not written (it keeps -1)
		ok_o &= offs[2 * t] == (t + 1 < BT ? in[t + 1] : -1);
		ok_o &= offs[2 * t + 1] == (t - 3 >= 0 ? in[t - 3] : -1);
		ok_o &= rot[t] == in[(t + 5) % BT];
		ok_ud &= ends[2 * t] == in[TILE - 1] && ends[2 * t + 1] == in[0];
	}
	for (int i = 0; i < TILE; i++) {
		ok_ud &= up[i] == (i > 0 ? in[i - 1] : -1);
		ok_ud &= down[i] == (i < TILE - 1 ? in[i + 1] : -1);
	}
	tap_ok(ok_o, "BlockShuffle Offset(+1), Offset(-3), Rotate(5) = host");
	tap_ok(ok_ud, "BlockShuffle Up (block_suffix), Down (block_prefix) of a blocked tile = host");
	cudaFree(d_in);
	cudaFree(d_offs);
	cudaFree(d_rot);
	cudaFree(d_up);
	cudaFree(d_down);
	cudaFree(d_ends);
}

// ---- iterators ----
template <typename InputIteratorT>
__global__ void copy_through(InputIteratorT in, int n, int *out)
{
	int i = blockIdx.x * blockDim.x + threadIdx.x;
	if (i < n)
		out[i] = in[i];
}

static void test_iterators()
{
	const int n = 10007;
	std::vector<int> h(n);
	for (int i = 0; i < n; i++)
		h[i] = rnd(2000) - 1000;
	h[4321] = 5000;	// the largest, twice: the first position wins
	h[9000] = 5000;
	h[17] = -7000;
	int *d_in = to_dev(h), *d_out;
	cudaMalloc(&d_out, n * sizeof(int));
	void *d_temp = NULL;
	size_t temp_bytes = 0;

	// ArgIndexInputIterator with ArgMax / ArgMin
	typedef cub::KeyValuePair<ptrdiff_t, int> KV;
	KV *d_kv;
	cudaMalloc(&d_kv, 2 * sizeof(KV));
	cub::ArgIndexInputIterator<int *> arg_in(d_in);
	KV lowest(-1, INT_MIN), highest(-1, INT_MAX);
	cub::DeviceReduce::Reduce(d_temp, temp_bytes, arg_in, d_kv, n, cub::ArgMax(), lowest);
	cudaMalloc(&d_temp, temp_bytes);
	cub::DeviceReduce::Reduce(d_temp, temp_bytes, arg_in, d_kv, n, cub::ArgMax(), lowest);
	cub::DeviceReduce::Reduce(d_temp, temp_bytes, arg_in, d_kv + 1, n, cub::ArgMin(), highest);
	std::vector<KV> kv = from_dev(d_kv, 2);
	tap_ok(kv[0].key == 4321 && kv[0].value == 5000 && kv[1].key == 17 && kv[1].value == -7000,
	       "ArgIndexInputIterator + ArgMax/ArgMin in DeviceReduce::Reduce: first positions (%ld, %ld)",
	       (long)kv[0].key, (long)kv[1].key);

	// CacheModifiedInputIterator: in a kernel and in DeviceReduce::Sum
	cub::CacheModifiedInputIterator<cub::LOAD_LDG, int> ldg_in(d_in);
	copy_through<<<(n + 255) / 256, 256>>>(ldg_in, n, d_out);
	long long want = 0;
	for (int x : h)
		want += x;
	int *d_sum;
	cudaMalloc(&d_sum, sizeof(int));
	cub::DeviceReduce::Sum(d_temp, temp_bytes, ldg_in, d_sum, n);
	tap_ok(from_dev(d_out, n) == h && from_dev(d_sum, 1)[0] == (int)want,
	       "CacheModifiedInputIterator<LOAD_LDG>: kernel copy, DeviceReduce::Sum = host");
	cudaFree(d_sum);
	cudaFree(d_kv);
	cudaFree(d_temp);
	cudaFree(d_in);
	cudaFree(d_out);
}

#ifdef IDXGEN_CUB
// CUB < 3's fancy iterators (NVIDIA's current CUB moved them to Thrust, so nvcc never sees this part)
struct Square {
	__host__ __device__ long long operator()(const int &x) const { return (long long)x * x; }
};

static void test_old_iterators()
{
	const int n = 30011;
	std::vector<int> h(n);
	for (int i = 0; i < n; i++)
		h[i] = rnd(2000) - 1000;
	int *d_in = to_dev(h), *d_out;
	cudaMalloc(&d_out, n * sizeof(int));
	long long *d_sum;
	cudaMalloc(&d_sum, sizeof(long long));
	void *d_temp = NULL;
	size_t temp_bytes = 0;

	cub::CountingInputIterator<long long> count_in(5);
	cub::DeviceReduce::Sum(d_temp, temp_bytes, count_in, d_sum, n);
	cudaMalloc(&d_temp, temp_bytes);
	cub::DeviceReduce::Sum(d_temp, temp_bytes, count_in, d_sum, n);
	long long s = from_dev(d_sum, 1)[0];
	copy_through<<<(n + 255) / 256, 256>>>(cub::CountingInputIterator<int>(-3), n, d_out);
	std::vector<int> c = from_dev(d_out, n);
	bool ok = s == 5LL * n + (long long)n * (n - 1) / 2;
	for (int i = 0; i < n; i++)
		ok &= c[i] == i - 3;
	tap_ok(ok, "CountingInputIterator: DeviceReduce::Sum = 5n + n(n-1)/2, kernel reads i - 3");

	cub::TransformInputIterator<long long, Square, int *> sq_in(d_in, Square());
	cub::DeviceReduce::Sum(d_temp, temp_bytes, sq_in, d_sum, n);
	long long want = 0;
	for (int x : h)
		want += (long long)x * x;
	tap_ok(from_dev(d_sum, 1)[0] == want, "TransformInputIterator (square): DeviceReduce::Sum = host sum of squares");

	cub::ConstantInputIterator<int> one(1);
	cub::DeviceScan::ExclusiveSum(d_temp, temp_bytes, one, d_out, n);
	c = from_dev(d_out, n);
	ok = true;
	for (int i = 0; i < n; i++)
		ok &= c[i] == i;
	cub::DeviceReduce::Sum(d_temp, temp_bytes, one + 11, d_sum, n - 11);
	tap_ok(ok && from_dev(d_sum, 1)[0] == n - 11, "ConstantInputIterator(1): ExclusiveSum = 0..n-1, Sum of n - 11");
	cudaFree(d_temp);
	cudaFree(d_sum);
	cudaFree(d_in);
	cudaFree(d_out);
}
#endif

int main()
{
	test_histogram();
	test_discontinuity();
	test_adjacent_difference();
	test_shuffle();
	test_iterators();
#ifdef IDXGEN_CUB
	test_old_iterators();
#endif
	return tap_done();
}
