// SPDX-License-Identifier: MIT
/*
 * test_rt_kernels.c - the test kernels of kernels.h against their plain C
 * references (vector add, reduction, tiled matmul, 3-D stencil, block-local
 * reversal, votes and atomics), and the layout of a block's private and
 * shared areas.
 */
#include "test_rt.h"

void test_vadd(struct idxgen_rt *rt, unsigned int nt, uint32_t n, uint32_t bs)
{
	float *a = malloc(n * sizeof(float)), *b = malloc(n * sizeof(float));
	float *c = malloc(n * sizeof(float)), *r = malloc(n * sizeof(float));
	uint32_t i;
	int err;

	for (i = 0; i < n; i++)
		a[i] = frnd(), b[i] = frnd(), c[i] = -99;
	vadd_ref(a, b, r, n);
	void *args[] = { &a, &b, &c, &n };
	err = idxgen_rt_launch(rt, &vadd_kernel, IDXGEN_RT_DIM3((n + bs - 1) / bs, 1, 1),
			       IDXGEN_RT_DIM3(bs, 1, 1), 0, args);
	tap_ok(!err && !memcmp(c, r, n * sizeof(float)), "vadd n=%u block=%u threads=%u (%s)", n, bs,
	       nt, idxgen_strerror(err));
	free(a), free(b), free(c), free(r);
}

void test_reduce(struct idxgen_rt *rt, unsigned int nt, uint32_t n, uint32_t bs)
{
	uint32_t nb = (n + bs - 1) / bs, i;
	int32_t *in = malloc(n * sizeof(int32_t)), *out = calloc(nb, sizeof(int32_t));
	int32_t *ref = calloc(nb, sizeof(int32_t));
	int err;

	for (i = 0; i < n; i++) {
		in[i] = (int32_t)(rnd() % 1000) - 500;
		ref[i / bs] += in[i];
	}
	void *args[] = { &in, &out, &n };
	err = idxgen_rt_launch(rt, &reduce_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(bs, 1, 1),
			       bs * sizeof(int32_t), args);
	tap_ok(!err && !memcmp(out, ref, nb * sizeof(int32_t)),
	       "reduce (shared memory, barriers in a loop) n=%u block=%u threads=%u (%s)", n, bs, nt,
	       idxgen_strerror(err));
	free(in), free(out), free(ref);
}

void test_matmul(struct idxgen_rt *rt, unsigned int nt, uint32_t n,
		 const struct idxgen_rt_kernel *k)
{
	size_t sz = (size_t)n * n;
	float *A = malloc(sz * sizeof(float)), *B = malloc(sz * sizeof(float));
	float *C = malloc(sz * sizeof(float)), *R = malloc(sz * sizeof(float));
	int err;

	for (size_t i = 0; i < sz; i++)
		A[i] = frnd(), B[i] = frnd(), C[i] = -99;
	matmul_ref(A, B, R, n);
	void *args[] = { &A, &B, &C, &n };
	err = idxgen_rt_launch(rt, k, IDXGEN_RT_DIM3(n / MM_T, n / MM_T, 1),
			       IDXGEN_RT_DIM3(MM_T, MM_T, 1), 0, args);
	tap_ok(!err && !memcmp(C, R, sz * sizeof(float)),
	       "tiled matmul (%s) %ux%u (acc live across barriers) threads=%u (%s)", k->name, n, n, nt,
	       idxgen_strerror(err));
	free(A), free(B), free(C), free(R);
}

void test_stencil(struct idxgen_rt *rt, unsigned int nt, uint32_t nx, uint32_t ny, uint32_t nz,
		  struct idxgen_rt_dim3 bd, const struct idxgen_rt_kernel *k)
{
	size_t sz = (size_t)nx * ny * nz;
	float *in = malloc(sz * sizeof(float)), *out = malloc(sz * sizeof(float));
	float *ref = malloc(sz * sizeof(float));
	int err;

	for (size_t i = 0; i < sz; i++)
		in[i] = frnd(), out[i] = -99;
	stencil_ref(in, ref, nx, ny, nz);
	void *args[] = { &in, &out, &nx, &ny, &nz };
	err = idxgen_rt_launch(rt, k,
			       IDXGEN_RT_DIM3((nx + bd.x - 1) / bd.x, (ny + bd.y - 1) / bd.y,
					      (nz + bd.z - 1) / bd.z), bd, 0, args);
	tap_ok(!err && !memcmp(out, ref, sz * sizeof(float)),
	       "3-D stencil (%s) %ux%ux%u block %ux%ux%u threads=%u (%s)", k->name, nx, ny, nz, bd.x, bd.y,
	       bd.z, nt, idxgen_strerror(err));
	free(in), free(out), free(ref);
}

void test_rev(struct idxgen_rt *rt, unsigned int nt, uint32_t nb, uint32_t bs)
{
	uint32_t n = nb * bs;
	int32_t *d = malloc(n * sizeof(int32_t)), *ref = malloc(n * sizeof(int32_t));
	int err;

	for (uint32_t i = 0; i < n; i++)
		d[i] = (int32_t)(rnd() % 100000);
	for (uint32_t b = 0; b < nb; b++)
		for (uint32_t x = 0; x < bs; x++)
			ref[b * bs + x] = d[b * bs + bs - 1 - x] + d[b * bs + x];
	void *args[] = { &d };
	err = idxgen_rt_launch(rt, &rev_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(bs, 1, 1), 0, args);
	tap_ok(!err && !memcmp(d, ref, n * sizeof(int32_t)),
	       "block-local reversal (value live across a barrier) %u blocks of %u threads=%u (%s)", nb,
	       bs, nt, idxgen_strerror(err));
	free(d), free(ref);
}

