// SPDX-License-Identifier: MIT
/*
 * test_cc.c - the idxgen-cc kernel corpus (tests/cc/kernels/ , every .cu file), translated
 * and compiled at build time, run by the SPMD runtime (idxgen_rt_launch, thread
 * indices from the device or the emulation backend); every output is
 * compared bit for bit with a plain C reference written here, loop by loop,
 * independently of the kernels.
 *
 *   idxgen-cc-test              the corpus under each thread order below (the runtime tells
 *                               the kernels linear, whole warps or general: both loop forms
 *                               run), + launch argument checks
 *   idxgen-cc-test jit FILE.cu  idxgen_module_load() on a vecadd kernel: miss then cache hit
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <idxgen.h>
#include <idxgen_cc.h>
#include "tap.h"

extern const struct idxgen_rt_kernel idxgen_cc_kernel_vecadd, idxgen_cc_kernel_reduce,
	idxgen_cc_kernel_matmul, idxgen_cc_kernel_transpose, idxgen_cc_kernel_scan,
	idxgen_cc_kernel_histogram, idxgen_cc_kernel_conv11, idxgen_cc_kernel_stencil3d,
	idxgen_cc_kernel_integral_rows, idxgen_cc_kernel_integral_cols, idxgen_cc_kernel_reverse,
	idxgen_cc_kernel_early_exit, idxgen_cc_kernel_atomics, idxgen_cc_kernel_liveness,
	idxgen_cc_kernel_guarded, idxgen_cc_kernel_per_block, idxgen_cc_kernel_mixed_decl,
	idxgen_cc_kernel_struct_swap, idxgen_cc_kernel_atomics64, idxgen_cc_kernel_sum64,
	idxgen_cc_kernel_fsum, idxgen_cc_kernel_promoted_args, idxgen_cc_kernel_stride_sum,
	idxgen_cc_kernel_stride_axpy, idxgen_cc_kernel_stride_rows, idxgen_cc_kernel_stride_skew,
	idxgen_cc_kernel_stride_le, idxgen_cc_kernel_stride_y, idxgen_cc_kernel_stride_again,
	idxgen_cc_kernel_stride_size;

static uint32_t rng = 12345;

static int rnd(int m)
{
	rng = rng * 1103515245u + 12345u;
	return (int)((rng >> 8) % (uint32_t)m);
}

static struct idxgen_rt *rt;

static struct idxgen_rt_dim3 d3(unsigned x, unsigned y, unsigned z)
{
	return IDXGEN_RT_DIM3(x, y, z);
}

static struct idxgen_rt_schedule sched;	/* the thread order of every launch */

static int launch(const struct idxgen_rt_kernel *k, struct idxgen_rt_dim3 g, struct idxgen_rt_dim3 b, size_t dyn,
		  void *const *args)
{
	struct idxgen_rt_launch_opts o = { .dyn_shared = dyn, .schedule = sched };

	return idxgen_rt_launch_ex(rt, k, g, b, args, &o, NULL);
}

static int *ints(size_t n, int m)
{
	int *p = malloc(n * sizeof(int));

	for (size_t i = 0; i < n; i++)
		p[i] = rnd(m) - m / 2;
	return p;
}

static void t_vecadd(void)
{
	int n = 100003, *a = ints(n, 1 << 20), *b = ints(n, 1 << 20), *c = calloc(n, 4), bad = 0;
	void *args[] = { &a, &b, &c, &n };
	int rc = launch(&idxgen_cc_kernel_vecadd, d3((n + 255) / 256, 1, 1), d3(256, 1, 1), 0, args);

	for (int i = 0; i < n; i++)
		bad += c[i] != a[i] + b[i];
	tap_ok(!rc && !bad, "vecadd: %d elements, ragged last block (%d wrong)", n, bad);
	free(a), free(b), free(c);
}

static void t_reduce(void)
{
	int n = 65536 + 77, nb = (n + 255) / 256, *in = ints(n, 1000), *out = calloc(nb, 4), bad = 0;
	void *args[] = { &in, &out, &n };
	int rc = launch(&idxgen_cc_kernel_reduce, d3(nb, 1, 1), d3(256, 1, 1), 0, args);

	for (int b = 0; b < nb; b++) {
		int s = 0;

		for (int i = b * 256; i < n && i < (b + 1) * 256; i++)
			s += in[i];
		bad += out[b] != s;
	}
	tap_ok(!rc && !bad, "reduce: shared memory, barrier in a uniform loop (%d blocks wrong)", bad);
	free(in), free(out);
}

static void t_matmul(void)
{
	int n = 128, *A = ints(n * n, 100), *B = ints(n * n, 100), *C = calloc(n * n, 4), bad = 0;
	void *args[] = { &A, &B, &C, &n };
	int rc = launch(&idxgen_cc_kernel_matmul, d3(n / 16, n / 16, 1), d3(16, 16, 1), 0, args);

	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			int s = 0;

			for (int k = 0; k < n; k++)
				s += A[i * n + k] * B[k * n + j];
			bad += C[i * n + j] != s;
		}
	tap_ok(!rc && !bad, "matmul: 128x128, 16x16 tiles, 2-D blocks (%d wrong)", bad);
	free(A), free(B), free(C);
}

