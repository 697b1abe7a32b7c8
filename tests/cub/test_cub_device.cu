// SPDX-License-Identifier: MIT
// CUB's device-wide primitives (include/cuda/cub) against std:: algorithms
// on random inputs of odd sizes, each through CUB's two-phase protocol
// (NULL temp storage: a size and no work; then the run): DeviceReduce
// Sum/Max/Min/Reduce/ArgMax/ArgMin, DeviceScan Inclusive/ExclusiveSum and
// Scan, DeviceRadixSort SortKeys/SortPairs (+Descending, bit ranges,
// DoubleBuffer, negative and float keys), DeviceSelect If/Flagged/Unique,
// DeviceHistogram HistogramEven, DeviceSegmentedReduce Sum/Max/Reduce,
// DeviceRunLengthEncode Encode/NonTrivialRuns, DeviceReduce::ReduceByKey,
// DevicePartition If/Flagged, DeviceSegmentedRadixSort, DeviceScan's
// by-key forms, DeviceAdjacentDifference, stream order, and inputs cut into
// many chunks (run in parallel where TBB is there): reduce and scans of a
// non-commutative operator, a radix sort, a histogram.  TAP.  Also compiled by nvcc -arch=sm_90 (real CUB there).
#include <cub/cub.cuh>
#include <algorithm>
#include <cstdio>
#include <numeric>
#include <vector>
#include <cuda_runtime.h>
#include "tap.h"

static unsigned long long rng = 0x13198a2e03707344ull;
static int rnd(int m)
{
	rng = rng * 6364136223846793005ull + 1442695040888963407ull;
	return (int)((rng >> 33) % (unsigned long long)m);
}

template <typename T>
static T *dev(const std::vector<T> &h)
{
	T *d;
	cudaMalloc(&d, (h.size() ? h.size() : 1) * sizeof(T));
	std::copy(h.begin(), h.end(), d);
	return d;
}

struct Less100 {
	__host__ __device__ bool operator()(int x) const { return x < 100; }
};
// own operators: cub::Max/cub::Min are gone from newer CUB (CUDA 13)
struct MaxOp {
	__host__ __device__ int operator()(int a, int b) const { return a < b ? b : a; }
};
struct MinOp {
	__host__ __device__ int operator()(int a, int b) const { return b < a ? b : a; }
};
struct SumOp {
	__host__ __device__ int operator()(int a, int b) const { return a + b; }
};
struct MulOp {
	__host__ __device__ long long operator()(long long a, long long b) const { return (a * b) % 1000003; }
};

// Two phases: returns the status of the run; temp storage allocated from the size asked
#define TWO_PHASE(call_with_temp)                                                    \
	[&]() {                                                                      \
		void *d_temp_storage = nullptr;                                      \
		size_t temp_storage_bytes = 0;                                       \
		cudaError_t e1 = call_with_temp;                                     \
		if (e1 != cudaSuccess || temp_storage_bytes == 0)                    \
			return cudaErrorInvalidValue;                                \
		cudaMalloc(&d_temp_storage, temp_storage_bytes);                     \
		cudaError_t e2 = call_with_temp;                                     \
		cudaFree(d_temp_storage);                                            \
		return e2;                                                           \
	}()

