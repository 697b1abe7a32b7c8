// SPDX-License-Identifier: MIT
/*
 * emu.c - the in-process emulation backend.
 *
 * The generator model (qemu-device/model, the same code the QEMU device
 * runs) serves the API inside the calling process: an index memory of the
 * hardware's default size, its history cache, a shared region at the start
 * of index memory and a first-fit allocator for dedicated regions above it.
 * Index memory is a memfd mapped twice, read-write for the model and
 * read-only for the user's region mappings, so a stray write through a
 * mapping faults here exactly as it would on the device.
 *
 * Jobs run synchronously inside idxgen_submit(): they are complete when it
 * returns, which is a legal schedule of the asynchronous API.
 *
 * IDXGEN_EMU_RTL=<libidxgen-rtlsim.so> generates through the verilated RTL
 * (fw/rtl) instead of the model's igm_run (emu_rtl.c); off by default.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "internal.h"
#include "idxgen_arb.h"
#include "uapi/drm/idxgen_accel.h"

/*
 * The driver's carving (driver/idxgen_region.c): the shared region first,
 * 1/8 of index memory but at least the largest job output (or half the
 * memory if that is smaller); 8 MiB of the default 64 MiB.
 */
#define EMU_MAX_OUT		((uint64_t)IDXGEN_HW_MAX_THREADS * 4)
#define EMU_SHARED_SIZE		(IDXGEN_IMEM_SIZE_DEFAULT / 8 > EMU_MAX_OUT ? \
				 IDXGEN_IMEM_SIZE_DEFAULT / 8 : EMU_MAX_OUT)
#define EMU_FW_VERSION		IDXGEN_FW_VERSION(1, 0, 0)

struct emu_range {
	uint64_t base, len;
};

struct emu_dev {
	pthread_mutex_t lock;		/* everything below */
	int memfd;
	uint8_t *imem;			/* read-write view */
	uint64_t imem_size;
	struct igm_hist hist;
	unsigned int hist_entries;
	struct idxgen_emu_rtl *rtl;	/* NULL: the model generates */
	uint32_t next_ctx_id;
	struct emu_range *ranges;	/* dedicated regions, sorted by base */
	unsigned int nranges, cap;
	struct idxgen_stats stats;
	/* docs/design.md#arbiter: the arbiter, as the device has it (idxgen_arb.c) */
	struct igm_arb arb;
	pthread_cond_t arb_cond;	/* broadcast whenever the arbiter acted */
	struct idxgen_context *arb_ctx[IDXGEN_ARB_REQUESTERS];
};

void idxgen_emu_pci_info(struct idxgen_pci_info *pi)
{
	memset(pi, 0, sizeof(*pi));
	strcpy(pi->pci_addr, "emu");
	pi->accel_minor = -1;
	pi->numa_node = -1;
	pi->vendor_id = IDXGEN_PCI_VENDOR_ID;
	pi->device_id = IDXGEN_PCI_DEVICE_ID;
	pi->revision = IDXGEN_PCI_REVISION;
	pi->backend = IDXGEN_BACKEND_EMU;
}

