/* SPDX-License-Identifier: MIT */
/*
 * idxgen_hw.h - the idxgen accelerator as seen from the PCIe bus.
 *
 * This header is the single source of truth for the hardware interface.
 * The QEMU device model, the Linux driver, the generator model and the
 * userspace emulation backend all include it; nothing may redefine an
 * offset, a bit or a layout found here.  docs/hardware.md explains it.
 *
 * Conventions:
 *  - All registers are little-endian.  Registers are 32 bits wide unless
 *    their name ends in _LO/_HI (a 64-bit register as two 32-bit halves) or
 *    is documented as 64-bit; 64-bit registers may be accessed with one
 *    aligned 64-bit access or two 32-bit accesses.
 *  - Reserved register bits read as zero and must be written as zero.
 *  - In-memory structures (descriptor, completion, firmware image) are
 *    little-endian with explicit padding; reserved fields must be zero.
 */
#ifndef IDXGEN_HW_H
#define IDXGEN_HW_H

#ifdef __KERNEL__
#include <linux/errno.h>
#include <linux/types.h>
#include <linux/stddef.h>
typedef __u8 idxgen_u8;
typedef __le16 idxgen_le16;
typedef __le32 idxgen_le32;
typedef __le64 idxgen_le64;
#define IDXGEN_STATIC_ASSERT(e, m) static_assert(e, m)
#else
#include <errno.h>
#include <stddef.h>
#include <stdint.h>
typedef uint8_t idxgen_u8;
typedef uint16_t idxgen_le16;
typedef uint32_t idxgen_le32;
typedef uint64_t idxgen_le64;
#define IDXGEN_STATIC_ASSERT(e, m) _Static_assert(e, m)
#endif

/* ------------------------------------------------------------------ */
/* PCI identity                                                        */
/* ------------------------------------------------------------------ */

/*
 * QEMU's experimental range (docs/specs/pci-ids.rst: 1af4:10f0..10ff is
 * "available for experimental usage without registration").  A real board
 * gets its own vendor/device ID before it leaves the lab.
 */
#define IDXGEN_PCI_VENDOR_ID		0x1af4
#define IDXGEN_PCI_DEVICE_ID		0x10f0
#define IDXGEN_PCI_SUBVENDOR_ID		0x1af4
#define IDXGEN_PCI_SUBDEVICE_ID		0x0001
#define IDXGEN_PCI_REVISION		0x01
/* PCI class 0x12 processing accelerator, subclass 0x00, prog-if 0x00 */
#define IDXGEN_PCI_CLASS		0x120000

/* BARs */
#define IDXGEN_BAR_REGS			0	/* 32-bit MMIO, registers */
#define IDXGEN_BAR_REGS_SIZE		0x4000
#define IDXGEN_BAR_IMEM			2	/* 64-bit prefetchable, index memory */
#define IDXGEN_BAR_MSIX			4	/* 32-bit MMIO, MSI-X table and PBA */
#define IDXGEN_BAR_DOORBELL		5	/* 32-bit MMIO, user-queue doorbell pages (FEAT_USER_QUEUES) */

/* Index memory: size is a power of two, reported in IDXGEN_REG_CAP_IMEM_SIZE */
#define IDXGEN_IMEM_SIZE_MIN		(1ULL << 20)	/* 1 MiB */
#define IDXGEN_IMEM_SIZE_DEFAULT	(64ULL << 20)	/* 64 MiB */
#define IDXGEN_IMEM_SIZE_MAX		(1ULL << 32)	/* 4 GiB */

/*
 * MSI-X: one vector per config queue (vector q by default), then one error
 * vector, then (interface 1.1, FEAT_USER_QUEUES) one vector per user queue.
 * A driver of 1.0 uses the first IDXGEN_MSIX_VECTORS(nq); the table has
 * IDXGEN_MSIX_VECTORS_UQ(nq, nuq) entries.
 */
#define IDXGEN_MSIX_ERR_VECTOR(nq)	(nq)
#define IDXGEN_MSIX_VECTORS(nq)		((nq) + 1)
#define IDXGEN_MSIX_UQ_VECTOR(nq, u)	((nq) + 1 + (u))
#define IDXGEN_MSIX_VECTORS_UQ(nq, nuq)	((nq) + 1 + (nuq))

/* ------------------------------------------------------------------ */
/* BAR0 registers: global block                                        */
/* ------------------------------------------------------------------ */

#define IDXGEN_REG_ID			0x000	/* RO: IDXGEN_ID_MAGIC */
#define   IDXGEN_ID_MAGIC		0x47584449	/* "IDXG" */
#define IDXGEN_REG_VERSION		0x004	/* RO: interface version */
/*
 * 1.1 (contract v2) adds user queues, all of it behind FEAT_USER_QUEUES:
 * a 1.0 driver never sees a difference, and a 1.1 driver on a device
 * without the bit uses the config queues alone.  Major changes only when
 * an old driver would break.
 */
#define   IDXGEN_HW_VERSION_MAJOR	1
#define   IDXGEN_HW_VERSION_MINOR	1
#define   IDXGEN_HW_VERSION		((IDXGEN_HW_VERSION_MAJOR << 16) | IDXGEN_HW_VERSION_MINOR)

/* Capabilities (RO).  Limits reflect the loaded firmware's parameters once loaded. */
#define IDXGEN_REG_CAP_LANES		0x010	/* lanes per cycle = max iteration step c (warp size) */
#define IDXGEN_REG_CAP_MAX_THREADS	0x014	/* max threads per block (dx*dy*dz) */
#define IDXGEN_REG_CAP_MAX_DIM_X	0x018	/* max dx */
#define IDXGEN_REG_CAP_MAX_DIM_Y	0x01c	/* max dy */
#define IDXGEN_REG_CAP_MAX_DIM_Z	0x020	/* max dz */
#define IDXGEN_REG_CAP_HIST_ENTRIES	0x024	/* history-cache entries */
#define IDXGEN_REG_CAP_NUM_QUEUES	0x028	/* config queues */
#define IDXGEN_REG_CAP_MAX_RING		0x02c	/* max entries of a config ring (power of two) */
#define IDXGEN_REG_CAP_FEATURES		0x030	/* IDXGEN_FEAT_* */
#define IDXGEN_REG_CAP_CLOCK_KHZ	0x034	/* generator clock of the timing model */
#define IDXGEN_REG_CAP_IMEM_SIZE_LO	0x038	/* index memory size in bytes */
#define IDXGEN_REG_CAP_IMEM_SIZE_HI	0x03c

#define IDXGEN_FEAT_WORD16		(1u << 0)	/* 16-bit packed words */
#define IDXGEN_FEAT_WORD32		(1u << 1)	/* 32-bit packed words */
#define IDXGEN_FEAT_INCREMENTAL		(1u << 2)	/* Q_WARPS_READY is live */
#define IDXGEN_FEAT_HIST_RANGE		(1u << 3)	/* IDXGEN_REG_RANGE_* commands */
#define IDXGEN_FEAT_DEBUG		(1u << 4)	/* debug/fault-injection block present */
#define IDXGEN_FEAT_SCHED_ORDERS	(1u << 8)	/* schedule orders and table */
#define IDXGEN_FEAT_PRIORITY		(1u << 9)	/* per-requester CPRs (ARB_CPR) */
#define IDXGEN_FEAT_MUTEX_ARB		(1u << 10)	/* mutex words + arbiter (0x300) */
#define IDXGEN_FEAT_USER_QUEUES		(1u << 11)	/* user queues (0x400, 0x2000, BAR5) */
#define IDXGEN_FEAT_UQ_SHADOW		(1u << 12)	/* user queues' shadow tail (UQ_SHADOW_ADDR) */

