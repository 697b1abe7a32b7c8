// SPDX-License-Identifier: MIT
/*
 * selftest.cc - the reference executor checked on kernels with closed-form
 * results (selftest.cu): index mapping of 3-D grids and blocks, a barrier
 * that a no-op would break in either resume order, a barrier in a uniform
 * loop, __syncthreads_count/and/or after early returns, the divergent
 * barrier diagnostic; warp operations (selftest_warp.cu): shuffles,
 * votes, match, reductions on the warps of a 3-D block, half a warp under
 * its own mask, a returned lane of a mask reported (LAUNCH_ERROR), a
 * __shfl_sync from a lane that does not exist reported as undefined
 * (LAUNCH_UNDEFINED).  TAP.
 */
#include "idxgen_ref.h"

#include "selftest.cu"
#include "selftest_warp.cu"

#include <vector>

#include "tap.h"

using idxgen_ref::launch_opts;

static const char *order_name(idxgen_ref::order o)
{
	return o == idxgen_ref::ORDER_FORWARD ? "forward" : o == idxgen_ref::ORDER_REVERSE ? "reverse" : "shuffled";
}

static void t_indices(launch_opts o)
{
	dim3 g = { 3, 2, 2 }, b = { 5, 3, 2 };
	unsigned int n = 3 * 2 * 2 * 5 * 3 * 2, sum = 0, bad = 0;
	std::vector<unsigned int> out(n, 0);
	std::string err;
	int rc = idxgen_ref::launch(g, b, [&] { indices(out.data(), &sum); }, o, &err);

	for (unsigned int i = 0; i < n; i++)
		bad += out[i] != i + 1;
	tap_ok(!rc && !bad && sum == n * (n - 1) / 2, "indices: 3x2x2 grid of 5x3x2 blocks, %s (%u wrong, sum %u)",
	       order_name(o.order), bad, sum);
}

static void t_neighbours(launch_opts o)
{
	unsigned int bs = 37, nb = 3, bad = 0;
	std::vector<int> out(bs * nb);
	std::string err;
	int rc = 0;

	for (int gen = 1; gen <= 2; gen++) {
		rc |= idxgen_ref::launch({ nb, 1, 1 }, { bs, 1, 1 }, [&] { neighbours(out.data(), gen); }, o, &err);
		for (unsigned int i = 0; i < bs * nb; i++) {
			int t = (int)(i % bs), want = 2 * gen * 1000 + (t + 1) % (int)bs + (t + (int)bs - 1) % (int)bs;

			bad += out[i] != want;
		}
	}
	tap_ok(!rc && !bad, "barrier: neighbours' slots read after the barrier, %s (%u wrong)", order_name(o.order),
	       bad);
}

static void t_tree(launch_opts o)
{
	unsigned int bs = 128, nb = 4, bad = 0;
	std::vector<int> in(bs * nb), out(nb);
	std::string err;
	int rc;

	for (unsigned int i = 0; i < bs * nb; i++)
		in[i] = (int)(i * 7 % 101);
	rc = idxgen_ref::launch({ nb, 1, 1 }, { bs, 1, 1 }, [&] { tree_sum(in.data(), out.data()); }, o, &err);
	for (unsigned int b = 0; b < nb; b++) {
		int s = 0;

		for (unsigned int i = 0; i < bs; i++)
			s += in[b * bs + i];
		bad += out[b] != s;
	}
	tap_ok(!rc && !bad, "tree sum: barrier in a uniform loop, %s (%u blocks wrong)", order_name(o.order), bad);
}

static void t_counts(launch_opts o)
{
	dim3 b = { 4, 3, 2 };
	int live = 19, bad = 0;
	std::vector<int> out(24, -1);
	std::string err;
	int rc = idxgen_ref::launch({ 1, 1, 1 }, b, [&] { counts(out.data(), live); }, o, &err);

	for (int t = 0; t < 24; t++)
		bad += out[t] != (t < live ? (live + 1) / 2 * 1000 + 100 + 10 + 0 : -1);
	tap_ok(!rc && !bad, "__syncthreads_count/and/or over the %d threads left after early returns, %s (%d wrong)",
	       live, order_name(o.order), bad);
}

