/* SPDX-License-Identifier: MIT */
/*
 * cub/cub.cuh - CUB's device-wide primitives for programs built by
 * idxgen-cc, on the C++ standard library: DeviceReduce (ReduceByKey too),
 * DeviceScan (the by-key scans too), DeviceRadixSort, DeviceSegmentedRadixSort,
 * DeviceSelect, DevicePartition, DeviceRunLengthEncode, DeviceHistogram,
 * DeviceSegmentedReduce, DeviceAdjacentDifference,
 * with CUB's two-phase temporary-storage protocol (a call with a NULL
 * d_temp_storage only writes temp_storage_bytes; the next call runs), and
 * the utilities they use (KeyValuePair, DoubleBuffer, CachingDeviceAllocator).
 * Our own header (include/cuda first in idxgen-cc's search: it shadows a
 * CUB installed in /usr/include, whose kernels only nvcc runs).
 *
 * One address space: the "device" arrays are the program's memory.  A call
 * first waits for the work queued on its stream, then runs in the calling
 * thread and is complete when it returns (stream order, as lib/cublas).
 * The block and warp primitives (BlockReduce, BlockScan, BlockLoad,
 * BlockStore, BlockExchange, BlockRadixSort, BlockHistogram,
 * BlockDiscontinuity, BlockAdjacentDifference, BlockShuffle, BlockMergeSort,
 * BlockRunLengthDecode, WarpReduce, WarpScan, WarpLoad, WarpStore,
 * WarpExchange) are in cub/block/ and cub/warp/, the iterators in
 * cub/iterator/ (all included at the end): kernels naming the primitives
 * run as fibers (cub/idxgen_collective.cuh).
 */
#pragma once
#ifndef __cplusplus
#error "cub/cub.cuh is C++"
#endif

#include <algorithm>
#include <cassert>	/* NVIDIA's CUB brings assert() in; public code relies on it (HeCBench's topk) */
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <limits>
#include <numeric>
#include <type_traits>
#include <utility>
#include <vector>
#include <cuda_runtime_api.h>
#include "idxgen_parallel.cuh"

#define CUB_VERSION 101702
#define IDXGEN_CUB 1	/* this CUB (tests use it for what NVIDIA's current CUB no longer takes) */
#define CUB_NAMESPACE_BEGIN namespace cub {
#define CUB_NAMESPACE_END }
#ifndef CUB_STDERR
#define CUB_STDERR
#endif

namespace cub {

template <typename _Kp, typename _Vp>
struct KeyValuePair {
	typedef _Kp Key;
	typedef _Vp Value;
	_Kp key;
	_Vp value;
	KeyValuePair() : key(), value() {}
	KeyValuePair(const _Kp &k, const _Vp &v) : key(k), value(v) {}
	bool operator!=(const KeyValuePair &b) const { return key != b.key || value != b.value; }
};

template <typename _Tp>
struct DoubleBuffer {
	_Tp *d_buffers[2];
	int selector;
	DoubleBuffer() : d_buffers{ nullptr, nullptr }, selector(0) {}
	DoubleBuffer(_Tp *current, _Tp *alternate) : d_buffers{ current, alternate }, selector(0) {}
	_Tp *Current() { return d_buffers[selector]; }
	_Tp *Alternate() { return d_buffers[selector ^ 1]; }
};

struct Sum {
	template <typename _Tp, typename _Up>
	auto operator()(const _Tp &a, const _Up &b) const -> decltype(a + b) { return a + b; }
};
struct Max {
	template <typename _Tp>
	_Tp operator()(const _Tp &a, const _Tp &b) const { return a < b ? b : a; }
};
struct Min {
	template <typename _Tp>
	_Tp operator()(const _Tp &a, const _Tp &b) const { return b < a ? b : a; }
};
/* CUB 1.x's equality and difference functors (the defaults of the by-key scans and adjacent differences) */
struct Equality {
	template <typename _Tp, typename _Up>
	__host__ __device__ bool operator()(const _Tp &a, const _Up &b) const { return a == b; }
};
struct Inequality {
	template <typename _Tp, typename _Up>
	__host__ __device__ bool operator()(const _Tp &a, const _Up &b) const { return a != b; }
};
struct Difference {
	template <typename _Tp, typename _Up>
	__host__ __device__ auto operator()(const _Tp &a, const _Up &b) const -> decltype(a - b) { return a - b; }
};

/*
 * Reduction operators over KeyValuePair{position, value} (with
 * ArgIndexInputIterator): the larger (smaller) value, the first position
 * among equal values.
 */
struct ArgMax {
	template <typename _Kp, typename _Vp>
	__host__ __device__ KeyValuePair<_Kp, _Vp> operator()(const KeyValuePair<_Kp, _Vp> &a, const KeyValuePair<_Kp, _Vp> &b) const
	{
		return (a.value < b.value || (!(b.value < a.value) && b.key < a.key)) ? b : a;
	}
};
struct ArgMin {
	template <typename _Kp, typename _Vp>
	__host__ __device__ KeyValuePair<_Kp, _Vp> operator()(const KeyValuePair<_Kp, _Vp> &a, const KeyValuePair<_Kp, _Vp> &b) const
	{
		return (b.value < a.value || (!(a.value < b.value) && b.key < a.key)) ? b : a;
	}
};

/* Device memory through the runtime; no caching needed on one address space. */
struct CachingDeviceAllocator {
	explicit CachingDeviceAllocator(bool = false) {}
	CachingDeviceAllocator(unsigned, unsigned, unsigned, size_t, bool = false, bool = false) {}
	cudaError_t DeviceAllocate(void **p, size_t bytes, cudaStream_t = 0) { return cudaMalloc(p, bytes); }
	cudaError_t DeviceAllocate(int, void **p, size_t bytes, cudaStream_t = 0) { return cudaMalloc(p, bytes); }
	cudaError_t DeviceFree(void *p) { return cudaFree(p); }
	cudaError_t DeviceFree(int, void *p) { return cudaFree(p); }
	cudaError_t FreeAllCached() { return cudaSuccess; }
};

/*
 * CUB's NumericTraits<T> / Traits<T> (cub/util_type.cuh in CUB) for the
 * arithmetic types: T's bits as an unsigned integer (UnsignedBits), and the
 * twiddles between them and the unsigned image whose order is T's order
 * (what radix sorting uses: the sign bit flipped for signed integers; for
 * floating point all bits flipped for negative numbers, the sign bit for
 * the others), with LOWEST_KEY/MAX_KEY, the bits of the lowest and largest
 * keys in that order.  Other types are NOT_A_NUMBER.
 */
enum Category { NOT_A_NUMBER, SIGNED_INTEGER, UNSIGNED_INTEGER, FLOATING_POINT };

namespace detail {
template <size_t _Np>
struct unsigned_of;
template <>
struct unsigned_of<1> {
	typedef uint8_t type;
};
template <>
struct unsigned_of<2> {
	typedef uint16_t type;
};
template <>
struct unsigned_of<4> {
	typedef uint32_t type;
};
template <>
struct unsigned_of<8> {
	typedef uint64_t type;
};

template <typename _Tp, bool ARITHMETIC = std::is_arithmetic<_Tp>::value>
struct ArithmeticTraits {
	static constexpr Category CATEGORY = NOT_A_NUMBER;
	enum { PRIMITIVE = false, NULL_TYPE = false };
};
template <typename _Tp>
struct ArithmeticTraits<_Tp, true> {
	typedef typename unsigned_of<sizeof(_Tp)>::type UnsignedBits;
	static constexpr Category CATEGORY = std::is_floating_point<_Tp>::value ? FLOATING_POINT
					     : std::is_signed<_Tp>::value       ? SIGNED_INTEGER
									      : UNSIGNED_INTEGER;
	enum { PRIMITIVE = true, NULL_TYPE = false };
	static constexpr UnsignedBits ALL_BITS = UnsignedBits(~UnsignedBits(0));
	static constexpr UnsignedBits HIGH_BIT = UnsignedBits(UnsignedBits(1) << (sizeof(_Tp) * 8 - 1));
	static constexpr UnsignedBits LOWEST_KEY = CATEGORY == FLOATING_POINT ? ALL_BITS
						   : CATEGORY == SIGNED_INTEGER ? HIGH_BIT
										: UnsignedBits(0);
	static constexpr UnsignedBits MAX_KEY = CATEGORY == UNSIGNED_INTEGER ? ALL_BITS : UnsignedBits(ALL_BITS ^ HIGH_BIT);

