/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * idxgen: a user queue's objects, shared by idxgen_uq.c (the uapi, the
 * mappings) and idxgen_uq_recovery.c (what a device reset or a hang does
 * to the queue's pending jobs).
 */
#ifndef __IDXGEN_UQ_H__
#define __IDXGEN_UQ_H__

#include <linux/kref.h>
#include <linux/mutex.h>

#include <drm/drm_gem.h>

#include "idxgen_drv.h"

/*
 * The queue's memory: a DMA-coherent buffer userspace maps read-write.
 * Once the device is gone, a vmalloc copy (detached): a DMA allocation
 * must not outlive the driver's binding to the device, a mapping may.
 */
struct idxgen_uq_mem {
	struct drm_gem_object base;
	struct mutex lock;		/* vaddr against the fault handler */
	void *vaddr;
	dma_addr_t dma;
	bool detached;			/* vaddr is the vmalloc copy */
};

/*
 * The queue's doorbell page in BAR5, and the RAM page a mapping of it
 * shows once the device is gone (so that a store does not SIGBUS).
 */
struct idxgen_uq_db {
	struct drm_gem_object base;
	phys_addr_t phys;
	struct page *gone;
	struct mutex lock;		/* destroyed against the fault handler */
	bool destroyed;			/* by UQ_DESTROY: a fault is SIGBUS */
};

struct idxgen_uq {
	struct kref ref;
	struct idxgen_device *idev;
	u32 hw;				/* hardware user queue */
	u32 entries;
	struct idxgen_ctx *ctx;
	struct idxgen_uq_mem *mem;
	struct idxgen_uq_db *db;
	struct drm_file *file;
	struct drm_gem_object *regions[DRM_IDXGEN_UQ_MAX_REGIONS];
	u32 nregions;
	u32 state;			/* DRM_IDXGEN_UQ_STATE_*, under uq_lock */
	u32 reset_gen;			/* idev->uq_reset_gen when it started */
	u32 error;			/* IDXGEN_QERR_* when FAULT */
	bool stopped;			/* the device no longer runs it */
	bool shadow;			/* DRM_IDXGEN_UQ_CREATE_SHADOW */
	/* idxgen_uq_recovery.c, under reset_sem (write; read to look) */
	struct {
		bool valid;		/* taken at the last park, not yet finished */
		u64 completed;		/* the device's completion count then */
		u32 pending;		/* jobs submitted and not completed then */
		bool hung;		/* the first of them is the one the device hung on */
	} parked;
	bool finished;			/* the driver wrote the pending jobs' records */
	u64 stop_done;			/* the device's completion count when it stopped */
	u64 final_value;		/* the completion value written last */
};

#define to_uq_mem(o) container_of(o, struct idxgen_uq_mem, base)
#define to_uq_db(o) container_of(o, struct idxgen_uq_db, base)

/* Ring, completions and value in one page-rounded buffer. */
static inline size_t idxgen_uq_cpl_off(u32 entries)
{
	return (size_t)entries * sizeof(struct idxgen_desc);
}

static inline size_t idxgen_uq_value_off(u32 entries)
{
	return idxgen_uq_cpl_off(entries) + (size_t)entries * sizeof(struct idxgen_cpl);
}

/* The driver's word after the value: RESET or GONE once it will complete nothing more. */
static inline u32 *idxgen_uq_state_word(struct idxgen_uq *uq)
{
	return uq->mem->vaddr + idxgen_uq_value_off(uq->entries) + DRM_IDXGEN_UQ_STATE_WORD;
}

u64 idxgen_uq_completed(struct idxgen_uq *uq);
void idxgen_uq_fault_done(struct idxgen_uq *uq, u64 done);
int idxgen_uq_drop_rest(struct idxgen_uq *uq, u64 value);

#endif /* __IDXGEN_UQ_H__ */
