// SPDX-License-Identifier: MIT
/*
 * core.c - the backend-independent part of libidxgen: errors, opening,
 * object bookkeeping, the configuration builder and validation, and the
 * submit/wait front end.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "internal.h"

#define STR_(x) #x
#define STR(x) STR_(x)

const char *idxgen_version(void)
{
	return STR(IDXGEN_VERSION_MAJOR) "." STR(IDXGEN_VERSION_MINOR) "." STR(IDXGEN_VERSION_PATCH);
}

const char *idxgen_strerror(int err)
{
	switch (err) {
	case 0:		return "success";
	case -EINVAL:	return "invalid argument";
	case -ENODEV:	return "no such idxgen device";
	case -ENOENT:	return "no such job, context or region";
	case -ENOSPC:	return "index memory full";
	case -E2BIG:	return "configuration exceeds the device's limits";
	case -ETIMEDOUT: return "timed out waiting for the job";
	case -EBUSY:	return "job not finished yet";
	case -EPROTO:	return "driver interface version not supported by this library";
	case -ENOMEM:	return "out of memory";
	case -EPERM:	return "operation not permitted (high priority needs CAP_SYS_NICE)";
	case -EACCES:	return "permission denied (device node)";
	case -EIO:	return "the device reported an error for the job";
	case -ECANCELED: return "the job was cancelled";
	case -ENOTSUP:	return "not supported by this device or backend";
	case -EFAULT:	return "bad address";
	}
	if (err < 0 && err > -4096)
		return strerror(-err);	/* glibc's table is static: thread-safe */
	return "unknown error";
}

/* The names are the generator model's (linked in for the emulation backend). */
const char *idxgen_status_name(uint32_t status)
{
	const char *name = status <= IDXGEN_CPL_MAX ? igm_cpl_status_name((int)status) : "?";

	/* the driver's, for a user queue's pending jobs at a device reset or a queue fault */
	if (status == IDXGEN_STATUS_UQ_RESET)
		return "UQ_RESET";
	if (status == IDXGEN_STATUS_UQ_HUNG)
		return "UQ_HUNG";
	if (status == IDXGEN_STATUS_UQ_FAULT)
		return "UQ_FAULT";
	if (status == IDXGEN_STATUS_UQ_DROPPED)
		return "UQ_DROPPED";

	return strcmp(name, "?") ? name : "UNKNOWN";
}

int64_t idxgen_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* ------------------------------------------------------------------ */
/* Opening                                                             */
/* ------------------------------------------------------------------ */

/* IDXGEN_BACKEND_EMU or _DRM from the flags and the environment, or -EINVAL. */
static int pick_backend(unsigned int flags)
{
	const char *env;

	if (flags & ~(IDXGEN_OPEN_EMU | IDXGEN_OPEN_DRM))
		return -EINVAL;
	if ((flags & IDXGEN_OPEN_EMU) && (flags & IDXGEN_OPEN_DRM))
		return -EINVAL;
	if (flags & IDXGEN_OPEN_EMU)
		return IDXGEN_BACKEND_EMU;
	if (flags & IDXGEN_OPEN_DRM)
		return IDXGEN_BACKEND_DRM;
	env = getenv("IDXGEN_BACKEND");
	if (!env || !*env || !strcmp(env, "drm"))
		return IDXGEN_BACKEND_DRM;
	if (!strcmp(env, "emu"))
		return IDXGEN_BACKEND_EMU;
	return -EINVAL;
}

int idxgen_list(struct idxgen_pci_info *list, unsigned int max)
{
	int backend = pick_backend(0);

	if (backend < 0)
		return backend;
	if (max && !list)
		return -EINVAL;
	if (backend == IDXGEN_BACKEND_EMU) {
		if (max)
			idxgen_emu_pci_info(&list[0]);
		return 1;
	}
	return idxgen_discover(list, max);
}

static int dev_new(int backend, struct idxgen_device **devp)
{
	struct idxgen_device *dev = calloc(1, sizeof(*dev));

	if (!dev)
		return -ENOMEM;
	dev->backend = backend;
	dev->fd = -1;
	pthread_mutex_init(&dev->lock, NULL);
	*devp = dev;
	return 0;
}