static void run(int n)
{
	std::vector<int> h(n);
	for (int &v : h)
		v = rnd(2001) - 1000;
	int *d_in = dev(h);
	int *d_out;
	long long *d_sum;
	cudaMalloc(&d_out, (n + 1) * sizeof(int));
	cudaMalloc(&d_sum, (n + 1) * sizeof(long long));

	// reduce
	int *d_one;
	cudaMalloc(&d_one, sizeof(int));
	*d_sum = -1;
	bool ok = TWO_PHASE(cub::DeviceReduce::Sum(d_temp_storage, temp_storage_bytes, d_in, d_sum, n)) == cudaSuccess;
	ok &= *d_sum == std::accumulate(h.begin(), h.end(), 0LL);
	ok &= TWO_PHASE(cub::DeviceReduce::Max(d_temp_storage, temp_storage_bytes, d_in, d_one, n)) == cudaSuccess &&
	      *d_one == *std::max_element(h.begin(), h.end());
	ok &= TWO_PHASE(cub::DeviceReduce::Min(d_temp_storage, temp_storage_bytes, d_in, d_one, n)) == cudaSuccess &&
	      *d_one == *std::min_element(h.begin(), h.end());
	tap_ok(ok, "n=%d DeviceReduce Sum (into long long), Max, Min = std::", n);

	long long *d_prod;
	cudaMalloc(&d_prod, sizeof(long long));
	long long want = 7;
	for (int v : h)
		want = MulOp()(want, v);
	ok = TWO_PHASE(cub::DeviceReduce::Reduce(d_temp_storage, temp_storage_bytes, d_in, d_prod, n, MulOp(), 7LL)) ==
		     cudaSuccess &&
	     *d_prod == want;
	tap_ok(ok, "n=%d DeviceReduce::Reduce with a custom operator and initial value", n);

	cub::KeyValuePair<int, int> *d_kv;
	cudaMalloc(&d_kv, sizeof(*d_kv));
	ok = TWO_PHASE(cub::DeviceReduce::ArgMax(d_temp_storage, temp_storage_bytes, d_in, d_kv, n)) == cudaSuccess;
	long amax = std::max_element(h.begin(), h.end()) - h.begin();
	ok &= d_kv->key == amax && d_kv->value == h[amax];
	ok &= TWO_PHASE(cub::DeviceReduce::ArgMin(d_temp_storage, temp_storage_bytes, d_in, d_kv, n)) == cudaSuccess;
	long amin = std::min_element(h.begin(), h.end()) - h.begin();
	ok &= d_kv->key == amin && d_kv->value == h[amin];
	tap_ok(ok, "n=%d DeviceReduce ArgMax/ArgMin: first position = std::max/min_element", n);

	// scans
	std::vector<long long> inc(n);
	std::partial_sum(h.begin(), h.end(), inc.begin(), [](long long a, long long b) { return a + b; });
	ok = TWO_PHASE(cub::DeviceScan::InclusiveSum(d_temp_storage, temp_storage_bytes, d_in, d_sum, n)) == cudaSuccess;
	for (int i = 0; i < n; i++)
		ok &= d_sum[i] == inc[i];
	ok &= TWO_PHASE(cub::DeviceScan::ExclusiveSum(d_temp_storage, temp_storage_bytes, d_in, d_sum, n)) == cudaSuccess;
	for (int i = 0; i < n; i++)
		ok &= d_sum[i] == (i ? inc[i - 1] : 0);
	tap_ok(ok, "n=%d DeviceScan InclusiveSum, ExclusiveSum = std::partial_sum", n);
	ok = TWO_PHASE(cub::DeviceScan::InclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, MaxOp(), n)) ==
	     cudaSuccess;
	int run_max = -100000;
	for (int i = 0; i < n; i++) {
		run_max = std::max(run_max, h[i]);
		ok &= d_out[i] == run_max;
	}
	ok &= TWO_PHASE(cub::DeviceScan::ExclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, MinOp(),
						       5000, n)) == cudaSuccess;
	int run_min = 5000;
	for (int i = 0; i < n; i++) {
		ok &= d_out[i] == run_min;
		run_min = std::min(run_min, h[i]);
	}
	tap_ok(ok, "n=%d DeviceScan InclusiveScan(Max), ExclusiveScan(Min, 5000)", n);

	// radix sort: keys, pairs (stable), descending, bit range, floats, DoubleBuffer
	std::vector<int> vals(n);
	std::iota(vals.begin(), vals.end(), 0);
	int *d_vals = dev(vals), *d_vout;
	cudaMalloc(&d_vout, (n + 1) * sizeof(int));
	std::vector<int> s = h;
	std::sort(s.begin(), s.end());
	ok = TWO_PHASE(cub::DeviceRadixSort::SortKeys(d_temp_storage, temp_storage_bytes, d_in, d_out, n)) == cudaSuccess &&
	     std::equal(s.begin(), s.end(), d_out);
	tap_ok(ok, "n=%d DeviceRadixSort::SortKeys (negative keys) = std::sort", n);
	std::vector<std::pair<int, int>> kv(n);
	for (int i = 0; i < n; i++)
		kv[i] = std::make_pair(h[i], i);
	std::stable_sort(kv.begin(), kv.end(), [](const std::pair<int, int> &a, const std::pair<int, int> &b) {
		return a.first > b.first;
	});
	ok = TWO_PHASE(cub::DeviceRadixSort::SortPairsDescending(d_temp_storage, temp_storage_bytes, d_in, d_out, d_vals,
								 d_vout, n)) == cudaSuccess;
	for (int i = 0; i < n; i++)
		ok &= d_out[i] == kv[i].first && d_vout[i] == kv[i].second;
	tap_ok(ok, "n=%d DeviceRadixSort::SortPairsDescending: stable = std::stable_sort", n);
	// bits [4, 8) of unsigned keys only: a stable sort on that field
	std::vector<unsigned> u(n);
	for (unsigned &v : u)
		v = (unsigned)rnd(1 << 12);
	unsigned *d_u = dev(u), *d_uo;
	cudaMalloc(&d_uo, (n + 1) * sizeof(unsigned));
	std::vector<unsigned> us = u;
	std::stable_sort(us.begin(), us.end(), [](unsigned a, unsigned b) { return ((a >> 4) & 15) < ((b >> 4) & 15); });
	ok = TWO_PHASE(cub::DeviceRadixSort::SortKeys(d_temp_storage, temp_storage_bytes, d_u, d_uo, n, 4, 8)) ==
		     cudaSuccess &&
	     std::equal(us.begin(), us.end(), d_uo);
	tap_ok(ok, "n=%d SortKeys on bits [4, 8) only: stable by that field", n);
	std::vector<float> f(n);
	for (float &v : f)
		v = (rnd(20001) - 10000) / 37.0f;
	float *d_f = dev(f), *d_f2;
	cudaMalloc(&d_f2, (n + 1) * sizeof(float));
	cub::DoubleBuffer<float> db(d_f, d_f2);
	std::vector<float> fs = f;
	std::sort(fs.begin(), fs.end());
	ok = TWO_PHASE(cub::DeviceRadixSort::SortKeys(d_temp_storage, temp_storage_bytes, db, n)) == cudaSuccess &&
	     std::equal(fs.begin(), fs.end(), db.Current());
	tap_ok(ok, "n=%d SortKeys of floats through a DoubleBuffer: Current() sorted", n);

	// select
	int *d_num;
	cudaMalloc(&d_num, sizeof(int));
	std::vector<int> sel;
	std::copy_if(h.begin(), h.end(), std::back_inserter(sel), Less100());
	ok = TWO_PHASE(cub::DeviceSelect::If(d_temp_storage, temp_storage_bytes, d_in, d_out, d_num, n, Less100())) ==
		     cudaSuccess &&
	     *d_num == (int)sel.size() && std::equal(sel.begin(), sel.end(), d_out);
	std::vector<char> flags(n);
	std::vector<int> fl;
	for (int i = 0; i < n; i++)
		if ((flags[i] = (char)(rnd(3) == 0)))
			fl.push_back(h[i]);
	char *d_flags = dev(flags);
	ok &= TWO_PHASE(cub::DeviceSelect::Flagged(d_temp_storage, temp_storage_bytes, d_in, d_flags, d_out, d_num, n)) ==
		      cudaSuccess &&
	      *d_num == (int)fl.size() && std::equal(fl.begin(), fl.end(), d_out);
	std::vector<int> runs(n);
	for (int i = 0; i < n; i++)
		runs[i] = rnd(4) ? (i ? runs[i - 1] : 0) : rnd(10);
	int *d_runs = dev(runs);
	std::vector<int> un = runs;
	un.erase(std::unique(un.begin(), un.end()), un.end());
	ok &= TWO_PHASE(cub::DeviceSelect::Unique(d_temp_storage, temp_storage_bytes, d_runs, d_out, d_num, n)) ==
		      cudaSuccess &&
	      *d_num == (int)un.size() && std::equal(un.begin(), un.end(), d_out);
	tap_ok(ok, "n=%d DeviceSelect If, Flagged, Unique = std::copy_if, std::unique", n);

	// histogram: 7 bins over [-700, 700), samples outside dropped
	int *d_hist;
	cudaMalloc(&d_hist, 7 * sizeof(int));
	int want_hist[7] = { 0 };
	for (int v : h)
		if (v >= -700 && v < 700)
			want_hist[(v + 700) / 200]++;
	ok = TWO_PHASE(cub::DeviceHistogram::HistogramEven(d_temp_storage, temp_storage_bytes, d_in, d_hist, 8, -700, 700,
							   n)) == cudaSuccess &&
	     std::equal(want_hist, want_hist + 7, d_hist);
	tap_ok(ok, "n=%d DeviceHistogram::HistogramEven, 7 bins over [-700, 700)", n);

	// segmented reduce over random segments, some empty
	std::vector<int> offs = { 0 };
	while (offs.back() < n)
		offs.push_back(std::min(n, offs.back() + rnd(40)));
	int segs = (int)offs.size() - 1;
	int *d_offs = dev(offs);
	ok = TWO_PHASE(cub::DeviceSegmentedReduce::Sum(d_temp_storage, temp_storage_bytes, d_in, d_sum, segs, d_offs,
						       d_offs + 1)) == cudaSuccess;
	for (int sgi = 0; sgi < segs; sgi++)
		ok &= d_sum[sgi] == std::accumulate(h.begin() + offs[sgi], h.begin() + offs[sgi + 1], 0LL);
	ok &= TWO_PHASE(cub::DeviceSegmentedReduce::Max(d_temp_storage, temp_storage_bytes, d_in, d_out, segs, d_offs,
							d_offs + 1)) == cudaSuccess;
	for (int sgi = 0; sgi < segs; sgi++)
		ok &= d_out[sgi] == (offs[sgi] == offs[sgi + 1] ? std::numeric_limits<int>::lowest()
								 : *std::max_element(h.begin() + offs[sgi], h.begin() + offs[sgi + 1]));
	tap_ok(ok, "n=%d DeviceSegmentedReduce Sum, Max over %d segments (empty ones too)", n, segs);

	cudaFree(d_in), cudaFree(d_out), cudaFree(d_sum), cudaFree(d_one), cudaFree(d_prod), cudaFree(d_kv);
	cudaFree(d_vals), cudaFree(d_vout), cudaFree(d_u), cudaFree(d_uo), cudaFree(d_f), cudaFree(d_f2);
	cudaFree(d_num), cudaFree(d_flags), cudaFree(d_runs), cudaFree(d_hist), cudaFree(d_offs);
}