/* Control and status */
#define IDXGEN_REG_CTRL			0x040	/* RW */
#define   IDXGEN_CTRL_ENABLE		(1u << 0)	/* accept doorbells */
#define   IDXGEN_CTRL_RESET		(1u << 1)	/* WO, self-clearing: back to power-on state */
#define   IDXGEN_CTRL_HIST_FLUSH	(1u << 2)	/* WO, self-clearing: invalidate the whole history */
#define   IDXGEN_CTRL_VALID_MASK	0x7u
#define IDXGEN_REG_STATUS		0x044	/* RO */
#define   IDXGEN_STATUS_ENABLED		(1u << 0)
#define   IDXGEN_STATUS_READY		(1u << 1)	/* firmware loaded and accepted */
#define   IDXGEN_STATUS_FATAL		(1u << 2)	/* see FATAL_CODE; only RESET clears it */
#define   IDXGEN_STATUS_BUSY		(1u << 3)	/* a job is in flight */
#define IDXGEN_REG_FATAL_CODE		0x048	/* RO: IDXGEN_FATAL_* */
#define   IDXGEN_FATAL_NONE		0
#define   IDXGEN_FATAL_BAD_REG_WRITE	1	/* write to a RO/unknown register with enable set */
#define   IDXGEN_FATAL_INTERNAL		2

/* Firmware load: the device DMA-reads the image from host memory */
#define IDXGEN_REG_FW_ADDR_LO		0x080	/* RW: host bus address of the image */
#define IDXGEN_REG_FW_ADDR_HI		0x084
#define IDXGEN_REG_FW_SIZE		0x088	/* RW: image size in bytes */
#define IDXGEN_REG_FW_CTRL		0x08c	/* WO */
#define   IDXGEN_FW_CTRL_LOAD		(1u << 0)	/* fetch, check and apply the image */
#define IDXGEN_REG_FW_STATUS		0x090	/* RO: IDXGEN_FW_* */
#define IDXGEN_REG_FW_VERSION		0x094	/* RO: version of the loaded image, 0 if none */

/* Firmware status codes (IDXGEN_REG_FW_STATUS); also returned by image checkers */
#define IDXGEN_FW_NONE			0	/* no image loaded since reset */
#define IDXGEN_FW_OK			1	/* loaded and running */
#define IDXGEN_FW_ERR_DMA		2	/* image could not be read */
#define IDXGEN_FW_ERR_SIZE		3	/* size register too small or too large */
#define IDXGEN_FW_ERR_MAGIC		4
#define IDXGEN_FW_ERR_FORMAT		5	/* unsupported format version or header size */
#define IDXGEN_FW_ERR_LENGTH		6	/* header length disagrees with the image size */
#define IDXGEN_FW_ERR_CRC		7
#define IDXGEN_FW_ERR_PARAMS		8	/* a parameter record is invalid or exceeds the hardware */
#define IDXGEN_FW_ERR_BUSY		9	/* load requested while jobs are in flight */
#define IDXGEN_FW_ERR_SCHED		10	/* the schedule table record is malformed */

/* Interrupts: status is write-1-to-clear; a source raises MSI-X only if enabled */
#define IDXGEN_REG_IRQ_STATUS		0x0a0	/* RW1C */
#define IDXGEN_REG_IRQ_ENABLE		0x0a4	/* RW */
#define   IDXGEN_IRQ_QUEUE(q)		(1u << (q))	/* completion(s) on queue q */
#define   IDXGEN_IRQ_ARB		(1u << 30)	/* arbiter event (ARB_EVENTS), error vector */
#define   IDXGEN_IRQ_ERROR		(1u << 31)	/* fatal, queue error or firmware status change */

/*
 * Index-memory range commands.  Write base and size, then the command.
 * Executed synchronously: done when the write to RANGE_CMD returns.
 * A range that does not lie inside index memory is ignored and sets
 * RANGE_STATUS to 1.
 */
#define IDXGEN_REG_RANGE_BASE_LO	0x0b0	/* RW: byte offset in index memory */
#define IDXGEN_REG_RANGE_BASE_HI	0x0b4
#define IDXGEN_REG_RANGE_SIZE_LO	0x0b8	/* RW: bytes */
#define IDXGEN_REG_RANGE_SIZE_HI	0x0bc
#define IDXGEN_REG_RANGE_CMD		0x0c0	/* WO */
#define   IDXGEN_RANGE_CMD_INVALIDATE	1	/* drop history entries overlapping the range */
#define   IDXGEN_RANGE_CMD_ZERO		2	/* zero the range (and invalidate) */
#define IDXGEN_REG_RANGE_STATUS		0x0c4	/* RO: 0 ok, 1 range rejected */

/* Statistics: 64-bit counters, reset by device reset only */
#define IDXGEN_REG_STAT_JOBS		0x100	/* descriptors completed (any status) */
#define IDXGEN_REG_STAT_HITS		0x108	/* history hits */
#define IDXGEN_REG_STAT_MISSES		0x110	/* history misses (generator ran) */
#define IDXGEN_REG_STAT_WARPS		0x118	/* warps generated */
#define IDXGEN_REG_STAT_BUSY_CYCLES	0x120	/* generator clock cycles spent on jobs */
#define IDXGEN_REG_STAT_ERRORS		0x128	/* completions with status != OK */

/*
 * Schedule table (docs/design.md#schedule-orders), read-only: the IDXGEN_FW_REC_SCHED_TABLE record
 * of the loaded firmware.  SCHED_COUNT entries; entry i occupies the four
 * registers at IDXGEN_REG_SCHED_ENTRY(i).  Everything reads 0 without a
 * loaded image, without IDXGEN_FEAT_SCHED_ORDERS, and for i >= SCHED_COUNT.
 * Writes are ignored (they are not fatal: the block is read-only).
 */
#define IDXGEN_REG_SCHED_BASE		0x200
#define IDXGEN_REG_SCHED_SIZE		0x100
#define IDXGEN_REG_SCHED_COUNT		0x200	/* RO: entries in the table */
#define IDXGEN_REG_SCHED_ENTRY(i)	(0x210 + 16 * (i))	/* i < IDXGEN_SCHED_MAX_ENTRIES */
#define   IDXGEN_SCHED_E_ORDER		0x0	/* order (7:0) | granularity << 16; 15:8 are 0 */
#define   IDXGEN_SCHED_E_STRIDE		0x4	/* stride */
#define   IDXGEN_SCHED_E_TILE		0x8	/* tile_w | tile_h << 16 */
#define   IDXGEN_SCHED_E_RSVD		0xc	/* reads 0 */
/* Registers 0x204..0x20c read 0.  Words of an entry, built and taken apart: */
#define IDXGEN_SCHED_E_ORDER_WORD(order, gran)	((uint32_t)(order) | (uint32_t)(gran) << 16)
#define IDXGEN_SCHED_E_TILE_WORD(w, h)		((uint32_t)(w) | (uint32_t)(h) << 16)
#define IDXGEN_SCHED_E_ORDER_OF(word)		((word) & 0xffu)
#define IDXGEN_SCHED_E_ORDER_RSVD(word)		((word) & 0xff00u)	/* must be 0 */
#define IDXGEN_SCHED_E_GRAN_OF(word)		((word) >> 16)
#define IDXGEN_SCHED_E_TILE_W_OF(word)		((word) & 0xffffu)
#define IDXGEN_SCHED_E_TILE_H_OF(word)		((word) >> 16)

