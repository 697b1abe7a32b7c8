// SPDX-License-Identifier: MIT
/*
 * drm.c - the backend for a real device: the idxgen DRM accel driver
 * through libdrm (/dev/accel/accelN).
 *
 * Completion: every context owns one syncobj that each submission replaces
 * with the fence of its batch.  Submissions of a context are serialised,
 * and a context's jobs complete in order, so the syncobj's fence signalling
 * means every job submitted before it is done too.  A wait first asks the
 * driver for the result (cheap), and only sleeps on the syncobj if the job
 * is still running.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <xf86drm.h>

#include "internal.h"
#include "uapi/drm/idxgen_accel.h"

static int xioctl(int fd, unsigned long req, void *arg)
{
	return drmIoctl(fd, req, arg) ? -errno : 0;
}

static int get_param(int fd, uint32_t param, uint64_t *value)
{
	struct drm_idxgen_get_param gp = { .param = param };
	int ret = xioctl(fd, DRM_IOCTL_IDXGEN_GET_PARAM, &gp);

	if (!ret)
		*value = gp.value;
	return ret;
}

int idxgen_drm_open(struct idxgen_device *dev, const struct idxgen_pci_info *pi)
{
	struct idxgen_info *info = &dev->static_info;
	static const struct { uint32_t param; size_t off; } u32params[] = {
		{ DRM_IDXGEN_PARAM_REVISION, offsetof(struct idxgen_info, revision) },
		{ DRM_IDXGEN_PARAM_HW_VERSION, offsetof(struct idxgen_info, hw_version) },
		{ DRM_IDXGEN_PARAM_FW_VERSION, offsetof(struct idxgen_info, fw_version) },
		{ DRM_IDXGEN_PARAM_LANES, offsetof(struct idxgen_info, lanes) },
		{ DRM_IDXGEN_PARAM_MAX_THREADS, offsetof(struct idxgen_info, max_threads) },
		{ DRM_IDXGEN_PARAM_MAX_DIM_X, offsetof(struct idxgen_info, max_dim[0]) },
		{ DRM_IDXGEN_PARAM_MAX_DIM_Y, offsetof(struct idxgen_info, max_dim[1]) },
		{ DRM_IDXGEN_PARAM_MAX_DIM_Z, offsetof(struct idxgen_info, max_dim[2]) },
		{ DRM_IDXGEN_PARAM_HIST_ENTRIES, offsetof(struct idxgen_info, hist_entries) },
		{ DRM_IDXGEN_PARAM_NUM_QUEUES, offsetof(struct idxgen_info, num_queues) },
		{ DRM_IDXGEN_PARAM_FEATURES, offsetof(struct idxgen_info, features) },
		{ DRM_IDXGEN_PARAM_CLOCK_KHZ, offsetof(struct idxgen_info, clock_khz) },
		{ DRM_IDXGEN_PARAM_DEVICE_ID, offsetof(struct idxgen_info, pci_id) },
	};
	drmVersionPtr ver;
	uint64_t v;
	unsigned int i;
	int fd, ret;

	if (!pi->dev_node[0])
		return -ENODEV;	/* device present but the driver is not bound */
	fd = open(pi->dev_node, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return -errno;

	/* Is this node ours, and a version we speak? */
	ver = drmGetVersion(fd);
	if (!ver) {
		ret = -ENODEV;
		goto err;
	}
	if (strcmp(ver->name, DRM_IDXGEN_DRIVER_NAME)) {
		drmFreeVersion(ver);
		ret = -ENODEV;
		goto err;
	}
	if (ver->version_major != DRM_IDXGEN_VERSION_MAJOR) {
		drmFreeVersion(ver);
		ret = -EPROTO;
		goto err;
	}
	memset(info, 0, sizeof(*info));
	info->driver_major = ver->version_major;
	info->driver_minor = ver->version_minor;
	info->driver_patch = ver->version_patchlevel;
	snprintf(info->driver, sizeof(info->driver), "%s", ver->name);
	drmFreeVersion(ver);

	info->backend = IDXGEN_BACKEND_DRM;
	snprintf(info->pci_addr, sizeof(info->pci_addr), "%s", pi->pci_addr);
	snprintf(info->dev_node, sizeof(info->dev_node), "%s", pi->dev_node);
	for (i = 0; i < sizeof(u32params) / sizeof(u32params[0]); i++) {
		ret = get_param(fd, u32params[i].param, &v);
		if (ret)
			goto err;
		*(uint32_t *)((char *)info + u32params[i].off) = (uint32_t)v;
	}
	ret = get_param(fd, DRM_IDXGEN_PARAM_IMEM_SIZE, &info->imem_size);
	if (!ret)
		ret = get_param(fd, DRM_IDXGEN_PARAM_SHARED_SIZE, &info->shared_size);
	if (ret)
		goto err;

	/* uapi v2 (driver 1.1); a 1.0 driver says -EINVAL and gets the 1.0 paths */
	if (get_param(fd, DRM_IDXGEN_PARAM_UAPI_FEATURES, &dev->uapi_features))
		dev->uapi_features = 0;

	dev->fd = fd;
	dev->ops = &idxgen_drm_ops;
	snprintf(dev->sysfs_dir, sizeof(dev->sysfs_dir), "/sys/bus/pci/devices/%s", pi->pci_addr);
	dev->limits.lanes = info->lanes;
	dev->limits.max_threads = info->max_threads;
	memcpy(dev->limits.max_dim, info->max_dim, sizeof(info->max_dim));
	dev->limits.features = info->features;
	dev->limits.imem_size = info->imem_size;
	idxgen_uq_setup(dev);
	return 0;
err:
	close(fd);
	return ret;
}

