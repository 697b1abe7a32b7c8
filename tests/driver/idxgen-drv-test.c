// SPDX-License-Identifier: MIT
/*
 * idxgen-drv-test - in-guest tests of the idxgen DRM accel driver, through
 * its uapi directly (no libidxgen).
 *
 *   idxgen-drv-test [all]   uapi checks, read-back against the reference,
 *                           history, regions, batches, processes, leaks
 *   idxgen-drv-test smoke   one job per device, read back
 *   idxgen-drv-test fault   fault injection (hang, lost irq, corrupt
 *                           completion, DMA failure), PCI reset, hang blame,
 *                           failed dependencies, bad HEAD, reset storm,
 *                           failed reset, AER, suspend/resume (pm_test),
 *                           close + unbind, hot-unplug
 *   idxgen-drv-test one T   one test of the fault suite (faults, hang_blame,
 *                           failed_deps, bad_head, reset_storm, failed_reset,
 *                           aer, suspend, close_unbind, aer_remove)
 *   idxgen-drv-test sched   a firmware with a malformed schedule table
 *                           (bind -EINVAL), a device misreporting its
 *                           table (x-sched-corrupt: no table, usable)
 *   idxgen-drv-test flood   queue 256 jobs behind a hung one, CTX_DESTROY,
 *                           exit with the fd open (no TAP; for
 *                           idxgen-drv-reload.sh)
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
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
#include "gen_ref.h"
#include "order_ref.h"

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

/* design.md#history-example: cfg1 (A, 32,64,1) miss, cfg2 (B, 100,2,2) miss, cfg3 = cfg1 hit */
static void test_history_example(struct dev *d)
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
	   !r[1].status && !r[2].status, "accel%d: history example: three jobs ok", d->minor);
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
		/* docs/design.md#arbiter: shared-region jobs run only for the holder of lock 0 */
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

	ok(inject(d, IDXGEN_FAULT_MASK + 1) == -EINVAL, "inject_fault: unknown bit -> EINVAL");
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
		usleep(200000);	/* the idle device starts (and hangs on) the first */
		e = e ?: submit(d->fd, ctx2, &c2, 1, 0, s2, &f2);
		e = e ?: sync_wait(d->fd, s1, 30);
		e = e ?: sync_wait(d->fd, s2, 30);
		e = e ?: job_result(d->fd, ctx, f1, &r);
		e = e ?: job_result(d->fd, ctx2, f2, &r2);
		/* strict: the job the device hung on is the one blamed */
		ok(e == 0 && r.error == -ETIMEDOUT && !r2.error && !r2.status && output_ok(m, &c2),
		   "the hung job is blamed, the other survives the reset (%d: %d/%u, %d/%u)", e,
		   r.error, r.status, r2.error, r2.status);
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

/* ------------------------------------------------------------------ */
/* robustness regressions (issue 8)                                    */
/* ------------------------------------------------------------------ */

/* A job on a fresh context and region of d works. */
static bool job_works_fresh(struct dev *d)
{
	uint32_t ctx, reg;
	const void *m;
	uint64_t size;
	bool good;

	if (ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx))
		return false;
	if (region_create(d->fd, 1 << 16, &reg)) {
		ctx_destroy(d->fd, ctx);
		return false;
	}
	m = region_map(d->fd, reg, &size);
	good = m && job_works(d, ctx, reg, m, 19);
	if (m)
		munmap((void *)m, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
	return good;
}

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static long timeout_ms(void)
{
	char buf[32];

	if (read_file("/sys/module/idxgen/parameters/job_timeout_ms", buf, sizeof(buf)))
		return 2000;
	return atol(buf);
}

/* /dev/kmsg from now on: kmsg_open() before, kmsg_bad() after. */
static int kmsg_open(void)
{
	int fd = open("/dev/kmsg", O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd >= 0)
		lseek(fd, 0, SEEK_END);
	return fd;
}

/*
 * Is this kernel log record a splat?  The patterns of the VM harness's
 * kcheck (tests/vm/guest-init.sh) that our paths can produce: WARN/BUG/oops,
 * lockdep, KASAN/UBSAN/KFENCE, hung tasks, refcount and list corruption.
 */
static bool kmsg_splat(const char *rec)
{
	static const char *const pat[] = {
		"WARNING", "BUG", "Oops", "cut here", "general protection",
		"possible circular locking", "possible recursive locking",
		"inconsistent lock state", "suspicious RCU usage",
		"sleeping function called from invalid context", "KASAN", "UBSAN", "KFENCE",
		"blocked for more than", "soft lockup", "refcount_t:", "list_add corruption",
		"list_del corruption", "unreferenced object",
		"teardown waits for",	/* the driver's own: a job that never ends */
	};
	unsigned int i;

	for (i = 0; i < sizeof(pat) / sizeof(pat[0]); i++)
		if (strstr(rec, pat[i]))
			return true;
	return false;
}

