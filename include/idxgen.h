/* SPDX-License-Identifier: MIT */
/*
 * idxgen.h - libidxgen, the userspace API of the idxgen thread-index
 * generator.
 *
 * The accelerator turns a kernel configuration (a thread block's dimensions
 * and a target in index memory) into the packed 3-D index of every thread
 * of the block.  This library finds the devices, submits configurations
 * and reads the packed indices back.  A typical program:
 *
 *	struct idxgen_device *dev;
 *	struct idxgen_context *ctx;
 *	struct idxgen_region *reg;
 *	struct idxgen_config cfg;
 *	struct idxgen_job_result res;
 *
 *	idxgen_open(0, 0, &dev);
 *	idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx);
 *	idxgen_region_alloc(dev, 1 << 20, &reg);
 *	idxgen_config_init(&cfg, dev, 32, 64, 1, 0);	// 0: the device's warp size
 *	idxgen_config_target(&cfg, reg, 0);
 *	idxgen_run(ctx, &cfg, &res);			// submit + wait
 *	// res.hit, res.warps, res.cycles; then idxgen_region_map() + idxgen_unpack_words()
 *
 * Errors.  Every function that can fail returns 0 (or a count) on success
 * and a negative errno value on failure; idxgen_strerror() names it.  The
 * library never aborts, never prints and never calls exit().  Codes used:
 * -EINVAL bad argument, -ENODEV no such device / not an idxgen node / the
 * device was removed (unbound) meanwhile,
 * -ENOENT unknown job, -ENOSPC index memory full, -E2BIG configuration
 * outside the device's limits, -ETIMEDOUT wait timed out, -EBUSY job not
 * finished, -EPROTO driver of an incompatible major version, -ENOMEM.
 *
 * Backends.  A device is either a real one (/dev/accel/accelN through the
 * idxgen DRM driver) or the in-process emulation: the same generator model
 * the device runs, inside the calling process, with the hardware's default
 * limits and bit-identical output.  Select the emulation with
 * IDXGEN_OPEN_EMU or by setting IDXGEN_BACKEND=emu in the environment
 * (IDXGEN_BACKEND=drm forces the real one).  On a device with user queues
 * (IDXGEN_FEAT_USER_QUEUES, driver 1.2) jobs are submitted and completed
 * without system calls through a queue mapped into the process; set
 * IDXGEN_USER_QUEUES=0 before opening to use the submit ioctl instead.
 * Results are the same either way.
 *
 * Thread safety.  All functions may be called concurrently from any number
 * of threads on the same device, context or region, with these rules:
 *  - an object must not be destroyed (idxgen_close, idxgen_context_destroy,
 *    idxgen_region_free) while another thread still uses it;
 *  - jobs of one context run in submission order; jobs of different
 *    contexts are independent (use one context per submitting thread when
 *    the order between threads does not matter);
 *  - a job handle is only meaningful with the context it was submitted on;
 *  - a region's mapping stays valid until the region is freed;
 *  - struct idxgen_config and struct idxgen_warp_iter are plain caller-owned
 *    values: share them between threads only read-only.
 */
#ifndef IDXGEN_H
#define IDXGEN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__)
#define IDXGEN_EXPORT __attribute__((visibility("default")))
#else
#define IDXGEN_EXPORT
#endif

/* Library version (also the pkg-config version).  SONAME: libidxgen.so.2 */
#define IDXGEN_VERSION_MAJOR	2
#define IDXGEN_VERSION_MINOR	0
#define IDXGEN_VERSION_PATCH	0

/* Largest warp (iteration step) any device generation supports. */
#define IDXGEN_MAX_WARP		64

IDXGEN_EXPORT const char *idxgen_version(void);
/* Message for a negative error code of this library (never NULL). */
IDXGEN_EXPORT const char *idxgen_strerror(int err);

/* ------------------------------------------------------------------ */
/* Discovery                                                           */
/* ------------------------------------------------------------------ */