int idxgen_emu_open(struct idxgen_device *dev)
{
	struct emu_dev *e = calloc(1, sizeof(*e));
	struct idxgen_info *info = &dev->static_info;
	const char *rtl;

	if (!e)
		return -ENOMEM;
	igm_limits_default(&dev->limits);
	e->imem_size = dev->limits.imem_size;
	e->memfd = memfd_create("idxgen-emu-imem", MFD_CLOEXEC);
	if (e->memfd < 0)
		goto err;
	/* Sparse: pages are only allocated where indices get written. */
	if (ftruncate(e->memfd, (off_t)e->imem_size) < 0)
		goto err_fd;
	e->imem = mmap(NULL, e->imem_size, PROT_READ | PROT_WRITE, MAP_SHARED, e->memfd, 0);
	if (e->imem == MAP_FAILED)
		goto err_fd;
	e->hist_entries = IDXGEN_HW_DEFAULT_HIST;
	igm_hist_init(&e->hist, e->hist_entries);
	rtl = getenv("IDXGEN_EMU_RTL");
	if (rtl && *rtl) {
		int ret = idxgen_emu_rtl_open(rtl, &dev->limits, e->hist_entries, &e->rtl);

		if (ret) {
			munmap(e->imem, e->imem_size);
			close(e->memfd);
			free(e);
			return ret;
		}
	}
	e->stats.fw_version = EMU_FW_VERSION;
	pthread_mutex_init(&e->lock, NULL);
	{
		pthread_condattr_t ca;

		pthread_condattr_init(&ca);
		pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
		pthread_cond_init(&e->arb_cond, &ca);
		pthread_condattr_destroy(&ca);
	}
	igm_arb_reset(&e->arb, true);
	/* shared-region jobs need lock 0, as the driver sets it up by default */
	e->arb.ctrl = IDXGEN_ARB_CTRL_ENFORCE;
	dev->emu = e;
	dev->ops = &idxgen_emu_ops;

	memset(info, 0, sizeof(*info));
	info->backend = IDXGEN_BACKEND_EMU;
	strcpy(info->pci_addr, "emu");
	strcpy(info->driver, "idxgen-emu");
	/* the driver interface it stands in for, not the library's version */
	info->driver_major = DRM_IDXGEN_VERSION_MAJOR;
	info->driver_minor = DRM_IDXGEN_VERSION_MINOR;
	info->driver_patch = 0;
	info->pci_id = (uint32_t)IDXGEN_PCI_VENDOR_ID << 16 | IDXGEN_PCI_DEVICE_ID;
	info->revision = IDXGEN_PCI_REVISION;
	info->hw_version = IDXGEN_HW_VERSION;
	info->fw_version = EMU_FW_VERSION;
	info->lanes = dev->limits.lanes;
	info->max_threads = dev->limits.max_threads;
	memcpy(info->max_dim, dev->limits.max_dim, sizeof(info->max_dim));
	info->hist_entries = e->hist_entries;
	info->num_queues = IDXGEN_HW_DEFAULT_QUEUES;
	info->features = dev->limits.features;
	info->clock_khz = IDXGEN_HW_DEFAULT_CLOCK_KHZ;
	info->imem_size = e->imem_size;
	info->shared_size = EMU_SHARED_SIZE;
	return 0;

err_fd:
	close(e->memfd);
err:
	free(e);
	return errno ? -errno : -ENOMEM;
}

static void emu_close(struct idxgen_device *dev)
{
	struct emu_dev *e = dev->emu;

	idxgen_emu_rtl_close(e->rtl);
	munmap(e->imem, e->imem_size);
	close(e->memfd);
	pthread_mutex_destroy(&e->lock);
	pthread_cond_destroy(&e->arb_cond);
	free(e->ranges);
	free(e);
}

static uint64_t emu_free_bytes(struct emu_dev *e)
{
	uint64_t used = 0;
	unsigned int i;

	for (i = 0; i < e->nranges; i++)
		used += e->ranges[i].len;
	return e->imem_size - EMU_SHARED_SIZE - used;
}

static int emu_get_info(struct idxgen_device *dev, struct idxgen_info *info)
{
	struct emu_dev *e = dev->emu;

	*info = dev->static_info;
	pthread_mutex_lock(&e->lock);
	info->dedicated_free = emu_free_bytes(e);
	pthread_mutex_unlock(&e->lock);
	return 0;
}