	__host__ __device__ static UnsignedBits TwiddleIn(UnsignedBits key)
	{
		if (CATEGORY == FLOATING_POINT)
			return UnsignedBits(key ^ ((key & HIGH_BIT) ? ALL_BITS : HIGH_BIT));
		return CATEGORY == SIGNED_INTEGER ? UnsignedBits(key ^ HIGH_BIT) : key;
	}
	__host__ __device__ static UnsignedBits TwiddleOut(UnsignedBits key)
	{
		if (CATEGORY == FLOATING_POINT)
			return UnsignedBits(key ^ ((key & HIGH_BIT) ? HIGH_BIT : ALL_BITS));
		return CATEGORY == SIGNED_INTEGER ? UnsignedBits(key ^ HIGH_BIT) : key;
	}
	__host__ __device__ static _Tp Max() { return std::numeric_limits<_Tp>::max(); }
	__host__ __device__ static _Tp Lowest() { return std::numeric_limits<_Tp>::lowest(); }
};
} // namespace detail

template <typename _Tp>
struct NumericTraits : detail::ArithmeticTraits<_Tp> {
};
template <typename _Tp>
struct Traits : NumericTraits<typename std::remove_cv<_Tp>::type> {
};

namespace detail {

/* The first phase of CUB's protocol: a size (never 0: programs cudaMalloc it) and no work. */
inline bool size_query(void *d_temp_storage, size_t &temp_storage_bytes)
{
	if (d_temp_storage)
		return false;
	temp_storage_bytes = 1;
	return true;
}

inline cudaError_t stream_begin(cudaStream_t stream)
{
	return cudaStreamSynchronize(stream);
}

template <typename It>
using value_t = typename std::iterator_traits<It>::value_type;

/* the output's value type, or the input's for output iterators without one */
template <typename OutIt, typename InIt>
using out_t = typename std::conditional<std::is_void<value_t<OutIt>>::value, value_t<InIt>, value_t<OutIt>>::type;

/* radix-sort order of a key's bits [begin, end): the unsigned image in which < is the key's order */
template <typename _Kp>
typename Traits<_Kp>::UnsignedBits radix_bits(_Kp k, int begin, int end)
{
	typedef typename Traits<_Kp>::UnsignedBits _Up;
	_Up u;
	std::memcpy(&u, &k, sizeof(u));
	u = Traits<_Kp>::TwiddleIn(u);
	int width = end - begin;
	u >>= begin;
	if (width < (int)sizeof(_Up) * 8)
		u &= (_Up(1) << width) - 1;
	return u;
}

/* a stable sort by the keys' radix images (idxgen_parallel.cuh: an LSD radix sort, its passes in parallel) */
template <typename _Kp, typename _Vp>
void radix_sort(const _Kp *kin, _Kp *kout, const _Vp *vin, _Vp *vout, size_t n, int begin, int end, bool desc)
{
	typedef decltype(radix_bits(_Kp(), 0, 1)) _Up;
	Chunks ch((long long)n);
	std::vector<_Up> img(n);
	for_each_chunk(ch, [&](long long c) {
		for (long long i = ch.begin(c); i < ch.end(c); i++)
			img[i] = radix_bits(kin[i], begin, end);
	});
	std::vector<long long> idx = radix_order(std::move(img), desc);
	/* gathered straight into the outputs, or through copies where an output is its input */
	bool alias = (const void *)kin == (const void *)kout || (vin && (const void *)vin == (const void *)vout);
	std::vector<_Kp> ks(alias ? n : 0);
	std::vector<_Vp> vs(alias && vin ? n : 0);
	_Kp *ko = alias ? ks.data() : kout;
	_Vp *vo = alias ? vs.data() : vout;
	for_each_chunk(ch, [&](long long c) {
		for (long long i = ch.begin(c); i < ch.end(c); i++) {
			ko[i] = kin[idx[i]];
			if (vin)
				vo[i] = vin[idx[i]];
		}
	});
	if (alias) {
		std::copy(ks.begin(), ks.end(), kout);
		if (vin)
			std::copy(vs.begin(), vs.end(), vout);
	}
}

/* the end of the run that starts at i: items equal (eq) to their predecessor extend it, as CUB compares */
template <typename It, typename _Np, typename Eq>
_Np run_end(It it, _Np i, _Np n, Eq eq)
{
	_Np j = i + 1;

	while (j < n && eq(it[j - 1], it[j]))
		j++;
	return j;
}

struct NullType {
};

} // namespace detail

typedef detail::NullType NullType;

/* CUB 1.x's trailing debug_synchronous flag is accepted everywhere (bool dbg). */
#define IDXGEN_CUB_START(stream)						\
	do {									\
		if (detail::size_query(d_temp_storage, temp_storage_bytes))	\
			return cudaSuccess;					\
		cudaError_t e_ = detail::stream_begin(stream);			\
		if (e_ != cudaSuccess)						\
			return e_;						\
	} while (0)

struct DeviceReduce {
	template <typename InIt, typename OutIt, typename Op, typename _Tp, typename _Np>
	static cudaError_t Reduce(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out, _Np num_items,
				  Op op, _Tp init, cudaStream_t stream = 0, bool = false)
	{
		IDXGEN_CUB_START(stream);
		*d_out = detail::parallel_reduce(d_in, (long long)num_items, op, init);
		return cudaSuccess;
	}
	template <typename InIt, typename OutIt, typename _Np>
	static cudaError_t Sum(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out, _Np num_items,
			       cudaStream_t stream = 0, bool = false)
	{
		typedef detail::out_t<OutIt, InIt> _Tp;
		return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, cub::Sum(), _Tp(), stream);
	}
	template <typename InIt, typename OutIt, typename _Np>
	static cudaError_t Max(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out, _Np num_items,
			       cudaStream_t stream = 0, bool = false)
	{
		typedef detail::value_t<InIt> _Tp;
		return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, cub::Max(),
			      std::numeric_limits<_Tp>::lowest(), stream);
	}
	template <typename InIt, typename OutIt, typename _Np>
	static cudaError_t Min(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out, _Np num_items,
			       cudaStream_t stream = 0, bool = false)
	{
		typedef detail::value_t<InIt> _Tp;
		return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_items, cub::Min(),
			      std::numeric_limits<_Tp>::max(), stream);
	}
	/* the first position of the largest (smallest) value; empty input: {1, lowest (max)}, as CUB */
	template <typename InIt, typename OutIt, typename _Np>
	static cudaError_t ArgMax(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out,
				  _Np num_items, cudaStream_t stream = 0, bool = false)
	{
		IDXGEN_CUB_START(stream);
		typedef detail::value_t<InIt> _Tp;
		KeyValuePair<int, _Tp> best(1, std::numeric_limits<_Tp>::lowest());
		for (_Np i = 0; i < num_items; i++)
			if (i == 0 || best.value < d_in[i])
				best = KeyValuePair<int, _Tp>((int)i, d_in[i]);
		d_out->key = best.key;
		d_out->value = best.value;
		return cudaSuccess;
	}
	template <typename KeysInIt, typename UniqueOutIt, typename ValuesInIt, typename AggOutIt,
		  typename NumRunsOutIt, typename Op, typename _Np>
	static cudaError_t ReduceByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeysInIt d_keys_in,
				       UniqueOutIt d_unique_out, ValuesInIt d_values_in, AggOutIt d_aggregates_out,
				       NumRunsOutIt d_num_runs_out, Op reduction_op, _Np num_items,
				       cudaStream_t stream = 0, bool = false)
	{
		IDXGEN_CUB_START(stream);
		_Np runs = 0;
		for (_Np i = 0, j; i < num_items; i = j) {	/* one aggregate per run of equal keys */
			auto acc = d_values_in[i];
			j = detail::run_end(d_keys_in, i, num_items, Equality());
			for (_Np k = i + 1; k < j; k++)
				acc = reduction_op(acc, d_values_in[k]);
			d_unique_out[runs] = d_keys_in[i];
			d_aggregates_out[runs] = acc;
			runs++;
		}
		*d_num_runs_out = runs;
		return cudaSuccess;
	}
	template <typename InIt, typename OutIt, typename _Np>
	static cudaError_t ArgMin(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out,
				  _Np num_items, cudaStream_t stream = 0, bool = false)
	{
		IDXGEN_CUB_START(stream);
		typedef detail::value_t<InIt> _Tp;
		KeyValuePair<int, _Tp> best(1, std::numeric_limits<_Tp>::max());
		for (_Np i = 0; i < num_items; i++)
			if (i == 0 || d_in[i] < best.value)
				best = KeyValuePair<int, _Tp>((int)i, d_in[i]);
		d_out->key = best.key;
		d_out->value = best.value;
		return cudaSuccess;
	}
};