enum idxgen_backend {
	IDXGEN_BACKEND_DRM = 0,		/* a real device through the DRM accel driver */
	IDXGEN_BACKEND_EMU = 1,		/* the in-process emulation */
};

/* One accelerator as found on the PCI bus. */
struct idxgen_pci_info {
	char pci_addr[16];		/* "0000:00:03.0", "emu" for the emulation */
	char dev_node[32];		/* "/dev/accel/accel0", "" if no driver bound */
	int accel_minor;		/* N of accelN, -1 if none */
	int numa_node;			/* -1 if unknown */
	uint16_t vendor_id, device_id;
	uint8_t revision;
	uint8_t link_width;		/* PCIe lanes, 0 if unknown */
	char link_speed[16];		/* e.g. "2.5 GT/s", "" if unknown */
	int backend;			/* enum idxgen_backend */
};

/*
 * List the accelerators (libpci scan by the contract's vendor/device ID).
 * Fills up to max entries of list (list may be NULL when max is 0) and
 * returns how many devices exist, which may be more than max.  With
 * IDXGEN_BACKEND=emu the list holds the emulated device only.
 */
IDXGEN_EXPORT int idxgen_list(struct idxgen_pci_info *list, unsigned int max);

/* ------------------------------------------------------------------ */
/* Devices                                                             */
/* ------------------------------------------------------------------ */

struct idxgen_device;

#define IDXGEN_OPEN_EMU		(1u << 0)	/* the in-process emulation */
#define IDXGEN_OPEN_DRM		(1u << 1)	/* a real device, whatever IDXGEN_BACKEND says */

/* Open the index'th device of idxgen_list().  Flags: IDXGEN_OPEN_*. */
IDXGEN_EXPORT int idxgen_open(unsigned int index, unsigned int flags, struct idxgen_device **devp);
/* Open a device by PCI address ("0000:00:03.0" or "00:03.0") or by node path. */
IDXGEN_EXPORT int idxgen_open_pci(const char *addr, unsigned int flags,
				  struct idxgen_device **devp);
/*
 * Close a device.  Contexts and regions still open on it are destroyed
 * with it (their pointers become invalid); jobs already queued finish.
 */
IDXGEN_EXPORT void idxgen_close(struct idxgen_device *dev);

/* What the device can do (GET_PARAM on a real device). */
struct idxgen_info {
	int backend;			/* enum idxgen_backend */
	char pci_addr[16];
	char dev_node[32];
	char driver[16];		/* "idxgen" or "idxgen-emu" */
	int driver_major, driver_minor, driver_patch;
	uint32_t pci_id;		/* vendor << 16 | device */
	uint32_t revision;
	uint32_t hw_version;		/* major << 16 | minor */
	uint32_t fw_version;		/* major << 16 | minor << 8 | patch */
	uint32_t lanes;			/* warp size: largest iteration step */
	uint32_t max_threads;		/* per block */
	uint32_t max_dim[3];		/* x, y, z */
	uint32_t hist_entries;		/* history-cache entries */
	uint32_t num_queues;
	uint32_t features;		/* IDXGEN_FEAT_* of idxgen_hw.h */
	uint32_t clock_khz;		/* generator clock */
	uint64_t imem_size;		/* bytes of index memory */
	uint64_t shared_size;		/* bytes of the shared region */
	uint64_t dedicated_free;	/* bytes free for dedicated regions, now */
};

IDXGEN_EXPORT int idxgen_get_info(struct idxgen_device *dev, struct idxgen_info *info);
IDXGEN_EXPORT int idxgen_backend_of(const struct idxgen_device *dev);

/*
 * Device-wide counters: the driver's sysfs attributes of the PCI device
 * (since the driver bound it), or the emulation's (this process only).
 * valid says which fields the backend provides; the others read 0.
 */
