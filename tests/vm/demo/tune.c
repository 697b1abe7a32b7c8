// SPDX-License-Identifier: MIT
/*
 * tune.c - `make run`, part 2: automatic schedule selection (docs/design.md#performance-control,
 * lib/rt/autotune.c) on one workload of the schedule study
 * (tests/bench/workloads.h).  One launch with idxgen_rt_launch_tuned():
 * each candidate configuration (thread order x grid order) runs on its
 * sample blocks, the fastest runs the rest of the grid; then the same grid
 * sequentially, for comparison.  Prints the candidates, their sample blocks
 * and median time per block, the winner, the rest's time per block against
 * a repeat launch (the decision reused: the whole grid under the winner)
 * against a sequential launch, and whether all results equal the plain C
 * reference (exit status 1 if not).  --plot draws the table (cairo).
 *
 * usage: demo-tune [--workload copy_cols|copy_rows|integral_rows|integral_cols|conv11|matmul]
 *                  [--size N] [--block B] [--cands LIST] [--plot FILE.png|.svg]
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <cairo-svg.h>

#include "idxgen_rt.h"
#include "workloads.h"

#define MAX_CANDS 32

struct workload {
	const char *name;
	const struct idxgen_rt_kernel *k;
};

static const struct workload workloads[] = {
	{ "copy_rows", &wl_copy_rows_kernel },	   { "copy_cols", &wl_copy_cols_kernel },
	{ "integral_rows", &wl_integral_rows_kernel }, { "integral_cols", &wl_integral_cols_kernel },
	{ "conv11", &wl_conv11_kernel },	   { "matmul", &wl_matmul_kernel },
};

/* Block times of a launch (the runtime's profiling records), any worker. */
struct block_times {
	uint64_t n, max;
	uint64_t *ns;
	double median;
};

/* What the table and the chart show. */
struct table {
	const char *workload;
	uint32_t n, b;
	unsigned int ncands;
	char name[MAX_CANDS][32];
	struct idxgen_rt_tune_result res[MAX_CANDS];
	unsigned int nres, winner;	/* winner: index into res */
	struct idxgen_rt_tune_report rep;
	double rest_us;			/* wall time of the rest, per block */
	/* repeat launch under the winner (decision reused) and the sequential launch */
	struct idxgen_rt_launch_info again, seq;
	struct block_times again_bt, seq_bt;
};