/*
 * Priority arbitration (docs/design.md#arbiter): competitive priority registers,
 * mutex words and the arbiter.  docs/hardware.md "Arbiter" explains it.
 *
 * A requester is an ID in [0, IDXGEN_ARB_REQUESTERS); the driver gives one
 * to each context and stamps it into every descriptor it submits for that
 * context (desc.requester).  Lock 0 guards the shared region; locks 1..7
 * are general mutexes for host software.  Present when CAP_FEATURES has
 * MUTEX_ARB (and PRIORITY); otherwise the block reads 0 and ignores writes.
 *
 * A command (ARB_CMD) is checked at once (ARB_CMD_RESULT); a LOCK is then
 * queued in the arbiter FIFO as a (requester, holder) pair and served in
 * order, one pair every IDXGEN_ARB_SERVE_CYCLES generator cycles:
 *  - lock free: granted;
 *  - requester's CPR strictly lower (= higher priority) than the holder's:
 *    the holder loses ALL its locks (REQ_STATUS LOST|LOST_PREEMPT, counted
 *    in REQ_LOST_COUNT) and the requester gets the lock;
 *  - otherwise the request is denied: the requester releases all the locks
 *    it holds (LOST|LOST_YIELD) and waits.  A waiter holds no lock, so no
 *    wait-for cycle (deadlock) can form.  A freed lock goes at once to its
 *    best waiter: lowest CPR, then the one waiting longest.
 * Hold counter: while a requester holds at least one lock, it counts one
 * tick per job of that requester completed and one per request denied
 * because of it; at ARB_HOLD_LIMIT ticks (0 = no limit) the requester
 * releases all its locks (LOST|LOST_HOLD_LIMIT), so waiters of equal
 * priority get a turn.  The counter restarts when it holds nothing.
 * Every event sets a REQ_STATUS bit of the requester concerned and
 * IRQ_STATUS.ARB (signalled on the error vector).
 */
#define IDXGEN_ARB_REQUESTERS		16
#define IDXGEN_ARB_LOCKS		8
#define IDXGEN_ARB_SHARED_LOCK		0	/* guards the shared region */
#define IDXGEN_ARB_FIFO_DEPTH		IDXGEN_ARB_REQUESTERS	/* one request each */
#define IDXGEN_ARB_SERVE_CYCLES		8	/* arbiter cycles per FIFO pair */
#define IDXGEN_ARB_CPR_MAX		255	/* 0 = highest priority */

#define IDXGEN_REG_ARB_BASE		0x300
#define IDXGEN_REG_ARB_SIZE		0x100
#define IDXGEN_REG_ARB_CTRL		0x300	/* RW */
#define   IDXGEN_ARB_CTRL_ENFORCE	(1u << 0)	/* shared jobs need lock 0 */
#define   IDXGEN_ARB_CTRL_VALID_MASK	0x1u
#define IDXGEN_REG_ARB_INFO		0x304	/* RO: requesters | locks << 8 | depth << 16 */
#define IDXGEN_REG_ARB_HOLD_LIMIT	0x308	/* RW: hold ticks before forced release, 0 = off */
#define IDXGEN_REG_ARB_CMD		0x30c	/* WO: op << 24 | lock << 8 | requester */
#define   IDXGEN_ARB_CMD(op, lock, req)	((uint32_t)(op) << 24 | (uint32_t)(lock) << 8 | (uint32_t)(req))
#define   IDXGEN_ARB_OP_LOCK		1	/* queue a request for the lock */
#define   IDXGEN_ARB_OP_UNLOCK		2	/* release one held lock */
#define   IDXGEN_ARB_OP_RELEASE_ALL	3	/* release every lock, drop request and wait */
#define   IDXGEN_ARB_OP_CANCEL		4	/* drop a queued request or a wait (timeout) */
#define IDXGEN_REG_ARB_CMD_RESULT	0x310	/* RO: IDXGEN_ARB_R_* of the last ARB_CMD */
#define   IDXGEN_ARB_R_OK		0	/* done (LOCK: queued) */
#define   IDXGEN_ARB_R_BAD_OP		1	/* unknown op or reserved bits set */
#define   IDXGEN_ARB_R_BAD_REQUESTER	2	/* requester >= IDXGEN_ARB_REQUESTERS */
#define   IDXGEN_ARB_R_BAD_LOCK		3	/* lock >= IDXGEN_ARB_LOCKS */
#define   IDXGEN_ARB_R_NOT_HELD		4	/* UNLOCK of a lock the requester does not hold */
#define   IDXGEN_ARB_R_HELD		5	/* LOCK of a lock it already holds */
#define   IDXGEN_ARB_R_BUSY		6	/* LOCK while a request or wait is outstanding */

/*
 * What an arbiter result means to software: the errno the driver's LOCK and
 * UNLOCK ioctls return (include/uapi/drm/idxgen_accel.h) and the emulation
 * backend returns in their place.  One map for both, so they cannot drift.
 */
static inline int idxgen_arb_result_errno(uint32_t res)
{
	switch (res) {
	case IDXGEN_ARB_R_OK:
		return 0;
	case IDXGEN_ARB_R_HELD:
		return -EDEADLK;
	case IDXGEN_ARB_R_BUSY:
		return -EBUSY;
	case IDXGEN_ARB_R_NOT_HELD:
		return -EPERM;
	default:
		return -EINVAL;
	}
}
#define IDXGEN_REG_ARB_EVENTS		0x314	/* RO: bit r: REQ_STATUS(r) has event bits set */
#define IDXGEN_REG_ARB_FIFO_COUNT	0x318	/* RO: pairs waiting in the FIFO */
#define IDXGEN_REG_ARB_SEL		0x31c	/* RW: requester shown at 0x350..0x35c */
#define IDXGEN_REG_ARB_STAT_GRANTS	0x320	/* 64-bit: locks granted */
#define IDXGEN_REG_ARB_STAT_PREEMPTIONS	0x328	/* 64-bit: holders preempted */
#define IDXGEN_REG_ARB_STAT_HOLD_RELEASES 0x330	/* 64-bit: hold-limit releases */
#define IDXGEN_REG_ARB_STAT_DENIALS	0x338	/* 64-bit: requests denied (waits) */
#define IDXGEN_REG_ARB_STAT_MAX_DEPTH	0x340	/* RO: highest FIFO count seen */
#define IDXGEN_REG_ARB_REQ_STATUS	0x350	/* RW1C (events), of requester ARB_SEL */
#define   IDXGEN_ARB_RS_GRANTED		(1u << 0)	/* event: a lock was granted */
#define   IDXGEN_ARB_RS_DENIED		(1u << 1)	/* event: request denied, now waiting */
#define   IDXGEN_ARB_RS_LOST		(1u << 2)	/* event: locks taken away (reason below) */
#define   IDXGEN_ARB_RS_LOST_PREEMPT	(1u << 3)	/* event: by a higher-priority requester */
#define   IDXGEN_ARB_RS_LOST_HOLD_LIMIT	(1u << 4)	/* event: by the hold limit */
#define   IDXGEN_ARB_RS_LOST_YIELD	(1u << 5)	/* event: released because it had to wait */
#define   IDXGEN_ARB_RS_EVENT_MASK	0x3fu
#define   IDXGEN_ARB_RS_PENDING		(1u << 8)	/* RO: a request is in the FIFO */
#define   IDXGEN_ARB_RS_WAITING		(1u << 9)	/* RO: waiting for lock (bits 23:16) */
#define   IDXGEN_ARB_RS_LOCK_SHIFT	16		/* RO: lock requested / waited for */
#define IDXGEN_REG_ARB_REQ_HELD		0x354	/* RO: bitmap of locks held */
#define IDXGEN_REG_ARB_REQ_HOLD_COUNT	0x358	/* RO: hold counter */
#define IDXGEN_REG_ARB_REQ_LOST_COUNT	0x35c	/* RO: times locks were taken away */
#define IDXGEN_REG_ARB_MUTEX(l)		(0x380 + 4 * (l))	/* RO: mutex word of lock l */
#define   IDXGEN_ARB_MUTEX_LOCKED	(1u << 31)
#define   IDXGEN_ARB_MUTEX_OWNER_MASK	0x7fffffffu
#define IDXGEN_REG_ARB_CPR(r)		(0x3c0 + 4 * (r))	/* RW: priority of requester r */

