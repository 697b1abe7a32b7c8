/* SPDX-License-Identifier: MIT */
/*
 * bench_lib.c - libidxgen benchmarks (not pass/fail).  Each pair is
 * measured side by side in one run, best of several trials:
 *
 *   unpack     idxgen_unpack_words (AVX2 and scalar) vs memcpy of the same
 *              output bytes (3 x 16-bit per index), for one 1024-thread
 *              block in cache and for 4M indices (beyond the LLC).
 *              Goal: >= 0.8x memcpy.
 *   emu        the emulation backend's generation rate (idxgen_run of a
 *              1024x1024x1 block without history, through the whole API)
 *              vs a div/mod loop producing the same packed words.  Goal: >= 5x.
 *   submit     (real device) small jobs (32x1x1) submitted one per ioctl,
 *              pipelined, vs a null ioctl (DRM_IOCTL_VERSION) on the same
 *              fd.  Goal: >= 0.5x.  Batched (64 configurations per ioctl):
 *              configurations per second vs null ioctls.  Goal: >= 0.9x.
 *   latency    one 1024-thread block (32x32x1), submit to completion, when it
 *              misses (generated) and when it hits the history.
 *   uq         (real device with user queues, uapi v3) the same small jobs
 *              stored into a user queue's ring and rung one doorbell each
 *              (single) or one doorbell per 64 (batched), vs the null
 *              ioctl.  Issue 41's goal: single >= 2x the null ioctl.
 *              Then, where the device has a shadow tail (FEAT_UQ_SHADOW),
 *              the same single jobs with the tail stored into memory and
 *              the doorbell rung only when the device asks.
 *   devices    (two real devices) two runtime launches (two empty kernels,
 *              neither hot) over 262140 one-thread blocks (four grid
 *              chunks), then over 1024 blocks of 256 threads (a vector
 *              add's shape, one grid chunk), on a fresh runtime each trial
 *              after two such launches of two other kernels (set-up),
 *              with IDXGEN_DEVICES=0 (one device), =all (each launch split
 *              over both) and unset (the default: a grid of several chunks
 *              split, one of a single chunk to each device in turn).
 *
 * The backend is the library's default (IDXGEN_BACKEND=emu on the host).
 * Build and run from the repo root:  make -f tests/bench/lib.mk run
 * Arguments (unpack emu latency submit) run only the benchmarks named.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>
#include <unistd.h>

#include <xf86drm.h>

#include <sys/mman.h>

#include "idxgen.h"
#include "idxgen_hw.h"
#include "idxgen_rt.h"
#include "uapi/drm/idxgen_accel.h"
#include "gen_ref.h"

#define TRIALS 5

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static void clobber(void *p)
{
	__asm__ volatile("" : : "r"(p) : "memory");
}

static int die(const char *what, int err)
{
	fprintf(stderr, "bench_lib: %s: %s\n", what, idxgen_strerror(err));
	exit(1);
}

/* ------------------------------------------------------------------ */

