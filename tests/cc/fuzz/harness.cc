// SPDX-License-Identifier: MIT
/*
 * harness.cc - runs each kernel of a fuzz batch (harness.h's table) on the
 * reference executor, in forward and in reverse fiber order (they must
 * agree, else the kernel is invalid: a generator bug, not a translator
 * bug), and its translation on the SPMD runtime with 1 and 2 workers, each
 * in sequential order and in the kernel's other schedule; every result must
 * equal the reference's: out[] and atom[] word for word, uout[] (atomic
 * tickets) as a sorted multiset.  Prints one line per kernel:
 *
 *   pass NAME | invalid NAME: why | wrong NAME: how
 *
 * (after "run NAME ref" and "run NAME rt" lines saying which side runs now,
 * so that a driver that had to kill a hung harness knows where it hung)
 * and a closing "# compared N wrong N invalid N".  Exit 1 if any is wrong.
 *   harness [NAME...]     only those kernels
 */
#include <idxgen.h>
#include <idxgen_rt.h>

#include "idxgen_ref.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "harness.h"

namespace
{

struct result {
	std::vector<unsigned int> out, uout, atom;
	std::string err;
};

const unsigned int atom_init[FUZZ_NATOM] = { 0, 0xffffffffu, 0, 0xffffffffu, 0, 0, 0, 0 };

unsigned int mix(unsigned int x)
{
	x ^= x >> 16;
	x *= 0x7feb352du;
	x ^= x >> 15;
	x *= 0x846ca68bu;
	return x ^ (x >> 16);
}

struct instance {
	const fuzz_kernel *k;
	size_t threads;
	std::vector<unsigned int> in;

	explicit instance(const fuzz_kernel *kk) : k(kk)
	{
		threads = (size_t)k->grid[0] * k->grid[1] * k->grid[2] * k->block[0] * k->block[1] * k->block[2];
		unsigned int h = 2166136261u;

		for (const char *p = k->name; *p; p++)
			h = (h ^ (unsigned char)*p) * 16777619u;
		in.resize((size_t)k->n);
		for (size_t i = 0; i < in.size(); i++)
			in[i] = mix(h + (unsigned int)i) >> (i % 5 * 7);	/* some small values too */
	}

	result fresh() const
	{
		result r;

		r.out.assign(threads * k->os, 0);
		r.uout.assign(threads * k->us, 0);
		r.atom.assign(atom_init, atom_init + FUZZ_NATOM);
		return r;
	}

	fuzz_args args(result &r) const
	{
		return fuzz_args{ r.out.data(), r.uout.data(), r.atom.data(), in.data(), k->n };
	}
};

result run_ref(const instance &in, idxgen_ref::order ord)
{
	result r = in.fresh();
	fuzz_args a = in.args(r);
	idxgen_ref::launch_opts o = { ord, 1, 0 };
	dim3 g = { in.k->grid[0], in.k->grid[1], in.k->grid[2] }, b = { in.k->block[0], in.k->block[1], in.k->block[2] };

	if (idxgen_ref::launch(g, b, [&] { in.k->ref(&a); }, o, &r.err))
		r.err = "reference: " + r.err;
	std::sort(r.uout.begin(), r.uout.end());
	return r;
}

result run_rt(const instance &in, idxgen_rt *rt, const char *sched)
{
	result r = in.fresh();
	fuzz_args a = in.args(r);
	void *args[] = { &a.out, &a.uout, &a.atom, &a.in, &a.n };
	idxgen_rt_launch_opts o;
	idxgen_rt_launch_info info;
	idxgen_schedule s;
	int rc;

	memset(&o, 0, sizeof(o));
	if (sched) {
		if (idxgen_schedule_parse(sched, &s)) {
			r.err = std::string("bad schedule ") + sched;
			return r;
		}
		o.schedule.order = s.order;
		o.schedule.params[0] = s.stride;
		o.schedule.params[1] = s.granularity;
		o.schedule.params[2] = s.tile_w;
		o.schedule.params[3] = s.tile_h;
	}
	rc = idxgen_rt_launch_ex(rt, in.k->rt, IDXGEN_RT_DIM3(in.k->grid[0], in.k->grid[1], in.k->grid[2]),
				 IDXGEN_RT_DIM3(in.k->block[0], in.k->block[1], in.k->block[2]), args, &o, &info);
	if (rc)
		r.err = std::string("launch: ") + idxgen_strerror(rc) + " " + info.error;
	std::sort(r.uout.begin(), r.uout.end());
	return r;
}

/* "" if equal, else where they first differ. */
std::string diff(const result &want, const result &got)
{
	const struct {
		const char *name;
		const std::vector<unsigned int> &w, &g;
	} arrays[] = { { "out", want.out, got.out }, { "uout (sorted)", want.uout, got.uout },
		       { "atom", want.atom, got.atom } };

	if (!got.err.empty())
		return got.err;
	for (const auto &a : arrays)
		for (size_t i = 0; i < a.w.size(); i++)
			if (a.w[i] != a.g[i]) {
				size_t bad = 0;

				for (size_t j = i; j < a.w.size(); j++)
					bad += a.w[j] != a.g[j];
				return std::string(a.name) + "[" + std::to_string(i) + "] = " + std::to_string(a.g[i]) +
				       ", reference " + std::to_string(a.w[i]) + " (" + std::to_string(bad) +
				       " words differ)";
			}
	return "";
}

} /* namespace */

int main(int argc, char **argv)
{
	idxgen_rt *rts[2] = { nullptr, nullptr };
	unsigned int compared = 0, wrong = 0, invalid = 0;

	setvbuf(stdout, nullptr, _IOLBF, 0);

	for (unsigned int w = 0; w < 2; w++) {
		idxgen_rt_options opt;

		memset(&opt, 0, sizeof(opt));
		opt.num_threads = w + 1;
		int err = idxgen_rt_create(&opt, &rts[w]);
		if (err) {
			printf("wrong - idxgen_rt_create(%u workers): %s\n", w + 1, idxgen_strerror(err));
			return 1;
		}
	}
	for (unsigned int i = 0; i < fuzz_nkernels; i++) {
		const fuzz_kernel *k = &fuzz_kernels[i];

		bool chosen = argc == 1;

		for (int a = 1; a < argc; a++)
			chosen = chosen || !strcmp(argv[a], k->name);
		if (!chosen)
			continue;
		instance in(k);
		printf("run %s ref\n", k->name);
		result ref = run_ref(in, idxgen_ref::ORDER_FORWARD), rev = run_ref(in, idxgen_ref::ORDER_REVERSE);
		std::string d = ref.err.empty() ? diff(ref, rev) : ref.err;

		if (!d.empty()) {
			printf("invalid %s: reference forward vs reverse order: %s\n", k->name, d.c_str());
			invalid++;
			continue;
		}
		compared++;
		printf("run %s rt\n", k->name);
		for (unsigned int c = 0; c < 4 && d.empty(); c++) {
			const char *sched = c & 2 ? k->schedule : nullptr;

			d = diff(ref, run_rt(in, rts[c & 1], sched));
			if (!d.empty()) {
				printf("wrong %s: %u worker(s), %s order: %s\n", k->name, (c & 1) + 1,
				       sched ? sched : "sequential", d.c_str());
				wrong++;
			}
		}
		if (d.empty())
			printf("pass %s\n", k->name);
	}
	printf("# compared %u wrong %u invalid %u\n", compared, wrong, invalid);
	idxgen_rt_destroy(rts[0]);
	idxgen_rt_destroy(rts[1]);
	return wrong ? 1 : 0;
}