/* ------------------------------------------------------------------ */
/* BAR0 registers: debug / fault-injection block                       */
/* Present only when IDXGEN_FEAT_DEBUG is set; otherwise reads 0,     */
/* writes ignored.                                                     */
/* ------------------------------------------------------------------ */

#define IDXGEN_REG_DBG_FAULT		0x800	/* RW: arm one-shot faults; reads armed set */
#define   IDXGEN_FAULT_HANG_JOB		(1u << 0)	/* next job never completes */
#define   IDXGEN_FAULT_DROP_IRQ		(1u << 1)	/* next interrupt is not raised */
#define   IDXGEN_FAULT_CORRUPT_CPL	(1u << 2)	/* next completion record is corrupted */
#define   IDXGEN_FAULT_FAIL_DMA		(1u << 3)	/* next DMA transfer fails */
/* The two below stay armed across CTRL_RESET (a PCI or system reset clears them). */
#define   IDXGEN_FAULT_BAD_HEAD		(1u << 4)	/* first Q_HEAD read after the next queue enable is >= RING_SIZE */
#define   IDXGEN_FAULT_FW_REJECT	(1u << 5)	/* next firmware load fails (FW_ERR_DMA) */
/*
 * A user-queue doorbell taken while UQ_LATE is armed starts nothing; the
 * device gets to the queue's work at the next read of a user queue's
 * UQ_STATUS, before that read returns, and the fault fires; a first job
 * it refuses at its fetch also completes before the read returns.  Device
 * progress may land between any two register reads of a driver; this one
 * puts it where a test wants it (between a driver's read of the
 * completion count and its read of the status, say).
 */
#define   IDXGEN_FAULT_UQ_LATE		(1u << 6)
#define   IDXGEN_FAULT_STICKY		(IDXGEN_FAULT_BAD_HEAD | IDXGEN_FAULT_FW_REJECT)
#define   IDXGEN_FAULT_MASK		0x7fu
#define IDXGEN_REG_DBG_FIRED		0x804	/* RW1C: faults that have fired */
#define IDXGEN_REG_DBG_SCRATCH		0x808	/* RW: scratch, for bus tests */

/* ------------------------------------------------------------------ */
/* BAR0 registers: config queues                                       */
/* ------------------------------------------------------------------ */

#define IDXGEN_MAX_QUEUES		16
#define IDXGEN_QUEUE_BASE		0x1000
#define IDXGEN_QUEUE_STRIDE		0x100
#define IDXGEN_QREG(q, r)		(IDXGEN_QUEUE_BASE + (q) * IDXGEN_QUEUE_STRIDE + (r))

/*
 * A queue is a ring of descriptors in host memory and a parallel ring of
 * completion records (same number of entries): the completion of the
 * descriptor in slot i is written to completion slot i.  Indices are slot
 * numbers in [0, size).  The driver fills slots from TAIL and then writes
 * TAIL; the device consumes from HEAD, writes the completion record, then
 * advances HEAD and raises the queue's interrupt.  The ring is empty when
 * HEAD == TAIL and full when (TAIL + 1) % size == HEAD.
 *
 * RING_BASE, CPL_BASE and RING_SIZE are latched when Q_CTRL.ENABLE goes
 * from 0 to 1; they must then satisfy: RING_SIZE a power of two in
 * [2, CAP_MAX_RING], bases aligned to 64 bytes.  Otherwise the queue stays
 * disabled and Q_STATUS reports IDXGEN_QERR_BAD_RING.
 */
#define IDXGEN_RING_ALIGN		64	/* RING_BASE and CPL_BASE alignment, bytes */

#define IDXGEN_Q_RING_BASE_LO		0x00	/* RW: descriptor ring bus address */
#define IDXGEN_Q_RING_BASE_HI		0x04
#define IDXGEN_Q_CPL_BASE_LO		0x08	/* RW: completion ring bus address */
#define IDXGEN_Q_CPL_BASE_HI		0x0c
#define IDXGEN_Q_RING_SIZE		0x10	/* RW: entries */
#define IDXGEN_Q_HEAD			0x14	/* RO: next slot the device consumes */
#define IDXGEN_Q_TAIL			0x18	/* RW: doorbell, next slot the driver fills */
#define IDXGEN_Q_CTRL			0x1c	/* RW */
#define   IDXGEN_QCTRL_ENABLE		(1u << 0)
#define IDXGEN_Q_STATUS			0x20	/* RO */
#define   IDXGEN_QSTATUS_ENABLED	(1u << 0)
#define   IDXGEN_QSTATUS_BUSY		(1u << 1)	/* a job of this queue is running */
#define   IDXGEN_QSTATUS_ERROR		(1u << 2)	/* see bits 15:8 */
#define   IDXGEN_QSTATUS_ERR_SHIFT	8
#define   IDXGEN_QSTATUS_ERR_MASK	(0xffu << 8)
#define IDXGEN_Q_IRQ_VECTOR		0x24	/* RW: MSI-X vector, default q */
#define IDXGEN_Q_PRIORITY		0x28	/* RW: stored only; arbitration uses ARB_CPR */
#define IDXGEN_Q_WARPS_READY		0x2c	/* RO: warps of the running job in index memory */
#define IDXGEN_Q_CUR_JOB_ID		0x30	/* RO: job_id of the running job */
#define IDXGEN_Q_COMPLETED		0x34	/* RO: completions written, free-running */

/* Queue error codes (Q_STATUS bits 15:8) */
#define IDXGEN_QERR_NONE		0
#define IDXGEN_QERR_BAD_RING		1	/* base/size invalid at enable */
#define IDXGEN_QERR_BAD_DOORBELL	2	/* TAIL written >= RING_SIZE; write ignored */
#define IDXGEN_QERR_DMA			3	/* completion write failed; queue stopped */

/* ------------------------------------------------------------------ */
/* User queues (interface 1.1, IDXGEN_FEAT_USER_QUEUES)                */
/* ------------------------------------------------------------------ */