static void note_block(void *arg, const struct idxgen_rt_block_prof *rec)
{
	struct block_times *bt = arg;
	uint64_t i = __atomic_fetch_add(&bt->n, 1, __ATOMIC_RELAXED);

	if (i < bt->max)
		bt->ns[i] = rec->end_ns - rec->start_ns;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static void block_median(struct block_times *bt)
{
	uint64_t n = bt->n < bt->max ? bt->n : bt->max;

	qsort(bt->ns, n, sizeof(bt->ns[0]), cmp_u64);
	bt->median = n ? (double)bt->ns[n / 2] : 0;
}

static double block_ns(const struct block_times *bt)
{
	return bt->median;
}

static uint32_t *alloc_words(size_t n)
{
	uint32_t *p = calloc(n ? n : 1, sizeof(uint32_t));

	if (!p) {
		fprintf(stderr, "demo-tune: out of memory\n");
		exit(1);
	}
	return p;
}

static void fill(uint32_t *p, size_t n, uint32_t mod, uint32_t seed)
{
	for (size_t i = 0; i < n; i++) {
		seed = seed * 1103515245u + 12345u;
		p[i] = (seed >> 8) % mod;
	}
}

/* Input data and the C reference result for workload k, n x n, b x b blocks. */
static void setup(const struct idxgen_rt_kernel *k, uint32_t n, uint32_t b, struct wl_data *d,
		  uint32_t **ref)
{
	size_t nn = (size_t)n * n, pn = (size_t)(n + 2 * WL_PAD) * (n + 2 * WL_PAD);
	uint32_t *in, *in2 = NULL, *w = NULL;

	*d = (struct wl_data){ .n = n, .bw = b, .out = alloc_words(nn) };
	*ref = alloc_words(nn);
	if (k == &wl_conv11_kernel) {
		in = alloc_words(pn);
		w = alloc_words(WL_K * WL_K);
		fill(in, pn, 1000, 1);
		fill(w, WL_K * WL_K, 16, 2);
		wl_conv11_ref(in, w, *ref, n);
	} else if (k == &wl_matmul_kernel) {
		in = alloc_words(nn);
		in2 = alloc_words(nn);
		fill(in, nn, 1u << 16, 3);
		fill(in2, nn, 1u << 16, 4);
		wl_matmul_ref(in, in2, *ref, n);
	} else {
		in = alloc_words(nn);
		fill(in, nn, 1u << 20, 5);
		if (k == &wl_integral_rows_kernel) {
			in2 = alloc_words((size_t)n * (n / b));
			wl_carry_rows(in, in2, n, b);
			wl_integral_rows_ref(in, *ref, n);
		} else if (k == &wl_integral_cols_kernel) {
			in2 = alloc_words((size_t)n * (n / b));
			wl_carry_cols(in, in2, n, b);
			wl_integral_cols_ref(in, *ref, n);
		} else {
			wl_copy_ref(in, *ref, n);
		}
	}
	d->in = in;
	d->in2 = in2;
	d->w = w;
}

static void cand_name(const struct idxgen_rt_tune_cand *c, char *buf, size_t len)
{
	struct idxgen_schedule s = { .order = c->thread.order, .stride = c->thread.params[0],
				     .granularity = c->thread.params[1],
				     .tile_w = c->thread.params[2], .tile_h = c->thread.params[3] };
	static const char *const grid[] = { "rows", "cols", "hilbert" };
	char t[24];

	if (idxgen_schedule_format(&s, t, sizeof(t)) < 0)
		snprintf(t, sizeof(t), "?");
	snprintf(buf, len, "%s / %s", t, c->grid_order < 3 ? grid[c->grid_order] : "?");
}

/* "sequential,tiled:4x4,...": each thread order under grid rows and grid columns. */
static int parse_cands(const char *list, struct idxgen_rt_tune_cand *out, unsigned int *n)
{
	char *copy = strdup(list), *save = NULL, *tok;
	int ret = 0;

	if (!copy)
		return -ENOMEM;
	*n = 0;
	for (tok = strtok_r(copy, ",", &save); tok && !ret; tok = strtok_r(NULL, ",", &save)) {
		struct idxgen_schedule s;

		/* "strided:S/G" here: the list is comma-separated */
		for (char *p = tok; *p; p++)
			if (*p == '/')
				*p = ',';
		ret = idxgen_schedule_parse(tok, &s);
		if (ret || *n + 2 > MAX_CANDS) {
			fprintf(stderr, "demo-tune: bad candidate '%s'\n", tok);
			ret = -EINVAL;
			break;
		}
		for (uint32_t g = 0; g < 2; g++)
			out[(*n)++] = (struct idxgen_rt_tune_cand){
				.thread = { s.order, { s.stride, s.granularity, s.tile_w, s.tile_h } },
				.grid_order = g ? IDXGEN_RT_GRID_COLS : IDXGEN_RT_GRID_ROWS,
			};
	}
	free(copy);
	return ret;
}

/* Horizontal bars: median ns per block of each candidate, the winner red. */
static int plot(const struct table *t, const char *path)
{
	const double bar = 18, left = 190, width = 420, top = 40;
	double h = top + bar * (t->nres + 3) + 30, max = 1;
	size_t len = strlen(path);
	int svg = len > 4 && !strcmp(path + len - 4, ".svg");
	cairo_surface_t *sf;
	cairo_t *cr;
	char buf[160];
	int ret;

	for (unsigned int i = 0; i < t->nres; i++)
		if (t->res[i].metric_ns > max)
			max = (double)t->res[i].metric_ns;
	if (block_ns(&t->seq_bt) > max)
		max = block_ns(&t->seq_bt);
	if (block_ns(&t->again_bt) > max)
		max = block_ns(&t->again_bt);
	sf = svg ? cairo_svg_surface_create(path, left + width + 90, h)
		 : cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)(left + width + 90), (int)h);
	cr = cairo_create(sf);
	cairo_set_source_rgb(cr, 1, 1, 1);
	cairo_paint(cr);
	cairo_select_font_face(cr, "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
	cairo_set_font_size(cr, 13);
	cairo_set_source_rgb(cr, 0, 0, 0);
	snprintf(buf, sizeof(buf), "%s %ux%u, %ux%u blocks: ns per block (sample: median)",
		 t->workload, t->n, t->n, t->b, t->b);
	cairo_move_to(cr, 10, 22);
	cairo_show_text(cr, buf);
	cairo_set_font_size(cr, 11);
	for (unsigned int i = 0; i <= t->nres + 1; i++) {
		double y = top + bar * i, v;
		const char *label;
		char name[40];

		if (i < t->nres) {
			cand_name(&t->res[i].cand, name, sizeof(name));
			label = name;
			v = (double)t->res[i].metric_ns;
			if (i == t->winner)
				cairo_set_source_rgb(cr, 0.85, 0.15, 0.1);
			else
				cairo_set_source_rgb(cr, 0.3, 0.45, 0.75);
		} else if (i == t->nres) {
			label = "winner, whole grid";
			v = block_ns(&t->again_bt);
			cairo_set_source_rgb(cr, 0.95, 0.55, 0.2);
		} else {
			label = "sequential, whole grid";
			v = block_ns(&t->seq_bt);
			cairo_set_source_rgb(cr, 0.5, 0.5, 0.5);
		}
		cairo_rectangle(cr, left, y + 3, width * v / max, bar - 6);
		cairo_fill(cr);
		cairo_set_source_rgb(cr, 0, 0, 0);
		cairo_move_to(cr, 10, y + bar - 5);
		cairo_show_text(cr, label);
		snprintf(buf, sizeof(buf), "%.0f", v);
		cairo_move_to(cr, left + width * v / max + 4, y + bar - 5);
		cairo_show_text(cr, buf);
	}
	cairo_surface_flush(sf);
	ret = cairo_surface_status(sf) == CAIRO_STATUS_SUCCESS ? 0 : -EIO;
	if (!svg && !ret)
		ret = cairo_surface_write_to_png(sf, path) == CAIRO_STATUS_SUCCESS ? 0 : -EIO;
	cairo_destroy(cr);
	cairo_surface_finish(sf);
	cairo_surface_destroy(sf);
	return ret;
}

