// SPDX-License-Identifier: MIT
/*
 * autotune.c - performance control (brief 2): a launch with schedule =
 * auto runs a small sample of its blocks under each candidate
 * configuration (thread order x grid order), measures the time per block
 * and runs the rest of the grid under the fastest; the decision is kept
 * per process for the next launches of the same kernel and shape.
 *
 * The sample: the first rows of the grid's first z-slice, cut into one box
 * of w x h blocks per candidate (as square as the share allows, so that a
 * grid order acts on more than one row); each box is run as its own part
 * of the launch (rt_launch_part) with the candidate's orders.  The rest of
 * the grid (the band's unused columns, the rows below it, the other
 * z-slices) runs as a few more parts with the winner's.  Every block runs
 * exactly once.
 *
 * The metric is the MEDIAN of the CLOCK_MONOTONIC time of the candidate's
 * blocks (the runtime's per-block profiling records): per block, because
 * it is what the rest of the grid will cost; the median, because this
 * machine is shared and one preempted block would otherwise decide.
 * Hardware cache-miss counts (perf_event_open) are not used: they are a
 * proxy for the time we can measure directly, unavailable in many VMs and
 * containers (perf_event_paranoid, no virtual PMU), and orders that trade
 * misses for prefetch-friendly streams would be misjudged by them.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "idxgen.h"
#include "idxgen_rt.h"
#include "rt_internal.h"

#define TUNE_DEFAULT_PERMILLE	100	/* 10 % of the blocks */
#define TUNE_MAX_THREAD_ORDERS	128
#define TUNE_MAX_TABLE		64

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

/* ------------------------------------------------------------------ */
/* Decisions, per process                                              */
/* ------------------------------------------------------------------ */

struct tune_entry {
	const struct idxgen_rt_kernel *k;
	uint32_t grid[3], block[3];
	struct idxgen_rt_tune_cand c;
	struct tune_entry *next;
};

static pthread_mutex_t cache_lock = PTHREAD_MUTEX_INITIALIZER;
static struct tune_entry *cache;

static struct tune_entry *cache_find(const struct idxgen_rt_kernel *k, struct idxgen_rt_dim3 g,
				     struct idxgen_rt_dim3 b)
{
	for (struct tune_entry *e = cache; e; e = e->next)
		if (e->k == k && e->grid[0] == g.x && e->grid[1] == g.y && e->grid[2] == g.z &&
		    e->block[0] == b.x && e->block[1] == b.y && e->block[2] == b.z)
			return e;
	return NULL;
}

int idxgen_rt_tune_lookup(const struct idxgen_rt_kernel *k, struct idxgen_rt_dim3 grid,
			  struct idxgen_rt_dim3 block, struct idxgen_rt_tune_cand *c)
{
	struct tune_entry *e;

	if (!k || !c)
		return -EINVAL;
	pthread_mutex_lock(&cache_lock);
	e = cache_find(k, grid, block);
	if (e)
		*c = e->c;
	pthread_mutex_unlock(&cache_lock);
	return e ? 0 : -ENOENT;
}

static void cache_store(const struct idxgen_rt_kernel *k, struct idxgen_rt_dim3 g,
			struct idxgen_rt_dim3 b, const struct idxgen_rt_tune_cand *c)
{
	struct tune_entry *e;

	pthread_mutex_lock(&cache_lock);
	e = cache_find(k, g, b);
	if (!e) {
		e = calloc(1, sizeof(*e));
		if (e) {	/* out of memory: the decision is just not kept */
			e->k = k;
			e->grid[0] = g.x, e->grid[1] = g.y, e->grid[2] = g.z;
			e->block[0] = b.x, e->block[1] = b.y, e->block[2] = b.z;
			e->next = cache;
			cache = e;
		}
	}
	if (e)
		e->c = *c;
	pthread_mutex_unlock(&cache_lock);
}

void idxgen_rt_tune_reset(const struct idxgen_rt_kernel *k)
{
	struct tune_entry **pp;

	pthread_mutex_lock(&cache_lock);
	for (pp = &cache; *pp;) {
		struct tune_entry *e = *pp;

		if (!k || e->k == k) {
			*pp = e->next;
			free(e);
		} else {
			pp = &e->next;
		}
	}
	pthread_mutex_unlock(&cache_lock);
}

/* ------------------------------------------------------------------ */
/* Candidates                                                          */
/* ------------------------------------------------------------------ */

static struct idxgen_rt_schedule rsched(uint32_t order, uint32_t stride, uint32_t gran,
					uint32_t tw, uint32_t th)
{
	struct idxgen_rt_schedule s = { .order = order, .params = { stride, gran, tw, th } };

	return s;
}