/*
 * A user queue is a config queue that a process drives itself: its
 * descriptor ring, completion ring and completion value live in the
 * process's memory (pinned and mapped for DMA by the driver), and its
 * doorbell is page u of BAR5, which the driver maps into that process
 * alone.  The driver binds queue u to one hardware context by programming
 * its requester and its window table; the device then checks every
 * descriptor of the queue against that table, so a process can submit
 * anything without reaching outside its context:
 *
 *  - desc.requester is ignored: the device stamps UQ_REQUESTER into the job
 *    (arbiter checks, hold counter);
 *  - after the checks of a config queue (validation, NOT_LOCK_HOLDER), the
 *    job's output [target, target + threads * word_size) must lie inside
 *    one window with UQW_VALID (else UQ_NO_WINDOW), whose word-size bit
 *    allows word_size and whose SHARED bit equals desc.flags SHARED (else
 *    UQ_WORD_SIZE), and, with UQW_LOCK, whose lock the requester holds in
 *    the arbiter (else UQ_LOCK).  A rejected job writes its error
 *    completion and nothing into index memory.
 *
 * Windows may be rewritten while the queue runs: a job is checked against
 * the table when it starts.  After each completion record the device writes
 * the queue's 64-bit completion count (free-running, UQ_FENCE_VALUE) to
 * UQ_FENCE_ADDR, sets UQ_IRQ_STATUS bit u and signals UQ_IRQ_VECTOR.
 *
 * Faults stop this queue only (UQ_STATUS ERROR, code as Q_STATUS; the
 * queue's own interrupt, never the error vector, since a process can cause
 * them): a doorbell value >= ring size (BAD_DOORBELL); a descriptor the
 * device cannot read (its DMA_FAULT completion is written, then DMA); a
 * completion or completion-value write that fails (DMA).  Bases, size and
 * fence address are checked and latched at UQ_CTRL.ENABLE 0 -> 1 as for a
 * config queue (BAD_RING, and UQ_FENCE_ADDR must be 8-byte aligned);
 * re-enabling restarts the queue at slot 0 with a clear error.  Clearing
 * ENABLE aborts the queue's running job (ABORTED completion) and ignores
 * its doorbell afterwards; when UQ_STATUS reads neither ENABLED nor BUSY
 * the device no longer touches the queue's memory.  Doorbell writes to a
 * disabled queue, to pages >= UQ_COUNT or to other offsets are ignored.
 *
 * Shadow tail (FEAT_UQ_SHADOW; UQ_SHADOW_ADDR registers read 0 and ignore
 * writes without it): a doorbell is an MMIO write, the dearest store a
 * process makes, so the device can take the tail from memory instead and
 * ask for the doorbell only when it would otherwise sleep (as virtio's
 * event index and NVMe's shadow doorbell buffer do).  UQ_SHADOW_ADDR, when
 * not 0, names an 8-byte aligned block in the process's memory, checked
 * and latched at enable like UQ_FENCE_ADDR (BAD_RING):
 *
 *   +0 (u32, the process writes) the tail: next slot to fill;
 *   +4 (u32, the device writes) the event index: the tail at which the
 *      device last found the queue empty and went to sleep.
 *
 * Each time the device looks for work on the queue (after each of its
 * jobs, after its doorbell, at any scheduling pass) it reads the tail word
 * and takes it as a doorbell (a value >= ring size: BAD_DOORBELL; a read
 * that fails: DMA).  Finding head == tail it may keep reading the tail for
 * a while (an idle window, so that a process that keeps submitting needs
 * no doorbell); then it writes the event index (when it changed), orders
 * that write before a second read of the tail, and takes that tail too: so either it sees a tail stored before, or the
 * process sees its event index.  The process stores descriptors, then the
 * tail word, then (a full barrier between) reads the event index and rings
 * the doorbell only when idxgen_uq_shadow_need_doorbell() says the device
 * went to sleep inside the slots it just added.  Doorbell writes still act
 * as above, so a process may always ring; 0 in UQ_SHADOW_ADDR (the reset
 * value) is the doorbell-only queue of interface 1.1.
 */
#define IDXGEN_MAX_UQUEUES		16
#define IDXGEN_UQ_WINDOWS		8	/* window table entries per queue */
#define IDXGEN_HW_DEFAULT_UQUEUES	8

/* Global user-queue block (reads 0, writes ignored without the feature) */
#define IDXGEN_REG_UQ_COUNT		0x400	/* RO: user queues (doorbell pages) */
#define IDXGEN_REG_UQ_WINDOWS		0x404	/* RO: window entries per queue */
#define IDXGEN_REG_UQ_DB_STRIDE		0x408	/* RO: bytes between doorbell pages (4096) */
#define IDXGEN_REG_UQ_IRQ_STATUS	0x40c	/* RW1C: bit u, user queue u completed or faulted */
#define IDXGEN_REG_UQ_IRQ_ENABLE	0x410	/* RW: bit u, signal UQ_IRQ_VECTOR of queue u */

/* Doorbell BAR: page u belongs to user queue u */
#define IDXGEN_UQ_DB_STRIDE		0x1000
#define IDXGEN_UQ_DB_BAR_SIZE		(IDXGEN_MAX_UQUEUES * IDXGEN_UQ_DB_STRIDE)
#define IDXGEN_UQ_DB_TAIL		0x0	/* W: doorbell (next slot to fill); R: tail */
#define IDXGEN_UQ_DB_HEAD		0x4	/* R: next slot the device consumes */

/* Per-queue registers in BAR0, driver only */
#define IDXGEN_UQ_BASE			0x2000
#define IDXGEN_UQ_STRIDE		0x100
#define IDXGEN_UQREG(u, r)		(IDXGEN_UQ_BASE + (u) * IDXGEN_UQ_STRIDE + (r))

#define IDXGEN_UQ_RING_BASE_LO		0x00	/* RW: descriptor ring bus address */
#define IDXGEN_UQ_RING_BASE_HI		0x04
#define IDXGEN_UQ_CPL_BASE_LO		0x08	/* RW: completion ring bus address */
#define IDXGEN_UQ_CPL_BASE_HI		0x0c
#define IDXGEN_UQ_RING_SIZE		0x10	/* RW: entries, power of two in [2, CAP_MAX_RING] */
#define IDXGEN_UQ_HEAD			0x14	/* RO */
#define IDXGEN_UQ_TAIL			0x18	/* RO: last accepted doorbell */
#define IDXGEN_UQ_CTRL			0x1c	/* RW: IDXGEN_QCTRL_ENABLE */
#define IDXGEN_UQ_STATUS		0x20	/* RO: IDXGEN_QSTATUS_* */
#define IDXGEN_UQ_IRQ_VECTOR		0x24	/* RW: MSI-X vector, default IDXGEN_MSIX_UQ_VECTOR */
#define IDXGEN_UQ_REQUESTER		0x28	/* RW: IDXGEN_DESC_REQ_VALID | ID, or 0; stamped on jobs */
#define IDXGEN_UQ_REJECTED		0x2c	/* RO: jobs that failed the window check, free-running */
#define IDXGEN_UQ_FENCE_ADDR_LO		0x30	/* RW: bus address of the 64-bit completion value */
#define IDXGEN_UQ_FENCE_ADDR_HI		0x34
#define IDXGEN_UQ_FENCE_VALUE_LO	0x38	/* RO: completions written (64-bit) */
#define IDXGEN_UQ_FENCE_VALUE_HI	0x3c
#define IDXGEN_UQ_WIN(w)		(0x40 + 16 * (w))	/* window w < IDXGEN_UQ_WINDOWS */
#define IDXGEN_UQ_SHADOW_ADDR_LO	0xc0	/* RW: bus address of the shadow block, 0: none */
#define IDXGEN_UQ_SHADOW_ADDR_HI	0xc4
#define   IDXGEN_UQW_BASE		0x0	/* RW: byte offset in index memory */
#define   IDXGEN_UQW_SIZE		0x4	/* RW: bytes */
#define   IDXGEN_UQW_FLAGS		0x8	/* RW: IDXGEN_UQW_F_*; other bits read 0 */
#define   IDXGEN_UQW_RSVD		0xc	/* reads 0, writes ignored */
#define IDXGEN_FENCE_ALIGN		8