static void bench_unpack(void)
{
	static const struct { const char *name; size_t n; int reps; } cases[] = {
		{ "1024 indices (in cache)", 1024, 20000 },
		{ "4M indices (memory)", 4u << 20, 3 },
	};
	unsigned int c;

	printf("unpack: 16-bit words (32x32x1 widths) to x/y/z uint16 arrays; bytes = output bytes\n");
	for (c = 0; c < 2; c++) {
		size_t n = cases[c].n, out = n * 6, i;
		uint16_t *words = malloc(n * 2), *x = malloc(n * 2), *y = malloc(n * 2), *z = malloc(n * 2);
		uint8_t *msrc = malloc(out), *mdst = malloc(out);
		double best[3] = { 1e30, 1e30, 1e30 };
		int t, r, p;

		for (i = 0; i < n; i++)
			words[i] = (uint16_t)idxgen_ref_word((uint32_t)(i % 1024), 32, 32, 5, 5);
		memset(msrc, 1, out);
		memset(mdst, 2, out);
		memset(x, 0, n * 2), memset(y, 0, n * 2), memset(z, 0, n * 2);
		for (t = 0; t < TRIALS; t++) {
			double t0;

			for (p = 0; p < 2; p++) {
				int path = p ? IDXGEN_UNPACK_SCALAR : IDXGEN_UNPACK_AVX2;

				if (idxgen_unpack_words_path(path, words, 2, 5, 5, 0, 1, x, y, z))
					continue;
				t0 = now_s();
				for (r = 0; r < cases[c].reps; r++) {
					idxgen_unpack_words_path(path, words, 2, 5, 5, 0, n, x, y, z);
					clobber(x);
				}
				t0 = now_s() - t0;
				if (t0 < best[p])
					best[p] = t0;
			}
			t0 = now_s();
			for (r = 0; r < cases[c].reps; r++) {
				memcpy(mdst, msrc, out);
				clobber(mdst);
			}
			t0 = now_s() - t0;
			if (t0 < best[2])
				best[2] = t0;
		}
		{
			double bytes = (double)out * cases[c].reps;
			double mc = bytes / best[2] / 1e9;

			printf("  %-26s memcpy %7.2f GB/s | AVX2 %7.2f GB/s = %.2fx | scalar %7.2f GB/s = %.2fx\n",
			       cases[c].name, mc, best[0] < 1e30 ? bytes / best[0] / 1e9 : 0,
			       best[0] < 1e30 ? best[2] / best[0] : 0, bytes / best[1] / 1e9,
			       best[2] / best[1]);
		}
		free(words), free(x), free(y), free(z), free(msrc), free(mdst);
	}
}

/* ------------------------------------------------------------------ */

static void divmod_pack(uint16_t *out, uint32_t dx, uint32_t dy, uint32_t dz, unsigned int mx,
			unsigned int my)
{
	uint32_t n, t = dx * dy * dz;

	for (n = 0; n < t; n++) {
		uint32_t x = n % dx, y = (n / dx) % dy, z = n / (dx * dy);

		out[n] = (uint16_t)(x | y << mx | z << (mx + my));
	}
}

static void bench_emu_vs_divmod(struct idxgen_device *dev)
{
	struct idxgen_context *ctx;
	struct idxgen_region *reg;
	struct idxgen_config cfg;
	struct idxgen_job_result res;
	volatile uint32_t vdx = 1024, vdy = 1024, vdz = 1;	/* no constant folding */
	double best_emu = 1e30, best_dm = 1e30, t0, threads;
	uint16_t *buf;
	int t, ret;

	ret = idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx);
	if (!ret)
		ret = idxgen_config_init(&cfg, dev, 1024, 1024, 1, 0);
	if (!ret)
		ret = idxgen_region_alloc(dev, idxgen_config_bytes(&cfg), &reg);
	if (!ret)
		ret = idxgen_config_target(&cfg, reg, 0);
	if (ret)
		die("emu set-up", ret);
	cfg.flags = IDXGEN_CONFIG_NO_HISTORY;
	threads = (double)idxgen_config_threads(&cfg);
	buf = malloc(idxgen_config_bytes(&cfg));
	for (t = 0; t < TRIALS * 2; t++) {
		t0 = now_s();
		ret = idxgen_run(ctx, &cfg, &res);
		t0 = now_s() - t0;
		if (ret)
			die("run", ret);
		if (t0 < best_emu)
			best_emu = t0;
		t0 = now_s();
		divmod_pack(buf, vdx, vdy, vdz, cfg.mx, cfg.my);
		clobber(buf);
		t0 = now_s() - t0;
		if (t0 < best_dm)
			best_dm = t0;
	}
	printf("generation: 1024x1024x1 (%.0f threads, 16-bit words)\n", threads);
	printf("  %s backend via idxgen_run %8.1f M indices/s | div/mod loop %8.1f M indices/s | ratio %.1fx\n",
	       idxgen_backend_of(dev) == IDXGEN_BACKEND_EMU ? "emulation" : "device",
	       threads / best_emu / 1e6, threads / best_dm / 1e6, best_dm / best_emu);
	free(buf);
	idxgen_region_free(reg);
	idxgen_context_destroy(ctx);
}

