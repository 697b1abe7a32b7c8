// SPDX-License-Identifier: MIT
/*
 * autotune.c - performance control (docs/design.md#performance-control): a launch with schedule =
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
 * The metric is the MEDIAN of the thread CPU time (CLOCK_THREAD_CPUTIME_ID,
 * the records' cpu_ns; CLOCK_MONOTONIC time where the clock is missing) of
 * the candidate's blocks (the runtime's per-block profiling records): per
 * block, because it is what the rest of the grid will cost; CPU time of
 * the worker's thread, because this machine is shared and the wall-clock
 * time of a block counts the slices other processes took the core away
 * (which the next launch will not see again); and the median, because a
 * block that was preempted anyway (cache and TLB lost) would otherwise
 * decide.
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
/*
 * Box of a candidate in round 0 at most this many blocks, doubling each
 * round: a few blocks tell a poor candidate from a good one, and blocks
 * run under poor candidates are what the sample costs.  (With equal
 * shares per round instead, copy_cols at n = 16384 ran 21 blocks per
 * candidate in round 0, 1.6 % of its grid, under candidates averaging
 * about 8x the best's time; auto's first launch was 6 % above the best.)
 */
#define TUNE_ROUND0_BOX		4

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

/*
 * Per-block records of a sample launch: the issue position says which
 * part, hence which candidate, a block ran under.
 */
/* One part (box) of a sample round: its candidate and the issue position of its first block. */
struct round_part {
	unsigned int cand;
	uint64_t first;
};

struct collect {
	const struct idxgen_rt_tune_cand *cands;
	const struct round_part *rp;	/* the round's parts, by issue position */
	unsigned int nparts;
	idxgen_rt_tune_cost_fn cost;
	void *cost_arg;
	idxgen_rt_prof_fn user;		/* the caller's own profiling */
	void *user_arg;
	uint64_t *t;			/* per issue position: the block's time or cost */
	uint64_t nblocks;
};