// DeviceRunLengthEncode, DeviceReduce::ReduceByKey, DevicePartition,
// DeviceSegmentedRadixSort against loops and std:: over sorted keys with runs
static void run_segments(int n)
{
	std::vector<int> keys(n), vals(n);
	for (int i = 0; i < n; i++)
		keys[i] = rnd(n / 4 + 2), vals[i] = rnd(1000) - 500;
	std::sort(keys.begin(), keys.end());
	// the runs, by a plain loop
	std::vector<int> ukeys, counts, sums, offs, lens;
	for (int i = 0, j; i < n; i = j) {
		int sum = 0;
		for (j = i; j < n && keys[j] == keys[i]; j++)
			sum += vals[j];
		ukeys.push_back(keys[i]), counts.push_back(j - i), sums.push_back(sum);
		if (j - i > 1)
			offs.push_back(i), lens.push_back(j - i);
	}
	int *d_keys = dev(keys), *d_vals = dev(vals), *d_a = dev(std::vector<int>(n)), *d_b = dev(std::vector<int>(n)),
	    *d_num = dev(std::vector<int>(1));
	int runs = (int)ukeys.size();

	bool ok = TWO_PHASE(cub::DeviceRunLengthEncode::Encode(d_temp_storage, temp_storage_bytes, d_keys, d_a, d_b,
								  d_num, n)) == cudaSuccess &&
		  *d_num == runs && std::equal(ukeys.begin(), ukeys.end(), d_a) &&
		  std::equal(counts.begin(), counts.end(), d_b);
	tap_ok(ok, "n=%d DeviceRunLengthEncode::Encode = loop (%d runs)", n, runs);
	ok = TWO_PHASE(cub::DeviceRunLengthEncode::NonTrivialRuns(d_temp_storage, temp_storage_bytes, d_keys, d_a, d_b,
								  d_num, n)) == cudaSuccess &&
	     *d_num == (int)offs.size() && std::equal(offs.begin(), offs.end(), d_a) &&
	     std::equal(lens.begin(), lens.end(), d_b);
	tap_ok(ok, "n=%d DeviceRunLengthEncode::NonTrivialRuns = loop (%d runs)", n, (int)offs.size());
	ok = TWO_PHASE(cub::DeviceReduce::ReduceByKey(d_temp_storage, temp_storage_bytes, d_keys, d_a, d_vals, d_b,
						      d_num, SumOp(), n)) == cudaSuccess &&
	     *d_num == runs && std::equal(ukeys.begin(), ukeys.end(), d_a) && std::equal(sums.begin(), sums.end(), d_b);
	tap_ok(ok, "n=%d DeviceReduce::ReduceByKey (sum) = loop", n);

	// partition: selected in order, the rest after them in reverse order
	std::vector<int> sel, rej;
	std::vector<char> flags(n);
	for (int i = 0; i < n; i++) {
		(Less100()(vals[i]) ? sel : rej).push_back(vals[i]);
		flags[i] = (char)(vals[i] & 1);
	}
	std::vector<int> want(sel);
	want.insert(want.end(), rej.rbegin(), rej.rend());
	ok = TWO_PHASE(cub::DevicePartition::If(d_temp_storage, temp_storage_bytes, d_vals, d_a, d_num, n,
						Less100())) == cudaSuccess &&
	     *d_num == (int)sel.size() && std::equal(want.begin(), want.end(), d_a);
	char *d_flags = dev(flags);
	sel.clear(), rej.clear();
	for (int i = 0; i < n; i++)
		(flags[i] ? sel : rej).push_back(vals[i]);
	want = sel;
	want.insert(want.end(), rej.rbegin(), rej.rend());
	ok &= TWO_PHASE(cub::DevicePartition::Flagged(d_temp_storage, temp_storage_bytes, d_vals, d_flags, d_a, d_num,
						      n)) == cudaSuccess &&
	      *d_num == (int)sel.size() && std::equal(want.begin(), want.end(), d_a);
	tap_ok(ok, "n=%d DevicePartition::If, ::Flagged: selected in order, the rest reversed after them", n);

	// segments of random lengths (some empty), each sorted on its own; values follow
	std::vector<int> begins, ends;
	for (int b = 0; b < n;) {
		int len = std::min(n - b, rnd(50));
		begins.push_back(b), ends.push_back(b + len);
		b += len;
	}
	int nseg = (int)begins.size(), *d_begin = dev(begins), *d_end = dev(ends);
	std::vector<std::pair<int, int>> kv(n);
	for (int i = 0; i < n; i++)
		kv[i] = std::make_pair(vals[i], i);
	ok = TWO_PHASE(cub::DeviceSegmentedRadixSort::SortPairs(d_temp_storage, temp_storage_bytes, d_vals, d_a,
								d_keys, d_b, n, nseg, d_begin, d_end)) == cudaSuccess;
	bool ok_desc = TWO_PHASE(cub::DeviceSegmentedRadixSort::SortKeysDescending(
			       d_temp_storage, temp_storage_bytes, d_vals, d_keys, n, nseg, d_begin, d_end)) == cudaSuccess;
	for (int s = 0; s < nseg; s++) {
		std::vector<std::pair<int, int>> seg(kv.begin() + begins[s], kv.begin() + ends[s]);
		std::stable_sort(seg.begin(), seg.end(), [](const std::pair<int, int> &x, const std::pair<int, int> &y) {
			return x.first < y.first;
		});
		for (size_t i = 0; i < seg.size(); i++) {
			ok &= d_a[begins[s] + i] == seg[i].first && d_b[begins[s] + i] == keys[seg[i].second];
			ok_desc &= d_keys[ends[s] - 1 - i] == seg[i].first;
		}
	}
	tap_ok(ok && ok_desc, "n=%d DeviceSegmentedRadixSort SortPairs, SortKeysDescending over %d segments = std::", n,
	       nseg);
	cudaFree(d_keys), cudaFree(d_vals), cudaFree(d_a), cudaFree(d_b), cudaFree(d_num), cudaFree(d_flags);
	cudaFree(d_begin), cudaFree(d_end);
}