/* ------------------------------------------------------------------ */

static void bench_latency(struct idxgen_device *dev)
{
	struct idxgen_context *ctx;
	struct idxgen_region *reg;
	struct idxgen_config cfg;
	struct idxgen_job_result r;
	double miss = 1e30, hit = 1e30, t0;
	uint64_t cmiss = 0, chit = 0;
	int i, ret;

	ret = idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx);
	if (!ret)
		ret = idxgen_config_init(&cfg, dev, 32, 32, 1, 0);
	if (!ret)
		ret = idxgen_region_alloc(dev, idxgen_config_bytes(&cfg), &reg);
	if (!ret)
		ret = idxgen_config_target(&cfg, reg, 0);
	if (ret)
		die("latency set-up", ret);
	for (i = 0; i < 50; i++) {
		cfg.flags = IDXGEN_CONFIG_NO_HISTORY;
		t0 = now_s();
		ret = idxgen_run(ctx, &cfg, &r);
		t0 = now_s() - t0;
		if (ret || r.hit)
			die("miss run", ret ? ret : -EIO);
		if (t0 < miss)
			miss = t0, cmiss = r.cycles;
	}
	cfg.flags = 0;
	idxgen_run(ctx, &cfg, &r);
	for (i = 0; i < 50; i++) {
		t0 = now_s();
		ret = idxgen_run(ctx, &cfg, &r);
		t0 = now_s() - t0;
		if (ret || !r.hit)
			die("hit run", ret ? ret : -EIO);
		if (t0 < hit)
			hit = t0, chit = r.cycles;
	}
	printf("latency: 1024-thread block (32x32x1), submit to completion, best of 50\n");
	printf("  miss %8.1f us (%llu device cycles) | hit %8.1f us (%llu cycles) | miss/hit %.1fx\n",
	       miss * 1e6, (unsigned long long)cmiss, hit * 1e6, (unsigned long long)chit,
	       miss / hit);
	idxgen_region_free(reg);
	idxgen_context_destroy(ctx);
}

/* ------------------------------------------------------------------ */

/*
 * Submission through the library on dev (its user queue where the device
 * has them, else the submit ioctl) vs the null ioctl.  N jobs fit a user
 * queue's ring (511), so the submission figure is the submission's, not
 * the device's: the wait for them comes after the clock stops.
 */
