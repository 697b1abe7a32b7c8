// SPDX-License-Identifier: MIT
/*
 * test_warp.c - the warp-level operations of idxgen-cc (issue 23) against a
 * plain C model of each operation, on 1-D/2-D/3-D blocks whose size is not
 * a multiple of 32 (partial last warps), under every schedule order and 1
 * and 2 workers: a warp is always the 32 consecutive LINEAR thread ids
 * (lin = x + y*bdx + z*bdx*bdy), whatever order the device generates the
 * block's threads in.  Kernels: warp_ops.cu (translated by the Makefile).
 *
 * The model reads the definitions of lib/cc/README.md "Warps": a lane is
 * present when lin < nthreads and it has not returned; a shuffle from an
 * absent lane (or one outside its width segment as CUDA says) gives the
 * caller's own value; votes, match and reduce count present lanes.
 */
#define _GNU_SOURCE
#include <idxgen_rt.h>
#include <idxgen.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"

extern const struct idxgen_rt_kernel idxgen_cc_kernel_shfl_all, idxgen_cc_kernel_votes,
	idxgen_cc_kernel_match_reduce, idxgen_cc_kernel_warp_sum, idxgen_cc_kernel_early_return,
	idxgen_cc_kernel_inlined, idxgen_cc_kernel_predicated, idxgen_cc_kernel_predicated2;

struct shape {
	unsigned bx, by, bz, gx, gy;
};

static const struct shape shapes[] = {
	{ 37, 1, 1, 3, 1 }, { 96, 1, 1, 2, 1 }, { 7, 5, 1, 2, 2 }, { 5, 3, 3, 3, 1 },
	{ 13, 4, 2, 2, 1 }, { 33, 1, 1, 1, 1 }, { 16, 16, 1, 2, 1 },
};
#define NSHAPES (sizeof(shapes) / sizeof(shapes[0]))

static const struct idxgen_rt_schedule orders[] = {
	{ IDXGEN_SCHED_SEQUENTIAL, { 0, 0, 0, 0 } }, { IDXGEN_SCHED_STRIDED, { 4, 1, 0, 0 } },
	{ IDXGEN_SCHED_STRIDED, { 2, 8, 0, 0 } },    { IDXGEN_SCHED_ZIGZAG, { 0, 0, 0, 0 } },
	{ IDXGEN_SCHED_TILED, { 0, 0, 4, 2 } },      { IDXGEN_SCHED_HILBERT, { 0, 0, 0, 0 } },
};
static const char *const order_names[] = { "sequential", "strided 4x1", "strided 2x8", "zigzag", "tiled 4x2",
					    "hilbert" };
#define NORDERS (sizeof(orders) / sizeof(orders[0]))

static int value(unsigned i)
{
	return (int)((i * 37u + 11u) % 100u);
}

/* ---- the models: one block of n threads, in[] and alive[] by linear id ---- */

static int present(unsigned l, unsigned n, const int *alive)
{
	return l < n && (!alive || alive[l]);
}

static unsigned present_mask(unsigned lin, unsigned n, const int *alive)
{
	unsigned m = 0;

	for (unsigned l = 0; l < 32; l++)
		if (present((lin & ~31u) + l, n, alive))
			m |= 1u << l;
	return m;
}

/* source lane by CUDA's formulas; absent -> own */
static unsigned src_of(unsigned lin, unsigned n, const int *alive, int kind, int arg, unsigned w)
{
	unsigned lane = lin % 32, seg = lane / w * w, s;

	switch (kind) {
	case 0: s = seg + (unsigned)arg % w; break;
	case 1: s = lane % w >= (unsigned)arg ? lane - (unsigned)arg : lane; break;
	case 2: s = lane % w + (unsigned)arg < w ? lane + (unsigned)arg : lane; break;
	default: s = (lane ^ (unsigned)arg) / w > lane / w ? lane : lane ^ (unsigned)arg; break;
	}
	s = lin - lane + s;
	return present(s, n, alive) ? s : lin;
}