struct DeviceScan {
	template <typename InIt, typename OutIt, typename Op, typename _Np>
	static cudaError_t InclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out,
					 Op op, _Np num_items, cudaStream_t stream = 0, bool = false)
	{
		IDXGEN_CUB_START(stream);
		typedef detail::out_t<OutIt, InIt> _Tp;
		detail::parallel_scan(d_in, d_out, (long long)num_items, op, false, _Tp());
		return cudaSuccess;
	}
	template <typename InIt, typename OutIt, typename Op, typename _Tp, typename _Np>
	static cudaError_t ExclusiveScan(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out,
					 Op op, _Tp init, _Np num_items, cudaStream_t stream = 0, bool = false)
	{
		IDXGEN_CUB_START(stream);
		detail::parallel_scan(d_in, d_out, (long long)num_items, op, true, init);	/* in place works */
		return cudaSuccess;
	}
	/*
	 * Scans by key: each run of consecutive keys that equality_op finds
	 * equal to their predecessor is scanned on its own; values may be
	 * scanned in place.
	 */
	template <typename KeysInIt, typename ValuesInIt, typename ValuesOutIt, typename Op,
		  typename Eq = Equality, typename _Np = uint32_t>
	static cudaError_t InclusiveScanByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeysInIt d_keys_in,
					      ValuesInIt d_values_in, ValuesOutIt d_values_out, Op scan_op,
					      _Np num_items, Eq equality_op = Eq(), cudaStream_t stream = 0)
	{
		IDXGEN_CUB_START(stream);
		typedef detail::out_t<ValuesOutIt, ValuesInIt> _Tp;
		for (_Np i = 0, j; i < num_items; i = j) {
			j = detail::run_end(d_keys_in, i, num_items, equality_op);
			_Tp acc = d_values_in[i];
			d_values_out[i] = acc;
			for (_Np k = i + 1; k < j; k++) {
				acc = scan_op(acc, d_values_in[k]);
				d_values_out[k] = acc;
			}
		}
		return cudaSuccess;
	}
	template <typename KeysInIt, typename ValuesInIt, typename ValuesOutIt, typename Op, typename _Tp,
		  typename Eq = Equality, typename _Np = uint32_t>
	static cudaError_t ExclusiveScanByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeysInIt d_keys_in,
					      ValuesInIt d_values_in, ValuesOutIt d_values_out, Op scan_op,
					      _Tp init_value, _Np num_items, Eq equality_op = Eq(), cudaStream_t stream = 0)
	{
		IDXGEN_CUB_START(stream);
		for (_Np i = 0, j; i < num_items; i = j) {
			j = detail::run_end(d_keys_in, i, num_items, equality_op);
			_Tp acc = init_value;
			for (_Np k = i; k < j; k++) {
				_Tp next = scan_op(acc, d_values_in[k]);	/* read before the write: in place works */
				d_values_out[k] = acc;
				acc = next;
			}
		}
		return cudaSuccess;
	}
	template <typename KeysInIt, typename ValuesInIt, typename ValuesOutIt, typename Eq = Equality,
		  typename _Np = uint32_t>
	static cudaError_t InclusiveSumByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeysInIt d_keys_in,
					     ValuesInIt d_values_in, ValuesOutIt d_values_out, _Np num_items,
					     Eq equality_op = Eq(), cudaStream_t stream = 0)
	{
		return InclusiveScanByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out,
					  cub::Sum(), num_items, equality_op, stream);
	}
	template <typename KeysInIt, typename ValuesInIt, typename ValuesOutIt, typename Eq = Equality,
		  typename _Np = uint32_t>
	static cudaError_t ExclusiveSumByKey(void *d_temp_storage, size_t &temp_storage_bytes, KeysInIt d_keys_in,
					     ValuesInIt d_values_in, ValuesOutIt d_values_out, _Np num_items,
					     Eq equality_op = Eq(), cudaStream_t stream = 0)
	{
		typedef detail::out_t<ValuesOutIt, ValuesInIt> _Tp;
		return ExclusiveScanByKey(d_temp_storage, temp_storage_bytes, d_keys_in, d_values_in, d_values_out,
					  cub::Sum(), _Tp(), num_items, equality_op, stream);
	}
	template <typename InIt, typename OutIt, typename _Np>
	static cudaError_t InclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out,
					_Np num_items, cudaStream_t stream = 0, bool = false)
	{
		return InclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, cub::Sum(), num_items, stream);
	}
	template <typename InIt, typename OutIt, typename _Np>
	static cudaError_t ExclusiveSum(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out,
					_Np num_items, cudaStream_t stream = 0, bool = false)
	{
		typedef detail::out_t<OutIt, InIt> _Tp;
		return ExclusiveScan(d_temp_storage, temp_storage_bytes, d_in, d_out, cub::Sum(), _Tp(), num_items, stream);
	}
};

