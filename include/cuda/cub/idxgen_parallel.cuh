/* SPDX-License-Identifier: MIT */
/*
 * cub/idxgen_parallel.cuh - how the big device-wide calls of cub.cuh
 * (DeviceReduce::Reduce and its forms, DeviceScan's scans, DeviceRadixSort
 * and DeviceSegmentedRadixSort, DeviceHistogram::HistogramEven) spread their work over the CPU's cores.
 * The input is cut into chunks whose bounds depend only on its size (never
 * on the number of threads); the chunks run in parallel with oneTBB's
 * parallel_for where it is installed (libtbb-dev, as Thrust's default
 * system here: idxgen-cc links -ltbb for programs that call it), else one
 * after another; the chunks' results are combined in chunk order.  So a
 * floating-point sum is the same with or without TBB and from run to run
 * (CUB's own order of additions differs and is left open by CUB), and an
 * operator need only be associative, as CUB asks.  Defining
 * IDXGEN_CUB_SERIAL before including CUB keeps every call in the calling
 * thread (make bench compares both).
 */
#pragma once
#include <algorithm>
#include <vector>

#if !defined(IDXGEN_CUB_SERIAL) && defined(__has_include)
#if __has_include(<tbb/parallel_for.h>)
#include "../idxgen_user_macros_push.h" /* oneTBB names its template parameters T, N, ... */
#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include "../idxgen_user_macros_pop.h"
#define IDXGEN_CUB_TBB 1
#endif
#endif

namespace cub {
namespace detail {

/* Chunks of an input of n items: at least CHUNK_MIN items each (smaller inputs are one chunk), at most MAX_CHUNKS. */
struct Chunks {
	enum { CHUNK_MIN = 1 << 14, MAX_CHUNKS = 256 };
	long long n, size, count;

	explicit Chunks(long long items) : n(items < 0 ? 0 : items)
	{
		long long want = (n + CHUNK_MIN - 1) / CHUNK_MIN;

		count = want < 1 ? 1 : want > MAX_CHUNKS ? MAX_CHUNKS : want;
		size = (n + count - 1) / count;
		if (size == 0)
			size = 1;
	}
	long long begin(long long c) const { return std::min(n, c * size); }
	long long end(long long c) const { return std::min(n, (c + 1) * size); }
};

/* f(k) for k in 0..count-1, in parallel where TBB is there; returns when all are done. */
template <typename _Fp>
void parallel_for_n(long long count, _Fp f)
{
#ifdef IDXGEN_CUB_TBB
	if (count > 1) {
		tbb::parallel_for(tbb::blocked_range<long long>(0, count, 1),
				  [&](const tbb::blocked_range<long long> &r) {
					  for (long long k = r.begin(); k != r.end(); k++)
						  f(k);
				  });
		return;
	}
#endif
	for (long long k = 0; k < count; k++)
		f(k);
}
template <typename _Fp>
void for_each_chunk(const Chunks &ch, _Fp f)
{
	parallel_for_n(ch.count, f);
}

/* op folded over in[b..e) (b < e), from in[b], in order */
template <typename _Tp, typename InIt, typename Op>
_Tp fold(InIt in, long long b, long long e, Op &op)
{
	_Tp acc = in[b];

	for (long long i = b + 1; i < e; i++)
		acc = op(acc, in[i]);
	return acc;
}

/* init op in[0] op ... op in[n-1], chunk by chunk */
template <typename _Tp, typename InIt, typename Op>
_Tp parallel_reduce(InIt in, long long n, Op op, _Tp init)
{
	Chunks ch(n);
	std::vector<_Tp> part(ch.count, init);

	if (n <= 0)
		return init;
	for_each_chunk(ch, [&](long long c) { part[c] = fold<_Tp>(in, ch.begin(c), ch.end(c), op); });
	_Tp acc = init;
	for (long long c = 0; c < ch.count; c++)
		if (ch.begin(c) < ch.end(c))
			acc = op(acc, part[c]);
	return acc;
}

/*
 * A scan, chunk by chunk: each chunk's total (in parallel), the prefix
 * before each chunk (in order), then each chunk scanned from its prefix
 * (in parallel).  Inclusive: out[i] = in[0] op ... op in[i]; exclusive
 * (have_init): out[i] = init op in[0] op ... op in[i-1].  Each item is read
 * before its output is written: in place works.
 */
template <typename _Tp, typename InIt, typename OutIt, typename Op>
void parallel_scan(InIt in, OutIt out, long long n, Op op, bool exclusive, _Tp init)
{
	Chunks ch(n);
	std::vector<_Tp> part(ch.count, init), prefix(ch.count, init);
	std::vector<char> has_prefix(ch.count, exclusive);

	if (n <= 0)
		return;
	if (ch.count > 1)
		for_each_chunk(ch, [&](long long c) { part[c] = fold<_Tp>(in, ch.begin(c), ch.end(c), op); });
	for (long long c = 1; c < ch.count; c++) {
		prefix[c] = has_prefix[c - 1] ? _Tp(op(prefix[c - 1], part[c - 1])) : part[c - 1];
		has_prefix[c] = 1;
	}
	for_each_chunk(ch, [&](long long c) {
		_Tp acc = prefix[c];
		bool have = has_prefix[c];

		for (long long i = ch.begin(c); i < ch.end(c); i++) {
			_Tp next = have ? _Tp(op(acc, in[i])) : _Tp(in[i]);

			out[i] = exclusive ? acc : next;
			acc = next;
			have = true;
		}
	});
}

/*
 * The stable order of unsigned keys (a permutation of 0..n-1: position i
 * of the result holds the index of the i-th key), ascending or descending:
 * a least-significant-digit radix sort, 8 bits a pass, as many passes as
 * the largest key has bits.  A pass counts each chunk's digits (in
 * parallel), lays the (digit, chunk) buckets out in digit order (in order:
 * 256 x chunks), then every chunk moves its items to its buckets (in
 * parallel: disjoint places, each chunk in its own order, so the pass is
 * stable).
 */
template <typename _Up>
std::vector<long long> radix_order(std::vector<_Up> key, bool descending)
{
	long long n = (long long)key.size();
	Chunks ch(n);
	std::vector<long long> idx(n), idx2(n);
	std::vector<_Up> key2(n);
	_Up all = 0;

	for (long long i = 0; i < n; i++)
		idx[i] = i, all |= key[i];
	for (int shift = 0; shift < (int)sizeof(_Up) * 8 && (all >> shift) != 0; shift += 8) {
		std::vector<long long> bucket(ch.count * 256, 0);
		long long at = 0;

		for_each_chunk(ch, [&](long long c) {
			for (long long i = ch.begin(c); i < ch.end(c); i++)
				bucket[c * 256 + (key[i] >> shift & 0xff)]++;
		});
		for (int k = 0; k < 256; k++) {
			int d = descending ? 255 - k : k;

			for (long long c = 0; c < ch.count; c++) {
				long long cnt = bucket[c * 256 + d];

				bucket[c * 256 + d] = at;
				at += cnt;
			}
		}
		for_each_chunk(ch, [&](long long c) {
			for (long long i = ch.begin(c); i < ch.end(c); i++) {
				long long to = bucket[c * 256 + (key[i] >> shift & 0xff)]++;

				key2[to] = key[i], idx2[to] = idx[i];
			}
		});
		key.swap(key2);
		idx.swap(idx2);
	}
	return idx;
}

} // namespace detail
} // namespace cub