static int emu_get_stats(struct idxgen_device *dev, struct idxgen_stats *st)
{
	struct emu_dev *e = dev->emu;

	pthread_mutex_lock(&e->lock);
	*st = e->stats;
	pthread_mutex_unlock(&e->lock);
	st->valid = IDXGEN_STAT_JOBS | IDXGEN_STAT_HITS | IDXGEN_STAT_MISSES | IDXGEN_STAT_ERRORS |
		    IDXGEN_STAT_WARPS | IDXGEN_STAT_BUSY_CYCLES | IDXGEN_STAT_BUSY_NS;
	/* cycles at clock_khz: cycles * 1e6 / khz ns */
	st->busy_ns = st->busy_cycles * 1000000 / IDXGEN_HW_DEFAULT_CLOCK_KHZ;
	return 0;
}

static int emu_ctx_create(struct idxgen_context *ctx)
{
	struct emu_dev *e = ctx->dev->emu;

	ctx->results = calloc(IDXGEN_RESULT_WINDOW, sizeof(*ctx->results));
	if (!ctx->results)
		return -ENOMEM;
	pthread_mutex_lock(&e->lock);
	ctx->id = ++e->next_ctx_id;
	/* one requester per context while there are any; CPR from the priority */
	ctx->requester = IGM_ARB_NONE;
	for (uint32_t r = 0; r < IDXGEN_ARB_REQUESTERS; r++) {
		if (!e->arb_ctx[r]) {
			e->arb_ctx[r] = ctx;
			ctx->requester = r;
			igm_arb_set_cpr(&e->arb, r,
					(uint32_t)(IDXGEN_PRIORITY_HIGH - ctx->priority));
			break;
		}
	}
	pthread_mutex_unlock(&e->lock);
	return 0;
}

static void emu_ctx_destroy(struct idxgen_context *ctx)
{
	struct emu_dev *e = ctx->dev->emu;

	pthread_mutex_lock(&e->lock);
	if (ctx->requester != IGM_ARB_NONE) {
		igm_arb_release_all(&e->arb, ctx->requester);
		e->arb_ctx[ctx->requester] = NULL;
		pthread_cond_broadcast(&e->arb_cond);
	}
	pthread_mutex_unlock(&e->lock);
	free(ctx->results);
}

static int emu_region_alloc(struct idxgen_region *reg, uint64_t size)
{
	struct emu_dev *e = reg->dev->emu;
	uint64_t len, start = EMU_SHARED_SIZE;
	unsigned int i;

	if (size > e->imem_size - EMU_SHARED_SIZE)
		return -EINVAL;
	len = (size + IDXGEN_PAGE_SIZE - 1) & ~(uint64_t)(IDXGEN_PAGE_SIZE - 1);
	pthread_mutex_lock(&e->lock);
	/* first fit in the gaps between the sorted ranges */
	for (i = 0; i <= e->nranges; i++) {
		uint64_t end = i < e->nranges ? e->ranges[i].base : e->imem_size;

		if (end - start >= len)
			break;
		if (i < e->nranges)
			start = e->ranges[i].base + e->ranges[i].len;
	}
	if (i > e->nranges) {
		pthread_mutex_unlock(&e->lock);
		return -ENOSPC;
	}
	if (e->nranges == e->cap) {
		unsigned int cap = e->cap ? e->cap * 2 : 16;
		struct emu_range *r = realloc(e->ranges, cap * sizeof(*r));

		if (!r) {
			pthread_mutex_unlock(&e->lock);
			return -ENOMEM;
		}
		e->ranges = r;
		e->cap = cap;
	}
	memmove(&e->ranges[i + 1], &e->ranges[i], (e->nranges - i) * sizeof(*e->ranges));
	e->ranges[i].base = start;
	e->ranges[i].len = len;
	e->nranges++;
	/* A new region is zeroed and has no history, as the driver does with RANGE_CMD_ZERO. */
	memset(e->imem + start, 0, len);
	igm_hist_invalidate(&e->hist, start, len);
	if (e->rtl)
		idxgen_emu_rtl_invalidate(e->rtl, start, len);
	pthread_mutex_unlock(&e->lock);
	reg->base = start;
	reg->size = len;
	return 0;
}

