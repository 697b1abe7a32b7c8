/* SPDX-License-Identifier: MIT */
/*
 * internal.h - libidxgen's private structures, shared by the front end
 * (core.c), the two backends (drm.c, emu.c), discovery and unpacking.
 *
 * The front end does argument checking, configuration validation and the
 * bookkeeping of objects; a backend only carries out already-checked
 * requests, so the two backends cannot drift apart in what they accept.
 */
#ifndef IDXGEN_LIB_INTERNAL_H
#define IDXGEN_LIB_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "idxgen.h"
#include "idxgen_lock.h"
#include "idxgen_hw.h"
#include "idxgen_model.h"

struct emu_dev;
struct idxgen_uq_state;

struct idxgen_backend_ops {
	int (*get_info)(struct idxgen_device *dev, struct idxgen_info *info);
	int (*get_stats)(struct idxgen_device *dev, struct idxgen_stats *st);
	int (*ctx_create)(struct idxgen_context *ctx);
	void (*ctx_destroy)(struct idxgen_context *ctx);
	int (*region_alloc)(struct idxgen_region *reg, uint64_t size);
	int (*region_shared)(struct idxgen_region *reg);
	void (*region_free)(struct idxgen_region *reg);
	int (*region_map)(struct idxgen_region *reg);	/* sets reg->map */
	/*
	 * n <= IDXGEN_MAX_BATCH, configurations already validated, unless
	 * submit_validates: then submit validates them all (idxgen_config_validate)
	 * before it queues any
	 */
	int (*submit)(struct idxgen_context *ctx, const struct idxgen_config *cfgs,
		      unsigned int n, idxgen_job_t *jobs);
	bool submit_validates;
	int (*result)(struct idxgen_context *ctx, idxgen_job_t job, struct idxgen_job_result *res);
	/* wait for completion up to the absolute CLOCK_MONOTONIC deadline (ns) */
	int (*wait)(struct idxgen_context *ctx, idxgen_job_t job, int64_t deadline_ns);
	void (*close)(struct idxgen_device *dev);
	/* arbiter (lib/arb/lock.c); deadline_ns < 0: none, 0: one try */
	int (*lock)(struct idxgen_context *ctx, unsigned int lock, int64_t deadline_ns);
	int (*unlock)(struct idxgen_context *ctx, unsigned int lock);
	int (*lock_lost)(struct idxgen_context *ctx, bool *lost, uint64_t *count, uint32_t *held);
	int (*lock_state)(struct idxgen_device *dev, struct idxgen_lock_state *st);
	int (*lock_config)(struct idxgen_device *dev, uint32_t hold_limit, bool enforce);
	/*
	 * The device's schedule table into tab[0..max) (entries filled by
	 * idxgen_sched_entry()); returns how many entries the device has.
	 * -ENOTSUP where the table cannot be read, -EIO for an illegal entry.
	 */
	int (*sched_table)(struct idxgen_device *dev, struct idxgen_schedule *tab,
			   unsigned int max);
};

struct idxgen_device {
	const struct idxgen_backend_ops *ops;
	int backend;
	/* Protects the object lists, the shared-region refcount and mappings. */
	pthread_mutex_t lock;
	struct idxgen_context *contexts;
	struct idxgen_region *regions;
	struct igm_limits limits;	/* what configurations are validated against */
	struct idxgen_info static_info;	/* filled at open; dedicated_free refreshed on query */

	/* drm backend */
	int fd;
	uint32_t shared_handle;		/* GEM handle of the shared region, 0 if not taken */
	unsigned int shared_refs;
	char sysfs_dir[128];		/* the PCI device's sysfs directory */
	uint64_t uapi_features;		/* DRM_IDXGEN_UAPI_* (0 on a 1.0 driver) */
	/* user queues (uq.c): ring entries of a context's queue, 0 = the ioctl path only */
	uint32_t uq_entries;
	bool uq_shadow;			/* user queues with a shadow tail (uq.c) */
	bool uq_drop_rest;		/* the driver writes never-taken jobs' records */
	uint64_t region_serials;	/* last serial given to a region (under lock) */

	/* emu backend */
	struct emu_dev *emu;
};

struct idxgen_context {
	struct idxgen_device *dev;
	struct idxgen_context *prev, *next;
	int priority;
	uint32_t id;			/* driver context id */
	uint32_t syncobj;		/* holds the fence of the latest batch */
	/*
	 * Serialises submissions of this context so that the syncobj always
	 * ends up with the fence of the highest sequence number submitted.
	 */
	pthread_mutex_t submit_lock;
	/* emu backend: arbiter requester (IGM_ARB_NONE: none) and wait stats */
	uint32_t requester;
	uint64_t arb_grants, arb_wait_ns;
	bool lost_latched;		/* a loss seen by idxgen_lock_held(), not yet reported */
	/* emu backend: results window */
	uint64_t last_seq;
	struct idxgen_job_result *results;
	/* drm backend, under submit_lock: the user queue (uq.c), NULL until first used */
	struct idxgen_uq_state *uq;
	bool ioctl_jobs;		/* jobs went through the submit ioctl since the last sync */
};

