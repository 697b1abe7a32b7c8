// SPDX-License-Identifier: MIT
/*
 * ref_warp.cc - the warp kernels of warp_ops.cu as idxgen-cc translated them
 * (C, run by the SPMD runtime under every schedule order and 1/2 workers)
 * against the reference executor (tests/cc/ref: every CUDA thread a fiber,
 * the lanes of a warp in lock step at warp operations), which runs the
 * same source untouched.  Block shapes of 1-D/2-D/3-D, sizes not multiples
 * of 32.  Where the executor says a launch is undefined in CUDA
 * (LAUNCH_UNDEFINED: a __shfl_sync reading a lane outside its mask, such as
 * one past the end of a partial warp), that shape is not compared: a "# "
 * line says which and why, and the count says how many.  Any other error
 * of the executor fails the kernel (a planted kernel, warp_sum_lost_lane,
 * checks that).  TAP.
 */
#include "idxgen_ref.h"
#include "warp_ops.cu"

/*
 * Only for the reference executor (g++, never translated): warp_sum, but in
 * 3-D blocks lane 5 of each warp returns before the shuffles of a full
 * mask: an error of the launch (LAUNCH_ERROR), not an undefined result.
 * Its other shapes give warp_sum's results.  The comparison must fail.
 */
__global__ void warp_sum_lost_lane(const int *in, int *out)
{
	if (blockDim.z > 1 && LINEAR_ID % 32 == 5)
		return;
	warp_sum(in, out);
}

#include <cstring>
#include <string>
#include <vector>
#include <idxgen.h>
#include <idxgen_rt.h>
#include "tap.h"

extern "C" const struct idxgen_rt_kernel idxgen_cc_kernel_shfl_all, idxgen_cc_kernel_votes,
	idxgen_cc_kernel_match_reduce, idxgen_cc_kernel_warp_sum, idxgen_cc_kernel_early_return,
	idxgen_cc_kernel_inlined, idxgen_cc_kernel_predicated, idxgen_cc_kernel_predicated2,
	idxgen_cc_kernel_helper_self, idxgen_cc_kernel_block_sum2, idxgen_cc_kernel_block_sum2_load;

namespace
{

struct shape {
	unsigned bx, by, bz, gx, gy;
};

const shape shapes[] = {
	{ 37, 1, 1, 3, 1 }, { 96, 1, 1, 2, 1 }, { 7, 5, 1, 2, 2 }, { 5, 3, 3, 3, 1 },
	{ 13, 4, 2, 2, 1 }, { 33, 1, 1, 1, 1 }, { 16, 16, 1, 2, 1 }, { 128, 1, 1, 2, 1 },
};

const idxgen_rt_schedule orders[] = {
	{ IDXGEN_SCHED_SEQUENTIAL, { 0, 0, 0, 0 } }, { IDXGEN_SCHED_STRIDED, { 4, 1, 0, 0 } },
	{ IDXGEN_SCHED_STRIDED, { 2, 8, 0, 0 } },    { IDXGEN_SCHED_ZIGZAG, { 0, 0, 0, 0 } },
	{ IDXGEN_SCHED_TILED, { 0, 0, 4, 2 } },      { IDXGEN_SCHED_HILBERT, { 0, 0, 0, 0 } },
};

/* One kernel: how many output words per thread, how to call it both ways. */
struct kcase {
	const char *name;
	const idxgen_rt_kernel *k;
	unsigned words;
	int src, width;	/* shfl_all's */
	bool one_row;	/* compared in 1-D blocks only (its lanes are threadIdx.x's) */
};

void tap(bool ok, const std::string &m)
{
	tap_ok(ok, "%s", m.c_str());
}

/* Run on the reference executor: idxgen_ref::LAUNCH_OK, _UNDEFINED or _ERROR (*err). */
int run_ref(const kcase &c, const shape &s, int *in, unsigned *out, int n, std::string *err)
{
	dim3 g = { s.gx, s.gy, 1 }, b = { s.bx, s.by, s.bz };
	idxgen_ref::launch_opts o = { idxgen_ref::ORDER_FORWARD, 1, 0 };
	std::string name = c.name;
	const int *cin = in;

	return idxgen_ref::launch(g, b, [&] {
		if (name == "shfl_all")
			shfl_all(cin, (int *)out, c.src, c.width);
		else if (name == "votes")
			votes(cin, out);
		else if (name == "match_reduce")
			match_reduce(cin, out);
		else if (name == "warp_sum")
			warp_sum(cin, (int *)out);
		else if (name == "warp_sum_lost_lane")
			warp_sum_lost_lane(cin, (int *)out);
		else if (name == "inlined")
			inlined(cin, (int *)out);
		else if (name == "predicated")
			predicated(cin, out);
		else if (name == "predicated2")
			predicated2(cin, out);
		else if (name == "helper_self")
			helper_self(cin, (int *)out);
		else if (name == "block_sum2")
			block_sum2(cin, (int *)out);
		else if (name == "block_sum2_load")
			block_sum2_load(cin, (int *)out);
		else
			early_return(cin, out, n);
	}, o, err);
}

int run_rt(idxgen_rt *rt, const kcase &c, const shape &s, const idxgen_rt_schedule &o, int *in, unsigned *out,
	   int n)
{
	int src = c.src, width = c.width;
	void *a4[] = { &in, &out, &src, &width }, *a2[] = { &in, &out }, *a3[] = { &in, &out, &n };
	void *const *args = !strcmp(c.name, "shfl_all") ? a4 : !strcmp(c.name, "early_return") ? a3 : a2;
	idxgen_rt_launch_opts opts = {};
	idxgen_rt_launch_info info;

	opts.schedule = o;
	return idxgen_rt_launch_ex(rt, c.k, IDXGEN_RT_DIM3(s.gx, s.gy, 1), IDXGEN_RT_DIM3(s.bx, s.by, s.bz), args,
				   &opts, &info);
}

/* One kernel on every shape: the reference, then the translated kernel under every order and 1/2 workers. */
struct counts {
	int compared, undefined, ref_errors, wrong, errors;
};

counts compare(idxgen_rt *const rt[2], const kcase &c, const std::string &label)
{
	counts k = {};

	for (const shape &s : shapes) {
		unsigned n = s.bx * s.by * s.bz * s.gx * s.gy;
		std::vector<int> in(n);
		std::vector<unsigned> want(c.words * n), got(c.words * n);
		std::string err, where = label + ": block " + std::to_string(s.bx) + "x" + std::to_string(s.by) + "x" +
					 std::to_string(s.bz) + ", grid " + std::to_string(s.gx) + "x" + std::to_string(s.gy);

		for (unsigned i = 0; i < n; i++)
			in[i] = (int)((i * 37u + 11u) % 100u);
		if (c.one_row && s.by * s.bz > 1) {
			k.undefined++;
			printf("# %s: not compared: lanes and warps of threadIdx.x, so CUDA's stores race in a block of "
			       "several rows\n", where.c_str());
			continue;
		}
		memset(want.data(), 0xab, want.size() * 4);
		int rc = run_ref(c, s, in.data(), want.data(), (int)n - 5, &err);
		if (rc == idxgen_ref::LAUNCH_UNDEFINED) {
			k.undefined++;
			printf("# %s: not compared: %s\n", where.c_str(), err.c_str());
			continue;
		}
		if (rc != idxgen_ref::LAUNCH_OK) {
			k.ref_errors++;
			printf("# %s: the reference executor failed (rc %d): %s\n", where.c_str(), rc, err.c_str());
			continue;
		}
		for (const idxgen_rt_schedule &o : orders)
			for (int w = 0; w < 2; w++) {
				memset(got.data(), 0xab, got.size() * 4);
				k.errors += run_rt(rt[w], c, s, o, in.data(), got.data(), (int)n - 5) != 0;
				k.wrong += got != want;
				k.compared++;
			}
	}
	return k;
}

bool passes(const counts &k)
{
	return !k.wrong && !k.errors && !k.ref_errors && k.compared;
}

} /* namespace */

