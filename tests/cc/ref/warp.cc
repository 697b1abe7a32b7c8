// SPDX-License-Identifier: MIT
/*
 * warp.cc - warp-level operations of the reference executor: a lane that
 * reaches one (warp_op) waits, like at a barrier, with its request; when no
 * fiber can run, the scheduler (ref.cc) completes every group of lanes
 * whose mask has all arrived at the same operation (same line, same mask):
 * it computes each lane's result from the lanes' values, as the CUDA
 * programming guide defines them, and lets them go on.  Misuse is an error
 * of the launch (LAUNCH_ERROR): a lane not in its own mask, a lane of the
 * mask that returned, lanes of one mask at different operations.  A
 * __shfl_sync from a lane outside the mask reads a value CUDA leaves
 * undefined: the launch stops with LAUNCH_UNDEFINED, which a differential
 * test may tell apart (that input is not comparable) from the errors.
 * Lanes that do not exist (the last, partial warp of a block) are left out
 * of every mask.
 */
#include "ref_internal.h"

#include <cstring>

namespace idxgen_ref
{

void warp_op(warp_req *q)
{
	block_run *r = running;
	fiber *f = r->cur;

	f->wreq = *q;
	f->site = q->site;
	f->state = AT_WARP;
	swapcontext(&f->uc, &r->sched);
	*q = f->wreq;
}

unsigned int active_mask()
{
	block_run *r = running;
	size_t base = (size_t)(r->cur - r->fibers.data()) / WARP * WARP;
	unsigned int m = 0;

	for (size_t i = base; i < base + WARP && i < r->fibers.size(); i++)
		if (r->fibers[i].state != EXITED)
			m |= 1u << (i - base);
	return m;
}

/* The lane whose value a shuffle gives lane i (i itself where CUDA says "own value"). */
static unsigned int shfl_source(const warp_req &q, unsigned int i)
{
	unsigned int w = q.width > 0 && (unsigned int)q.width <= WARP ? (unsigned int)q.width : WARP;
	unsigned int seg = i / w * w;
	long s;

	switch (q.kind) {
	case W_SHFL:
		s = seg + ((unsigned int)q.arg % w);
		break;
	case W_SHFL_UP:
		s = (long)i - q.arg;
		if (s < (long)seg)
			s = i;
		break;
	case W_SHFL_DOWN:
		s = (long)i + q.arg;
		if (s >= (long)(seg + w))
			s = i;
		break;
	default:	/* W_SHFL_XOR */
		s = i ^ (unsigned int)q.arg;
		if (s >= (long)(seg + w))
			s = i;
		break;
	}
	return (unsigned int)s;
}

static long long as_signed(unsigned long long v, unsigned int size)
{
	return size >= 8 ? (long long)v : (long long)(v << (64 - 8 * size)) >> (64 - 8 * size);
}

/* Results for the lanes of group (bit i: lane i of warp w, all AT_WARP at the same operation); false (*err) where
 * CUDA leaves a result undefined. */
static bool complete(block_run *r, size_t w, unsigned int group, std::string *err)
{
	fiber *lane = &r->fibers[w * WARP];
	unsigned int first = (unsigned int)__builtin_ctz(group), ballot = 0, n = 0;
	const warp_req &q0 = lane[first].wreq;
	unsigned long long acc = 0;
	bool all_eq = true;

	for (unsigned int i = 0; i < WARP; i++) {
		if (!(group >> i & 1))
			continue;
		const warp_req &q = lane[i].wreq;

		ballot |= (unsigned int)(q.val != 0) << i;
		all_eq = all_eq && q.val == q0.val;
		if (n++ == 0) {
			acc = q.val;
			continue;
		}
		switch (q0.kind) {
		case W_RED_ADD:
			acc += q.val;
			break;
		case W_RED_MIN:
			if (q0.is_signed ? as_signed(q.val, q.size) < as_signed(acc, q.size) : q.val < acc)
				acc = q.val;
			break;
		case W_RED_MAX:
			if (q0.is_signed ? as_signed(q.val, q.size) > as_signed(acc, q.size) : q.val > acc)
				acc = q.val;
			break;
		case W_RED_AND:
			acc &= q.val;
			break;
		case W_RED_OR:
			acc |= q.val;
			break;
		case W_RED_XOR:
			acc ^= q.val;
			break;
		default:
			break;
		}
	}
	for (unsigned int i = 0; i < WARP; i++) {
		if (!(group >> i & 1))
			continue;
		warp_req &q = lane[i].wreq;
		unsigned int src, m = 0;

		switch (q.kind) {
		case W_SYNC:
			q.result = 0;
			break;
		case W_SHFL:
		case W_SHFL_UP:
		case W_SHFL_DOWN:
		case W_SHFL_XOR:
			src = shfl_source(q, i);
			if (src < WARP && (group >> src & 1)) {
				q.result = lane[src].wreq.val;
			} else if (q.kind == W_SHFL) {
				*err = "__shfl_sync at line " + std::to_string(q.site) + ": lane " + std::to_string(i) +
				       " reads lane " + std::to_string(src) + ", which is not in the mask (undefined in CUDA)";
				return false;
			} else {
				q.result = q.val;	/* a lane that does not exist: own value */
			}
			break;
		case W_BALLOT:
			q.result = ballot;
			break;
		case W_ANY:
			q.result = ballot != 0;
			break;
		case W_ALL:
			q.result = ballot == group;
			break;
		case W_MATCH_ANY:
			for (unsigned int j = 0; j < WARP; j++)
				if ((group >> j & 1) && lane[j].wreq.val == q.val)
					m |= 1u << j;
			q.result = m;
			break;
		case W_MATCH_ALL:
			q.result = all_eq ? group : 0;
			q.pred = all_eq;
			break;
		default:
			q.result = acc;
			break;
		}
		lane[i].state = RUNNABLE;
	}
	return true;
}

int release_warps(block_run *r, std::string *err)
{
	int released = 0;

	for (size_t w = 0; w < r->warps; w++) {
		fiber *lane = &r->fibers[w * WARP];
		size_t nl = r->fibers.size() - w * WARP < WARP ? r->fibers.size() - w * WARP : WARP;
		unsigned int exists = nl == WARP ? ~0u : (1u << nl) - 1;

		for (size_t i = 0; i < nl; i++) {
			const fiber &f = lane[i];

			if (f.state != AT_WARP)
				continue;
			unsigned int group = f.wreq.mask & exists;
			bool ready = true;

			if (!(f.wreq.mask >> i & 1)) {
				*err = "warp operation at line " + std::to_string(f.site) + ": thread " +
				       tid_text(f.view.tid) + " (lane " + std::to_string(i) + ") is not in its mask";
				return LAUNCH_ERROR;
			}
			for (unsigned int j = 0; j < nl && ready; j++) {
				if (!(group >> j & 1))
					continue;
				const fiber &g = lane[j];

				if (g.state == EXITED) {
					*err = "warp operation at line " + std::to_string(f.site) + ": lane " +
					       std::to_string(j) + " of the mask has returned";
					return LAUNCH_ERROR;
				}
				if (g.state == AT_WARP && (g.site != f.site || g.wreq.mask != f.wreq.mask ||
							   g.wreq.kind != f.wreq.kind)) {
					*err = "warp operations of one mask at lines " + std::to_string(f.site) +
					       " and " + std::to_string(g.site);
					return LAUNCH_ERROR;
				}
				ready = g.state == AT_WARP;
			}
			if (!ready)
				continue;
			if (!complete(r, w, group, err))
				return LAUNCH_UNDEFINED;
			released++;
		}
	}
	return released;
}

} /* namespace idxgen_ref */