static void drm_close(struct idxgen_device *dev)
{
	close(dev->fd);
}

static int drm_get_info(struct idxgen_device *dev, struct idxgen_info *info)
{
	uint64_t v;

	*info = dev->static_info;
	/* firmware can be reloaded and the pool changes: ask again */
	if (!get_param(dev->fd, DRM_IDXGEN_PARAM_FW_VERSION, &v))
		info->fw_version = (uint32_t)v;
	return get_param(dev->fd, DRM_IDXGEN_PARAM_DEDICATED_FREE, &info->dedicated_free);
}

/* Read one unsigned number from a sysfs attribute; 0 if it exists. */
static int read_u64(const char *dir, const char *name, uint64_t *v)
{
	char path[256], buf[64];
	FILE *f;
	int ok;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	f = fopen(path, "re");
	if (!f)
		return -errno;
	ok = fgets(buf, sizeof(buf), f) != NULL;
	fclose(f);
	if (!ok)
		return -EIO;
	*v = strtoull(buf, NULL, 0);
	return 0;
}

/* The counters the driver exposes, by the name sysfs and debugfs give them. */
static const struct {
	const char *name;
	size_t off;
	uint32_t bit;
} stat_names[] = {
	{ "jobs", offsetof(struct idxgen_stats, jobs), IDXGEN_STAT_JOBS },
	{ "hits", offsetof(struct idxgen_stats, hits), IDXGEN_STAT_HITS },
	{ "misses", offsetof(struct idxgen_stats, misses), IDXGEN_STAT_MISSES },
	{ "errors", offsetof(struct idxgen_stats, errors), IDXGEN_STAT_ERRORS },
	{ "warps", offsetof(struct idxgen_stats, warps), IDXGEN_STAT_WARPS },
	{ "busy_cycles", offsetof(struct idxgen_stats, busy_cycles), IDXGEN_STAT_BUSY_CYCLES },
};

/*
 * Counters the driver keeps in debugfs (root only):
 * /sys/kernel/debug/accel/<pci address>/history, "name value" lines of
 * jobs, hits, misses, warps, busy_cycles, errors.  Fills what sysfs lacked.
 */
static void debugfs_stats(struct idxgen_device *dev, struct idxgen_stats *st)
{
	char path[128], line[128], name[64];
	unsigned long long v;
	unsigned int i;
	FILE *f;

	snprintf(path, sizeof(path), "/sys/kernel/debug/accel/%s/history",
		 dev->static_info.pci_addr);
	f = fopen(path, "re");
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%63s %llu", name, &v) != 2)
			continue;
		for (i = 0; i < sizeof(stat_names) / sizeof(stat_names[0]); i++) {
			if (!strcmp(name, stat_names[i].name) && !(st->valid & stat_names[i].bit)) {
				*(uint64_t *)((char *)st + stat_names[i].off) = v;
				st->valid |= stat_names[i].bit;
			}
		}
	}
	fclose(f);
}

/*
 * The driver's attributes of the PCI device (driver/idxgen_sysfs.c):
 * fw_version as "major.minor.patch", jobs, hits, misses, busy_time_us;
 * then debugfs for the rest.  Counters nobody provides stay out of
 * st->valid.
 */