struct DeviceRadixSort {
	template <typename _Kp, typename _Vp, typename _Np>
	static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, const _Kp *keys_in, _Kp *keys_out,
				     const _Vp *values_in, _Vp *values_out, _Np num_items, int begin_bit = 0,
				     int end_bit = sizeof(_Kp) * 8, cudaStream_t stream = 0, bool = false)
	{
		IDXGEN_CUB_START(stream);
		detail::radix_sort(keys_in, keys_out, values_in, values_out, (size_t)num_items, begin_bit, end_bit, false);
		return cudaSuccess;
	}
	template <typename _Kp, typename _Vp, typename _Np>
	static cudaError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes, const _Kp *keys_in,
					       _Kp *keys_out, const _Vp *values_in, _Vp *values_out, _Np num_items,
					       int begin_bit = 0, int end_bit = sizeof(_Kp) * 8,
					       cudaStream_t stream = 0, bool = false)
	{
		IDXGEN_CUB_START(stream);
		detail::radix_sort(keys_in, keys_out, values_in, values_out, (size_t)num_items, begin_bit, end_bit, true);
		return cudaSuccess;
	}
	template <typename _Kp, typename _Np>
	static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, const _Kp *keys_in, _Kp *keys_out,
				    _Np num_items, int begin_bit = 0, int end_bit = sizeof(_Kp) * 8, cudaStream_t stream = 0,
				    bool = false)
	{
		IDXGEN_CUB_START(stream);
		detail::radix_sort(keys_in, keys_out, (const char *)nullptr, (char *)nullptr, (size_t)num_items,
				   begin_bit, end_bit, false);
		return cudaSuccess;
	}
	template <typename _Kp, typename _Np>
	static cudaError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes, const _Kp *keys_in,
					      _Kp *keys_out, _Np num_items, int begin_bit = 0, int end_bit = sizeof(_Kp) * 8,
					      cudaStream_t stream = 0, bool = false)
	{
		IDXGEN_CUB_START(stream);
		detail::radix_sort(keys_in, keys_out, (const char *)nullptr, (char *)nullptr, (size_t)num_items,
				   begin_bit, end_bit, true);
		return cudaSuccess;
	}
	/* DoubleBuffer forms: the result in the alternate buffer, which becomes current (as CUB may) */
	template <typename _Kp, typename _Np>
	static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<_Kp> &keys,
				    _Np num_items, int begin_bit = 0, int end_bit = sizeof(_Kp) * 8, cudaStream_t stream = 0,
				    bool = false)
	{
		IDXGEN_CUB_START(stream);
		detail::radix_sort(keys.Current(), keys.Alternate(), (const char *)nullptr, (char *)nullptr,
				   (size_t)num_items, begin_bit, end_bit, false);
		keys.selector ^= 1;
		return cudaSuccess;
	}
	template <typename _Kp, typename _Vp, typename _Np>
	static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, DoubleBuffer<_Kp> &keys,
				     DoubleBuffer<_Vp> &values, _Np num_items, int begin_bit = 0, int end_bit = sizeof(_Kp) * 8,
				     cudaStream_t stream = 0, bool = false)
	{
		IDXGEN_CUB_START(stream);
		detail::radix_sort(keys.Current(), keys.Alternate(), values.Current(), values.Alternate(),
				   (size_t)num_items, begin_bit, end_bit, false);
		keys.selector ^= 1;
		values.selector ^= 1;
		return cudaSuccess;
	}
};