struct SameTens {
	__host__ __device__ bool operator()(int a, int b) const { return a / 10 == b / 10; }
};
struct Minus {
	__host__ __device__ int operator()(int a, int b) const { return a - b; }
};

// DeviceScan's by-key forms against std::partial_sum over each run (found
// with std::upper_bound on the sorted keys), DeviceAdjacentDifference
// against std::adjacent_difference (forwards, and on the reversed sequence
// for SubtractRight)
static void run_by_key(int n)
{
	std::vector<int> keys(n), vals(n);
	for (int i = 0; i < n; i++)
		keys[i] = rnd(n / 3 + 2), vals[i] = rnd(1000) - 500;
	std::sort(keys.begin(), keys.end());
	std::vector<int> isum(n), esum(n), imax(n), emax(n), tens(n);
	for (int i = 0, j; i < n; i = j) {
		j = (int)(std::upper_bound(keys.begin(), keys.end(), keys[i]) - keys.begin());
		std::partial_sum(vals.begin() + i, vals.begin() + j, isum.begin() + i);
		std::partial_sum(vals.begin() + i, vals.begin() + j, imax.begin() + i, MaxOp());
		esum[i] = 0, emax[i] = -100000;
		for (int k = i + 1; k < j; k++)
			esum[k] = isum[k - 1], emax[k] = std::max(imax[k - 1], -100000);
	}
	for (int i = 0, j; i < n; i = j) {	// runs of keys with the same tens
		j = (int)(std::upper_bound(keys.begin(), keys.end(), keys[i] / 10 * 10 + 9) - keys.begin());
		std::partial_sum(vals.begin() + i, vals.begin() + j, tens.begin() + i);
	}
	int *d_keys = dev(keys), *d_vals = dev(vals), *d_a = dev(std::vector<int>(n));
	bool ok = TWO_PHASE(cub::DeviceScan::InclusiveSumByKey(d_temp_storage, temp_storage_bytes, d_keys, d_vals, d_a,
							       n)) == cudaSuccess &&
		  std::equal(isum.begin(), isum.end(), d_a);
	ok &= TWO_PHASE(cub::DeviceScan::InclusiveScanByKey(d_temp_storage, temp_storage_bytes, d_keys, d_vals, d_a,
							    MaxOp(), n)) == cudaSuccess &&
	      std::equal(imax.begin(), imax.end(), d_a);
	ok &= TWO_PHASE(cub::DeviceScan::ExclusiveScanByKey(d_temp_storage, temp_storage_bytes, d_keys, d_vals, d_a,
							    MaxOp(), -100000, n)) == cudaSuccess &&
	      std::equal(emax.begin(), emax.end(), d_a);
	tap_ok(ok, "n=%d DeviceScan InclusiveSumByKey, InclusiveScanByKey, ExclusiveScanByKey = std::partial_sum per run", n);
	// in place, and through a cache-modified output iterator
	std::copy(vals.begin(), vals.end(), d_a);
	ok = TWO_PHASE(cub::DeviceScan::ExclusiveSumByKey(d_temp_storage, temp_storage_bytes, d_keys, d_a, d_a, n)) ==
		     cudaSuccess &&
	     std::equal(esum.begin(), esum.end(), d_a);
	cub::CacheModifiedOutputIterator<cub::STORE_CG, int> out(d_a);
	ok &= TWO_PHASE(cub::DeviceScan::InclusiveSumByKey(d_temp_storage, temp_storage_bytes, d_keys, d_vals, out, n,
							   SameTens())) == cudaSuccess &&
	      std::equal(tens.begin(), tens.end(), d_a);
	tap_ok(ok, "n=%d DeviceScan ExclusiveSumByKey in place; InclusiveSumByKey with an equality operator into a "
		   "CacheModifiedOutputIterator", n);

	std::vector<int> left(n), right(n), rev(vals.rbegin(), vals.rend());
	std::adjacent_difference(vals.begin(), vals.end(), left.begin());
	std::adjacent_difference(rev.begin(), rev.end(), right.rbegin());
	ok = TWO_PHASE(cub::DeviceAdjacentDifference::SubtractLeftCopy(d_temp_storage, temp_storage_bytes, d_vals, d_a,
								       n, Minus())) == cudaSuccess &&
	     std::equal(left.begin(), left.end(), d_a);
	ok &= TWO_PHASE(cub::DeviceAdjacentDifference::SubtractRightCopy(d_temp_storage, temp_storage_bytes, d_vals,
									 d_a, n, Minus())) == cudaSuccess &&
	      std::equal(right.begin(), right.end(), d_a);
	std::copy(vals.begin(), vals.end(), d_a);
	ok &= TWO_PHASE(cub::DeviceAdjacentDifference::SubtractLeft(d_temp_storage, temp_storage_bytes, d_a, n,
								    Minus())) == cudaSuccess &&
	      std::equal(left.begin(), left.end(), d_a);
	std::copy(vals.begin(), vals.end(), d_a);
	ok &= TWO_PHASE(cub::DeviceAdjacentDifference::SubtractRight(d_temp_storage, temp_storage_bytes, d_a, n,
								     Minus())) == cudaSuccess &&
	      std::equal(right.begin(), right.end(), d_a);
	tap_ok(ok, "n=%d DeviceAdjacentDifference SubtractLeft/Right (copy and in place) = std::adjacent_difference", n);
	cudaFree(d_keys), cudaFree(d_vals), cudaFree(d_a);
}