/* Did the kernel log a splat (kmsg_splat()) since kmsg_open()?  Closes fd. */
static bool kmsg_bad(int fd)
{
	char rec[2048];
	bool bad = false;
	ssize_t n;

	if (fd < 0)
		return true;
	for (;;) {
		n = read(fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;	/* overwritten records */
		if (n <= 0)
			break;
		rec[n] = 0;
		if (strchr(rec, '\n'))	/* the message; not its dictionary lines */
			*strchr(rec, '\n') = 0;
		if (kmsg_splat(rec)) {
			tap_diag("kmsg: %.200s", strchr(rec, ';') ? strchr(rec, ';') + 1 : rec);
			bad = true;
		}
	}
	close(fd);
	return bad;
}

/*
 * Items 1 and 8: a device reset landing between the register writes of a
 * range command (RANGE_BASE/SIZE are cleared by the reset) made a new
 * region's ZERO wipe the start of the shared region instead, or zero
 * nothing and hand out the previous owner's data.  While a child resets
 * the device through debugfs in a loop, one fd fills a region and frees
 * it, another creates regions of the same size (the allocator hands out
 * the same range) and checks they are zero; at the end the shared
 * region's job output written before the storm must be intact.
 */
#define STORM_CREATES	400

static void test_reset_storm(struct dev *d)
{
	const uint64_t rsize = 64 << 10;
	struct drm_idxgen_config c, cs;
	struct drm_idxgen_job_result r;
	char path[256];
	uint32_t ctx, reg, reg2, sh;
	unsigned int rounds = 0, creates = 0, dirty = 0, jobs_ok = 0, bad_out = 0, k;
	const void *shm;
	uint64_t shsize;
	struct dev d2;
	bool shared_ok;
	volatile int *stop;
	double end, hard_end;
	pid_t pid;
	int st = -1;

	if (dev_open(&d2, d->minor)) {
		ok(0, "reset storm: second fd");
		return;
	}
	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	region_shared(d->fd, &sh, NULL);
	shm = region_map(d->fd, sh, &shsize);
	cfg_make(&cs, d, sh, 0, 64, 64, 4);	/* the first 64 KiB of the shared region */
	{
		/* docs/design.md#arbiter: shared-region jobs run only for the holder of lock 0 */
		struct drm_idxgen_lock lk = { .ctx_id = ctx, .lock = 0 };

		ok(ioctl(d->fd, DRM_IOCTL_IDXGEN_LOCK, &lk) == 0, "reset storm: LOCK 0");
	}
	ok(shm && run(d->fd, ctx, &cs, 1, &r) == 0 && !r.error && output_ok(shm, &cs),
	   "reset storm: job output in the shared region");

	snprintf(path, sizeof(path), "%s/reset", d->dbg);
	/*
	 * Resets go on until the creating side has done its share: at least
	 * 8 s and at least STORM_CREATES regions (a slow kernel made only 200
	 * in 8 s, which a fixed time turned into a failure), 120 s at most.
	 */
	stop = mmap(NULL, sizeof(*stop), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (stop == MAP_FAILED) {
		ok(0, "reset storm: shared stop flag");
		return;
	}
	*stop = 0;
	pid = fork();
	if (pid == 0) {
		double cap = now_s() + 120;

		while (!*stop && now_s() < cap)
			if (write_file(path, "1"))
				_exit(1);
		_exit(0);
	}
	end = now_s() + 8;
	hard_end = now_s() + 110;
	while ((now_s() < end || creates < STORM_CREATES) && now_s() < hard_end) {
		const void *m;

		if (region_create(d->fd, rsize, &reg))
			break;
		m = region_map(d->fd, reg, NULL);
		cfg_make(&c, d, reg, 0, 64, 64, 4);	/* the whole region */
		if (m && run(d->fd, ctx, &c, 1, &r) == 0 && !r.error && !r.status) {
			jobs_ok++;
			bad_out += !output_ok(m, &c);
		}
		if (m)
			munmap((void *)m, rsize);
		gem_close(d->fd, reg);

		for (k = 0; k < 50; k++) {
			if (region_create(d2.fd, rsize, &reg2))
				continue;
			creates++;
			m = region_map(d2.fd, reg2, NULL);
			dirty += !m || !all_zero(m, rsize);
			if (m)
				munmap((void *)m, rsize);
			gem_close(d2.fd, reg2);
		}
		rounds++;
	}
	*stop = 1;
	waitpid(pid, &st, 0);
	munmap((void *)stop, sizeof(*stop));
	shared_ok = shm && output_ok(shm, &cs);
	ok(WIFEXITED(st) && !WEXITSTATUS(st), "reset storm: debugfs resets throughout");
	ok(creates >= STORM_CREATES && !dirty,
	   "reset storm: %u regions created during resets, %u held another fd's data", creates,
	   dirty);
	ok(shared_ok, "reset storm: no ZERO landed on the shared region");
	ok(jobs_ok > 0 && !bad_out, "reset storm: %u of %u jobs completed, %u with a wrong output",
	   jobs_ok, rounds, bad_out);
	if (shm)
		munmap((void *)shm, shsize);
	gem_close(d->fd, sh);
	ctx_destroy(d->fd, ctx);
	close(d2.fd);
	ok(job_works_fresh(d), "job after the reset storm works");
}

static int wait_job(int fd, uint32_t ctx, uint64_t seq, int64_t deadline,
		    struct drm_idxgen_job_result *r)
{
	struct drm_idxgen_wait w = { .ctx_id = ctx, .seq = seq, .timeout_ns = deadline };
	int e = xioctl(fd, DRM_IOCTL_IDXGEN_WAIT, &w);

	if (r)
		*r = w.result;
	return e;
}

static int ctx_query(int fd, uint32_t ctx, struct drm_idxgen_ctx_query *q)
{
	memset(q, 0, sizeof(*q));
	q->ctx_id = ctx;
	return xioctl(fd, DRM_IOCTL_IDXGEN_CTX_QUERY, q);
}

/* uapi v2 (driver 1.1): the new params, WAIT and CTX_QUERY, and every bad input. */
static void test_uapi_v2(struct dev *d)
{
	static struct drm_idxgen_config c[DRM_IDXGEN_MAX_BATCH];
	struct drm_idxgen_get_param gp = { 0 };
	struct drm_idxgen_job_result r = { 0 }, rr;
	struct drm_idxgen_ctx_query q;
	struct drm_idxgen_wait w;
	drmVersionPtr v = drmGetVersion(d->fd);
	uint32_t ctx, reg, i;
	uint64_t first, size;
	const void *m;
	long tmo = timeout_ms();
	int e;

	ok(v && v->version_major == 1 && v->version_minor == 1, "driver version 1.1 (uapi v2, 1.0 ABI)");
	if (v)
		drmFreeVersion(v);
	ok(param(d->fd, DRM_IDXGEN_PARAM_RING_SIZE) == 512, "PARAM_RING_SIZE 512");
	ok(param(d->fd, DRM_IDXGEN_PARAM_MAX_BATCH) == DRM_IDXGEN_MAX_BATCH, "PARAM_MAX_BATCH");
	ok(param(d->fd, DRM_IDXGEN_PARAM_UAPI_FEATURES) ==
	   (DRM_IDXGEN_UAPI_WAIT | DRM_IDXGEN_UAPI_CTX_QUERY | DRM_IDXGEN_UAPI_DEP_CANCEL |
	    DRM_IDXGEN_UAPI_SYNC_ARRAYS),
	   "PARAM_UAPI_FEATURES: WAIT, CTX_QUERY, DEP_CANCEL, SYNC_ARRAYS");
	ok(param(d->fd, DRM_IDXGEN_PARAM_JOB_TIMEOUT_MS) == (uint64_t)tmo,
	   "PARAM_JOB_TIMEOUT_MS equals the module parameter (%ld)", tmo);
	ok(param(d->fd, DRM_IDXGEN_PARAM_DEVICE_STATE) == DRM_IDXGEN_DEVICE_RUNNING,
	   "PARAM_DEVICE_STATE running");
	ok(param(d->fd, DRM_IDXGEN_PARAM_RESULT_WINDOW) == DRM_IDXGEN_RESULT_WINDOW,
	   "PARAM_RESULT_WINDOW");
	gp.param = 22;
	ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_GET_PARAM, &gp) == -EINVAL, "GET_PARAM 22 -> EINVAL");

	region_create(d->fd, 2 << 20, &reg);
	m = region_map(d->fd, reg, &size);
	/*
	 * A deadline in the past on a job that cannot have finished: one the
	 * device hangs on (debug block).  A merely long batch is no such job:
	 * on a slow kernel it was done before the WAIT (seen on the debug
	 * kernel under load: 0 instead of -ETIME).
	 */
	if (d->features & IDXGEN_FEAT_DEBUG) {
		uint32_t hctx = 0;
		uint64_t hseq = 0;

		ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &hctx);
		cfg_make(&c[0], d, reg, 0, 20, 20, 2);
		e = inject(d, IDXGEN_FAULT_HANG_JOB);
		e = e ?: submit(d->fd, hctx, c, 1, 0, 0, &hseq);
		e = e ?: wait_job(d->fd, hctx, hseq, 0, NULL);
		ok(e == -ETIME, "WAIT with a past deadline on a running (hung) job -> ETIME (%d)", e);
		e = wait_job(d->fd, hctx, hseq, abs_timeout(60), &r);
		ok(e == 0 && r.error == -ETIMEDOUT,
		   "then WAIT returns the hung job's -ETIMEDOUT once the timeout fired (%d, error %d)",
		   e, r.error);
		ctx_destroy(d->fd, hctx);
	} else {
		ok(1, "WAIT with a past deadline on a running job # SKIP no debug block to hang a job");
		ok(1, "then WAIT returns the hung job's error # SKIP no debug block");
	}
	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	for (i = 0; i < DRM_IDXGEN_MAX_BATCH; i++) {
		cfg_make(&c[i], d, reg, (i % 8) * (256 << 10), 64, 64, 16);
		c[i].flags = DRM_IDXGEN_CONFIG_NO_HISTORY;	/* no 4-cycle hits: it takes a while */
	}
	e = submit(d->fd, ctx, c, DRM_IDXGEN_MAX_BATCH, 0, 0, &first);

	/* bad input */
	memset(&w, 0, sizeof(w));
	w.ctx_id = ctx, w.seq = first, w.flags = 1;
	ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_WAIT, &w) == -EINVAL, "WAIT flags != 0 -> EINVAL");
	memset(&w, 0, sizeof(w));
	w.ctx_id = ctx, w.seq = first, w.result.ctx_id = 1;
	ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_WAIT, &w) == -EINVAL, "WAIT result.ctx_id != 0 -> EINVAL");
	memset(&w, 0, sizeof(w));
	w.ctx_id = ctx, w.seq = first, w.result.flags = 1;
	ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_WAIT, &w) == -EINVAL, "WAIT result.flags != 0 -> EINVAL");
	memset(&w, 0, sizeof(w));
	w.ctx_id = ctx, w.seq = first, w.result.seq = 1;
	ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_WAIT, &w) == -EINVAL, "WAIT result.seq != 0 -> EINVAL");
	ok(wait_job(d->fd, ctx + 1000, first, abs_timeout(1), NULL) == -ENOENT,
	   "WAIT unknown context -> ENOENT");
	ok(wait_job(d->fd, ctx, 0, abs_timeout(1), NULL) == -ENOENT, "WAIT seq 0 -> ENOENT");
	ok(wait_job(d->fd, ctx, first + DRM_IDXGEN_MAX_BATCH, abs_timeout(1), NULL) == -ENOENT,
	   "WAIT future seq -> ENOENT");

	/* a real wait on the batch */
	e = e ?: wait_job(d->fd, ctx, first + DRM_IDXGEN_MAX_BATCH - 1, abs_timeout(60), &r);
	ok(e == 0 && !r.error && !r.status && warps_ok(d, &c[DRM_IDXGEN_MAX_BATCH - 1], &r) &&
	   output_ok(m, &c[DRM_IDXGEN_MAX_BATCH - 1]),
	   "WAIT returns the last job's result once done (%d, error %d)", e, r.error);
	e = job_result(d->fd, ctx, first + DRM_IDXGEN_MAX_BATCH - 1, &rr);
	ok(e == 0 && rr.error == r.error && rr.status == r.status && rr.warps == r.warps &&
	   rr.threads == r.threads && rr.user_tag == r.user_tag,
	   "WAIT and JOB_RESULT agree");
	e = wait_job(d->fd, ctx, first, 0, &r);
	ok(e == 0 && !r.error, "WAIT with a past deadline on a done job -> its result");

	/* a result that left the window is an error, not a silent success */
	for (i = 0; i < DRM_IDXGEN_MAX_BATCH; i++)
		cfg_make(&c[i], d, reg, 0, 4, 4, 1);
	for (i = 0, e = 0; i < DRM_IDXGEN_RESULT_WINDOW / DRM_IDXGEN_MAX_BATCH + 1 && !e; i++)
		e = submit(d->fd, ctx, c, DRM_IDXGEN_MAX_BATCH, 0, 0, NULL);
	ok(e == 0 && wait_job(d->fd, ctx, first, abs_timeout(1), NULL) == -ENOENT,
	   "WAIT on a result dropped from the window -> ENOENT");

	/* CTX_QUERY */
	memset(&q, 0, sizeof(q));
	q.ctx_id = ctx, q.flags = 1;
	ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_CTX_QUERY, &q) == -EINVAL, "CTX_QUERY flags != 0 -> EINVAL");
	memset(&q, 0, sizeof(q));
	q.ctx_id = ctx, q.resets = 1;
	ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_CTX_QUERY, &q) == -EINVAL, "CTX_QUERY resets != 0 -> EINVAL");
	memset(&q, 0, sizeof(q));
	q.ctx_id = ctx, q.guilty = 1;
	ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_CTX_QUERY, &q) == -EINVAL, "CTX_QUERY guilty != 0 -> EINVAL");
	memset(&q, 0, sizeof(q));
	q.ctx_id = ctx, q.device_resets = 1;
	ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_CTX_QUERY, &q) == -EINVAL,
	   "CTX_QUERY device_resets != 0 -> EINVAL");
	memset(&q, 0, sizeof(q));
	q.ctx_id = ctx, q.pad = 1;
	ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_CTX_QUERY, &q) == -EINVAL, "CTX_QUERY pad != 0 -> EINVAL");
	ok(ctx_query(d->fd, ctx + 1000, &q) == -ENOENT, "CTX_QUERY unknown context -> ENOENT");
	ok(ctx_query(d->fd, ctx, &q) == 0 && q.resets == 0 && q.guilty == 0 && q.pad == 0,
	   "CTX_QUERY: a context without resets (%u, %u)", q.resets, q.guilty);

	wait_job(d->fd, ctx, first + 4096, abs_timeout(60), NULL);
	munmap((void *)m, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
}

/* "key:\tN" of /proc/self/fdinfo/fd; -1 if absent. */
static long long fdinfo_value(int fd, const char *key)
{
	char path[64], buf[4096], *p;

	snprintf(path, sizeof(path), "/proc/self/fdinfo/%d", fd);
	if (read_file(path, buf, sizeof(buf)))
		return -1;
	p = strstr(buf, key);
	if (!p || p[strlen(key)] != ':')
		return -1;
	return strtoll(p + strlen(key) + 1, NULL, 10);
}