struct DeviceSelect {
	template <typename InIt, typename OutIt, typename NumOutIt, typename Pred, typename _Np>
	static cudaError_t If(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out,
			      NumOutIt d_num_selected_out, _Np num_items, Pred select_op, cudaStream_t stream = 0,
			      bool = false)
	{
		IDXGEN_CUB_START(stream);
		_Np k = 0;
		for (_Np i = 0; i < num_items; i++)
			if (select_op(d_in[i]))
				d_out[k++] = d_in[i];
		*d_num_selected_out = k;
		return cudaSuccess;
	}
	template <typename InIt, typename FlagIt, typename OutIt, typename NumOutIt, typename _Np>
	static cudaError_t Flagged(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, FlagIt d_flags,
				   OutIt d_out, NumOutIt d_num_selected_out, _Np num_items, cudaStream_t stream = 0,
				   bool = false)
	{
		IDXGEN_CUB_START(stream);
		_Np k = 0;
		for (_Np i = 0; i < num_items; i++)
			if (d_flags[i])
				d_out[k++] = d_in[i];
		*d_num_selected_out = k;
		return cudaSuccess;
	}
	/* the first of each run of equal consecutive items */
	template <typename InIt, typename OutIt, typename NumOutIt, typename _Np>
	static cudaError_t Unique(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out,
				  NumOutIt d_num_selected_out, _Np num_items, cudaStream_t stream = 0, bool = false)
	{
		IDXGEN_CUB_START(stream);
		_Np k = 0;
		for (_Np i = 0; i < num_items; i++)
			if (i == 0 || !(d_in[i] == d_in[i - 1]))
				d_out[k++] = d_in[i];
		*d_num_selected_out = k;
		return cudaSuccess;
	}
};

struct DeviceHistogram {
	/* num_levels - 1 equal bins over [lower, upper); samples outside are not counted */
	template <typename SampleIt, typename CounterT, typename LevelT, typename OffsetT>
	static cudaError_t HistogramEven(void *d_temp_storage, size_t &temp_storage_bytes, SampleIt d_samples,
					 CounterT *d_histogram, int num_levels, LevelT lower_level, LevelT upper_level,
					 OffsetT num_samples, cudaStream_t stream = 0, bool = false)
	{
		IDXGEN_CUB_START(stream);
		int bins = num_levels - 1;
		detail::Chunks ch((long long)num_samples);
		/* each chunk counts into its own bins (in parallel), then the counts are added */
		std::vector<std::vector<CounterT>> part(ch.count, std::vector<CounterT>(bins > 0 ? bins : 0));
		detail::for_each_chunk(ch, [&](long long c) {
			for (long long i = ch.begin(c); i < ch.end(c); i++) {
				auto s = d_samples[i];
				if (!(s >= lower_level && s < upper_level))
					continue;
				long long b;
				if (std::is_integral<LevelT>::value)
					b = (long long)(s - lower_level) * bins / (long long)(upper_level - lower_level);
				else
					b = (long long)((double)(s - lower_level) / (double)(upper_level - lower_level) * bins);
				if (b >= 0 && b < bins)
					part[c][b]++;
			}
		});
		for (int b = 0; b < bins; b++) {
			CounterT sum = 0;
			for (long long c = 0; c < ch.count; c++)
				sum += part[c][b];
			d_histogram[b] = sum;
		}
		return cudaSuccess;
	}
};