static void collect_block(void *arg, const struct idxgen_rt_block_prof *rec)
{
	struct collect *c = arg;

	if (c->t && rec->seq < c->nblocks) {
		unsigned int lo = 0, hi = c->nparts - 1;

		while (lo < hi) {	/* the last part starting at or before seq */
			unsigned int mid = (lo + hi + 1) / 2;

			if (c->rp[mid].first <= rec->seq)
				lo = mid;
			else
				hi = mid - 1;
		}
		c->t[rec->seq] = c->cost ? c->cost(c->cost_arg, &c->cands[c->rp[lo].cand], rec) :
			      rec->cpu_ns ? rec->cpu_ns : rec->end_ns - rec->start_ns;
	}
	if (c->user)
		c->user(c->user_arg, rec);
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

static uint64_t median(uint64_t *v, uint64_t n)
{
	if (!n)
		return UINT64_MAX;
	qsort(v, n, sizeof(*v), cmp_u64);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
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

static uint32_t isqrt(uint64_t m)
{
	uint32_t h = 1;

	while ((uint64_t)(h + 1) * (h + 1) <= m)
		h++;
	return h;
}

/*
 * The sample plan: rounds of successive halving.  Round r runs the n_r
 * surviving candidates on a box of m_r blocks each (all of a round in one
 * launch), the better half survives; every round gets at most the same
 * share of the budget and boxes of at most TUNE_ROUND0_BOX << r blocks,
 * so a survivor's boxes grow as the field shrinks and the blocks spent on
 * poor candidates stay few (the budget is a ceiling, not a target; the
 * last round, two candidates, takes what is left up to its cap).  Round r's boxes are
 * w_r x h_r (near square: a grid order acts on more than one row), laid
 * left to right in bands of height h_r, the bands of all rounds stacked
 * from the top of z-slice 0.
 */
#define TUNE_MAX_ROUNDS 32
struct plan {
	unsigned int rounds;
	unsigned int n[TUNE_MAX_ROUNDS];	/* candidates in round r */
	uint32_t w[TUNE_MAX_ROUNDS], h[TUNE_MAX_ROUNDS], slots[TUNE_MAX_ROUNDS];
	uint32_t y0[TUNE_MAX_ROUNDS], bands[TUNE_MAX_ROUNDS];
	uint32_t height;			/* rows of the grid the sample occupies */
	uint64_t blocks;
};

/* Lay out rounds for ne candidates in at most budget blocks; false if they do not fit. */
static bool plan_make(struct plan *P, unsigned int ne, uint64_t budget, uint32_t gx, uint32_t gy,
		      bool halving)
{
	unsigned int R = 1, n = ne;
	uint64_t per_round, left = budget;

	memset(P, 0, sizeof(*P));
	while (halving && (1u << R) < ne && R < TUNE_MAX_ROUNDS)
		R++;	/* ceil(log2 ne) rounds take the field down to one */
	per_round = budget / R;
	for (unsigned int r = 0; r < R && n >= 1; r++) {
		uint64_t m = per_round / n;

		if (r == R - 1 || !halving)
			m = left / n;	/* the last round takes what is left */
		if (halving && r < 31 && m > ((uint64_t)TUNE_ROUND0_BOX << r))
			m = (uint64_t)TUNE_ROUND0_BOX << r;
		if (m < 1)
			m = 1;
		if ((uint64_t)n * m > left)
			break;	/* no budget for this round: decide on what was seen */
		P->h[r] = isqrt(m);
		P->w[r] = (uint32_t)(m / P->h[r] > gx ? gx : m / P->h[r]);
		if (P->h[r] > gy)
			P->h[r] = gy;
		P->slots[r] = gx / P->w[r];
		P->bands[r] = (n + P->slots[r] - 1) / P->slots[r];
		P->y0[r] = P->height;
		if ((uint64_t)P->height + (uint64_t)P->bands[r] * P->h[r] > gy)
			return false;
		P->height += P->bands[r] * P->h[r];
		P->n[r] = n;
		P->blocks += (uint64_t)n * P->w[r] * P->h[r];
		left -= (uint64_t)n * P->w[r] * P->h[r];
		P->rounds = r + 1;
		if (n == 1)
			break;
		n = (n + 1) / 2;
	}
	return P->rounds > 0;
}

struct tuned {
	struct idxgen_rt *rt;
	const struct idxgen_rt_kernel *k;
	struct idxgen_rt_dim3 grid, block;
	void *const *args;
	struct idxgen_rt_launch_opts o;		/* the caller's, profiling replaced */
	struct idxgen_rt_launch_info sum;
};

static int launch_parts(struct tuned *T, const struct rt_part *parts, unsigned int n, bool sample,
			struct collect *col)
{
	struct idxgen_rt_launch_info pi;
	int ret;

	if (!n)
		return 0;
	T->o.prof_block = (col->t || col->user) ? collect_block : NULL;
	T->o.prof_arg = col;
	ret = rt_launch_parts(T->rt, T->k, T->grid, T->block, T->args, &T->o, parts, n, sample, &pi);
	sum_info(&T->sum, &pi);
	return ret;
}

static struct rt_part box(const struct idxgen_rt_tune_cand *c, uint32_t x, uint32_t y, uint32_t z,
			  uint32_t w, uint32_t h, uint32_t d)
{
	struct rt_part p = { .org = { x, y, z }, .ext = { w, h, d }, .grid_order = c->grid_order,
			     .sched = c->thread };

	return p;
}

/* Sort key of a survivor: its median so far, then its position (ties: the earlier). */
struct rank {
	uint64_t metric;
	unsigned int idx;
};

static int cmp_rank(const void *a, const void *b)
{
	const struct rank *x = a, *y = b;

	if (x->metric != y->metric)
		return x->metric < y->metric ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* The metrics of one explored candidate's sample blocks, all rounds so far. */
struct tune_times {
	uint64_t *v;
	uint64_t n;
};

/*
 * A tuned launch as a session: begin (check, the cached decision), plan
 * (candidates, rounds, bookkeeping), one round after the other (each runs
 * the survivors on their boxes and ranks them), finish (the rest of the
 * grid with the winner, the decision kept), free.
 */
struct tune_session {
	struct tuned T;
	struct collect col;
	struct idxgen_rt_tune_opts topt;
	struct idxgen_rt_tune_report r;
	const struct idxgen_rt_tune_cand *cands;
	struct idxgen_rt_tune_cand *own;	/* the default candidates, when the caller gave none */
	unsigned int ncands;
	unsigned int ne;			/* candidates explored (0: none, the first one wins) */
	struct plan P;
	struct rt_part *parts;			/* a round's boxes (ne + 4 of them) */
	struct round_part *rp;			/* where each box's blocks are in the issue order */
	uint64_t *t;				/* per issue position of a round: the block's metric */
	struct tune_times *times;		/* per candidate */
	struct rank *alive;			/* the survivors, best first after each round */
	struct idxgen_rt_tune_cand win;
	uint64_t t0, t1;
};

/* Check the launch and the options; 0, or a negative errno (nothing to free). */
static int session_begin(struct tune_session *S, struct idxgen_rt *rt, const struct idxgen_rt_kernel *k,
			 struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block, void *const *args,
			 const struct idxgen_rt_launch_opts *opts, const struct idxgen_rt_tune_opts *tune)
{
	memset(S, 0, sizeof(*S));
	S->t0 = now_ns();
	S->T = (struct tuned){ .rt = rt, .k = k, .grid = grid, .block = block, .args = args };
	if (!rt || !k || !grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
		return -EINVAL;
	if (tune)
		S->topt = *tune;
	S->topt.sample_permille = sample_permille(S->topt.sample_permille);
	if (S->topt.sample_permille > 1000 || (S->topt.ncands && !S->topt.cands))
		return -EINVAL;
	/* bad candidates fail the launch even when a decision is cached */
	for (unsigned int i = 0; i < S->topt.ncands; i++)
		if (S->topt.cands[i].grid_order >= IDXGEN_RT_GRID_NUM ||
		    S->topt.cands[i].thread.order == IDXGEN_RT_SCHED_AUTO)
			return -EINVAL;
	if (opts)
		S->T.o = *opts;
	S->col.user = S->T.o.prof_block;
	S->col.user_arg = S->T.o.prof_arg;
	S->r.blocks = (uint64_t)grid.x * grid.y * grid.z;
	return 0;
}

/* The candidates, the rounds' layout and the bookkeeping for them. */
static int session_plan(struct tune_session *S)
{
	const uint32_t gx = S->T.grid.x, gy = S->T.grid.y;
	uint64_t budget, cap = 0, mine = 0;	/* largest box; most blocks one candidate can run */
	unsigned int ne;

	S->cands = S->topt.cands;
	S->ncands = S->topt.ncands;
	if (!S->cands) {
		int n = idxgen_rt_tune_candidates(S->T.rt, S->T.block, 0, NULL, 0);

		if (n < 0)
			return n;
		S->own = calloc((size_t)n, sizeof(*S->own));
		if (!S->own)
			return -ENOMEM;
		S->ncands = (unsigned int)idxgen_rt_tune_candidates(S->T.rt, S->T.block, 0, S->own, (unsigned int)n);
		S->cands = S->own;
	}
	if (!S->ncands)
		return -EINVAL;
	S->win = S->cands[0];
	budget = S->r.blocks * S->topt.sample_permille / 1000;
	ne = S->ncands > 1 ? S->ncands : 0;	/* one candidate: nothing to choose */
	if (ne > budget)
		ne = (unsigned int)budget;	/* too few blocks: the first candidates only */
	if (ne > (uint64_t)gx * gy)
		ne = (unsigned int)((uint64_t)gx * gy);
	if (ne < 2)
		ne = 0;
	/* halving if it fits, else one round (always fits: ne <= gx * gy, 1x1 boxes) */
	if (ne && !plan_make(&S->P, ne, budget, gx, gy, true) && !plan_make(&S->P, ne, budget, gx, gy, false) &&
	    !plan_make(&S->P, ne, ne, gx, gy, false))	/* one block each */
		ne = 0;
	if (!ne) {
		memset(&S->P, 0, sizeof(S->P));
		return 0;
	}
	S->ne = ne;
	for (unsigned int rr = 0; rr < S->P.rounds; rr++) {
		uint64_t box = (uint64_t)S->P.w[rr] * S->P.h[rr];

		cap = cap > box ? cap : box;
		mine += box;
	}
	S->t = calloc((size_t)(S->P.n[0] * cap), sizeof(*S->t));
	S->parts = calloc(ne + 4, sizeof(*S->parts));
	S->rp = calloc(ne, sizeof(*S->rp));
	S->alive = calloc(ne, sizeof(*S->alive));
	S->times = calloc(ne, sizeof(*S->times));
	for (unsigned int i = 0; S->times && i < ne; i++)
		if (!(S->times[i].v = calloc((size_t)mine, sizeof(uint64_t))))
			return -ENOMEM;
	if (!S->t || !S->parts || !S->rp || !S->alive || !S->times)
		return -ENOMEM;
	for (unsigned int i = 0; i < ne; i++)
		S->alive[i].idx = i;
	return 0;
}

/* Round rr: the survivors on their boxes in one launch, then ranked by their medians so far. */
static int session_round(struct tune_session *S, unsigned int rr)
{
	const struct plan *P = &S->P;
	unsigned int n = P->n[rr];
	uint64_t first = 0, per = (uint64_t)P->w[rr] * P->h[rr];
	int ret;

	for (unsigned int j = 0; j < n; j++) {
		unsigned int ci = S->alive[j].idx;

		S->parts[j] = box(&S->cands[ci], (j % P->slots[rr]) * P->w[rr],
				  P->y0[rr] + (j / P->slots[rr]) * P->h[rr], 0, P->w[rr], P->h[rr], 1);
		S->rp[j] = (struct round_part){ .cand = ci, .first = first };
		first += per;
	}
	S->col.cands = S->cands;
	S->col.rp = S->rp;
	S->col.nparts = n;
	S->col.cost = S->topt.cost;
	S->col.cost_arg = S->topt.cost_arg;
	S->col.t = S->t;
	S->col.nblocks = first;
	memset(S->t, 0xff, (size_t)first * sizeof(*S->t));	/* UINT64_MAX: not run */
	ret = launch_parts(&S->T, S->parts, n, true, &S->col);
	/* each candidate's blocks of this round join its earlier ones */
	for (unsigned int j = 0; j < n; j++) {
		struct tune_times *tt = &S->times[S->rp[j].cand];

		for (uint64_t q = 0; q < per; q++)
			if (S->t[S->rp[j].first + q] != UINT64_MAX)
				tt->v[tt->n++] = S->t[S->rp[j].first + q];
		S->r.sample_blocks += per;
	}
	if (rr == 0)
		S->r.explored = n;
	/* rank the survivors by their median so far; the better half goes on */
	for (unsigned int j = 0; j < n; j++) {
		unsigned int ci = S->alive[j].idx;
		const struct tune_times *tt = &S->times[ci];
		uint64_t *v = malloc((size_t)(tt->n ? tt->n : 1) * sizeof(*v));

		if (!v) {
			ret = -ENOMEM;
			break;
		}
		memcpy(v, tt->v, (size_t)tt->n * sizeof(*v));
		S->alive[j].metric = median(v, tt->n);
		free(v);
		if (ci < S->topt.max_results && S->topt.results) {
			S->topt.results[ci].cand = S->cands[ci];
			S->topt.results[ci].blocks = tt->n;
			S->topt.results[ci].metric_ns = S->alive[j].metric;
		}
	}
	qsort(S->alive, n, sizeof(*S->alive), cmp_rank);
	return ret;
}

/* The rest of the grid with the winner, one launch: the bands' unused columns, the rows below, the other slices. */
static int session_finish(struct tune_session *S)
{
	const struct plan *P = &S->P;
	const uint32_t gx = S->T.grid.x, gy = S->T.grid.y;
	struct rt_part one[3], *rest = S->parts ? S->parts : one;	/* no sample: at most 2 parts */
	unsigned int nparts = 0, nr = 0;
	int ret;

	for (unsigned int rr = 0; rr < P->rounds; rr++)
		nparts += P->bands[rr];
	if (nparts + 2 > S->ne + 4 && !(rest = calloc(nparts + 2, sizeof(*rest))))
		return -ENOMEM;
	for (unsigned int rr = 0; rr < P->rounds; rr++)
		for (uint32_t b = 0; b < P->bands[rr]; b++) {
			uint32_t used = b + 1 < P->bands[rr] ? P->slots[rr] : P->n[rr] - b * P->slots[rr];

			if (gx > used * P->w[rr])
				rest[nr++] = box(&S->win, used * P->w[rr], P->y0[rr] + b * P->h[rr], 0,
						 gx - used * P->w[rr], P->h[rr], 1);
		}
	if (gy > P->height)
		rest[nr++] = box(&S->win, 0, P->height, 0, gx, gy - P->height, 1);
	if (S->T.grid.z > 1)
		rest[nr++] = box(&S->win, 0, 0, 1, gx, gy, S->T.grid.z - 1);
	S->col.t = NULL;
	ret = launch_parts(&S->T, rest, nr, false, &S->col);
	if (rest != S->parts && rest != one)
		free(rest);
	/* an uninformed choice (nothing compared) is not worth keeping */
	if (!ret && !(S->topt.flags & IDXGEN_RT_TUNE_NOCACHE) && (S->r.explored >= 2 || S->ncands == 1))
		cache_store(S->T.k, S->T.grid, S->T.block, &S->win);
	return ret;
}

static void session_free(struct tune_session *S)
{
	for (unsigned int i = 0; S->times && i < S->ne; i++)
		free(S->times[i].v);
	free(S->times);
	free(S->alive);
	free(S->rp);
	free(S->parts);
	free(S->t);
	free(S->own);
}

int idxgen_rt_launch_tuned(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k,
			   struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block, void *const *args,
			   const struct idxgen_rt_launch_opts *opts,
			   const struct idxgen_rt_tune_opts *tune, struct idxgen_rt_tune_report *rep,
			   struct idxgen_rt_launch_info *info)
{
	struct tune_session S;
	int ret;

	if (info)
		memset(info, 0, sizeof(*info));
	if (rep)
		memset(rep, 0, sizeof(*rep));
	ret = session_begin(&S, rt, k, grid, block, args, opts, tune);
	if (ret)
		return ret;
	if (!(S.topt.flags & IDXGEN_RT_TUNE_NOCACHE) && !idxgen_rt_tune_lookup(k, grid, block, &S.win)) {
		/* decided before: the whole grid with it */
		struct rt_part all = box(&S.win, 0, 0, 0, grid.x, grid.y, grid.z);

		S.r.cached = 1;
		S.r.winner = S.win;
		ret = launch_parts(&S.T, &all, 1, false, &S.col);
		S.r.rest_ns = now_ns() - S.t0;
		goto out;
	}
	ret = session_plan(&S);
	if (ret)
		goto out;
	for (unsigned int rr = 0; rr < S.P.rounds && !ret; rr++)
		ret = session_round(&S, rr);
	if (S.ne) {
		S.r.winner_index = S.alive[0].idx;
		S.win = S.cands[S.alive[0].idx];
	}
	S.r.winner = S.win;
	S.t1 = now_ns();
	S.r.sample_ns = S.t1 - S.t0;
	if (!ret)
		ret = session_finish(&S);
	S.r.rest_ns = now_ns() - S.t1;
out:
	session_free(&S);
	S.T.sum.run_ns = now_ns() - S.t0;
	if (info)
		*info = S.T.sum;
	if (rep)
		*rep = S.r;
	return ret;
}