#define IDXGEN_STAT_JOBS	(1u << 0)
#define IDXGEN_STAT_HITS	(1u << 1)
#define IDXGEN_STAT_MISSES	(1u << 2)
#define IDXGEN_STAT_ERRORS	(1u << 3)
#define IDXGEN_STAT_WARPS	(1u << 4)
#define IDXGEN_STAT_BUSY_CYCLES	(1u << 5)
#define IDXGEN_STAT_BUSY_NS	(1u << 6)

struct idxgen_stats {
	uint32_t valid;			/* IDXGEN_STAT_* */
	uint32_t fw_version;		/* major << 16 | minor << 8 | patch */
	uint64_t jobs;			/* completed, any status */
	uint64_t hits;			/* history hits */
	uint64_t misses;		/* generator ran */
	uint64_t errors;		/* completed with a device error */
	uint64_t warps;			/* warps generated */
	uint64_t busy_cycles;		/* generator cycles spent on jobs */
	uint64_t busy_ns;		/* busy time, busy_cycles at the device clock */
};

IDXGEN_EXPORT int idxgen_get_stats(struct idxgen_device *dev, struct idxgen_stats *st);

/* ------------------------------------------------------------------ */
/* Contexts: ordered job streams with a priority                       */
/* ------------------------------------------------------------------ */

struct idxgen_context;

enum idxgen_priority {
	IDXGEN_PRIORITY_LOW = 0,
	IDXGEN_PRIORITY_NORMAL = 1,
	IDXGEN_PRIORITY_HIGH = 2,	/* needs CAP_SYS_NICE on a real device (-EPERM) */
};

IDXGEN_EXPORT int idxgen_context_create(struct idxgen_device *dev, int priority,
					struct idxgen_context **ctxp);
/* Jobs already submitted still run; their handles become unusable. */
IDXGEN_EXPORT int idxgen_context_destroy(struct idxgen_context *ctx);

/* ------------------------------------------------------------------ */
/* Regions of index memory                                             */
/* ------------------------------------------------------------------ */

struct idxgen_region;

/*
 * A dedicated region: private index memory (zeroed, no history), for
 * frequently launched kernels whose indices should stay and hit the
 * history next time.  size is rounded up to the page size.
 */
IDXGEN_EXPORT int idxgen_region_alloc(struct idxgen_device *dev, uint64_t size,
				      struct idxgen_region **regp);
/*
 * The device's one shared region, for rarely launched kernels: every user
 * of the device writes it, so its contents are whatever ran last.  Free the
 * handle with idxgen_region_free() like any region.
 */
IDXGEN_EXPORT int idxgen_region_shared(struct idxgen_device *dev, struct idxgen_region **regp);
/* Unmaps it and gives the memory back (queued jobs on it still finish). */
IDXGEN_EXPORT int idxgen_region_free(struct idxgen_region *reg);
IDXGEN_EXPORT uint64_t idxgen_region_size(const struct idxgen_region *reg);
IDXGEN_EXPORT bool idxgen_region_is_shared(const struct idxgen_region *reg);
/*
 * Map the region read-only (only the device writes index memory).  The
 * mapping is made once and shared by all callers; it stays valid until
 * idxgen_region_free().  Read it only after the jobs writing it finished.
 */
IDXGEN_EXPORT int idxgen_region_map(struct idxgen_region *reg, const void **ptr);

/* ------------------------------------------------------------------ */
/* Kernel configurations                                               */
/* ------------------------------------------------------------------ */

#define IDXGEN_CONFIG_NO_HISTORY	(1u << 0)	/* always generate, never hit */

/*
 * One kernel configuration = one thread block.  Fill it with
 * idxgen_config_init() (which derives the step index, widths and word
 * size) and idxgen_config_target(); the fields are public so that they can
 * be inspected, but changing the derived ones by hand is rarely needed.
 */