/* fdinfo per drm-usage-stats: this file's engine time and cycles. */
static void test_fdinfo(struct dev *d)
{
	struct drm_idxgen_config c[4];
	struct drm_idxgen_job_result r[4];
	struct dev d2;
	uint32_t ctx, reg, i;
	uint64_t sum = 0, khz;
	long long cyc0, cyc1, ns1;
	int e;

	if (dev_open(&d2, d->minor)) {
		ok(0, "fdinfo: open");
		return;
	}
	khz = param(d2.fd, DRM_IDXGEN_PARAM_CLOCK_KHZ);
	ctx_create(d2.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	region_create(d2.fd, 1 << 20, &reg);
	cyc0 = fdinfo_value(d2.fd, "drm-cycles-idxgen");
	ok(cyc0 == 0 && fdinfo_value(d2.fd, "drm-engine-idxgen") == 0,
	   "fdinfo: a new file has drm-cycles-idxgen and drm-engine-idxgen at 0");
	for (i = 0; i < 4; i++)
		cfg_make(&c[i], &d2, reg, (uint64_t)i << 16, 33 + i, 17, 3);
	c[1].flags = c[3].flags = DRM_IDXGEN_CONFIG_NO_HISTORY;
	e = run(d2.fd, ctx, c, 4, r);
	for (i = 0; !e && i < 4; i++)
		sum += r[i].cycles;
	cyc1 = fdinfo_value(d2.fd, "drm-cycles-idxgen");
	ns1 = fdinfo_value(d2.fd, "drm-engine-idxgen");
	ok(e == 0 && sum > 0 && cyc1 == (long long)sum,
	   "fdinfo: drm-cycles-idxgen %lld = the jobs' cycles %llu", cyc1,
	   (unsigned long long)sum);
	ok(khz && ns1 == (long long)(sum * 1000000 / khz),
	   "fdinfo: drm-engine-idxgen %lld ns = cycles at %llu kHz", ns1, (unsigned long long)khz);
	ok(fdinfo_value(d->fd, "drm-cycles-idxgen") >= 0 &&
	   fdinfo_value(d2.fd, "drm-client-id") != fdinfo_value(d->fd, "drm-client-id"),
	   "fdinfo: per file (distinct drm-client-id)");
	close(d2.fd);
}

static int submit_syncs(int fd, uint32_t ctx, const struct drm_idxgen_config *cfgs, uint32_t n,
			const struct drm_idxgen_sync *in, uint32_t nin,
			const struct drm_idxgen_sync *out, uint32_t nout, uint64_t *first)
{
	struct drm_idxgen_submit a = {
		.ctx_id = ctx, .count = n, .configs = (uintptr_t)cfgs,
		.config_size = sizeof(*cfgs), .in_syncs = (uintptr_t)in,
		.out_syncs = (uintptr_t)out, .in_sync_count = nin, .out_sync_count = nout,
	};
	int r = xioctl(fd, DRM_IOCTL_IDXGEN_SUBMIT, &a);

	if (first)
		*first = a.first_seq;
	return r;
}

/* uapi v2: SUBMIT in_syncs/out_syncs arrays, binary and timeline, and their bad input. */
static void test_sync_arrays(struct dev *d)
{
	struct drm_idxgen_config c[3];
	struct drm_idxgen_job_result r;
	struct drm_idxgen_sync in[DRM_IDXGEN_MAX_SYNCS + 1], out[2];
	uint32_t ctx, ctx2, reg, tl, bin, i;
	uint64_t fa = 0, fb = 0, fc = 0, size, pt = 0;
	const void *m;
	int e;

	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_LOW, &ctx2);
	region_create(d->fd, 1 << 20, &reg);
	m = region_map(d->fd, reg, &size);
	drmSyncobjCreate(d->fd, 0, &tl);
	drmSyncobjCreate(d->fd, 0, &bin);
	for (i = 0; i < 3; i++)
		cfg_make(&c[i], d, reg, (uint64_t)i << 16, 40 + i, 9, 5);

	/* bad input: nothing is queued */
	memset(in, 0, sizeof(in));
	in[0].handle = tl;
	in[0].flags = 1;
	ok(submit_syncs(d->fd, ctx, c, 1, in, 1, NULL, 0, NULL) == -EINVAL,
	   "SUBMIT in_syncs flags != 0 -> EINVAL");
	out[0] = (struct drm_idxgen_sync){ .handle = tl, .flags = 1, .point = 1 };
	ok(submit_syncs(d->fd, ctx, c, 1, NULL, 0, out, 1, NULL) == -EINVAL,
	   "SUBMIT out_syncs flags != 0 -> EINVAL");
	out[0] = (struct drm_idxgen_sync){ .handle = 0 };
	ok(submit_syncs(d->fd, ctx, c, 1, NULL, 0, out, 1, NULL) == -EINVAL,
	   "SUBMIT out_syncs handle 0 -> EINVAL");
	ok(submit_syncs(d->fd, ctx, c, 1, in, DRM_IDXGEN_MAX_SYNCS + 1, NULL, 0, NULL) == -EINVAL,
	   "SUBMIT in_sync_count above DRM_IDXGEN_MAX_SYNCS -> EINVAL");
	ok(submit_syncs(d->fd, ctx, c, 1, NULL, 0, out, DRM_IDXGEN_MAX_SYNCS + 1, NULL) == -EINVAL,
	   "SUBMIT out_sync_count above DRM_IDXGEN_MAX_SYNCS -> EINVAL");
	ok(submit_syncs(d->fd, ctx, c, 1, (void *)8, 1, NULL, 0, NULL) == -EFAULT,
	   "SUBMIT in_syncs bad pointer -> EFAULT");
	in[0] = (struct drm_idxgen_sync){ .handle = tl + 100 };
	ok(submit_syncs(d->fd, ctx, c, 1, in, 1, NULL, 0, NULL) == -ENOENT,
	   "SUBMIT in_syncs unknown handle -> ENOENT");
	out[0] = (struct drm_idxgen_sync){ .handle = tl + 100, .point = 1 };
	ok(submit_syncs(d->fd, ctx, c, 1, NULL, 0, out, 1, NULL) == -ENOENT,
	   "SUBMIT out_syncs unknown handle -> ENOENT");
	in[0] = (struct drm_idxgen_sync){ .handle = tl, .point = 1 };
	ok(submit_syncs(d->fd, ctx, c, 1, in, 1, NULL, 0, NULL) == -EINVAL,
	   "SUBMIT in_syncs point not submitted yet -> EINVAL");
	in[0] = (struct drm_idxgen_sync){ .handle = bin };
	ok(submit_syncs(d->fd, ctx, c, 1, in, 1, NULL, 0, NULL) == -EINVAL,
	   "SUBMIT in_syncs binary syncobj without a fence -> EINVAL");
	{
		struct drm_idxgen_job_result rr;

		ok(job_result(d->fd, ctx, 1, &rr) == -ENOENT, "nothing was queued by the bad SUBMITs");
	}

	/* A -> tl@1 and bin; B (other context) waits tl@1 -> tl@2; C waits tl@2 and bin */
	out[0] = (struct drm_idxgen_sync){ .handle = tl, .point = 1 };
	out[1] = (struct drm_idxgen_sync){ .handle = bin };
	e = submit_syncs(d->fd, ctx, &c[0], 1, NULL, 0, out, 2, &fa);
	in[0] = (struct drm_idxgen_sync){ .handle = tl, .point = 1 };
	out[0] = (struct drm_idxgen_sync){ .handle = tl, .point = 2 };
	e = e ?: submit_syncs(d->fd, ctx2, &c[1], 1, in, 1, out, 1, &fb);
	in[0] = (struct drm_idxgen_sync){ .handle = tl, .point = 2 };
	in[1] = (struct drm_idxgen_sync){ .handle = bin };
	out[0] = (struct drm_idxgen_sync){ .handle = tl, .point = 3 };
	e = e ?: submit_syncs(d->fd, ctx, &c[2], 1, in, 2, out, 1, &fc);
	pt = 3;
	e = e ?: (drmSyncobjTimelineWait(d->fd, &tl, &pt, 1, abs_timeout(60), 0, NULL) ? -errno : 0);
	ok(e == 0, "timeline: A -> 1, B waits 1 -> 2, C waits 2 and a binary -> 3; point 3 signals (%d)",
	   e);
	ok(job_result(d->fd, ctx, fa, &r) == 0 && !r.error && output_ok(m, &c[0]) &&
	   job_result(d->fd, ctx2, fb, &r) == 0 && !r.error && output_ok(m, &c[1]) &&
	   job_result(d->fd, ctx, fc, &r) == 0 && !r.error && output_ok(m, &c[2]),
	   "timeline: the three jobs ran correctly");
	pt = 0;
	ok(drmSyncobjQuery(d->fd, &tl, &pt, 1) == 0 && pt == 3, "timeline at point %llu",
	   (unsigned long long)pt);

	{
		/* a 1.0 binary: the 40-byte SUBMIT and its ioctl number still work */
		struct submit_v1 {
			uint32_t ctx_id, count;
			uint64_t configs;
			uint32_t config_size, flags, in_syncobj, out_syncobj;
			uint64_t first_seq;
		} a1 = { .ctx_id = ctx, .count = 1, .configs = (uintptr_t)&c[0],
			 .config_size = sizeof(c[0]), .out_syncobj = bin };

		e = xioctl(d->fd, DRM_IOWR(DRM_COMMAND_BASE + DRM_IDXGEN_SUBMIT, struct submit_v1),
			   &a1);
		e = e ?: sync_wait(d->fd, bin, 60);
		e = e ?: job_result(d->fd, ctx, a1.first_seq, &r);
		ok(sizeof(a1) == 40 && e == 0 && a1.first_seq == fc + 1 && !r.error &&
		   output_ok(m, &c[0]),
		   "1.0 ABI: the 40-byte SUBMIT works (seq %llu)", (unsigned long long)a1.first_seq);
	}
	drmSyncobjDestroy(d->fd, tl);
	drmSyncobjDestroy(d->fd, bin);
	munmap((void *)m, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
	ctx_destroy(d->fd, ctx2);
}

/* uapi v2: a job's fence sits on its regions' reservation objects while it runs. */
static void test_resv(struct dev *d)
{
	static struct drm_idxgen_config c[DRM_IDXGEN_MAX_BATCH];
	uint32_t ctx, sh, so, i;
	long busy, idle;
	int e;

	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	region_shared(d->fd, &sh, NULL);
	drmSyncobjCreate(d->fd, 0, &so);
	for (i = 0; i < DRM_IDXGEN_MAX_BATCH; i++) {
		cfg_make(&c[i], d, sh, (i % 8) * (256 << 10), 64, 64, 16);
		c[i].flags = DRM_IDXGEN_CONFIG_NO_HISTORY;
	}
	/*
	 * The first job hangs (debug block), so the fence is certainly still
	 * unsignalled when debugfs is read; a long batch alone was done before
	 * the read on the debug kernel under load (busy 0).  The timeout then
	 * resets the device and the rest of the batch runs.
	 */
	if (!(d->features & IDXGEN_FEAT_DEBUG)) {
		ok(1, "the shared region's reservation object # SKIP no debug block to hang a job");
		goto out;
	}
	{
		struct drm_idxgen_lock lk = { .ctx_id = ctx, .lock = 0 };

		/* docs/design.md#arbiter: shared-region jobs run only for the holder of lock 0 */
		e = ioctl(d->fd, DRM_IOCTL_IDXGEN_LOCK, &lk) ? -errno : 0;
	}
	e = e ?: inject(d, IDXGEN_FAULT_HANG_JOB);
	e = e ?: submit(d->fd, ctx, c, DRM_IDXGEN_MAX_BATCH, 0, so, NULL);
	busy = dbg_value(d, "regions", "shared_busy");
	e = e ?: sync_wait(d->fd, so, 60);
	idle = dbg_value(d, "regions", "shared_busy");
	ok(e == 0 && busy == 1 && idle == 0,
	   "the shared region's reservation object holds the running job's fence (busy %ld, then %ld)",
	   busy, idle);
out:
	drmSyncobjDestroy(d->fd, so);
	gem_close(d->fd, sh);
	ctx_destroy(d->fd, ctx);
}

/*
 * Item 2: the device runs one descriptor at a time, so a hang stalls every
 * queue.  The guilty job (started first, on an idle device) must be the one
 * failed, within the timeout, although innocent jobs keep arriving on its
 * queue and on another; the innocent ones must all succeed.
 */
static void test_hang_blame(struct dev *d)
{
	const long tmo = timeout_ms();
	struct drm_idxgen_config c;
	struct drm_idxgen_job_result r;
	uint32_t ctx1, ctx2, reg, sg;
	uint64_t first, size;
	const void *m;
	double t0, dt = -1;
	pid_t pid;
	int e, st = -1;

	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx1);
	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx2);
	region_create(d->fd, 1 << 20, &reg);
	m = region_map(d->fd, reg, &size);
	drmSyncobjCreate(d->fd, 0, &sg);
	inject(d, IDXGEN_FAULT_HANG_JOB);
	cfg_make(&c, d, reg, 0, 20, 20, 2);
	t0 = now_s();
	e = submit(d->fd, ctx1, &c, 1, 0, sg, &first);
	usleep(200000);		/* the device is running (and hanging on) it */

	/* innocent jobs: 3 at once on another context, then 10 behind it on its own over 4 s */
	pid = fork();
	if (pid == 0) {
		struct drm_idxgen_config ci[13];
		uint64_t seq[13];
		uint32_t so[13];
		int k, bad = 0;

		for (k = 0; k < 13; k++) {
			cfg_make(&ci[k], d, reg, (uint64_t)(k + 1) << 16, 17 + k, 9, 3);
			drmSyncobjCreate(d->fd, 0, &so[k]);
			if (submit(d->fd, k < 3 ? ctx2 : ctx1, &ci[k], 1, 0, so[k], &seq[k]))
				_exit(2);
			usleep(k < 3 ? 100000 : 400000);
		}
		for (k = 0; k < 13; k++) {
			struct drm_idxgen_job_result ri;

			if (sync_wait(d->fd, so[k], 60) ||
			    job_result(d->fd, k < 3 ? ctx2 : ctx1, seq[k], &ri) || ri.error ||
			    ri.status || !output_ok(m, &ci[k])) {
				printf("# innocent job %d: error %d status %u\n", k, ri.error,
				       ri.status);
				bad++;
			}
		}
		_exit(bad ? 1 : 0);
	}
	/* measure when the guilty job's fence signals */
	while (!e && now_s() - t0 < 30) {
		if (sync_wait(d->fd, sg, 0) == 0) {
			dt = now_s() - t0;
			break;
		}
		usleep(20000);
	}
	e = e ?: job_result(d->fd, ctx1, first, &r);
	waitpid(pid, &st, 0);
	ok(e == 0 && r.error == -ETIMEDOUT, "hang: the guilty job fails with -ETIMEDOUT (e %d error %d)",
	   e, r.error);
	ok(dt > 0 && dt < tmo / 1000.0 + 1.5,
	   "hang: detected in %.2f s (timeout %ld ms) although submissions kept arriving", dt, tmo);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0,
	   "hang: the 13 innocent jobs on both contexts succeed (status %#x)", st);
	{
		struct drm_idxgen_ctx_query q1, q2;

		e = ctx_query(d->fd, ctx1, &q1) ?: ctx_query(d->fd, ctx2, &q2);
		ok(e == 0 && q1.guilty == 1 && q1.resets == 1 && q2.guilty == 0 && q2.resets == 1 &&
		   q1.device_resets >= 1,
		   "CTX_QUERY after the hang: guilty context %u/%u, innocent %u/%u (guilty/resets)",
		   q1.guilty, q1.resets, q2.guilty, q2.resets);
	}
	drmSyncobjDestroy(d->fd, sg);
	munmap((void *)m, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx1);
	ctx_destroy(d->fd, ctx2);
}

