// SPDX-License-Identifier: MIT
/*
 * ref_warp.cc - the warp kernels of warp_ops.cu as idxgen-cc translated them
 * (C, run by the SPMD runtime under every schedule order and 1/2 workers)
 * against the reference executor (tests/cc/ref: every CUDA thread a fiber,
 * the lanes of a warp in lock step at warp operations), which runs the
 * same source untouched.  Block shapes of 1-D/2-D/3-D, sizes not multiples
 * of 32.  Where the executor rejects a launch (a shuffle reading a lane
 * that does not exist: undefined in CUDA), that shape is not compared and
 * the count says so.  TAP.
 */
#include "idxgen_ref.h"
#include "warp_ops.cu"

#include <cstring>
#include <string>
#include <vector>
#include <idxgen.h>
#include <idxgen_rt.h>

extern "C" const struct idxgen_rt_kernel idxgen_cc_kernel_shfl_all, idxgen_cc_kernel_votes,
	idxgen_cc_kernel_match_reduce, idxgen_cc_kernel_warp_sum, idxgen_cc_kernel_early_return,
	idxgen_cc_kernel_inlined, idxgen_cc_kernel_predicated, idxgen_cc_kernel_predicated2;

namespace
{

struct shape {
	unsigned bx, by, bz, gx, gy;
};

const shape shapes[] = {
	{ 37, 1, 1, 3, 1 }, { 96, 1, 1, 2, 1 }, { 7, 5, 1, 2, 2 }, { 5, 3, 3, 3, 1 },
	{ 13, 4, 2, 2, 1 }, { 33, 1, 1, 1, 1 }, { 16, 16, 1, 2, 1 },
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
};

int ntests, nfailed;

void tap(bool ok, const std::string &m)
{
	ntests++;
	nfailed += !ok;
	printf("%s %d - %s\n", ok ? "ok" : "not ok", ntests, m.c_str());
}

/* Run on the reference executor; false if it rejects the launch. */
bool run_ref(const kcase &c, const shape &s, int *in, unsigned *out, int n, std::string *err)
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
		else if (name == "inlined")
			inlined(cin, (int *)out);
		else if (name == "predicated")
			predicated(cin, out);
		else if (name == "predicated2")
			predicated2(cin, out);
		else
			early_return(cin, out, n);
	}, o, err) == 0;
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

} /* namespace */

int main()
{
	const kcase cases[] = {
		{ "shfl_all", &idxgen_cc_kernel_shfl_all, 4, 13, 32 },
		{ "shfl_all", &idxgen_cc_kernel_shfl_all, 4, 6, 8 },
		{ "votes", &idxgen_cc_kernel_votes, 6, 0, 0 },
		{ "match_reduce", &idxgen_cc_kernel_match_reduce, 6, 0, 0 },
		{ "warp_sum", &idxgen_cc_kernel_warp_sum, 1, 0, 0 },
		{ "early_return", &idxgen_cc_kernel_early_return, 2, 0, 0 },
		{ "inlined", &idxgen_cc_kernel_inlined, 1, 0, 0 },
		{ "predicated", &idxgen_cc_kernel_predicated, 2, 0, 0 },
		{ "predicated2", &idxgen_cc_kernel_predicated2, 2, 0, 0 },
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
		int compared = 0, undefined = 0, wrong = 0, errors = 0;

		for (const shape &s : shapes) {
			unsigned n = s.bx * s.by * s.bz * s.gx * s.gy;
			std::vector<int> in(n);
			std::vector<unsigned> want(c.words * n), got(c.words * n);
			std::string err;

			for (unsigned i = 0; i < n; i++)
				in[i] = (int)((i * 37u + 11u) % 100u);
			memset(want.data(), 0xab, want.size() * 4);
			if (!run_ref(c, s, in.data(), want.data(), (int)n - 5, &err)) {
				if (!undefined++)
					printf("# %s: the executor: %s\n", c.name, err.c_str());
				continue;
			}
			for (const idxgen_rt_schedule &o : orders)
				for (int w = 0; w < 2; w++) {
					memset(got.data(), 0xab, got.size() * 4);
					errors += run_rt(rt[w], c, s, o, in.data(), got.data(), (int)n - 5) != 0;
					wrong += got != want;
					compared++;
				}
		}
		tap(!wrong && !errors && compared,
		    std::string(c.name) + (c.width ? " (width " + std::to_string(c.width) + ")" : "") +
			    ": translated == reference executor, " + std::to_string(compared) +
			    " runs (shapes x 6 orders x 1/2 workers), " + std::to_string(wrong) + " differ, " +
			    std::to_string(errors) + " launch errors; " + std::to_string(undefined) +
			    " shapes undefined in CUDA (the executor rejects them) not compared");
	}
	idxgen_rt_destroy(rt[0]);
	idxgen_rt_destroy(rt[1]);
	printf("1..%d\n# %d passed, %d failed\n", ntests, ntests - nfailed, nfailed);
	return nfailed != 0;
}
