// SPDX-License-Identifier: MIT
/*
 * test_lib_threads.c - the libidxgen suite (test_lib.c): concurrency (threads with their
 * own or one shared context) and lifetime.
 */
#include "test_lib.h"
#include <dirent.h>
#include <pthread.h>

/* Open file descriptors of this process (/proc/self/fd), -1 if unknown. */
static int open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n - 1;	/* the directory's own descriptor */
}

struct worker {
	struct idxgen_context *ctx;	/* own, or shared with the others */
	struct idxgen_region *reg;
	int id, failures, jobs;
};

#define WORKER_ROUNDS 40

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	struct idxgen_config cfg[4];
	struct idxgen_job_result r;
	idxgen_job_t j[4];
	int round, k, n;

	for (round = 0; round < WORKER_ROUNDS; round++) {
		n = 1 + (round + w->id) % 4;
		for (k = 0; k < n; k++) {
			/* distinct shapes per worker so a wrong routing shows up */
			idxgen_config_init(&cfg[k], dev, 8 + w->id, 4 + k, 1 + round % 3, 32);
			idxgen_config_target(&cfg[k], w->reg, k * 1024);
			cfg[k].user_tag = (uint32_t)(w->id << 16 | round << 4 | k);
		}
		if (idxgen_submit(w->ctx, cfg, n, j)) {
			w->failures++;
			continue;
		}
		if (idxgen_wait(w->ctx, j[n - 1], LIB_HANG_GUARD_S * SEC, NULL)) {
			w->failures++;
			continue;
		}
		for (k = 0; k < n; k++) {
			if (idxgen_job_result(w->ctx, j[k], &r) || r.status ||
			    r.user_tag != cfg[k].user_tag)
				w->failures++;
			w->jobs++;
		}
		/* only this worker writes its region: the output must be intact */
		for (k = 0; k < n; k++)
			if (!output_ok(&cfg[k]))
				w->failures++;
	}
	return NULL;
}

void test_threads(void)
{
	enum { N = 4 };
	struct idxgen_context *shared_ctx;
	struct worker w[N];
	pthread_t t[N];
	int pass, i, fail, jobs;

	for (pass = 0; pass < 2; pass++) {
		idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &shared_ctx);
		for (i = 0; i < N; i++) {
			memset(&w[i], 0, sizeof(w[i]));
			w[i].id = i;
			if (pass == 0)
				idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &w[i].ctx);
			else
				w[i].ctx = shared_ctx;
			idxgen_region_alloc(dev, 4 * 4096, &w[i].reg);
			pthread_create(&t[i], NULL, worker_main, &w[i]);
		}
		for (i = 0, fail = 0, jobs = 0; i < N; i++) {
			pthread_join(t[i], NULL);
			fail += w[i].failures;
			jobs += w[i].jobs;
			idxgen_region_free(w[i].reg);
			if (pass == 0)
				idxgen_context_destroy(w[i].ctx);
		}
		idxgen_context_destroy(shared_ctx);
		tap_ok(fail == 0 && jobs == N * WORKER_ROUNDS * 10 / 4,
		       "%d threads submitting on %s: %d jobs, %d failures", N,
		       pass ? "one shared context" : "their own contexts", jobs, fail);
	}
}

void test_lifetime(void)
{
	struct idxgen_context *ctx;
	struct idxgen_region *a, *b;
	struct idxgen_config cfg;
	struct idxgen_job_result r;
	struct idxgen_device *d2;
	struct idxgen_stats s0, s1;
	const void *map;
	unsigned int i;
	int ret, fds;

	idxgen_get_stats(dev, &s0);
	idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx);
	idxgen_region_alloc(dev, 8192, &a);
	idxgen_config_init(&cfg, dev, 32, 64, 1, 32);
	idxgen_config_target(&cfg, a, 0);
	idxgen_run(ctx, &cfg, &r);
	ret = idxgen_run(ctx, &cfg, &r);
	tap_ok(ret == 0 && r.hit, "region A: second run hits");
	idxgen_region_free(a);
	ret = idxgen_region_alloc(dev, 8192, &b);
	idxgen_region_map(b, &map);
	for (i = 0; i < 8192 && ((const uint8_t *)map)[i] == 0; i++)
		;
	tap_ok(ret == 0 && i == 8192, "region B allocated after freeing A reads as zeros");
	idxgen_config_target(&cfg, b, 0);
	ret = idxgen_run(ctx, &cfg, &r);
	tap_ok(ret == 0 && !r.hit && output_ok(&cfg),
	       "the same config on B misses: A's history died with A");
	idxgen_region_free(b);

	/* a second open of the same device is independent */
	fds = open_fds();
	ret = idxgen_open(0, 0, &d2);
	tap_ok(ret == 0, "second handle to device 0");
	if (!ret) {
		struct idxgen_context *c2;
		struct idxgen_region *r2;

		idxgen_region_alloc(dev, 8192, &a);
		idxgen_context_create(d2, IDXGEN_PRIORITY_NORMAL, &c2);
		idxgen_region_alloc(d2, 8192, &r2);
		idxgen_config_target(&cfg, a, 0);
		tap_ok(idxgen_submit(c2, &cfg, 1, NULL) == -EINVAL,
		       "a region of another handle is refused: -EINVAL");
		idxgen_config_target(&cfg, r2, 0);
		tap_ok(OK(idxgen_run(c2, &cfg, &r)) && output_ok(&cfg), "runs on the second handle");
		idxgen_close(d2);	/* with its context and region still open */
		idxgen_region_free(a);
		tap_ok(fds >= 0 && open_fds() == fds,
		       "close with live contexts and regions releases every descriptor (%d open before, %d after)",
		       fds, open_fds());
	}
	idxgen_context_destroy(ctx);
	ret = idxgen_get_stats(dev, &s1);
	tap_ok(ret == 0 && s1.jobs >= s0.jobs + 3 && s1.hits >= s0.hits + 1 &&
	       s1.misses >= s0.misses + 2, "stats count the jobs, hits and misses (%" PRIu64
	       " jobs, %" PRIu64 " hits, %" PRIu64 " misses)", s1.jobs, s1.hits, s1.misses);
}