/*
 * Item 7: a job whose in-fence failed must not run; neither must the jobs
 * that depend on it.  A hangs (-ETIMEDOUT), B waits for A, C for B.
 */
static void test_failed_deps(struct dev *d)
{
	struct drm_idxgen_config ca, cb, cc;
	struct drm_idxgen_job_result ra, rb, rc;
	uint32_t ctx, ctx2, reg, sa, sb, sc;
	uint64_t fa, fb, fc, size;
	const uint8_t *m;
	int e;

	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx2);
	region_create(d->fd, 1 << 20, &reg);
	m = region_map(d->fd, reg, &size);
	drmSyncobjCreate(d->fd, 0, &sa);
	drmSyncobjCreate(d->fd, 0, &sb);
	drmSyncobjCreate(d->fd, 0, &sc);
	cfg_make(&ca, d, reg, 0, 20, 20, 2);
	cfg_make(&cb, d, reg, 256 << 10, 21, 20, 2);
	cfg_make(&cc, d, reg, 512 << 10, 22, 20, 2);
	inject(d, IDXGEN_FAULT_HANG_JOB);
	e = submit(d->fd, ctx, &ca, 1, 0, sa, &fa);
	e = e ?: submit(d->fd, ctx2, &cb, 1, sa, sb, &fb);
	e = e ?: submit(d->fd, ctx, &cc, 1, sb, sc, &fc);
	e = e ?: sync_wait(d->fd, sc, 60);
	e = e ?: job_result(d->fd, ctx, fa, &ra);
	e = e ?: job_result(d->fd, ctx2, fb, &rb);
	e = e ?: job_result(d->fd, ctx, fc, &rc);
	ok(e == 0 && ra.error == -ETIMEDOUT, "failed dependency: A hangs (e %d error %d)", e,
	   ra.error);
	ok(e == 0 && rb.error == -ECANCELED && rc.error == -ECANCELED,
	   "failed dependency: B (in A) and C (in B) fail with -ECANCELED (%d, %d)", rb.error,
	   rc.error);
	ok(m && all_zero(m + (256 << 10), cfg_bytes(&cb)) && all_zero(m + (512 << 10), cfg_bytes(&cc)),
	   "failed dependency: B and C did not run (their outputs are untouched)");
	drmSyncobjDestroy(d->fd, sa);
	drmSyncobjDestroy(d->fd, sb);
	drmSyncobjDestroy(d->fd, sc);
	munmap((void *)m, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
	ctx_destroy(d->fd, ctx2);
}

/* Item 4: after a reset, the device reports a HEAD outside the ring. */
static void test_bad_head(struct dev *d)
{
	char path[256];
	int i, good = 0;

	snprintf(path, sizeof(path), "%s/reset", d->dbg);
	ok(inject(d, IDXGEN_FAULT_BAD_HEAD) == 0 && write_file(path, "1") == 0,
	   "arm BAD_HEAD, reset the device");
	{
		/* the driver's ring indices after the restart (debugfs queues) */
		char buf[8192], *line;
		unsigned int q, size, head, tail, inside = 0, seen = 0;

		snprintf(buf, sizeof(buf), "%s/queues", d->dbg);
		if (!read_file(buf, buf, sizeof(buf)))
			for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
				if (sscanf(line, "q%u: size %u head %u tail %u", &q, &size, &head,
					   &tail) == 4) {
					seen++;
					inside += head < size && tail < size;
				}
		ok(seen > 0 && inside == seen,
		   "after the restart every ring index is inside its ring (%u of %u queues)",
		   inside, seen);
	}
	for (i = 0; i < 4; i++)
		good += job_works_fresh(d);
	ok(good == 4, "jobs after a reset with an out-of-range Q_HEAD work (%d of 4)", good);
	inject(d, 0);
}

/* Item 6: the firmware is gone when the device is reset. */
static void test_failed_reset(struct dev *d)
{
	struct drm_idxgen_config c;
	char path[256], buf[4096];
	uint32_t ctx, reg, reg2;
	uint64_t first;
	DIR *dir;
	struct dirent *de;
	bool dump = false;
	double t0;
	int e;

	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	region_create(d->fd, 1 << 16, &reg);
	snprintf(path, sizeof(path), "%s/reset", d->dbg);
	ok(inject(d, IDXGEN_FAULT_FW_REJECT) == 0 && write_file(path, "1") == 0,
	   "arm FW_REJECT, reset the device");
	snprintf(buf, sizeof(buf), "%s/queues", d->dbg);
	ok(read_file(buf, buf, sizeof(buf)) == 0 && strstr(buf, "dead 1"),
	   "dead device: debugfs queues says dead");
	cfg_make(&c, d, reg, 0, 8, 8, 8);
	t0 = now_s();
	e = submit(d->fd, ctx, &c, 1, 0, 0, &first);
	ok(e == -EIO && now_s() - t0 < 1, "dead device: SUBMIT fails at once with -EIO (%d)", e);
	ok(region_create(d->fd, 4096, &reg2) == -EIO, "dead device: REGION_CREATE -> EIO");
	ok(param(d->fd, DRM_IDXGEN_PARAM_DEVICE_STATE) == DRM_IDXGEN_DEVICE_DEAD,
	   "dead device: PARAM_DEVICE_STATE says dead");
	dir = opendir("/sys/class/devcoredump");
	while (dir && (de = readdir(dir))) {
		char p[300];

		if (strncmp(de->d_name, "devcd", 5))
			continue;
		snprintf(p, sizeof(p), "/sys/class/devcoredump/%s/data", de->d_name);
		if (!read_file(p, buf, sizeof(buf)) && strstr(buf, "reset failed") &&
		    strstr(buf, d->pci)) {
			dump = true;
			write_file(p, "1");	/* done with it */
		}
	}
	if (dir)
		closedir(dir);
	if (access("/sys/class/devcoredump", F_OK))
		ok(1, "dead device: devcoredump # SKIP the %s kernel has no CONFIG_DEV_COREDUMP",
		   getenv("IDXGEN_KERNEL") ?: "running");
	else
		ok(dump, "dead device: a devcoredump names the device and the failed reset");

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/reset", d->pci);
	ok(write_file(path, "1") == 0 && job_works_fresh(d),
	   "dead device: a PCI reset brings it back, jobs work");
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
}