static void t_transpose(void)
{
	int rows = 100, cols = 70, bad = 0;
	unsigned *in = (unsigned *)ints(rows * cols, 1 << 30), *out = calloc(rows * cols, 4);
	void *args[] = { &in, &out, &rows, &cols };
	int rc = launch(&idxgen_cc_kernel_transpose, d3((cols + 31) / 32, (rows + 31) / 32, 1),
				  d3(32, 32, 1), 0, args);

	for (int y = 0; y < rows; y++)
		for (int x = 0; x < cols; x++)
			bad += out[x * rows + y] != in[y * cols + x];
	tap_ok(!rc && !bad, "transpose: 100x70 through a padded 32x33 tile (%d wrong)", bad);
	free(in), free(out);
}

static void t_scan(void)
{
	int n = 5000, bs = 128, *in = ints(n, 1000), *out = calloc(n, 4), bad = 0;
	void *args[] = { &in, &out, &n };
	int rc = launch(&idxgen_cc_kernel_scan, d3((n + bs - 1) / bs, 1, 1), d3(bs, 1, 1),
				  2 * bs * sizeof(int), args);

	for (int i = 0, s = 0; i < n; i++) {
		s = i % bs ? s + in[i] : in[i];
		bad += out[i] != s;
	}
	tap_ok(!rc && !bad, "scan: per-block inclusive scan, extern __shared__ (%d wrong)", bad);
	free(in), free(out);
}

static void t_histogram(void)
{
	int n = 1 << 18, bad = 0;
	unsigned char *d = malloc(n);
	unsigned bins[256] = { 0 }, ref[256] = { 0 }, *pb = bins;
	void *args[] = { &d, &pb, &n };
	int rc;

	for (int i = 0; i < n; i++)
		d[i] = (unsigned char)(rnd(256) & rnd(256));	/* skewed */
	rc = launch(&idxgen_cc_kernel_histogram, d3(37, 1, 1), d3(192, 1, 1), 0, args);
	for (int i = 0; i < n; i++)
		ref[d[i]]++;
	for (int b = 0; b < 256; b++)
		bad += bins[b] != ref[b];
	tap_ok(!rc && !bad, "histogram: shared and global atomicAdd, 37 blocks (%d bins wrong)", bad);
	free(d);
}

/*
 * Grid- and block-stride loops, interchanged (lib/cc/stride.c): what each
 * thread carries across its iterations and leaves after the loop, against
 * each thread's loop run by itself here.  Small integers (as floats too):
 * every sum exact.
 */
static void t_stride(void)
{
	enum { N = 10007, B = 96, G = 7, ACTIVE = 80, AN = 5000, ROWS = 1000, COLS = 7 };
	int *in = ints(N, 100), *sum = malloc(G * B * sizeof(int)), *iters = malloc(G * B * sizeof(int));
	float *x = malloc(AN * sizeof(float)), *y = malloc(AN * sizeof(float)), *yref = malloc(AN * sizeof(float));
	float *m = malloc(ROWS * COLS * sizeof(float)), rowsum[ROWS], total[2], a = 0.5f;
	float *prs = rowsum, *ptot = total;
	int n = N, active = ACTIVE, an = AN, rows = ROWS, cols = COLS, rc, bad = 0;
	void *a1[] = { &in, &sum, &iters, &n, &active }, *a2[] = { &a, &x, &y, &an },
	     *a3[] = { &m, &prs, &ptot, &rows, &cols }, *a4[] = { &in, &sum, &n };

	for (int t = 0; t < G * B; t++)
		sum[t] = iters[t] = -1;
	rc = launch(&idxgen_cc_kernel_stride_sum, d3(G, 1, 1), d3(B, 1, 1), 0, a1);
	for (int t = 0; t < G * B; t++) {
		int acc = 0, k = 0, live = t % B < ACTIVE;

		for (int i = t; live && i < N; i += G * B, k++)
			acc += in[i] * (k + 1);
		bad += live ? (sum[t] != acc || iters[t] != k) : (sum[t] != -1 || iters[t] != -1);
	}
	tap_ok(!rc && !bad, "stride: a while grid-stride loop's sum and count per thread, returned threads untouched (%d wrong)",
	       bad);
	for (int i = 0; i < AN; i++) {
		x[i] = (float)rnd(1000);
		y[i] = (float)rnd(1000);
		yref[i] = 0.5f * x[i] + y[i];
	}
	rc = launch(&idxgen_cc_kernel_stride_axpy, d3(3, 1, 1), d3(128, 1, 1), 0, a2);
	bad = 0;
	for (int i = 0; i < AN; i++)
		bad += y[i] != yref[i];
	tap_ok(!rc && !bad, "stride: a for grid-stride loop, a * x + y (%d wrong)", bad);
	for (int i = 0; i < ROWS * COLS; i++)
		m[i] = (float)rnd(50);
	rc = launch(&idxgen_cc_kernel_stride_rows, d3(2, 1, 1), d3(64, 1, 1), 0, a3);
	bad = 0;
	for (int b = 0; b < 2; b++) {
		float t = 0.0f;

		for (int r = 0; r < ROWS; r++) {
			float s = 0.0f;

			if (r % 128 / 64 != b)
				continue;
			for (int c = 0; c < COLS; c++)
				s += m[r * COLS + c];
			bad += rowsum[r] != s;
			t += s;
		}
		bad += total[b] != t;
	}
	tap_ok(!rc && !bad, "stride: a grid-stride loop over rows with an inner loop, then a barrier (%d wrong)", bad);
	n = 1000;
	for (int t = 0; t < 2 * 64; t++)
		sum[t] = -1;
	rc = launch(&idxgen_cc_kernel_stride_skew, d3(2, 1, 1), d3(64, 1, 1), 0, a4);
	bad = 0;
	for (int t = 0; t < 2 * 64; t++) {
		int acc = 0;

		for (int i = 7 * (t % 64); i < 1000; i += 64)
			acc += in[i];
		bad += sum[t] != acc;
	}
	tap_ok(!rc && !bad, "stride: trip counts far apart, the rounds last as long as the longest (%d wrong)", bad);
	free(in), free(sum), free(iters), free(x), free(y), free(yref), free(m);
}

