// SPDX-License-Identifier: MIT
/*
 * test_rt_async.c - asynchronous launches in flight, and launches from
 * several host threads at once (stress).
 */
#include "test_rt.h"

#include <pthread.h>

void test_async(struct idxgen_rt *rt, unsigned int nt)
{
	enum { N = 4 };
	struct idxgen_rt_launch *l[N];
	float *a[N], *b[N], *c[N], *r[N];
	uint32_t n = 10000;
	int err = 0, ok = 1;

	for (int k = 0; k < N; k++) {
		a[k] = malloc(n * sizeof(float)), b[k] = malloc(n * sizeof(float));
		c[k] = malloc(n * sizeof(float)), r[k] = malloc(n * sizeof(float));
		for (uint32_t i = 0; i < n; i++)
			a[k][i] = frnd(), b[k][i] = frnd();
		vadd_ref(a[k], b[k], r[k], n);
		void *args[] = { &a[k], &b[k], &c[k], &n };	/* copied: arg_sizes is set */
		err |= idxgen_rt_launch_async(rt, &vadd_kernel, IDXGEN_RT_DIM3(n / 100, 1, 1),
					      IDXGEN_RT_DIM3(100, 1, 1), args, NULL, &l[k]);
	}
	for (int k = N - 1; k >= 0; k--) {
		struct idxgen_rt_launch_info info;

		err |= idxgen_rt_wait(l[k], &info);
		ok &= !memcmp(c[k], r[k], n * sizeof(float)) && info.blocks == n / 100;
		free(a[k]), free(b[k]), free(c[k]), free(r[k]);
	}
	tap_ok(!err && ok, "4 asynchronous launches in flight, waited in reverse order, threads=%u", nt);
}

/* ---- stress: launches from several host threads ---- */

struct stress_arg {
	struct idxgen_rt *rt;
	int id, fails;
};

static void *stress_main(void *arg)
{
	struct stress_arg *s = arg;
	int iters = quick ? 6 : 40;

	for (int it = 0; it < iters; it++) {
		uint32_t n = 1000 + 37 * (uint32_t)(s->id * 7 + it), bs = 32u << (it % 3);
		float *a = malloc(n * sizeof(float)), *b = malloc(n * sizeof(float));
		float *c = malloc(n * sizeof(float)), *r = malloc(n * sizeof(float));
		int32_t *d = malloc(bs * 4 * sizeof(int32_t)), *dr = malloc(bs * 4 * sizeof(int32_t));
		struct idxgen_rt_launch *l;
		int err;

		for (uint32_t i = 0; i < n; i++)
			a[i] = (float)(i * s->id), b[i] = (float)it, c[i] = -1;
		vadd_ref(a, b, r, n);
		for (uint32_t i = 0; i < bs * 4; i++)
			d[i] = (int32_t)(i * 3 + (uint32_t)s->id);
		for (uint32_t blk = 0; blk < 4; blk++)
			for (uint32_t x = 0; x < bs; x++)
				dr[blk * bs + x] = d[blk * bs + bs - 1 - x] + d[blk * bs + x];
		void *args[] = { &a, &b, &c, &n };
		void *rargs[] = { &d };

		err = idxgen_rt_launch_async(s->rt, &vadd_kernel, IDXGEN_RT_DIM3((n + bs - 1) / bs, 1, 1),
					     IDXGEN_RT_DIM3(bs, 1, 1), args, NULL, &l);
		err |= idxgen_rt_launch(s->rt, &rev_kernel, IDXGEN_RT_DIM3(4, 1, 1), IDXGEN_RT_DIM3(bs, 1, 1),
					0, rargs);
		if (!err)
			err = idxgen_rt_wait(l, NULL);
		if (err || memcmp(c, r, n * sizeof(float)) || memcmp(d, dr, bs * 4 * sizeof(int32_t)))
			s->fails++;
		free(a), free(b), free(c), free(r), free(d), free(dr);
	}
	return NULL;
}

void test_stress(struct idxgen_rt *rt, unsigned int nt)
{
	enum { H = 4 };
	pthread_t th[H];
	struct stress_arg sa[H];
	int fails = 0;

	for (int i = 0; i < H; i++) {
		sa[i] = (struct stress_arg){ .rt = rt, .id = i + 1 };
		pthread_create(&th[i], NULL, stress_main, &sa[i]);
	}
	for (int i = 0; i < H; i++) {
		pthread_join(th[i], NULL);
		fails += sa[i].fails;
	}
	tap_ok(!fails, "stress: %d host threads, sync + async launches at once, threads=%u: %d failures", H,
	       nt, fails);
}
