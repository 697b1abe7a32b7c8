// SPDX-License-Identifier: MIT
/*
 * idxgen-drv-test - in-guest tests of the idxgen DRM accel driver, through
 * its uapi directly (no libidxgen).
 *
 *   idxgen-drv-test [all]   uapi checks, read-back against the reference,
 *                           history, regions, batches, processes, leaks
 *   idxgen-drv-test smoke   one job per device, read back
 *   idxgen-drv-test fault   fault injection (hang, lost irq, corrupt
 *                           completion, DMA failure), PCI reset, hot-unplug
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <setjmp.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <xf86drm.h>

#include "idxgen_accel.h"
#include "idxgen_hw.h"
#include "tap.h"
#include "idxgen_ref.h"

#define ok(c, ...) tap_ok(!!(c), __VA_ARGS__)

struct dev {
	int fd;
	int minor;
	char pci[64];
	char dbg[192];
	uint64_t lanes, max_threads, queues, imem, shared, features, hist, dedicated_free;
	uint32_t shared_handle;
};

/* ------------------------------------------------------------------ */
/* helpers                                                             */
/* ------------------------------------------------------------------ */

static int xioctl(int fd, unsigned long req, void *arg)
{
	int r;

	do {
		r = ioctl(fd, req, arg);
	} while (r == -1 && (errno == EINTR || errno == EAGAIN));
	return r == -1 ? -errno : 0;
}

static uint64_t param(int fd, uint32_t p)
{
	struct drm_idxgen_get_param a = { .param = p };

	if (xioctl(fd, DRM_IOCTL_IDXGEN_GET_PARAM, &a))
		return ~0ull;
	return a.value;
}

static int read_file(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = 0;
	return 0;
}

static int write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, s, strlen(s));
	close(fd);
	return n < 0 ? -errno : 0;
}

static int dev_open(struct dev *d, int minor)
{
	char path[128], link[256], *base;
	ssize_t n;

	memset(d, 0, sizeof(*d));
	d->minor = minor;
	snprintf(path, sizeof(path), "/dev/accel/accel%d", minor);
	d->fd = open(path, O_RDWR | O_CLOEXEC);
	if (d->fd < 0)
		return -errno;
	snprintf(path, sizeof(path), "/sys/class/accel/accel%d/device", minor);
	n = readlink(path, link, sizeof(link) - 1);
	if (n > 0) {
		link[n] = 0;
		base = strrchr(link, '/');
		snprintf(d->pci, sizeof(d->pci), "%s", base ? base + 1 : link);
	}
	snprintf(d->dbg, sizeof(d->dbg), "/sys/kernel/debug/accel/%s", d->pci);
	d->lanes = param(d->fd, DRM_IDXGEN_PARAM_LANES);
	d->max_threads = param(d->fd, DRM_IDXGEN_PARAM_MAX_THREADS);
	d->queues = param(d->fd, DRM_IDXGEN_PARAM_NUM_QUEUES);
	d->imem = param(d->fd, DRM_IDXGEN_PARAM_IMEM_SIZE);
	d->shared = param(d->fd, DRM_IDXGEN_PARAM_SHARED_SIZE);
	d->features = param(d->fd, DRM_IDXGEN_PARAM_FEATURES);
	d->hist = param(d->fd, DRM_IDXGEN_PARAM_HIST_ENTRIES);
	d->dedicated_free = param(d->fd, DRM_IDXGEN_PARAM_DEDICATED_FREE);
	return 0;
}

static int num_devices(void)
{
	char path[64];
	int n = 0;

	for (;;) {
		snprintf(path, sizeof(path), "/dev/accel/accel%d", n);
		if (access(path, F_OK))
			return n;
		n++;
	}
}

/* Value of "name N" in a debugfs file of the device, -1 if absent. */
static long dbg_value(const struct dev *d, const char *file, const char *name)
{
	char path[256], buf[8192], *p;
	size_t l = strlen(name);

	snprintf(path, sizeof(path), "%s/%s", d->dbg, file);
	if (read_file(path, buf, sizeof(buf)))
		return -1;
	for (p = buf; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (!strncmp(p, name, l) && p[l] == ' ')
			return strtol(p + l + 1, NULL, 0);
	return -1;
}

/* Poll a debugfs value until it equals want (context destruction is asynchronous). */
static bool dbg_wait(const struct dev *d, const char *file, const char *name, long want)
{
	int i;

	for (i = 0; i < 50; i++) {
		if (dbg_value(d, file, name) == want)
			return true;
		usleep(100000);
	}
	return false;
}

static int ctx_create(int fd, uint32_t prio, uint32_t *id)
{
	struct drm_idxgen_ctx_create a = { .priority = prio };
	int r = xioctl(fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &a);

	*id = a.ctx_id;
	return r;
}

static int ctx_destroy(int fd, uint32_t id)
{
	struct drm_idxgen_ctx_destroy a = { .ctx_id = id };

	return xioctl(fd, DRM_IOCTL_IDXGEN_CTX_DESTROY, &a);
}

static int region_create(int fd, uint64_t size, uint32_t *h)
{
	struct drm_idxgen_region_create a = { .size = size };
	int r = xioctl(fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &a);

	*h = a.handle;
	return r;
}

static int region_shared(int fd, uint32_t *h, uint64_t *size)
{
	struct drm_idxgen_region_shared a = { 0 };
	int r = xioctl(fd, DRM_IOCTL_IDXGEN_REGION_SHARED, &a);

	*h = a.handle;
	if (size)
		*size = a.size;
	return r;
}

static int gem_close(int fd, uint32_t h)
{
	struct drm_gem_close a = { .handle = h };

	return xioctl(fd, DRM_IOCTL_GEM_CLOSE, &a);
}

static const void *region_map(int fd, uint32_t h, uint64_t *size)
{
	struct drm_idxgen_region_info a = { .handle = h };
	void *p;

	if (xioctl(fd, DRM_IOCTL_IDXGEN_REGION_INFO, &a))
		return NULL;
	p = mmap(NULL, a.size, PROT_READ, MAP_SHARED, fd, a.mmap_offset);
	if (p == MAP_FAILED)
		return NULL;
	if (size)
		*size = a.size;
	return p;
}

static unsigned int width(uint32_t d)
{
	return idxgen_ref_width(d);
}

static void cfg_make(struct drm_idxgen_config *c, const struct dev *d, uint32_t region,
		     uint64_t off, uint32_t dx, uint32_t dy, uint32_t dz)
{
	uint32_t lanes = d->lanes;

	memset(c, 0, sizeof(*c));
	c->region = region;
	c->offset = off;
	c->dx = dx;
	c->dy = dy;
	c->dz = dz;
	c->c = lanes;
	c->xc = lanes % dx;
	c->yc = (lanes / dx) % dy;
	c->zc = lanes / (dx * dy);
	c->mx = width(dx);
	c->my = width(dy);
	c->mz = width(dz);
	c->word_size = c->mx + c->my + c->mz <= 16 ? 2 : 4;
	c->grid_blocks = 1;
}

static uint64_t cfg_bytes(const struct drm_idxgen_config *c)
{
	return (uint64_t)c->dx * c->dy * c->dz * c->word_size;
}

static int submit(int fd, uint32_t ctx, const struct drm_idxgen_config *cfgs, uint32_t n,
		  uint32_t in, uint32_t out, uint64_t *first)
{
	struct drm_idxgen_submit a = {
		.ctx_id = ctx, .count = n, .configs = (uintptr_t)cfgs,
		.config_size = sizeof(*cfgs), .in_syncobj = in, .out_syncobj = out,
	};
	int r = xioctl(fd, DRM_IOCTL_IDXGEN_SUBMIT, &a);

	if (first)
		*first = a.first_seq;
	return r;
}

static int64_t abs_timeout(int sec)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)(ts.tv_sec + sec) * 1000000000ll + ts.tv_nsec;
}