static int drm_get_stats(struct idxgen_device *dev, struct idxgen_stats *st)
{
	unsigned int i, maj, min, pat;
	char path[256], buf[64];
	uint64_t v;
	FILE *f;

	for (i = 0; i < sizeof(stat_names) / sizeof(stat_names[0]); i++) {
		if (!read_u64(dev->sysfs_dir, stat_names[i].name, &v)) {
			*(uint64_t *)((char *)st + stat_names[i].off) = v;
			st->valid |= stat_names[i].bit;
		}
	}
	debugfs_stats(dev, st);
	if (!read_u64(dev->sysfs_dir, "busy_time_us", &v)) {
		st->busy_ns = v * 1000;
		st->valid |= IDXGEN_STAT_BUSY_NS;
	} else if (st->valid & IDXGEN_STAT_BUSY_CYCLES && dev->static_info.clock_khz) {
		st->busy_ns = st->busy_cycles * 1000000 / dev->static_info.clock_khz;
		st->valid |= IDXGEN_STAT_BUSY_NS;
	}
	st->fw_version = dev->static_info.fw_version;
	snprintf(path, sizeof(path), "%s/fw_version", dev->sysfs_dir);
	f = fopen(path, "re");
	if (f) {
		if (fgets(buf, sizeof(buf), f) && sscanf(buf, "%u.%u.%u", &maj, &min, &pat) == 3)
			st->fw_version = IDXGEN_FW_VERSION(maj, min, pat);
		fclose(f);
	}
	return st->valid ? 0 : -ENOTSUP;
}

static int drm_ctx_create(struct idxgen_context *ctx)
{
	struct drm_idxgen_ctx_create cc = { .priority = (uint32_t)ctx->priority };
	struct drm_idxgen_ctx_destroy cd = { 0 };
	int fd = ctx->dev->fd;
	int ret;

	ret = xioctl(fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &cc);
	if (ret)
		return ret;
	ret = drmSyncobjCreate(fd, 0, &ctx->syncobj);
	if (ret) {
		ret = -errno ? -errno : -ENOMEM;
		cd.ctx_id = cc.ctx_id;
		xioctl(fd, DRM_IOCTL_IDXGEN_CTX_DESTROY, &cd);
		return ret;
	}
	ctx->id = cc.ctx_id;
	return 0;
}

static void drm_ctx_destroy(struct idxgen_context *ctx)
{
	struct drm_idxgen_ctx_destroy cd = { .ctx_id = ctx->id };

	idxgen_uq_free(ctx);
	xioctl(ctx->dev->fd, DRM_IOCTL_IDXGEN_CTX_DESTROY, &cd);
	drmSyncobjDestroy(ctx->dev->fd, ctx->syncobj);
}

static int region_info(struct idxgen_region *reg)
{
	struct drm_idxgen_region_info ri = { .handle = reg->handle };
	int ret = xioctl(reg->dev->fd, DRM_IOCTL_IDXGEN_REGION_INFO, &ri);

	if (ret)
		return ret;
	reg->size = ri.size;
	reg->mmap_offset = ri.mmap_offset;
	return 0;
}

static void gem_close(int fd, uint32_t handle)
{
	struct drm_gem_close gc = { .handle = handle };

	xioctl(fd, DRM_IOCTL_GEM_CLOSE, &gc);
}

static int drm_region_alloc(struct idxgen_region *reg, uint64_t size)
{
	struct drm_idxgen_region_create rc = { .size = size };
	int ret;

	ret = xioctl(reg->dev->fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &rc);
	if (ret)
		return ret;
	reg->handle = rc.handle;
	ret = region_info(reg);
	if (ret)
		gem_close(reg->dev->fd, rc.handle);
	return ret;
}

/*
 * The shared region is one GEM handle per fd, taken on first use and
 * refcounted here, so that freeing one idxgen_region of it does not pull
 * the handle from under another.
 */
static int drm_region_shared(struct idxgen_region *reg)
{
	struct idxgen_device *dev = reg->dev;
	int ret = 0;

	pthread_mutex_lock(&dev->lock);
	if (!dev->shared_refs) {
		struct drm_idxgen_region_shared rs = { 0 };

		ret = xioctl(dev->fd, DRM_IOCTL_IDXGEN_REGION_SHARED, &rs);
		if (!ret)
			dev->shared_handle = rs.handle;
	}
	if (!ret) {
		dev->shared_refs++;
		reg->handle = dev->shared_handle;
		ret = region_info(reg);
		if (ret && !--dev->shared_refs)
			gem_close(dev->fd, dev->shared_handle);
	}
	pthread_mutex_unlock(&dev->lock);
	return ret;
}