static int emu_region_shared(struct idxgen_region *reg)
{
	reg->base = 0;
	reg->size = EMU_SHARED_SIZE;
	return 0;
}

static void emu_region_free(struct idxgen_region *reg)
{
	struct emu_dev *e = reg->dev->emu;
	unsigned int i;

	if (reg->map)
		munmap((void *)reg->map, reg->size);
	if (reg->shared)
		return;
	pthread_mutex_lock(&e->lock);
	for (i = 0; i < e->nranges; i++) {
		if (e->ranges[i].base == reg->base) {
			memmove(&e->ranges[i], &e->ranges[i + 1],
				(e->nranges - i - 1) * sizeof(*e->ranges));
			e->nranges--;
			break;
		}
	}
	pthread_mutex_unlock(&e->lock);
}

static int emu_region_map(struct idxgen_region *reg)
{
	struct emu_dev *e = reg->dev->emu;
	void *p;

	p = mmap(NULL, reg->size, PROT_READ, MAP_SHARED, e->memfd, (off_t)reg->base);
	if (p == MAP_FAILED)
		return -errno;
	reg->map = p;
	return 0;
}

static int emu_submit(struct idxgen_context *ctx, const struct idxgen_config *cfgs, unsigned int n,
		      idxgen_job_t *jobs)
{
	struct emu_dev *e = ctx->dev->emu;
	unsigned int i;

	pthread_mutex_lock(&e->lock);
	for (i = 0; i < n; i++) {
		const struct idxgen_config *cfg = &cfgs[i];
		struct idxgen_job_result *res;
		struct igm_result r;
		struct igm_job j;
		uint64_t seq = ++ctx->last_seq;

		idxgen_cfg_to_job(cfg, cfg->region->base + cfg->offset,
				  cfg->region->size - cfg->offset, (uint32_t)seq, &j);
		if (ctx->requester != IGM_ARB_NONE)
			j.requester = IDXGEN_DESC_REQ_VALID | ctx->requester;
		memset(&r, 0, sizeof(r));
		r.status = igm_arb_job_check(&e->arb, j.flags, j.requester);
		if (r.status == IDXGEN_CPL_OK && e->rtl)
			idxgen_emu_rtl_run(e->rtl, e->imem, &j, &r);
		else if (r.status == IDXGEN_CPL_OK)
			igm_run(&e->hist, &ctx->dev->limits, e->imem, &j, &r);
		else
			r.cycles = IDXGEN_FILTER_CYCLES;
		igm_arb_job_done(&e->arb, j.requester);
		if (igm_arb_take_irq(&e->arb))
			pthread_cond_broadcast(&e->arb_cond);

		res = &ctx->results[seq % IDXGEN_RESULT_WINDOW];
		memset(res, 0, sizeof(*res));
		res->status = (uint32_t)r.status;
		res->hit = r.hit;
		res->user_tag = cfg->user_tag;
		res->warps = r.warps;
		res->cycles = r.cycles;
		res->threads = r.threads;

		e->stats.jobs++;
		if (r.status != IDXGEN_CPL_OK)
			e->stats.errors++;
		else if (r.hit)
			e->stats.hits++;
		else
			e->stats.misses++;
		e->stats.warps += r.warps;
		e->stats.busy_cycles += r.cycles;
		if (jobs)
			jobs[i] = seq;
	}
	pthread_mutex_unlock(&e->lock);
	return 0;
}

static int emu_result(struct idxgen_context *ctx, idxgen_job_t job, struct idxgen_job_result *res)
{
	struct emu_dev *e = ctx->dev->emu;
	int ret = 0;

	pthread_mutex_lock(&e->lock);
	if (job > ctx->last_seq || job + IDXGEN_RESULT_WINDOW <= ctx->last_seq)
		ret = -ENOENT;
	else
		*res = ctx->results[job % IDXGEN_RESULT_WINDOW];
	pthread_mutex_unlock(&e->lock);
	return ret;
}