static int sync_wait(int fd, uint32_t h, int sec)
{
	int r = drmSyncobjWait(fd, &h, 1, abs_timeout(sec), 0, NULL);

	return r ? -errno : 0;
}

static int job_result(int fd, uint32_t ctx, uint64_t seq, struct drm_idxgen_job_result *r)
{
	memset(r, 0, sizeof(*r));
	r->ctx_id = ctx;
	r->seq = seq;
	return xioctl(fd, DRM_IOCTL_IDXGEN_JOB_RESULT, r);
}

/* Submit n configs, wait, fetch every result. 0 or a negative errno. */
static int run(int fd, uint32_t ctx, const struct drm_idxgen_config *cfgs, uint32_t n,
	       struct drm_idxgen_job_result *res)
{
	uint32_t so;
	uint64_t first;
	uint32_t i;
	int r;

	if (drmSyncobjCreate(fd, 0, &so))
		return -errno;
	r = submit(fd, ctx, cfgs, n, 0, so, &first);
	if (!r)
		r = sync_wait(fd, so, 60);
	for (i = 0; !r && i < n; i++)
		r = job_result(fd, ctx, first + i, &res[i]);
	drmSyncobjDestroy(fd, so);
	return r;
}

static bool warps_ok(const struct dev *d, const struct drm_idxgen_config *c,
		     const struct drm_idxgen_job_result *r)
{
	uint64_t t = (uint64_t)c->dx * c->dy * c->dz;

	if (r->result_flags & DRM_IDXGEN_RESULT_HIT)
		return r->warps == 0;
	return r->warps == (t + d->lanes - 1) / d->lanes && r->threads == t;
}

/* The packed output of c in a mapped region matches the reference. */
static bool output_ok(const void *map, const struct drm_idxgen_config *c)
{
	const uint8_t *p = (const uint8_t *)map + c->offset;
	int64_t bad = idxgen_ref_check(p, c->dx, c->dy, c->dz, c->mx, c->my, c->word_size);

	if (bad >= 0)
		tap_diag("shape %ux%ux%u ws %u: thread %lld is %#x, expected %#x", c->dx, c->dy,
			 c->dz, c->word_size, (long long)bad,
			 idxgen_ref_load(p, bad, c->word_size),
			 idxgen_ref_word(bad, c->dx, c->dy, c->mx, c->my));
	return bad < 0;
}

static bool all_zero(const void *map, uint64_t len)
{
	const uint8_t *p = map;
	uint64_t i;

	for (i = 0; i < len; i++)
		if (p[i])
			return false;
	return true;
}

/* ------------------------------------------------------------------ */
/* tests                                                               */
/* ------------------------------------------------------------------ */

static void test_params(struct dev *d)
{
	struct drm_idxgen_get_param a = { 0 };
	uint32_t p;
	bool all = true;

	for (p = 0; p <= DRM_IDXGEN_PARAM_DEDICATED_FREE; p++)
		all &= param(d->fd, p) != ~0ull;
	ok(all, "accel%d: every GET_PARAM readable", d->minor);
	ok(param(d->fd, DRM_IDXGEN_PARAM_DEVICE_ID) ==
	   ((IDXGEN_PCI_VENDOR_ID << 16) | IDXGEN_PCI_DEVICE_ID), "accel%d: device id", d->minor);
	ok(param(d->fd, DRM_IDXGEN_PARAM_FW_VERSION) != 0, "accel%d: firmware version %#llx",
	   d->minor, (unsigned long long)param(d->fd, DRM_IDXGEN_PARAM_FW_VERSION));
	ok(d->lanes >= 1 && d->queues >= 1 && d->imem >= (1 << 20) && d->shared >= 4096 &&
	   d->shared < d->imem, "accel%d: lanes %llu queues %llu imem %llu shared %llu",
	   d->minor, (unsigned long long)d->lanes, (unsigned long long)d->queues,
	   (unsigned long long)d->imem, (unsigned long long)d->shared);
	a.param = 1000;
	ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_GET_PARAM, &a) == -EINVAL, "GET_PARAM unknown -> EINVAL");
	a.param = 0;
	a.pad = 1;
	ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_GET_PARAM, &a) == -EINVAL, "GET_PARAM pad -> EINVAL");
}

static void test_invalid(struct dev *d)
{
	int fd = d->fd;
	long ctxs0 = dbg_value(d, "objects", "contexts");
	long regs0 = dbg_value(d, "objects", "regions");
	uint64_t free0 = param(fd, DRM_IDXGEN_PARAM_DEDICATED_FREE);
	struct drm_idxgen_ctx_create cc;
	struct drm_idxgen_ctx_destroy cd;
	struct drm_idxgen_region_create rc;
	struct drm_idxgen_region_shared rs;
	struct drm_idxgen_region_info ri;
	struct drm_idxgen_submit sb;
	struct drm_idxgen_job_result jr;
	struct drm_idxgen_config cfg, big[2];
	uint8_t ext[sizeof(cfg) + 8];
	uint32_t ctx, reg, so;
	uint64_t first = 0;
	int r;

	/* CTX_CREATE */
	cc = (struct drm_idxgen_ctx_create){ .flags = 1 };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &cc) == -EINVAL, "CTX_CREATE flags -> EINVAL");
	cc = (struct drm_idxgen_ctx_create){ .pad = 1 };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &cc) == -EINVAL, "CTX_CREATE pad -> EINVAL");
	cc = (struct drm_idxgen_ctx_create){ .priority = 3 };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &cc) == -EINVAL,
	   "CTX_CREATE priority 3 -> EINVAL");
	cc = (struct drm_idxgen_ctx_create){ .ctx_id = 77 };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &cc) == 0 && cc.ctx_id &&
	   ctx_destroy(fd, cc.ctx_id) == 0, "CTX_CREATE ignores the out field, destroy works");
	ok(dbg_wait(d, "objects", "contexts", ctxs0), "no context left behind (%ld)", ctxs0);

	/* CTX_DESTROY */
	ok(ctx_create(fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx) == 0, "CTX_CREATE normal");
	cd = (struct drm_idxgen_ctx_destroy){ .ctx_id = ctx, .pad = 1 };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_CTX_DESTROY, &cd) == -EINVAL, "CTX_DESTROY pad -> EINVAL");
	ok(ctx_destroy(fd, ctx + 1000) == -ENOENT, "CTX_DESTROY unknown -> ENOENT");
	ok(ctx_destroy(fd, 0) == -ENOENT, "CTX_DESTROY 0 -> ENOENT");

	/* REGION_CREATE */
	rc = (struct drm_idxgen_region_create){ .size = 4096, .flags = 1 };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &rc) == -EINVAL,
	   "REGION_CREATE flags -> EINVAL");
	rc = (struct drm_idxgen_region_create){ .size = 0 };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &rc) == -EINVAL,
	   "REGION_CREATE size 0 -> EINVAL");
	rc = (struct drm_idxgen_region_create){ .size = d->imem - d->shared + 1 };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &rc) == -EINVAL,
	   "REGION_CREATE above the pool -> EINVAL");
	rc = (struct drm_idxgen_region_create){ .size = ~0ull };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &rc) == -EINVAL,
	   "REGION_CREATE size 2^64-1 -> EINVAL");
	ok(dbg_value(d, "objects", "regions") == regs0 &&
	   param(fd, DRM_IDXGEN_PARAM_DEDICATED_FREE) == free0, "failed creates left nothing");

	/* REGION_SHARED / INFO */
	rs = (struct drm_idxgen_region_shared){ .flags = 1 };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_SHARED, &rs) == -EINVAL,
	   "REGION_SHARED flags -> EINVAL");
	ok(region_create(fd, 5000, &reg) == 0, "REGION_CREATE 5000 bytes");
	ri = (struct drm_idxgen_region_info){ .handle = reg };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_INFO, &ri) == 0 && ri.size == 8192 &&
	   ri.kind == DRM_IDXGEN_REGION_DEDICATED && ri.mmap_offset, "REGION_INFO: rounded to pages, dedicated");
	ri = (struct drm_idxgen_region_info){ .handle = reg, .flags = 1 };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_INFO, &ri) == -EINVAL, "REGION_INFO flags -> EINVAL");
	ri = (struct drm_idxgen_region_info){ .handle = reg, .pad = 1 };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_INFO, &ri) == -EINVAL, "REGION_INFO pad -> EINVAL");
	ri = (struct drm_idxgen_region_info){ .handle = reg + 1000 };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_INFO, &ri) == -ENOENT,
	   "REGION_INFO bad handle -> ENOENT");
	ri = (struct drm_idxgen_region_info){ .handle = d->shared_handle };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_REGION_INFO, &ri) == 0 &&
	   ri.kind == DRM_IDXGEN_REGION_KIND_SHARED && ri.size == d->shared,
	   "REGION_INFO shared region");

	/* mmap: read-only only */
	ri = (struct drm_idxgen_region_info){ .handle = reg };
	xioctl(fd, DRM_IOCTL_IDXGEN_REGION_INFO, &ri);
	{
		void *p = mmap(NULL, ri.size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
			       ri.mmap_offset);
		int e = errno;

		ok(p == MAP_FAILED && e == EACCES, "mmap PROT_WRITE -> EACCES");
		p = mmap(NULL, ri.size, PROT_READ, MAP_SHARED, fd, ri.mmap_offset);
		ok(p != MAP_FAILED && mprotect(p, ri.size, PROT_READ | PROT_WRITE) != 0,
		   "mprotect to writable refused");
		ok(p != MAP_FAILED && all_zero(p, ri.size), "new region reads as zeroes");
		if (p != MAP_FAILED)
			munmap(p, ri.size);
		p = mmap(NULL, ri.size, PROT_READ, MAP_SHARED, fd, ri.mmap_offset + 1000 * 4096);
		ok(p == MAP_FAILED, "mmap at an unknown offset refused");
	}

	/* SUBMIT */
	cfg_make(&cfg, d, reg, 0, 4, 4, 4);