struct idxgen_region {
	struct idxgen_device *dev;
	struct idxgen_region *prev, *next;
	uint64_t size;
	bool shared;
	uint32_t handle;		/* drm: GEM handle */
	uint64_t mmap_offset;		/* drm: fake offset */
	uint64_t base;			/* emu: byte offset in index memory */
	const void *map;		/* read-only mapping, NULL until mapped */
	uint64_t serial;		/* unique in the device: handles are reused, serials not */
};

extern const struct idxgen_backend_ops idxgen_drm_ops;
extern const struct idxgen_backend_ops idxgen_emu_ops;

int idxgen_drm_open(struct idxgen_device *dev, const struct idxgen_pci_info *pi);
int idxgen_emu_open(struct idxgen_device *dev);
/* emu_rtl.c: the emulation backend's generator as the verilated RTL (IDXGEN_EMU_RTL) */
struct idxgen_emu_rtl;
int idxgen_emu_rtl_open(const char *path, const struct igm_limits *l, unsigned int hist_entries,
			struct idxgen_emu_rtl **out);
void idxgen_emu_rtl_run(struct idxgen_emu_rtl *r, uint8_t *imem, const struct igm_job *j,
			struct igm_result *res);
void idxgen_emu_rtl_invalidate(struct idxgen_emu_rtl *r, uint64_t base, uint64_t len);
void idxgen_emu_rtl_close(struct idxgen_emu_rtl *r);
void idxgen_emu_pci_info(struct idxgen_pci_info *pi);

/*
 * uq.c: submission through a user queue (uapi v3).  A job of a user queue
 * has IDXGEN_UQ_JOB set in its handle, so that result and wait know which
 * path it took; driver sequence numbers never reach that bit.
 */
#define IDXGEN_UQ_JOB		(1ull << 62)
#define IDXGEN_UQ_FALLBACK	1	/* uq_submit: use the ioctl path for this batch */
void idxgen_uq_setup(struct idxgen_device *dev);
int idxgen_uq_submit(struct idxgen_context *ctx, const struct idxgen_config *cfgs, unsigned int n,
		     idxgen_job_t *jobs);
int idxgen_uq_result(struct idxgen_context *ctx, idxgen_job_t job, struct idxgen_job_result *res);
int idxgen_uq_wait(struct idxgen_context *ctx, idxgen_job_t job, int64_t deadline_ns);
int idxgen_uq_drain(struct idxgen_context *ctx);	/* caller holds submit_lock */
/*
 * Every configuration of the batch valid (idxgen_config_validate), the
 * last one that passed on this context not checked twice; for the user
 * queue and the ioctl path alike.  Caller holds submit_lock.
 */
int idxgen_uq_validate(struct idxgen_context *ctx, const struct idxgen_config *cfgs, unsigned int n);
void idxgen_uq_region_gone(struct idxgen_region *reg);
void idxgen_uq_free(struct idxgen_context *ctx);

/* discover.c */
int idxgen_discover(struct idxgen_pci_info *list, unsigned int max);
int idxgen_normalize_pci_addr(const char *in, char out[16]);

/* core.c helpers */
int64_t idxgen_now_ns(void);
/* configuration -> model job at byte offset target of index memory */
void idxgen_cfg_to_job(const struct idxgen_config *cfg, uint64_t target, uint64_t size_limit,
		       uint32_t job_id, struct igm_job *j);

/* sched.c: a schedule's fields, 0 / -EINVAL / -E2BIG (device lacks the feature) */
int idxgen_sched_check(uint32_t order, uint32_t stride, uint32_t granularity, uint32_t tile_w,
		       uint32_t tile_h, uint32_t features);

/* sched.c: a table entry from its fields, named as idxgen_schedule_format(); 0 / -EINVAL */
int idxgen_sched_entry(struct idxgen_schedule *s, uint32_t order, uint32_t stride,
		       uint32_t granularity, uint32_t tile_w, uint32_t tile_h);

#define IDXGEN_RESULT_WINDOW	4096	/* results a context keeps, as the driver does */
#define IDXGEN_PAGE_SIZE	4096u

#endif /* IDXGEN_LIB_INTERNAL_H */