static int emu_wait(struct idxgen_context *ctx, idxgen_job_t job, int64_t deadline_ns)
{
	struct idxgen_job_result res;

	(void)deadline_ns;
	/* Jobs finish inside submit: a job is either done or unknown. */
	return emu_result(ctx, job, &res);
}

/* ------------------------------------------------------------------ */
/* Arbiter: the FIFO is served at once, waiters sleep on arb_cond      */
/* ------------------------------------------------------------------ */

static int emu_lock(struct idxgen_context *ctx, unsigned int lock, int64_t deadline_ns)
{
	struct emu_dev *e = ctx->dev->emu;
	uint32_t r = ctx->requester;
	int64_t t0 = idxgen_now_ns();
	int ret;

	if (lock >= IDXGEN_ARB_LOCKS)
		return -EINVAL;
	if (r == IGM_ARB_NONE)
		return -ENOSPC;
	pthread_mutex_lock(&e->lock);
	ret = idxgen_arb_result_errno(igm_arb_lock(&e->arb, r, lock));
	while (!ret && igm_arb_serve(&e->arb))
		;
	while (!ret && igm_arb_owner(&e->arb, lock) != r) {
		if (!e->arb.waiting[r]) {
			/* granted, then taken away before this thread ran: ask again */
			ret = idxgen_arb_result_errno(igm_arb_lock(&e->arb, r, lock));
			while (!ret && igm_arb_serve(&e->arb))
				;
			continue;
		} else if (deadline_ns == 0) {
			ret = -EBUSY;
		} else if (deadline_ns < 0) {
			pthread_cond_wait(&e->arb_cond, &e->lock);
		} else {
			struct timespec ts = { .tv_sec = deadline_ns / 1000000000,
					       .tv_nsec = deadline_ns % 1000000000 };

			if (pthread_cond_timedwait(&e->arb_cond, &e->lock, &ts) == ETIMEDOUT &&
			    igm_arb_owner(&e->arb, lock) != r)
				ret = -ETIMEDOUT;
		}
		if (ret)
			igm_arb_cancel(&e->arb, r);
	}
	if (!ret) {
		ctx->arb_grants++;
		ctx->arb_wait_ns += (uint64_t)(idxgen_now_ns() - t0);
	}
	if (igm_arb_take_irq(&e->arb))
		pthread_cond_broadcast(&e->arb_cond);
	pthread_mutex_unlock(&e->lock);
	return ret;
}

static int emu_unlock(struct idxgen_context *ctx, unsigned int lock)
{
	struct emu_dev *e = ctx->dev->emu;
	int ret;

	if (lock >= IDXGEN_ARB_LOCKS)
		return -EINVAL;
	if (ctx->requester == IGM_ARB_NONE)
		return -EPERM;
	pthread_mutex_lock(&e->lock);
	ret = idxgen_arb_result_errno(igm_arb_unlock(&e->arb, ctx->requester, lock));
	if (igm_arb_take_irq(&e->arb))
		pthread_cond_broadcast(&e->arb_cond);
	pthread_mutex_unlock(&e->lock);
	return ret;
}

static int emu_lock_lost(struct idxgen_context *ctx, bool *lost, uint64_t *count,
			 uint32_t *held)
{
	struct emu_dev *e = ctx->dev->emu;
	uint32_t r = ctx->requester;

	*lost = false;
	*count = 0;
	*held = 0;
	if (r == IGM_ARB_NONE)
		return 0;
	pthread_mutex_lock(&e->lock);
	*lost = e->arb.status[r] & IDXGEN_ARB_RS_LOST;
	e->arb.status[r] &= ~(IDXGEN_ARB_RS_LOST | IDXGEN_ARB_RS_LOST_PREEMPT |
			      IDXGEN_ARB_RS_LOST_HOLD_LIMIT | IDXGEN_ARB_RS_LOST_YIELD);
	*count = e->arb.lost_count[r];
	*held = igm_arb_held(&e->arb, r);
	pthread_mutex_unlock(&e->lock);
	return 0;
}