static void bench_submit(struct idxgen_device *dev, const char *node, const char *path)
{
	/*
	 * More trials than the others: a trial of 400 submissions lasts under a
	 * millisecond in the VM, and on a loaded host most are cut by the
	 * scheduler; the best of 20 is the submission's own cost.
	 */
	enum { N = 400, BATCH = 64, SUBMIT_TRIALS = 20 };
	struct idxgen_context *ctx;
	struct idxgen_region *reg;
	struct idxgen_config cfg, *many;
	idxgen_job_t job, *jobs;
	double best_null = 1e30, best_one = 1e30, best_one_done = 1e30, best_batch = 1e30;
	double best_batch_done = 1e30, t0, t1;
	int fd, t, i, ret;

	fd = open(node, O_RDWR | O_CLOEXEC);
	if (fd < 0) {
		perror("bench_lib: open");
		return;
	}
	ret = idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx);
	if (!ret)
		ret = idxgen_config_init(&cfg, dev, 32, 1, 1, 0);
	if (!ret)
		ret = idxgen_region_alloc(dev, 4096, &reg);
	if (!ret)
		ret = idxgen_config_target(&cfg, reg, 0);
	if (ret)
		die("submit set-up", ret);
	cfg.flags = IDXGEN_CONFIG_NO_HISTORY;
	many = calloc(N, sizeof(*many));
	jobs = calloc(N, sizeof(*jobs));
	for (i = 0; i < N; i++)
		many[i] = cfg;

	for (t = 0; t < SUBMIT_TRIALS; t++) {
		struct drm_version v;

		t0 = now_s();
		for (i = 0; i < N; i++) {
			memset(&v, 0, sizeof(v));	/* lengths 0: the kernel copies no strings */
			drmIoctl(fd, DRM_IOCTL_VERSION, &v);
		}
		t0 = now_s() - t0;
		if (t0 < best_null)
			best_null = t0;

		t0 = now_s();
		for (i = 0; i < N; i++)
			if ((ret = idxgen_submit(ctx, &cfg, 1, &job)))
				die("submit", ret);
		t1 = now_s();
		if ((ret = idxgen_wait(ctx, job, -1, NULL)))
			die("wait", ret);
		if (t1 - t0 < best_one)
			best_one = t1 - t0;
		if (now_s() - t0 < best_one_done)
			best_one_done = now_s() - t0;

		t0 = now_s();
		for (i = 0; i < N; i += BATCH)
			if ((ret = idxgen_submit(ctx, many + i, N - i < BATCH ? N - i : BATCH, jobs + i)))
				die("submit batch", ret);
		t1 = now_s();
		if ((ret = idxgen_wait(ctx, jobs[N - 1], -1, NULL)))
			die("wait", ret);
		if (t1 - t0 < best_batch)
			best_batch = t1 - t0;
		if (now_s() - t0 < best_batch_done)
			best_batch_done = now_s() - t0;
	}
	printf("submission (library, %s): %d small jobs (32x1x1, no history) vs %d null ioctls "
	       "(DRM_IOCTL_VERSION)\n", path, N, N);
	printf("  null ioctl             %9.0f /s\n", N / best_null);
	printf("  one job per submit     %9.0f jobs/s submitted = %.2fx null ioctl (%9.0f jobs/s to completion)\n",
	       N / best_one, best_null / best_one, N / best_one_done);
	printf("  %d configs per submit  %9.0f configs/s submitted = %.2fx null ioctl (%9.0f configs/s to completion)\n",
	       BATCH, N / best_batch, best_null / best_batch, N / best_batch_done);
	free(many);
	free(jobs);
	idxgen_region_free(reg);
	idxgen_context_destroy(ctx);
	close(fd);
}

/* Wait until the ring has room for n more descriptors (HEAD from the doorbell page). */
static void uq_room(volatile uint32_t *db, uint32_t tail, uint32_t size, uint32_t n)
{
	while (((volatile uint32_t *)db)[IDXGEN_UQ_DB_HEAD / 4] != tail &&
	       (size + db[IDXGEN_UQ_DB_HEAD / 4] - tail - 1) % size < n)
		;
}