#define SB(...) (sb = (struct drm_idxgen_submit){ .ctx_id = ctx, .count = 1, \
	.configs = (uintptr_t)&cfg, .config_size = sizeof(cfg), __VA_ARGS__ }, \
	xioctl(fd, DRM_IOCTL_IDXGEN_SUBMIT, &sb))
	ok(SB(.flags = 1) == -EINVAL, "SUBMIT flags -> EINVAL");
	ok(SB(.count = 0) == -EINVAL, "SUBMIT count 0 -> EINVAL");
	ok(SB(.count = DRM_IDXGEN_MAX_BATCH + 1) == -EINVAL, "SUBMIT count above max -> EINVAL");
	ok(SB(.config_size = sizeof(cfg) - 8) == -EINVAL, "SUBMIT config_size small -> EINVAL");
	ok(SB(.config_size = 1 << 20) == -EINVAL, "SUBMIT config_size huge -> EINVAL");
	ok(SB(.ctx_id = ctx + 1000) == -ENOENT, "SUBMIT unknown ctx -> ENOENT");
	ok(SB(.configs = 8) == -EFAULT, "SUBMIT bad configs pointer -> EFAULT");
	ok(SB(.in_syncobj = 0x7777) == -ENOENT, "SUBMIT unknown in_syncobj -> ENOENT");
	ok(SB(.out_syncobj = 0x7777) == -ENOENT, "SUBMIT unknown out_syncobj -> ENOENT");
	cfg.region = reg + 1000;
	ok(SB() == -ENOENT, "SUBMIT unknown region -> ENOENT");
	cfg_make(&cfg, d, reg, 0, 4, 4, 4);
	cfg.flags = 2;
	ok(SB() == -EINVAL, "SUBMIT config flags -> EINVAL");
	cfg_make(&cfg, d, reg, 0, 4, 4, 4);
	cfg.pad0 = 1;
	ok(SB() == -EINVAL, "SUBMIT config pad0 -> EINVAL");
	cfg_make(&cfg, d, reg, 0, 4, 4, 4);
	cfg.pad1 = 1;
	ok(SB() == -EINVAL, "SUBMIT config pad1 -> EINVAL");
	cfg_make(&cfg, d, reg, 0, 4, 4, 4);
	cfg.rsvd = 1;
	ok(SB() == -EINVAL, "SUBMIT config rsvd -> EINVAL");
	if (!(d->features & IDXGEN_FEAT_SCHED_ORDERS)) {
		cfg_make(&cfg, d, reg, 0, 4, 4, 4);
		cfg.order = 1;
		ok(SB() == -EINVAL, "SUBMIT schedule order without device support -> EINVAL");
		cfg_make(&cfg, d, reg, 0, 4, 4, 4);
		cfg.granularity = 1;
		ok(SB() == -EINVAL, "SUBMIT granularity without device support -> EINVAL");
		cfg_make(&cfg, d, reg, 0, 4, 4, 4);
		cfg.stride = 1;
		ok(SB() == -EINVAL, "SUBMIT stride without device support -> EINVAL");
		cfg_make(&cfg, d, reg, 0, 4, 4, 4);
		cfg.tile_w = 1;
		ok(SB() == -EINVAL, "SUBMIT tile_w without device support -> EINVAL");
		cfg_make(&cfg, d, reg, 0, 4, 4, 4);
		cfg.tile_h = 1;
		ok(SB() == -EINVAL, "SUBMIT tile_h without device support -> EINVAL");
	}
	cfg_make(&cfg, d, reg, 0, 4, 4, 4);
	cfg.word_size = 3;
	ok(SB() == -EINVAL, "SUBMIT word_size 3 -> EINVAL");
	cfg_make(&cfg, d, reg, 1, 4, 4, 4);
	ok(SB() == -EINVAL, "SUBMIT misaligned offset -> EINVAL");
	cfg_make(&cfg, d, reg, 8192 - 2, 4, 4, 4);
	ok(SB() == -EINVAL, "SUBMIT output past the region end -> EINVAL");
	cfg_make(&cfg, d, reg, 1ull << 40, 1, 1, 1);
	ok(SB() == -EINVAL, "SUBMIT offset beyond the region -> EINVAL");
	cfg_make(&cfg, d, reg, 0, 64, 64, 64);	/* 512 KiB in an 8 KiB region */
	ok(SB() == -EINVAL, "SUBMIT block larger than the region -> EINVAL");
	cfg_make(&big[0], d, reg, 0, 4, 4, 4);
	cfg_make(&big[1], d, reg, 0, 4, 4, 4);
	big[1].rsvd = 5;
	sb = (struct drm_idxgen_submit){ .ctx_id = ctx, .count = 2, .configs = (uintptr_t)big,
					 .config_size = sizeof(cfg) };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_SUBMIT, &sb) == -EINVAL,
	   "SUBMIT batch with one bad config -> EINVAL");
	cfg_make(&cfg, d, reg, 0, 4, 4, 4);
	memset(ext, 0, sizeof(ext));
	memcpy(ext, &cfg, sizeof(cfg));
	ext[sizeof(cfg) + 3] = 1;
	sb = (struct drm_idxgen_submit){ .ctx_id = ctx, .count = 1, .configs = (uintptr_t)ext,
					 .config_size = sizeof(ext) };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_SUBMIT, &sb) == -EINVAL,
	   "SUBMIT larger config with unknown non-zero field -> EINVAL");
	ok(dbg_value(d, "objects", "jobs") == 0, "no job queued by the failures");

	/* nothing was queued: the next valid submission is seq 1 */
	ext[sizeof(cfg) + 3] = 0;
	drmSyncobjCreate(fd, 0, &so);
	sb = (struct drm_idxgen_submit){ .ctx_id = ctx, .count = 1, .configs = (uintptr_t)ext,
					 .config_size = sizeof(ext), .out_syncobj = so };
	r = xioctl(fd, DRM_IOCTL_IDXGEN_SUBMIT, &sb);
	first = sb.first_seq;
	ok(r == 0 && first == 1, "larger config with zero tail accepted, first seq 1 (%d, %llu)",
	   r, (unsigned long long)first);
	ok(sync_wait(fd, so, 30) == 0, "drmSyncobjWait");
	drmSyncobjDestroy(fd, so);

	/* JOB_RESULT */
	jr = (struct drm_idxgen_job_result){ .ctx_id = ctx, .seq = 1, .flags = 1 };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_JOB_RESULT, &jr) == -EINVAL, "JOB_RESULT flags -> EINVAL");
	jr = (struct drm_idxgen_job_result){ .ctx_id = ctx + 1000, .seq = 1 };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_JOB_RESULT, &jr) == -ENOENT,
	   "JOB_RESULT unknown ctx -> ENOENT");
	jr = (struct drm_idxgen_job_result){ .ctx_id = ctx, .seq = 0 };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_JOB_RESULT, &jr) == -ENOENT, "JOB_RESULT seq 0 -> ENOENT");
	jr = (struct drm_idxgen_job_result){ .ctx_id = ctx, .seq = 2 };
	ok(xioctl(fd, DRM_IOCTL_IDXGEN_JOB_RESULT, &jr) == -ENOENT,
	   "JOB_RESULT future seq -> ENOENT");
	r = job_result(fd, ctx, 1, &jr);
	ok(r == 0 && jr.error == 0 && jr.status == DRM_IDXGEN_STATUS_OK && jr.threads == 64,
	   "JOB_RESULT seq 1: ok, 64 threads");

	/* device-side validation comes back as a status, not an errno */
	cfg_make(&cfg, d, reg, 0, 4, 4, 4);
	cfg.xc++;
	{
		struct drm_idxgen_job_result res;

		ok(run(fd, ctx, &cfg, 1, &res) == 0 && res.error == 0 &&
		   res.status == DRM_IDXGEN_STATUS_BAD_STEP_INDEX,
		   "bad step index reported by the device (status %u)", res.status);
		cfg_make(&cfg, d, reg, 0, 4, 4, 4);
		cfg.mx = 1;
		ok(run(fd, ctx, &cfg, 1, &res) == 0 && res.status == DRM_IDXGEN_STATUS_WIDTH_TOO_SMALL,
		   "narrow width reported by the device (status %u)", res.status);
		cfg_make(&cfg, d, reg, 0, 4, 4, 4);
		cfg.grid_blocks = 2;
		ok(run(fd, ctx, &cfg, 1, &res) == 0 && res.status == DRM_IDXGEN_STATUS_BAD_GRID,
		   "grid_blocks 2 reported by the device (status %u)", res.status);
		cfg_make(&cfg, d, reg, 0, 4, 4, 4);
		cfg.dy = 0;
		ok(run(fd, ctx, &cfg, 1, &res) == 0 && res.status == DRM_IDXGEN_STATUS_BAD_DIMS,
		   "dy 0 reported by the device (status %u)", res.status);
		cfg_make(&cfg, d, reg, 0, 4, 4, 4);
		cfg.c = 0;
		ok(run(fd, ctx, &cfg, 1, &res) == 0 && res.status == DRM_IDXGEN_STATUS_BAD_STEP,
		   "step 0 reported by the device (status %u)", res.status);
	}

	/* unknown driver ioctl */
	{
		char buf[16] = { 0 };

		ok(xioctl(fd, DRM_IOWR(DRM_COMMAND_BASE + 0x30, char[16]), buf) == -EINVAL,
		   "unknown driver ioctl -> EINVAL");
	}

	ok(gem_close(fd, reg) == 0, "GEM_CLOSE region");
	ok(gem_close(fd, reg) == -EINVAL, "GEM_CLOSE twice -> EINVAL");
	ok(ctx_destroy(fd, ctx) == 0, "CTX_DESTROY");
	ok(ctx_destroy(fd, ctx) == -ENOENT, "CTX_DESTROY twice -> ENOENT");