static void drm_region_free(struct idxgen_region *reg)
{
	struct idxgen_device *dev = reg->dev;

	idxgen_uq_region_gone(reg);
	if (reg->map)
		munmap((void *)reg->map, reg->size);
	if (reg->shared) {
		pthread_mutex_lock(&dev->lock);
		if (!--dev->shared_refs)
			gem_close(dev->fd, dev->shared_handle);
		pthread_mutex_unlock(&dev->lock);
		return;
	}
	gem_close(dev->fd, reg->handle);
}

static int drm_region_map(struct idxgen_region *reg)
{
	void *p = mmap(NULL, reg->size, PROT_READ, MAP_SHARED, reg->dev->fd,
		       (off_t)reg->mmap_offset);

	if (p == MAP_FAILED)
		return -errno;
	reg->map = p;
	return 0;
}

static int drm_submit(struct idxgen_context *ctx, const struct idxgen_config *cfgs, unsigned int n,
		      idxgen_job_t *jobs)
{
	struct drm_idxgen_config dc[IDXGEN_MAX_BATCH];
	struct drm_idxgen_submit s = { 0 };
	unsigned int i;
	int ret;

	/* a user queue where the device has them (uq.c), else the ioctl */
	ret = idxgen_uq_submit(ctx, cfgs, n, jobs);
	if (ret != IDXGEN_UQ_FALLBACK)
		return ret;
	memset(dc, 0, n * sizeof(dc[0]));
	for (i = 0; i < n; i++) {
		const struct idxgen_config *c = &cfgs[i];

		dc[i].region = c->region->handle;
		dc[i].flags = (c->flags & IDXGEN_CONFIG_NO_HISTORY) ? DRM_IDXGEN_CONFIG_NO_HISTORY : 0;
		dc[i].offset = c->offset;
		dc[i].dx = (uint16_t)c->dx;
		dc[i].dy = (uint16_t)c->dy;
		dc[i].dz = (uint16_t)c->dz;
		dc[i].c = (uint16_t)c->c;
		dc[i].xc = (uint16_t)c->xc;
		dc[i].yc = (uint16_t)c->yc;
		dc[i].zc = (uint16_t)c->zc;
		dc[i].mx = c->mx;
		dc[i].my = c->my;
		dc[i].mz = c->mz;
		dc[i].word_size = c->word_size;
		dc[i].order = (uint8_t)c->order;
		dc[i].stride = c->stride;
		dc[i].granularity = (uint16_t)c->granularity;
		dc[i].tile_w = (uint16_t)c->tile_w;
		dc[i].tile_h = (uint16_t)c->tile_h;
		dc[i].user_tag = c->user_tag;
	}
	s.ctx_id = ctx->id;
	s.count = n;
	s.configs = (uintptr_t)dc;
	s.config_size = sizeof(dc[0]);
	s.out_syncobj = ctx->syncobj;

	pthread_mutex_lock(&ctx->submit_lock);
	/* drm_ops.submit_validates: the batch, cached per context as for the user queue */
	ret = idxgen_uq_validate(ctx, cfgs, n);
	if (!ret)
		ret = idxgen_uq_drain(ctx);	/* the context's jobs complete in submission order */
	if (!ret)
		ret = xioctl(ctx->dev->fd, DRM_IOCTL_IDXGEN_SUBMIT, &s);
	if (!ret)
		ctx->ioctl_jobs = true;
	pthread_mutex_unlock(&ctx->submit_lock);
	if (ret)
		return ret;
	if (jobs)
		for (i = 0; i < n; i++)
			jobs[i] = s.first_seq + i;
	return 0;
}

static int drm_result(struct idxgen_context *ctx, idxgen_job_t job, struct idxgen_job_result *res)
{
	struct drm_idxgen_job_result jr = { .ctx_id = ctx->id, .seq = job };
	int ret;

	if (job & IDXGEN_UQ_JOB)
		return idxgen_uq_result(ctx, job, res);
	ret = xioctl(ctx->dev->fd, DRM_IOCTL_IDXGEN_JOB_RESULT, &jr);
	if (ret)
		return ret;
	memset(res, 0, sizeof(*res));
	res->error = jr.error;
	res->status = jr.status;
	res->hit = !!(jr.result_flags & DRM_IDXGEN_RESULT_HIT);
	res->user_tag = jr.user_tag;
	res->warps = jr.warps;
	res->cycles = jr.cycles;
	res->threads = jr.threads;
	return 0;
}