/* User-queue submission (uapi v3) vs the null ioctl, on its own fd. */
static void bench_uq(const char *node)
{
	enum { N = 20000, RING = 4096, UQ_BATCH = 64 };
	struct drm_idxgen_ctx_create cc = {.priority = DRM_IDXGEN_PRIORITY_NORMAL};
	struct drm_idxgen_region_create rc = {.size = 1 << 16};
	struct drm_idxgen_uq_create uc = {0};
	struct drm_idxgen_uq_wait w = {0};
	struct idxgen_desc d;
	double best_null = 1e30, best_one = 1e30, best_batch = 1e30, best_one_done = 1e30, t0;
	double best_db = 1e30, best_head = 1e30, best_desc = 1e30;
	volatile uint32_t *db;
	uint8_t *mem;
	uint32_t tail = 0, i, k, x, y, z;
	uint64_t sent = 0;
	int fd = open(node, O_RDWR | O_CLOEXEC), t;

	if (fd < 0 || drmIoctl(fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &cc) ||
	    drmIoctl(fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &rc)) {
		printf("user queue: set-up failed (%s)\n", strerror(errno));
		return;
	}
	uc.ctx_id = cc.ctx_id;
	uc.ring_entries = RING;
	uc.nregions = 1;
	uc.regions[0] = rc.handle;
	if (drmIoctl(fd, DRM_IOCTL_IDXGEN_UQ_CREATE, &uc)) {
		printf("user queue: none on %s (%s): the ioctl path only\n", node, strerror(errno));
		close(fd);
		return;
	}
	mem = mmap(NULL, uc.mem_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, uc.mem_offset);
	db = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, uc.doorbell_offset);
	if (mem == MAP_FAILED || db == MAP_FAILED)
		die("user queue mmap", -errno);
	memset(&d, 0, sizeof(d));
	idxgen_ref_index(32, 32, 1, &x, &y, &z);
	d.target = uc.region_base[0];
	d.size_limit = 64;
	d.dx = 32, d.dy = 1, d.dz = 1, d.c = 32, d.xc = x, d.yc = y, d.zc = z;
	d.mx = 5, d.word_size = 2, d.grid_blocks = 1;
	d.flags = IDXGEN_DESC_F_NO_HISTORY;
	w.uq_id = uc.uq_id;
	w.timeout_ns = -1;
	for (t = 0; t < TRIALS; t++) {
		struct drm_version v;

		t0 = now_s();
		for (i = 0; i < N; i++) {
			memset(&v, 0, sizeof(v));
			drmIoctl(fd, DRM_IOCTL_VERSION, &v);
		}
		t0 = now_s() - t0;
		if (t0 < best_null)
			best_null = t0;

		t0 = now_s();
		for (i = 0; i < N; i++) {
			uq_room(db, tail, RING, 1);
			memcpy(mem + tail * sizeof(d), &d, sizeof(d));
			tail = (tail + 1) % RING;
			__atomic_thread_fence(__ATOMIC_RELEASE);
			db[0] = tail;
		}
		if (now_s() - t0 < best_one)
			best_one = now_s() - t0;
		sent += N;
		w.value = sent;
		if (drmIoctl(fd, DRM_IOCTL_IDXGEN_UQ_WAIT, &w))
			die("user queue wait", -errno);
		if (now_s() - t0 < best_one_done)
			best_one_done = now_s() - t0;

		t0 = now_s();
		for (i = 0; i < N; i += UQ_BATCH) {
			uq_room(db, tail, RING, UQ_BATCH);
			for (k = 0; k < UQ_BATCH; k++) {
				memcpy(mem + tail * sizeof(d), &d, sizeof(d));
				tail = (tail + 1) % RING;
			}
			__atomic_thread_fence(__ATOMIC_RELEASE);
			db[0] = tail;
		}
		if (now_s() - t0 < best_batch)
			best_batch = now_s() - t0;
		sent += (N + UQ_BATCH - 1) / UQ_BATCH * UQ_BATCH;
		w.value = sent;
		if (drmIoctl(fd, DRM_IOCTL_IDXGEN_UQ_WAIT, &w))
			die("user queue wait", -errno);
	}
	/*
	 * Where a submission's time goes (issue 41): the same tail stored again
	 * (a doorbell MMIO write that queues nothing: the exit into the device
	 * model alone), the head read (an MMIO read), descriptors stored
	 * without a doorbell (plain memory).
	 */
	for (t = 0; t < TRIALS; t++) {
		t0 = now_s();
		for (i = 0; i < N; i++)
			db[0] = tail;
		if (now_s() - t0 < best_db)
			best_db = now_s() - t0;
		t0 = now_s();
		for (i = 0; i < N; i++)
			k = db[IDXGEN_UQ_DB_HEAD / 4];
		if (now_s() - t0 < best_head)
			best_head = now_s() - t0;
		t0 = now_s();
		for (i = 0; i < N; i++)
			memcpy(mem + ((tail + 1 + i % (RING - 2)) % RING) * sizeof(d), &d, sizeof(d));
		if (now_s() - t0 < best_desc)
			best_desc = now_s() - t0;
	}
	printf("user queue: %d small jobs (32x1x1, no history) by stores + doorbell vs %d null ioctls\n",
	       N, N);
	printf("  null ioctl            %9.0f /s\n", N / best_null);
	printf("  one job per doorbell  %9.0f jobs/s submitted = %.2fx null ioctl (%9.0f jobs/s to completion)\n",
	       N / best_one, best_null / best_one, N / best_one_done);
	printf("  %d jobs per doorbell  %9.0f jobs/s submitted = %.2fx null ioctl\n", UQ_BATCH,
	       N / best_batch, best_null / best_batch);
	printf("  parts, each alone: doorbell store (no job) %.2f us, head read %.2f us, "
	       "descriptor store %.3f us; null ioctl %.2f us\n",
	       best_db / N * 1e6, best_head / N * 1e6, best_desc / N * 1e6, best_null / N * 1e6);
	close(fd);
}