// x -> a*x + b modulo a prime; composing them is associative, not commutative
struct Affine {
	long long a, b;
};
struct Compose {	// first f, then g
	__host__ __device__ Affine operator()(const Affine &f, const Affine &g) const
	{
		const long long P = 1000003;
		Affine r = { g.a * f.a % P, (g.a * f.b + g.b) % P };
		return r;
	}
};

// inputs large enough to be cut into many chunks (run in parallel where TBB is
// there): the chunks' results must combine in order (non-commutative operator)
// and to exactly what a sequential loop gives
static void run_big()
{
	const int n = 300007;
	std::vector<Affine> maps(n);
	std::vector<int> keys(n), vals(n);
	for (int i = 0; i < n; i++) {
		maps[i].a = 1 + rnd(1000002), maps[i].b = rnd(1000003);
		keys[i] = rnd(2000001) - 1000000, vals[i] = i;
	}
	Affine *d_maps = dev(maps), *d_scan = dev(std::vector<Affine>(n)), *d_one = dev(std::vector<Affine>(1));
	Affine id = { 1, 0 }, seed = { 3, 7 }, acc = seed;
	bool ok = TWO_PHASE(cub::DeviceReduce::Reduce(d_temp_storage, temp_storage_bytes, d_maps, d_one, n, Compose(),
						      seed)) == cudaSuccess;
	for (int i = 0; i < n; i++)
		acc = Compose()(acc, maps[i]);
	ok &= d_one->a == acc.a && d_one->b == acc.b;
	ok &= TWO_PHASE(cub::DeviceScan::InclusiveScan(d_temp_storage, temp_storage_bytes, d_maps, d_scan, Compose(),
						       n)) == cudaSuccess;
	acc = maps[0];
	for (int i = 0; i < n; i++) {
		acc = i ? Compose()(acc, maps[i]) : maps[0];
		ok &= d_scan[i].a == acc.a && d_scan[i].b == acc.b;
	}
	ok &= TWO_PHASE(cub::DeviceScan::ExclusiveScan(d_temp_storage, temp_storage_bytes, d_maps, d_maps, Compose(), id,
						       n)) == cudaSuccess;	// in place
	acc = id;
	for (int i = 0; i < n; i++) {
		ok &= d_maps[i].a == acc.a && d_maps[i].b == acc.b;
		acc = Compose()(acc, maps[i]);
	}
	tap_ok(ok, "n=%d DeviceReduce::Reduce, DeviceScan Inclusive/ExclusiveScan (in place) of affine maps = sequential loop",
	       n);

	int *d_keys = dev(keys), *d_vals = dev(vals), *d_k = dev(std::vector<int>(n)), *d_v = dev(std::vector<int>(n));
	ok = TWO_PHASE(cub::DeviceRadixSort::SortPairs(d_temp_storage, temp_storage_bytes, d_keys, d_k, d_vals, d_v, n,
						       4, 24)) == cudaSuccess;
	std::vector<std::pair<int, int>> kv(n);
	for (int i = 0; i < n; i++)	// bits 4..23 of the key's radix image (sign bit flipped)
		kv[i] = std::make_pair((int)(((unsigned)keys[i] ^ 0x80000000u) >> 4 & 0xfffff), i);
	std::stable_sort(kv.begin(), kv.end(), [](const std::pair<int, int> &x, const std::pair<int, int> &y) {
		return x.first < y.first;
	});
	for (int i = 0; i < n; i++)
		ok &= d_v[i] == kv[i].second && d_k[i] == keys[kv[i].second];
	tap_ok(ok, "n=%d DeviceRadixSort::SortPairs on bits [4, 24) = std::stable_sort", n);

	std::vector<int> hist(100);
	for (int k : keys)
		if (k >= -500000 && k < 500000)
			hist[(long long)(k + 500000) * 100 / 1000000]++;
	int *d_hist = dev(std::vector<int>(100));
	ok = TWO_PHASE(cub::DeviceHistogram::HistogramEven(d_temp_storage, temp_storage_bytes, d_keys, d_hist, 101,
							   -500000, 500000, n)) == cudaSuccess &&
	     std::equal(hist.begin(), hist.end(), d_hist);
	tap_ok(ok, "n=%d DeviceHistogram::HistogramEven (100 bins) = loop", n);
	cudaFree(d_maps), cudaFree(d_scan), cudaFree(d_one), cudaFree(d_keys), cudaFree(d_vals), cudaFree(d_k);
	cudaFree(d_v), cudaFree(d_hist);
}

