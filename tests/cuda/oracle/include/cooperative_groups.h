/* Test oracle only: the cooperative-groups subset the corpus uses, on the
 * oracle's warp collectives (see cuda_runtime.h). */
#ifndef CC_ORACLE_COOPERATIVE_GROUPS_H
#define CC_ORACLE_COOPERATIVE_GROUPS_H
#include "cuda_runtime.h"

namespace cooperative_groups {

class thread_block {
public:
	void sync() const { __syncthreads(); }
	unsigned thread_rank() const { return __cc_linear_tid(); }
	unsigned size() const { return blockDim.x * blockDim.y * blockDim.z; }
	unsigned num_threads() const { return size(); }
	dim3 group_index() const { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
	dim3 thread_index() const { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
	dim3 dim_threads() const { return blockDim; }
	dim3 group_dim() const { return blockDim; }
};
static inline thread_block this_thread_block() { return thread_block(); }

/* Lanes of the tile of n (a power of two up to 32) that holds this thread. */
static inline unsigned __cc_tile_mask(unsigned n)
{
	if (n >= 32)
		return 0xffffffffu;
	return ((1u << n) - 1) << (__cc_lane() / n * n);
}

class thread_group {
public:
	explicit thread_group(unsigned n) : n_(n) {}
	thread_group(const thread_block &) : n_(0) {}
	void sync() const
	{
		if (n_ == 0)
			__syncthreads();
		else
			__syncwarp(__cc_tile_mask(n_));
	}
	unsigned thread_rank() const { return n_ == 0 ? __cc_linear_tid() : __cc_linear_tid() % n_; }
	unsigned size() const { return n_ == 0 ? blockDim.x * blockDim.y * blockDim.z : n_; }
	unsigned num_threads() const { return size(); }

private:
	unsigned n_; /* 0: the whole block */
};

template <unsigned N> class thread_block_tile {
	static_assert(N >= 1 && N <= 32 && (N & (N - 1)) == 0, "tile size: a power of two up to 32");

public:
	unsigned __mask() const { return __cc_tile_mask(N); }
	void sync() const { __syncwarp(__mask()); }
	unsigned thread_rank() const { return __cc_linear_tid() % N; }
	unsigned size() const { return N; }
	unsigned num_threads() const { return N; }
	unsigned meta_group_rank() const { return __cc_linear_tid() / N; }
	unsigned meta_group_size() const { return (blockDim.x * blockDim.y * blockDim.z + N - 1) / N; }
	template <class T> T shfl(T v, int src) const { return __shfl_sync(__mask(), v, src, N); }
	template <class T> T shfl_down(T v, unsigned d) const { return __shfl_down_sync(__mask(), v, d, N); }
	template <class T> T shfl_up(T v, unsigned d) const { return __shfl_up_sync(__mask(), v, d, N); }
	template <class T> T shfl_xor(T v, int m) const { return __shfl_xor_sync(__mask(), v, m, N); }
	unsigned ballot(int pred) const
	{
		unsigned b = __ballot_sync(__mask(), pred);
		return N == 32 ? b : (b >> (__cc_lane() / N * N)) & ((1u << N) - 1);
	}
	int any(int pred) const { return ballot(pred) != 0; }
	int all(int pred) const { return __all_sync(__mask(), pred); }
	operator thread_group() const { return thread_group(N); }
};

/* The lanes that called coalesced_threads() at one call site together (rt.cpp, coalesce()). */
class coalesced_group {
public:
	explicit coalesced_group(unsigned m) : m_(m) {}
	unsigned __mask() const { return m_; }
	void sync() const { __syncwarp(m_); }
	unsigned size() const { return __builtin_popcount(m_); }
	unsigned num_threads() const { return size(); }
	unsigned thread_rank() const { return __builtin_popcount(m_ & ((1u << __cc_lane()) - 1)); }
	unsigned meta_group_rank() const { return 0; }
	unsigned meta_group_size() const { return 1; }
	/* the lane of the r-th member */
	int __lane_of(unsigned r) const
	{
		unsigned m = m_;
		for (; r && m; r--)
			m &= m - 1;
		return m ? __builtin_ctz(m) : 0;
	}
	template <class T> T shfl(T v, unsigned src_rank) const { return __shfl_sync(m_, v, __lane_of(src_rank)); }
	template <class T> T shfl_down(T v, unsigned d) const
	{
		unsigned r = thread_rank() + d;
		return __shfl_sync(m_, v, r < size() ? __lane_of(r) : (int)__cc_lane());
	}
	template <class T> T shfl_up(T v, unsigned d) const
	{
		unsigned r = thread_rank();
		return __shfl_sync(m_, v, r >= d ? __lane_of(r - d) : (int)__cc_lane());
	}
	unsigned ballot(int pred) const
	{
		unsigned b = __ballot_sync(m_, pred), r = 0, k = 0;
		for (unsigned l = 0; l < 32; l++)
			if ((m_ >> l) & 1)
				r |= ((b >> l) & 1u) << k++;
		return r;
	}
	int any(int pred) const { return __ballot_sync(m_, pred) != 0; }
	int all(int pred) const { return (__ballot_sync(m_, pred) & m_) == m_; }

private:
	unsigned m_;
};
static inline coalesced_group coalesced_threads(const char *file = __builtin_FILE(),
						unsigned site = __builtin_LINE() * 4096u + __CC_SITE_COL)
{
	return coalesced_group(__cc_coalesced(file, site));
}

template <unsigned N, class Parent> thread_block_tile<N> tiled_partition(const Parent &)
{
	return thread_block_tile<N>();
}
static inline thread_group tiled_partition(const thread_block &, unsigned n) { return thread_group(n); }
template <class G> void sync(const G &g) { g.sync(); }

} // namespace cooperative_groups

#endif