/* Append s to th[] unless it is there; returns the new count. */
static unsigned int add_thread(struct idxgen_rt_schedule *th, unsigned int n,
			       struct idxgen_rt_schedule s)
{
	for (unsigned int i = 0; i < n; i++)
		if (!memcmp(&th[i], &s, sizeof(s)))
			return n;
	if (n < TUNE_MAX_THREAD_ORDERS)
		th[n++] = s;
	return n;
}

/*
 * The styles of the default firmware, for a device that has schedule
 * orders but does not report its table (the driver, for now).
 */
static int fallback_table(struct idxgen_schedule *tab, uint32_t lanes)
{
	static const char *const names[] = { "sequential", "strided:2,1", "zigzag", "tiled:4x4",
					     "hilbert" };
	int n = 0;

	for (unsigned int i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (!idxgen_schedule_parse(names[i], &tab[n]))
			n++;
	if (lanes > 1 && lanes <= 0xffff) {
		memset(&tab[n], 0, sizeof(tab[n]));
		tab[n].order = IDXGEN_SCHED_STRIDED;
		tab[n].stride = 2;
		tab[n].granularity = lanes;
		n++;
	}
	return n;
}

int idxgen_rt_tune_candidates(struct idxgen_rt *rt, struct idxgen_rt_dim3 block, uint32_t grid_mask,
			      struct idxgen_rt_tune_cand *out, unsigned int max)
{
	struct idxgen_rt_schedule th[TUNE_MAX_THREAD_ORDERS];
	struct idxgen_schedule tab[TUNE_MAX_TABLE];
	unsigned int nth = 0, n = 0;
	uint64_t plane = (uint64_t)block.x * block.y;
	int ntab = 0;

	if (!rt || !block.x || !block.y || !block.z || (max && !out) ||
	    (grid_mask & ~((1u << IDXGEN_RT_GRID_NUM) - 1)))
		return -EINVAL;
	if (!grid_mask)
		grid_mask = (1u << IDXGEN_RT_GRID_ROWS) | (1u << IDXGEN_RT_GRID_COLS);

	nth = add_thread(th, nth, rsched(IDXGEN_SCHED_SEQUENTIAL, 0, 0, 0, 0));
	if (rt_has_sched_orders(rt)) {
		struct idxgen_info di;

		ntab = idxgen_schedule_table(idxgen_rt_device(rt), tab, TUNE_MAX_TABLE);
		if (ntab == -ENOTSUP && !idxgen_get_info(idxgen_rt_device(rt), &di))
			ntab = fallback_table(tab, di.lanes);
		if (ntab < 0)
			return ntab;
		if (ntab > TUNE_MAX_TABLE)
			ntab = TUNE_MAX_TABLE;
	}
	for (int i = 0; i < ntab; i++) {
		const struct idxgen_schedule *e = &tab[i];

		/* the device's entry itself, then its style's geometric series */
		nth = add_thread(th, nth, rsched(e->order, e->stride, e->granularity, e->tile_w,
						 e->tile_h));
		if (e->order == IDXGEN_SCHED_STRIDED) {
			/* strides 2, 4, ... while a stride cycle has more than one group */
			for (uint64_t s = 2; s * e->granularity < plane && s <= UINT32_MAX; s *= 2)
				nth = add_thread(th, nth, rsched(IDXGEN_SCHED_STRIDED, (uint32_t)s,
								 e->granularity, 0, 0));
		} else if (e->order == IDXGEN_SCHED_TILED && e->tile_w == e->tile_h && block.y > 1) {
			/* square tiles 2, 4, ... narrower than the block (wider ones are rows) */
			for (uint32_t t = 2; t < block.x && t <= 0xffff; t *= 2)
				nth = add_thread(th, nth, rsched(IDXGEN_SCHED_TILED, 0, 0, t, t));
		}
	}
	for (uint32_t g = 0; g < IDXGEN_RT_GRID_NUM; g++) {
		if (!(grid_mask & (1u << g)))
			continue;
		for (unsigned int i = 0; i < nth; i++, n++)
			if (n < max) {
				out[n].thread = th[i];
				out[n].grid_order = g;
			}
	}
	return (int)n;
}

/* ------------------------------------------------------------------ */
/* The tuned launch                                                    */
/* ------------------------------------------------------------------ */

/* Per-block records of one part. */
struct collect {
	const struct idxgen_rt_tune_cand *cand;	/* NULL: not a sample part */
	idxgen_rt_tune_cost_fn cost;
	void *cost_arg;
	idxgen_rt_prof_fn user;			/* the caller's own profiling */
	void *user_arg;
	uint64_t *t;
	uint64_t cap;
	atomic_uint_fast64_t n;
};

static void collect_block(void *arg, const struct idxgen_rt_block_prof *rec)
{
	struct collect *c = arg;

	if (c->cand) {
		uint64_t i = atomic_fetch_add(&c->n, 1);

		if (i < c->cap)
			c->t[i] = c->cost ? c->cost(c->cost_arg, c->cand, rec) :
					    rec->end_ns - rec->start_ns;
	}
	if (c->user)
		c->user(c->user_arg, rec);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Sample size in per mille: the option, else $IDXGEN_TUNE_SAMPLE (percent), else 10 %. */
static uint32_t sample_permille(uint32_t opt)
{
	const char *e = getenv("IDXGEN_TUNE_SAMPLE");

	if (opt)
		return opt;
	if (e && *e) {
		char *end;
		double pc = strtod(e, &end);

		if (!*end && pc > 0 && pc <= 100)
			return pc * 10 < 1 ? 1 : (uint32_t)(pc * 10);
	}
	return TUNE_DEFAULT_PERMILLE;
}

/* Add a part's report to the launch's. */
static void sum_info(struct idxgen_rt_launch_info *s, const struct idxgen_rt_launch_info *p)
{
	s->blocks += p->blocks;
	s->threads += p->threads;
	s->device_jobs += p->device_jobs;
	s->device_hits += p->device_hits;
	s->dedicated |= p->dedicated;
	s->backend = p->backend;
	s->prof_events_ok |= p->prof_events_ok;
	s->index_ns += p->index_ns;
	s->busy_ns += p->busy_ns;
	if (!s->error[0] && p->error[0])
		memcpy(s->error, p->error, sizeof(s->error));
}

struct tuned {
	struct idxgen_rt *rt;
	const struct idxgen_rt_kernel *k;
	struct idxgen_rt_dim3 grid, block;
	void *const *args;
	struct idxgen_rt_launch_opts o;		/* the caller's, schedule and profiling replaced */
	idxgen_rt_prof_fn user;
	void *user_arg;
	struct idxgen_rt_launch_info sum;
};

/* Run the box org/ext with cand's orders; col: records (may be NULL). */
static int run_box(struct tuned *T, const struct idxgen_rt_tune_cand *cand, uint32_t x, uint32_t y,
		   uint32_t z, uint32_t w, uint32_t h, uint32_t d, bool sample, struct collect *col)
{
	struct collect none = { .user = T->user, .user_arg = T->user_arg };
	struct rt_part p = { .org = { x, y, z }, .ext = { w, h, d }, .grid_order = cand->grid_order,
			     .sample = sample };
	struct idxgen_rt_launch_info pi;
	int ret;

	if (!w || !h || !d)
		return 0;
	if (!col)
		col = &none;
	T->o.schedule = cand->thread;
	T->o.prof_block = (col->cand || col->user) ? collect_block : NULL;
	T->o.prof_arg = col;
	ret = rt_launch_part(T->rt, T->k, T->grid, T->block, T->args, &T->o, &p, &pi);
	sum_info(&T->sum, &pi);
	return ret;
}

int idxgen_rt_launch_tuned(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k,
			   struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block, void *const *args,
			   const struct idxgen_rt_launch_opts *opts,
			   const struct idxgen_rt_tune_opts *tune, struct idxgen_rt_tune_report *rep,
			   struct idxgen_rt_launch_info *info)
{
	struct idxgen_rt_tune_opts topt = { 0 };
	struct idxgen_rt_tune_report r = { 0 };
	struct idxgen_rt_tune_cand *own = NULL, win;
	const struct idxgen_rt_tune_cand *cands;
	struct tuned T = { .rt = rt, .k = k, .grid = grid, .block = block, .args = args };
	uint64_t nb, budget, m, *times = NULL, t0 = now_ns(), t1, best = 0;
	uint32_t permille, w, h, slots = 1, rows = 0, gx = grid.x, gy = grid.y;
	unsigned int ncands, ne;
	int ret = 0;

	if (info)
		memset(info, 0, sizeof(*info));
	if (rep)
		memset(rep, 0, sizeof(*rep));
	if (!rt || !k || !grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
		return -EINVAL;
	if (tune)
		topt = *tune;
	permille = sample_permille(topt.sample_permille);
	if (permille > 1000 || (topt.ncands && !topt.cands))
		return -EINVAL;
	/* bad candidates fail the launch even when a decision is cached */
	for (unsigned int i = 0; i < topt.ncands; i++)
		if (topt.cands[i].grid_order >= IDXGEN_RT_GRID_NUM ||
		    topt.cands[i].thread.order == IDXGEN_RT_SCHED_AUTO)
			return -EINVAL;
	if (opts)
		T.o = *opts;
	T.user = T.o.prof_block;
	T.user_arg = T.o.prof_arg;
	nb = (uint64_t)grid.x * grid.y * grid.z;
	r.blocks = nb;

	if (!(topt.flags & IDXGEN_RT_TUNE_NOCACHE) && !idxgen_rt_tune_lookup(k, grid, block, &win)) {
		/* decided before: the whole grid with it */
		r.cached = 1;
		r.winner = win;
		ret = run_box(&T, &win, 0, 0, 0, grid.x, grid.y, grid.z, false, NULL);
		r.rest_ns = now_ns() - t0;
		goto out;
	}

	cands = topt.cands;
	ncands = topt.ncands;
	if (!cands) {
		int n = idxgen_rt_tune_candidates(rt, block, 0, NULL, 0);

		if (n < 0)
			return n;
		own = calloc((size_t)n, sizeof(*own));
		if (!own)
			return -ENOMEM;
		ncands = (unsigned int)idxgen_rt_tune_candidates(rt, block, 0, own, (unsigned int)n);
		cands = own;
	}
	if (!ncands) {
		ret = -EINVAL;
		goto out_free;
	}

	/* the sample's layout: ne boxes of w x h blocks in rows of `slots` boxes */
	budget = nb * permille / 1000;
	ne = ncands > 1 ? ncands : 0;	/* one candidate: nothing to choose */
	if (ne > budget)
		ne = (unsigned int)budget;	/* too few blocks: the first candidates only */
	if (ne > (uint64_t)gx * gy)
		ne = (unsigned int)((uint64_t)gx * gy);
	if (ne < 2)
		ne = 0;
	w = h = 0;
	if (ne) {
		m = budget / ne;
		for (h = 1; (uint64_t)(h + 1) * (h + 1) <= m; h++)	/* floor(sqrt(m)) */
			;
		h = h > gy ? gy : h;
		w = (uint32_t)(m / h > gx ? gx : m / h);
		w = w < 1 ? 1 : w;
		for (;;) {	/* w = h = 1 always fits: ne <= gx * gy */
			slots = gx / w;
			rows = (ne + slots - 1) / slots;
			if ((uint64_t)rows * h <= gy)
				break;
			if (h > 1)
				h--;
			else
				w--;
		}
		times = calloc((size_t)w * h, sizeof(*times));
		if (!times) {
			ret = -ENOMEM;
			goto out_free;
		}
	}

	win = cands[0];
	r.winner_index = 0;
	for (unsigned int i = 0; i < ne && !ret; i++) {
		struct collect col = { .cand = &cands[i], .cost = topt.cost, .cost_arg = topt.cost_arg,
				       .user = T.user, .user_arg = T.user_arg, .t = times,
				       .cap = (uint64_t)w * h };
		uint64_t med = 0, n;

		ret = run_box(&T, &cands[i], (i % slots) * w, (i / slots) * h, 0, w, h, 1, true, &col);
		n = atomic_load(&col.n);
		n = n < col.cap ? n : col.cap;
		if (n) {
			qsort(times, n, sizeof(*times), cmp_u64);
			med = n % 2 ? times[n / 2] : (times[n / 2 - 1] + times[n / 2]) / 2;
		}
		if (i < topt.max_results && topt.results) {
			topt.results[i].cand = cands[i];
			topt.results[i].blocks = n;
			topt.results[i].metric_ns = med;
		}
		r.sample_blocks += n;
		r.explored++;
		if (i == 0 || med < best) {	/* ties: the earlier candidate */
			best = med;
			r.winner_index = i;
			win = cands[i];
		}
	}
	r.winner = win;
	t1 = now_ns();
	r.sample_ns = t1 - t0;

	/* the rest with the winner: the band's unused columns, the rows below, the other slices */
	for (uint32_t row = 0; row < rows && !ret; row++) {
		uint32_t used = row + 1 < rows ? slots : ne - row * slots;

		ret = run_box(&T, &win, used * w, row * h, 0, gx - used * w, h, 1, false, NULL);
	}
	if (!ret)
		ret = run_box(&T, &win, 0, rows * h, 0, gx, gy - rows * h, 1, false, NULL);
	if (!ret)
		ret = run_box(&T, &win, 0, 0, 1, gx, gy, grid.z - 1, false, NULL);
	r.rest_ns = now_ns() - t1;
	/* an uninformed choice (nothing compared) is not worth keeping */
	if (!ret && !(topt.flags & IDXGEN_RT_TUNE_NOCACHE) && (r.explored >= 2 || ncands == 1))
		cache_store(k, grid, block, &win);
out_free:
	free(times);
	free(own);
out:
	T.sum.run_ns = now_ns() - t0;
	if (info)
		*info = T.sum;
	if (rep)
		*rep = r;
	return ret;
}