struct idxgen_config {
	uint32_t dx, dy, dz;		/* block dimensions */
	uint32_t c;			/* iteration step = warp size (lanes used) */
	uint32_t xc, yc, zc;		/* 3-D index of thread c */
	uint8_t mx, my, mz;		/* bits of x, y, z in a packed word */
	uint8_t word_size;		/* bytes per packed word: 2 or 4 */
	uint32_t flags;			/* IDXGEN_CONFIG_* */
	struct idxgen_region *region;	/* where the packed words go */
	uint64_t offset;		/* byte offset in region, word aligned */
	uint32_t user_tag;		/* returned in the job's result */
	/* Schedule order (idxgen_config_schedule); all 0 = sequential. */
	uint32_t order;			/* IDXGEN_SCHED_* */
	uint32_t stride, granularity;	/* strided */
	uint32_t tile_w, tile_h;	/* tiled */
};

/*
 * Build a configuration for a (dx, dy, dz) block with the given warp size
 * (0: the device's lane count).  Chooses the minimal widths
 * ceil(log2(d)) and the smallest word (16 or 32 bits) that holds their sum,
 * and checks the shape against dev's limits (NULL: the hardware defaults).
 * Returns 0, -EINVAL (a dimension or the warp is 0, or the widths need
 * more than 32 bits) or -E2BIG (above a device limit).  The target is
 * unset (region NULL, offset 0).
 */
IDXGEN_EXPORT int idxgen_config_init(struct idxgen_config *cfg, struct idxgen_device *dev,
				     uint32_t dx, uint32_t dy, uint32_t dz, uint32_t warp);
/* Set the target; checks alignment and that the output fits the region. */
IDXGEN_EXPORT int idxgen_config_target(struct idxgen_config *cfg, struct idxgen_region *reg,
				       uint64_t offset);
/* Check every field against dev's limits (NULL: hardware defaults). */
IDXGEN_EXPORT int idxgen_config_validate(const struct idxgen_config *cfg,
					 struct idxgen_device *dev);
IDXGEN_EXPORT uint64_t idxgen_config_threads(const struct idxgen_config *cfg);
IDXGEN_EXPORT uint64_t idxgen_config_warps(const struct idxgen_config *cfg);
/* Bytes of packed output: threads * word_size. */
IDXGEN_EXPORT uint64_t idxgen_config_bytes(const struct idxgen_config *cfg);

/* ------------------------------------------------------------------ */
/* Schedule orders                                                     */
/* ------------------------------------------------------------------ */

/*
 * The order in which the device issues a block's threads (docs/hardware.md,
 * "Schedule orders").  The output holds the threads in issue order: the
 * word at position p is the p-th thread issued, warp k is positions
 * k*c .. k*c+c-1 (so idxgen_config_unpack(), the warp iterator and its
 * `first` field all count positions).  Orders act on the x-y plane and
 * take the z-slices one after another.  Values equal idxgen_hw.h's
 * IDXGEN_ORDER_*.
 */
#define IDXGEN_SCHED_SEQUENTIAL	0	/* x fastest, then y, then z */
#define IDXGEN_SCHED_STRIDED	1	/* groups of granularity threads, every stride-th group */
#define IDXGEN_SCHED_ZIGZAG	2	/* odd rows in reverse x order */
#define IDXGEN_SCHED_TILED	3	/* tile_w x tile_h tiles, row-major, row-major inside */
#define IDXGEN_SCHED_HILBERT	4	/* generalized Hilbert curve through the plane */

struct idxgen_schedule {
	uint32_t order;			/* IDXGEN_SCHED_* */
	uint32_t stride;		/* strided: >= 1, else 0 */
	uint32_t granularity;		/* strided: 1..65535, else 0 */
	uint32_t tile_w, tile_h;	/* tiled: 1..65535, else 0 */
	char name[16];			/* canonical text form (idxgen_schedule_format) */
};

/*
 * Set cfg's schedule order (NULL: sequential).  -EINVAL for an unknown
 * order, a parameter out of range or one the order does not use.  Whether
 * the device has schedule orders is checked by idxgen_config_validate()
 * and submission (-E2BIG when its IDXGEN_FEAT_SCHED_ORDERS is off).
 */