/* Store one job and the shadow tail; ring only when the device asks: 1 if it rang. */
static int uq_shadow_push(uint8_t *mem, volatile uint32_t *sh, volatile uint32_t *db,
			  const struct idxgen_desc *d, uint32_t *tail, uint32_t ring)
{
	uint32_t old = *tail;

	memcpy(mem + old * sizeof(*d), d, sizeof(*d));
	*tail = (old + 1) % ring;
	__atomic_store_n(&sh[IDXGEN_UQ_SHADOW_TAIL / 4], *tail, __ATOMIC_RELEASE);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (!idxgen_uq_shadow_need_doorbell(sh[IDXGEN_UQ_SHADOW_EVENT / 4], *tail, old, ring))
		return 0;
	db[0] = *tail;
	return 1;
}

/*
 * User-queue submission with a shadow tail (FEAT_UQ_SHADOW) vs the null
 * ioctl: jobs stored one at a time, the doorbell only when asked.  N fits
 * the ring, so the figure is the submission's, not the device's (which
 * completes some 20,000 such jobs a second under TCG); the wait comes after
 * the clock stops.
 */
static void bench_uq_shadow(const char *node)
{
	enum { N = 4000, RING = 4096 };
	struct drm_idxgen_ctx_create cc = {.priority = DRM_IDXGEN_PRIORITY_NORMAL};
	struct drm_idxgen_region_create rc = {.size = 1 << 16};
	struct drm_idxgen_uq_create uc = {.flags = DRM_IDXGEN_UQ_CREATE_SHADOW};
	struct drm_idxgen_uq_wait w = {.timeout_ns = -1};
	double best_null = 1e30, best_one = 1e30, t0;
	volatile uint32_t *db, *sh;
	struct idxgen_desc d;
	uint64_t sent = 0, rang = 0;	/* the ring is empty at each trial's start */
	uint32_t tail = 0, i, x, y, z;
	uint8_t *mem;
	int fd = open(node, O_RDWR | O_CLOEXEC), t;

	if (fd < 0 || drmIoctl(fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &cc) ||
	    drmIoctl(fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &rc))
		return;
	uc.ctx_id = cc.ctx_id;
	uc.ring_entries = RING;
	uc.nregions = 1;
	uc.regions[0] = rc.handle;
	if (drmIoctl(fd, DRM_IOCTL_IDXGEN_UQ_CREATE, &uc)) {
		printf("user queue, shadow tail: none on %s (%s)\n", node, strerror(errno));
		close(fd);
		return;
	}
	mem = mmap(NULL, uc.mem_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, uc.mem_offset);
	db = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, uc.doorbell_offset);
	if (mem == MAP_FAILED || db == MAP_FAILED)
		die("user queue mmap", -errno);
	sh = (volatile uint32_t *)(mem + uc.value_offset + DRM_IDXGEN_UQ_SHADOW_BLOCK);
	memset(&d, 0, sizeof(d));
	idxgen_ref_index(32, 32, 1, &x, &y, &z);
	d.target = uc.region_base[0];
	d.size_limit = 64;
	d.dx = 32, d.dy = 1, d.dz = 1, d.c = 32, d.xc = x, d.yc = y, d.zc = z;
	d.mx = 5, d.word_size = 2, d.grid_blocks = 1;
	d.flags = IDXGEN_DESC_F_NO_HISTORY;
	w.uq_id = uc.uq_id;
	for (t = 0; t < TRIALS; t++) {
		struct drm_version v;

		t0 = now_s();
		for (i = 0; i < N; i++) {
			memset(&v, 0, sizeof(v));
			drmIoctl(fd, DRM_IOCTL_VERSION, &v);
		}
		if (now_s() - t0 < best_null)
			best_null = now_s() - t0;
		t0 = now_s();
		for (i = 0; i < N; i++)
			rang += uq_shadow_push(mem, sh, db, &d, &tail, RING);
		if (now_s() - t0 < best_one)
			best_one = now_s() - t0;
		sent += N;
		w.value = sent;
		if (drmIoctl(fd, DRM_IOCTL_IDXGEN_UQ_WAIT, &w))
			die("user queue wait", -errno);
	}
	printf("user queue, shadow tail: %d small jobs one at a time, doorbell only when asked\n", N);
	printf("  one job per store     %9.0f jobs/s submitted = %.2fx null ioctl (%9.0f /s); "
	       "doorbells %llu of %llu jobs\n", N / best_one, best_null / best_one, N / best_null,
	       (unsigned long long)rang, (unsigned long long)sent);
	close(fd);
}