static int open_backend(int backend, const struct idxgen_pci_info *pi, struct idxgen_device **devp)
{
	struct idxgen_device *dev;
	int ret;

	ret = dev_new(backend, &dev);
	if (ret)
		return ret;
	if (backend == IDXGEN_BACKEND_EMU)
		ret = idxgen_emu_open(dev);
	else
		ret = idxgen_drm_open(dev, pi);
	if (ret) {
		pthread_mutex_destroy(&dev->lock);
		free(dev);
		return ret;
	}
	*devp = dev;
	return 0;
}

/* Find the index'th device (or the one at addr) among those listed. */
static int find_device(unsigned int index, const char *addr, struct idxgen_pci_info *out)
{
	struct idxgen_pci_info list[32];
	int n, i;

	n = idxgen_discover(list, 32);
	if (n < 0)
		return n;
	if (n > 32)
		n = 32;
	for (i = 0; i < n; i++) {
		if (addr ? (!strcmp(addr, list[i].pci_addr) || !strcmp(addr, list[i].dev_node))
			 : (unsigned int)i == index) {
			*out = list[i];
			return 0;
		}
	}
	return -ENODEV;
}

int idxgen_open(unsigned int index, unsigned int flags, struct idxgen_device **devp)
{
	struct idxgen_pci_info pi;
	int backend, ret;

	if (!devp)
		return -EINVAL;
	*devp = NULL;
	backend = pick_backend(flags);
	if (backend < 0)
		return backend;
	if (backend == IDXGEN_BACKEND_EMU)
		return index == 0 ? open_backend(backend, NULL, devp) : -ENODEV;
	ret = find_device(index, NULL, &pi);
	if (ret)
		return ret;
	return open_backend(backend, &pi, devp);
}

int idxgen_open_pci(const char *addr, unsigned int flags, struct idxgen_device **devp)
{
	struct idxgen_pci_info pi;
	char norm[16];
	int backend, ret;

	if (!devp || !addr)
		return -EINVAL;
	*devp = NULL;
	backend = pick_backend(flags);
	if (backend < 0)
		return backend;
	if (backend == IDXGEN_BACKEND_EMU)
		return !strcmp(addr, "emu") ? open_backend(backend, NULL, devp) : -ENODEV;
	if (addr[0] == '/') {
		ret = find_device(0, addr, &pi);
	} else {
		ret = idxgen_normalize_pci_addr(addr, norm);
		if (ret)
			return ret;
		ret = find_device(0, norm, &pi);
	}
	if (ret)
		return ret;
	return open_backend(backend, &pi, devp);
}

static void region_release(struct idxgen_region *reg);
static void context_release(struct idxgen_context *ctx);

void idxgen_close(struct idxgen_device *dev)
{
	if (!dev)
		return;
	while (dev->regions)
		region_release(dev->regions);
	while (dev->contexts)
		context_release(dev->contexts);
	dev->ops->close(dev);
	pthread_mutex_destroy(&dev->lock);
	free(dev);
}

int idxgen_backend_of(const struct idxgen_device *dev)
{
	return dev ? dev->backend : -EINVAL;
}

int idxgen_get_info(struct idxgen_device *dev, struct idxgen_info *info)
{
	if (!dev || !info)
		return -EINVAL;
	return dev->ops->get_info(dev, info);
}

int idxgen_get_stats(struct idxgen_device *dev, struct idxgen_stats *st)
{
	if (!dev || !st)
		return -EINVAL;
	memset(st, 0, sizeof(*st));
	return dev->ops->get_stats(dev, st);
}

/* ------------------------------------------------------------------ */
/* Contexts and regions                                                */
/* ------------------------------------------------------------------ */

/* Doubly linked lists under dev->lock. */
#define LIST_ADD(head, obj) do {				\
	(obj)->prev = NULL;					\
	(obj)->next = (head);					\
	if (head)						\
		(head)->prev = (obj);				\
	(head) = (obj);						\
} while (0)
#define LIST_DEL(head, obj) do {				\
	if ((obj)->prev)					\
		(obj)->prev->next = (obj)->next;		\
	else							\
		(head) = (obj)->next;				\
	if ((obj)->next)					\
		(obj)->next->prev = (obj)->prev;		\
} while (0)

