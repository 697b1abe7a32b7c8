// SPDX-License-Identifier: MIT
/*
 * bench_tune.c - performance control (docs/design.md#performance-control, issue 13) measured: the six
 * workloads of tests/bench/workloads.h under EVERY schedule configuration
 * of the default candidate list (thread order x grid order, as
 * idxgen_rt_tune_candidates gives it for the block shape), then under
 * schedule = auto (first launch: sample included; second launch: the
 * cached decision).  Not pass/fail, but every run's output is checked
 * against the plain C reference (a wrong result exits 1).
 *
 * usage: bench_tune [--size N] [--copy-size N] [--int-size N] [--mm-size N]
 *                   [--block B] [--mm-block B] [--only NAME] [--json FILE]
 *                   [--plot FILE.png] [--quick]
 *
 *   --size N       matrix side of the convolution (4096: 121 MACs per element)
 *   --copy-size N  of the copies (16384: 1 GiB per matrix)
 *   --int-size N   of the integral images (8192: 256 MiB per matrix)
 *   --mm-size N    of the multiplication (1024: N^3 work)
 *   --block B      B x B blocks (64); --mm-block (32)
 *   --only NAME    one workload (copy_rows, copy_cols, integral_rows,
 *                  integral_cols, conv11, matmul)
 *   --json FILE    the table as JSON ("-": stdout instead of the table)
 *   --plot FILE    a chart (PNG, cairo): ns per element per configuration,
 *                  best fixed, the choice of auto and its total
 *   --quick        small sizes (a smoke test of the program itself)
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <cairo.h>

#include "idxgen_rt.h"
#include "workloads.h"

#define MAX_CANDS 256
#define REPS 3

static int cmp_d(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static double med3(double *v)
{
	qsort(v, REPS, sizeof(*v), cmp_d);
	return v[REPS / 2];
}

/* (max - min) / median of REPS sorted values (after med3). */
static double spread3(const double *v)
{
	return (v[REPS - 1] - v[0]) / v[REPS / 2];
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void *xmalloc(size_t n)
{
	void *p = aligned_alloc(64, (n + 63) / 64 * 64);

	if (!p) {
		fprintf(stderr, "bench_tune: out of memory (%zu bytes)\n", n);
		exit(1);
	}
	return p;
}

static uint32_t rnd_state = 12345;
static uint32_t rnd(void)
{
	rnd_state = rnd_state * 1103515245u + 12345u;
	return rnd_state >> 8;
}

static void fill(uint32_t *p, size_t n, uint32_t mod)
{
	for (size_t i = 0; i < n; i++)
		p[i] = rnd() % mod;
}

/* ---- one workload ---- */

struct wl {
	const char *name;
	const struct idxgen_rt_kernel *k;
	uint32_t n, b;			/* n x n elements, b x b blocks */
	struct wl_data d;
	uint32_t *ref;
	/* results */
	unsigned int ncands;
	struct idxgen_rt_tune_cand cands[MAX_CANDS];
	char cname[MAX_CANDS][40];
	double ns[MAX_CANDS];		/* per element, whole launch */
	int best, worst, seq;
	int auto_idx;			/* the configuration auto chose (first of REPS) */
	int auto_pick[REPS];		/* what it chose each time */
	double best_ns;			/* the best fixed one again: median of REPS */
	double auto_ns, auto2_ns;	/* first launch (sample included), second (cached) */
	double best_spread, auto_spread, auto2_spread;	/* of the REPS runs each */
	double auto_sample_ms;
	uint64_t auto_sample_blocks, blocks;
	unsigned int auto_explored;
};

static void cand_name(const struct idxgen_rt_tune_cand *c, char *buf, size_t len)
{
	struct idxgen_schedule s = { .order = c->thread.order, .stride = c->thread.params[0],
				     .granularity = c->thread.params[1],
				     .tile_w = c->thread.params[2], .tile_h = c->thread.params[3] };
	char t[24];
	static const char *const g[] = { "rows", "cols", "hilbert" };

	if (idxgen_schedule_format(&s, t, sizeof(t)) < 0)
		snprintf(t, sizeof(t), "?");
	snprintf(buf, len, "%s/%s", t, c->grid_order < 3 ? g[c->grid_order] : "?");
}

static void setup(struct wl *w)
{
	size_t nn = (size_t)w->n * w->n;
	uint32_t n = w->n;
	uint32_t *in, *in2 = NULL, *wt = NULL;

	w->d.n = n;
	w->d.bw = w->b;
	w->d.out = xmalloc(nn * sizeof(uint32_t));
	w->ref = xmalloc(nn * sizeof(uint32_t));
	if (w->k == &wl_conv11_kernel) {
		size_t pn = (size_t)n + 2 * WL_PAD;

		in = xmalloc(pn * pn * sizeof(uint32_t));
		wt = xmalloc(WL_K * WL_K * sizeof(uint32_t));
		fill(in, pn * pn, 1000);
		fill(wt, WL_K * WL_K, 16);
		wl_conv11_ref(in, wt, w->ref, n);
	} else if (w->k == &wl_matmul_kernel) {
		in = xmalloc(nn * sizeof(uint32_t));
		in2 = xmalloc(nn * sizeof(uint32_t));
		fill(in, nn, 1u << 16);
		fill(in2, nn, 1u << 16);
		wl_matmul_ref(in, in2, w->ref, n);
	} else {
		in = xmalloc(nn * sizeof(uint32_t));
		fill(in, nn, 1u << 20);
		if (w->k == &wl_integral_rows_kernel) {
			in2 = xmalloc((size_t)n * (n / w->b) * sizeof(uint32_t));
			wl_carry_rows(in, in2, n, w->b);
			wl_integral_rows_ref(in, w->ref, n);
		} else if (w->k == &wl_integral_cols_kernel) {
			in2 = xmalloc((size_t)n * (n / w->b) * sizeof(uint32_t));
			wl_carry_cols(in, in2, n, w->b);
			wl_integral_cols_ref(in, w->ref, n);
		} else {
			wl_copy_ref(in, w->ref, n);
		}
	}
	w->d.in = in;
	w->d.in2 = in2;
	w->d.w = wt;
}

static void teardown(struct wl *w)
{
	free((void *)w->d.in);
	free((void *)w->d.in2);
	free((void *)w->d.w);
	free(w->d.out);
	free(w->ref);
}

/* One launch of w under the tune options; returns its wall time (s). */
static double run(struct idxgen_rt *rt, struct wl *w, const struct idxgen_rt_tune_opts *t,
		  struct idxgen_rt_tune_report *rep, const char *what)
{
	const struct wl_data *dp = &w->d;
	void *args[] = { &dp };
	size_t nn = (size_t)w->n * w->n;
	uint32_t g = w->n / w->b;
	double t0;
	int err;

	memset(w->d.out, 0, nn * sizeof(uint32_t));	/* a stale result must not pass */
	t0 = now();
	err = idxgen_rt_launch_tuned(rt, w->k, IDXGEN_RT_DIM3(g, g, 1), IDXGEN_RT_DIM3(w->b, w->b, 1),
				     args, NULL, t, rep, NULL);
	t0 = now() - t0;
	if (err || memcmp(w->d.out, w->ref, nn * sizeof(uint32_t))) {
		fprintf(stderr, "bench_tune: %s under %s: %s\n", w->name, what,
			err ? idxgen_strerror(err) : "result differs from the C reference");
		exit(1);
	}
	return t0;
}

static void measure(struct idxgen_rt *rt, struct wl *w)
{
	double el = (double)w->n * w->n;
	struct idxgen_rt_tune_report rep;
	int n = idxgen_rt_tune_candidates(rt, IDXGEN_RT_DIM3(w->b, w->b, 1), 0, w->cands, MAX_CANDS);

	if (n <= 0 || n > MAX_CANDS) {
		fprintf(stderr, "bench_tune: no candidates (%d)\n", n);
		exit(1);
	}
	w->ncands = (unsigned int)n;
	w->best = w->worst = w->seq = 0;
	/* warm-up: page in the output, first touch of everything */
	{
		struct idxgen_rt_tune_opts t = { .cands = &w->cands[0], .ncands = 1,
						 .flags = IDXGEN_RT_TUNE_NOCACHE };

		run(rt, w, &t, &rep, "warm-up");
	}
	for (unsigned int i = 0; i < w->ncands; i++) {
		struct idxgen_rt_tune_opts t = { .cands = &w->cands[i], .ncands = 1,
						 .flags = IDXGEN_RT_TUNE_NOCACHE };

		cand_name(&w->cands[i], w->cname[i], sizeof(w->cname[i]));
		w->ns[i] = run(rt, w, &t, &rep, w->cname[i]) * 1e9 / el;
		if (w->ns[i] < w->ns[w->best])
			w->best = (int)i;
		if (w->ns[i] > w->ns[w->worst])
			w->worst = (int)i;
		fprintf(stderr, "\r%-14s %3u/%u %-24s %8.2f ns/el   ", w->name, i + 1, w->ncands,
			w->cname[i], w->ns[i]);
	}
	/*
	 * The best fixed configuration is the minimum of single noisy runs
	 * (biased low on a loaded machine): run it again, and auto (first
	 * launch with its sample, then the cached repeat), REPS times each,
	 * interleaved, and compare medians.
	 */
	double bst[REPS], a1[REPS], a2[REPS];
	struct idxgen_rt_tune_opts tb = { .cands = &w->cands[w->best], .ncands = 1,
					  .flags = IDXGEN_RT_TUNE_NOCACHE };

	for (int r = 0; r < REPS; r++) {
		bst[r] = run(rt, w, &tb, &rep, "best fixed") * 1e9 / el;
		idxgen_rt_tune_reset(w->k);
		a1[r] = run(rt, w, NULL, &rep, "auto") * 1e9 / el;
		if (r == 0) {
			w->auto_sample_blocks = rep.sample_blocks;
			w->blocks = rep.blocks;
			w->auto_explored = rep.explored;
			w->auto_idx = -1;
			for (unsigned int i = 0; i < w->ncands; i++)
				if (!memcmp(&w->cands[i], &rep.winner, sizeof(rep.winner)))
					w->auto_idx = (int)i;
		}
		w->auto_sample_ms += (double)rep.sample_ns / 1e6 / REPS;
		w->auto_pick[r] = -1;
		for (unsigned int i = 0; i < w->ncands; i++)
			if (!memcmp(&w->cands[i], &rep.winner, sizeof(rep.winner)))
				w->auto_pick[r] = (int)i;
		a2[r] = run(rt, w, NULL, &rep, "auto (cached)") * 1e9 / el;
	}
	w->best_ns = med3(bst);
	w->auto_ns = med3(a1);
	w->auto2_ns = med3(a2);
	w->best_spread = spread3(bst);
	w->auto_spread = spread3(a1);
	w->auto2_spread = spread3(a2);
	fprintf(stderr, "\r%-14s done: best %s %.2f (again %.2f), auto %.2f, cached %.2f ns/el%10s\n",
		w->name, w->cname[w->best], w->ns[w->best], w->best_ns, w->auto_ns, w->auto2_ns, "");
}

/* ---- output ---- */

static void print_table(struct wl *ws, int nw, FILE *f)
{
	fprintf(f, "%-24s", "ns/element");
	for (int j = 0; j < nw; j++)
		fprintf(f, " %13s", ws[j].name);
	fprintf(f, "\n");
	for (unsigned int i = 0; i < ws[0].ncands; i++) {
		fprintf(f, "%-24s", ws[0].cname[i]);
		for (int j = 0; j < nw; j++) {
			const struct wl *w = &ws[j];

			if (i < w->ncands && !strcmp(w->cname[i], ws[0].cname[i]))
				fprintf(f, " %12.2f%c", w->ns[i],
					(int)i == w->best ? '*' : (int)i == w->auto_idx ? 'a' : ' ');
			else
				fprintf(f, " %13s", "-");
		}
		fprintf(f, "\n");
	}
	/* configurations only one workload has (a different block shape) */
	for (int j = 1; j < nw; j++)
		for (unsigned int i = 0; i < ws[j].ncands; i++) {
			bool shared = i < ws[0].ncands && !strcmp(ws[j].cname[i], ws[0].cname[i]);

			if (!shared)
				fprintf(f, "%-24s %*s %12.2f%c (%s only)\n", ws[j].cname[i], 14 * j - 1, "",
					ws[j].ns[i], (int)i == ws[j].best ? '*' : (int)i == ws[j].auto_idx ? 'a' : ' ',
					ws[j].name);
		}
	fprintf(f, "\nbest fixed: the sweep's fastest, then its median of %d more runs; auto: median of %d "
		"first launches\n(sample included, decision forgotten before each) and of the cached "
		"repeats; a/best = auto / best (again)\n", REPS, REPS);
	fprintf(f, "\n%-14s %-6s %-20s %7s %7s %-20s %7s %7s %-20s %7s %7s %6s %6s %6s\n", "workload",
		"n", "best fixed", "ns/el", "again", "worst", "ns/el", "seq", "auto chose", "auto",
		"cached", "a/best", "c/best", "sample");
	for (int j = 0; j < nw; j++) {
		const struct wl *w = &ws[j];

		fprintf(f, "%-14s %-6u %-20s %7.2f %7.2f %-20s %7.2f %7.2f %-20s %7.2f %7.2f %6.3f %6.3f "
			   "%5.1f%%\n",
			w->name, w->n, w->cname[w->best], w->ns[w->best], w->best_ns, w->cname[w->worst],
			w->ns[w->worst], w->ns[w->seq], w->auto_idx >= 0 ? w->cname[w->auto_idx] : "?",
			w->auto_ns, w->auto2_ns, w->auto_ns / w->best_ns, w->auto2_ns / w->best_ns,
			100.0 * (double)w->auto_sample_blocks / (double)w->blocks);
	}
	/*
	 * "auto within 5 % of the best fixed" is a measured statement only when
	 * the runs' spread is below the 5 %: else this machine cannot tell.
	 */
	fprintf(f, "\nspread (max - min) / median of the %d interleaved runs, and what it allows to say:\n", REPS);
	for (int j = 0; j < nw; j++) {
		const struct wl *w = &ws[j];
		double ratio = w->auto2_ns / w->best_ns, sp = fmax(w->best_spread, w->auto2_spread);

		fprintf(f, "  %-14s best %5.1f%%  auto %5.1f%%  cached %5.1f%%: cached auto %s\n", w->name,
			100 * w->best_spread, 100 * w->auto_spread, 100 * w->auto2_spread,
			sp > 0.05 ? "cannot be told within 5 % here (spread above 5 %)" :
			ratio <= 1.05 ? "within 5 % of the best fixed (measured)" :
					"more than 5 % above the best fixed (measured)");
	}
	fprintf(f, "\nauto's choices in its %d first launches:\n", REPS);
	for (int j = 0; j < nw; j++) {
		fprintf(f, "  %-14s", ws[j].name);
		for (int r = 0; r < REPS; r++)
			fprintf(f, " %-22s", ws[j].auto_pick[r] >= 0 ? ws[j].cname[ws[j].auto_pick[r]] : "?");
		fprintf(f, "\n");
	}
}

static void print_json(struct wl *ws, int nw, FILE *f, double load)
{
	fprintf(f, "{\n  \"cpus\": %ld,\n  \"load_avg_1min\": %.2f,\n  \"workloads\": [\n",
		sysconf(_SC_NPROCESSORS_ONLN), load);
	for (int j = 0; j < nw; j++) {
		const struct wl *w = &ws[j];

		fprintf(f, "    {\"name\": \"%s\", \"n\": %u, \"block\": %u, \"configs\": [", w->name, w->n,
			w->b);
		for (unsigned int i = 0; i < w->ncands; i++)
			fprintf(f, "%s{\"config\": \"%s\", \"ns_per_element\": %.3f}", i ? ", " : "",
				w->cname[i], w->ns[i]);
		fprintf(f, "],\n     \"best\": {\"config\": \"%s\", \"ns_per_element\": %.3f},\n",
			w->cname[w->best], w->ns[w->best]);
		fprintf(f, "     \"worst\": {\"config\": \"%s\", \"ns_per_element\": %.3f},\n",
			w->cname[w->worst], w->ns[w->worst]);
		fprintf(f, "     \"best_again_ns_per_element\": %.3f,\n", w->best_ns);
		fprintf(f, "     \"auto\": {\"chose\": \"%s\", \"ns_per_element\": %.3f, "
			   "\"cached_ns_per_element\": %.3f, \"explored\": %u, \"sample_blocks\": %llu, "
			   "\"blocks\": %llu, \"sample_ms\": %.3f, \"ratio_to_best\": %.4f, "
			   "\"cached_ratio_to_best\": %.4f, \"choices\": [",
			w->auto_idx >= 0 ? w->cname[w->auto_idx] : "?", w->auto_ns, w->auto2_ns,
			w->auto_explored, (unsigned long long)w->auto_sample_blocks,
			(unsigned long long)w->blocks, w->auto_sample_ms, w->auto_ns / w->best_ns,
			w->auto2_ns / w->best_ns);
		for (int r = 0; r < REPS; r++)
			fprintf(f, "%s\"%s\"", r ? ", " : "",
				w->auto_pick[r] >= 0 ? w->cname[w->auto_pick[r]] : "?");
		fprintf(f, "]}}%s\n", j + 1 < nw ? "," : "");
	}
	fprintf(f, "  ]\n}\n");
}

/*
 * The chart: one panel per workload, a bar per configuration (ns per
 * element, log scale shared by the panel), the best fixed one green, auto's
 * choice red, and auto's total (sample included) as a dashed red line.
 */
static int plot(struct wl *ws, int nw, const char *path, const char *title)
{
	const double pw = 620, ph = 300, top = 40, ml = 56, mb = 24, mt = 26;
	int cols = 2, rows = (nw + 1) / 2;
	cairo_surface_t *sf = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)(cols * pw),
							 (int)(top + rows * ph));
	cairo_t *cr = cairo_create(sf);
	int ret;

	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
	cairo_set_font_size(cr, 15);
	cairo_set_source_rgb(cr, 0, 0, 0);
	cairo_move_to(cr, 12, 24);
	cairo_show_text(cr, title);
	for (int j = 0; j < nw; j++) {
		const struct wl *w = &ws[j];
		double x0 = (j % cols) * pw + ml, y0 = top + (j / cols) * ph + mt;
		double W = pw - ml - 14, H = ph - mt - mb;
		double lo = w->ns[w->best], hi = w->ns[w->worst], bw = W / w->ncands;
		double llo, lhi;
		char buf[96];

		if (w->auto_ns > hi)
			hi = w->auto_ns;
		if (w->best_ns < lo)
			lo = w->best_ns;
		if (w->auto2_ns < lo)
			lo = w->auto2_ns;
		llo = log10(lo) - 0.05;
		lhi = log10(hi) + 0.05;
		if (lhi - llo < 0.3)
			lhi = llo + 0.3;
#define YOF(v) (y0 + H - (log10(v) - llo) / (lhi - llo) * H)
		cairo_set_font_size(cr, 12);
		cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
		cairo_set_source_rgb(cr, 0, 0, 0);
		snprintf(buf, sizeof(buf), "%s (n=%u, %ux%u blocks) auto/best %.2f, cached %.2f", w->name,
			 w->n, w->b, w->b, w->auto_ns / w->best_ns, w->auto2_ns / w->best_ns);
		cairo_move_to(cr, x0, y0 - 8);
		cairo_show_text(cr, buf);
		cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
		cairo_set_font_size(cr, 10);
		/* y grid: decades and halves */
		for (double e = floor(llo); e <= lhi; e += 1)
			for (int m = 1; m <= 9; m++) {
				double v = m * pow(10, e), y;

				if (log10(v) < llo || log10(v) > lhi || (m != 1 && m != 2 && m != 5))
					continue;
				y = YOF(v);
				cairo_set_source_rgb(cr, 0.85, 0.85, 0.85);
				cairo_set_line_width(cr, 0.6);
				cairo_move_to(cr, x0, y);
				cairo_line_to(cr, x0 + W, y);
				cairo_stroke(cr);
				cairo_set_source_rgb(cr, 0.2, 0.2, 0.2);
				snprintf(buf, sizeof(buf), "%g", v);
				cairo_move_to(cr, x0 - 34, y + 3);
				cairo_show_text(cr, buf);
			}
		for (unsigned int i = 0; i < w->ncands; i++) {
			double y = YOF(w->ns[i]);

			if ((int)i == w->best)
				cairo_set_source_rgb(cr, 0.1, 0.6, 0.2);
			else if ((int)i == w->auto_idx)
				cairo_set_source_rgb(cr, 0.85, 0.15, 0.1);
			else if (w->cands[i].grid_order == IDXGEN_RT_GRID_COLS)
				cairo_set_source_rgb(cr, 0.55, 0.6, 0.8);
			else
				cairo_set_source_rgb(cr, 0.3, 0.4, 0.7);
			cairo_rectangle(cr, x0 + i * bw + 0.5, y, bw - 1, y0 + H - y);
			cairo_fill(cr);
		}
		/* auto's total, sample included */
		{
			double y = YOF(w->auto_ns), dash[] = { 5, 3 };

			cairo_set_source_rgb(cr, 0.85, 0.15, 0.1);
			cairo_set_line_width(cr, 1.5);
			cairo_set_dash(cr, dash, 2, 0);
			cairo_move_to(cr, x0, y);
			cairo_line_to(cr, x0 + W, y);
			cairo_stroke(cr);
			cairo_set_dash(cr, NULL, 0, 0);
		}
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_set_line_width(cr, 1);
		cairo_rectangle(cr, x0, y0, W, H);
		cairo_stroke(cr);
		snprintf(buf, sizeof(buf), "configurations: thread order x grid rows (dark) | grid "
			 "columns (light); ns/element, log");
		cairo_move_to(cr, x0, y0 + H + 14);
		cairo_show_text(cr, buf);
#undef YOF
	}
	cairo_set_font_size(cr, 11);
	cairo_set_source_rgb(cr, 0.1, 0.6, 0.2);
	cairo_move_to(cr, cols * pw - 420, 24);
	cairo_show_text(cr, "green: best fixed");
	cairo_set_source_rgb(cr, 0.85, 0.15, 0.1);
	cairo_move_to(cr, cols * pw - 320, 24);
	cairo_show_text(cr, "red: auto's choice; dashed: auto's total");
	ret = cairo_surface_write_to_png(sf, path) == CAIRO_STATUS_SUCCESS ? 0 : -1;
	cairo_destroy(cr);
	cairo_surface_destroy(sf);
	return ret;
}