static void print_table(const struct table *t)
{
	const struct idxgen_rt_tune_report *r = &t->rep;

	printf("%-28s %7s %12s\n", "CANDIDATE (thread / grid)", "BLOCKS", "NS/BLOCK");
	for (unsigned int i = 0; i < t->nres; i++) {
		char name[40];

		cand_name(&t->res[i].cand, name, sizeof(name));
		printf("%-28s %7llu %12llu%s\n", name, (unsigned long long)t->res[i].blocks,
		       (unsigned long long)t->res[i].metric_ns, i == t->winner ? "  <- winner" : "");
	}
	printf("sample: %llu of %llu blocks (%.1f %%), %u candidates explored, %.1f ms\n",
	       (unsigned long long)r->sample_blocks, (unsigned long long)r->blocks,
	       100.0 * (double)r->sample_blocks / (double)r->blocks, r->explored,
	       (double)r->sample_ns / 1e6);
	printf("rest: %llu blocks under the winner in %.1f ms (%.1f us per block, wall)\n",
	       (unsigned long long)(r->blocks - r->sample_blocks),
	       (double)r->rest_ns / 1e6, t->rest_us);
	printf("%-34s %7s %9s %12s %14s\n", "WHOLE GRID", "BLOCKS", "WALL ms", "DEVICE ms",
	       "NS/BLOCK");
	printf("%-34s %7llu %9.1f %12.1f %14.0f\n", "winner (repeat launch, no sample)",
	       (unsigned long long)t->again.blocks, (double)(t->again.run_ns + t->again.index_ns) / 1e6,
	       (double)t->again.index_ns / 1e6, block_ns(&t->again_bt));
	printf("%-34s %7llu %9.1f %12.1f %14.0f\n", "sequential (no schedule)",
	       (unsigned long long)t->seq.blocks, (double)(t->seq.run_ns + t->seq.index_ns) / 1e6,
	       (double)t->seq.index_ns / 1e6, block_ns(&t->seq_bt));
	printf("time per block, winner / sequential: %.2f (ns per block: each block's own time on its "
	       "worker; device: the launch's index jobs)\n", block_ns(&t->again_bt) / block_ns(&t->seq_bt));
}