static void t_divergent(launch_opts o)
{
	std::vector<int> out(8);
	std::string err;
	int rc = idxgen_ref::launch({ 1, 1, 1 }, { 8, 1, 1 }, [&] { divergent(out.data()); }, o, &err);

	tap_ok(rc == idxgen_ref::LAUNCH_ERROR && err.find("divergent barrier") != std::string::npos,
	       "divergent barriers reported, %s: %s", order_name(o.order), err.c_str());
}

/* Expected warp_ops results for linear thread t of a block of nt threads (full warps). */
static unsigned int want_warp(unsigned int t, unsigned int k)
{
	unsigned int lane = t % 32, base = t - lane, b = 0, sum = 0, scan = 0;

	for (unsigned int i = 0; i < 32; i++) {
		sum += base + i;
		scan += i <= lane ? base + i : 0;
		b |= (i % 3 == 0) << i;
	}
	switch (k) {
	case 0: return sum;
	case 1: return lane == 0 ? sum : 0;
	case 2: return scan;
	case 3: return b;
	case 4: return 110;
	case 5: return 0xfu << (lane / 4 * 4);
	case 6: return 496;
	case 7: return (unsigned int)-5;
	case 8: return 93;
	default: return lane / 8 * 8 + 3;
	}
}

static void t_warp(launch_opts o)
{
	dim3 b = { 16, 4, 2 };	/* 128 threads: 4 warps across y and z rows */
	std::vector<unsigned int> out(128 * 10);
	std::string err;
	int rc = idxgen_ref::launch({ 1, 1, 1 }, b, [&] { warp_ops(out.data()); }, o, &err);
	unsigned int bad = 0;

	for (unsigned int t = 0; t < 128; t++)
		for (unsigned int k = 0; k < 10; k++)
			bad += out[t * 10 + k] != want_warp(t, k);
	tap_ok(!rc && !bad, "warps of a 16x4x2 block: shfl xor/down/up/width, ballot, any/all, match_any, reduce, %s "
	       "(%u wrong) %s", order_name(o.order), bad, err.c_str());
}

static void t_half_warp(launch_opts o)
{
	std::vector<unsigned int> out(48);
	std::string err;
	int rc = idxgen_ref::launch({ 1, 1, 1 }, { 48, 1, 1 }, [&] { half_warp(out.data()); }, o, &err);
	unsigned int bad = 0;

	for (unsigned int t = 0; t < 48; t++)
		bad += out[t] != (t % 32 < 16 ? (15 - t % 32) * 10 : t % 32 * 10);
	tap_ok(!rc && !bad, "half a warp under its own mask, a partial second warp, %s (%u wrong) %s",
	       order_name(o.order), bad, err.c_str());
}

static void t_lost_lane(launch_opts o)
{
	std::vector<unsigned int> out(32);
	std::string err;
	int rc = idxgen_ref::launch({ 1, 1, 1 }, { 32, 1, 1 }, [&] { lost_lane(out.data()); }, o, &err);

	tap_ok(rc == idxgen_ref::LAUNCH_ERROR && err.find("lane 5 of the mask has returned") != std::string::npos,
	       "a returned lane of a shuffle's mask reported as an error, %s: %s", order_name(o.order), err.c_str());
}

static void t_absent_lane(launch_opts o)
{
	std::vector<unsigned int> out(40);
	std::string err;
	int rc = idxgen_ref::launch({ 1, 1, 1 }, { 40, 1, 1 }, [&] { absent_lane(out.data()); }, o, &err);

	tap_ok(rc == idxgen_ref::LAUNCH_UNDEFINED && err.find("lane 0 reads lane 13, which is not in the mask") !=
							       std::string::npos,
	       "a __shfl_sync from a lane that does not exist reported as undefined (rc %d), %s: %s", rc,
	       order_name(o.order), err.c_str());
}

int main()
{
	for (idxgen_ref::order ord : { idxgen_ref::ORDER_FORWARD, idxgen_ref::ORDER_REVERSE, idxgen_ref::ORDER_SHUFFLE }) {
		launch_opts o = { ord, 7, 0 };

		t_indices(o);
		t_neighbours(o);
		t_tree(o);
		t_counts(o);
		t_divergent(o);
		t_warp(o);
		t_half_warp(o);
		t_lost_lane(o);
		t_absent_lane(o);
	}
	return tap_done();
}