struct DeviceSegmentedReduce {
	template <typename InIt, typename OutIt, typename BeginIt, typename EndIt, typename Op, typename _Tp>
	static cudaError_t Reduce(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out,
				  int num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets, Op op, _Tp init,
				  cudaStream_t stream = 0, bool = false)
	{
		IDXGEN_CUB_START(stream);
		for (int s = 0; s < num_segments; s++) {
			_Tp acc = init;
			for (auto i = d_begin_offsets[s]; i < d_end_offsets[s]; i++)
				acc = op(acc, d_in[i]);
			d_out[s] = acc;
		}
		return cudaSuccess;
	}
	template <typename InIt, typename OutIt, typename BeginIt, typename EndIt>
	static cudaError_t Sum(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out,
			       int num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets, cudaStream_t stream = 0,
			       bool = false)
	{
		typedef detail::out_t<OutIt, InIt> _Tp;
		return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets,
			      d_end_offsets, cub::Sum(), _Tp(), stream);
	}
	template <typename InIt, typename OutIt, typename BeginIt, typename EndIt>
	static cudaError_t Max(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out,
			       int num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets, cudaStream_t stream = 0,
			       bool = false)
	{
		typedef detail::value_t<InIt> _Tp;
		return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets,
			      d_end_offsets, cub::Max(), std::numeric_limits<_Tp>::lowest(), stream);
	}
	template <typename InIt, typename OutIt, typename BeginIt, typename EndIt>
	static cudaError_t Min(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out,
			       int num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets, cudaStream_t stream = 0,
			       bool = false)
	{
		typedef detail::value_t<InIt> _Tp;
		return Reduce(d_temp_storage, temp_storage_bytes, d_in, d_out, num_segments, d_begin_offsets,
			      d_end_offsets, cub::Min(), std::numeric_limits<_Tp>::max(), stream);
	}
};

/* runs of equal consecutive items: each run's first item and length */
struct DeviceRunLengthEncode {
	template <typename InIt, typename UniqueOutIt, typename LengthsOutIt, typename NumRunsOutIt, typename _Np>
	static cudaError_t Encode(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, UniqueOutIt d_unique_out,
				  LengthsOutIt d_counts_out, NumRunsOutIt d_num_runs_out, _Np num_items,
				  cudaStream_t stream = 0, bool = false)
	{
		IDXGEN_CUB_START(stream);
		_Np runs = 0;
		for (_Np i = 0, j; i < num_items; i = j) {
			j = detail::run_end(d_in, i, num_items, Equality());
			d_unique_out[runs] = d_in[i];
			d_counts_out[runs] = j - i;
			runs++;
		}
		*d_num_runs_out = runs;
		return cudaSuccess;
	}
	/* the runs longer than one item: their offsets and lengths */
	template <typename InIt, typename OffsetsOutIt, typename LengthsOutIt, typename NumRunsOutIt, typename _Np>
	static cudaError_t NonTrivialRuns(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in,
					  OffsetsOutIt d_offsets_out, LengthsOutIt d_lengths_out,
					  NumRunsOutIt d_num_runs_out, _Np num_items, cudaStream_t stream = 0, bool = false)
	{
		IDXGEN_CUB_START(stream);
		_Np runs = 0;
		for (_Np i = 0, j; i < num_items; i = j) {
			j = detail::run_end(d_in, i, num_items, Equality());
			if (j - i > 1) {
				d_offsets_out[runs] = i;
				d_lengths_out[runs] = j - i;
				runs++;
			}
		}
		*d_num_runs_out = runs;
		return cudaSuccess;
	}
};

/* selected items first, in order; the others after them in reverse order (as CUB) */
struct DevicePartition {
	template <typename InIt, typename OutIt, typename NumOutIt, typename Pred, typename _Np>
	static cudaError_t If(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, OutIt d_out,
			      NumOutIt d_num_selected_out, _Np num_items, Pred select_op, cudaStream_t stream = 0,
			      bool = false)
	{
		IDXGEN_CUB_START(stream);
		_Np k = 0, back = num_items;
		for (_Np i = 0; i < num_items; i++) {
			if (select_op(d_in[i]))
				d_out[k++] = d_in[i];
			else
				d_out[--back] = d_in[i];
		}
		*d_num_selected_out = k;
		return cudaSuccess;
	}
	template <typename InIt, typename FlagIt, typename OutIt, typename NumOutIt, typename _Np>
	static cudaError_t Flagged(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_in, FlagIt d_flags,
				   OutIt d_out, NumOutIt d_num_selected_out, _Np num_items, cudaStream_t stream = 0,
				   bool = false)
	{
		IDXGEN_CUB_START(stream);
		_Np k = 0, back = num_items;
		for (_Np i = 0; i < num_items; i++) {
			if (d_flags[i])
				d_out[k++] = d_in[i];
			else
				d_out[--back] = d_in[i];
		}
		*d_num_selected_out = k;
		return cudaSuccess;
	}
};