/*
 * Stride loops whose round's index is computed (lib/cc/stride.c,
 * stride_index), against each thread's loop run here: a <= bound on either
 * side of the limit where the computed form's arithmetic could leave int
 * (then the rounds keep per-thread indices), an index on threadIdx.y, and
 * a stride loop run twice by a uniform loop with a barrier (the second
 * time it starts where the first ended, not at its declaration).
 */
static void t_stride_index(void)
{
	enum { G = 3, B = 64, N = 5003 };
	int cnt[G * B], out[2 * 4 * 32], *pc = cnt, *po = out, *in = ints(N, 100), n = N, last, mul, rc, bad;
	void *al[] = { &pc, &last, &mul }, *ay[] = { &in, &po, &n }, *aa[] = { &in, &po, &n };
	const int lasts[] = { 4000, 0, -5, INT_MAX - G * B * (1 << 20) - 50, INT_MAX - G * B * (1 << 20) - 200 };

	for (unsigned c = 0; c < sizeof(lasts) / sizeof(lasts[0]); c++) {
		last = lasts[c];
		mul = last > 100000 ? 1 << 20 : 1;
		rc = launch(&idxgen_cc_kernel_stride_le, d3(G, 1, 1), d3(B, 1, 1), 0, al);
		bad = 0;
		for (int t = 0; t < G * B; t++) {
			int k = 0;

			for (long long i = t; i <= last; i += (long long)G * B * mul)
				k++;
			bad += cnt[t] != k;
		}
		tap_ok(!rc && !bad, "stride index: i <= %d, stride %d x %d (%d wrong)", last, G * B, mul, bad);
	}
	rc = launch(&idxgen_cc_kernel_stride_y, d3(2, 1, 1), d3(32, 4, 1), 0, ay);
	bad = 0;
	for (int t = 0; t < 2 * 4 * 32; t++) {
		int acc = 0;

		for (int j = t / 32 % 4; j < N; j += 4)
			acc += in[j] * (t % 32 + 1);
		bad += out[t] != acc;
	}
	tap_ok(!rc && !bad, "stride index: on threadIdx.y (%d wrong)", bad);
	rc = launch(&idxgen_cc_kernel_stride_again, d3(2, 1, 1), d3(B, 1, 1), 0, aa);
	bad = 0;
	for (int t = 0; t < 2 * B; t++) {
		int acc = 0;

		for (int i = t; i < N; i += 2 * B)
			acc += in[i];
		bad += out[t] != acc;
	}
	tap_ok(!rc && !bad, "stride index: run again by a uniform loop, from where it ended (%d wrong)", bad);
	{
		float *x = malloc(N * sizeof(float)), *y = malloc(N * sizeof(float));
		size_t sn = N - 3;
		void *as[] = { &x, &y, &sn };

		for (int i = 0; i < N; i++) {
			x[i] = (float)in[i];
			y[i] = -1.0f;
		}
		rc = launch(&idxgen_cc_kernel_stride_size, d3(G, 1, 1), d3(B, 1, 1), 0, as);
		bad = 0;
		for (int i = 0; i < N; i++)
			bad += y[i] != (i < N - 3 ? 2.0f * x[i] + 1.0f : -1.0f);
		tap_ok(!rc && !bad, "stride index: a size_t index below a size_t bound (%d wrong)", bad);
		free(x), free(y);
	}
	free(in);
}

static void t_conv11(void)
{
	int w = 77, h = 50, *img = ints(w * h, 256), *f = ints(121, 16), *out = calloc(w * h, 4), bad = 0;
	void *args[] = { &img, &f, &out, &w, &h };
	int rc = launch(&idxgen_cc_kernel_conv11, d3((w + 15) / 16, (h + 7) / 8, 1), d3(16, 8, 1), 0,
				  args);

	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++) {
			int s = 0;

			for (int j = 0; j < 11; j++)
				for (int i = 0; i < 11; i++) {
					int yy = y + j - 5, xx = x + i - 5;

					if (yy >= 0 && yy < h && xx >= 0 && xx < w)
						s += f[j * 11 + i] * img[yy * w + xx];
				}
			bad += out[y * w + x] != s;
		}
	tap_ok(!rc && !bad, "conv11: 11x11 filter in a local array, early return (%d wrong)", bad);
	free(img), free(f), free(out);
}