/* uapi v2: one ioctl waits for the job itself, until an absolute CLOCK_MONOTONIC deadline. */
static int drm_wait_v2(struct idxgen_context *ctx, idxgen_job_t job, int64_t deadline_ns)
{
	struct drm_idxgen_wait w = { .ctx_id = ctx->id, .seq = job, .timeout_ns = deadline_ns };
	int ret = xioctl(ctx->dev->fd, DRM_IOCTL_IDXGEN_WAIT, &w);

	return ret == -ETIME ? -ETIMEDOUT : ret;
}

static int drm_wait(struct idxgen_context *ctx, idxgen_job_t job, int64_t deadline_ns)
{
	struct idxgen_job_result res;
	uint32_t first;
	int ret;

	if (job & IDXGEN_UQ_JOB)
		return idxgen_uq_wait(ctx, job, deadline_ns);
	if (ctx->dev->uapi_features & DRM_IDXGEN_UAPI_WAIT)
		return drm_wait_v2(ctx, job, deadline_ns);
	/* 1.0 driver: the context's syncobj, then the result */
	for (;;) {
		ret = drmSyncobjWait(ctx->dev->fd, &ctx->syncobj, 1, deadline_ns,
				     DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, &first);
		if (ret)
			return errno == ETIME || errno == ETIMEDOUT ? -ETIMEDOUT : -errno;
		ret = drm_result(ctx, job, &res);
		if (ret != -EBUSY)
			return ret;
		/*
		 * The fence we saw belongs to an earlier batch: a submission was
		 * still inside the ioctl.  Try again shortly.
		 */
		if (idxgen_now_ns() >= deadline_ns)
			return -ETIMEDOUT;
		nanosleep(&(struct timespec){ .tv_nsec = 20000 }, NULL);
	}
}

/* ------------------------------------------------------------------ */
/* Arbiter (docs/design.md#arbiter): DRM_IOCTL_IDXGEN_LOCK..ARB_CONFIG        */
/* ------------------------------------------------------------------ */

static int drm_lock(struct idxgen_context *ctx, unsigned int lock, int64_t deadline_ns)
{
	struct drm_idxgen_lock a = { .ctx_id = ctx->id, .lock = lock };
	int ret;

	if (deadline_ns == 0)
		a.flags = DRM_IDXGEN_LOCK_NONBLOCK;
	else if (deadline_ns > 0)
		a.timeout_ns = deadline_ns;
	/* drmIoctl restarts on EINTR: a signal does not end the wait early */
	ret = xioctl(ctx->dev->fd, DRM_IOCTL_IDXGEN_LOCK, &a);
	return ret;
}

static int drm_unlock(struct idxgen_context *ctx, unsigned int lock)
{
	struct drm_idxgen_unlock a = { .ctx_id = ctx->id, .lock = lock };

	return xioctl(ctx->dev->fd, DRM_IOCTL_IDXGEN_UNLOCK, &a);
}

static int drm_lock_lost(struct idxgen_context *ctx, bool *lost, uint64_t *count,
			 uint32_t *held)
{
	struct drm_idxgen_lock_lost a = { .ctx_id = ctx->id };
	int ret = xioctl(ctx->dev->fd, DRM_IOCTL_IDXGEN_LOCK_LOST, &a);

	*lost = !ret && a.lost;
	*count = ret ? 0 : a.count;
	*held = ret ? 0 : a.held;
	return ret;
}