static unsigned ballot(const int *p, unsigned lin, unsigned n, const int *alive)
{
	unsigned b = 0;

	for (unsigned l = 0; l < 32; l++)
		if (present((lin & ~31u) + l, n, alive) && p[(lin & ~31u) + l])
			b |= 1u << l;
	return b;
}

/* ---- running ---------------------------------------------------------------- */

struct run {
	struct idxgen_rt *rt[2];
	const struct shape *sh;
	unsigned n, nb;	/* threads per block, blocks */
};

static int launch(struct run *r, int w, unsigned o, const struct idxgen_rt_kernel *k, void *const *args)
{
	struct idxgen_rt_launch_opts opts = { .schedule = orders[o] };
	struct idxgen_rt_launch_info info;

	return idxgen_rt_launch_ex(r->rt[w], k, IDXGEN_RT_DIM3(r->sh->gx, r->sh->gy, 1),
				   IDXGEN_RT_DIM3(r->sh->bx, r->sh->by, r->sh->bz), args, &opts, &info);
}

static int check_shfl(struct run *r, int w, unsigned o, int *in, unsigned total)
{
	static const int widths[] = { 32, 16, 8, 4 };
	int bad = 0;

	for (unsigned wi = 0; wi < 4; wi++) {
		int width = widths[wi], src = 13 + (int)wi;
		int *out = calloc(4 * total, sizeof(int));
		void *args[] = { &in, &out, &src, &width };

		if (launch(r, w, o, &idxgen_cc_kernel_shfl_all, args)) {
			free(out);
			return -1;
		}
		for (unsigned g = 0; g < total; g++) {
			unsigned lin = g % r->n, base = g - lin;
			static const int a[4] = { 0, 3, 5, 6 };

			for (int kind = 0; kind < 4; kind++) {
				int arg = kind == 0 ? src : a[kind];
				unsigned s = src_of(lin, r->n, NULL, kind, arg, (unsigned)width);

				bad += out[4 * g + (unsigned)kind] != in[base + s];
			}
		}
		free(out);
	}
	return bad;
}

static int check_votes(struct run *r, int w, unsigned o, int *in, unsigned total)
{
	unsigned *out = calloc(6 * total, sizeof(unsigned));
	int *p = malloc(total * sizeof(int)), *q = malloc(total * sizeof(int)), bad = 0;
	void *args[] = { &in, &out };

	if (launch(r, w, o, &idxgen_cc_kernel_votes, args)) {
		free(out), free(p), free(q);
		return -1;
	}
	for (unsigned g = 0; g < total; g++) {
		p[g] = in[g] % 3 == 0;
		q[g] = p[g] || g % r->n % 32 > 1;
	}
	for (unsigned g = 0; g < total; g++) {
		unsigned lin = g % r->n, base = g - lin, pm = present_mask(lin, r->n, NULL);
		unsigned b = ballot(p + base, lin, r->n, NULL);

		bad += out[6 * g] != b;
		bad += out[6 * g + 1] != (b != 0);
		bad += out[6 * g + 2] != (ballot(q + base, lin, r->n, NULL) == pm);
		bad += out[6 * g + 3] != (~b & pm & 0x0f0f0f0fu);
		bad += out[6 * g + 4] != pm;
		bad += out[6 * g + 5] != 1;
	}
	free(out), free(p), free(q);
	return bad;
}