int idxgen_context_create(struct idxgen_device *dev, int priority, struct idxgen_context **ctxp)
{
	struct idxgen_context *ctx;
	int ret;

	if (!dev || !ctxp)
		return -EINVAL;
	*ctxp = NULL;
	if (priority < IDXGEN_PRIORITY_LOW || priority > IDXGEN_PRIORITY_HIGH)
		return -EINVAL;
	ctx = calloc(1, sizeof(*ctx));
	if (!ctx)
		return -ENOMEM;
	ctx->dev = dev;
	ctx->priority = priority;
	pthread_mutex_init(&ctx->submit_lock, NULL);
	ret = dev->ops->ctx_create(ctx);
	if (ret) {
		pthread_mutex_destroy(&ctx->submit_lock);
		free(ctx);
		return ret;
	}
	pthread_mutex_lock(&dev->lock);
	LIST_ADD(dev->contexts, ctx);
	pthread_mutex_unlock(&dev->lock);
	*ctxp = ctx;
	return 0;
}

static void context_release(struct idxgen_context *ctx)
{
	struct idxgen_device *dev = ctx->dev;

	pthread_mutex_lock(&dev->lock);
	LIST_DEL(dev->contexts, ctx);
	pthread_mutex_unlock(&dev->lock);
	dev->ops->ctx_destroy(ctx);
	pthread_mutex_destroy(&ctx->submit_lock);
	free(ctx);
}

int idxgen_context_destroy(struct idxgen_context *ctx)
{
	if (!ctx)
		return -EINVAL;
	context_release(ctx);
	return 0;
}

static int region_new(struct idxgen_device *dev, bool shared, uint64_t size,
		      struct idxgen_region **regp)
{
	struct idxgen_region *reg;
	int ret;

	if (!dev || !regp)
		return -EINVAL;
	*regp = NULL;
	reg = calloc(1, sizeof(*reg));
	if (!reg)
		return -ENOMEM;
	reg->dev = dev;
	reg->shared = shared;
	ret = shared ? dev->ops->region_shared(reg) : dev->ops->region_alloc(reg, size);
	if (ret) {
		free(reg);
		return ret;
	}
	pthread_mutex_lock(&dev->lock);
	reg->serial = ++dev->region_serials;
	LIST_ADD(dev->regions, reg);
	pthread_mutex_unlock(&dev->lock);
	*regp = reg;
	return 0;
}

int idxgen_region_alloc(struct idxgen_device *dev, uint64_t size, struct idxgen_region **regp)
{
	if (regp)
		*regp = NULL;
	if (!size)
		return -EINVAL;
	return region_new(dev, false, size, regp);
}

int idxgen_region_shared(struct idxgen_device *dev, struct idxgen_region **regp)
{
	return region_new(dev, true, 0, regp);
}

static void region_release(struct idxgen_region *reg)
{
	struct idxgen_device *dev = reg->dev;

	pthread_mutex_lock(&dev->lock);
	LIST_DEL(dev->regions, reg);
	pthread_mutex_unlock(&dev->lock);
	dev->ops->region_free(reg);
	free(reg);
}

int idxgen_region_free(struct idxgen_region *reg)
{
	if (!reg)
		return -EINVAL;
	region_release(reg);
	return 0;
}

uint64_t idxgen_region_size(const struct idxgen_region *reg)
{
	return reg ? reg->size : 0;
}

bool idxgen_region_is_shared(const struct idxgen_region *reg)
{
	return reg && reg->shared;
}

int idxgen_region_map(struct idxgen_region *reg, const void **ptr)
{
	int ret = 0;

	if (!reg || !ptr)
		return -EINVAL;
	pthread_mutex_lock(&reg->dev->lock);
	if (!reg->map)
		ret = reg->dev->ops->region_map(reg);
	*ptr = ret ? NULL : reg->map;
	pthread_mutex_unlock(&reg->dev->lock);
	return ret;
}

/* ------------------------------------------------------------------ */
/* Configurations                                                      */
/* ------------------------------------------------------------------ */

static const struct igm_limits *limits_of(struct idxgen_device *dev, struct igm_limits *tmp)
{
	if (dev)
		return &dev->limits;
	igm_limits_default(tmp);
	return tmp;
}