int main(int argc, char **argv)
{
	const char *wname = "copy_cols", *plot_path = NULL;
	const char *list = "sequential,strided:16/1,tiled:4x4,zigzag,hilbert";
	struct idxgen_rt_tune_cand cands[MAX_CANDS];
	struct table t = { .n = 512, .b = 16 };
	const struct idxgen_rt_kernel *k = NULL;
	struct idxgen_rt_launch_info info;
	struct idxgen_rt *rt;
	struct wl_data d;
	uint32_t *ref;
	int err, bad = 0;

	for (int i = 1; i < argc; i++) {
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;

		if (!strcmp(argv[i], "--workload") && v)
			wname = v, i++;
		else if (!strcmp(argv[i], "--size") && v)
			t.n = (uint32_t)atoi(v), i++;
		else if (!strcmp(argv[i], "--block") && v)
			t.b = (uint32_t)atoi(v), i++;
		else if (!strcmp(argv[i], "--cands") && v)
			list = v, i++;
		else if (!strcmp(argv[i], "--plot") && v)
			plot_path = v, i++;
		else {
			fprintf(stderr, "usage: demo-tune [--workload NAME] [--size N] [--block B] "
					"[--cands LIST] [--plot FILE.png|.svg]\n");
			return 2;
		}
	}
	for (size_t i = 0; i < sizeof(workloads) / sizeof(workloads[0]); i++)
		if (!strcmp(workloads[i].name, wname))
			k = workloads[i].k;
	if (!k || !t.b || !t.n || t.n % t.b || parse_cands(list, cands, &t.ncands)) {
		fprintf(stderr, "demo-tune: bad workload, size, block or candidates\n");
		return 2;
	}
	t.workload = wname;
	setup(k, t.n, t.b, &d, &ref);
	err = idxgen_rt_create(NULL, &rt);
	if (err) {
		fprintf(stderr, "demo-tune: %s\n", idxgen_strerror(err));
		return 1;
	}

	const struct wl_data *dp = &d;
	void *args[] = { &dp };
	struct idxgen_rt_dim3 grid = IDXGEN_RT_DIM3(t.n / t.b, t.n / t.b, 1);
	struct idxgen_rt_dim3 block = IDXGEN_RT_DIM3(t.b, t.b, 1);
	struct idxgen_rt_tune_opts opts = { .cands = cands, .ncands = t.ncands, .results = t.res,
					    .max_results = MAX_CANDS };
	struct idxgen_rt_tune_report rep2;
	uint64_t nblocks = (uint64_t)grid.x * grid.y;
	struct idxgen_rt_launch_opts prof_again = { .prof_block = note_block, .prof_arg = &t.again_bt };
	struct idxgen_rt_launch_opts prof_seq = { .prof_block = note_block, .prof_arg = &t.seq_bt };

	t.again_bt = (struct block_times){ .max = nblocks, .ns = calloc(nblocks, sizeof(uint64_t)) };
	t.seq_bt = (struct block_times){ .max = nblocks, .ns = calloc(nblocks, sizeof(uint64_t)) };
	if (!t.again_bt.ns || !t.seq_bt.ns) {
		fprintf(stderr, "demo-tune: out of memory\n");
		return 1;
	}
	size_t bytes = (size_t)t.n * t.n * sizeof(uint32_t);

	printf("%s: %ux%u uint32 elements, %ux%u blocks, grid %ux%u = %u blocks, %u candidates\n",
	       wname, t.n, t.n, t.b, t.b, grid.x, grid.y, grid.x * grid.y, t.ncands);
	/* first touch of the output and the inputs, so that no candidate pays for it */
	err = idxgen_rt_launch(rt, k, grid, block, 0, args);
	if (!err)
		err = idxgen_rt_launch_tuned(rt, k, grid, block, args, NULL, &opts, &t.rep, &info);
	if (err) {
		fprintf(stderr, "demo-tune: tuned launch: %s\n", idxgen_strerror(err));
		return 1;
	}
	if (memcmp(d.out, ref, bytes)) {
		printf("tuned launch: result differs from the C reference\n");
		bad++;
	}
	if (t.rep.explored < 2) {
		printf("the sample (%llu blocks) is too small to compare candidates: a bigger "
		       "--size\n", (unsigned long long)t.rep.sample_blocks);
		bad++;
	}
	for (unsigned int i = 0; i < t.rep.explored && i < MAX_CANDS; i++) {
		t.nres++;
		if (!memcmp(&t.res[i].cand, &t.rep.winner, sizeof(t.rep.winner)))
			t.winner = i;
	}
	t.rest_us = (double)t.rep.rest_ns / 1e3 / (double)(t.rep.blocks - t.rep.sample_blocks);
	/* the same shape again: the decision is reused, the whole grid runs under the winner */
	memset(d.out, 0, bytes);
	err = idxgen_rt_launch_tuned(rt, k, grid, block, args, &prof_again, &opts, &rep2,
				     &t.again);
	if (!err && (!rep2.cached || memcmp(&rep2.winner, &t.rep.winner, sizeof(rep2.winner)))) {
		printf("repeat launch: the decision was not reused\n");
		bad++;
	}
	if (!err && memcmp(d.out, ref, bytes)) {
		printf("repeat launch: result differs from the C reference\n");
		bad++;
	}
	memset(d.out, 0, bytes);
	if (!err)
		err = idxgen_rt_launch_ex(rt, k, grid, block, args, &prof_seq, &t.seq);	/* sequential */
	if (err) {
		fprintf(stderr, "demo-tune: repeat or sequential launch: %s\n", idxgen_strerror(err));
		return 1;
	}
	if (memcmp(d.out, ref, bytes)) {
		printf("sequential launch: result differs from the C reference\n");
		bad++;
	}
	block_median(&t.again_bt);
	block_median(&t.seq_bt);
	print_table(&t);
	printf("results of all three launches == C reference: %s\n", bad ? "no" : "yes");
	if (plot_path && (err = plot(&t, plot_path))) {
		fprintf(stderr, "demo-tune: cannot draw %s: %s\n", plot_path, idxgen_strerror(err));
		bad++;
	}
	idxgen_rt_destroy(rt);
	free((void *)d.in);
	free((void *)d.in2);
	free((void *)d.w);
	free(d.out);
	free(ref);
	free(t.again_bt.ns);
	free(t.seq_bt.ns);
	return bad ? 1 : 0;
}