static int check_match_reduce(struct run *r, int w, unsigned o, int *in, unsigned total)
{
	unsigned *out = calloc(6 * total, sizeof(unsigned));
	void *args[] = { &in, &out };
	int bad = 0;

	if (launch(r, w, o, &idxgen_cc_kernel_match_reduce, args)) {
		free(out);
		return -1;
	}
	for (unsigned g = 0; g < total; g++) {
		unsigned lin = g % r->n, wb = g - lin % 32, m = 0, sum = 0;
		int mn = 1 << 30, mx = -(1 << 30);

		for (unsigned l = 0; l < 32; l++) {
			if (lin - lin % 32 + l >= r->n)
				continue;
			m |= (unsigned)(in[wb + l] % 4 == in[g] % 4) << l;
			sum += (unsigned)in[wb + l];
			mn = in[wb + l] - 50 < mn ? in[wb + l] - 50 : mn;
			mx = in[wb + l] - 50 > mx ? in[wb + l] - 50 : mx;
		}
		bad += out[6 * g] != m;
		bad += out[6 * g + 1] != present_mask(lin, r->n, NULL);
		bad += out[6 * g + 2] != 1;
		bad += out[6 * g + 3] != sum;
		bad += out[6 * g + 4] != (unsigned)mn;
		bad += out[6 * g + 5] != (unsigned)mx;
	}
	free(out);
	return bad;
}

/* The shuffle-down tree simulated lane by lane, absent lanes giving own values. */
static int check_warp_sum(struct run *r, int w, unsigned o, int *in, unsigned total)
{
	int *out = calloc(total, sizeof(int)), *v = malloc(total * sizeof(int)), *nv = malloc(total * sizeof(int));
	void *args[] = { &in, &out };
	int bad = 0;

	if (launch(r, w, o, &idxgen_cc_kernel_warp_sum, args)) {
		free(out), free(v), free(nv);
		return -1;
	}
	memcpy(v, in, total * sizeof(int));
	for (unsigned off = 16; off > 0; off /= 2) {
		for (unsigned g = 0; g < total; g++) {
			unsigned lin = g % r->n;

			nv[g] = v[g] + v[g - lin + src_of(lin, r->n, NULL, 2, (int)off, 32)];
		}
		memcpy(v, nv, total * sizeof(int));
	}
	for (unsigned g = 0; g < total; g++)
		if (g % r->n % 32 == 0)
			bad += out[g] != v[g];
	free(out), free(v), free(nv);
	return bad;
}

static int check_early_return(struct run *r, int w, unsigned o, int *in, unsigned total)
{
	unsigned *out = malloc(2 * total * sizeof(unsigned));
	int *alive = malloc(total * sizeof(int)), bad = 0, lim = (int)total - 5;
	void *args[] = { &in, &out, &lim };

	memset(out, 0xab, 2 * total * sizeof(unsigned));
	if (launch(r, w, o, &idxgen_cc_kernel_early_return, args)) {
		free(out), free(alive);
		return -1;
	}
	for (unsigned g = 0; g < total; g++)
		alive[g] = in[g] % 5 != 1;
	for (unsigned g = 0; g < total; g++) {
		unsigned lin = g % r->n, base = g - lin;

		if (!alive[g]) {
			bad += out[2 * g] != 0xababababu || out[2 * g + 1] != 0xababababu;
			continue;
		}
		if ((int)g < lim)
			bad += out[2 * g] != present_mask(lin, r->n, alive + base);
		bad += out[2 * g + 1] != (unsigned)in[base + src_of(lin, r->n, alive + base, 2, 1, 32)];
	}
	free(out), free(alive);
	return bad;
}

/* The butterfly of warp_allsum, simulated lane by lane (absent partners: own value). */
static void allsum_model(const int *in, int *v, unsigned total, unsigned n)
{
	int *nv = malloc(total * sizeof(int));

	memcpy(v, in, total * sizeof(int));
	for (int m = 16; m > 0; m /= 2) {
		for (unsigned g = 0; g < total; g++) {
			unsigned lin = g % n;

			nv[g] = v[g] + v[g - lin + src_of(lin, n, NULL, 3, m, 32)];
		}
		memcpy(v, nv, total * sizeof(int));
	}
	free(nv);
}