/* The shadow block (FEAT_UQ_SHADOW), IDXGEN_SHADOW_ALIGN bytes aligned */
#define IDXGEN_SHADOW_ALIGN		8
#define IDXGEN_UQ_SHADOW_TAIL		0x0	/* u32, the process: next slot to fill */
#define IDXGEN_UQ_SHADOW_EVENT		0x4	/* u32, the device: tail it went to sleep at */
#define IDXGEN_UQ_SHADOW_SIZE		8

/*
 * After moving a shadow tail from old to new (slots of a ring of size
 * entries, a power of two) and reading the event index: 1 if the device
 * went to sleep at a slot in [old, new), so it needs the doorbell to see
 * the new slots; 0 if it is awake or will read the tail anyway.  Virtio's
 * vring_need_event, on ring slots: the distance from old to event is
 * shorter than the slots added.
 */
static inline int idxgen_uq_shadow_need_doorbell(uint32_t event, uint32_t new_tail,
						 uint32_t old_tail, uint32_t entries)
{
	return ((event - old_tail) & (entries - 1)) < ((new_tail - old_tail) & (entries - 1));
}

#define IDXGEN_UQW_F_VALID		(1u << 0)
#define IDXGEN_UQW_F_WORD16		(1u << 1)	/* 16-bit words allowed */
#define IDXGEN_UQW_F_WORD32		(1u << 2)	/* 32-bit words allowed */
#define IDXGEN_UQW_F_SHARED		(1u << 3)	/* the shared region: jobs must say DESC_F_SHARED */
#define IDXGEN_UQW_F_LOCK		(1u << 4)	/* jobs need the lock in bits 10:8 */
#define IDXGEN_UQW_F_LOCK_SHIFT		8
#define IDXGEN_UQW_F_MASK		(0x1fu | (0x7u << IDXGEN_UQW_F_LOCK_SHIFT))
#define IDXGEN_UQW_F_LOCK_OF(f)		(((f) >> IDXGEN_UQW_F_LOCK_SHIFT) & 0x7u)

/* ------------------------------------------------------------------ */
/* Config descriptor: one job, 64 bytes                                */
/* ------------------------------------------------------------------ */

/*
 * A job generates the packed 3-D indices of one thread block of
 * dx * dy * dz threads.  Thread n = x + y*dx + z*dx*dy is written as a
 * word_size-byte little-endian word at index-memory offset
 * target + n * word_size:
 *
 *	word = x | y << mx | z << (mx + my)
 *
 * The generator runs c lanes: lane i starts at thread i and advances by c
 * threads per cycle using (xc, yc, zc), the index of thread c, with
 * add/compare only.  One warp (c threads) per cycle.
 */
struct idxgen_desc {
	idxgen_le64 target;		/* byte offset in index memory, word aligned */
	idxgen_le32 size_limit;		/* bytes the job may write at target */
	idxgen_le32 job_id;		/* echoed in the completion */
	idxgen_le16 dx;			/* block dimensions, each >= 1 */
	idxgen_le16 dy;
	idxgen_le16 dz;
	idxgen_le16 c;			/* iteration step = lanes used, 1..CAP_LANES */
	idxgen_le16 xc;			/* 3-D index of thread c */
	idxgen_le16 yc;
	idxgen_le16 zc;
	idxgen_u8 mx;			/* bits for x, >= ceil(log2(dx)) */
	idxgen_u8 my;			/* bits for y, >= ceil(log2(dy)) */
	idxgen_u8 mz;			/* bits for z, >= ceil(log2(dz)) */
	idxgen_u8 word_size;		/* 2 or 4 bytes; mx+my+mz <= 8*word_size */
	idxgen_le16 flags;		/* IDXGEN_DESC_F_* */
	/* Schedule order (docs/design.md#schedule-orders): see IDXGEN_ORDER_* below. */
	idxgen_u8 order;		/* IDXGEN_ORDER_* */
	idxgen_u8 rsvd0;
	idxgen_le16 granularity;	/* strided: threads moving together */
	idxgen_le32 stride;		/* strided: stride length */
	idxgen_le16 tile_w;		/* tiled: tile width */
	idxgen_le16 tile_h;		/* tiled: tile height */
	idxgen_le32 grid_blocks;	/* blocks in this job: 0 or 1 now (one block) */
	idxgen_le32 requester;		/* IDXGEN_DESC_REQ_VALID | requester ID, or 0 */
	idxgen_le32 rsvd1[2];		/* must be 0 */
};

#define IDXGEN_DESC_F_SHARED		(1u << 0)	/* target lies in the shared region */
#define IDXGEN_DESC_F_NO_HISTORY	(1u << 1)	/* always generate; do not record */
#define IDXGEN_DESC_F_VALID_MASK	0x3u

/*
 * Schedule orders.  A job's output is the block's threads in *issue order*:
 * the word at position p (offset target + p * word_size) holds the packed
 * index of the p-th thread issued; warp k is positions k*c .. k*c+c-1.
 * Every order is a permutation of the block.  Orders act on the x-y plane
 * (P = dx*dy threads) and take the z-slices one after another: positions
 * z*P .. z*P+P-1 hold slice z, in the slice's order.  Within a slice, a
 * thread's linear number is l = x + y*dx.
 *
 *  SEQUENTIAL	l = 0, 1, 2, ...  (interface 1.0's only order)
 *  STRIDED	threads move in groups of g = granularity consecutive linear
 *		numbers (group G holds l = G*g .. G*g+g-1; the last group may
 *		be partial); groups are issued G = r, r+s, r+2s, ... for
 *		r = 0 .. s-1 (s = stride), each group's threads in l order.
 *		s = 1 (or g >= P) is sequential.
 *  ZIGZAG	rows in y order; even rows (y even) in increasing x, odd rows
 *		in decreasing x (a boustrophedon).
 *  TILED	the plane is cut into tile_w x tile_h tiles (edge tiles partial);
 *		tiles in row-major order of their corners, threads inside a
 *		tile row-major.
 *  HILBERT	the generalized Hilbert curve "gilbert2d" (J. Cerveny) through
 *		the whole dx x dy plane, from (0, 0), major axis x if dx >= dy
 *		else y.  With L the longer side and S the shorter, consecutive
 *		threads are 4-neighbours except for exactly one diagonal step
 *		when L is odd, S even and S > 2 (a 4-connected path would have
 *		to join two cells of one colour through an even number of
 *		cells); never a longer jump.  On 2^k x 2^k planes it is the
 *		classic Hilbert curve.
 *
 * Parameters an order does not use must be 0.  Validation of the order
 * happens at the place of IDXGEN_CPL_BAD_ORDER in the check sequence
 * (after BAD_RESERVED, before BAD_GRID); the codes 18..22 refine it.
 */