static void empty_block(struct idxgen_rt_block *blk)
{
	(void)blk;
}

/*
 * Two launches of grid x block (two kernels: neither is hot, so both go
 * through the device) on a runtime with IDXGEN_DEVICES=devices (NULL:
 * unset, the default) that already made two such launches of two other
 * kernels (what a runtime sets up once, a user queue on each device, is
 * not in the figure): their time per launch, best of TRIALS, or < 0; the
 * last launch's device jobs into *jobs.
 */
static double launch_on(const char *devices, uint32_t grid, uint32_t block, uint32_t *jobs)
{
#define EMPTY_KERNEL(n) { .abi_version = IDXGEN_RT_ABI_VERSION, .name = n, .block = empty_block }
	static const struct idxgen_rt_kernel k[4] = {
		EMPTY_KERNEL("warm0"), EMPTY_KERNEL("warm1"), EMPTY_KERNEL("empty0"), EMPTY_KERNEL("empty1"),
	};
#undef EMPTY_KERNEL
	double best = 1e30;

	for (int t = 0; t < TRIALS; t++) {
		struct idxgen_rt_options o = { .num_threads = 2 };
		struct idxgen_rt_launch_info info;
		struct idxgen_rt *rt = NULL;
		double t0;
		int ret;

		if (devices)
			setenv("IDXGEN_DEVICES", devices, 1);
		else
			unsetenv("IDXGEN_DEVICES");
		ret = idxgen_rt_create(&o, &rt);
		unsetenv("IDXGEN_DEVICES");
		if (ret)
			return -1;
		t0 = 0;
		for (int i = 0; i < 4 && !ret; i++) {
			if (i == 2)
				t0 = now_s();
			ret = idxgen_rt_launch_ex(rt, &k[i], IDXGEN_RT_DIM3(grid, 1, 1),
						  IDXGEN_RT_DIM3(block, 1, 1), NULL, NULL, &info);
		}
		t0 = (now_s() - t0) / 2;
		idxgen_rt_destroy(rt);
		if (ret)
			return -1;
		*jobs = info.device_jobs;
		if (t0 < best)
			best = t0;
	}
	return best;
}