static int check_inlined(struct run *r, int w, unsigned o, int *in, unsigned total)
{
	int *out = calloc(total, sizeof(int)), *a = malloc(total * sizeof(int)), *b = malloc(total * sizeof(int));
	void *args[] = { &in, &out };
	int bad = 0;

	if (launch(r, w, o, &idxgen_cc_kernel_inlined, args)) {
		free(out), free(a), free(b);
		return -1;
	}
	allsum_model(in, a, total, r->n);
	for (unsigned g = 0; g < total; g++)
		b[g] = a[g] % 7;
	allsum_model(b, b, total, r->n);
	for (unsigned g = 0; g < total; g++)
		bad += out[g] != a[g] + b[g] * 1000;
	free(out), free(a), free(b);
	return bad;
}

/*
 * Predicated warp operations: out[2g] of the first warp's lanes is the
 * block's sum; out[2g+1] of an odd-valued lane is the ballot of the odd
 * lanes of its warp that are multiples of 3, xor the value of the first
 * odd lane shifted by 8.  Other words stay untouched.
 */
static int check_predicated(struct run *r, int w, unsigned o, int *in, unsigned total)
{
	unsigned *out = malloc(2 * total * sizeof(unsigned));
	void *args[] = { &in, &out };
	int bad = 0;

	memset(out, 0xab, 2 * total * sizeof(unsigned));
	if (launch(r, w, o, &idxgen_cc_kernel_predicated, args)) {
		free(out);
		return -1;
	}
	for (unsigned g = 0; g < total; g++) {
		unsigned lin = g % r->n, base = g - lin, wb = base + (lin & ~31u), b = 0, first = 32;
		int sum = 0;

		for (unsigned l = 0; l < r->n; l++)
			sum += in[base + l];
		bad += out[2 * g] != (lin < 32 ? (unsigned)sum : 0xababababu);
		for (unsigned l = 0; l < 32 && (lin & ~31u) + l < r->n; l++)
			if (in[wb + l] & 1) {
				first = first < l ? first : l;
				b |= (unsigned)(in[wb + l] % 3 == 0) << l;
			}
		if (in[g] & 1)
			bad += out[2 * g + 1] != (b ^ ((unsigned)in[wb + first] << 8));
		else
			bad += out[2 * g + 1] != 0xababababu;
	}
	free(out);
	return bad;
}

/*
 * predicated2: out[2g] the width-16 shift of lanes 0..15; out[2g+1] of the
 * even-numbered warps their inclusive scan, lanes 8..15 then s * 1000 +
 * the scan of lane ^ 4 (own where that lane does not exist).
 */
static int check_predicated2(struct run *r, int w, unsigned o, int *in, unsigned total)
{
	unsigned *out = malloc(2 * total * sizeof(unsigned));
	int *scan = malloc(total * sizeof(int));
	void *args[] = { &in, &out };
	int bad = 0;

	memset(out, 0xab, 2 * total * sizeof(unsigned));
	if (launch(r, w, o, &idxgen_cc_kernel_predicated2, args)) {
		free(out), free(scan);
		return -1;
	}
	for (unsigned g = 0; g < total; g++) {
		unsigned lin = g % r->n;

		scan[g] = lin % 32 ? scan[g - 1] + in[g] : in[g];
	}
	for (unsigned g = 0; g < total; g++) {
		unsigned lin = g % r->n, base = g - lin, lane = lin % 32, p = lin ^ 4u;
		int a = in[g] + (lane < 16 ? in[base + src_of(lin, r->n, NULL, 2, 1, 16)] : 0);
		int s = scan[g];

		bad += out[2 * g] != (unsigned)a;
		if (lane >= 8 && lane < 16)
			s = s * 1000 + (p < r->n ? scan[base + p] : s);
		bad += out[2 * g + 1] != ((lin / 32) % 2 == 0 ? (unsigned)s : 0xababababu);
	}
	free(out), free(scan);
	return bad;
}