int main(int argc, char **argv)
{
	uint32_t n = 4096, cn = 16384, in = 8192, mm = 1024, b = 64, mb = 32;
	const char *json = NULL, *png = NULL, *only = NULL;
	struct wl ws[6];
	struct idxgen_rt *rt;
	double load = 0;
	int nw = 0;
	FILE *f;

	for (int i = 1; i < argc; i++) {
		const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(a, "--quick")) {
			n = cn = in = 256, mm = 128, b = 32, mb = 16;
		} else if (v && !strcmp(a, "--size")) {
			n = (uint32_t)atoi(v), i++;
		} else if (v && !strcmp(a, "--copy-size")) {
			cn = (uint32_t)atoi(v), i++;
		} else if (v && !strcmp(a, "--int-size")) {
			in = (uint32_t)atoi(v), i++;
		} else if (v && !strcmp(a, "--mm-size")) {
			mm = (uint32_t)atoi(v), i++;
		} else if (v && !strcmp(a, "--block")) {
			b = (uint32_t)atoi(v), i++;
		} else if (v && !strcmp(a, "--mm-block")) {
			mb = (uint32_t)atoi(v), i++;
		} else if (v && !strcmp(a, "--only")) {
			only = v, i++;
		} else if (v && !strcmp(a, "--json")) {
			json = v, i++;
		} else if (v && !strcmp(a, "--plot")) {
			png = v, i++;
		} else {
			fprintf(stderr, "usage: bench_tune [--size N] [--copy-size N] [--int-size N] "
					"[--mm-size N] [--block B] "
					"[--mm-block B] [--only NAME] [--json FILE|-] [--plot FILE.png] "
					"[--quick]\n");
			return 2;
		}
	}
	if (!n || !b || n % b || !cn || cn % b || !in || in % b || !mm || !mb || mm % mb) {
		fprintf(stderr, "bench_tune: sizes must be multiples of the block sides\n");
		return 2;
	}
	const struct { const char *name; const struct idxgen_rt_kernel *k; } all[] = {
		{ "integral_rows", &wl_integral_rows_kernel },
		{ "integral_cols", &wl_integral_cols_kernel },
		{ "conv11", &wl_conv11_kernel },
		{ "matmul", &wl_matmul_kernel },
		{ "copy_rows", &wl_copy_rows_kernel },
		{ "copy_cols", &wl_copy_cols_kernel },
	};
	memset(ws, 0, sizeof(ws));
	for (int i = 0; i < 6; i++) {
		if (only && strcmp(only, all[i].name))
			continue;
		ws[nw].name = all[i].name;
		ws[nw].k = all[i].k;
		ws[nw].n = all[i].k == &wl_matmul_kernel ? mm :
			   all[i].k == &wl_conv11_kernel ? n :
			   (all[i].k == &wl_copy_rows_kernel || all[i].k == &wl_copy_cols_kernel) ? cn : in;
		ws[nw].b = all[i].k == &wl_matmul_kernel ? mb : b;
		nw++;
	}
	if (!nw) {
		fprintf(stderr, "bench_tune: no workload named %s\n", only);
		return 2;
	}
	if (idxgen_rt_create(NULL, &rt)) {
		fprintf(stderr, "bench_tune: no runtime\n");
		return 1;
	}
	f = fopen("/proc/loadavg", "r");
	if (f) {
		if (fscanf(f, "%lf", &load) != 1)
			load = 0;
		fclose(f);
	}
	fprintf(stderr, "bench_tune: %u runtime threads, load average %.2f; n: copies %u, integrals %u, "
			"conv %u, matmul %u; blocks %ux%u (matmul %ux%u)\n", idxgen_rt_num_threads(rt), load,
		cn, in, n, mm, b, b, mb, mb);
	for (int j = 0; j < nw; j++) {
		setup(&ws[j]);
		measure(rt, &ws[j]);
		teardown(&ws[j]);
	}
	f = fopen("/proc/loadavg", "r");
	if (f) {
		double l2;

		if (fscanf(f, "%lf", &l2) == 1)
			load = (load + l2) / 2;
		fclose(f);
	}
	if (!json || strcmp(json, "-"))
		print_table(ws, nw, stdout);
	if (json) {
		f = strcmp(json, "-") ? fopen(json, "w") : stdout;
		if (!f) {
			perror(json);
			return 1;
		}
		print_json(ws, nw, f, load);
		if (f != stdout)
			fclose(f);
	}
	if (png) {
		char title[160];

		snprintf(title, sizeof(title), "idxgen performance control: ns per element, %u threads, "
			 "emulation backend, load avg %.1f", idxgen_rt_num_threads(rt), load);
		if (plot(ws, nw, png, title)) {
			fprintf(stderr, "bench_tune: cannot write %s\n", png);
			return 1;
		}
	}
	idxgen_rt_destroy(rt);
	return 0;
}
