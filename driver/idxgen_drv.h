/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * idxgen - DRM accel driver for the idxgen thread-index generator.
 *
 * Common definitions shared by the driver's files.
 *
 * Lock order: a lock may be taken only while holding locks above it.
 *
 *   1. dma_resv (ww) of a job's regions  SUBMIT locks them, then 2
 *   2. ctx->submit_lock (mutex)          SUBMIT: push order == sequence order; 8 under it
 *   3. mm_lock (mutex)                   region allocator; range commands take 4 (read)
 *   3a. uq_lock (mutex)                  user queues: idev->uqs[] (changed under 4, read, too),
 *                                        their registers; takes 4 (read) inside; the reset
 *                                        path never takes it (the watchdog's look does)
 *   4. reset_sem (rw_semaphore)          read: run_job, range and arbiter commands,
 *                                        CTX_QUERY; write: the recovery, after it stopped
 *                                        the schedulers (idxgen_recovery.c)
 *   5. arb.lock (mutex)                  arbiter register sequences, under 4 (read; the
 *                                        reset path: write)
 *   6. q->lock (spinlock, irqsave)       ring, slots, inflight list; the interrupt handler
 *                                        takes it alone; under it a job completes: 8, 9
 *   7. arb.slots_lock (spinlock, irqsave) which context owns a requester; under 5 or
 *                                        alone (a context's release, maybe in a fence
 *                                        callback)
 *   8. ctx->lock (spinlock)              the context's result window
 *   9. q->fence_lock (spinlock)          hardware fences (dma_fence_signal)
 *
 * 7, 8 and 9 are leaves.  Functions that need a lock held say so with
 * lockdep_assert_held().
 */
#ifndef __IDXGEN_DRV_H__
#define __IDXGEN_DRV_H__

#include <linux/atomic.h>
#include <linux/io.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/rwsem.h>
#include <linux/spinlock.h>
#include <linux/wait.h>
#include <linux/xarray.h>

#include <drm/drm_device.h>
#include <drm/drm_file.h>
#include <drm/drm_gem.h>
#include <drm/drm_mm.h>
#include <drm/gpu_scheduler.h>

#include "idxgen_hw.h"
#include "idxgen_accel.h"

#define DRIVER_NAME	"idxgen"
#define DRIVER_DESC	"idxgen thread-index generator accelerator"

/* Entries of each config ring (clamped to CAP_MAX_RING). */
#define IDXGEN_RING_ENTRIES	512
/* A job caught in more device resets than this fails instead of running again. */
#define IDXGEN_MAX_REPLAYS	2

struct idxgen_device;
struct idxgen_job;
struct idxgen_uq;

/* Device statistics, each one IDXGEN_REG_STAT_* register (idxgen_stats[]). */
enum idxgen_stat_id {
	IDXGEN_STAT_JOBS,
	IDXGEN_STAT_HITS,
	IDXGEN_STAT_MISSES,
	IDXGEN_STAT_WARPS,
	IDXGEN_STAT_BUSY_CYCLES,
	IDXGEN_STAT_ERRORS,
	IDXGEN_NUM_STATS
};

struct idxgen_stat_desc {
	const char *name;
	u32 reg;
};

/* Where descriptor slot i of a ring came from. */
struct idxgen_slot {
	struct idxgen_job *job;
	u32 idx;		/* configuration index in the job */
	u32 job_id;		/* job_id written into the descriptor */
};

/* One hardware config queue: its rings, its scheduler, its jobs in flight. */
struct idxgen_queue {
	struct idxgen_device *idev;
	u32 id;
	char name[20];			/* "idxgen-q" and any u32: no truncation */

	struct drm_gpu_scheduler sched;

	spinlock_t lock;		/* ring state, slots, inflight list */
	struct idxgen_desc *ring;
	dma_addr_t ring_dma;
	struct idxgen_cpl *cpl;
	dma_addr_t cpl_dma;
	struct idxgen_slot *slots;
	struct idxgen_slot *held;	/* taken off the ring across a reset */
	u32 nheld;
	u32 size;			/* entries, power of two */
	u32 tail;			/* next slot the driver fills */
	u32 head;			/* next completion the driver reads */
	u32 next_job_id;
	struct list_head inflight;	/* idxgen_job.node, submission order */
	u64 submitted;			/* descriptors written */
	u64 completed;			/* completions consumed */
	u64 bad_cpl;			/* completions that failed the check */

	spinlock_t fence_lock;		/* hardware fences of this queue */
	u64 fence_ctx;
	u64 fence_seqno;

	int irq;
};

/* Counters of live driver objects, for leak checks in debugfs. */
struct idxgen_counters {
	atomic_t regions;	/* dedicated regions */
	atomic_t ctxs;
	atomic_t jobs;
	atomic_t files;
	atomic_t uqs;		/* user queues */
};

/* Priority arbitration: the driver's side of each device requester. */
struct idxgen_arb_req {
	struct idxgen_ctx *ctx;		/* NULL: free (slots_lock) */
	bool draining;			/* context destroyed, jobs may still run */
	bool busy;			/* a LOCK ioctl is working on it (lock) */
	bool lost_pending;		/* locks lost since the last LOCK_LOST */
	pid_t pid;
	u32 cpr;
	u32 lost_why;			/* DRM_IDXGEN_LOST_* since the last LOCK_LOST */
	u32 dev_lost_seen;		/* REQ_LOST_COUNT folded into lost */
	u64 lost;
	u64 grants;
	u64 wait_ns;
};

struct idxgen_arb {
	struct mutex lock;		/* the register block, req[] but ctx */
	spinlock_t slots_lock;		/* req[].ctx */
	wait_queue_head_t wq;		/* LOCK waiters */
	atomic_t events;		/* arbiter interrupts seen */
	bool enforce;
	u32 hold_limit;
	struct idxgen_arb_req req[IDXGEN_ARB_REQUESTERS];
};

struct idxgen_device {
	struct drm_device drm;
	struct pci_dev *pdev;
	void __iomem *regs;		/* BAR0 */
	resource_size_t imem_bus;	/* BAR2 bus/physical address */

	/* capabilities, read after the firmware loaded: idxgen_hw.c */
	u32 hw_version;
	u32 lanes;
	u32 max_threads;
	u32 max_dim[3];
	u32 hist_entries;
	u32 num_queues;
	u32 max_ring;
	u32 features;
	u32 clock_khz;
	u64 imem_size;
	u32 fw_version;

	/* firmware image, kept in DMA memory for reloads after a reset: idxgen_hw.c */
	void *fw_buf;
	dma_addr_t fw_dma;
	size_t fw_size;

	/* index memory, [0, shared_size) shared, the rest dedicated: idxgen_region.c */
	u64 shared_size;
	struct drm_gem_object *shared;
	struct mutex mm_lock;		/* mm and range commands */
	struct drm_mm mm;
	u64 mm_used;			/* bytes of dedicated regions */

	/* queues, their DRM schedulers and interrupts: idxgen_job.c, idxgen_irq.c */
	struct idxgen_queue queues[IDXGEN_MAX_QUEUES];
	struct drm_gpu_scheduler *scheds[IDXGEN_MAX_QUEUES];
	struct workqueue_struct *ctx_wq;	/* context destruction */
	atomic_t inflight;		/* jobs on the rings */
	bool single_irq;		/* all queues on vector 0 */
	int err_irq;

	/* hang detection, reset and replay: idxgen_recovery.c */
	struct rw_semaphore reset_sem;	/* write: device reset; read: ring writes, range commands */
	struct workqueue_struct *tdr_wq;	/* ordered: one recovery at a time */
	struct work_struct reset_work;	/* recovery requested by an interrupt */
	struct delayed_work watchdog;	/* device-wide hang detection */
	unsigned long last_progress;	/* jiffies: completion, warps written, work started */
	u64 progress_mark;		/* the running job's queue, id and warps, last seen */
	bool parked;			/* outside reset in progress: schedulers stopped */
	bool dead;			/* a reset failed: everything fails with -EIO */
	bool force_reset;		/* recovery requested by an interrupt */
	u32 resets;
	atomic_t reset_seq;		/* DRM_IDXGEN_PARAM_RESET_SEQ: odd while a reset runs */

	/* statistics carried across device resets, live objects: idxgen_hw.c, debugfs */
	u64 stat_base[IDXGEN_NUM_STATS];
	struct idxgen_counters cnt;

	/* priority arbiter (docs/design.md#arbiter): idxgen_arb.c */
	struct idxgen_arb arb;

	/* user queues (docs/hardware.md#user-queues): idxgen_uq.c */
	u32 num_uqueues;		/* 0: none (or the block is implausible) */
	struct mutex uq_lock;		/* uqs[], the queues' registers */
	struct idxgen_uq *uqs[IDXGEN_MAX_UQUEUES];
	wait_queue_head_t uq_wq;	/* UQ_WAIT sleepers */
	atomic_t uq_events;		/* user-queue interrupts and resets */
	atomic_t uq_reset_gen;		/* device resets (every queue stopped) */
	u64 uq_progress_mark;		/* the busy queues' completions, last seen */
	bool uq_irqs;			/* uq_irq[] requested; else waits poll */
	int uq_irq[IDXGEN_MAX_UQUEUES];

	/* the firmware's schedule table, checked at probe: idxgen_schedtab.c */
	struct {
		u32 count;		/* 0: none reported */
		u64 entries[IDXGEN_SCHED_MAX_ENTRIES];	/* DRM_IDXGEN_SCHED_PACK() form */
	} schedtab;
};

#define to_idxgen_device(d) container_of(d, struct idxgen_device, drm)

/* Usage of one open file (fdinfo); held by its contexts, so jobs that outlive them count. */
struct idxgen_fstats {
	struct kref ref;
	atomic64_t cycles;		/* device cycles of its completed descriptors */
};

/* Per open file. */
struct idxgen_file {
	struct idxgen_device *idev;
	struct xarray ctxs;		/* ctx_id -> struct idxgen_ctx */
	struct xarray uqs;		/* uq_id -> struct idxgen_uq */
	struct idxgen_fstats *stats;
};

/* One result of the per-context window. */
struct idxgen_result {
	u64 seq;
	s32 error;
	u16 status;
	u16 flags;
	u32 user_tag;
	u32 warps;
	u32 threads;
	bool done;
	u64 cycles;
};

struct idxgen_ctx {
	struct kref ref;
	struct idxgen_device *idev;
	u32 id;
	struct drm_sched_entity entity;
	struct mutex submit_lock;	/* seq order == push order */
	spinlock_t lock;		/* results */
	u64 next_seq;
	bool destroyed;			/* under submit_lock */
	struct work_struct destroy_work;
	struct idxgen_result *win;	/* DRM_IDXGEN_RESULT_WINDOW entries */
	wait_queue_head_t done_wq;	/* woken when results are published */
	struct idxgen_fstats *stats;	/* of the file that created it */
	u32 resets;			/* resets that caught its jobs (reset_sem) */
	u32 reset_seen;			/* idev->resets at the last one counted */
	u32 guilty;			/* its jobs blamed for a hang */
	int arb_req;			/* device requester, -1 if none */
	struct rcu_head rcu;		/* freed after a grace period: lockless lookup */
};

/* Result of one descriptor as the driver saw it. */
struct idxgen_job_res {
	s32 error;
	u16 status;
	u16 flags;
	u32 warps;
	u32 threads;
	u64 cycles;
};

struct idxgen_job {
	struct drm_sched_job base;
	struct idxgen_device *idev;
	struct idxgen_ctx *ctx;
	struct idxgen_queue *queue;	/* set by run_job */
	struct list_head node;		/* queue->inflight */
	struct dma_fence *hw_fence;
	/* in-fences (in_syncobj, in_syncs), checked by run_job */
	struct dma_fence *in_fences[1 + DRM_IDXGEN_MAX_SYNCS];
	u32 nin;
	bool fence_inited;
	bool published;			/* results are in the context's window */
	u64 first_seq;
	u32 count;
	u32 done;
	u32 replays;			/* resets this job went through */
	bool blamed;			/* counted in ctx->guilty */
	u32 reset_seen;
	int error;			/* driver error for the whole job */
	/* count entries each, in the job's own allocation (idxgen_job_alloc()) */
	struct drm_gem_object **regions;
	struct idxgen_desc *descs;
	u32 *tags;
	struct idxgen_job_res *res;
};

#define to_idxgen_job(j) container_of(j, struct idxgen_job, base)

/* register access: callers hold drm_dev_enter() or own the device */
/* A PCIe read from a device that is gone (link down, surprise removal) */
#define IDXGEN_DEAD_READ	0xffffffffu

static inline u32 idxgen_rd(struct idxgen_device *idev, u32 reg)
{
	return readl(idev->regs + reg);
}

static inline void idxgen_wr(struct idxgen_device *idev, u32 reg, u32 val)
{
	writel(val, idev->regs + reg);
}

static inline u64 idxgen_rd64(struct idxgen_device *idev, u32 reg)
{
	u32 lo = readl(idev->regs + reg);

	return lo | (u64)readl(idev->regs + reg + 4) << 32;
}

static inline u32 idxgen_qrd(struct idxgen_queue *q, u32 reg)
{
	return idxgen_rd(q->idev, IDXGEN_QREG(q->id, reg));
}

static inline void idxgen_qwr(struct idxgen_queue *q, u32 reg, u32 val)
{
	idxgen_wr(q->idev, IDXGEN_QREG(q->id, reg), val);
}

/* idxgen_hw.c */
int idxgen_hw_init(struct idxgen_device *idev);
int idxgen_hw_start(struct idxgen_device *idev);
void idxgen_hw_stop(struct idxgen_device *idev);
void idxgen_hw_fini(struct idxgen_device *idev);
void idxgen_stat_save(struct idxgen_device *idev);
int idxgen_hw_reset(struct idxgen_device *idev);
int idxgen_fw_load(struct idxgen_device *idev);
int idxgen_range_cmd(struct idxgen_device *idev, u64 base, u64 size, u32 cmd);
u64 idxgen_stat(struct idxgen_device *idev, enum idxgen_stat_id i);
extern const struct idxgen_stat_desc idxgen_stats[IDXGEN_NUM_STATS];

/* idxgen_irq.c */
int idxgen_irq_init(struct idxgen_device *idev);
void idxgen_irq_sync(struct idxgen_device *idev);
void idxgen_queue_process(struct idxgen_queue *q);
bool idxgen_dev_broken(struct idxgen_device *idev);

/* idxgen_region.c */
int idxgen_region_init(struct idxgen_device *idev);
bool idxgen_is_region(struct drm_gem_object *obj);
bool idxgen_region_is_shared(struct drm_gem_object *obj);
u64 idxgen_region_start(struct drm_gem_object *obj);
int idxgen_region_create_ioctl(struct drm_device *dev, void *data, struct drm_file *file);
int idxgen_region_shared_ioctl(struct drm_device *dev, void *data, struct drm_file *file);
int idxgen_region_info_ioctl(struct drm_device *dev, void *data, struct drm_file *file);
u64 idxgen_region_free_bytes(struct idxgen_device *idev);

/* idxgen_ctx.c */
int idxgen_ctx_create_ioctl(struct drm_device *dev, void *data, struct drm_file *file);
int idxgen_ctx_destroy_ioctl(struct drm_device *dev, void *data, struct drm_file *file);
int idxgen_job_result_ioctl(struct drm_device *dev, void *data, struct drm_file *file);
int idxgen_wait_ioctl(struct drm_device *dev, void *data, struct drm_file *file);
int idxgen_ctx_query_ioctl(struct drm_device *dev, void *data, struct drm_file *file);
struct idxgen_ctx *idxgen_ctx_lookup(struct idxgen_file *ifile, u32 id);
void idxgen_ctx_put(struct idxgen_ctx *ctx);
void idxgen_ctx_publish(struct idxgen_job *job);
int idxgen_file_open(struct drm_device *dev, struct drm_file *file);
void idxgen_file_close(struct drm_device *dev, struct drm_file *file);
void idxgen_show_fdinfo(struct drm_printer *p, struct drm_file *file);

/* idxgen_job.c: jobs, rings and the DRM schedulers */
int idxgen_queues_init(struct idxgen_device *idev);
int idxgen_sched_init(struct idxgen_device *idev);
struct idxgen_job *idxgen_job_alloc(struct idxgen_device *idev, u32 count);
void idxgen_job_free(struct idxgen_job *job);
void idxgen_ring_put(struct idxgen_queue *q, struct idxgen_job *job, u32 i);
void idxgen_job_complete(struct idxgen_queue *q, struct idxgen_job *job);

/* idxgen_submit.c */
int idxgen_submit_ioctl(struct drm_device *dev, void *data, struct drm_file *file);

/* idxgen_recovery.c: watchdog, blame, reset, replay, outside resets */
void idxgen_recovery_init(struct idxgen_device *idev);
void idxgen_recovery_cancel(struct idxgen_device *idev);
void idxgen_watchdog_arm(struct idxgen_device *idev);
void idxgen_recover(struct idxgen_device *idev, bool hang, const char *why);
void idxgen_trigger_recovery(struct idxgen_device *idev);
void idxgen_dev_quiesce(struct idxgen_device *idev);
int idxgen_dev_reinit(struct idxgen_device *idev);
void idxgen_dev_unpark(struct idxgen_device *idev);
void idxgen_dev_resume(struct idxgen_device *idev);
void idxgen_dev_fini(struct idxgen_device *idev);

/* idxgen_debugfs.c, idxgen_sysfs.c */
void idxgen_debugfs_init(struct idxgen_device *idev);

/* idxgen_arb.c */
void idxgen_arb_init(struct idxgen_device *idev);
void idxgen_arb_hw_start(struct idxgen_device *idev);
void idxgen_arb_irq(struct idxgen_device *idev);
void idxgen_arb_ctx_init(struct idxgen_ctx *ctx, u32 priority);
void idxgen_arb_ctx_destroy(struct idxgen_ctx *ctx);
void idxgen_arb_ctx_release(struct idxgen_ctx *ctx);
__le32 idxgen_arb_desc_requester(const struct idxgen_ctx *ctx);
int idxgen_arb_get_param(struct idxgen_device *idev, u32 param, u64 *value);
int idxgen_arb_lock_ioctl(struct drm_device *dev, void *data, struct drm_file *file);
int idxgen_arb_unlock_ioctl(struct drm_device *dev, void *data, struct drm_file *file);
int idxgen_arb_lock_lost_ioctl(struct drm_device *dev, void *data, struct drm_file *file);
int idxgen_arb_state_ioctl(struct drm_device *dev, void *data, struct drm_file *file);
int idxgen_arb_config_ioctl(struct drm_device *dev, void *data, struct drm_file *file);
extern const struct attribute_group *idxgen_dev_groups[];

/* idxgen_uq.c: user queues */
void idxgen_uq_probe(struct idxgen_device *idev);
int idxgen_uq_irq_init(struct idxgen_device *idev, int nvec);
void idxgen_uq_irq_sync(struct idxgen_device *idev);
void idxgen_uq_unplug(struct idxgen_device *idev);
void idxgen_uq_file_close(struct idxgen_file *ifile);
u32 idxgen_uq_file_count(struct idxgen_file *ifile);
int idxgen_uq_create_ioctl(struct drm_device *dev, void *data, struct drm_file *file);
int idxgen_uq_destroy_ioctl(struct drm_device *dev, void *data, struct drm_file *file);
int idxgen_uq_wait_ioctl(struct drm_device *dev, void *data, struct drm_file *file);

/* idxgen_uq_recovery.c: user queues in a hang or a device reset */
bool idxgen_uq_busy(struct idxgen_device *idev, u64 *mark);
void idxgen_uq_park(struct idxgen_device *idev, bool hang);
void idxgen_uq_reset_done(struct idxgen_device *idev);

/* idxgen_schedtab.c: the firmware's schedule table (not the DRM scheduler) */
void idxgen_schedtab_probe(struct idxgen_device *idev);
int idxgen_schedtab_get_param(struct idxgen_device *idev, u32 param, u64 *value);

extern unsigned int idxgen_job_timeout_ms;

#endif /* __IDXGEN_DRV_H__ */