static int (*const checks[])(struct run *, int, unsigned, int *, unsigned) = {
	check_shfl, check_votes, check_match_reduce, check_warp_sum, check_early_return, check_inlined,
	check_predicated, check_predicated2,
};
static const char *const check_names[] = { "shfl/up/down/xor with width 32/16/8/4",
					   "ballot/any/all/activemask", "match_any/all, reduce add/min/max",
					   "shfl_down tree sum in a uniform loop", "early return: returned lanes absent",
					   "__device__ function with warp operations, inlined twice",
					   "predicated: if (lin < 32) { shfl_xor }, if (odd) { ballot, shfl }",
					   "predicated: lone statement, loop in the body, nested if" };

/* The runtimes every test launches on (1 and 2 worker threads), made by main(). */
static struct run run_state;

/* Check C of the table in every order, every shape, 1 and 2 workers. */
static void run_check(unsigned c)
{
	struct run r = run_state;

	for (unsigned o = 0; o < NORDERS; o++) {
		int bad = 0, rejected = 0, runs = 0;

		for (unsigned s = 0; s < NSHAPES; s++) {
			unsigned total;
			int *in;

			r.sh = &shapes[s];
			r.n = r.sh->bx * r.sh->by * r.sh->bz;
			r.nb = r.sh->gx * r.sh->gy;
			total = r.n * r.nb;
			in = malloc(total * sizeof(int));
			for (unsigned i = 0; i < total; i++)
				in[i] = value(i);
			for (int w = 0; w < 2; w++) {
				int b = checks[c](&r, w, o, in, total);

				if (b < 0)
					rejected++;
				else
					bad += b, runs++;
			}
			free(in);
		}
		tap_ok(!bad && runs, "%s, order %s: %d shapes x 1/2 workers run (%d rejected by the order), %d wrong",
		       check_names[c], order_names[o], runs, rejected, bad);
	}
}

TAP_TEST(shfl)
{
	run_check(0);
}

TAP_TEST(votes)
{
	run_check(1);
}

TAP_TEST(match_reduce)
{
	run_check(2);
}

TAP_TEST(warp_sum)
{
	run_check(3);
}

TAP_TEST(early_return)
{
	run_check(4);
}

TAP_TEST(inlined)
{
	run_check(5);
}

TAP_TEST(predicated)
{
	run_check(6);
}

TAP_TEST(predicated2)
{
	run_check(7);
}

/* more threads than the exchange arrays hold: the launch fails, no crash */
TAP_TEST(oversized_block)
{
	struct run r = run_state;
	struct shape big = { 1100, 1, 1, 2, 1 };
	int *in = calloc(2200, sizeof(int)), *out = calloc(2200 * 4, sizeof(int)), src = 1, width = 32;
	void *args[] = { &in, &out, &src, &width };
	int rc;

	r.sh = &big;
	rc = launch(&r, 1, 0, &idxgen_cc_kernel_shfl_all, args);
	tap_ok(rc == -EFAULT, "a block of 1100 threads (over 1024): the launch fails with -EFAULT (%d)", rc);
	free(in), free(out);
}

_Static_assert(sizeof(checks) / sizeof(checks[0]) == 8, "a check without its TAP_TEST above");

int main(int argc, char **argv)
{
	struct idxgen_rt_options ro = { .num_threads = 1 };
	int rc;

	if (tap_listing(argc, argv))
		return tap_main(argc, argv);
	if (idxgen_rt_create(&ro, &run_state.rt[0]) ||
	    (ro.num_threads = 2, idxgen_rt_create(&ro, &run_state.rt[1]))) {
		tap_ok(0, "runtimes with 1 and 2 worker threads");
		return tap_done();
	}
	rc = tap_run(argc, argv);
	idxgen_rt_destroy(run_state.rt[0]);
	idxgen_rt_destroy(run_state.rt[1]);
	return rc < 0 ? tap_done() : rc;
}