/* Wait up to sec seconds for a kernel log line containing s (read from fd). */
static bool kmsg_wait(int fd, const char *s, int sec)
{
	double end = now_s() + sec;
	char rec[2048];
	ssize_t n;

	while (fd >= 0 && now_s() < end) {
		n = read(fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;
		if (n <= 0) {
			usleep(50000);
			continue;
		}
		rec[n] = 0;
		if (strstr(rec, s))
			return true;
	}
	return false;
}

/*
 * Item 5: an AER error injected by QEMU (HMP pcie_aer_inject_error, sent by
 * the VM harness when the guest prints "### hmp ..." on its results port)
 * while jobs are in flight: the driver parks the device without holding a
 * lock across the PCI callbacks, the core resets it, the jobs are replayed
 * and complete correctly, then new jobs run; then the same with the device
 * removed while the error is being handled.
 */
static void aer_round(struct dev *d, int res, const char *err, const char *what)
{
	static struct drm_idxgen_config c[8];
	struct drm_idxgen_job_result r;
	uint32_t ctx, reg, so[8];
	uint64_t first[8], size;
	const void *m;
	int k, e = 0, good = 0, fd;

	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	region_create(d->fd, 1 << 20, &reg);
	m = region_map(d->fd, reg, &size);
	fd = kmsg_open();
	for (k = 0; k < 8; k++) {
		cfg_make(&c[k], d, reg, (uint64_t)k << 16, 64, 64, 2 + k % 3);
		drmSyncobjCreate(d->fd, 0, &so[k]);
		e = e ?: submit(d->fd, ctx, &c[k], 1, 0, so[k], &first[k]);
	}
	dprintf(res, "### hmp pcie_aer_inject_error idxgen0 %s\n", err);
	ok(kmsg_wait(fd, "recovered from a PCI channel error", 60),
	   "AER %s (%s) injected with jobs in flight, the driver recovered", err, what);
	for (k = 0; k < 8; k++) {
		if (!e && !sync_wait(d->fd, so[k], 60) && !job_result(d->fd, ctx, first[k], &r) &&
		    !r.error && !r.status && output_ok(m, &c[k]))
			good++;
		drmSyncobjDestroy(d->fd, so[k]);
	}
	ok(e == 0 && good == 8, "AER %s: the 8 jobs in flight complete correctly (%d)", err, good);
	ok(job_works_fresh(d), "AER %s: job after the recovery works", err);
	close(fd);
	munmap((void *)m, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
}

/*
 * Item 5: AER errors injected by QEMU (HMP pcie_aer_inject_error, sent by
 * the VM harness when the guest prints "### hmp ..." on its results port)
 * while jobs are in flight.  The driver parks the device in error_detected
 * without holding a lock across the PCI callbacks, slot_reset resets it and
 * replays, resume restarts submission.  A non-fatal error (no link reset)
 * and a fatal one (the core resets the link: secondary bus reset).
 */
/*
 * Whether the kernel's AER service handles errors of the device at pci: the
 * AER port driver puts aer_rootport_total_err_* on the root port above it.
 * A kernel without it (CONFIG_PCIEAER off, or the platform kept AER) never
 * calls our error handlers, so the AER rounds could only fail there.
 */
static bool aer_active(const char *pci)
{
	char dev[300], link[300], port[300], p[400];
	ssize_t n;
	char *slash;

	snprintf(dev, sizeof(dev), "/sys/bus/pci/devices/%s", pci);
	n = readlink(dev, link, sizeof(link) - 1);
	if (n <= 0)
		return false;
	link[n] = 0;
	slash = strrchr(link, '/');
	if (!slash)
		return false;
	*slash = 0;
	slash = strrchr(link, '/');
	snprintf(port, sizeof(port), "%s", slash ? slash + 1 : link);
	snprintf(p, sizeof(p), "/sys/bus/pci/devices/%s/aer_rootport_total_err_fatal", port);
	return access(p, F_OK) == 0;
}

static void test_aer(struct dev *d)
{
	char cmdline[1024] = "";
	int res;

	read_file("/proc/cmdline", cmdline, sizeof(cmdline));
	res = open("/dev/ttyS1", O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (!strstr(cmdline, "idxgen_plan=") || res < 0) {
		ok(1, "AER injection # SKIP not in the VM harness (no monitor)");
		if (res >= 0)
			close(res);
		return;
	}
	if (!aer_active(d->pci)) {
		ok(1, "AER injection # SKIP the %s kernel's AER service is not active on %s's root port",
		   getenv("IDXGEN_KERNEL") ?: "running", d->pci);
		close(res);
		return;
	}
	aer_round(d, res, "POISON_TLP", "uncorrectable, non-fatal");
	aer_round(d, res, "SDN", "uncorrectable, fatal: link reset");
	close(res);
}

/*
 * System suspend/resume through the PM core's test hook: pm_test=devices
 * suspends every device (our .suspend), waits pm_test_delay seconds and
 * resumes them (our .resume) without entering a sleep state, which TCG
 * cannot.  Covered: the driver's suspend and resume callbacks with jobs in
 * flight (parked, replayed after the firmware reload), new jobs after.  Not
 * covered: the platform's sleep, the noirq phases' power transitions.
 */
static void test_suspend(struct dev *d)
{
	static struct drm_idxgen_config c[8];
	struct drm_idxgen_job_result r;
	uint32_t ctx, reg, so[8];
	uint64_t first[8], size;
	const void *m;
	int k, e = 0, good = 0, fd, w;

	if (access("/sys/power/pm_test", W_OK)) {
		ok(1, "suspend/resume # SKIP no /sys/power/pm_test (CONFIG_PM_DEBUG)");
		return;
	}
	write_file("/sys/module/suspend/parameters/pm_test_delay", "1");
	ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	region_create(d->fd, 1 << 20, &reg);
	m = region_map(d->fd, reg, &size);
	fd = kmsg_open();
	for (k = 0; k < 8; k++) {
		cfg_make(&c[k], d, reg, (uint64_t)k << 16, 64, 64, 2 + k % 3);
		drmSyncobjCreate(d->fd, 0, &so[k]);
		e = e ?: submit(d->fd, ctx, &c[k], 1, 0, so[k], &first[k]);
	}
	w = write_file("/sys/power/pm_test", "devices");
	w = w ?: write_file("/sys/power/state", "freeze");
	write_file("/sys/power/pm_test", "none");
	ok(w == 0, "suspend to idle with pm_test=devices (%d)", w);
	ok(kmsg_wait(fd, "[drm] resumed", 10), "the driver's suspend and resume callbacks ran");
	for (k = 0; k < 8; k++) {
		if (!e && !sync_wait(d->fd, so[k], 60) && !job_result(d->fd, ctx, first[k], &r) &&
		    !r.error && !r.status && output_ok(m, &c[k]))
			good++;
		drmSyncobjDestroy(d->fd, so[k]);
	}
	ok(e == 0 && good == 8, "suspend: the 8 jobs in flight complete correctly (%d)", good);
	ok(job_works_fresh(d), "job after resume works");
	close(fd);
	munmap((void *)m, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
}

/*
 * Issue 8, items 3, 5 and 9: teardown and removal at the worst moments.
 * Each test below failed with the driver before its fix (driver/README.md,
 * "Regression tests of the teardown paths").
 */

/*
 * Wait at most sec seconds for child pid.  Returns its exit status, 128 +
 * the signal that killed it, or -ETIMEDOUT (the child is left where it is:
 * one blocked in the kernel cannot be killed anyway).
 */
static int wait_child(pid_t pid, int sec, double *took)
{
	double t0 = now_s();
	int st = 0;
	pid_t r;

	while ((r = waitpid(pid, &st, WNOHANG)) == 0 && now_s() - t0 < sec)
		usleep(10000);
	*took = now_s() - t0;
	if (r != pid)
		return -ETIMEDOUT;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/*
 * Write s to a sysfs file from a child and wait for it at most sec seconds.
 * A write that does not return (a deadlock in remove() or unbind) leaves
 * the child blocked in the kernel: the caller reports it instead of
 * hanging with it.  Returns 0, -errno of the write, or -ETIMEDOUT.
 */
static int write_bounded(const char *path, const char *s, int sec, double *took)
{
	pid_t pid;
	int st;

	*took = 0;
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0)
		_exit(-write_file(path, s) & 0xff);
	st = wait_child(pid, sec, took);
	return st == -ETIMEDOUT ? st : -st;
}

/* A line in the kernel log, to find the test's steps among the driver's. */
static void kmsg_note(const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int fd;

	va_start(ap, fmt);
	vsnprintf(buf, sizeof(buf), fmt, ap);
	va_end(ap);
	fd = open("/dev/kmsg", O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		dprintf(fd, "<6>idxgen-drv-test: %s\n", buf);
		close(fd);
	}
}

/* After a bind or rescan: the minor of pci once its node exists, else -1. */
static int wait_node(const char *pci)
{
	char path[64];
	int i, minor = -1;

	for (i = 0; i < 100 && (minor = minor_of(pci)) < 0; i++)
		usleep(100000);
	if (minor < 0)
		return -1;
	snprintf(path, sizeof(path), "/dev/accel/accel%d", minor);
	for (i = 0; i < 50 && access(path, F_OK); i++)
		usleep(100000);
	return access(path, F_OK) ? -1 : minor;
}

/*
 * Items 3 and 9: an fd that goes away with hundreds of jobs queued behind
 * a hung one.  Two contexts, 256 jobs of 64 configurations (16384
 * descriptors; the ring holds 511), one context destroyed (CTX_DESTROY: its
 * entity is flushed on the driver's context workqueue) and the region's
 * handle closed.  The fd is left to the caller's exit: an explicit close()
 * flushes the remaining context inline and waits until every job reached
 * the ring, whereas an exiting process waits at most 1 s and the scheduler
 * then kills the rest (drm_sched_entity_fini()), whose jobs are freed
 * later, from a work item.  Whatever tears the device down right after the
 * exit (unbind, rmmod) finds jobs still holding regions.  Returns the
 * number of jobs queued.
 */
#define FLOOD_JOBS 256
#define FLOOD_BATCH 64

static int flood_then_exit(int minor, bool hang)
{
	static struct drm_idxgen_config c[FLOOD_BATCH];
	struct dev d;
	uint32_t ctx, ctx2, reg;
	int i, queued = 0;

	if (dev_open(&d, minor))
		return 0;
	ctx_create(d.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx);
	ctx_create(d.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx2);
	region_create(d.fd, 2 << 20, &reg);
	for (i = 0; i < FLOOD_BATCH; i++)
		cfg_make(&c[i], &d, reg, (i % 8) * (256 << 10), 64, 64, 16);
	if (hang && (d.features & IDXGEN_FEAT_DEBUG))
		inject(&d, IDXGEN_FAULT_HANG_JOB);
	for (i = 0; i < FLOOD_JOBS; i++)
		queued += submit(d.fd, i % 2 ? ctx : ctx2, c, FLOOD_BATCH, 0, 0, NULL) == 0;
	ctx_destroy(d.fd, ctx2);
	gem_close(d.fd, reg);
	return queued;	/* d.fd stays open: the exit closes it */
}

/*
 * Items 3 and 9: a process exits with jobs queued behind a hung one, then
 * the driver is unbound at once.  Before the fix drmm took the region
 * allocator down before the schedulers had drained (drmm actions run
 * newest first): "WARNING ... drm_mm.c:964 drm_mm_takedown", and a job
 * alive after that touched freed memory.  Each round reads /dev/kmsg and
 * fails on any splat (WARNING, BUG, lockdep, KASAN, hung task...).
 * Returns the device's minor after the rebind (-1 if it did not come back).
 */
#define CLOSE_UNBIND_ROUNDS 4

static int test_close_unbind(int minor)
{
	char pci[64], unbind[] = "/sys/bus/pci/drivers/idxgen/unbind";
	char bind[] = "/sys/bus/pci/drivers/idxgen/bind";
	double took;
	struct dev d;
	int k, round, queued, e, st;
	pid_t pid;

	if (dev_open(&d, minor)) {
		ok(0, "close/unbind: open accel%d", minor);
		return minor;
	}
	snprintf(pci, sizeof(pci), "%s", d.pci);
	close(d.fd);
	for (round = 1; round <= CLOSE_UNBIND_ROUNDS; round++) {
		k = kmsg_open();
		kmsg_note("close/unbind round %d: flood, exit, unbind", round);
		pid = fork();
		if (pid == 0)
			_exit(flood_then_exit(minor, true) == FLOOD_JOBS ? 0 : 1);
		st = pid > 0 ? wait_child(pid, 60, &took) : -1;
		if (st == -ETIMEDOUT) {
			ok(0, "close/unbind round %d: the flooding process did not exit within 60 s",
			   round);
			return -1;
		}
		queued = st == 0;
		e = write_bounded(unbind, pci, 60, &took);
		ok(queued && e == 0,
		   "close/unbind round %d: %s %d jobs queued behind a hung one, CTX_DESTROY, exit, "
		   "unbind at once (%d, %.1f s)", round, queued ? "all" : "not all", FLOOD_JOBS, e,
		   took);
		ok(!kmsg_bad(k), "close/unbind round %d: no WARNING/BUG/lockdep splat in the kernel log",
		   round);
		if (e == -ETIMEDOUT) {
			tap_diag("unbind of %s did not return within 60 s: giving up", pci);
			return -1;
		}
		e = write_file(bind, pci);
		minor = e ? -1 : wait_node(pci);
		ok(minor >= 0, "close/unbind round %d: bound again (accel%d, %d)", round, minor, e);
		if (minor < 0)
			return -1;
	}
	ok(!dev_open(&d, minor) && job_works_fresh(&d), "close/unbind: job after the rounds works");
	close(d.fd);
	return minor;
}

/*
 * Wait up to ms milliseconds for a kernel log line containing s, reading
 * fd (/dev/kmsg, non-blocking) with poll() so that the caller learns of
 * the line within a scheduler tick, not a sleep period.  If also is given,
 * *seen is set when a line before it contains also.
 */
static bool kmsg_wait_fast_also(int fd, const char *s, int ms, const char *also, bool *seen)
{
	double end = now_s() + ms / 1000.0;
	struct pollfd p = { .fd = fd, .events = POLLIN };
	char rec[2048];
	ssize_t n;

	while (fd >= 0 && now_s() < end) {
		n = read(fd, rec, sizeof(rec) - 1);
		if (n < 0 && errno == EPIPE)
			continue;
		if (n <= 0) {
			poll(&p, 1, 20);
			continue;
		}
		rec[n] = 0;
		if (strstr(rec, s))
			return true;
		if (also && strstr(rec, also))
			*seen = true;
	}
	return false;
}

static bool kmsg_wait_fast(int fd, const char *s, int ms)
{
	return kmsg_wait_fast_also(fd, s, ms, NULL, NULL);
}

/*
 * A process that keeps submitting small jobs to minor until its device
 * goes away (SUBMIT fails) or it is killed: jobs arrive while the device
 * is parked for the AER recovery and while it is being removed.
 */
static pid_t start_submitter(int minor)
{
	struct drm_idxgen_config c;
	uint32_t ctx, reg;
	struct dev d;
	pid_t pid = fork();
	int i;

	if (pid)
		return pid;
	if (dev_open(&d, minor) || ctx_create(d.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx) ||
	    region_create(d.fd, 1 << 20, &reg))
		_exit(1);
	cfg_make(&c, &d, reg, 0, 32, 8, 1);
	c.flags = DRM_IDXGEN_CONFIG_NO_HISTORY;
	for (i = 0; submit(d.fd, ctx, &c, 1, 0, 0, NULL) == 0; i++)
		usleep(i % 64 ? 1000 : 20000);	/* bursts: some wait in the scheduler */
	close(d.fd);
	_exit(0);
}

/* Is the VM harness's monitor forwarder there (tests/vm/hmp-forward.py)?  Returns its port. */
static int hmp_open(void)
{
	char cmdline[1024] = "";
	int res;

	read_file("/proc/cmdline", cmdline, sizeof(cmdline));
	if (!strstr(cmdline, "idxgen_plan="))
		return -1;
	res = open("/dev/ttyS1", O_WRONLY | O_NOCTTY | O_CLOEXEC);
	return res;
}

/*
 * Item 5, the deadlock: a fatal AER error (pcie_aer_inject_error SDN from
 * QEMU's monitor) and the device removed through sysfs 0-4 ms after the
 * driver's error_detected has logged "PCI channel error", i.e. during the
 * core's link reset, before slot_reset; jobs keep arriving all along.
 * The old error_detected held reset_sem until slot_reset: remove() ->
 * drm_dev_unplug() waited for a run_job blocked on reset_sem inside
 * drm_dev_enter(), and the AER thread waited for remove()'s device lock
 * ("INFO: task irq/NN-aerdrv blocked for more than 10 seconds").
 *
 * Each round runs in a child with a bounded wait, so that a hang anywhere
 * (removal, close, rescan) fails the round that hung, named, instead of
 * the whole suite; a hang ends the test (the device is lost until the VM
 * restarts).
 */
#define AER_REMOVE_ROUNDS 10
#define AER_ROUND_SEC 90

/* What went wrong in one round: the round child's exit status. */
enum {
	AER_SETUP = 1 << 0,	 /* open, context, region, fork failed */
	AER_NO_DETECT = 1 << 1,	 /* error_detected did not run within 30 s */
	AER_RM_FAILED = 1 << 2,	 /* the removal returned an error */
	AER_RM_HUNG = 1 << 3,	 /* the removal did not return within 30 s */
	AER_NOT_ENODEV = 1 << 4, /* SUBMIT after the removal did not fail with ENODEV */
	AER_NOT_BACK = 1 << 5,	 /* no device after the rescan */
};

static int aer_remove_round(int minor, const char *pci, int res, int round, int delay_ms)
{
	static struct drm_idxgen_config c[DRM_IDXGEN_MAX_BATCH];
	char path[256];
	int kw, go[2], e, i, bad = 0;
	bool late = false;
	uint32_t ctx, reg;
	double took;
	struct dev d;
	pid_t sub, rm;

	if (dev_open(&d, minor) || ctx_create(d.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx) ||
	    region_create(d.fd, 2 << 20, &reg) || pipe(go))
		return AER_SETUP;
	for (i = 0; i < DRM_IDXGEN_MAX_BATCH; i++) {
		cfg_make(&c[i], &d, reg, (i % 8) * (256 << 10), 64, 64, 16);
		c[i].flags = DRM_IDXGEN_CONFIG_NO_HISTORY;
	}
	for (i = 0; i < 4; i++)	/* in flight and queued when the error comes */
		submit(d.fd, ctx, c, DRM_IDXGEN_MAX_BATCH, 0, 0, NULL);
	sub = start_submitter(minor);

	/* the remover waits on a pipe, so that it starts within the delay */
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/remove", pci);
	rm = fork();
	if (rm == 0) {
		struct timespec ts = { 0, delay_ms * 1000000L };
		char b;

		close(go[1]);
		if (read(go[0], &b, 1) != 1)
			_exit(0);
		nanosleep(&ts, NULL);
		_exit(-write_file(path, "1") & 0xff);
	}
	close(go[0]);
	kw = kmsg_open();
	kmsg_note("aer_remove round %d: SDN, remove %d ms after error_detected", round, delay_ms);
	dprintf(res, "### hmp pcie_aer_inject_error idxgen0 SDN\n");
	if (!kmsg_wait_fast(kw, "PCI channel error", 30000)) {
		close(go[1]);	/* the remover exits without removing */
		kill(sub, SIGKILL);
		return AER_NO_DETECT;
	}
	if (write(go[1], "g", 1) != 1)
		return AER_SETUP;
	close(go[1]);
	e = wait_child(rm, 30, &took);
	if (e == -ETIMEDOUT) {
		tap_diag("round %d: the removal did not return within 30 s: remove() and the AER "
			 "recovery deadlock, the device is lost", round);
		kill(sub, SIGKILL);
		return AER_RM_HUNG;
	}
	tap_diag("round %d: removal %d ms after error_detected returned %d in %.2f s", round,
		 delay_ms, -e, took);
	if (e)
		bad |= AER_RM_FAILED;
	if (submit(d.fd, ctx, c, 1, 0, 0, NULL) != -ENODEV)
		bad |= AER_NOT_ENODEV;
	/* the submitter sees ENODEV too and exits */
	if (wait_child(sub, 5, &took) == -ETIMEDOUT) {
		tap_diag("round %d: the submitter still runs 5 s after the removal", round);
		kill(sub, SIGKILL);
	}
	close(d.fd);
	/*
	 * The core finishes its recovery (of the port) before the rescan.  Where
	 * the removal landed is a figure, not a result: before the driver's
	 * resume callback (inside the window the old driver deadlocked in), or
	 * after the recovery had ended.
	 */
	if (!kmsg_wait_fast_also(kw, "device recovery", 30000, "recovered from a PCI channel error",
				 &late))
		tap_diag("round %d: no \"device recovery\" line from the AER core in 30 s", round);
	tap_diag("round %d: the removal landed %s", round,
		 late ? "after the driver had recovered" : "before the driver's resume callback");
	close(kw);
	write_file("/sys/bus/pci/rescan", "1");
	if (wait_node(pci) < 0)
		bad |= AER_NOT_BACK;
	return bad;
}

/*
 * Diagnostics for a hang: state and kernel stack of pid and of its
 * children (the remover, the submitter), as "# " lines.
 */
static void dump_stacks(pid_t root)
{
	DIR *dir = opendir("/proc");
	struct dirent *e;

	while (dir && (e = readdir(dir))) {
		char path[300], buf[4096], *p, *line;
		int pid = atoi(e->d_name), ppid = -1;
		char state = '?';

		if (pid <= 0)
			continue;
		snprintf(path, sizeof(path), "/proc/%d/stat", pid);
		if (read_file(path, buf, sizeof(buf)))
			continue;
		p = strrchr(buf, ')');
		if (!p || sscanf(p + 1, " %c %d", &state, &ppid) != 2)
			continue;
		if (pid != root && ppid != root)
			continue;
		tap_diag("pid %d (ppid %d) state %c:", pid, ppid, state);
		snprintf(path, sizeof(path), "/proc/%d/stack", pid);
		if (read_file(path, buf, sizeof(buf)))
			continue;
		for (line = strtok(buf, "\n"); line; line = strtok(NULL, "\n"))
			tap_diag("  %s", line);
	}
	if (dir)
		closedir(dir);
}

/* Returns the minor after the last rescan, -1 if the device was lost. */
static int test_aer_remove(int minor)
{
	char pci[64];
	int res, k, round, st;
	double took;
	struct dev d;
	pid_t pid;

	res = hmp_open();
	if (res < 0 || dev_open(&d, minor)) {
		ok(1, "AER + remove # SKIP not in the VM harness (no monitor)");
		if (res >= 0)
			close(res);
		return minor;
	}
	snprintf(pci, sizeof(pci), "%s", d.pci);
	close(d.fd);
	if (!aer_active(pci)) {
		ok(1, "AER + remove # SKIP the %s kernel's AER service is not active on %s's root port",
		   getenv("IDXGEN_KERNEL") ?: "running", pci);
		close(res);
		return minor;
	}
	for (round = 1; round <= AER_REMOVE_ROUNDS; round++) {
		const int delay_ms = (round - 1) % 5;	/* 0..4 ms after error_detected, twice */

		k = kmsg_open();
		pid = fork();
		if (pid == 0)
			_exit(aer_remove_round(minor, pci, res, round, delay_ms));
		st = pid > 0 ? wait_child(pid, AER_ROUND_SEC, &took) : AER_SETUP;
		if (st == -ETIMEDOUT) {
			dump_stacks(pid);
			ok(0, "AER + remove round %d: the round did not finish within %d s (a hang)",
			   round, AER_ROUND_SEC);
			ok(!kmsg_bad(k), "AER + remove round %d: no splat in the kernel log", round);
			minor = -1;
			break;
		}
		if (st >= 128)
			tap_diag("round %d: the round's process died of signal %d", round, st - 128);
		ok(st < 128 && !(st & (AER_SETUP | AER_NO_DETECT)),
		   "AER + remove round %d: fatal error injected with jobs in flight, error_detected ran",
		   round);
		ok(st < 128 && !(st & (AER_RM_HUNG | AER_RM_FAILED)),
		   "AER + remove round %d: sysfs remove %d ms after error_detected returned (no "
		   "deadlock)", round, delay_ms);
		if (st < 128 && (st & AER_RM_HUNG)) {
			ok(!kmsg_bad(k), "AER + remove round %d: no splat in the kernel log", round);
			minor = -1;
			break;
		}
		ok(st < 128 && !(st & AER_NOT_ENODEV),
		   "AER + remove round %d: SUBMIT after the removal -> ENODEV", round);
		ok(!kmsg_bad(k), "AER + remove round %d: no splat in the kernel log", round);
		minor = wait_node(pci);
		if (!ok(st < 128 && !(st & AER_NOT_BACK) && minor >= 0,
			"AER + remove round %d: device back after rescan (accel%d)", round, minor))
			break;
	}
	close(res);
	if (minor >= 0 && !dev_open(&d, minor)) {
		ok(job_works_fresh(&d), "AER + remove: job on the re-probed device works");
		close(d.fd);
	}
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
 * output of c, 2 if it read zeroes, 1 if it read something else, or dies of a signal.
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
		if (all_zero(buf, n))
			_exit(2);
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
 * before the removal reads zeroes (a dummy page) afterwards, neither stale
 * data nor SIGBUS (drm-uapi.rst forbids SIGBUS).
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
	if (st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) != 2)
		tap_diag("child read %s data from the removed device's BAR",
			 WEXITSTATUS(st) ? "other" : "the stale");
	ok(st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) == 2,
	   "page mapped before unplug: reads zeroes after unplug, no SIGBUS (status %#x)", st);
	signal(SIGBUS, on_sigbus);
	if (sigsetjmp(bus_jmp, 1) == 0)
		faulted = m[4096] ? 2 : 0;
	else
		faulted = 1;
	signal(SIGBUS, SIG_DFL);
	ok(!faulted, "a page of a removed device first touched after unplug reads zero (%d)",
	   faulted);
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

/* ------------------------------------------------------------------ */
/* schedule table (issue 9): GET_PARAM 32-47 against the firmware file */
/* ------------------------------------------------------------------ */

#define SCHED_FW	"/lib/firmware/idxgen/idxgen-fw.bin"

struct sched_ent {
	uint32_t order, stride, gran, tw, th;
};

static uint32_t ld16(const uint8_t *p)
{
	return p[0] | (uint32_t)p[1] << 8;
}

static uint32_t ld32(const uint8_t *p)
{
	return ld16(p) | ld16(p + 2) << 16;
}

/* The whole firmware file into a malloc'ed buffer; its size, or -errno. */
static long fw_read(const char *path, uint8_t **img)
{
	struct stat st;
	long n = -EIO;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	*img = NULL;
	if (fd < 0)
		return -errno;
	if (!fstat(fd, &st) && st.st_size > 64 && st.st_size <= (1 << 20) &&
	    (*img = malloc(st.st_size)) && read(fd, *img, st.st_size) == st.st_size)
		n = st.st_size;
	close(fd);
	return n;
}

/*
 * Offset of the SCHED_TABLE record's data in the image (0: none), parsed
 * here independently of the device's and fw/'s checkers.
 */
static size_t fw_sched_off(const uint8_t *img, size_t len)
{
	size_t off = 64;

	while (off + 4 <= len) {
		uint32_t type = ld16(img + off), rlen = ld16(img + off + 2);

		if (type == IDXGEN_FW_REC_END)
			break;
		if (type == IDXGEN_FW_REC_SCHED_TABLE && off + 4 + rlen <= len)
			return off + 4;
		off += 4 + ((rlen + 3) & ~3u);
	}
	return 0;
}

/* The firmware file's table into e[]; the count, or -1. */
static int fw_sched_table(struct sched_ent *e)
{
	uint8_t *img;
	long len = fw_read(SCHED_FW, &img);
	size_t off = len > 0 ? fw_sched_off(img, len) : 0;
	int n = -1, i;

	if (off) {
		n = ld16(img + off);
		for (i = 0; i < n && i < IDXGEN_SCHED_MAX_ENTRIES; i++) {
			const uint8_t *x = img + off + 4 + 24 * i;

			e[i] = (struct sched_ent){ x[0], ld32(x + 4), ld16(x + 2), ld16(x + 8),
						   ld16(x + 10) };
		}
	}
	free(img);
	return n;
}

/* GET_PARAM's table into e[]: count, or a negative errno. */
static int param_sched_table(int fd, struct sched_ent *e)
{
	struct drm_idxgen_get_param a = { .param = DRM_IDXGEN_PARAM_SCHED_COUNT };
	int r = xioctl(fd, DRM_IOCTL_IDXGEN_GET_PARAM, &a), n, i;

	if (r)
		return r;
	n = (int)a.value;
	for (i = 0; i < n && i < IDXGEN_SCHED_MAX_ENTRIES; i++) {
		struct drm_idxgen_get_param b = { .param = DRM_IDXGEN_PARAM_SCHED_ENTRY(i) };

		r = xioctl(fd, DRM_IOCTL_IDXGEN_GET_PARAM, &b);
		if (r)
			return r;
		e[i] = (struct sched_ent){ DRM_IDXGEN_SCHED_ORDER(b.value),
					   DRM_IDXGEN_SCHED_STRIDE(b.value),
					   DRM_IDXGEN_SCHED_GRANULARITY(b.value),
					   DRM_IDXGEN_SCHED_TILE_W(b.value),
					   DRM_IDXGEN_SCHED_TILE_H(b.value) };
	}
	return n;
}

static int sched_entry_einval(int fd, uint32_t i)
{
	struct drm_idxgen_get_param a = { .param = DRM_IDXGEN_PARAM_SCHED_ENTRY(i) };

	return xioctl(fd, DRM_IOCTL_IDXGEN_GET_PARAM, &a) == -EINVAL;
}

/* Output of c (an order's job) equals the reference issue order. */
static bool order_output_ok(const void *map, const struct drm_idxgen_config *c)
{
	const uint8_t *p = (const uint8_t *)map + c->offset;
	uint32_t plane = (uint32_t)c->dx * c->dy, *ref = malloc(sizeof(*ref) * plane);
	uint64_t t, n = (uint64_t)plane * c->dz;
	bool good = ref && !idxgen_order_ref_plane(ref, c->order, c->dx, c->dy, c->stride,
						  c->granularity, c->tile_w, c->tile_h);

	for (t = 0; good && t < n; t++) {
		uint32_t lin = ref[t % plane], z = t / plane;
		uint32_t want = lin % c->dx | (lin / c->dx) << c->mx | z << (c->mx + c->my);

		if (idxgen_ref_load(p, t, c->word_size) != want) {
			tap_diag("order %u %ux%ux%u: position %llu is %#x, expected %#x", c->order,
				 c->dx, c->dy, c->dz, (unsigned long long)t,
				 idxgen_ref_load(p, t, c->word_size), want);
			good = false;
		}
	}
	free(ref);
	return good;
}

/*
 * The table GET_PARAM reports is the firmware file's, entry for entry;
 * past the count -EINVAL; a job with each entry's configuration equals the
 * reference (tests/common/order_ref.h) on two shapes.
 */
static void test_sched_table(struct dev *d)
{
	static const struct shape sh[] = { { 33, 17, 2 }, { 64, 16, 1 } };
	struct sched_ent fw[IDXGEN_SCHED_MAX_ENTRIES], got[IDXGEN_SCHED_MAX_ENTRIES];
	int nfw = fw_sched_table(fw), n = param_sched_table(d->fd, got), i, bad = 0;
	uint32_t ctx, reg;
	const void *map;
	uint64_t size;
	unsigned int k;

	if (!(d->features & IDXGEN_FEAT_SCHED_ORDERS)) {
		ok(n == 0 && sched_entry_einval(d->fd, 0),
		   "accel%d: no schedule orders: SCHED_COUNT 0, entry 0 -EINVAL (%d)", d->minor, n);
		return;
	}
	ok(nfw > 0 && n == nfw && !memcmp(fw, got, sizeof(fw[0]) * n),
	   "accel%d: GET_PARAM schedule table = %s's (%d entries, file %d)", d->minor, SCHED_FW,
	   n, nfw);
	ok(n < 0 || n >= IDXGEN_SCHED_MAX_ENTRIES ||
	   (sched_entry_einval(d->fd, n) &&
	    sched_entry_einval(d->fd, IDXGEN_SCHED_MAX_ENTRIES - 1)),
	   "accel%d: SCHED_ENTRY(%d) (past the count) -EINVAL", d->minor, n);
	if (n <= 0 || ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx))
		return;
	region_create(d->fd, 1 << 16, &reg);
	map = region_map(d->fd, reg, &size);
	for (i = 0; map && i < n; i++)
		for (k = 0; k < sizeof(sh) / sizeof(sh[0]); k++) {
			struct drm_idxgen_config c;
			struct drm_idxgen_job_result r;
			int e;

			cfg_make(&c, d, reg, 0, sh[k].dx, sh[k].dy, sh[k].dz);
			c.order = got[i].order;
			c.stride = got[i].stride;
			c.granularity = got[i].gran;
			c.tile_w = got[i].tw;
			c.tile_h = got[i].th;
			e = run(d->fd, ctx, &c, 1, &r);
			if (e || r.error || r.status || !warps_ok(d, &c, &r) ||
			    !order_output_ok(map, &c)) {
				tap_diag("entry %d shape %u: e %d error %d status %u", i, k, e, r.error,
					 r.status);
				bad++;
			}
		}
	ok(map && !bad, "accel%d: a job with each of the %d entries on %zu shapes = reference",
	   d->minor, n, sizeof(sh) / sizeof(sh[0]));
	if (map)
		munmap((void *)map, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
}

static uint32_t sched_crc32(uint32_t crc, const uint8_t *p, size_t len)
{
	crc = ~crc;
	while (len--) {
		int k;

		crc ^= *p++;
		for (k = 0; k < 8; k++)
			crc = (crc >> 1) ^ (0xedb88320u & -(crc & 1));
	}
	return ~crc;
}

static int write_all(const char *path, const uint8_t *buf, size_t len)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	bool good = fd >= 0 && write(fd, buf, len) == (ssize_t)len;

	if (fd >= 0)
		close(fd);
	return good ? 0 : -EIO;
}

/* Unbind pci from the driver and bind it again: the bind's result. */
static int sched_rebind(const char *pci)
{
	int i, r;

	write_file("/sys/bus/pci/drivers/idxgen/unbind", pci);
	r = write_file("/sys/bus/pci/drivers/idxgen/bind", pci);
	for (i = 0; !r && i < 100 && minor_of(pci) < 0; i++)
		usleep(50000);
	return r;
}

/*
 * A device whose table the driver must not trust: x-sched-corrupt (a
 * test-only QEMU property) set through the harness's monitor; its effect
 * shows only at the next probe, so rebind until the warning comes (the
 * monitor runs the command asynchronously).
 */
static bool sched_corrupt_round(int res, const char *pci, int mode, const char *line)
{
	double end;
	int k = kmsg_open();
	bool seen = false;

	dprintf(res, "### hmp qom-set /machine/peripheral/idxgen0 x-sched-corrupt %d\n", mode);
	for (end = now_s() + 20; !seen && now_s() < end;) {
		sched_rebind(pci);
		seen = !line || kmsg_wait(k, line, 1);
		if (!line)
			break;
	}
	close(k);
	return seen;
}

static void test_sched_untrusted(const char *pci)
{
	char cmdline[1024] = "";
	struct sched_ent e[IDXGEN_SCHED_MAX_ENTRIES];
	struct dev d;
	int res, n, minor;

	read_file("/proc/cmdline", cmdline, sizeof(cmdline));
	res = open("/dev/ttyS1", O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (!strstr(cmdline, "idxgen_plan=") || res < 0) {
		ok(1, "untrusted schedule table # SKIP not in the VM harness (no monitor)");
		if (res >= 0)
			close(res);
		return;
	}
	ok(sched_corrupt_round(res, pci, 1, "schedule table: entry 0 unknown order"),
	   "device reports entry 0 with an unknown order: warning at probe");
	minor = minor_of(pci);
	ok(minor >= 0 && !dev_open(&d, minor), "  and the device still binds (accel%d)", minor);
	if (minor >= 0 && d.fd >= 0) {
		n = param_sched_table(d.fd, e);
		ok(n == 0 && sched_entry_einval(d.fd, 0),
		   "  no table: SCHED_COUNT 0, SCHED_ENTRY(0) -EINVAL (%d)", n);
		ok(job_works_fresh(&d), "  the device stays usable: a job works");
		close(d.fd);
	}
	ok(sched_corrupt_round(res, pci, 2, "schedule table: count 16 above 15"),
	   "device reports 16 entries: warning at probe");
	minor = minor_of(pci);
	ok(minor >= 0 && !dev_open(&d, minor) && param_sched_table(d.fd, e) == 0 &&
	   job_works_fresh(&d), "  no table, device usable");
	if (minor >= 0)
		close(d.fd);
	sched_corrupt_round(res, pci, 0, NULL);
	/* the monitor may lag: rebind until the table is back */
	for (n = 0; n < 40; n++) {
		minor = minor_of(pci);
		if (minor >= 0 && !dev_open(&d, minor)) {
			int c = param_sched_table(d.fd, e);

			close(d.fd);
			if (c > 0)
				break;
		}
		usleep(250000);
		sched_rebind(pci);
	}
	ok(n < 40, "x-sched-corrupt off: the table is back after a rebind");
	close(res);
}

/*
 * drv-sched: a firmware image with a malformed schedule table (entry 0 an
 * unknown order, CRC valid) makes the device refuse it (FW_ERR_SCHED):
 * bind fails with -EINVAL, no accel node, the kernel log names the status;
 * the good image restored, the device comes back with its table.  Then
 * the device lying about its table (untrusted device).
 */
static void test_sched_fw(void)
{
	struct sched_ent e[IDXGEN_SCHED_MAX_ENTRIES];
	int dbg = find_debug_dev(), r, k, minor;
	uint8_t *img, *bad;
	long len = fw_read(SCHED_FW, &img);
	size_t off = len > 0 ? fw_sched_off(img, len) : 0;
	char pci[64];
	struct dev d;

	if (!ok(dbg >= 0 && off && !dev_open(&d, dbg), "debug device and %s with a table",
		SCHED_FW)) {
		free(img);
		return;
	}
	snprintf(pci, sizeof(pci), "%s", d.pci);
	close(d.fd);
	bad = malloc(len);
	memcpy(bad, img, len);
	bad[off + 4] = IDXGEN_ORDER_COUNT;	/* entry 0's order */
	memset(bad + offsetof(struct idxgen_fw_header, crc32), 0, 4);
	r = (int)sched_crc32(0, bad, len);
	memcpy(bad + offsetof(struct idxgen_fw_header, crc32), &r, 4);
	ok(write_all(SCHED_FW, bad, len) == 0, "malformed table written to %s", SCHED_FW);
	k = kmsg_open();
	r = sched_rebind(pci);
	ok(r == -EINVAL, "rebind with it: bind -EINVAL (%d)", r);
	ok(minor_of(pci) < 0, "  no accel node for %s", pci);
	ok(kmsg_wait(k, "status 10 (bad schedule table)", 5),
	   "  kernel log: firmware rejected, status 10 (bad schedule table)");
	close(k);
	ok(write_all(SCHED_FW, img, len) == 0 && sched_rebind(pci) == 0,
	   "good image restored, bind works");
	minor = minor_of(pci);
	ok(minor >= 0 && !dev_open(&d, minor) && param_sched_table(d.fd, e) > 0 &&
	   job_works_fresh(&d), "  device back with its table, a job works");
	if (minor >= 0)
		close(d.fd);
	free(bad);
	free(img);
	test_sched_untrusted(pci);
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "all";
	int n = num_devices(), i;

	setvbuf(stdout, NULL, _IOLBF, 0);
	/* for idxgen-drv-reload.sh: queue work behind a hang, exit with the fd open */
	if (!strcmp(mode, "flood")) {
		int dbg = find_debug_dev(), queued = flood_then_exit(dbg >= 0 ? dbg : 0, true);

		printf("flood: %d of %d jobs queued, a context destroyed, exit with the fd open\n",
		       queued, FLOOD_JOBS);
		return queued == FLOOD_JOBS ? 0 : 1;
	}
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
		test_hang_blame(&d);
		test_failed_deps(&d);
		test_bad_head(&d);
		test_reset_storm(&d);
		test_failed_reset(&d);
		test_aer(&d);
		test_suspend(&d);
		close(d.fd);
		test_leaks(dbg);
		/* issue 8 teardown regressions: each returns the minor after a re-probe */
		dbg = test_aer_remove(dbg);
		if (dbg >= 0)
			test_leaks(dbg);
		if (dbg >= 0)
			dbg = test_close_unbind(dbg);
		if (dbg >= 0)
			test_leaks(dbg);
		if (dbg >= 0)
			test_unplug(dbg);
		return tap_done();
	}

	/* one regression test of the fault suite, for iterating on it */
	if (!strcmp(mode, "one") && argc > 2) {
		static const struct {
			const char *name;
			void (*fn)(struct dev *d);
		} one[] = {
			{ "faults", test_faults }, { "hang_blame", test_hang_blame },
			{ "failed_deps", test_failed_deps }, { "bad_head", test_bad_head },
			{ "reset_storm", test_reset_storm }, { "failed_reset", test_failed_reset },
			{ "aer", test_aer }, { "suspend", test_suspend },
		};
		struct dev d;
		int dbg = find_debug_dev();
		unsigned int k;

		if (!tap_ok(dbg >= 0, "a device with the debug block"))
			return tap_done();
		if (!strcmp(argv[2], "close_unbind")) {
			test_close_unbind(dbg);
			return tap_done();
		}
		if (!strcmp(argv[2], "aer_remove")) {
			test_aer_remove(dbg);
			return tap_done();
		}
		for (k = 0; k < sizeof(one) / sizeof(one[0]); k++)
			if (!strcmp(argv[2], one[k].name) && !dev_open(&d, dbg)) {
				one[k].fn(&d);
				close(d.fd);
			}
		return tap_done();
	}

	/* drv-sched: malformed firmware table, untrusted device table */
	if (!strcmp(mode, "sched")) {
		test_sched_fw();
		return tap_done();
	}

	for (i = 0; i < n; i++) {
		struct dev d;

		if (!tap_ok(dev_open(&d, i) == 0, "accel%d: open (%s)", i, d.pci))
			continue;
		region_shared(d.fd, &d.shared_handle, NULL);
		test_params(&d);
		if (i == 0) {
			test_invalid(&d);
			test_uapi_v2(&d);
			test_fdinfo(&d);
			test_sync_arrays(&d);
			test_resv(&d);
		}
		test_shapes(&d);
		test_history_example(&d);
		test_history_regions(&d);
		test_batch(&d);
		test_priority_perm(&d);
		test_sysfs_debugfs(&d);
		test_sched_table(&d);
		close(d.fd);
		test_isolation(i);
		test_many_fds(i);
		test_processes(i);
		test_close_inflight(i);
		test_leaks(i);
	}
	return tap_done();
}