static void t_stencil(void)
{
	int nx = 40, ny = 30, nz = 20, n = nx * ny * nz, *in = ints(n, 1000), *out = calloc(n, 4), bad = 0;
	void *args[] = { &in, &out, &nx, &ny, &nz };
	int rc = launch(&idxgen_cc_kernel_stencil3d, d3((nx + 7) / 8, (ny + 3) / 4, (nz + 3) / 4),
				  d3(8, 4, 4), 0, args);

	for (int z = 0; z < nz; z++)
		for (int y = 0; y < ny; y++)
			for (int x = 0; x < nx; x++) {
				int i = (z * ny + y) * nx + x, r;

				if (!x || !y || !z || x == nx - 1 || y == ny - 1 || z == nz - 1)
					r = in[i];
				else
					r = 6 * in[i] - in[i - 1] - in[i + 1] - in[i - nx] - in[i + nx] -
					    in[i - nx * ny] - in[i + nx * ny];
				bad += out[i] != r;
			}
	tap_ok(!rc && !bad, "stencil3d: 40x30x20, 8x4x4 blocks (%d wrong)", bad);
	free(in), free(out);
}

static void t_integral(void)
{
	int w = 300, h = 200, bad = 0;
	unsigned *img = malloc(w * h * 4), *rows = calloc(w * h, 4), *ii = calloc(w * h, 4), *ref = calloc(w * h, 4);
	void *a1[] = { &img, &rows, &w, &h }, *a2[] = { &rows, &ii, &w, &h };
	int rc;

	for (int i = 0; i < w * h; i++)
		img[i] = (unsigned)rnd(256);
	rc = launch(&idxgen_cc_kernel_integral_rows, d3(h, 1, 1), d3(128, 1, 1), 0, a1);
	rc = rc ? rc : launch(&idxgen_cc_kernel_integral_cols, d3(w, 1, 1), d3(128, 1, 1), 0, a2);
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			ref[y * w + x] = img[y * w + x] + (x ? ref[y * w + x - 1] : 0) + (y ? ref[(y - 1) * w + x] : 0) -
					 (x && y ? ref[(y - 1) * w + x - 1] : 0);
	for (int i = 0; i < w * h; i++)
		bad += ii[i] != ref[i];
	tap_ok(!rc && !bad, "integral image: rows then columns, 300x200 (%d wrong)", bad);
	free(img), free(rows), free(ii), free(ref);
}

static void t_reverse(void)
{
	int bs = 200, nb = 13, *d = ints(bs * nb, 1 << 20), *orig = malloc(bs * nb * 4), bad = 0;
	void *args[] = { &d };
	int rc;

	memcpy(orig, d, bs * nb * 4);
	rc = launch(&idxgen_cc_kernel_reverse, d3(nb, 1, 1), d3(bs, 1, 1), 0, args);
	for (int b = 0; b < nb; b++)
		for (int t = 0; t < bs; t++)
			bad += d[b * bs + t] != orig[b * bs + bs - 1 - t];
	tap_ok(!rc && !bad, "reverse: block-local, a value live across the barrier (%d wrong)", bad);
	free(d), free(orig);
}

static void t_early_exit(void)
{
	for (int mode = 0; mode < 2; mode++) {
		int n = mode ? 128 * 9 : 128 * 9 - 45, *in = ints(n, 1000), *out = calloc(n, 4), bad = 0;
		void *args[] = { &in, &out, &n, &mode };
		int rc = launch(&idxgen_cc_kernel_early_exit, d3(9, 1, 1), d3(128, 1, 1), 0, args);

		for (int i = 0; i < n; i++) {
			int t = i % 128, r = mode ? in[i - t + (t + 1) % 128] : -in[i];

			r += t % 3 ? 4 : 2;
			bad += out[i] != r;
		}
		tap_ok(!rc && !bad, "features: %s, uniform if/do-while with barriers, switch (%d wrong)",
		       mode ? "all threads" : "divergent return before the barriers", bad);
		free(in), free(out);
	}
}

static void t_atomics(void)
{
	int gi[5] = { 0, 0, 0, 0, 1000 }, bs = 100, nb = 7, *pi = gi, rc;
	unsigned gu[2] = { 0, 5 }, *pu = gu;
	float gf[1] = { 0 }, *pf = gf;
	void *args[] = { &pi, &pu, &pf };
	int sum = nb * (bs * (bs - 1) / 2);

	rc = launch(&idxgen_cc_kernel_atomics, d3(nb, 1, 1), d3(bs, 1, 1), 0, args);
	tap_ok(!rc && gi[0] == sum && gi[1] == -sum && gi[2] == 5 && gi[3] >= 1 && gi[3] <= bs && gi[4] == -50 &&
	       gu[0] == 2u * bs * nb && gu[1] == 3u * (bs - 1) && gf[0] == 0.5f * bs * nb,
	       "atomics: Add/Sub/Exch/CAS/Min/Max on int and unsigned, float atomicAdd, shared and global");
}

static void t_liveness(void)
{
	int bs = 96, nb = 5, *d = ints(bs * nb, 1 << 20), *orig = malloc(bs * nb * 4), bad = 0, rc;
	void *args[] = { &d };

	memcpy(orig, d, bs * nb * 4);
	rc = launch(&idxgen_cc_kernel_liveness, d3(nb, 1, 1), d3(bs, 1, 1), 0, args);
	for (int i = 0; i < bs * nb; i++) {
		int t = i % bs, b = orig[i - t + bs - 1 - t], a = t & 1 ? b : orig[i];

		bad += d[i] != a + b;
	}
	tap_ok(!rc && !bad, "liveness: values live or dead across barriers, conditional assignment (%d wrong)", bad);
	free(d), free(orig);
}

