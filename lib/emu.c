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
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "internal.h"

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
	struct idxgen_hist hist;
	unsigned int hist_entries;
	uint32_t next_ctx_id;
	struct emu_range *ranges;	/* dedicated regions, sorted by base */
	unsigned int nranges, cap;
	struct idxgen_stats stats;
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

	if (!e)
		return -ENOMEM;
	idxgen_limits_default(&dev->limits);
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
	idxgen_hist_init(&e->hist, e->hist_entries);
	e->stats.fw_version = EMU_FW_VERSION;
	pthread_mutex_init(&e->lock, NULL);
	dev->emu = e;
	dev->ops = &idxgen_emu_ops;

	memset(info, 0, sizeof(*info));
	info->backend = IDXGEN_BACKEND_EMU;
	strcpy(info->pci_addr, "emu");
	strcpy(info->driver, "idxgen-emu");
	info->driver_major = IDXGEN_VERSION_MAJOR;
	info->driver_minor = IDXGEN_VERSION_MINOR;
	info->driver_patch = IDXGEN_VERSION_PATCH;
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

	munmap(e->imem, e->imem_size);
	close(e->memfd);
	pthread_mutex_destroy(&e->lock);
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
	pthread_mutex_unlock(&e->lock);
	return 0;
}

static void emu_ctx_destroy(struct idxgen_context *ctx)
{
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
	idxgen_hist_invalidate(&e->hist, start, len);
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
		struct idxgen_result r;
		struct idxgen_job j;
		uint64_t seq = ++ctx->last_seq;

		idxgen_cfg_to_job(cfg, cfg->region->base + cfg->offset,
				  cfg->region->size - cfg->offset, (uint32_t)seq, &j);
		idxgen_model_run(&e->hist, &ctx->dev->limits, e->imem, &j, &r);

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
};