void idxgen_cfg_to_job(const struct idxgen_config *cfg, uint64_t target, uint64_t size_limit,
		       uint32_t job_id, struct igm_job *j)
{
	memset(j, 0, sizeof(*j));
	j->target = target;
	j->size_limit = size_limit > UINT32_MAX ? UINT32_MAX : (uint32_t)size_limit;
	j->job_id = job_id;
	j->dx = cfg->dx;
	j->dy = cfg->dy;
	j->dz = cfg->dz;
	j->c = cfg->c;
	j->xc = cfg->xc;
	j->yc = cfg->yc;
	j->zc = cfg->zc;
	j->mx = cfg->mx;
	j->my = cfg->my;
	j->mz = cfg->mz;
	j->word_size = cfg->word_size;
	j->order = cfg->order;
	j->stride = cfg->stride;
	j->granularity = cfg->granularity;
	j->tile_w = cfg->tile_w;
	j->tile_h = cfg->tile_h;
	j->flags = (cfg->flags & IDXGEN_CONFIG_NO_HISTORY) ? IDXGEN_DESC_F_NO_HISTORY : 0;
	if (cfg->region && cfg->region->shared)
		j->flags |= IDXGEN_DESC_F_SHARED;
}

/* Shape checks shared by the builder and validation: 0, -EINVAL or -E2BIG. */
static int check_shape(const struct igm_limits *l, uint32_t dx, uint32_t dy, uint32_t dz,
		       uint32_t c)
{
	if (!dx || !dy || !dz || !c)
		return -EINVAL;
	if (dx > l->max_dim[0] || dy > l->max_dim[1] || dz > l->max_dim[2])
		return -E2BIG;
	if ((uint64_t)dx * dy * dz > l->max_threads)
		return -E2BIG;
	if (c > l->lanes)
		return -E2BIG;
	return 0;
}

int idxgen_config_init(struct idxgen_config *cfg, struct idxgen_device *dev,
		       uint32_t dx, uint32_t dy, uint32_t dz, uint32_t warp)
{
	struct igm_limits tmp;
	const struct igm_limits *l;
	struct igm_job j;
	int ret;

	if (!cfg)
		return -EINVAL;
	memset(cfg, 0, sizeof(*cfg));
	l = limits_of(dev, &tmp);
	if (!warp)
		warp = l->lanes;
	ret = check_shape(l, dx, dy, dz, warp);
	if (ret)
		return ret;
	/*
	 * The step index, widths and word size are the generator model's
	 * (igm_job_init), the same code the device and emulation run.
	 */
	if (igm_job_init(&j, dx, dy, dz, warp, 0, l) != IDXGEN_CPL_OK) {
		/* Shape and step passed above: only the word size can be wrong. */
		return j.mx + j.my + j.mz > 32 ? -EINVAL : -E2BIG;
	}
	cfg->dx = dx;
	cfg->dy = dy;
	cfg->dz = dz;
	cfg->c = warp;
	cfg->xc = j.xc;
	cfg->yc = j.yc;
	cfg->zc = j.zc;
	cfg->mx = j.mx;
	cfg->my = j.my;
	cfg->mz = j.mz;
	cfg->word_size = j.word_size;
	/* zc is a 16-bit descriptor field; only tiny blocks with a large warp get here */
	if (cfg->zc > 0xffff)
		return -EINVAL;
	return 0;
}

int idxgen_config_target(struct idxgen_config *cfg, struct idxgen_region *reg, uint64_t offset)
{
	if (!cfg || !reg || !cfg->word_size)
		return -EINVAL;
	if (offset % cfg->word_size)
		return -EINVAL;
	if (offset > reg->size || idxgen_config_bytes(cfg) > reg->size - offset)
		return -EINVAL;
	cfg->region = reg;
	cfg->offset = offset;
	return 0;
}

uint64_t idxgen_config_threads(const struct idxgen_config *cfg)
{
	return cfg ? (uint64_t)cfg->dx * cfg->dy * cfg->dz : 0;
}

uint64_t idxgen_config_warps(const struct idxgen_config *cfg)
{
	return cfg && cfg->c ? (idxgen_config_threads(cfg) + cfg->c - 1) / cfg->c : 0;
}

uint64_t idxgen_config_bytes(const struct idxgen_config *cfg)
{
	return cfg ? idxgen_config_threads(cfg) * cfg->word_size : 0;
}