#undef SB
}

struct shape {
	uint32_t dx, dy, dz;
};

static const struct shape shapes[] = {
	{ 1, 1, 1 }, { 2, 1, 1 }, { 32, 1, 1 }, { 33, 1, 1 }, { 32, 64, 1 }, { 100, 2, 2 },
	{ 7, 3, 5 }, { 5, 1, 7 }, { 17, 13, 11 }, { 1, 1, 1000 }, { 1, 300, 1 },
	{ 33, 33, 33 }, { 64, 64, 16 }, { 1024, 1, 1 }, { 65535, 1, 1 }, { 255, 257, 3 },
	{ 3, 1, 65535 }, { 256, 256, 16 },
};

static void test_shapes(struct dev *d)
{
	uint32_t ctx, reg;
	const void *map;
	uint64_t size;
	unsigned int i;

	if (ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx) ||
	    region_create(d->fd, 4u << 20, &reg) || !(map = region_map(d->fd, reg, &size))) {
		ok(0, "accel%d: set-up for shapes", d->minor);
		return;
	}
	for (i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		const struct shape *s = &shapes[i];
		struct drm_idxgen_config c;
		struct drm_idxgen_job_result r;
		int e;

		if ((uint64_t)s->dx * s->dy * s->dz > d->max_threads)
			continue;
		cfg_make(&c, d, reg, 0, s->dx, s->dy, s->dz);
		if (cfg_bytes(&c) > size)
			continue;
		e = run(d->fd, ctx, &c, 1, &r);
		ok(e == 0 && r.error == 0 && r.status == 0 && warps_ok(d, &c, &r) &&
		   output_ok(map, &c), "accel%d: %ux%ux%u (ws %u) read back = reference (e %d st %u warps %llu)",
		   d->minor, s->dx, s->dy, s->dz, c.word_size, e, r.status,
		   (unsigned long long)r.warps);
	}

	/* wider words and widths than needed, at an offset */
	{
		struct drm_idxgen_config c;
		struct drm_idxgen_job_result r;

		cfg_make(&c, d, reg, 4096, 10, 10, 10);
		c.word_size = 4;
		c.mx = 8;
		c.my = 9;
		c.mz = 10;
		ok(run(d->fd, ctx, &c, 1, &r) == 0 && r.status == 0 && output_ok(map, &c),
		   "accel%d: 32-bit words, wide fields, offset 4096", d->minor);
		cfg_make(&c, d, reg, 6, 3, 3, 3);
		c.c = 5;
		c.xc = 5 % 3;
		c.yc = (5 / 3) % 3;
		c.zc = 0;
		ok(run(d->fd, ctx, &c, 1, &r) == 0 && r.status == 0 && output_ok(map, &c) &&
		   r.warps == (27 + 4) / 5, "accel%d: step 5 (fewer lanes than the warp)", d->minor);
	}
	munmap((void *)map, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
}