IDXGEN_EXPORT int idxgen_config_schedule(struct idxgen_config *cfg,
					 const struct idxgen_schedule *sched);
/*
 * Parse "sequential", "zigzag", "hilbert", "tiled:WxH" (or "tiled:N" for
 * NxN), "strided:S,G" (or "strided:S", granularity 1).  Fills *sched
 * (name included); -EINVAL if malformed or out of range.
 */
IDXGEN_EXPORT int idxgen_schedule_parse(const char *text, struct idxgen_schedule *sched);
/* The canonical text form, as parse accepts it; returns its length or -EINVAL. */
IDXGEN_EXPORT int idxgen_schedule_format(const struct idxgen_schedule *sched, char *buf,
					 size_t len);
/*
 * The device's schedule table (the firmware's named configurations): fills
 * up to max entries and returns how many the device has (0 if none).  The
 * emulation has the default firmware's table.  -ENOTSUP where the driver
 * does not report a table yet.
 */
IDXGEN_EXPORT int idxgen_schedule_table(struct idxgen_device *dev, struct idxgen_schedule *tab,
					unsigned int max);
/*
 * Which thread the device issues at position p of cfg's output (computed
 * by the generator model, walking the order).  -EINVAL if p is out of range.
 */
IDXGEN_EXPORT int idxgen_config_thread_at(const struct idxgen_config *cfg, uint64_t p,
					  uint16_t *x, uint16_t *y, uint16_t *z);

/* ------------------------------------------------------------------ */
/* Jobs                                                                */
/* ------------------------------------------------------------------ */

/* A submitted job: its sequence number in its context (>= 1). */
typedef uint64_t idxgen_job_t;

/* Largest batch one submission ioctl carries; idxgen_submit splits longer ones. */
#define IDXGEN_MAX_BATCH	256

/*
 * Queue n configurations on ctx, in order, without waiting.  On success
 * jobs[i] (if jobs is not NULL) is the handle of cfgs[i] and 0 is
 * returned.  Each configuration is checked first (-EINVAL/-E2BIG, nothing
 * queued); errors the device finds are reported in the job's result.
 */
IDXGEN_EXPORT int idxgen_submit(struct idxgen_context *ctx, const struct idxgen_config *cfgs,
				unsigned int n, idxgen_job_t *jobs);

/*
 * Statuses the driver, not the device, gives the jobs of a user queue that a
 * device reset stopped (the uapi's DRM_IDXGEN_STATUS_UQ_*): the job the
 * device hung on, which the watchdog reset (error -ETIMEDOUT), and the
 * others pending then (error -EIO); and the jobs the device had taken when
 * the queue faulted (a bad doorbell, a DMA error; error -EIO); and a job
 * the device never took because the queue had stopped before (error -EIO).
 */
#define IDXGEN_STATUS_UQ_RESET		64
#define IDXGEN_STATUS_UQ_HUNG		65
#define IDXGEN_STATUS_UQ_FAULT		66
#define IDXGEN_STATUS_UQ_DROPPED	67

/* Result of a finished job. */
struct idxgen_job_result {
	int error;			/* 0, or -EIO/-ETIMEDOUT/-ECANCELED: the job did not run */
	uint32_t status;		/* device status, IDXGEN_CPL_* (0 = OK), or below */
	bool hit;			/* history hit: the output already was in place */
	uint32_t user_tag;
	uint64_t warps;			/* generated (0 on a hit) */
	uint64_t cycles;		/* device clock cycles */
	uint64_t threads;
};

/* Name of a device status ("OK", "BAD_DIMS", ...). */
IDXGEN_EXPORT const char *idxgen_status_name(uint32_t status);

/*
 * Wait until job finished or timeout_ns nanoseconds passed (negative: no
 * limit, 0: poll).  Returns 0 and fills *res (if not NULL) when finished,
 * -ETIMEDOUT otherwise, -ENOENT for a job the context never had (or whose
 * result dropped out of the last 4096).  On a real device the wait sleeps
 * on the context's latest submission, so it may also cover jobs queued on
 * the context after this one; use one context per independent stream.
 */