static int drm_lock_state(struct idxgen_device *dev, struct idxgen_lock_state *st)
{
	struct drm_idxgen_arb_state a;
	uint32_t i;
	int ret;

	memset(&a, 0, sizeof(a));
	ret = xioctl(dev->fd, DRM_IOCTL_IDXGEN_ARB_STATE, &a);
	if (ret)
		return ret;
	memset(st, 0, sizeof(*st));
	st->locks = a.locks < IDXGEN_LOCKS_MAX ? a.locks : IDXGEN_LOCKS_MAX;
	st->requesters = a.requesters < 16 ? a.requesters : 16;
	st->enforce = a.enforce;
	st->hold_limit = a.hold_limit;
	st->fifo_count = a.fifo_count;
	st->max_depth = a.max_depth;
	st->grants = a.grants;
	st->preemptions = a.preemptions;
	st->hold_releases = a.hold_releases;
	st->denials = a.denials;
	for (i = 0; i < IDXGEN_LOCKS_MAX; i++)
		st->owner[i] = (int32_t)a.owner[i] - 1;
	for (i = 0; i < 16; i++) {
		const struct drm_idxgen_arb_state_req *q = &a.req[i];
		struct idxgen_lock_requester *o = &st->req[i];

		o->ctx_id = q->ctx_id;
		o->pid = q->pid;
		o->cpr = q->cpr;
		o->held = q->held;
		o->waiting = (int32_t)q->waiting - 1;
		o->hold_count = q->hold_count;
		o->lost_count = q->lost_count;
		o->grants = q->grants;
		o->wait_ns = q->wait_ns;
	}
	return 0;
}

static int drm_lock_config(struct idxgen_device *dev, uint32_t hold_limit, bool enforce)
{
	struct drm_idxgen_arb_config a = {
		.flags = enforce ? DRM_IDXGEN_ARB_CONFIG_ENFORCE : 0,
		.hold_limit = hold_limit,
	};

	return xioctl(dev->fd, DRM_IOCTL_IDXGEN_ARB_CONFIG, &a);
}

/*
 * A packed GET_PARAM entry (uapi DRM_IDXGEN_SCHED_*) into s.  The driver
 * checks the device's table, but an entry that is not a legal
 * configuration is refused here too (-EIO): a caller copies it into
 * descriptors.
 */
static int drm_sched_decode(uint64_t v, struct idxgen_schedule *s)
{
	uint32_t order = DRM_IDXGEN_SCHED_ORDER(v), p16 = DRM_IDXGEN_SCHED_P16(v);
	uint32_t p32 = DRM_IDXGEN_SCHED_P32(v);

	if (DRM_IDXGEN_SCHED_RSVD(v))
		return -EIO;
	switch (order) {
	case DRM_IDXGEN_ORDER_STRIDED:
		return idxgen_sched_entry(s, order, p32, p16, 0, 0) ? -EIO : 0;
	case DRM_IDXGEN_ORDER_TILED:
		if (p32 > 0xffff)
			return -EIO;
		return idxgen_sched_entry(s, order, 0, 0, p16, p32) ? -EIO : 0;
	default:
		if (v >> 16)
			return -EIO;
		return idxgen_sched_entry(s, order, 0, 0, 0, 0) ? -EIO : 0;
	}
}

static int drm_sched_table(struct idxgen_device *dev, struct idxgen_schedule *tab,
			   unsigned int max)
{
	struct idxgen_schedule all[DRM_IDXGEN_SCHED_MAX_ENTRIES];
	uint64_t count, v;
	unsigned int i;
	int ret;

	ret = get_param(dev->fd, DRM_IDXGEN_PARAM_SCHED_COUNT, &count);
	if (ret == -EINVAL)
		return -ENOTSUP;	/* a driver from before the table params */
	if (ret)
		return ret;
	if (count > DRM_IDXGEN_SCHED_MAX_ENTRIES)
		return -EIO;
	/* every entry is checked, however many the caller wants */
	for (i = 0; i < count; i++) {
		ret = get_param(dev->fd, DRM_IDXGEN_PARAM_SCHED_ENTRY(i), &v);
		if (ret)
			return ret == -EINVAL ? -EIO : ret;
		ret = drm_sched_decode(v, &all[i]);
		if (ret)
			return ret;
	}
	for (i = 0; i < count && i < max; i++)
		tab[i] = all[i];
	return (int)count;
}

const struct idxgen_backend_ops idxgen_drm_ops = {
	.get_info = drm_get_info,
	.get_stats = drm_get_stats,
	.ctx_create = drm_ctx_create,
	.ctx_destroy = drm_ctx_destroy,
	.region_alloc = drm_region_alloc,
	.region_shared = drm_region_shared,
	.region_free = drm_region_free,
	.region_map = drm_region_map,
	.submit = drm_submit,
	.submit_validates = true,
	.result = drm_result,
	.wait = drm_wait,
	.close = drm_close,
	.lock = drm_lock,
	.unlock = drm_unlock,
	.lock_lost = drm_lock_lost,
	.lock_state = drm_lock_state,
	.lock_config = drm_lock_config,
	.sched_table = drm_sched_table,
};