/* The brief's example: cfg1 (A, 32,64,1) miss, cfg2 (B, 100,2,2) miss, cfg3 = cfg1 hit. */
static void test_brief_example(struct dev *d)
{
	struct drm_idxgen_config c[3];
	struct drm_idxgen_job_result r[3];
	uint32_t ctx, a, b;
	const void *ma, *mb;
	int e;

	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	region_create(d->fd, 32 * 64 * 4, &a);
	region_create(d->fd, 100 * 2 * 2 * 4, &b);
	ma = region_map(d->fd, a, NULL);
	mb = region_map(d->fd, b, NULL);
	cfg_make(&c[0], d, a, 0, 32, 64, 1);
	cfg_make(&c[1], d, b, 0, 100, 2, 2);
	c[2] = c[0];
	c[0].user_tag = 1;
	c[1].user_tag = 2;
	c[2].user_tag = 3;
	e = run(d->fd, ctx, c, 3, r);
	ok(e == 0 && !r[0].error && !r[1].error && !r[2].error && !r[0].status &&
	   !r[1].status && !r[2].status, "accel%d: brief example: three jobs ok", d->minor);
	ok(!(r[0].result_flags & DRM_IDXGEN_RESULT_HIT) && r[0].warps == (2048 + d->lanes - 1) / d->lanes,
	   "cfg1 (address1, 32, 64, 1): miss, %llu warps", (unsigned long long)r[0].warps);
	ok(!(r[1].result_flags & DRM_IDXGEN_RESULT_HIT), "cfg2 (address2, 100, 2, 2): miss");
	ok((r[2].result_flags & DRM_IDXGEN_RESULT_HIT) && r[2].warps == 0 &&
	   r[2].cycles < r[0].cycles, "cfg3 (address1, 32, 64, 1): hit, 0 warps, %llu < %llu cycles",
	   (unsigned long long)r[2].cycles, (unsigned long long)r[0].cycles);
	ok(r[0].user_tag == 1 && r[1].user_tag == 2 && r[2].user_tag == 3, "user tags returned");
	ok(ma && mb && output_ok(ma, &c[0]) && output_ok(mb, &c[1]), "outputs = reference");
	if (ma)
		munmap((void *)ma, 32 * 64 * 4);
	if (mb)
		munmap((void *)mb, 100 * 2 * 2 * 4);
	gem_close(d->fd, a);
	gem_close(d->fd, b);
	ctx_destroy(d->fd, ctx);
}

static void test_history_regions(struct dev *d)
{
	struct drm_idxgen_config x, y;
	struct drm_idxgen_job_result r;
	uint32_t ctx, reg, reg2;
	const void *sm, *m;
	uint64_t size;
	bool hit;

	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	{
		/* brief 3: shared-region jobs run only for the holder of lock 0 */
		struct drm_idxgen_lock lk = { .ctx_id = ctx, .lock = 0 };

		ok(ioctl(d->fd, DRM_IOCTL_IDXGEN_LOCK, &lk) == 0, "shared: LOCK 0");
	}
	sm = region_map(d->fd, d->shared_handle, NULL);
	cfg_make(&x, d, d->shared_handle, 0, 29, 3, 2);
	cfg_make(&y, d, d->shared_handle, 64, 31, 5, 1);	/* overlaps x */

	ok(run(d->fd, ctx, &y, 1, &r) == 0 && r.status == 0 && output_ok(sm, &y),
	   "shared: Y written");
	ok(run(d->fd, ctx, &x, 1, &r) == 0 && r.status == 0 &&
	   !(r.result_flags & DRM_IDXGEN_RESULT_HIT) && output_ok(sm, &x), "shared: X miss");
	ok(run(d->fd, ctx, &x, 1, &r) == 0 && (r.result_flags & DRM_IDXGEN_RESULT_HIT) &&
	   output_ok(sm, &x), "shared: X again hits");
	ok(run(d->fd, ctx, &y, 1, &r) == 0 && !(r.result_flags & DRM_IDXGEN_RESULT_HIT),
	   "shared: Y overwrites (miss)");
	ok(run(d->fd, ctx, &x, 1, &r) == 0 && !(r.result_flags & DRM_IDXGEN_RESULT_HIT) &&
	   output_ok(sm, &x), "shared: X after the overwrite misses, output correct");
	x.flags = DRM_IDXGEN_CONFIG_NO_HISTORY;
	ok(run(d->fd, ctx, &x, 1, &r) == 0 && !(r.result_flags & DRM_IDXGEN_RESULT_HIT),
	   "NO_HISTORY: always generates");

	/* a freed and reallocated dedicated range: zeroed, no stale history */
	region_create(d->fd, 64 << 10, &reg);
	m = region_map(d->fd, reg, &size);
	cfg_make(&x, d, reg, 0, 40, 40, 4);
	ok(run(d->fd, ctx, &x, 1, &r) == 0 && r.status == 0 && m && output_ok(m, &x),
	   "dedicated: written");
	ok(run(d->fd, ctx, &x, 1, &r) == 0 && (r.result_flags & DRM_IDXGEN_RESULT_HIT),
	   "dedicated: hit on the second launch");
	munmap((void *)m, size);
	gem_close(d->fd, reg);
	region_create(d->fd, 64 << 10, &reg2);
	m = region_map(d->fd, reg2, &size);
	ok(m && all_zero(m, size), "reallocated range reads as zeroes (no previous owner data)");
	cfg_make(&x, d, reg2, 0, 40, 40, 4);
	hit = run(d->fd, ctx, &x, 1, &r) == 0 && (r.result_flags & DRM_IDXGEN_RESULT_HIT);
	ok(!hit && r.status == 0 && output_ok(m, &x), "reallocated range: no stale history hit");
	munmap((void *)m, size);
	gem_close(d->fd, reg2);
	munmap((void *)sm, d->shared);
	ctx_destroy(d->fd, ctx);
}

