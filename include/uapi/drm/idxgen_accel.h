/* SPDX-License-Identifier: GPL-2.0 WITH Linux-syscall-note OR MIT */
/*
 * idxgen_accel.h - uapi of the idxgen DRM accel driver (/dev/accel/accelN).
 *
 * Rules (Documentation/process/botching-up-ioctls.rst):
 *  - fixed-size types, every struct a multiple of 8 bytes, 64-bit aligned;
 *  - pad and flags fields must be zero (-EINVAL otherwise);
 *  - user pointers are __u64;
 *  - structs only grow at the end; the kernel zero-extends shorter ones
 *    (drm_ioctl does this for the ioctl structs; arrays carry their
 *    element size, see drm_idxgen_submit.config_size).
 *
 * Errors common to all ioctls: -EINVAL bad flags/pad/argument, -ENOENT
 * unknown handle or context, -ENODEV device gone (hot-unplug), -EFAULT bad
 * user pointer, -ENOMEM.
 */
#ifndef _UAPI_DRM_IDXGEN_ACCEL_H
#define _UAPI_DRM_IDXGEN_ACCEL_H

#include "drm.h"

#if defined(__cplusplus)
extern "C" {
#endif

#define DRM_IDXGEN_DRIVER_NAME		"idxgen"
#define DRM_IDXGEN_VERSION_MAJOR	1
#define DRM_IDXGEN_VERSION_MINOR	2	/* 1.1: uapi v2, 1.2: v3 (user queues); 1.0 ABI kept */

#define DRM_IDXGEN_GET_PARAM		0x00
#define DRM_IDXGEN_CTX_CREATE		0x01
#define DRM_IDXGEN_CTX_DESTROY		0x02
#define DRM_IDXGEN_REGION_CREATE	0x03
#define DRM_IDXGEN_REGION_SHARED	0x04
#define DRM_IDXGEN_REGION_INFO		0x05
#define DRM_IDXGEN_SUBMIT		0x06
#define DRM_IDXGEN_JOB_RESULT		0x07
/* uapi v2 (driver 1.1): 0x08-0x0f */
#define DRM_IDXGEN_WAIT			0x08
#define DRM_IDXGEN_CTX_QUERY		0x09

#define DRM_IOCTL_IDXGEN_GET_PARAM \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_IDXGEN_GET_PARAM, struct drm_idxgen_get_param)
#define DRM_IOCTL_IDXGEN_CTX_CREATE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_IDXGEN_CTX_CREATE, struct drm_idxgen_ctx_create)
#define DRM_IOCTL_IDXGEN_CTX_DESTROY \
	DRM_IOW(DRM_COMMAND_BASE + DRM_IDXGEN_CTX_DESTROY, struct drm_idxgen_ctx_destroy)
#define DRM_IOCTL_IDXGEN_REGION_CREATE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_IDXGEN_REGION_CREATE, struct drm_idxgen_region_create)
#define DRM_IOCTL_IDXGEN_REGION_SHARED \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_IDXGEN_REGION_SHARED, struct drm_idxgen_region_shared)
#define DRM_IOCTL_IDXGEN_REGION_INFO \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_IDXGEN_REGION_INFO, struct drm_idxgen_region_info)
#define DRM_IOCTL_IDXGEN_SUBMIT \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_IDXGEN_SUBMIT, struct drm_idxgen_submit)
#define DRM_IOCTL_IDXGEN_JOB_RESULT \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_IDXGEN_JOB_RESULT, struct drm_idxgen_job_result)
#define DRM_IOCTL_IDXGEN_WAIT \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_IDXGEN_WAIT, struct drm_idxgen_wait)
#define DRM_IOCTL_IDXGEN_CTX_QUERY \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_IDXGEN_CTX_QUERY, struct drm_idxgen_ctx_query)

/*
 * DRM_IOCTL_IDXGEN_GET_PARAM - read one device parameter.
 * -EINVAL for an unknown param.
 */
#define DRM_IDXGEN_PARAM_DEVICE_ID	0	/* PCI vendor << 16 | device */
#define DRM_IDXGEN_PARAM_REVISION	1	/* PCI revision */
#define DRM_IDXGEN_PARAM_HW_VERSION	2	/* interface version, major << 16 | minor */
#define DRM_IDXGEN_PARAM_FW_VERSION	3	/* loaded firmware, major << 16 | minor << 8 | patch */
#define DRM_IDXGEN_PARAM_LANES		4	/* warp size: max iteration step */
#define DRM_IDXGEN_PARAM_MAX_THREADS	5	/* per block */
#define DRM_IDXGEN_PARAM_MAX_DIM_X	6
#define DRM_IDXGEN_PARAM_MAX_DIM_Y	7
#define DRM_IDXGEN_PARAM_MAX_DIM_Z	8
#define DRM_IDXGEN_PARAM_HIST_ENTRIES	9
#define DRM_IDXGEN_PARAM_NUM_QUEUES	10
#define DRM_IDXGEN_PARAM_FEATURES	11	/* device feature bits */
#define DRM_IDXGEN_PARAM_CLOCK_KHZ	12
#define DRM_IDXGEN_PARAM_IMEM_SIZE	13	/* bytes of index memory */
#define DRM_IDXGEN_PARAM_SHARED_SIZE	14	/* bytes of the shared region */
#define DRM_IDXGEN_PARAM_DEDICATED_FREE	15	/* bytes free for dedicated regions */
/* uapi v2 (driver 1.1): 16-31 */
#define DRM_IDXGEN_PARAM_RING_SIZE	16	/* descriptors per hardware queue ring */
#define DRM_IDXGEN_PARAM_MAX_BATCH	17	/* most configurations in one SUBMIT */
#define DRM_IDXGEN_PARAM_UAPI_FEATURES	18	/* DRM_IDXGEN_UAPI_* the driver supports */
#define DRM_IDXGEN_PARAM_JOB_TIMEOUT_MS	19	/* a job without progress this long hangs */
#define DRM_IDXGEN_PARAM_DEVICE_STATE	20	/* DRM_IDXGEN_DEVICE_* */
#define DRM_IDXGEN_PARAM_RESULT_WINDOW	21	/* results a context keeps */
#define DRM_IDXGEN_PARAM_RESET_SEQ	22	/* device resets, a sequence count: see below */

/*
 * DRM_IDXGEN_PARAM_RESET_SEQ (DRM_IDXGEN_UAPI_RESET_SEQ): twice the device
 * resets done since probe, plus one while a reset runs: odd from the moment
 * the driver stops the device for a reset (its own hang recovery, a PCI
 * function reset, AER recovery, system sleep) until it accepts work again.
 * While it is odd, reads of a mapped region may not return index memory
 * (a link reset turns the BAR's decoding off: QEMU reads zeroes, hardware
 * all ones).  A reader that must not take such a read for data reads the
 * count before and after it and keeps the data only if both are the same
 * even value.  Errors the driver learns of late (a surprise link down
 * before its AER callback runs) are outside what the count can tell.
 */

/* DRM_IDXGEN_PARAM_UAPI_FEATURES bits */
#define DRM_IDXGEN_UAPI_WAIT		(1u << 0)	/* DRM_IOCTL_IDXGEN_WAIT */
#define DRM_IDXGEN_UAPI_CTX_QUERY	(1u << 1)	/* DRM_IOCTL_IDXGEN_CTX_QUERY */
#define DRM_IDXGEN_UAPI_DEP_CANCEL	(1u << 2)	/* a failed in-fence cancels the job */
#define DRM_IDXGEN_UAPI_SYNC_ARRAYS	(1u << 3)	/* SUBMIT in_syncs/out_syncs, timelines */
#define DRM_IDXGEN_UAPI_RESET_SEQ	(1u << 7)	/* DRM_IDXGEN_PARAM_RESET_SEQ */

/* DRM_IDXGEN_PARAM_DEVICE_STATE values */
#define DRM_IDXGEN_DEVICE_RUNNING	0
#define DRM_IDXGEN_DEVICE_DEAD		1	/* a reset failed: jobs fail with -EIO */

/**
 * struct drm_idxgen_get_param - DRM_IOCTL_IDXGEN_GET_PARAM argument
 * @param: in: DRM_IDXGEN_PARAM_*
 * @pad: MBZ
 * @value: out
 */
struct drm_idxgen_get_param {
	__u32 param;
	__u32 pad;
	__u64 value;
};

/*
 * DRM_IOCTL_IDXGEN_CTX_CREATE - create a submission context.
 * A context is an ordered stream of jobs with a priority (a drm_sched
 * entity).  DRM_IDXGEN_PRIORITY_HIGH needs CAP_SYS_NICE (-EPERM).
 */
#define DRM_IDXGEN_PRIORITY_LOW		0
#define DRM_IDXGEN_PRIORITY_NORMAL	1
#define DRM_IDXGEN_PRIORITY_HIGH	2

/**
 * struct drm_idxgen_ctx_create - DRM_IOCTL_IDXGEN_CTX_CREATE argument
 * @priority: in: DRM_IDXGEN_PRIORITY_*
 * @flags: in: MBZ
 * @ctx_id: out: non-zero
 * @pad: MBZ
 */
struct drm_idxgen_ctx_create {
	__u32 priority;
	__u32 flags;
	__u32 ctx_id;
	__u32 pad;
};

/**
 * struct drm_idxgen_ctx_destroy - DRM_IOCTL_IDXGEN_CTX_DESTROY argument
 * @ctx_id: the context
 * @pad: MBZ
 *
 * Waits for nothing: queued jobs still finish.
 */
struct drm_idxgen_ctx_destroy {
	__u32 ctx_id;
	__u32 pad;
};

/*
 * DRM_IOCTL_IDXGEN_REGION_CREATE - allocate a dedicated region: a GEM
 * object over a private range of index memory, zeroed, with no history.
 * size is rounded up to the page size.  -ENOSPC if index memory is full,
 * -EINVAL for size 0 or above the dedicated pool.
 */
/**
 * struct drm_idxgen_region_create - DRM_IOCTL_IDXGEN_REGION_CREATE argument
 * @size: in: bytes
 * @flags: in: MBZ
 * @handle: out: GEM handle; close with DRM_IOCTL_GEM_CLOSE
 */
struct drm_idxgen_region_create {
	__u64 size;
	__u32 flags;
	__u32 handle;
};

/*
 * DRM_IOCTL_IDXGEN_REGION_SHARED - get a handle to the device's one shared
 * region (every fd may use it; its contents are whatever was last written).
 */
/**
 * struct drm_idxgen_region_shared - DRM_IOCTL_IDXGEN_REGION_SHARED argument
 * @flags: in: MBZ
 * @handle: out: a new GEM handle to the shared region
 * @size: out: bytes
 */
struct drm_idxgen_region_shared {
	__u32 flags;
	__u32 handle;
	__u64 size;
};

/*
 * DRM_IOCTL_IDXGEN_REGION_INFO - size, kind and mmap offset of a region.
 * Map it with mmap(PROT_READ, MAP_SHARED, fd, mmap_offset); writable
 * mappings are refused (-EACCES): only the device writes index memory.
 */
#define DRM_IDXGEN_REGION_DEDICATED	0
#define DRM_IDXGEN_REGION_KIND_SHARED	1

/**
 * struct drm_idxgen_region_info - DRM_IOCTL_IDXGEN_REGION_INFO argument
 * @handle: in: GEM handle of a region
 * @flags: in: MBZ
 * @size: out: bytes
 * @mmap_offset: out: fake offset for mmap()
 * @kind: out: DRM_IDXGEN_REGION_*
 * @pad: MBZ (out: 0)
 */
struct drm_idxgen_region_info {
	__u32 handle;
	__u32 flags;
	__u64 size;
	__u64 mmap_offset;
	__u32 kind;
	__u32 pad;
};

/**
 * struct drm_idxgen_config - one kernel configuration (one thread block) of a submission
 * @region: GEM handle of a region
 * @flags: DRM_IDXGEN_CONFIG_*
 * @offset: byte offset in the region, word aligned
 * @dx: block dimension x
 * @dy: block dimension y
 * @dz: block dimension z
 * @c: iteration step (warp size)
 * @xc: x of the 3-D index of thread c
 * @yc: y of the 3-D index of thread c
 * @zc: z of the 3-D index of thread c
 * @granularity: schedule orders, MBZ without IDXGEN_FEAT_SCHED_ORDERS
 * @mx: bit width of x
 * @my: bit width of y
 * @mz: bit width of z
 * @word_size: 2 or 4 bytes
 * @order: schedule order, 0 = sequential
 * @pad0: MBZ
 * @pad1: MBZ
 * @stride: schedule orders, MBZ without IDXGEN_FEAT_SCHED_ORDERS
 * @tile_w: schedule orders, MBZ without IDXGEN_FEAT_SCHED_ORDERS
 * @tile_h: schedule orders, MBZ without IDXGEN_FEAT_SCHED_ORDERS
 * @grid_blocks: 0 or 1
 * @user_tag: returned in the result
 * @rsvd: MBZ
 *
 * The region and offset name where the packed indices go; the driver checks
 * that the whole output fits inside the region and translates it for the
 * device.  The other fields are the device's descriptor fields
 * (idxgen_hw.h): the device validates them and reports errors in the job's
 * result.
 */
struct drm_idxgen_config {
	__u32 region;		/* GEM handle of a region */
	__u32 flags;		/* DRM_IDXGEN_CONFIG_* */
	__u64 offset;		/* byte offset in the region, word aligned */
	__u16 dx, dy, dz;	/* block dimensions */
	__u16 c;		/* iteration step (warp size) */
	__u16 xc, yc, zc;	/* 3-D index of thread c */
	__u16 granularity;	/* reserved for schedule orders, MBZ */
	__u8 mx, my, mz;	/* per-axis bit widths */
	__u8 word_size;		/* 2 or 4 bytes */
	__u8 order;		/* schedule order, 0 = sequential */
	__u8 pad0;		/* MBZ */
	__u16 pad1;		/* MBZ */
	__u32 stride;		/* reserved for schedule orders, MBZ */
	__u16 tile_w, tile_h;	/* reserved for schedule orders, MBZ */
	__u32 grid_blocks;	/* 0 or 1 */
	__u32 user_tag;		/* returned in the result */
	__u64 rsvd;		/* MBZ */
};

/* 64 bytes: region@0 offset@8 dx@16 xc@24 granularity@30 mx@32 order@36 stride@40 grid_blocks@48 */

#define DRM_IDXGEN_CONFIG_NO_HISTORY	(1u << 0)	/* always generate */

/*
 * DRM_IOCTL_IDXGEN_SUBMIT - queue count configurations on a context, in
 * order, as one scheduler job.  Jobs get sequence numbers first_seq ..
 * first_seq + count - 1 (per context, starting at 1).  out_syncobj, if
 * non-zero, gets the fence of the whole batch; in_syncobj, if non-zero, is
 * waited for first; so are the in_syncs, and the out_syncs get the fence
 * (uapi v2, struct drm_idxgen_sync).  -EINVAL: count 0 or above DRM_IDXGEN_MAX_BATCH,
 * config_size too small, a config's output outside its region or
 * misaligned; -ENOENT: unknown ctx, region or syncobj.  Nothing is queued
 * unless everything checks out.
 */
#define DRM_IDXGEN_MAX_BATCH		256

/**
 * struct drm_idxgen_submit - DRM_IOCTL_IDXGEN_SUBMIT argument
 * @ctx_id: in: context
 * @count: in: configurations, 1..DRM_IDXGEN_MAX_BATCH
 * @configs: in: user pointer to @count configurations
 * @config_size: in: sizeof(struct drm_idxgen_config) of the caller
 * @flags: in: MBZ
 * @in_syncobj: in: binary syncobj to wait for, 0: none
 * @out_syncobj: in: binary syncobj that gets the job's fence, 0: none
 * @first_seq: out: sequence number of the first configuration
 * @in_syncs: in (v2): user pointer to @in_sync_count struct drm_idxgen_sync
 * @out_syncs: in (v2): user pointer to @out_sync_count struct drm_idxgen_sync
 * @in_sync_count: in (v2): at most DRM_IDXGEN_MAX_SYNCS
 * @out_sync_count: in (v2): at most DRM_IDXGEN_MAX_SYNCS
 *
 * The v2 fields extend the 1.0 struct at its end: a 1.0 caller's shorter
 * struct reads as zeroes.
 */
struct drm_idxgen_submit {
	__u32 ctx_id;
	__u32 count;
	__u64 configs;
	__u32 config_size;
	__u32 flags;
	__u32 in_syncobj;
	__u32 out_syncobj;
	__u64 first_seq;
	__u64 in_syncs;
	__u64 out_syncs;
	__u32 in_sync_count;
	__u32 out_sync_count;
};

/**
 * struct drm_idxgen_sync - a syncobj (binary, or a timeline point) for SUBMIT (uapi v2)
 * @handle: syncobj handle
 * @flags: MBZ
 * @point: 0 for a binary syncobj; a timeline point otherwise
 *
 * In-syncs: the job waits for each fence (the point must have been
 * submitted: -EINVAL otherwise, as for a binary syncobj without a fence).
 * If one of them failed, the job does not run and fails with -ECANCELED
 * (DRM_IDXGEN_UAPI_DEP_CANCEL).  Out-syncs: the job's fence replaces a
 * binary syncobj's, or is added at @point of a timeline.
 */
struct drm_idxgen_sync {
	__u32 handle;
	__u32 flags;
	__u64 point;
};

#define DRM_IDXGEN_MAX_SYNCS		16

/*
 * DRM_IOCTL_IDXGEN_JOB_RESULT - the result of job seq of a context.
 * -EBUSY: not finished yet; -ENOENT: no such job, or its result has been
 * dropped (a context keeps the last DRM_IDXGEN_RESULT_WINDOW results).
 */
#define DRM_IDXGEN_RESULT_WINDOW	4096

#define DRM_IDXGEN_RESULT_HIT		(1u << 0)	/* history hit: output reused */

/**
 * struct drm_idxgen_job_result - DRM_IOCTL_IDXGEN_JOB_RESULT argument
 * @ctx_id: in: context
 * @flags: in: MBZ
 * @seq: in: the job
 * @error: out: 0, or -ETIMEDOUT / -EIO / -ECANCELED / -ENODEV (driver/README.md)
 * @status: out: device status, DRM_IDXGEN_STATUS_*
 * @result_flags: out: DRM_IDXGEN_RESULT_*
 * @user_tag: out: from the config
 * @warps: out: warps generated (0 on a hit)
 * @cycles: out: device cycles
 * @threads: out: threads generated
 */
struct drm_idxgen_job_result {
	__u32 ctx_id;
	__u32 flags;
	__u64 seq;
	__s32 error;
	__u32 status;
	__u32 result_flags;
	__u32 user_tag;
	__u64 warps;
	__u64 cycles;
	__u64 threads;
};

/**
 * struct drm_idxgen_wait - wait for a job and get its result (uapi v2)
 * @ctx_id: in: context
 * @flags: in: MBZ
 * @seq: in: the job (a sequence number returned by SUBMIT)
 * @timeout_ns: in: absolute CLOCK_MONOTONIC deadline; 0 polls
 * @result: out: as DRM_IOCTL_IDXGEN_JOB_RESULT (its @ctx_id, @flags and
 *	@seq are not read)
 *
 * Returns 0 with the result once the job is done, -ETIME at the deadline,
 * -ERESTARTSYS/-EINTR on a signal, -ENOENT for an unknown job or one whose
 * result left the window (DRM_IDXGEN_PARAM_RESULT_WINDOW results per
 * context), -EINVAL for flags or a reserved field not zero.
 */
struct drm_idxgen_wait {
	__u32 ctx_id;
	__u32 flags;
	__u64 seq;
	__s64 timeout_ns;
	struct drm_idxgen_job_result result;
};

/**
 * struct drm_idxgen_ctx_query - reset accounting of a context (uapi v2)
 * @ctx_id: in: context
 * @flags: in: MBZ
 * @resets: out: device resets that caught jobs of this context in flight
 *	(they were replayed, or failed)
 * @guilty: out: jobs of this context blamed for a hang (failed -ETIMEDOUT)
 * @device_resets: out: device resets since the driver was bound
 * @pad: out: 0
 */
struct drm_idxgen_ctx_query {
	__u32 ctx_id;
	__u32 flags;
	__u32 resets;
	__u32 guilty;
	__u32 device_resets;
	__u32 pad;
};

/* Device status codes of a result: identical to the hardware's IDXGEN_CPL_* */
#define DRM_IDXGEN_STATUS_OK			0
#define DRM_IDXGEN_STATUS_BAD_FLAGS		1
#define DRM_IDXGEN_STATUS_BAD_RESERVED		2
#define DRM_IDXGEN_STATUS_BAD_ORDER		3
#define DRM_IDXGEN_STATUS_BAD_GRID		4
#define DRM_IDXGEN_STATUS_BAD_DIMS		5
#define DRM_IDXGEN_STATUS_TOO_MANY_THREADS	6
#define DRM_IDXGEN_STATUS_BAD_STEP		7
#define DRM_IDXGEN_STATUS_BAD_STEP_INDEX	8
#define DRM_IDXGEN_STATUS_BAD_WORD_SIZE		9
#define DRM_IDXGEN_STATUS_WIDTH_TOO_SMALL	10
#define DRM_IDXGEN_STATUS_WIDTH_OVERFLOW	11
#define DRM_IDXGEN_STATUS_MISALIGNED		12
#define DRM_IDXGEN_STATUS_OUT_OF_RANGE		13
#define DRM_IDXGEN_STATUS_SIZE_LIMIT		14
#define DRM_IDXGEN_STATUS_DMA_FAULT		15
#define DRM_IDXGEN_STATUS_NO_FIRMWARE		16
#define DRM_IDXGEN_STATUS_ABORTED		17
#define DRM_IDXGEN_STATUS_NOT_LOCK_HOLDER	24	/* shared region without lock 0 */

/*
 * Schedule orders (docs/design.md#schedule-orders): GET_PARAM 32-47, the device's
 * schedule table.  A config's order/stride/granularity/tile_w/tile_h take
 * an entry's values (or any other legal configuration, idxgen_hw.h).
 *
 * SCHED_COUNT: entries in the table, 0 if the device has none (no
 * IDXGEN_FEAT_SCHED_ORDERS, no table in the firmware, or a table the
 * driver rejected at probe: the device's table is checked like any value
 * read from it, and a bad one is not reported, with a kernel warning).
 * SCHED_ENTRY(i), i < SCHED_COUNT: entry i packed in 64 bits; -EINVAL for
 * i >= SCHED_COUNT.  A driver without these params (1.1 before issue 9)
 * returns -EINVAL for SCHED_COUNT.
 *
 * Packed entry: bits 7:0 the order (DRM_IDXGEN_ORDER_*), bits 15:8 zero,
 * bits 31:16 the order's 16-bit parameter (STRIDED: granularity, TILED:
 * tile_w), bits 63:32 its 32-bit parameter (STRIDED: stride, TILED:
 * tile_h, at most 65535).  Orders without parameters have bits 63:8 zero.
 * DRM_IDXGEN_SCHED_* below decode it (a parameter the order does not use
 * decodes as 0).
 */
#define DRM_IDXGEN_PARAM_SCHED_COUNT	32
#define DRM_IDXGEN_PARAM_SCHED_ENTRY(i)	(33 + (i))	/* i < DRM_IDXGEN_SCHED_MAX_ENTRIES */
#define DRM_IDXGEN_SCHED_MAX_ENTRIES	15

/* Schedule orders: identical to the hardware's IDXGEN_ORDER_* */
#define DRM_IDXGEN_ORDER_SEQUENTIAL	0	/* x fastest, then y, then z */
#define DRM_IDXGEN_ORDER_STRIDED	1	/* stride >= 1, granularity >= 1 */
#define DRM_IDXGEN_ORDER_ZIGZAG		2	/* odd rows in reverse x order */
#define DRM_IDXGEN_ORDER_TILED		3	/* tile_w, tile_h >= 1 */
#define DRM_IDXGEN_ORDER_HILBERT	4	/* generalized Hilbert curve */
#define DRM_IDXGEN_ORDER_COUNT		5

#define DRM_IDXGEN_SCHED_ORDER(v)	((__u32)((v) & 0xff))
#define DRM_IDXGEN_SCHED_RSVD(v)	((__u32)((v) & 0xff00))	/* 0 */
#define DRM_IDXGEN_SCHED_P16(v)		((__u32)(((v) >> 16) & 0xffff))
#define DRM_IDXGEN_SCHED_P32(v)		((__u32)((__u64)(v) >> 32))
#define DRM_IDXGEN_SCHED_STRIDE(v) \
	(DRM_IDXGEN_SCHED_ORDER(v) == DRM_IDXGEN_ORDER_STRIDED ? DRM_IDXGEN_SCHED_P32(v) : 0)
#define DRM_IDXGEN_SCHED_GRANULARITY(v) \
	(DRM_IDXGEN_SCHED_ORDER(v) == DRM_IDXGEN_ORDER_STRIDED ? DRM_IDXGEN_SCHED_P16(v) : 0)
#define DRM_IDXGEN_SCHED_TILE_W(v) \
	(DRM_IDXGEN_SCHED_ORDER(v) == DRM_IDXGEN_ORDER_TILED ? DRM_IDXGEN_SCHED_P16(v) : 0)
#define DRM_IDXGEN_SCHED_TILE_H(v) \
	(DRM_IDXGEN_SCHED_ORDER(v) == DRM_IDXGEN_ORDER_TILED ? DRM_IDXGEN_SCHED_P32(v) : 0)
/* Packing, for a legal entry (parameters the order does not use are 0) */
#define DRM_IDXGEN_SCHED_PACK(order, stride, gran, tile_w, tile_h) \
	((__u64)(order) | (__u64)((gran) | (tile_w)) << 16 | (__u64)((stride) | (tile_h)) << 32)

/*
 * Priority arbitration (docs/design.md#arbiter): ioctls 0x10-0x17, params 48-63.
 * Each context gets one of the device's requesters (at most
 * DRM_IDXGEN_PARAM_ARB_REQUESTERS contexts at a time hold one; the others
 * get -ENOSPC from LOCK).  Its CPR follows the context priority: HIGH 0,
 * NORMAL 1, LOW 2 (0 = highest).  Lock 0 guards the shared region: with
 * enforcement on (DRM_IDXGEN_PARAM_ARB_ENFORCE) a job on the shared region
 * completes with DRM_IDXGEN_STATUS_NOT_LOCK_HOLDER unless its context holds
 * lock 0 when the job starts.  Every lock a context holds is released when
 * it is destroyed, when its file closes and on device reset.
 * See docs/hardware.md "Arbiter" for the rules (preemption by strictly
 * higher priority, waiting releases what the waiter holds, hold limit).
 */
#define DRM_IDXGEN_LOCK			0x10
#define DRM_IDXGEN_UNLOCK		0x11
#define DRM_IDXGEN_LOCK_LOST		0x12
#define DRM_IDXGEN_ARB_STATE		0x13
#define DRM_IDXGEN_ARB_CONFIG		0x14
/* 0x15-0x17 reserved for the arbiter */

#define DRM_IOCTL_IDXGEN_LOCK \
	DRM_IOW(DRM_COMMAND_BASE + DRM_IDXGEN_LOCK, struct drm_idxgen_lock)
#define DRM_IOCTL_IDXGEN_UNLOCK \
	DRM_IOW(DRM_COMMAND_BASE + DRM_IDXGEN_UNLOCK, struct drm_idxgen_unlock)
#define DRM_IOCTL_IDXGEN_LOCK_LOST \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_IDXGEN_LOCK_LOST, struct drm_idxgen_lock_lost)
#define DRM_IOCTL_IDXGEN_ARB_STATE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_IDXGEN_ARB_STATE, struct drm_idxgen_arb_state)
#define DRM_IOCTL_IDXGEN_ARB_CONFIG \
	DRM_IOW(DRM_COMMAND_BASE + DRM_IDXGEN_ARB_CONFIG, struct drm_idxgen_arb_config)

#define DRM_IDXGEN_PARAM_ARB_LOCKS	48	/* mutexes (lock 0 = shared region) */
#define DRM_IDXGEN_PARAM_ARB_REQUESTERS	49	/* contexts that can hold locks at once */
#define DRM_IDXGEN_PARAM_ARB_ENFORCE	50	/* 1: shared-region jobs need lock 0 */
#define DRM_IDXGEN_PARAM_ARB_HOLD_LIMIT	51	/* hold ticks before a forced release, 0 off */
/* 52-63 reserved for the arbiter */

/*
 * DRM_IOCTL_IDXGEN_LOCK - take lock for context ctx_id.
 * Blocks until granted, until the absolute CLOCK_MONOTONIC deadline
 * timeout_ns (0: no deadline) or a signal.  With DRM_IDXGEN_LOCK_NONBLOCK
 * one arbitration round is made: -EBUSY if it was not granted (and, as the
 * arbiter's rule says, the context then released the locks it held).
 * Errors: -EINVAL unknown lock, flags or pad, negative timeout_ns, or
 * NONBLOCK with a timeout; -ENOENT unknown context; -EDEADLK the context
 * holds the lock already; -EBUSY another LOCK of the context is waiting;
 * -ETIMEDOUT deadline passed; -ENOSPC no requester for the context;
 * -EINTR/-ERESTARTSYS signal; -ENODEV device gone or reset meanwhile.
 */
#define DRM_IDXGEN_LOCK_NONBLOCK	(1u << 0)

struct drm_idxgen_lock {
	__u32 ctx_id;		/* in */
	__u32 lock;		/* in: < DRM_IDXGEN_PARAM_ARB_LOCKS */
	__u32 flags;		/* in: DRM_IDXGEN_LOCK_* */
	__u32 pad;		/* MBZ */
	__s64 timeout_ns;	/* in: absolute CLOCK_MONOTONIC deadline, 0 = none */
};

/*
 * DRM_IOCTL_IDXGEN_UNLOCK - release a held lock.  -EPERM if the context
 * does not hold it (never held, or taken away: see LOCK_LOST); -EINVAL
 * unknown lock, flags or pad; -ENOENT unknown context.
 */
struct drm_idxgen_unlock {
	__u32 ctx_id;		/* in */
	__u32 lock;		/* in */
	__u32 flags;		/* in: MBZ */
	__u32 pad;		/* MBZ */
};

/*
 * DRM_IOCTL_IDXGEN_LOCK_LOST - did the context lose locks (preempted by a
 * higher priority, hold limit, or released because it had to wait) since
 * the last query?  lost is 1 if so (and is then cleared); count is the
 * running total.  libidxgen turns lost into -EAGAIN.
 */
#define DRM_IDXGEN_LOST_PREEMPT		(1u << 0)
#define DRM_IDXGEN_LOST_HOLD_LIMIT	(1u << 1)
#define DRM_IDXGEN_LOST_YIELD		(1u << 2)

struct drm_idxgen_lock_lost {
	__u32 ctx_id;		/* in */
	__u32 flags;		/* in: MBZ */
	__u32 lost;		/* out: 1 if locks were taken away since the last query */
	__u32 why;		/* out: DRM_IDXGEN_LOST_* since the last query */
	__u32 held;		/* out: bitmap of the locks held now */
	__u32 pad;		/* MBZ */
	__u64 count;		/* out: times locks were taken away, total */
};

/* DRM_IOCTL_IDXGEN_ARB_STATE - snapshot of the arbiter (for `idxgen locks`). */
#define DRM_IDXGEN_ARB_MAX_LOCKS	8
#define DRM_IDXGEN_ARB_MAX_REQUESTERS	16

struct drm_idxgen_arb_state_req {
	__u32 ctx_id;		/* 0: requester free */
	__s32 pid;		/* process that created the context */
	__u32 cpr;		/* competitive priority, 0 = highest */
	__u32 held;		/* bitmap of locks held */
	__u32 waiting;		/* lock waited for + 1, 0 if none */
	__u32 hold_count;
	__u64 lost_count;
	__u64 grants;		/* locks granted to this requester (driver count) */
	__u64 wait_ns;		/* time spent waiting in LOCK (driver count) */
};

struct drm_idxgen_arb_state {
	__u32 flags;		/* in: MBZ */
	__u32 locks;		/* out */
	__u32 requesters;	/* out */
	__u32 enforce;		/* out */
	__u32 hold_limit;	/* out */
	__u32 fifo_count;	/* out */
	__u32 max_depth;	/* out */
	__u32 pad;
	__u64 grants, preemptions, hold_releases, denials;	/* out: device statistics */
	__u32 owner[DRM_IDXGEN_ARB_MAX_LOCKS];	/* out: requester + 1, 0 if free */
	struct drm_idxgen_arb_state_req req[DRM_IDXGEN_ARB_MAX_REQUESTERS];
};

/*
 * DRM_IOCTL_IDXGEN_ARB_CONFIG - set the hold limit and enforcement
 * (CAP_SYS_ADMIN, else -EPERM).  -EINVAL for unknown flags or pad.
 */
#define DRM_IDXGEN_ARB_CONFIG_ENFORCE	(1u << 0)

struct drm_idxgen_arb_config {
	__u32 flags;		/* in: DRM_IDXGEN_ARB_CONFIG_* */
	__u32 hold_limit;	/* in: 0 = off */
};

/*
 * User queues (uapi v3, driver 1.2; docs/hardware.md#user-queues): ioctls
 * 0x18-0x1f, params 64-71.  A process creates a queue on one of its
 * contexts, maps its descriptor ring, completion ring, completion value and
 * doorbell page (mmap of the DRM file at the offsets UQ_CREATE returns),
 * and then submits with plain stores: descriptors into the ring, the new
 * tail into the doorbell.  The device checks every job against the
 * regions named at creation (whose references the queue holds until it is
 * destroyed): a job elsewhere completes with DRM_IDXGEN_STATUS_UQ_*.  The
 * completion value counts the queue's completions; UQ_WAIT sleeps until it
 * reaches a value.  Present when DRM_IDXGEN_PARAM_UAPI_FEATURES has
 * DRM_IDXGEN_UAPI_USER_QUEUES (the device has them); otherwise UQ_CREATE
 * fails with -EOPNOTSUPP and the ioctl path is the only one.
 */
#define DRM_IDXGEN_UAPI_USER_QUEUES	(1u << 4)
/*
 * UQ_CREATE takes DRM_IDXGEN_UQ_CREATE_SHADOW (the device has
 * IDXGEN_FEAT_UQ_SHADOW): the process stores its tail into the queue's
 * memory and rings the doorbell only when the device asks (below).
 */
#define DRM_IDXGEN_UAPI_UQ_SHADOW	(1u << 5)
/*
 * UQ_WAIT takes DRM_IDXGEN_UQ_WAIT_DROP_REST: on a stopped queue the driver
 * writes the records of the jobs the device never took (below).
 */
#define DRM_IDXGEN_UAPI_UQ_DROP_REST	(1u << 6)

#define DRM_IDXGEN_UQ_CREATE		0x18
#define DRM_IDXGEN_UQ_DESTROY		0x19
#define DRM_IDXGEN_UQ_WAIT		0x1a

#define DRM_IOCTL_IDXGEN_UQ_CREATE \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_IDXGEN_UQ_CREATE, struct drm_idxgen_uq_create)
#define DRM_IOCTL_IDXGEN_UQ_DESTROY \
	DRM_IOW(DRM_COMMAND_BASE + DRM_IDXGEN_UQ_DESTROY, struct drm_idxgen_uq_destroy)
#define DRM_IOCTL_IDXGEN_UQ_WAIT \
	DRM_IOWR(DRM_COMMAND_BASE + DRM_IDXGEN_UQ_WAIT, struct drm_idxgen_uq_wait)

#define DRM_IDXGEN_PARAM_NUM_UQUEUES	64	/* user queues of the device (0: none) */
#define DRM_IDXGEN_PARAM_UQ_MAX_RING	65	/* most entries of a user queue's ring */

#define DRM_IDXGEN_UQ_MAX_REGIONS	8
/* Status codes of a user queue's completions (the hardware's IDXGEN_CPL_UQ_*) */
#define DRM_IDXGEN_STATUS_UQ_NO_WINDOW	28	/* output outside the queue's regions */
#define DRM_IDXGEN_STATUS_UQ_WORD_SIZE	29	/* word size or shared flag not allowed there */
#define DRM_IDXGEN_STATUS_UQ_LOCK	30	/* the shared region without lock 0 */
/*
 * Written by the driver, never by the device: the records of a queue's
 * pending jobs when a device reset stopped it (state RESET).  A job the
 * device hung on (the watchdog reset it) is UQ_HUNG, the others UQ_RESET.
 * When the device stopped the queue on a fault (state FAULT), the jobs it
 * had taken and not completed are UQ_FAULT.
 */
#define DRM_IDXGEN_STATUS_UQ_RESET	64	/* never ran, or cut short: a device reset */
#define DRM_IDXGEN_STATUS_UQ_HUNG	65	/* the device hung on it: reset by the watchdog */
#define DRM_IDXGEN_STATUS_UQ_FAULT	66	/* never ran, or cut short: the queue faulted */
/* never taken by the device: published after the queue stopped (UQ_WAIT_DROP_REST) */
#define DRM_IDXGEN_STATUS_UQ_DROPPED	67

/**
 * struct drm_idxgen_uq_create - DRM_IOCTL_IDXGEN_UQ_CREATE argument
 * @ctx_id: in: the context the queue's jobs run as (its arbiter requester)
 * @ring_entries: in: a power of two, 2 .. DRM_IDXGEN_PARAM_UQ_MAX_RING
 * @nregions: in: handles in @regions, 1 .. DRM_IDXGEN_UQ_MAX_REGIONS
 * @flags: in: DRM_IDXGEN_UQ_CREATE_*
 * @regions: in: region handles (dedicated or shared) the jobs may target;
 *	unused entries MBZ
 * @uq_id: out: the queue, for UQ_DESTROY and UQ_WAIT
 * @pad: MBZ
 * @mem_offset: out: mmap offset of the queue's memory, @mem_size bytes:
 *	descriptor ring at 0 (64 bytes an entry), completion ring at
 *	@cpl_offset, completion value (u64) at @value_offset, the driver's
 *	state word (u32) at @value_offset + DRM_IDXGEN_UQ_STATE_WORD, and
 *	with DRM_IDXGEN_UQ_CREATE_SHADOW the shadow block at @value_offset +
 *	DRM_IDXGEN_UQ_SHADOW_BLOCK
 * @mem_size: out
 * @cpl_offset: out: offset of the completion ring inside the memory
 * @value_offset: out: offset of the completion value inside the memory
 * @doorbell_offset: out: mmap offset of the doorbell page (4096 bytes,
 *	write-combined): write the new tail at 0, read the head at 4
 * @region_base: out: where each of @regions starts in index memory: a
 *	descriptor's target is region_base[i] + the offset in region i
 *
 * With DRM_IDXGEN_UQ_CREATE_SHADOW the device reads the queue's tail from
 * the shadow block (include/idxgen_hw.h, "Shadow tail": u32 tail the
 * process writes, u32 event index the device writes): store descriptors,
 * then the tail there, then after a full barrier read the event index and
 * ring the doorbell only if idxgen_uq_shadow_need_doorbell() says so.
 *
 * Errors: -EOPNOTSUPP no user queues, or SHADOW without
 * DRM_IDXGEN_UAPI_UQ_SHADOW; -EINVAL flags, pad, sizes or unused
 * entries; -ENOENT unknown context or region handle; -EBUSY every queue of
 * the device is in use; -EIO the device is dead.
 */
struct drm_idxgen_uq_create {
	__u32 ctx_id;
	__u32 ring_entries;
	__u32 nregions;
	__u32 flags;
	__u32 regions[DRM_IDXGEN_UQ_MAX_REGIONS];
	__u32 uq_id;
	__u32 pad;
	__u64 mem_offset;
	__u64 mem_size;
	__u64 cpl_offset;
	__u64 value_offset;
	__u64 doorbell_offset;
	__u64 region_base[DRM_IDXGEN_UQ_MAX_REGIONS];
};

#define DRM_IDXGEN_UQ_CREATE_SHADOW	(1u << 0)
/* Offset of the shadow block (8 bytes) from the completion value */
#define DRM_IDXGEN_UQ_SHADOW_BLOCK	16

/**
 * struct drm_idxgen_uq_destroy - DRM_IOCTL_IDXGEN_UQ_DESTROY argument
 * @uq_id: in
 * @flags: in: MBZ
 *
 * Stops the queue (its running job completes ABORTED, the device touches
 * its memory no more), then removes its doorbell from the process's
 * mappings; the memory mapping stays readable until unmapped.  -ENOENT
 * unknown queue.  Closing the file destroys its queues the same way.
 */
struct drm_idxgen_uq_destroy {
	__u32 uq_id;
	__u32 flags;
};

/**
 * struct drm_idxgen_uq_wait - DRM_IOCTL_IDXGEN_UQ_WAIT argument
 * @uq_id: in
 * @flags: in: DRM_IDXGEN_UQ_WAIT_*
 * @value: in: wait until the queue's completion count reaches it
 * @timeout_ns: in: relative; 0 polls; < 0 waits without limit
 * @completed: out: the queue's completion count (from the device)
 * @state: out: DRM_IDXGEN_UQ_STATE_*
 * @error: out: the hardware's queue error code (IDXGEN_QERR_*), or 0
 *
 * 0 when reached; -ETIME when the timeout passed first; -EIO when the
 * queue stopped (a fault, or a device reset) and will not reach it: @state
 * says why; -ENODEV when the device is gone (removed or unbound); -EINTR on
 * a signal; -ENOENT.
 *
 * A device reset (a hang included: the driver's watchdog resets a job that
 * hangs on a user queue) stops every queue.  The driver then writes, into
 * the queue's memory, the completion record of each job that was pending
 * (up to the tail the process had published: the shadow tail, else the
 * last doorbell) with status DRM_IDXGEN_STATUS_UQ_HUNG or _UQ_RESET and a
 * valid check word, then the completion value, then
 * DRM_IDXGEN_UQ_STATE_RESET into the state word; @completed is that value.
 * A fault of the queue (@state FAULT): the first UQ_WAIT that sees it
 * writes, likewise, the records of the jobs the device had taken (up to
 * its TAIL) and not completed, status DRM_IDXGEN_STATUS_UQ_FAULT, the
 * value, and DRM_IDXGEN_UQ_STATE_FAULT into the state word.
 *
 * A job the process published that the device never took (stored after
 * the driver read the tail at a reset, or behind a tail the device refused
 * or never read before it stopped) has no record then: only the process
 * knows of it.  With DRM_IDXGEN_UQ_WAIT_DROP_REST (DRM_IDXGEN_UAPI_UQ_DROP_REST),
 * on a queue whose records the driver wrote, the driver writes records
 * with DRM_IDXGEN_STATUS_UQ_DROPPED for the slots after them up to @value
 * (job_id taken from the descriptor in the slot), then @value as the
 * completion value, and returns 0; -EINVAL when @value lies more than
 * ring_entries - 1 jobs past the device's count when the queue stopped
 * (the ring holds no more).  The state word keeps its FAULT or RESET.  A
 * DMA_FAULT record, the device's for a descriptor it could not read,
 * carries job_id 0: its slot names the job.
 *
 * The device going away: the driver writes DRM_IDXGEN_UQ_STATE_GONE into
 * the state word of the queue's memory (which stays mapped and readable),
 * and the doorbell mapping then takes stores into a page of RAM that no
 * device reads, so a process storing descriptors without a system call
 * gets no SIGBUS: it reads the state word (a plain load) to learn it.
 */
#define DRM_IDXGEN_UQ_STATE_RUNNING	0
#define DRM_IDXGEN_UQ_STATE_FAULT	1	/* the device stopped it: @error */
#define DRM_IDXGEN_UQ_STATE_RESET	2	/* a device reset: pending jobs failed */
#define DRM_IDXGEN_UQ_STATE_GONE	3	/* the device was removed */
/* Offset of the driver's state word (u32) from the completion value */
#define DRM_IDXGEN_UQ_STATE_WORD	8
/* UQ_WAIT: records for the jobs a stopped queue's device never took */
#define DRM_IDXGEN_UQ_WAIT_DROP_REST	(1u << 0)

struct drm_idxgen_uq_wait {
	__u32 uq_id;
	__u32 flags;
	__u64 value;
	__s64 timeout_ns;
	__u64 completed;
	__u32 state;
	__u32 error;
};

#if defined(__cplusplus)
}
#endif

#endif /* _UAPI_DRM_IDXGEN_ACCEL_H */