/* each segment [begin[s], end[s]) sorted on its own, as DeviceRadixSort sorts (stable, CUB's key order) */
struct DeviceSegmentedRadixSort {
	template <typename _Kp, typename _Vp, typename BeginIt, typename EndIt>
	static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, const _Kp *d_keys_in,
				     _Kp *d_keys_out, const _Vp *d_values_in, _Vp *d_values_out, int num_items,
				     int num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets, int begin_bit = 0,
				     int end_bit = sizeof(_Kp) * 8, cudaStream_t stream = 0, bool = false)
	{
		(void)num_items;
		IDXGEN_CUB_START(stream);
		for (int s = 0; s < num_segments; s++) {
			int b = (int)d_begin_offsets[s], n = (int)d_end_offsets[s] - b;
			if (n > 0)
				detail::radix_sort(d_keys_in + b, d_keys_out + b, d_values_in ? d_values_in + b : nullptr,
						   d_values_in ? d_values_out + b : nullptr, (size_t)n, begin_bit, end_bit,
						   false);
		}
		return cudaSuccess;
	}
	template <typename _Kp, typename _Vp, typename BeginIt, typename EndIt>
	static cudaError_t SortPairsDescending(void *d_temp_storage, size_t &temp_storage_bytes, const _Kp *d_keys_in,
					       _Kp *d_keys_out, const _Vp *d_values_in, _Vp *d_values_out, int num_items,
					       int num_segments, BeginIt d_begin_offsets, EndIt d_end_offsets,
					       int begin_bit = 0, int end_bit = sizeof(_Kp) * 8,
					       cudaStream_t stream = 0, bool = false)
	{
		(void)num_items;
		IDXGEN_CUB_START(stream);
		for (int s = 0; s < num_segments; s++) {
			int b = (int)d_begin_offsets[s], n = (int)d_end_offsets[s] - b;
			if (n > 0)
				detail::radix_sort(d_keys_in + b, d_keys_out + b, d_values_in + b, d_values_out + b,
						   (size_t)n, begin_bit, end_bit, true);
		}
		return cudaSuccess;
	}
	template <typename _Kp, typename BeginIt, typename EndIt>
	static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, const _Kp *d_keys_in,
				    _Kp *d_keys_out, int num_items, int num_segments, BeginIt d_begin_offsets,
				    EndIt d_end_offsets, int begin_bit = 0, int end_bit = sizeof(_Kp) * 8,
				    cudaStream_t stream = 0, bool = false)
	{
		return SortPairs(d_temp_storage, temp_storage_bytes, d_keys_in, d_keys_out, (const char *)nullptr,
				 (char *)nullptr, num_items, num_segments, d_begin_offsets, d_end_offsets, begin_bit,
				 end_bit, stream);
	}
	template <typename _Kp, typename BeginIt, typename EndIt>
	static cudaError_t SortKeysDescending(void *d_temp_storage, size_t &temp_storage_bytes, const _Kp *d_keys_in,
					      _Kp *d_keys_out, int num_items, int num_segments, BeginIt d_begin_offsets,
					      EndIt d_end_offsets, int begin_bit = 0, int end_bit = sizeof(_Kp) * 8,
					      cudaStream_t stream = 0, bool = false)
	{
		(void)num_items;
		IDXGEN_CUB_START(stream);
		for (int s = 0; s < num_segments; s++) {
			int b = (int)d_begin_offsets[s], n = (int)d_end_offsets[s] - b;
			if (n > 0)
				detail::radix_sort(d_keys_in + b, d_keys_out + b, (const char *)nullptr, (char *)nullptr,
						   (size_t)n, begin_bit, end_bit, true);
		}
		return cudaSuccess;
	}
};

/*
 * Adjacent differences: SubtractLeft writes op(in[i], in[i - 1]) and
 * SubtractRight op(in[i], in[i + 1]); the item without a neighbour is
 * copied.  The in-place forms run in the order that reads each item
 * before it is overwritten.
 */
struct DeviceAdjacentDifference {
	template <typename InIt, typename OutIt, typename Op = Difference, typename _Np = uint32_t>
	static cudaError_t SubtractLeftCopy(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_input,
					    OutIt d_output, _Np num_items, Op difference_op = Op(),
					    cudaStream_t stream = 0)
	{
		IDXGEN_CUB_START(stream);
		for (_Np i = num_items; i > 1; i--)
			d_output[i - 1] = difference_op(d_input[i - 1], d_input[i - 2]);
		if (num_items > 0)
			d_output[0] = d_input[0];
		return cudaSuccess;
	}
	template <typename It, typename Op = Difference, typename _Np = uint32_t>
	static cudaError_t SubtractLeft(void *d_temp_storage, size_t &temp_storage_bytes, It d_input, _Np num_items,
					Op difference_op = Op(), cudaStream_t stream = 0)
	{
		return SubtractLeftCopy(d_temp_storage, temp_storage_bytes, d_input, d_input, num_items,
					difference_op, stream);
	}
	template <typename InIt, typename OutIt, typename Op = Difference, typename _Np = uint32_t>
	static cudaError_t SubtractRightCopy(void *d_temp_storage, size_t &temp_storage_bytes, InIt d_input,
					     OutIt d_output, _Np num_items, Op difference_op = Op(),
					     cudaStream_t stream = 0)
	{
		IDXGEN_CUB_START(stream);
		for (_Np i = 0; i + 1 < num_items; i++)
			d_output[i] = difference_op(d_input[i], d_input[i + 1]);
		if (num_items > 0)
			d_output[num_items - 1] = d_input[num_items - 1];
		return cudaSuccess;
	}
	template <typename It, typename Op = Difference, typename _Np = uint32_t>
	static cudaError_t SubtractRight(void *d_temp_storage, size_t &temp_storage_bytes, It d_input, _Np num_items,
					 Op difference_op = Op(), cudaStream_t stream = 0)
	{
		return SubtractRightCopy(d_temp_storage, temp_storage_bytes, d_input, d_input, num_items,
					 difference_op, stream);
	}
};

/*
 * DeviceMergeSort: a comparison sort by the program's less-than, std::stable_sort
 * (so the unstable forms are stable too, which CUB allows).  Pairs sort a
 * permutation of the positions, then gather keys and items through it (the
 * iterators need only be readable and writable, as CUB's).
 */