/* Another file's region handle means nothing here. */
static void test_isolation(int minor)
{
	struct dev a, b;
	struct drm_idxgen_config c;
	uint32_t ra, ctx;
	uint64_t first;

	if (dev_open(&a, minor) || dev_open(&b, minor)) {
		ok(0, "isolation: open");
		return;
	}
	region_create(a.fd, 1 << 16, &ra);
	ctx_create(b.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	cfg_make(&c, &b, ra, 0, 8, 8, 8);
	ok(submit(b.fd, ctx, &c, 1, 0, 0, &first) == -ENOENT,
	   "a region handle of another fd cannot be used (ENOENT)");
	close(a.fd);
	close(b.fd);
}

static void test_batch(struct dev *d)
{
	static struct drm_idxgen_config c[DRM_IDXGEN_MAX_BATCH];
	static struct drm_idxgen_job_result r[DRM_IDXGEN_MAX_BATCH];
	uint32_t ctx, reg;
	const void *m;
	uint64_t size, off = 0;
	unsigned int i, good = 0;
	int e;

	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_LOW, &ctx);
	region_create(d->fd, 1 << 20, &reg);
	m = region_map(d->fd, reg, &size);
	for (i = 0; i < DRM_IDXGEN_MAX_BATCH; i++) {
		uint32_t dx = 1 + i % 13, dy = 1 + i % 7, dz = 1 + i % 5;

		cfg_make(&c[i], d, reg, off, dx, dy, dz);
		c[i].user_tag = 1000 + i;
		off += (cfg_bytes(&c[i]) + 7) & ~7ull;
	}
	e = run(d->fd, ctx, c, DRM_IDXGEN_MAX_BATCH, r);
	for (i = 0; !e && i < DRM_IDXGEN_MAX_BATCH; i++)
		good += !r[i].error && !r[i].status && r[i].user_tag == 1000 + i &&
			warps_ok(d, &c[i], &r[i]) && output_ok(m, &c[i]);
	ok(e == 0 && good == DRM_IDXGEN_MAX_BATCH, "accel%d: batch of %d: %u verified",
	   d->minor, DRM_IDXGEN_MAX_BATCH, good);

	/* a chain: job B waits on A's syncobj */
	{
		uint32_t s1, s2;
		uint64_t f1, f2;
		struct drm_idxgen_job_result ra, rb;

		drmSyncobjCreate(d->fd, 0, &s1);
		drmSyncobjCreate(d->fd, 0, &s2);
		cfg_make(&c[0], d, reg, 0, 64, 64, 4);
		cfg_make(&c[1], d, reg, 65536, 9, 9, 9);
		e = submit(d->fd, ctx, &c[0], 1, 0, s1, &f1);
		e = e ?: submit(d->fd, ctx, &c[1], 1, s1, s2, &f2);
		e = e ?: sync_wait(d->fd, s2, 30);
		e = e ?: job_result(d->fd, ctx, f1, &ra);
		e = e ?: job_result(d->fd, ctx, f2, &rb);
		ok(e == 0 && !ra.status && !rb.status && output_ok(m, &c[0]) && output_ok(m, &c[1]),
		   "in_syncobj dependency chain (%d)", e);
		drmSyncobjDestroy(d->fd, s1);
		drmSyncobjDestroy(d->fd, s2);
	}

	/*
	 * SUBMIT reuses the object of the previous config when the handle
	 * repeats: a batch alternating regions (A A B A) must write each
	 * output into its own region, and a bad handle after good ones must
	 * fail without keeping a reference (the region still goes away).
	 */
	{
		struct drm_idxgen_job_result rr[4];
		long regs0 = dbg_value(d, "objects", "regions");
		const void *m2;
		uint32_t reg2;
		uint64_t size2, first;

		region_create(d->fd, 1 << 16, &reg2);
		m2 = region_map(d->fd, reg2, &size2);
		cfg_make(&c[0], d, reg, 0, 7, 5, 3);
		cfg_make(&c[1], d, reg, 4096, 6, 6, 2);
		cfg_make(&c[2], d, reg2, 8192, 9, 4, 3);
		cfg_make(&c[3], d, reg, 12288, 5, 5, 5);
		e = run(d->fd, ctx, c, 4, rr);
		good = 0;
		for (i = 0; !e && i < 4; i++)
			good += !rr[i].error && !rr[i].status &&
				output_ok(i == 2 ? m2 : m, &c[i]);
		ok(e == 0 && good == 4 && m2 && all_zero(m2, 8192),
		   "batch alternating regions: each output in its own region (%d, %u ok)", e, good);
		cfg_make(&c[0], d, reg2, 0, 4, 4, 4);
		cfg_make(&c[1], d, reg2, 256, 4, 4, 4);
		cfg_make(&c[2], d, reg2 + 1000, 0, 4, 4, 4);
		ok(submit(d->fd, ctx, c, 3, 0, 0, &first) == -ENOENT,
		   "batch with a bad handle after a repeated one -> ENOENT");
		if (m2)
			munmap((void *)m2, size2);
		gem_close(d->fd, reg2);
		ok(regs0 > 0 && dbg_wait(d, "objects", "regions", regs0),
		   "the failed batch kept no reference on its region");
	}
	munmap((void *)m, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
}

/* Child: its own fd, context, region; many jobs; verify everything. */
static int child_work(int minor, unsigned int seed)
{
	struct dev d;
	uint32_t ctx, reg;
	const void *m;
	uint64_t size;
	unsigned int i, bad = 0;

	if (dev_open(&d, minor))
		return 2;
	if (ctx_create(d.fd, seed % 2 ? DRM_IDXGEN_PRIORITY_HIGH : DRM_IDXGEN_PRIORITY_NORMAL,
		       &ctx) || region_create(d.fd, 1 << 20, &reg) ||
	    !(m = region_map(d.fd, reg, &size)))
		return 3;
	srand(seed);
	for (i = 0; i < 24; i++) {
		struct drm_idxgen_config c[4];
		struct drm_idxgen_job_result r[4];
		unsigned int n = 1 + rand() % 4, k;
		uint64_t off = 0;

		for (k = 0; k < n; k++) {
			cfg_make(&c[k], &d, reg, off, 1 + rand() % 60, 1 + rand() % 30,
				 1 + rand() % 8);
			off += (cfg_bytes(&c[k]) + 3) & ~3ull;
		}
		if (run(d.fd, ctx, c, n, r))
			return 4;
		for (k = 0; k < n; k++)
			bad += r[k].error || r[k].status || !output_ok(m, &c[k]);
	}
	close(d.fd);
	return bad ? 5 : 0;
}

static void test_processes(int minor)
{
	int n = 6, i, st, good = 0;
	pid_t pid[6];

	for (i = 0; i < n; i++) {
		pid[i] = fork();
		if (pid[i] == 0)
			_exit(child_work(minor, 100 + i));
	}
	for (i = 0; i < n; i++)
		if (pid[i] > 0 && waitpid(pid[i], &st, 0) == pid[i] && WIFEXITED(st) &&
		    WEXITSTATUS(st) == 0)
			good++;
	ok(good == n, "accel%d: %d processes submitting at once, all outputs verified (%d ok)",
	   minor, n, good);
}

static void test_priority_perm(struct dev *d)
{
	pid_t pid = fork();
	int st;

	if (pid == 0) {
		uint32_t ctx;

		if (setgid(65534) || setuid(65534))
			_exit(2);
		_exit(ctx_create(d->fd, DRM_IDXGEN_PRIORITY_HIGH, &ctx) == -EPERM &&
		      ctx_create(d->fd, DRM_IDXGEN_PRIORITY_LOW, &ctx) == 0 ? 0 : 1);
	}
	ok(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "HIGH priority without CAP_SYS_NICE -> EPERM, LOW allowed");
}

static void test_many_fds(int minor)
{
	int fds[200], i, n = 0;

	for (i = 0; i < 200; i++) {
		char path[64];

		snprintf(path, sizeof(path), "/dev/accel/accel%d", minor);
		fds[i] = open(path, O_RDWR);
		n += fds[i] >= 0;
		if (fds[i] >= 0) {
			uint32_t ctx, h;

			ctx_create(fds[i], DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
			if (i % 3 == 0)
				region_create(fds[i], 4096, &h);
		}
	}
	for (i = 0; i < 200; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	ok(n == 200, "accel%d: 200 fds opened (each with a context, some with regions), closed",
	   minor);
}

static void test_close_inflight(int minor)
{
	static struct drm_idxgen_config c[DRM_IDXGEN_MAX_BATCH];
	struct dev d;
	uint32_t ctx, ctx2, reg;
	unsigned int i, queued = 0;
	uint64_t first;

	if (dev_open(&d, minor)) {
		ok(0, "close in flight: open");
		return;
	}
	ctx_create(d.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	ctx_create(d.fd, DRM_IDXGEN_PRIORITY_LOW, &ctx2);
	region_create(d.fd, 2 << 20, &reg);
	for (i = 0; i < DRM_IDXGEN_MAX_BATCH; i++)
		cfg_make(&c[i], &d, reg, (i % 8) * (256 << 10), 64, 64, 16);
	for (i = 0; i < 16; i++)
		queued += submit(d.fd, i % 2 ? ctx : ctx2, c, DRM_IDXGEN_MAX_BATCH, 0, 0,
				 &first) == 0;
	ctx_destroy(d.fd, ctx2);	/* destroy with jobs queued */
	close(d.fd);			/* and close with jobs in flight */
	ok(queued == 16, "accel%d: 16 batches queued, context destroyed, fd closed in flight",
	   minor);
}

static bool wait_counters_zero(const struct dev *d, int sec)
{
	int i;

	for (i = 0; i < sec * 10; i++) {
		if (dbg_value(d, "objects", "regions") == 0 &&
		    dbg_value(d, "objects", "contexts") == 0 &&
		    dbg_value(d, "objects", "jobs") == 0 && dbg_value(d, "objects", "files") == 0)
			return true;
		usleep(100000);
	}
	return false;
}

static void test_leaks(int minor)
{
	struct dev d;
	char buf[512];
	char path[256];

	/* the counters of a device with no file open */
	memset(&d, 0, sizeof(d));
	d.minor = minor;
	snprintf(path, sizeof(path), "/sys/class/accel/accel%d/device", minor);
	{
		char link[256], *b;
		ssize_t n = readlink(path, link, sizeof(link) - 1);

		if (n > 0) {
			link[n] = 0;
			b = strrchr(link, '/');
			snprintf(d.pci, sizeof(d.pci), "%s", b ? b + 1 : link);
		}
	}
	snprintf(d.dbg, sizeof(d.dbg), "/sys/kernel/debug/accel/%s", d.pci);
	ok(wait_counters_zero(&d, 20), "accel%d: no leaked objects (debugfs counters back to 0)",
	   minor);
	snprintf(path, sizeof(path), "%s/objects", d.dbg);
	if (!read_file(path, buf, sizeof(buf)))
		tap_diag("%s", strtok(buf, "\n"));
}

static void test_sysfs_debugfs(struct dev *d)
{
	char path[256], buf[4096];
	const char *attrs[] = { "fw_version", "jobs", "hits", "misses", "busy_time_us" };
	const char *files[] = { "queues", "history", "regions", "objects" };
	unsigned int i;
	bool all = true;

	for (i = 0; i < 5; i++) {
		snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/%s", d->pci, attrs[i]);
		all &= read_file(path, buf, sizeof(buf)) == 0;
	}
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/hits", d->pci);
	if (read_file(path, buf, sizeof(buf)))
		tap_diag("cannot read %s", path);
	ok(all && atol(buf) > 0, "accel%d: sysfs fw_version jobs hits(%ld) misses busy_time_us",
	   d->minor, atol(buf));
	all = true;
	for (i = 0; i < 4; i++) {
		snprintf(path, sizeof(path), "%s/%s", d->dbg, files[i]);
		all &= read_file(path, buf, sizeof(buf)) == 0 && buf[0];
	}
	ok(all, "accel%d: debugfs queues history regions objects", d->minor);
}

/* ------------------------------------------------------------------ */
/* fault injection, resets, hot-unplug                                 */
/* ------------------------------------------------------------------ */

static int inject(struct dev *d, unsigned int bits)
{
	char path[256], v[16];

	snprintf(path, sizeof(path), "%s/inject_fault", d->dbg);
	snprintf(v, sizeof(v), "%u", bits);
	return write_file(path, v);
}

static bool job_works(struct dev *d, uint32_t ctx, uint32_t reg, const void *m, uint32_t dx)
{
	struct drm_idxgen_config c;
	struct drm_idxgen_job_result r;

	cfg_make(&c, d, reg, 0, dx, 9, 3);
	return run(d->fd, ctx, &c, 1, &r) == 0 && !r.error && !r.status && output_ok(m, &c);
}

static void test_faults(struct dev *d)
{
	struct drm_idxgen_config c;
	struct drm_idxgen_job_result r;
	uint32_t ctx, reg;
	const void *m;
	uint64_t size;
	char path[256];
	int e;

	ok(inject(d, 0x10) == -EINVAL, "inject_fault: unknown bit -> EINVAL");
	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	region_create(d->fd, 1 << 20, &reg);
	m = region_map(d->fd, reg, &size);
	ok(job_works(d, ctx, reg, m, 11), "job before faults");

	/* hung job: times out, device reset, firmware reloaded */
	ok(inject(d, IDXGEN_FAULT_HANG_JOB) == 0, "arm HANG_JOB");
	cfg_make(&c, d, reg, 0, 20, 20, 2);
	e = run(d->fd, ctx, &c, 1, &r);
	ok(e == 0 && r.error == -ETIMEDOUT, "hung job: error -ETIMEDOUT (e %d error %d status %u)",
	   e, r.error, r.status);
	ok(job_works(d, ctx, reg, m, 12), "job after the hang and reset works");

	/* a lost interrupt: the job did complete; no reset needed */
	ok(inject(d, IDXGEN_FAULT_DROP_IRQ) == 0, "arm DROP_IRQ");
	cfg_make(&c, d, reg, 0, 21, 20, 2);
	e = run(d->fd, ctx, &c, 1, &r);
	ok(e == 0 && r.error == 0 && r.status == 0 && output_ok(m, &c),
	   "lost interrupt: job still completes correctly (e %d error %d)", e, r.error);
	ok(job_works(d, ctx, reg, m, 13), "job after the lost interrupt works");

	/* corrupted completion: an error, not a silent success */
	ok(inject(d, IDXGEN_FAULT_CORRUPT_CPL) == 0, "arm CORRUPT_CPL");
	cfg_make(&c, d, reg, 0, 22, 20, 2);
	e = run(d->fd, ctx, &c, 1, &r);
	ok(e == 0 && r.error == -EIO, "corrupted completion: error -EIO (e %d error %d)", e,
	   r.error);
	ok(job_works(d, ctx, reg, m, 14), "job after the corrupted completion works");

	/* failed DMA: descriptor fetch (status) or completion write (error) */
	ok(inject(d, IDXGEN_FAULT_FAIL_DMA) == 0, "arm FAIL_DMA");
	cfg_make(&c, d, reg, 0, 23, 20, 2);
	e = run(d->fd, ctx, &c, 1, &r);
	ok(e == 0 && (r.error || r.status == DRM_IDXGEN_STATUS_DMA_FAULT),
	   "failed DMA reported (e %d error %d status %u)", e, r.error, r.status);
	ok(job_works(d, ctx, reg, m, 15), "job after the DMA failure works");

	/* an innocent job on another context survives a reset */
	{
		uint32_t ctx2, s1, s2;
		uint64_t f1, f2;
		struct drm_idxgen_config c2;
		struct drm_idxgen_job_result r2;

		ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx2);
		drmSyncobjCreate(d->fd, 0, &s1);
		drmSyncobjCreate(d->fd, 0, &s2);
		inject(d, IDXGEN_FAULT_HANG_JOB);
		cfg_make(&c, d, reg, 0, 25, 20, 2);
		cfg_make(&c2, d, reg, 65536, 26, 20, 2);
		e = submit(d->fd, ctx, &c, 1, 0, s1, &f1);
		e = e ?: submit(d->fd, ctx2, &c2, 1, 0, s2, &f2);
		e = e ?: sync_wait(d->fd, s1, 30);
		e = e ?: sync_wait(d->fd, s2, 30);
		e = e ?: job_result(d->fd, ctx, f1, &r);
		e = e ?: job_result(d->fd, ctx2, f2, &r2);
		/* the device hangs whichever of the two it starts first */
		ok(e == 0 && ((r.error == -ETIMEDOUT && !r2.error && !r2.status &&
			       output_ok(m, &c2)) ||
			      (r2.error == -ETIMEDOUT && !r.error && !r.status && output_ok(m, &c))),
		   "one job hangs, the other survives the reset (%d: %d/%u, %d/%u)", e, r.error,
		   r.status, r2.error, r2.status);
		drmSyncobjDestroy(d->fd, s1);
		drmSyncobjDestroy(d->fd, s2);
		ctx_destroy(d->fd, ctx2);
	}

	/* PCI function reset from outside, idle and with a hung job */
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/reset", d->pci);
	if (access(path, W_OK)) {
		ok(1, "PCI reset through sysfs # SKIP no reset method for this function");
		ok(1, "PCI reset with a job in flight # SKIP no reset method");
	} else {
		uint32_t so;
		uint64_t first;

		ok(write_file(path, "1") == 0 && job_works(d, ctx, reg, m, 16),
		   "PCI reset through sysfs, job after it works");
		inject(d, IDXGEN_FAULT_HANG_JOB);
		drmSyncobjCreate(d->fd, 0, &so);
		cfg_make(&c, d, reg, 0, 24, 20, 2);
		e = submit(d->fd, ctx, &c, 1, 0, so, &first);
		usleep(200000);
		e = e ?: write_file(path, "1");
		e = e ?: sync_wait(d->fd, so, 30);
		e = e ?: job_result(d->fd, ctx, first, &r);
		ok(e == 0 && r.error == 0 && r.status == 0 && output_ok(m, &c),
		   "PCI reset with a job in flight: job replayed after the reset (%d, %d)", e,
		   r.error);
		drmSyncobjDestroy(d->fd, so);
	}
	ok(job_works(d, ctx, reg, m, 17), "job after the resets works");
	/* nothing armed is left over for later suites */
	inject(d, 0);

	munmap((void *)m, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
}

/* The accel minor of a PCI function, -1 if it has none. */
static int minor_of(const char *pci)
{
	DIR *dir = opendir("/sys/class/accel");
	struct dirent *e;
	int minor = -1;

	while (dir && (e = readdir(dir))) {
		char path[300], link[256];
		ssize_t n;

		if (strncmp(e->d_name, "accel", 5))
			continue;
		snprintf(path, sizeof(path), "/sys/class/accel/%s/device", e->d_name);
		n = readlink(path, link, sizeof(link) - 1);
		if (n <= 0)
			continue;
		link[n] = 0;
		if (strstr(link, pci) && !strcmp(strrchr(link, '/') + 1, pci))
			minor = atoi(e->d_name + 5);
	}
	if (dir)
		closedir(dir);
	return minor;
}

static sigjmp_buf bus_jmp;

static void on_sigbus(int sig)
{
	siglongjmp(bus_jmp, 1);
}

/*
 * Read the output of c (in the first page of a mapping the parent already
 * faulted in) in a child process.  Returns the child's wait status: it exits 0 if it read the
 * output of c, 1 if it read something else, or dies of a signal.
 */
static int child_read(const volatile uint8_t *m, const struct drm_idxgen_config *c)
{
	uint8_t buf[4096];
	int st = -1;
	size_t i, n = cfg_bytes(c);
	pid_t pid;

	if (n > sizeof(buf) || c->offset)
		return -1;
	pid = fork();
	if (pid == 0) {
		signal(SIGBUS, SIG_DFL);
		for (i = 0; i < n; i++)
			buf[i] = m[i];
		_exit(idxgen_ref_check(buf, c->dx, c->dy, c->dz, c->mx, c->my,
				       c->word_size) < 0 ? 0 : 1);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid)
		return -1;
	return st;
}

/*
 * Remove the PCI function under an open fd, then rescan.  The region's
 * mapping must not keep pointing at the BAR of a removed device (whose
 * physical range may be given to another device): a page that was faulted in
 * before the removal must fault (SIGBUS) afterwards, not show stale data.
 */
static void test_unplug(int minor)
{
	struct dev d;
	struct drm_idxgen_config c;
	struct drm_idxgen_job_result res;
	uint32_t ctx, reg, reg2;
	const volatile uint8_t *m;
	uint64_t size, first;
	char path[256];
	volatile int faulted = 0;
	int i, e, st;

	if (dev_open(&d, minor)) {
		ok(0, "unplug: open");
		return;
	}
	ctx_create(d.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	region_create(d.fd, 1 << 16, &reg);
	m = region_map(d.fd, reg, &size);
	cfg_make(&c, &d, reg, 0, 8, 8, 8);
	ok(m && run(d.fd, ctx, &c, 1, &res) == 0 && !res.error && output_ok((const void *)m, &c),
	   "unplug: mapped region shows a job's output (page faulted in)");
	st = child_read(m, &c);
	ok(st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "unplug: a child reads the same output through the inherited mapping (status %#x)",
	   st);
	submit(d.fd, ctx, &c, 1, 0, 0, &first);

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/remove", d.pci);
	ok(write_file(path, "1") == 0, "accel%d: PCI device removed with an fd open", minor);
	ok(submit(d.fd, ctx, &c, 1, 0, 0, &first) == -ENODEV, "SUBMIT after unplug -> ENODEV");
	ok(region_create(d.fd, 4096, &reg2) == -ENODEV, "REGION_CREATE after unplug -> ENODEV");
	st = child_read(m, &c);
	if (st >= 0 && WIFEXITED(st))
		tap_diag("child read %s data from the removed device's BAR",
			 WEXITSTATUS(st) ? "other" : "the stale");
	ok(st >= 0 && WIFSIGNALED(st) && WTERMSIG(st) == SIGBUS,
	   "page mapped before unplug: access after unplug gets SIGBUS (status %#x)", st);
	signal(SIGBUS, on_sigbus);
	if (sigsetjmp(bus_jmp, 1) == 0)
		(void)m[4096];
	else
		faulted = 1;
	signal(SIGBUS, SIG_DFL);
	ok(faulted, "mapping of a removed device faults (SIGBUS)");
	munmap((void *)m, size);
	e = close(d.fd);
	ok(e == 0, "close after unplug");

	ok(write_file("/sys/bus/pci/rescan", "1") == 0, "PCI rescan");
	for (i = 0; i < 100 && minor_of(d.pci) < 0; i++)
		usleep(100000);
	minor = minor_of(d.pci);
	ok(minor >= 0, "device %s back after rescan (accel%d)", d.pci, minor);
	if (minor >= 0 && !dev_open(&d, minor)) {
		uint32_t r2;
		const void *mm;

		ctx_create(d.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
		region_create(d.fd, 1 << 16, &r2);
		mm = region_map(d.fd, r2, &size);
		ok(mm && job_works(&d, ctx, r2, mm, 10), "job on the re-probed device works");
		if (mm)
			munmap((void *)mm, size);
		close(d.fd);
		test_leaks(minor);
	} else {
		ok(0, "job on the re-probed device works");
	}
}

static int find_debug_dev(void)
{
	int i, n = num_devices();

	for (i = 0; i < n; i++) {
		struct dev d;

		if (dev_open(&d, i))
			continue;
		close(d.fd);
		if (d.features & IDXGEN_FEAT_DEBUG)
			return i;
	}
	return -1;
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "all";
	int n = num_devices(), i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!tap_ok(n >= 1, "found %d idxgen accel device(s)", n))
		return tap_done();

	if (!strcmp(mode, "smoke")) {
		for (i = 0; i < n; i++) {
			struct dev d;
			uint32_t ctx, reg;
			const void *m;

			if (dev_open(&d, i)) {
				ok(0, "accel%d: open", i);
				continue;
			}
			ctx_create(d.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
			region_create(d.fd, 1 << 16, &reg);
			m = region_map(d.fd, reg, NULL);
			ok(m && job_works(&d, ctx, reg, m, 31), "accel%d: smoke job", i);
			close(d.fd);
		}
		return tap_done();
	}

	if (!strcmp(mode, "fault")) {
		struct dev d;
		int dbg = find_debug_dev();

		if (!tap_ok(dbg >= 0, "a device with the debug block") || dev_open(&d, dbg))
			return tap_done();
		test_faults(&d);
		close(d.fd);
		test_leaks(dbg);
		test_unplug(dbg);
		return tap_done();
	}

	for (i = 0; i < n; i++) {
		struct dev d;

		if (!tap_ok(dev_open(&d, i) == 0, "accel%d: open (%s)", i, d.pci))
			continue;
		region_shared(d.fd, &d.shared_handle, NULL);
		test_params(&d);
		if (i == 0)
			test_invalid(&d);
		test_shapes(&d);
		test_brief_example(&d);
		test_history_regions(&d);
		test_batch(&d);
		test_priority_perm(&d);
		test_sysfs_debugfs(&d);
		close(d.fd);
		test_isolation(i);
		test_many_fds(i);
		test_processes(i);
		test_close_inflight(i);
		test_leaks(i);
	}
	return tap_done();
}