static void t_guarded(void)
{
	long pg = sysconf(_SC_PAGESIZE);
	int nb = 5, bs = 32, extra = 3, *out = calloc((nb + extra) * bs, 4), bad = 0, rc;
	char *m = mmap(NULL, 2 * pg, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	int *data = (int *)(m + pg) - nb * 4;	/* ends where the guard page starts */
	void *args[] = { &data, &out, &nb };

	mprotect(m + pg, pg, PROT_NONE);
	for (int i = 0; i < nb * 4; i++)
		data[i] = i * 7 + 1;
	rc = launch(&idxgen_cc_kernel_guarded, d3(nb + extra, 1, 1), d3(bs, 1, 1), 0, args);
	for (int i = 0; i < (nb + extra) * bs; i++)
		bad += out[i] != (i / bs < nb ? data[i / bs * 4 + i % 4] : 0);
	tap_ok(!rc && !bad, "guarded: returned blocks never run the once-per-block loop that reads memory (%d wrong)",
	       bad);
	munmap(m, 2 * pg);
	free(out);
}

/*
 * The kernel ABI directly, with an index stream that is NOT in x-fastest
 * order (y fastest, then x reversed), so that the translated code takes its
 * stream loops: the same kernels, the same references.
 */
static int run_permuted(const struct idxgen_rt_kernel *k, struct idxgen_rt_dim3 g, struct idxgen_rt_dim3 b,
			void *const *args)
{
	uint32_t n = b.x * b.y * b.z, t = 0;
	uint16_t *tx = malloc(n * 2), *ty = malloc(n * 2), *tz = malloc(n * 2);
	void *priv = NULL;
	struct idxgen_rt_block blk = { .block_dim = { b.x, b.y, b.z }, .grid_dim = { g.x, g.y, g.z },
				       .nthreads = n, .warp_size = 32, .priv_bytes = k->priv_bytes, .args = args };

	for (uint32_t z = 0; z < b.z; z++)
		for (uint32_t x = 0; x < b.x; x++)
			for (uint32_t y = 0; y < b.y; y++, t++) {
				tx[t] = (uint16_t)(b.x - 1 - x);
				ty[t] = (uint16_t)y;
				tz[t] = (uint16_t)z;
			}
	blk.tid_x = tx, blk.tid_y = ty, blk.tid_z = tz;
	if (posix_memalign(&priv, 64, (size_t)n * k->priv_bytes + 64))
		return -1;
	blk.priv = priv;
	for (uint32_t z = 0; z < g.z; z++)
		for (uint32_t y = 0; y < g.y; y++)
			for (uint32_t x = 0; x < g.x; x++) {
				blk.block_idx[0] = x, blk.block_idx[1] = y, blk.block_idx[2] = z;
				k->block(&blk);
			}
	free(tx), free(ty), free(tz), free(priv);
	return 0;
}

static void t_stream_order(void)
{
	int n = 128, *A = ints(n * n, 100), *B = ints(n * n, 100), *C = calloc(n * n, 4), bad = 0;
	void *margs[] = { &A, &B, &C, &n };
	int bs = 64, nb = 6, *d = ints(bs * nb, 1000), *orig = malloc(bs * nb * 4), bad2 = 0;
	void *rargs[] = { &d };
	int m = 64 * 5 - 7, mode = 0, *in = ints(m, 1000), *out = calloc(m, 4), bad3 = 0;
	void *eargs[] = { &in, &out, &m, &mode };

	run_permuted(&idxgen_cc_kernel_matmul, d3(n / 16, n / 16, 1), d3(16, 16, 1), margs);
	for (int i = 0; i < n; i++)
		for (int j = 0; j < n; j++) {
			int acc = 0;

			for (int k = 0; k < n; k++)
				acc += A[i * n + k] * B[k * n + j];
			bad += C[i * n + j] != acc;
		}
	memcpy(orig, d, bs * nb * 4);
	run_permuted(&idxgen_cc_kernel_reverse, d3(nb, 1, 1), d3(bs, 1, 1), rargs);
	for (int i = 0; i < bs * nb; i++)
		bad2 += d[i] != orig[i - i % bs + bs - 1 - i % bs];
	run_permuted(&idxgen_cc_kernel_early_exit, d3(5, 1, 1), d3(64, 1, 1), eargs);
	for (int i = 0; i < m; i++)
		bad3 += out[i] != -in[i] + (i % 64 % 3 ? 4 : 2);
	tap_ok(!bad && !bad2 && !bad3,
	       "stream order not x-fastest: matmul, reverse, early returns through the stream loops (%d/%d/%d wrong)",
	       bad, bad2, bad3);
	free(A), free(B), free(C), free(d), free(orig), free(in), free(out);
}

static void t_per_block(void)
{
	int d[9] = { 0 }, *pd = d, bad = 0, rc;
	void *args[] = { &pd };

	rc = launch(&idxgen_cc_kernel_per_block, d3(9, 1, 1), d3(40, 1, 1), 0, args);
	for (int b = 0; b < 9; b++)
		bad += d[b] != b * 2 + 9;
	tap_ok(!rc && !bad, "per_block: a kernel without threadIdx (%d wrong)", bad);
}

static void t_launch_errors(void)
{
	int n = 1, a[1] = { 1 }, b[1] = { 2 }, c[1] = { 0 }, *pa = a, *pb = b, *pc = c;
	void *args[] = { &pa, &pb, &pc, &n };
	struct idxgen_info info;
	unsigned int big;

	idxgen_get_info(idxgen_rt_device(rt), &info);
	big = info.max_threads + 1;
	tap_ok(launch(NULL, d3(1, 1, 1), d3(1, 1, 1), 0, args) == -EINVAL, "launch: NULL kernel -> -EINVAL");
	tap_ok(launch(&idxgen_cc_kernel_vecadd, d3(0, 1, 1), d3(1, 1, 1), 0, args) == -EINVAL,
	       "launch: zero grid dimension -> -EINVAL");
	tap_ok(launch(&idxgen_cc_kernel_vecadd, d3(1, 1, 1), d3(big <= info.max_dim[0] ? big : info.max_dim[0] + 1, 1, 1),
		      0, args) == -E2BIG,
	       "launch: more threads per block than the device allows (%u) -> -E2BIG", info.max_threads);
	tap_ok(launch(&idxgen_cc_kernel_vecadd, d3(1, 1, 1), d3(1, 1, 1), 2u << 20, args) == -E2BIG,
	       "launch: 2 MiB dynamic shared memory -> -E2BIG");
	tap_ok(!launch(&idxgen_cc_kernel_vecadd, d3(1, 1, 1), d3(1, 1, 1), 0, args) && c[0] == 3,
	       "launch: a 1x1 grid of one thread");
	tap_ok(idxgen_cc_kernel_reduce.abi_version == IDXGEN_RT_ABI_VERSION && idxgen_cc_kernel_reduce.nargs == 3 &&
	       idxgen_cc_kernel_reduce.arg_sizes[2] == sizeof(int) && !strcmp(idxgen_cc_kernel_reduce.name, "reduce") &&
	       idxgen_cc_kernel_reduce.priv_bytes == 0,
	       "descriptor: reduce, 3 arguments, no per-thread bytes (tid recomputed, not promoted)");
	tap_ok(idxgen_cc_kernel_reverse.priv_bytes == sizeof(int) && idxgen_cc_kernel_matmul.priv_bytes == sizeof(int) &&
	       idxgen_cc_kernel_liveness.priv_bytes == 2 * sizeof(int) &&
	       idxgen_cc_kernel_early_exit.priv_bytes == sizeof(int) + 1,
	       "descriptor: per-thread bytes = the values live across barriers (+1 return flag)");
}

static int jit(const char *path)
{
	struct idxgen_module *m = NULL;
	const struct idxgen_rt_kernel *k = NULL;
	int n = 1000, *a = ints(n, 1000), *b = ints(n, 1000), *c = calloc(n, 4), bad = 0, rc;
	void *args[] = { &a, &b, &c, &n };

	for (int round = 0; round < 2; round++) {
		rc = idxgen_module_load(path, &m);
		tap_ok(!rc, "jit: idxgen_module_load(%s) %s (%d)", path, round ? "again (cache)" : "first", rc);
		if (rc)
			continue;
		tap_ok(idxgen_module_kernel(m, "vecadd", &k) == 0 && k && !strcmp(k->name, "vecadd"),
		       "jit: idxgen_module_kernel finds vecadd");
		tap_ok(idxgen_module_kernel(m, "nosuch", &k) == -ENOENT, "jit: unknown kernel -> -ENOENT");
		idxgen_module_kernel(m, "vecadd", &k);
		memset(c, 0, n * 4);
		rc = launch(k, d3(4, 1, 1), d3(256, 1, 1), 0, args);
		bad = 0;
		for (int i = 0; i < n; i++)
			bad += c[i] != a[i] + b[i];
		tap_ok(!rc && !bad, "jit: loaded vecadd computes a + b (%d wrong)", bad);
		idxgen_module_unload(m);
	}
	{
		const char *dir = getenv("IDXGEN_CC_CACHE");
		char cmd[4300];
		FILE *p;
		int nso = -1;

		snprintf(cmd, sizeof(cmd), "ls '%s' | grep -c '\\.so$'", dir ? dir : ".");
		if (dir && (p = popen(cmd, "r"))) {
			if (fscanf(p, "%d", &nso) != 1)
				nso = -1;
			pclose(p);
		}
		tap_ok(nso == 1, "jit: two loads, one compiled object in the cache (%d)", nso);
	}
	tap_ok(idxgen_module_load("/nonexistent.cu", &m) == -ENOENT, "jit: missing file -> -ENOENT");
	free(a), free(b), free(c);
	return tap_done();
}

/* issue 21: a one-copy-per-block loop variable declared with per-thread ones */
static void t_mixed_decl(void)
{
	int nb = 7, n = 5, *d = ints(64 * nb, 1 << 20), *orig = malloc(64 * nb * 4), bad = 0;
	void *args[] = { &d, &n };
	int rc;

	memcpy(orig, d, 64 * nb * 4);
	rc = launch(&idxgen_cc_kernel_mixed_decl, d3(nb, 1, 1), d3(64, 1, 1), 0, args);
	/* each round moves every value one thread down and adds the round */
	for (int b = 0; b < nb; b++)
		for (int e = 0; e < 64; e++)
			bad += d[b * 64 + e] != orig[b * 64 + (e + n) % 64] + n * (n - 1) / 2 + n;
	tap_ok(!rc && !bad, "mixed_decl: int m, e; m controls a loop with barriers (%d wrong)", bad);
	free(d), free(orig);
}

/* issue 21: a struct assigned member by member per thread, live across a barrier */
static void t_struct_swap(void)
{
	struct pair {
		int a, b;
	};
	int nb = 5, bad = 0, rc;
	struct pair *p = malloc(64 * nb * sizeof(*p)), *orig = malloc(64 * nb * sizeof(*p));
	void *args[] = { &p };

	for (int i = 0; i < 64 * nb; i++)
		p[i].a = rnd(1000), p[i].b = rnd(1000);
	memcpy(orig, p, 64 * nb * sizeof(*p));
	rc = launch(&idxgen_cc_kernel_struct_swap, d3(nb, 1, 1), d3(64, 1, 1), 0, args);
	for (int b = 0; b < nb; b++)
		for (int e = 0; e < 64; e++) {
			struct pair w = orig[b * 64 + 63 - e], mine = orig[b * 64 + e];

			bad += p[b * 64 + e].a != w.b + mine.b || p[b * 64 + e].b != w.a;
		}
	tap_ok(!rc && !bad, "struct_swap: a per-thread struct live across a barrier, __shared__ structs (%d wrong)",
	       bad);
	free(p), free(orig);
}

static int cmp_ull(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a, y = *(const unsigned long long *)b;

	return (x > y) - (x < y);
}

/* Are {olds[0..n-1], last} and {init, key(0..n-1)} the same multiset (each exchange saw another value)? */
static int each_once(const unsigned long long *olds, unsigned long long last, int n, unsigned long long init,
		     unsigned long long (*key)(int))
{
	unsigned long long *got = malloc((n + 1) * 8), *want = malloc((n + 1) * 8);
	int bad = 0;

	for (int i = 0; i < n; i++)
		got[i] = olds[i], want[i] = key(i);
	got[n] = last, want[n] = init;
	qsort(got, n + 1, 8, cmp_ull);
	qsort(want, n + 1, 8, cmp_ull);
	for (int i = 0; i <= n; i++)
		bad += got[i] != want[i];
	free(got), free(want);
	return bad;
}

static unsigned long long key_hi(int i)
{
	return (unsigned long long)i << 32;
}

static unsigned long long key_flt(int i)
{
	float f = (float)i;
	uint32_t b;

	memcpy(&b, &f, 4);
	return b;
}

/* The 64-bit and floating atomics, each against a sequential reference. */
static void t_atomics64(void)
{
	int n = 1000, bs = 128, *in = malloc(n * sizeof(int)), rc, bad = 0;
	unsigned long long u[8] = { 0, 0, ~0ull, ~0ull, 0, 0x5555, 77, 3 }, ru[8], s = 11, rs = 11;
	unsigned long long *uold = calloc(n, 8), fb[1001];
	long long ll[2] = { 0, INT64_MIN }, rll[2];
	double d = 0.5, rd = 0.5;
	float f = -1.0f, *fold = calloc(n, 4);
	unsigned w[2] = { 0, 0 }, rw[2] = { 0, 0 };
	unsigned short h = 0;
	unsigned long long *pu = u, *ps = &s;
	long long *pll = ll;
	double *pd = &d;
	float *pf = &f;
	unsigned *pw = w;
	unsigned short *ph = &h;
	float fs[2] = { 16777216.0f, 0.5f }, *pfs = fs, rq = 0.5f;
	double ds = 9007199254740992.0, *pds = &ds;
	void *args[] = { &in, &pu, &pll, &pd, &pf, &pw, &ph, &uold, &fold, &n }, *sargs[] = { &in, &ps, &n };
	void *fargs[] = { &in, &pfs, &pds, &n };

	memcpy(ru, u, sizeof(u));
	memcpy(rll, ll, sizeof(ll));
	for (int i = 0; i < n; i++) {
		unsigned long long v;

		in[i] = rnd(1 << 20);
		v = (unsigned long long)in[i];
		ru[0] += v << 33;
		ru[1] = ru[1] > ((v << 32) | i) ? ru[1] : ((v << 32) | i);
		ru[2] = ru[2] < ((v << 32) | i) ? ru[2] : ((v << 32) | i);
		ru[3] &= ~(1ull << (32 + i % 31));
		ru[4] |= 1ull << (i % 64);
		ru[5] ^= (unsigned long long)i << 32;
		ru[7] += 1ull << 40;
		rll[0] = rll[0] < -((long long)in[i] << 32) ? rll[0] : -((long long)in[i] << 32);
		rll[1] = rll[1] > -((long long)in[i] << 32) ? rll[1] : -((long long)in[i] << 32);
		rd += 0.25 * (in[i] & 7);
		rw[0] = rw[0] >= 9 ? 0 : rw[0] + 1;
		rw[1] = rw[1] == 0 || rw[1] > 9 ? 9 : rw[1] - 1;
		rs += in[i] & 1 ? (unsigned long long)in[i] * 3000000000ull : 0;
		rq += (float)(in[i] & 7) * 0.25f;	/* exact: quarters, under 2^22 */
	}
	rc = launch(&idxgen_cc_kernel_atomics64, d3((n + bs - 1) / bs, 1, 1), d3(bs, 1, 1), 0, args);
	rc = rc ? rc : launch(&idxgen_cc_kernel_sum64, d3((n + bs - 1) / bs, 1, 1), d3(bs, 1, 1), 0, sargs);
	rc = rc ? rc : launch(&idxgen_cc_kernel_fsum, d3((n + bs - 1) / bs, 1, 1), d3(bs, 1, 1), 0, fargs);
	for (int k = 0; k < 8; k++)
		bad += k != 6 && u[k] != ru[k];
	bad += each_once(uold, u[6], n, 77, key_hi);
	for (int i = 0; i <= n; i++) {
		uint32_t b;

		memcpy(&b, i < n ? &fold[i] : &f, 4);
		fb[i] = b;
	}
	bad += each_once(fb, fb[n], n, key_flt(-1), key_flt) + (ll[0] != rll[0]) + (ll[1] != rll[1]);
	bad += (d != rd) + (w[0] != rw[0]) + (w[1] != rw[1]) + (h != 7) + (s != rs);
	/* 2^24 + 1 rounds to 2^24 whatever the order of the adds: one per-block sum added would not */
	bad += (fs[0] != 16777216.0f) + (ds != 9007199254740992.0) + (fs[1] != rq);
	tap_ok(!rc && !bad, "atomics64: 64-bit and floating atomics, atomicInc/Dec, aggregated 64-bit and float sums (%d wrong)",
	       bad);
	free(in), free(uold), free(fold);
}

/* Promoted variables as the arguments of atomics and min/max; atomics on __shared__ memory. */
static void t_promoted_args(void)
{
	int n = 1000, bs = 128, nb = (n + bs - 1) / bs, *in = malloc(n * sizeof(int)), *pin = in, rc, bad = 0;
	int g[8] = { INT32_MAX, INT32_MIN, 0, 0, 0, 0, 0, 0 }, *pg = g, want[8] = { INT32_MAX, 0, 0, 0, 0, 0, 0, 0 };
	void *args[] = { &pin, &pg, &n };

	for (int j = 0; j < n; j++)
		in[j] = rnd(1 << 20);
	want[1] = INT32_MIN;
	for (int b = 0; b < nb; b++) {
		int smin = 1 << 30;

		for (int t = 0; t < bs; t++) {
			int i = b * bs + t, a = in[i % n], v = in[(i + 1) % n], o = -in[(i + 2) % n];

			want[0] = a < want[0] ? a : want[0];
			want[0] = v < want[0] ? v : want[0];
			want[1] = (o > 0 ? o : 0) > want[1] ? (o > 0 ? o : 0) : want[1];
			smin = a < smin ? a : smin;
			want[4 + (a & 3)]++;
		}
		want[3] += smin;
	}
	rc = launch(&idxgen_cc_kernel_promoted_args, d3(nb, 1, 1), d3(bs, 1, 1), 0, args);
	for (int k = 0; k < 8; k++)
		bad += k != 2 && g[k] != want[k];
	bad += g[2] == 0;	/* the first CAS of 0 succeeds; which thread's is not fixed */
	tap_ok(!rc && !bad, "promoted_args: per-thread variables as atomics' and min/max's arguments, "
	       "atomics on __shared__ memory (%d wrong)", bad);
	free(in);
}

/* linear (computed-index loops), whole warps permuted and general orders (stream loops) */
static const struct {
	const char *name;
	struct idxgen_rt_schedule s;
} orders[] = {
	{ "sequential", { IDXGEN_SCHED_SEQUENTIAL, { 0 } } },
	{ "strided:2,32", { IDXGEN_SCHED_STRIDED, { 2, 32, 0, 0 } } },
	{ "zigzag", { IDXGEN_SCHED_ZIGZAG, { 0 } } },
	{ "hilbert", { IDXGEN_SCHED_HILBERT, { 0 } } },
};

/* Every kernel of the corpus in thread order ORDER. */
static void kernels_in_order(size_t order)
{
	printf("# thread order %s\n", orders[order].name);
	sched = orders[order].s;
	t_vecadd();
	t_reduce();
	t_matmul();
	t_transpose();
	t_scan();
	t_histogram();
	t_stride();
	t_stride_index();
	t_conv11();
	t_stencil();
	t_integral();
	t_reverse();
	t_early_exit();
	t_atomics();
	t_atomics64();
	t_promoted_args();
	t_liveness();
	t_guarded();
}

TAP_TEST(order_sequential)
{
	kernels_in_order(0);
}

TAP_TEST(order_strided)
{
	kernels_in_order(1);
}

TAP_TEST(order_zigzag)
{
	kernels_in_order(2);
}

TAP_TEST(order_hilbert)
{
	kernels_in_order(3);
}

/* The tests below launch in the sequential order. */
TAP_TEST(stream_order)
{
	sched = orders[0].s;
	t_stream_order();
}

TAP_TEST(per_block)
{
	sched = orders[0].s;
	t_per_block();
}

TAP_TEST(mixed_decl)
{
	sched = orders[0].s;
	t_mixed_decl();
}

TAP_TEST(struct_swap)
{
	sched = orders[0].s;
	t_struct_swap();
}

TAP_TEST(launch_errors)
{
	sched = orders[0].s;
	t_launch_errors();
}

/* usage: idxgen-cc-test [-l | -t NAME...] | jit FILE.cu */
int main(int argc, char **argv)
{
	struct idxgen_rt_options opt = { 0 };
	int err;

	if (tap_listing(argc, argv))
		return tap_main(argc, argv);
	err = idxgen_rt_create(&opt, &rt);
	if (err) {
		tap_ok(0, "idxgen_rt_create: %s", idxgen_strerror(err));
		return tap_done();
	}
	if (argc == 3 && !strcmp(argv[1], "jit"))
		return jit(argv[2]);
	err = tap_run(argc, argv);
	idxgen_rt_destroy(rt);
	return err < 0 ? tap_done() : err;
}