void test_vote(struct idxgen_rt *rt, unsigned int nt)
{
	const uint32_t nb = 37, bs = 96, n = nb * bs;
	int32_t *d = malloc(n * sizeof(int32_t)), total = 0, rtotal = 0;
	uint32_t *counts = calloc(4 * nb, sizeof(uint32_t)), ok = 1;
	uint64_t hist[8] = { 0 }, rhist[8] = { 0 };
	float ftotal = 0;
	int err;

	for (uint32_t i = 0; i < n; i++) {
		d[i] = (int32_t)(rnd() % 41) - 20;
		rtotal += d[i];
		rhist[d[i] & 7]++;
	}
	void *args[] = { &d, &counts, &(int32_t *){ &total }, &(float *){ &ftotal }, &(uint64_t *){ hist } };
	err = idxgen_rt_launch(rt, &vote_kernel, IDXGEN_RT_DIM3(nb, 1, 1), IDXGEN_RT_DIM3(bs, 1, 1), 0, args);
	for (uint32_t b = 0; b < nb; b++) {
		uint32_t c = 0, any = 0;
		int32_t s = 0;

		for (uint32_t x = 0; x < bs; x++) {
			c += d[b * bs + x] > 0;
			any |= d[b * bs + x] == 7;
			s += d[b * bs + x];
		}
		ok &= counts[4 * b] == c && counts[4 * b + 1] == 1 && counts[4 * b + 2] == any &&
		      counts[4 * b + 3] == (uint32_t)s;
	}
	tap_ok(!err && ok, "__syncthreads_count/and/or and a shared-memory atomicAdd per block, threads=%u",
	       nt);
	tap_ok(!err && total == rtotal && ftotal == 0.5f * n && !memcmp(hist, rhist, sizeof(hist)),
	       "global atomics: i32 add %d/%d, f32 add %g/%g, u64 histogram, threads=%u", total, rtotal,
	       (double)ftotal, 0.5 * n, nt);
	free(d), free(counts);
}

/* ---- layout: private bytes from the block shape, shared areas ---- */

static uint32_t layout_seen_dim[3];
static size_t layout_priv(const uint32_t bd[3])
{
	memcpy(layout_seen_dim, bd, sizeof(layout_seen_dim));
	return bd[1] * sizeof(uint32_t);	/* a per-thread array of blockDim.y words */
}

/* Each thread fills its private array, a barrier, then checks it; shared areas checked too. */
static void layout_block(struct idxgen_rt_block *blk)
{
	uint32_t *bad = KARG(blk, 0, uint32_t *), ny = blk->block_dim[1];
	uint32_t *arr = IDXGEN_RT_PRIV(blk, uint32_t, 0);	/* arr[j * nthreads + t], j < ny */
	uint8_t *st = blk->shared, *dyn = blk->dyn_shared;

	if ((uintptr_t)st % IDXGEN_RT_ALIGN || (uintptr_t)dyn % IDXGEN_RT_ALIGN || (uintptr_t)arr % IDXGEN_RT_ALIGN ||
	    dyn < st + 100 || blk->priv_bytes != ny * sizeof(uint32_t))
		idxgen_rt_atomic_add_u32(bad, 1);
	IDXGEN_RT_FOR_THREADS(blk, t) {
		for (uint32_t j = 0; j < ny; j++)
			arr[j * blk->nthreads + t] = t * 31 + j;
		st[t % 100] = 1;
		dyn[t % 1000] = 2;
	}
	IDXGEN_RT_FOR_THREADS(blk, t) {
		for (uint32_t j = 0; j < ny; j++)
			if (arr[j * blk->nthreads + t] != t * 31 + j)
				idxgen_rt_atomic_add_u32(bad, 1);
		if (st[t % 100] != 1 || dyn[t % 1000] != 2)
			idxgen_rt_atomic_add_u32(bad, 1);
	}
}

void test_layout(struct idxgen_rt *rt)
{
	static const struct idxgen_rt_kernel k = {
		.abi_version = IDXGEN_RT_ABI_VERSION, .name = "layout", .block = layout_block,
		.shared_bytes = 100, .priv_bytes = 1, .priv_bytes_fn = layout_priv, .nargs = 1,
	};
	uint32_t bad = 0, *pb = &bad;
	void *args[] = { &pb };
	int err = idxgen_rt_launch(rt, &k, IDXGEN_RT_DIM3(9, 2, 1), IDXGEN_RT_DIM3(7, 6, 5), 1000, args);

	tap_ok(!err && !bad && layout_seen_dim[0] == 7 && layout_seen_dim[1] == 6 && layout_seen_dim[2] == 5,
	       "priv_bytes_fn sizes the private area from blockDim; static and dynamic shared areas "
	       "aligned and apart (%u errors)", bad);
}