int main()
{
	const kcase cases[] = {
		{ "shfl_all", &idxgen_cc_kernel_shfl_all, 4, 13, 32, false },
		{ "shfl_all", &idxgen_cc_kernel_shfl_all, 4, 6, 8, false },
		{ "votes", &idxgen_cc_kernel_votes, 6, 0, 0, false },
		{ "match_reduce", &idxgen_cc_kernel_match_reduce, 6, 0, 0, false },
		{ "warp_sum", &idxgen_cc_kernel_warp_sum, 1, 0, 0, false },
		{ "early_return", &idxgen_cc_kernel_early_return, 2, 0, 0, false },
		{ "inlined", &idxgen_cc_kernel_inlined, 1, 0, 0, false },
		{ "predicated", &idxgen_cc_kernel_predicated, 2, 0, 0, false },
		{ "predicated2", &idxgen_cc_kernel_predicated2, 2, 0, 0, false },
		{ "helper_self", &idxgen_cc_kernel_helper_self, 2, 0, 0, false },
		{ "block_sum2", &idxgen_cc_kernel_block_sum2, 1, 0, 0, true },
		{ "block_sum2_load", &idxgen_cc_kernel_block_sum2_load, 1, 0, 0, true },
	};
	idxgen_rt *rt[2];
	idxgen_rt_options ro = {};

	ro.num_threads = 1;
	if (idxgen_rt_create(&ro, &rt[0]))
		return 1;
	ro.num_threads = 2;
	if (idxgen_rt_create(&ro, &rt[1]))
		return 1;
	for (const kcase &c : cases) {
		std::string label = std::string(c.name) + (c.width ? " (width " + std::to_string(c.width) + ")" : "");
		counts k = compare(rt, c, label);

		tap(passes(k), label + ": translated == reference executor, " + std::to_string(k.compared) +
				       " runs (shapes x 6 orders x 1/2 workers), " + std::to_string(k.wrong) + " differ, " +
				       std::to_string(k.errors) + " launch errors; " + std::to_string(k.undefined) +
				       " shapes undefined in CUDA not compared, " + std::to_string(k.ref_errors) +
				       " reference errors");
	}

	/* the planted kernel: its 3-D shapes are a reference error, which must fail it, not drop them */
	const kcase lost = { "warp_sum_lost_lane", &idxgen_cc_kernel_warp_sum, 1, 0, 0, false };
	counts k = compare(rt, lost, "planted warp_sum_lost_lane");
	tap(!passes(k) && k.ref_errors == 2 && !k.undefined && k.compared == 6 * 12 && !k.wrong,
	    "a reference error other than undefined fails a kernel (planted: a returned lane in a full mask in the 2 "
	    "3-D shapes): " + std::to_string(k.ref_errors) + " reference errors, " + std::to_string(k.undefined) +
		    " undefined, " + std::to_string(k.compared) + " runs compared, " + std::to_string(k.wrong) +
		    " differ; the comparison " + (passes(k) ? "passes" : "fails"));
	idxgen_rt_destroy(rt[0]);
	idxgen_rt_destroy(rt[1]);
	return tap_done();
}