#define IDXGEN_ORDER_SEQUENTIAL		0	/* no parameters */
#define IDXGEN_ORDER_STRIDED		1	/* stride >= 1, granularity >= 1 */
#define IDXGEN_ORDER_ZIGZAG		2	/* no parameters */
#define IDXGEN_ORDER_TILED		3	/* tile_w >= 1, tile_h >= 1 */
#define IDXGEN_ORDER_HILBERT		4	/* no parameters */
#define IDXGEN_ORDER_COUNT		5

IDXGEN_STATIC_ASSERT(sizeof(struct idxgen_desc) == 64, "descriptor size");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, target) == 0, "desc.target");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, size_limit) == 8, "desc.size_limit");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, job_id) == 12, "desc.job_id");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, dx) == 16, "desc.dx");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, dy) == 18, "desc.dy");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, dz) == 20, "desc.dz");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, c) == 22, "desc.c");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, xc) == 24, "desc.xc");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, yc) == 26, "desc.yc");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, zc) == 28, "desc.zc");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, mx) == 30, "desc.mx");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, my) == 31, "desc.my");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, mz) == 32, "desc.mz");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, word_size) == 33, "desc.word_size");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, flags) == 34, "desc.flags");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, order) == 36, "desc.order");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, rsvd0) == 37, "desc.rsvd0");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, granularity) == 38, "desc.granularity");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, stride) == 40, "desc.stride");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, tile_w) == 44, "desc.tile_w");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, tile_h) == 46, "desc.tile_h");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, grid_blocks) == 48, "desc.grid_blocks");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, requester) == 52, "desc.requester");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_desc, rsvd1) == 56, "desc.rsvd1");

/* desc.requester: bit 31 valid, bits 3:0 the ID; other bits reserved */
#define IDXGEN_DESC_REQ_VALID		(1u << 31)
#define IDXGEN_DESC_REQ_ID_MASK		0xfu

/* ------------------------------------------------------------------ */
/* Completion record: 32 bytes                                         */
/* ------------------------------------------------------------------ */

struct idxgen_cpl {
	idxgen_le32 job_id;		/* from the descriptor */
	idxgen_le16 status;		/* IDXGEN_CPL_* */
	idxgen_le16 flags;		/* IDXGEN_CPLF_* */
	idxgen_le32 warps;		/* warps generated (0 on a hit or an error) */
	idxgen_le32 threads;		/* dx*dy*dz of the job (0 if invalid) */
	idxgen_le64 cycles;		/* generator clock cycles the job took */
	idxgen_le32 slot;		/* ring slot of the descriptor */
	idxgen_le32 check;		/* IDXGEN_CPL_CHECK() of the fields above */
};

#define IDXGEN_CPLF_HIT			(1u << 0)	/* history hit: output reused */
#define IDXGEN_CPLF_SHARED		(1u << 1)	/* echo of IDXGEN_DESC_F_SHARED */

/*
 * Integrity word, so that a driver can tell a record the device wrote from
 * a corrupted one.  Computed on CPU-order values.
 */
#define IDXGEN_CPL_CHECK_SEED		0x1d8e4c3bu
#define IDXGEN_CPL_CHECK(job_id, status, flags, warps, threads, cycles, slot)	\
	(IDXGEN_CPL_CHECK_SEED ^ (job_id) ^ ((uint32_t)(status) << 16 | (flags)) ^	\
	 (warps) ^ ((threads) * 3u) ^ (uint32_t)(cycles) ^			\
	 (uint32_t)((uint64_t)(cycles) >> 32) ^ ((slot) * 5u))

IDXGEN_STATIC_ASSERT(sizeof(struct idxgen_cpl) == 32, "completion size");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_cpl, job_id) == 0, "cpl.job_id");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_cpl, status) == 4, "cpl.status");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_cpl, flags) == 6, "cpl.flags");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_cpl, warps) == 8, "cpl.warps");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_cpl, threads) == 12, "cpl.threads");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_cpl, cycles) == 16, "cpl.cycles");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_cpl, slot) == 24, "cpl.slot");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_cpl, check) == 28, "cpl.check");

/*
 * Completion status codes.  Validation checks fields in this order and
 * reports the first failure, so each invalid field has its own code.
 */
#define IDXGEN_CPL_OK			0
#define IDXGEN_CPL_BAD_FLAGS		1	/* unknown flag bits */
#define IDXGEN_CPL_BAD_RESERVED		2	/* a reserved field is not 0 */
#define IDXGEN_CPL_BAD_ORDER		3	/* order is not an IDXGEN_ORDER_* value */
#define IDXGEN_CPL_BAD_GRID		4	/* grid_blocks not 0 or 1 */
#define IDXGEN_CPL_BAD_DIMS		5	/* a dimension is 0 or above CAP_MAX_DIM_* */
#define IDXGEN_CPL_TOO_MANY_THREADS	6	/* dx*dy*dz above CAP_MAX_THREADS */
#define IDXGEN_CPL_BAD_STEP		7	/* c is 0 or above CAP_LANES */
#define IDXGEN_CPL_BAD_STEP_INDEX	8	/* (xc, yc, zc) is not the index of thread c */
#define IDXGEN_CPL_BAD_WORD_SIZE	9	/* word_size not 2 or 4, or not supported */
#define IDXGEN_CPL_WIDTH_TOO_SMALL	10	/* an axis width below ceil(log2(d)) */
#define IDXGEN_CPL_WIDTH_OVERFLOW	11	/* mx+my+mz above 8*word_size */
#define IDXGEN_CPL_MISALIGNED		12	/* target not a multiple of word_size */
#define IDXGEN_CPL_OUT_OF_RANGE		13	/* output not inside index memory */
#define IDXGEN_CPL_SIZE_LIMIT		14	/* output larger than size_limit */
#define IDXGEN_CPL_DMA_FAULT		15	/* descriptor could not be fetched */
#define IDXGEN_CPL_NO_FIRMWARE		16	/* device not READY when the job ran */
#define IDXGEN_CPL_ABORTED		17	/* job cancelled (queue disabled or reset) */
/* Schedule orders (docs/design.md#schedule-orders): checked where BAD_ORDER is, in this order */
#define IDXGEN_CPL_ORDER_DISABLED	18	/* order != SEQUENTIAL, FEAT_SCHED_ORDERS off */
#define IDXGEN_CPL_ORDER_UNUSED_PARAM	19	/* a parameter the order does not use is not 0 */
#define IDXGEN_CPL_BAD_STRIDE		20	/* strided: stride 0 */
#define IDXGEN_CPL_BAD_GRANULARITY	21	/* strided: granularity 0 */
#define IDXGEN_CPL_BAD_TILE		22	/* tiled: tile_w or tile_h 0 */
/* 23: reserved for schedule orders */
#define IDXGEN_CPL_NOT_LOCK_HOLDER	24	/* shared target, ARB_CTRL.ENFORCE, requester not holding lock 0 */
/* 25-27: reserved for the arbiter */
/* User queues only (IDXGEN_FEAT_USER_QUEUES): the window check, after every check above */
#define IDXGEN_CPL_UQ_NO_WINDOW		28	/* output not inside one valid window of the queue */
#define IDXGEN_CPL_UQ_WORD_SIZE		29	/* the window forbids this word size or SHARED flag */
#define IDXGEN_CPL_UQ_LOCK		30	/* the window's lock is not held by the queue's requester */
#define IDXGEN_CPL_MAX			30