/* grid x block on device 0 alone, split over every device, by default; 0 or -1 (fewer than two devices). */
static int bench_devices_shape(uint32_t grid, uint32_t block, const char *what)
{
	uint32_t j1 = 0, j2 = 0, j3 = 0;
	double one = launch_on("0", grid, block, &j1), split = launch_on("all", grid, block, &j2);
	double def = launch_on(NULL, grid, block, &j3);

	if (idxgen_list(NULL, 0) < 2 || one < 0 || split < 0 || def < 0)
		return -1;
	printf("two launches, %s, empty kernels, 2 threads, time per launch:\n", what);
	printf("  one device   (IDXGEN_DEVICES=0)        %8.3f ms (%u device jobs)\n", one * 1e3, j1);
	printf("  each split   (IDXGEN_DEVICES=all)      %8.3f ms (%u device jobs) = %.2fx\n", split * 1e3,
	       j2, one / split);
	printf("  the default  (variable unset)          %8.3f ms (%u device jobs) = %.2fx\n", def * 1e3,
	       j3, one / def);
	return 0;
}

static void bench_devices(void)
{
	if (bench_devices_shape(4 * 65535, 1, "262140 one-thread blocks (4 grid chunks)") ||
	    bench_devices_shape(1024, 256, "1024 blocks of 256 threads"))
		printf("devices: needs two real devices (the VM has two)\n");
}

/* No argument: every benchmark.  Otherwise only those named (unpack emu latency submit). */
static int want(int argc, char **argv, const char *name)
{
	int i;

	for (i = 1; i < argc; i++)
		if (!strcmp(argv[i], name))
			return 1;
	return argc < 2;
}

int main(int argc, char **argv)
{
	struct idxgen_device *dev;
	struct idxgen_info info;
	int ret;

	ret = idxgen_open(0, 0, &dev);
	if (ret)
		die("open device 0", ret);
	idxgen_get_info(dev, &info);
	printf("# bench_lib: backend %s, device %s, unpack path %s\n",
	       info.backend == IDXGEN_BACKEND_EMU ? "emu" : "drm", info.pci_addr,
	       idxgen_unpack_best_path() == IDXGEN_UNPACK_AVX2 ? "AVX2" : "scalar");
	if (want(argc, argv, "unpack"))
		bench_unpack();
	if (want(argc, argv, "emu"))
		bench_emu_vs_divmod(dev);
	if (want(argc, argv, "latency"))
		bench_latency(dev);
	if (want(argc, argv, "submit") && info.backend == IDXGEN_BACKEND_DRM) {
		struct idxgen_device *io;

		bench_submit(dev, info.dev_node, info.features & IDXGEN_FEAT_USER_QUEUES ?
			     "user queue" : "ioctl path, the device has no user queues");
		/* the same device through the submit ioctl */
		setenv("IDXGEN_USER_QUEUES", "0", 1);
		ret = idxgen_open(0, IDXGEN_OPEN_DRM, &io);
		unsetenv("IDXGEN_USER_QUEUES");
		if (!ret && (info.features & IDXGEN_FEAT_USER_QUEUES))
			bench_submit(io, info.dev_node, "ioctl path, IDXGEN_USER_QUEUES=0");
		if (!ret)
			idxgen_close(io);
	} else if (want(argc, argv, "submit"))
		printf("submission vs null ioctl: needs a real device (run in the VM)\n");
	if (want(argc, argv, "uq") && info.backend == IDXGEN_BACKEND_DRM) {
		bench_uq(info.dev_node);
		bench_uq_shadow(info.dev_node);
	}
	if (want(argc, argv, "devices") && info.backend == IDXGEN_BACKEND_DRM)
		bench_devices();
	idxgen_close(dev);
	return 0;
}