static void fill_stream(cudaStream_t, cudaError_t, void *p)
{
	for (int i = 0; i < 100; i++)
		((int *)p)[i] = i;
}

int main()
{
	static const int ns[] = { 1, 19, 1001, 30011 };
	for (int n : ns)
		run(n);
	for (int n : ns)
		run_segments(n);
	for (int n : ns)
		run_by_key(n);
	run_big();

	// the size query writes nothing but the size
	int *d_in, *d_out;
	cudaMalloc(&d_in, 100 * sizeof(int));
	cudaMalloc(&d_out, sizeof(int));
	*d_out = 12345;
	size_t bytes = 0;
	cub::DeviceReduce::Sum(nullptr, bytes, d_in, d_out, 100);
	tap_ok(bytes > 0 && *d_out == 12345, "size query: a nonzero size, no output written");

	// stream order
	cudaStream_t st;
	cudaStreamCreate(&st);
	cudaMemset(d_in, 0, 100 * sizeof(int));
	void *tmp;
	cudaMalloc(&tmp, bytes);
	cudaStreamAddCallback(st, fill_stream, d_in, 0);
	cub::DeviceReduce::Sum(tmp, bytes, d_in, d_out, 100, st);
	cudaStreamSynchronize(st);
	tap_ok(*d_out == 4950, "DeviceReduce::Sum on a stream after its queued work (%d, want 4950)", *d_out);
	cudaFree(tmp), cudaFree(d_in), cudaFree(d_out);
	cudaStreamDestroy(st);
	return tap_done();
}