struct DeviceMergeSort {
	template <typename KeyInIt, typename ItemInIt, typename KeyOutIt, typename ItemOutIt, typename _Np, typename Cmp>
	static cudaError_t SortPairsCopy(void *d_temp_storage, size_t &temp_storage_bytes, KeyInIt d_input_keys,
					 ItemInIt d_input_items, KeyOutIt d_output_keys, ItemOutIt d_output_items,
					 _Np num_items, Cmp compare_op, cudaStream_t stream = 0)
	{
		IDXGEN_CUB_START(stream);
		typedef typename std::iterator_traits<KeyInIt>::value_type _Kp;
		typedef typename std::iterator_traits<ItemInIt>::value_type _Vp;
		std::vector<size_t> order((size_t)num_items);
		std::vector<_Kp> keys(d_input_keys, d_input_keys + num_items);
		std::vector<_Vp> items(d_input_items, d_input_items + num_items);
		std::iota(order.begin(), order.end(), (size_t)0);
		std::stable_sort(order.begin(), order.end(),
				 [&](size_t a, size_t b) { return compare_op(keys[a], keys[b]); });
		for (size_t i = 0; i < order.size(); i++) {
			d_output_keys[i] = keys[order[i]];
			d_output_items[i] = items[order[i]];
		}
		return cudaSuccess;
	}
	template <typename KeyIt, typename ItemIt, typename _Np, typename Cmp>
	static cudaError_t SortPairs(void *d_temp_storage, size_t &temp_storage_bytes, KeyIt d_keys, ItemIt d_items,
				     _Np num_items, Cmp compare_op, cudaStream_t stream = 0)
	{
		return SortPairsCopy(d_temp_storage, temp_storage_bytes, d_keys, d_items, d_keys, d_items, num_items,
				     compare_op, stream);
	}
	template <typename KeyInIt, typename KeyOutIt, typename _Np, typename Cmp>
	static cudaError_t SortKeysCopy(void *d_temp_storage, size_t &temp_storage_bytes, KeyInIt d_input_keys,
					KeyOutIt d_output_keys, _Np num_items, Cmp compare_op, cudaStream_t stream = 0)
	{
		IDXGEN_CUB_START(stream);
		typedef typename std::iterator_traits<KeyInIt>::value_type _Kp;
		std::vector<_Kp> keys(d_input_keys, d_input_keys + num_items);
		std::stable_sort(keys.begin(), keys.end(), [&](const _Kp &a, const _Kp &b) { return compare_op(a, b); });
		std::copy(keys.begin(), keys.end(), d_output_keys);
		return cudaSuccess;
	}
	template <typename KeyIt, typename _Np, typename Cmp>
	static cudaError_t SortKeys(void *d_temp_storage, size_t &temp_storage_bytes, KeyIt d_keys, _Np num_items,
				    Cmp compare_op, cudaStream_t stream = 0)
	{
		return SortKeysCopy(d_temp_storage, temp_storage_bytes, d_keys, d_keys, num_items, compare_op, stream);
	}
	template <typename KeyIt, typename ItemIt, typename _Np, typename Cmp>
	static cudaError_t StableSortPairs(void *d_temp_storage, size_t &temp_storage_bytes, KeyIt d_keys,
					   ItemIt d_items, _Np num_items, Cmp compare_op, cudaStream_t stream = 0)
	{
		return SortPairs(d_temp_storage, temp_storage_bytes, d_keys, d_items, num_items, compare_op, stream);
	}
	template <typename KeyIt, typename _Np, typename Cmp>
	static cudaError_t StableSortKeys(void *d_temp_storage, size_t &temp_storage_bytes, KeyIt d_keys, _Np num_items,
					  Cmp compare_op, cudaStream_t stream = 0)
	{
		return SortKeys(d_temp_storage, temp_storage_bytes, d_keys, num_items, compare_op, stream);
	}
	template <typename KeyInIt, typename KeyOutIt, typename _Np, typename Cmp>
	static cudaError_t StableSortKeysCopy(void *d_temp_storage, size_t &temp_storage_bytes, KeyInIt d_input_keys,
					      KeyOutIt d_output_keys, _Np num_items, Cmp compare_op,
					      cudaStream_t stream = 0)
	{
		return SortKeysCopy(d_temp_storage, temp_storage_bytes, d_input_keys, d_output_keys, num_items,
				    compare_op, stream);
	}
};

#undef IDXGEN_CUB_START

} // namespace cub

#include "idxgen_collective.cuh"
#include "block/block_reduce.cuh"
#include "block/block_scan.cuh"
#include "block/block_load.cuh"
#include "block/block_store.cuh"
#include "block/block_exchange.cuh"
#include "block/block_radix_sort.cuh"
#include "warp/warp_reduce.cuh"
#include "warp/warp_scan.cuh"
#include "block/block_histogram.cuh"
#include "block/block_discontinuity.cuh"
#include "block/block_adjacent_difference.cuh"
#include "block/block_shuffle.cuh"
#include "block/block_merge_sort.cuh"
#include "block/block_run_length_decode.cuh"
#include "warp/warp_load.cuh"
#include "warp/warp_exchange.cuh"
#include "thread/thread_load.cuh"
#include "iterator/idxgen_input_iterator.cuh"
#include "iterator/counting_input_iterator.cuh"
#include "iterator/constant_input_iterator.cuh"
#include "iterator/transform_input_iterator.cuh"
#include "iterator/cache_modified_input_iterator.cuh"
#include "iterator/cache_modified_output_iterator.cuh"
#include "iterator/arg_index_input_iterator.cuh"
#include "iterator/discard_output_iterator.cuh"