static int emu_lock_state(struct idxgen_device *dev, struct idxgen_lock_state *st)
{
	struct emu_dev *e = dev->emu;
	const struct igm_arb *a = &e->arb;

	memset(st, 0, sizeof(*st));
	pthread_mutex_lock(&e->lock);
	st->locks = IDXGEN_ARB_LOCKS;
	st->requesters = IDXGEN_ARB_REQUESTERS;
	st->enforce = a->ctrl & IDXGEN_ARB_CTRL_ENFORCE;
	st->hold_limit = a->hold_limit;
	st->fifo_count = a->fifo_count;
	st->max_depth = a->stat_max_depth;
	st->grants = a->stat_grants;
	st->preemptions = a->stat_preemptions;
	st->hold_releases = a->stat_hold_releases;
	st->denials = a->stat_denials;
	for (uint32_t l = 0; l < IDXGEN_ARB_LOCKS; l++) {
		uint32_t o = igm_arb_owner(a, l);

		st->owner[l] = o == IGM_ARB_NONE ? -1 : (int32_t)o;
	}
	for (uint32_t r = 0; r < IDXGEN_ARB_REQUESTERS; r++) {
		struct idxgen_lock_requester *q = &st->req[r];
		const struct idxgen_context *c = e->arb_ctx[r];

		q->ctx_id = c ? c->id : 0;
		q->pid = c ? (int32_t)getpid() : -1;
		q->cpr = a->cpr[r];
		q->held = igm_arb_held(a, r);
		q->waiting = a->waiting[r] ? (int32_t)a->req_lock[r] : -1;
		q->hold_count = a->hold_count[r];
		q->lost_count = a->lost_count[r];
		q->grants = c ? c->arb_grants : 0;
		q->wait_ns = c ? c->arb_wait_ns : 0;
	}
	pthread_mutex_unlock(&e->lock);
	return 0;
}

static int emu_lock_config(struct idxgen_device *dev, uint32_t hold_limit, bool enforce)
{
	struct emu_dev *e = dev->emu;

	pthread_mutex_lock(&e->lock);
	e->arb.hold_limit = hold_limit;
	e->arb.ctrl = enforce ? IDXGEN_ARB_CTRL_ENFORCE : 0;
	pthread_mutex_unlock(&e->lock);
	return 0;
}

/* The emulation runs the default firmware: its table (model/idxgen_model.c). */
static int emu_sched_table(struct idxgen_device *dev, struct idxgen_schedule *tab,
			   unsigned int max)
{
	unsigned int i;

	(void)dev;
	for (i = 0; i < IGM_SCHED_DEFAULT_COUNT && i < max; i++) {
		const struct igm_sched_cfg *e = &igm_sched_default[i];

		if (idxgen_sched_entry(&tab[i], e->order, e->stride, e->granularity, e->tile_w,
				       e->tile_h))
			return -EIO;
	}
	return IGM_SCHED_DEFAULT_COUNT;
}

const struct idxgen_backend_ops idxgen_emu_ops = {
	.get_info = emu_get_info,
	.get_stats = emu_get_stats,
	.ctx_create = emu_ctx_create,
	.ctx_destroy = emu_ctx_destroy,
	.region_alloc = emu_region_alloc,
	.region_shared = emu_region_shared,
	.region_free = emu_region_free,
	.region_map = emu_region_map,
	.submit = emu_submit,
	.result = emu_result,
	.wait = emu_wait,
	.close = emu_close,
	.lock = emu_lock,
	.unlock = emu_unlock,
	.lock_lost = emu_lock_lost,
	.lock_state = emu_lock_state,
	.lock_config = emu_lock_config,
	.sched_table = emu_sched_table,
};