/* Validation without the target (-EINVAL / -E2BIG), then the model's full check. */
static int validate(const struct idxgen_config *cfg, const struct igm_limits *l)
{
	struct igm_job j;
	int ret, st;

	ret = check_shape(l, cfg->dx, cfg->dy, cfg->dz, cfg->c);
	if (ret)
		return ret;
	if (cfg->flags & ~IDXGEN_CONFIG_NO_HISTORY)
		return -EINVAL;
	if (cfg->xc > 0xffff || cfg->yc > 0xffff || cfg->zc > 0xffff)
		return -EINVAL;
	if (cfg->word_size == 2 && !(l->features & IDXGEN_FEAT_WORD16))
		return -E2BIG;
	if (cfg->word_size == 4 && !(l->features & IDXGEN_FEAT_WORD32))
		return -E2BIG;
	ret = idxgen_sched_check(cfg->order, cfg->stride, cfg->granularity, cfg->tile_w,
				 cfg->tile_h, l->features);
	if (ret)
		return ret;
	/* The device's own rules, so that a configuration we pass is one it runs. */
	idxgen_cfg_to_job(cfg, 0, idxgen_config_bytes(cfg), 0, &j);
	j.flags &= ~IDXGEN_DESC_F_SHARED;
	st = igm_job_validate(&j, l);
	return st == IDXGEN_CPL_OK ? 0 : -EINVAL;
}

int idxgen_config_validate(const struct idxgen_config *cfg, struct idxgen_device *dev)
{
	struct igm_limits tmp;
	int ret;

	if (!cfg)
		return -EINVAL;
	ret = validate(cfg, limits_of(dev, &tmp));
	if (ret)
		return ret;
	if (cfg->region) {
		if (dev && cfg->region->dev != dev)
			return -EINVAL;
		if (cfg->offset % cfg->word_size || cfg->offset > cfg->region->size ||
		    idxgen_config_bytes(cfg) > cfg->region->size - cfg->offset)
			return -EINVAL;
	}
	return 0;
}

/* ------------------------------------------------------------------ */
/* Jobs                                                                */
/* ------------------------------------------------------------------ */

int idxgen_submit(struct idxgen_context *ctx, const struct idxgen_config *cfgs, unsigned int n,
		  idxgen_job_t *jobs)
{
	unsigned int i, done, chunk;
	int ret;

	if (!ctx || !cfgs || !n)
		return -EINVAL;
	/*
	 * Check everything first: nothing is queued unless all of it is valid
	 * (a backend that validates one batch itself: here only when there
	 * are several).
	 */
	for (i = 0; i < n; i++) {
		if (!cfgs[i].region || cfgs[i].region->dev != ctx->dev)
			return -EINVAL;
		if (ctx->dev->ops->submit_validates && n <= IDXGEN_MAX_BATCH)
			continue;
		ret = idxgen_config_validate(&cfgs[i], ctx->dev);
		if (ret)
			return ret;
	}
	for (done = 0; done < n; done += chunk) {
		chunk = n - done > IDXGEN_MAX_BATCH ? IDXGEN_MAX_BATCH : n - done;
		ret = ctx->dev->ops->submit(ctx, cfgs + done, chunk, jobs ? jobs + done : NULL);
		if (ret)
			return ret;
	}
	return 0;
}

int idxgen_job_result(struct idxgen_context *ctx, idxgen_job_t job, struct idxgen_job_result *res)
{
	struct idxgen_job_result tmp;

	if (!ctx || !job)
		return -EINVAL;
	return ctx->dev->ops->result(ctx, job, res ? res : &tmp);
}

int idxgen_wait(struct idxgen_context *ctx, idxgen_job_t job, int64_t timeout_ns,
		struct idxgen_job_result *res)
{
	struct idxgen_job_result tmp;
	int64_t deadline;
	int ret;

	if (!ctx || !job)
		return -EINVAL;
	if (!res)
		res = &tmp;
	ret = ctx->dev->ops->result(ctx, job, res);
	if (ret != -EBUSY)
		return ret;
	if (timeout_ns == 0)
		return -ETIMEDOUT;
	deadline = timeout_ns < 0 ? INT64_MAX : idxgen_now_ns() + timeout_ns;
	ret = ctx->dev->ops->wait(ctx, job, deadline);
	if (ret)
		return ret;
	return ctx->dev->ops->result(ctx, job, res);
}

int idxgen_run(struct idxgen_context *ctx, const struct idxgen_config *cfg,
	       struct idxgen_job_result *res)
{
	struct idxgen_job_result tmp;
	idxgen_job_t job;
	int ret;

	if (!res)
		res = &tmp;
	ret = idxgen_submit(ctx, cfg, 1, &job);
	if (ret)
		return ret;
	ret = idxgen_wait(ctx, job, -1, res);
	if (ret)
		return ret;
	if (res->error)
		return res->error;
	return res->status == IDXGEN_CPL_OK ? 0 : -EIO;
}