IDXGEN_EXPORT int idxgen_wait(struct idxgen_context *ctx, idxgen_job_t job, int64_t timeout_ns,
			      struct idxgen_job_result *res);
/* The result of a job without waiting: -EBUSY if it has not finished. */
IDXGEN_EXPORT int idxgen_job_result(struct idxgen_context *ctx, idxgen_job_t job,
				    struct idxgen_job_result *res);
/*
 * Submit one configuration and wait for it.  Returns 0 if the job ran
 * with device status OK; a negative code otherwise (-EIO when the device
 * rejected it: see res->status).
 */
IDXGEN_EXPORT int idxgen_run(struct idxgen_context *ctx, const struct idxgen_config *cfg,
			     struct idxgen_job_result *res);

/* ------------------------------------------------------------------ */
/* Reading packed indices                                              */
/* ------------------------------------------------------------------ */

/*
 * Unpack count little-endian words of word_size bytes (2 or 4) with widths
 * (mx, my, mz) into x[], y[], z[] (any of which may be NULL).  Indices fit
 * 16 bits: the descriptor's dimensions are 16-bit.  Uses AVX2 when the CPU
 * has it (same results as the scalar path).  Returns 0 or -EINVAL.
 */
IDXGEN_EXPORT int idxgen_unpack_words(const void *words, unsigned int word_size,
				      unsigned int mx, unsigned int my, unsigned int mz,
				      size_t count, uint16_t *x, uint16_t *y, uint16_t *z);

/* Same, forced onto one path (tests and benchmarks). */
#define IDXGEN_UNPACK_AUTO	0
#define IDXGEN_UNPACK_SCALAR	1
#define IDXGEN_UNPACK_AVX2	2	/* -ENOTSUP if the CPU lacks AVX2 */
IDXGEN_EXPORT int idxgen_unpack_words_path(int path, const void *words, unsigned int word_size,
					   unsigned int mx, unsigned int my, unsigned int mz,
					   size_t count, uint16_t *x, uint16_t *y, uint16_t *z);
/* The path IDXGEN_UNPACK_AUTO picks on this CPU. */
IDXGEN_EXPORT int idxgen_unpack_best_path(void);

/*
 * Unpack threads [first, first + count) of a configuration's output, given
 * its region's mapping (from idxgen_region_map).  -EINVAL if out of range.
 */
IDXGEN_EXPORT int idxgen_config_unpack(const struct idxgen_config *cfg, const void *region_map,
				       uint64_t first, size_t count,
				       uint16_t *x, uint16_t *y, uint16_t *z);

/*
 * A streaming reader, one warp at a time, in the order the generator
 * produced them:
 *
 *	struct idxgen_warp_iter it;
 *	idxgen_warp_iter_init(&it, &cfg, map);
 *	while (idxgen_warp_next(&it))
 *		for (i = 0; i < it.count; i++)
 *			use(it.first + i, it.x[i], it.y[i], it.z[i]);
 */
struct idxgen_warp_iter {
	uint64_t warp;			/* number of the current warp */
	uint64_t first;			/* output position of x[0] (= linear thread number in sequential order) */
	unsigned int count;		/* threads in this warp (the last may be partial) */
	uint16_t x[IDXGEN_MAX_WARP], y[IDXGEN_MAX_WARP], z[IDXGEN_MAX_WARP];
	/* private */
	const uint8_t *base;
	uint64_t threads, next;
	unsigned int c, word_size, mx, my, mz;
};

IDXGEN_EXPORT int idxgen_warp_iter_init(struct idxgen_warp_iter *it,
					const struct idxgen_config *cfg, const void *region_map);
/* Load the next warp; false at the end. */
IDXGEN_EXPORT bool idxgen_warp_next(struct idxgen_warp_iter *it);

#ifdef __cplusplus
}
#endif

#endif /* IDXGEN_H */
