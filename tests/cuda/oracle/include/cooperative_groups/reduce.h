/* Test oracle only: cg::reduce and its operators, folded in lane order. */
#ifndef CC_ORACLE_CG_REDUCE_H
#define CC_ORACLE_CG_REDUCE_H
#include "../cooperative_groups.h"

namespace cooperative_groups {

template <class T> struct plus { T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { T operator()(T a, T b) const { return b < a ? b : a; } };
template <class T> struct greater { T operator()(T a, T b) const { return a < b ? b : a; } };
template <class T> struct bit_and { T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { T operator()(T a, T b) const { return a | b; } };
template <class T> struct bit_xor { T operator()(T a, T b) const { return a ^ b; } };

template <unsigned N, class T, class Op> T reduce(const thread_block_tile<N> &t, T v, Op op)
{
	uint64_t all[32];
	unsigned got = __cc_collective(t.__mask(), __cc_bits(v), all);
	bool first = true;
	T r = v;
	for (int l = 0; l < 32; l++)
		if ((got >> l) & 1) {
			T x = __cc_from<T>(all[l]);
			r = first ? x : op(r, x);
			first = false;
		}
	return r;
}

} // namespace cooperative_groups
#endif