/* Timing model: cycles of a job at CAP_CLOCK_KHZ */
#define IDXGEN_FILTER_CYCLES		4	/* descriptor fetch + history compare, every job */
/* cycles = IDXGEN_FILTER_CYCLES + (hit ? 0 : warps) */

/* ------------------------------------------------------------------ */
/* Firmware image                                                      */
/* ------------------------------------------------------------------ */

/*
 * An image is a 64-byte header followed by payload_len bytes of records.
 * crc32 is CRC-32/IEEE (zlib's crc32()) over the whole image with the crc32
 * field taken as zero.  Records are 4-byte aligned: a 4-byte record header
 * (type, len) and len bytes of data padded to a multiple of 4.
 */
#define IDXGEN_FW_MAGIC			0x57465849	/* "IXFW" */
#define IDXGEN_FW_FORMAT_VERSION	1
#define IDXGEN_FW_MAX_SIZE		(1u << 20)
#define IDXGEN_FW_VERSION(maj, min, pat) \
	(((uint32_t)(maj) << 16) | ((uint32_t)(min) << 8) | (uint32_t)(pat))

struct idxgen_fw_header {
	idxgen_le32 magic;		/* IDXGEN_FW_MAGIC */
	idxgen_le16 format_version;	/* IDXGEN_FW_FORMAT_VERSION */
	idxgen_le16 header_size;	/* sizeof(struct idxgen_fw_header) */
	idxgen_le32 fw_version;		/* IDXGEN_FW_VERSION() */
	idxgen_le32 payload_len;	/* bytes after the header */
	idxgen_le32 crc32;
	idxgen_le32 flags;		/* must be 0 */
	char name[24];			/* NUL-padded build name */
	idxgen_le32 rsvd[4];		/* must be 0 */
};

IDXGEN_STATIC_ASSERT(sizeof(struct idxgen_fw_header) == 64, "fw header size");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_header, magic) == 0, "fw.magic");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_header, format_version) == 4, "fw.format_version");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_header, header_size) == 6, "fw.header_size");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_header, fw_version) == 8, "fw.fw_version");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_header, payload_len) == 12, "fw.payload_len");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_header, crc32) == 16, "fw.crc32");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_header, flags) == 20, "fw.flags");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_header, name) == 24, "fw.name");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_header, rsvd) == 48, "fw.rsvd");

struct idxgen_fw_record {
	idxgen_le16 type;		/* IDXGEN_FW_REC_* */
	idxgen_le16 len;		/* data bytes, excluding this header and padding */
};

IDXGEN_STATIC_ASSERT(sizeof(struct idxgen_fw_record) == 4, "fw record size");

#define IDXGEN_FW_REC_END		0	/* optional terminator */
#define IDXGEN_FW_REC_PARAMS		1	/* struct idxgen_fw_params, exactly once */
#define IDXGEN_FW_REC_SCHED_TABLE	2	/* struct idxgen_fw_sched_table, at most once */

/*
 * Device parameters.  Each limit must be >= 1 and <= the hardware's; the
 * device applies them as its capability registers.  Records of unknown
 * type are skipped, so newer images still load on this format version.
 */
struct idxgen_fw_params {
	idxgen_le32 max_threads;	/* threads per block */
	idxgen_le16 max_dim_x;
	idxgen_le16 max_dim_y;
	idxgen_le16 max_dim_z;
	idxgen_le16 hist_entries;	/* history entries to use */
	idxgen_le32 features;		/* IDXGEN_FEAT_* to enable (masked by hardware) */
	idxgen_le32 rsvd;		/* must be 0 */
};

IDXGEN_STATIC_ASSERT(sizeof(struct idxgen_fw_params) == 20, "fw params size");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_params, max_threads) == 0, "fwp.max_threads");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_params, max_dim_x) == 4, "fwp.max_dim_x");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_params, max_dim_y) == 6, "fwp.max_dim_y");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_params, max_dim_z) == 8, "fwp.max_dim_z");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_params, hist_entries) == 10, "fwp.hist_entries");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_params, features) == 12, "fwp.features");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_params, rsvd) == 16, "fwp.rsvd");

/*
 * Schedule table (docs/design.md#schedule-orders): named order configurations a descriptor may
 * copy into its inline fields (any other legal configuration works too).
 * The record is a struct idxgen_fw_sched_table followed by count entries.
 * The checker rejects (IDXGEN_FW_ERR_SCHED): a second table record; len not
 * 4 + 24 * count; count 0 or above IDXGEN_SCHED_MAX_ENTRIES; a non-zero
 * rsvd; an entry that a descriptor could not use (unknown order, unused
 * parameter not 0, stride/granularity/tile 0); a name that is empty, not
 * NUL-padded, or not [a-z0-9_:,x-] only.  A table needs
 * IDXGEN_FEAT_SCHED_ORDERS in the params record's features.
 */
#define IDXGEN_SCHED_MAX_ENTRIES	15

struct idxgen_fw_sched_entry {
	idxgen_u8 order;		/* IDXGEN_ORDER_* */
	idxgen_u8 rsvd;			/* must be 0 */
	idxgen_le16 granularity;
	idxgen_le32 stride;
	idxgen_le16 tile_w;
	idxgen_le16 tile_h;
	char name[12];			/* NUL-padded, e.g. "tiled8x8" */
};

struct idxgen_fw_sched_table {
	idxgen_le16 count;		/* entries that follow, 1..IDXGEN_SCHED_MAX_ENTRIES */
	idxgen_le16 rsvd;		/* must be 0 */
};

IDXGEN_STATIC_ASSERT(sizeof(struct idxgen_fw_sched_entry) == 24, "fw sched entry size");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_sched_entry, granularity) == 2, "fws.gran");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_sched_entry, stride) == 4, "fws.stride");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_sched_entry, tile_w) == 8, "fws.tile_w");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_sched_entry, tile_h) == 10, "fws.tile_h");
IDXGEN_STATIC_ASSERT(offsetof(struct idxgen_fw_sched_entry, name) == 12, "fws.name");
IDXGEN_STATIC_ASSERT(sizeof(struct idxgen_fw_sched_table) == 4, "fw sched table size");

/* Hardware maxima of this device generation (the model's defaults) */
#define IDXGEN_HW_MAX_LANES		64
#define IDXGEN_HW_MAX_THREADS		(1u << 20)
#define IDXGEN_HW_MAX_DIM		65535
#define IDXGEN_HW_MAX_HIST		64
#define IDXGEN_HW_MAX_RING		4096
#define IDXGEN_HW_DEFAULT_LANES		32
#define IDXGEN_HW_DEFAULT_HIST		16
#define IDXGEN_HW_DEFAULT_QUEUES	4
#define IDXGEN_HW_DEFAULT_CLOCK_KHZ	100000	/* 100 MHz */

/* Default firmware file, relative to the kernel's firmware search path */
#define IDXGEN_FW_FILE			"idxgen/idxgen-fw.bin"

#endif /* IDXGEN_HW_H */
