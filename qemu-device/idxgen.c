/*
 * idxgen: a PCIe accelerator that generates CUDA-style thread indices.
 *
 * The hardware interface (PCI identity, BARs, registers, descriptor,
 * completion record, firmware image) is defined once in idxgen_hw.h; the
 * generator itself (validation, add/compare iterator, packer, history cache,
 * cycle accounting, firmware check) is the shared model in idxgen_model.h.
 * This file is the QEMU glue: BARs, DMA, queues, timing, interrupts, reset,
 * fault injection and migration.
 *
 * BAR0  registers (32-bit MMIO, 4- and 8-byte accesses)
 * BAR2  index memory (64-bit prefetchable).  A ROM device: guest reads go
 *       straight to RAM, guest writes trap so that the history entries the
 *       write overlaps are invalidated (a history hit is valid only while
 *       index memory holds exactly the job's output).
 * BAR4  MSI-X table and PBA: one vector per config queue plus one error
 *       vector, then one per user queue.
 * BAR5  user-queue doorbell pages (num-uqueues > 0): page u rings user
 *       queue u.  A process writes here: nothing it writes may make the
 *       device FATAL or reach another queue.
 *
 * Timing model: a job starts when the device picks it (round robin over the
 * queues, one job at a time: there is one generator).  It takes
 * igm_job_cycles() of the model clock: IDXGEN_FILTER_CYCLES + (hit ? 0 :
 * warps), the Hilbert order's miss more (the circuit's refill passes); warp
 * k of a miss is in index memory IDXGEN_FILTER_CYCLES + k + 1 cycles after
 * the start (Q_WARPS_READY), a Hilbert job's warps spread evenly over its
 * generation cycles (idxgen_warps_due).  A QEMU_CLOCK_VIRTUAL timer drives generation in
 * bounded chunks and completes the job when its cycles have elapsed.
 *
 * Copyright (c) 2026 the idxgen authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */

#include "qemu/osdep.h"
#include "qemu/log.h"
#include "qemu/units.h"
#include "qemu/timer.h"
#include "qemu/main-loop.h"
#include "qemu/host-utils.h"
#include "qemu/module.h"
#include "qapi/error.h"
#include "qapi/visitor.h"
#include "hw/pci/pci_device.h"
#include "hw/pci/pcie.h"
#include "hw/pci/pcie_aer.h"
#include "hw/pci/msix.h"
#include "hw/qdev-properties.h"
#include "hw/resettable.h"
#include "migration/vmstate.h"
#include "system/dma.h"
#include "qom/object.h"

#include "idxgen_hw.h"
#include "idxgen_model.h"
#include "idxgen_arb.h"
#include "idxgen_uq.h"
#include "trace.h"

#define TYPE_IDXGEN "idxgen"
OBJECT_DECLARE_SIMPLE_TYPE(IdxgenState, IDXGEN)

/* Upper bound of the threads generated per timer tick (bounded work). */
#define IDXGEN_CHUNK_THREADS    16384
/* PCIe capability offset in config space. */
#define IDXGEN_PCIE_CAP_OFFSET  0x80
#define IDXGEN_AER_CAP_OFFSET   0x100

/* Hardware features of this model (firmware may enable a subset). */
#define IDXGEN_HW_FEATURES      (IDXGEN_FEAT_WORD16 | IDXGEN_FEAT_WORD32 | \
                                 IDXGEN_FEAT_INCREMENTAL | \
                                 IDXGEN_FEAT_HIST_RANGE | \
                                 IDXGEN_FEAT_SCHED_ORDERS | \
                                 IDXGEN_FEAT_PRIORITY | IDXGEN_FEAT_MUTEX_ARB)
/* Hardware blocks that are on whether or not the firmware lists them */
#define IDXGEN_HW_FIXED_FEATURES (IDXGEN_FEAT_DEBUG | IDXGEN_FEAT_PRIORITY | \
                                  IDXGEN_FEAT_MUTEX_ARB | \
                                  IDXGEN_FEAT_USER_QUEUES | \
                                  IDXGEN_FEAT_UQ_SHADOW)

/*
 * Queues in IdxgenState.q: config queue q at index q, user queue u at
 * IDXGEN_UQN(u), so that the job engine serves both with one code path.
 */
#define IDXGEN_UQN(u)           (IDXGEN_MAX_QUEUES + (u))
#define IDXGEN_ALL_QUEUES       (IDXGEN_MAX_QUEUES + IDXGEN_MAX_UQUEUES)

/* x-sched-corrupt values: what the schedule-table registers misreport */
#define IDXGEN_SCHED_CORRUPT_NONE   0
#define IDXGEN_SCHED_CORRUPT_ENTRY  1   /* entry 0: an unknown order */
#define IDXGEN_SCHED_CORRUPT_COUNT  2   /* SCHED_COUNT above the maximum */

typedef struct IdxgenQueue {
    /* Registers as written by the guest. */
    uint64_t ring_base;
    uint64_t cpl_base;
    uint32_t ring_size;
    uint32_t irq_vector;
    uint32_t priority;
    /* Latched at Q_CTRL.ENABLE 0 -> 1. */
    uint64_t ring_base_l;
    uint64_t cpl_base_l;
    uint32_t size_l;
    bool enabled;
    uint8_t err;                /* IDXGEN_QERR_*, sticky until re-enable */
    uint32_t head;
    uint32_t tail;
    uint32_t warps_ready;
    uint32_t cur_job_id;
    uint32_t completed;
    /* User queues only (IDXGEN_UQ_*); 0 in config queues. */
    uint64_t fence_addr;
    uint64_t fence_addr_l;      /* latched at enable */
    uint64_t fence_value;       /* completions since enable */
    uint32_t requester;         /* stamped on every job */
    uint32_t rejected;          /* jobs that failed the window check */
    uint32_t win_base[IDXGEN_UQ_WINDOWS];
    uint32_t win_size[IDXGEN_UQ_WINDOWS];
    uint32_t win_flags[IDXGEN_UQ_WINDOWS];
    /* Shadow tail (FEAT_UQ_SHADOW): the block's address, as written and latched */
    uint64_t shadow_addr;
    uint64_t shadow_addr_l;
    uint32_t shadow_event;      /* event index last written, or NO_EVENT */
    /*
     * End of the idle window (uq-idle-ns) the queue is in: found empty, the
     * device keeps reading its tail until then before it sleeps; 0: none
     * (working, or asleep).  Not migrated: post_load starts a new window.
     */
    int64_t idle_end;
} IdxgenQueue;

/* How often a shadow queue in its idle window has its tail read, and how long */
#define IDXGEN_UQ_IDLE_POLL_NS  2000
#define IDXGEN_UQ_IDLE_NS_DEFAULT 20000

/* IdxgenQueue.shadow_event before the first write since enable */
#define IDXGEN_SHADOW_NO_EVENT  UINT32_MAX

struct IdxgenState {
    PCIDevice parent_obj;

    MemoryRegion regs;
    MemoryRegion imem;
    MemoryRegion doorbells;     /* BAR5, with num_uqueues */
    uint8_t *imem_ptr;
    QEMUBH *bh;
    QEMUTimer *timer;

    /* Properties */
    uint64_t imem_size;
    uint32_t num_queues;
    uint32_t num_uqueues;       /* 0: no user queues (interface 1.0) */
    bool uq_shadow;             /* FEAT_UQ_SHADOW (off: a 1.1 device's queues) */
    uint32_t uq_idle_ns;        /* shadow queues' idle window; 0: sleep at once */
    uint32_t lanes;
    uint32_t hist_entries;
    uint32_t clock_khz;
    bool debug;
    bool aer;                   /* AER extended capability (error injection) */
    bool fault_hang;
    bool fault_drop_irq;
    bool fault_corrupt_cpl;
    bool fault_fail_dma;
    /*
     * x-sched-corrupt (test only, settable at run time with qom-set): make
     * the schedule-table registers lie, so that a driver's check of this
     * untrusted table can be tested.  IDXGEN_SCHED_CORRUPT_*.
     */
    uint32_t sched_corrupt;

    /* Derived at realize */
    uint32_t hw_features;
    uint32_t nvectors;

    /* Global registers */
    uint32_t ctrl;              /* IDXGEN_CTRL_ENABLE only */
    bool fatal;
    uint32_t fatal_code;
    bool ready;
    uint32_t fw_status;
    uint32_t fw_version;
    uint64_t fw_addr;
    uint32_t fw_size;
    /* The loaded firmware's schedule table (0x200..0x2ff); 0: none */
    uint32_t sched_count;
    uint32_t sched_order[IDXGEN_SCHED_MAX_ENTRIES];
    uint32_t sched_stride[IDXGEN_SCHED_MAX_ENTRIES];
    uint32_t sched_gran[IDXGEN_SCHED_MAX_ENTRIES];
    uint32_t sched_tile_w[IDXGEN_SCHED_MAX_ENTRIES];
    uint32_t sched_tile_h[IDXGEN_SCHED_MAX_ENTRIES];
    /* Effective capabilities (hardware values, or the firmware's) */
    uint32_t cap_max_threads;
    uint32_t cap_max_dim[3];
    uint32_t cap_hist;
    uint32_t cap_features;
    uint32_t irq_status;
    uint32_t irq_enable;
    uint32_t uq_irq_status;     /* bit u: user queue u */
    uint32_t uq_irq_enable;
    uint64_t range_base;
    uint64_t range_size;
    uint32_t range_status;
    uint64_t stat_jobs;
    uint64_t stat_hits;
    uint64_t stat_misses;
    uint64_t stat_warps;
    uint64_t stat_busy_cycles;
    uint64_t stat_errors;
    uint32_t dbg_fault;         /* armed one-shot faults */
    uint32_t dbg_fired;
    uint32_t bad_head_q;        /* queues with BAD_HEAD pending, unmigrated */
    uint32_t dbg_scratch;

    IdxgenQueue q[IDXGEN_ALL_QUEUES];  /* see IDXGEN_UQN */
    struct igm_arb arb;         /* docs/design.md#arbiter; model/idxgen_arb.c */
    QEMUTimer *arb_timer;       /* serves the arbiter FIFO */
    uint32_t rr_next;           /* round robin: next of idxgen_rr_queue() */

    struct igm_hist hist;

    /* The job in flight (one generator). */
    bool job_active;
    bool job_hit;
    bool job_hang;              /* IDXGEN_FAULT_HANG_JOB fired on it */
    bool job_dirty;             /* its output range was overwritten */
    bool job_have_desc;         /* descriptor fetched */
    uint32_t job_q;
    uint32_t job_slot;
    int32_t job_status;         /* IDXGEN_CPL_* */
    int64_t job_t0;             /* QEMU_CLOCK_VIRTUAL ns at start */
    uint64_t job_cycles;
    uint64_t job_warps;         /* total warps of a miss */
    uint64_t job_warps_done;    /* warps in index memory (migrated) */
    uint8_t job_desc[sizeof(struct idxgen_desc)];
    struct igm_job job;      /* decoded job_desc */
    struct igm_gen gen;      /* re-derived from job + progress on load */
};

/* ------------------------------------------------------------------ */
/* Helpers                                                            */
/* ------------------------------------------------------------------ */

static bool idxgen_range_ok(uint64_t base, uint64_t len, uint64_t size)
{
    return len <= size && base <= size - len;
}

static bool idxgen_is_uq(unsigned qn)
{
    return qn >= IDXGEN_MAX_QUEUES;
}

/* Queue qn exists on this device (a config queue or a user queue). */
static bool idxgen_queue_exists(IdxgenState *s, unsigned qn)
{
    return idxgen_is_uq(qn) ? qn - IDXGEN_MAX_QUEUES < s->num_uqueues :
        qn < s->num_queues;
}

/* UQ_IRQ_* bits of the user queues present (MAKE_64BIT_MASK needs a length >= 1) */
static uint32_t idxgen_uq_mask(IdxgenState *s)
{
    return s->num_uqueues ? MAKE_64BIT_MASK(0, s->num_uqueues) : 0;
}

/* Round robin goes over the config queues, then the user queues. */
static unsigned idxgen_rr_count(IdxgenState *s)
{
    return s->num_queues + s->num_uqueues;
}

static unsigned idxgen_rr_queue(IdxgenState *s, unsigned i)
{
    return i < s->num_queues ? i : IDXGEN_UQN(i - s->num_queues);
}

static void igm_limits(IdxgenState *s, struct igm_limits *l, bool hw)
{
    l->lanes = s->lanes;
    l->imem_size = s->imem_size;
    if (hw) {
        l->max_threads = IDXGEN_HW_MAX_THREADS;
        l->max_dim[0] = l->max_dim[1] = l->max_dim[2] = IDXGEN_HW_MAX_DIM;
        l->features = s->hw_features;
    } else {
        l->max_threads = s->cap_max_threads;
        l->max_dim[0] = s->cap_max_dim[0];
        l->max_dim[1] = s->cap_max_dim[1];
        l->max_dim[2] = s->cap_max_dim[2];
        l->features = s->cap_features;
    }
}

/* Capabilities back to the hardware's (no firmware). */
static void idxgen_caps_hw(IdxgenState *s)
{
    s->cap_max_threads = IDXGEN_HW_MAX_THREADS;
    s->cap_max_dim[0] = s->cap_max_dim[1] = s->cap_max_dim[2] =
        IDXGEN_HW_MAX_DIM;
    s->cap_hist = s->hist_entries;
    s->cap_features = s->hw_features;
    igm_hist_init(&s->hist, s->cap_hist);
}

static uint64_t idxgen_cycles_to_ns(IdxgenState *s, uint64_t cycles)
{
    /* Rounded up so that idxgen_ns_to_cycles(idxgen_cycles_to_ns(c)) >= c */
    return muldiv64_round_up(cycles, 1000000, s->clock_khz);
}

static uint64_t idxgen_ns_to_cycles(IdxgenState *s, int64_t ns)
{
    return ns > 0 ? muldiv64(ns, s->clock_khz, 1000000) : 0;
}

static uint64_t idxgen_chunk_warps(IdxgenState *s)
{
    return MAX(1, IDXGEN_CHUNK_THREADS / MAX(s->job.c, 1));
}

static bool idxgen_job_generating(IdxgenState *s)
{
    return s->job_status == IDXGEN_CPL_OK && !s->job_hit;
}

/*
 * Warps of a miss in index memory el cycles after its start: one a cycle
 * after the filter, so warps == gen cycles and the ratio is 1, except for
 * Hilbert jobs, whose gen cycles (igm_job_cycles) exceed their warps: their
 * warps come at the same pace over the job (the circuit's own arrival
 * times follow the curve's recursion; its total is what the model keeps).
 */
static uint64_t idxgen_warps_due(IdxgenState *s, uint64_t el)
{
    uint64_t gen = s->job_cycles - IDXGEN_FILTER_CYCLES;

    if (el <= IDXGEN_FILTER_CYCLES || !gen) {
        return 0;
    }
    el = MIN(el - IDXGEN_FILTER_CYCLES, gen);
    return el * s->job_warps / gen;     /* < 2^22 * 2^20: no overflow */
}

/* The first cycle after the start at which warps warps are due. */
static uint64_t idxgen_warps_due_cycle(IdxgenState *s, uint64_t warps)
{
    uint64_t gen = s->job_cycles - IDXGEN_FILTER_CYCLES;

    return IDXGEN_FILTER_CYCLES +
        (s->job_warps ? DIV_ROUND_UP(warps * gen, s->job_warps) : 0);
}

/* ------------------------------------------------------------------ */
/* Interrupts, errors, faults                                         */
/* ------------------------------------------------------------------ */

/* Signal an enabled interrupt source (bit of IRQ_STATUS or UQ_IRQ_STATUS). */
static void idxgen_msix_signal(IdxgenState *s, uint32_t bit, uint32_t vector)
{
    PCIDevice *pdev = PCI_DEVICE(s);
    bool deliver;

    if (s->dbg_fault & IDXGEN_FAULT_DROP_IRQ) {
        s->dbg_fault &= ~IDXGEN_FAULT_DROP_IRQ;
        s->dbg_fired |= IDXGEN_FAULT_DROP_IRQ;
        qemu_log_mask(LOG_UNIMP, "idxgen: fault: interrupt 0x%x dropped\n",
                      bit);
        trace_idxgen_irq_raise(bit, vector, false);
        return;
    }
    deliver = vector < s->nvectors && msix_enabled(pdev);
    trace_idxgen_irq_raise(bit, vector, deliver);
    if (deliver) {
        msix_notify(pdev, vector);
    }
}

static void idxgen_irq_raise(IdxgenState *s, uint32_t bit, uint32_t vector)
{
    s->irq_status |= bit;
    if (!(s->irq_enable & bit)) {
        trace_idxgen_irq_raise(bit, vector, false);
        return;
    }
    idxgen_msix_signal(s, bit, vector);
}

/* User queue qn completed a job or faulted: its own vector only. */
static void idxgen_uq_irq_raise(IdxgenState *s, unsigned qn)
{
    uint32_t bit = 1u << (qn - IDXGEN_MAX_QUEUES);

    s->uq_irq_status |= bit;
    if (!(s->uq_irq_enable & bit)) {
        trace_idxgen_irq_raise(bit, s->q[qn].irq_vector, false);
        return;
    }
    idxgen_msix_signal(s, bit, s->q[qn].irq_vector);
}

static void idxgen_irq_error(IdxgenState *s)
{
    idxgen_irq_raise(s, IDXGEN_IRQ_ERROR,
                     IDXGEN_MSIX_ERR_VECTOR(s->num_queues));
}

/*
 * A queue error.  A user queue's error stops it and is signalled on its own
 * vector: the process behind it can cause it at will, so it must not reach
 * the error vector that the whole device shares.
 */
static void idxgen_queue_error(IdxgenState *s, unsigned qn, uint8_t err)
{
    s->q[qn].err = err;
    if (idxgen_is_uq(qn)) {
        trace_idxgen_uq_fault(qn - IDXGEN_MAX_QUEUES, err);
        s->q[qn].enabled = false;
        idxgen_uq_irq_raise(s, qn);
        return;
    }
    idxgen_irq_error(s);
}

static void idxgen_fatal(IdxgenState *s, uint32_t code)
{
    if (!s->fatal) {
        trace_idxgen_fatal(code);
        s->fatal = true;
        s->fatal_code = code;
        idxgen_irq_error(s);
    }
}

/* ------------------------------------------------------------------ */
/* Arbiter (docs/design.md#arbiter): the rules are model/idxgen_arb.c's */
/* ------------------------------------------------------------------ */

/*
 * The arbiter's decisions are made inside the model (no QEMU headers
 * there); the device traces them by comparing the lock owners and the
 * decision counters before and after each call into it.
 */
typedef struct IdxgenArbSnap {
    uint32_t owner[IDXGEN_ARB_LOCKS];
    uint64_t preemptions;
    uint64_t hold_releases;
    uint64_t denials;
} IdxgenArbSnap;

static void idxgen_arb_snap(IdxgenState *s, IdxgenArbSnap *snap)
{
    unsigned i;

    for (i = 0; i < IDXGEN_ARB_LOCKS; i++) {
        snap->owner[i] = igm_arb_owner(&s->arb, i);
    }
    snap->preemptions = s->arb.stat_preemptions;
    snap->hold_releases = s->arb.stat_hold_releases;
    snap->denials = s->arb.stat_denials;
}

static void idxgen_arb_trace(IdxgenState *s, const IdxgenArbSnap *before)
{
    IdxgenArbSnap now;
    unsigned i;

    idxgen_arb_snap(s, &now);
    if (now.preemptions != before->preemptions) {
        trace_idxgen_arb_preempt(now.preemptions);
    }
    if (now.hold_releases != before->hold_releases) {
        trace_idxgen_arb_hold_release(now.hold_releases);
    }
    if (now.denials != before->denials) {
        trace_idxgen_arb_denied(now.denials);
    }
    for (i = 0; i < IDXGEN_ARB_LOCKS; i++) {
        if (now.owner[i] == before->owner[i]) {
            continue;
        }
        if (before->owner[i] != IGM_ARB_NONE) {
            trace_idxgen_arb_release(i, before->owner[i]);
        }
        if (now.owner[i] != IGM_ARB_NONE) {
            trace_idxgen_arb_grant(i, now.owner[i]);
        }
    }
}

/*
 * After anything the arbiter did (before: its state before the call):
 * trace the decisions, signal events, keep the FIFO served.
 */
static void idxgen_arb_update(IdxgenState *s, const IdxgenArbSnap *before)
{
    idxgen_arb_trace(s, before);
    if (igm_arb_take_irq(&s->arb)) {
        idxgen_irq_raise(s, IDXGEN_IRQ_ARB,
                         IDXGEN_MSIX_ERR_VECTOR(s->num_queues));
    }
    if (s->arb.fifo_count && !timer_pending(s->arb_timer)) {
        timer_mod(s->arb_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL) +
                  idxgen_cycles_to_ns(s, IDXGEN_ARB_SERVE_CYCLES));
    }
}

static void idxgen_arb_timer_cb(void *opaque)
{
    IdxgenState *s = opaque;
    IdxgenArbSnap before;

    idxgen_arb_snap(s, &before);
    igm_arb_serve(&s->arb);
    idxgen_arb_update(s, &before);
}

static uint64_t idxgen_arb_mmio_read(IdxgenState *s, hwaddr addr)
{
    return igm_arb_read(&s->arb, addr);
}

static void idxgen_arb_mmio_write(IdxgenState *s, hwaddr addr, uint64_t val)
{
    IdxgenArbSnap before;

    idxgen_arb_snap(s, &before);
    igm_arb_write(&s->arb, addr, val);
    if (addr == IDXGEN_REG_ARB_CMD &&
        s->arb.cmd_result != IDXGEN_ARB_R_OK) {
        qemu_log_mask(LOG_GUEST_ERROR, "idxgen: arbiter command 0x%" PRIx64
                      " rejected: %u\n", val, s->arb.cmd_result);
    }
    idxgen_arb_update(s, &before);
}

/* All device DMA goes through here: bounds, and the FAIL_DMA fault. */
static MemTxResult idxgen_dma(IdxgenState *s, uint64_t addr, void *buf,
                              uint64_t len, DMADirection dir)
{
    if (addr + len < addr) {
        return MEMTX_DECODE_ERROR;
    }
    if (s->dbg_fault & IDXGEN_FAULT_FAIL_DMA) {
        s->dbg_fault &= ~IDXGEN_FAULT_FAIL_DMA;
        s->dbg_fired |= IDXGEN_FAULT_FAIL_DMA;
        qemu_log_mask(LOG_UNIMP, "idxgen: fault: DMA at 0x%" PRIx64
                      " failed\n", addr);
        return MEMTX_ERROR;
    }
    return pci_dma_rw(PCI_DEVICE(s), addr, buf, len, dir,
                      MEMTXATTRS_UNSPECIFIED);
}

/* ------------------------------------------------------------------ */
/* Index memory                                                       */
/* ------------------------------------------------------------------ */

/* Index memory [base, base + len) changed behind the generator's back. */
static void idxgen_imem_changed(IdxgenState *s, uint64_t base, uint64_t len)
{
    trace_idxgen_hist_invalidate(base, len);
    igm_hist_invalidate(&s->hist, base, len);
    if (s->job_active && idxgen_job_generating(s)) {
        uint64_t jb = s->job.target, jl = igm_job_bytes(&s->job);

        if (base < jb + jl && jb < base + len) {
            s->job_dirty = true;
        }
    }
}

static uint64_t idxgen_imem_read(void *opaque, hwaddr addr, unsigned size)
{
    IdxgenState *s = opaque;

    /* Only used if ROMD mode were off: index memory reads go to RAM. */
    return ldn_le_p(s->imem_ptr + addr, size);
}

static void idxgen_imem_write(void *opaque, hwaddr addr, uint64_t val,
                              unsigned size)
{
    IdxgenState *s = opaque;

    /* The memory core keeps addr + size inside the region. */
    stn_le_p(s->imem_ptr + addr, size, val);
    memory_region_flush_rom_device(&s->imem, addr, size);
    idxgen_imem_changed(s, addr, size);
}

static const MemoryRegionOps idxgen_imem_ops = {
    .read = idxgen_imem_read,
    .write = idxgen_imem_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 1,
        .max_access_size = 8,
    },
    .impl = {
        .min_access_size = 1,
        .max_access_size = 8,
    },
};

/* ------------------------------------------------------------------ */
/* Jobs                                                               */
/* ------------------------------------------------------------------ */

static void idxgen_job_arm(IdxgenState *s);
static void idxgen_schedule(IdxgenState *s);

static bool idxgen_can_run(IdxgenState *s)
{
    return (s->ctrl & IDXGEN_CTRL_ENABLE) && !s->fatal;
}

static void idxgen_kick(IdxgenState *s)
{
    if (!s->job_active && idxgen_can_run(s)) {
        qemu_bh_schedule(s->bh);
    }
}

/*
 * Write the completion of the job in flight, advance HEAD, count, raise the
 * queue's interrupt.  status overrides the job's (ABORTED).
 */
/* The statistics registers' view of a finished job. */
static void idxgen_job_count(IdxgenState *s, bool ok, uint64_t cycles,
                             uint32_t warps)
{
    s->stat_jobs++;
    s->stat_busy_cycles += cycles;
    if (!ok) {
        s->stat_errors++;
    } else if (s->job_hit) {
        s->stat_hits++;
    } else {
        s->stat_misses++;
        s->stat_warps += warps;
    }
}

/*
 * Write the current job's completion record into queue qn's ring (with the
 * CORRUPT_CPL fault applied): false, and the queue stopped, if the DMA fails.
 */
static bool idxgen_cpl_write(IdxgenState *s, unsigned qn,
                             struct idxgen_cpl *cpl)
{
    IdxgenQueue *q = &s->q[qn];
    uint64_t addr = q->cpl_base_l + (uint64_t)s->job_slot * sizeof(*cpl);

    if (s->dbg_fault & IDXGEN_FAULT_CORRUPT_CPL) {
        s->dbg_fault &= ~IDXGEN_FAULT_CORRUPT_CPL;
        s->dbg_fired |= IDXGEN_FAULT_CORRUPT_CPL;
        cpl->check = cpu_to_le32(le32_to_cpu(cpl->check) ^ 0x5a5a5a5a);
    }
    if (idxgen_dma(s, addr, cpl, sizeof(*cpl),
                   DMA_DIRECTION_FROM_DEVICE) != MEMTX_OK) {
        trace_idxgen_cpl_write_failed(qn, addr);
        qemu_log_mask(LOG_GUEST_ERROR, "idxgen: queue %u: completion write "
                      "to 0x%" PRIx64 " failed, queue stopped\n", qn, addr);
        q->enabled = false;
        idxgen_queue_error(s, qn, IDXGEN_QERR_DMA);
        return false;
    }
    return true;
}

/*
 * After a user queue's completion record: its completion value, its
 * interrupt; a descriptor it could not fetch stops it (a bad ring).
 */
static void idxgen_uq_complete(IdxgenState *s, unsigned qn, int status)
{
    IdxgenQueue *q = &s->q[qn];
    uint64_t v;

    q->fence_value++;
    v = cpu_to_le64(q->fence_value);
    if (idxgen_dma(s, q->fence_addr_l, &v, sizeof(v),
                   DMA_DIRECTION_FROM_DEVICE) != MEMTX_OK) {
        qemu_log_mask(LOG_GUEST_ERROR, "idxgen: user queue %u: completion "
                      "value write to 0x%" PRIx64 " failed, queue stopped\n",
                      qn - IDXGEN_MAX_QUEUES, q->fence_addr_l);
        idxgen_queue_error(s, qn, IDXGEN_QERR_DMA);
        return;
    }
    if (status == IDXGEN_CPL_DMA_FAULT && !s->job_have_desc) {
        idxgen_queue_error(s, qn, IDXGEN_QERR_DMA);
        return;
    }
    idxgen_uq_irq_raise(s, qn);
}

static void idxgen_job_complete(IdxgenState *s, int status, uint64_t cycles)
{
    IdxgenQueue *q = &s->q[s->job_q];
    unsigned qn = s->job_q;
    struct idxgen_cpl cpl;
    uint32_t flags = 0, job_id = 0, warps = 0, threads = 0;
    bool ok = status == IDXGEN_CPL_OK;

    if (s->job_have_desc) {
        job_id = s->job.job_id;
        if (s->job.flags & IDXGEN_DESC_F_SHARED) {
            flags |= IDXGEN_CPLF_SHARED;
        }
    }
    if (ok) {
        threads = igm_job_threads(&s->job);
        if (s->job_hit) {
            flags |= IDXGEN_CPLF_HIT;
        } else {
            warps = s->job_warps_done;
        }
    }

    /* The output is in index memory: remember it, unless overwritten. */
    if (ok && !s->job_hit && !s->job_dirty &&
        !(s->job.flags & IDXGEN_DESC_F_NO_HISTORY)) {
        trace_idxgen_hist_insert(s->job.target, igm_job_bytes(&s->job));
        igm_hist_insert(&s->hist, &s->job);
    }

    s->job_active = false;
    timer_del(s->timer);
    if (s->job_have_desc) {
        IdxgenArbSnap before;

        idxgen_arb_snap(s, &before);
        igm_arb_job_done(&s->arb, s->job.requester);
        idxgen_arb_update(s, &before);
    }

    idxgen_job_count(s, ok, cycles, warps);
    if (ok && !s->job_hit) {
        q->warps_ready = warps;
    }

    trace_idxgen_job_complete(qn, s->job_slot, job_id, status, warps, cycles);
    igm_cpl_fill(&cpl, job_id, status, flags, warps, threads, cycles,
                 s->job_slot);
    if (!idxgen_cpl_write(s, qn, &cpl)) {
        return;
    }
    q->head = (q->head + 1) & (q->size_l - 1);
    q->completed++;
    if (idxgen_is_uq(qn)) {
        idxgen_uq_complete(s, qn, status);
        return;
    }
    idxgen_irq_raise(s, IDXGEN_IRQ_QUEUE(qn), q->irq_vector);
}

/* A user queue's job against its window table: the job's status. */
static int idxgen_uq_window_check(IdxgenState *s, unsigned qn)
{
    IdxgenQueue *q = &s->q[qn];
    struct igm_uq_window w[IDXGEN_UQ_WINDOWS];
    uint32_t held = 0;
    unsigned i;
    int status;

    for (i = 0; i < IDXGEN_UQ_WINDOWS; i++) {
        w[i].base = q->win_base[i];
        w[i].size = q->win_size[i];
        w[i].flags = q->win_flags[i];
    }
    if (q->requester & IDXGEN_DESC_REQ_VALID) {
        held = igm_arb_held(&s->arb, q->requester & IDXGEN_DESC_REQ_ID_MASK);
    }
    status = igm_uq_window_check(w, IDXGEN_UQ_WINDOWS, &s->job, held);
    if (status != IDXGEN_CPL_OK) {
        q->rejected++;
        trace_idxgen_uq_reject(qn - IDXGEN_MAX_QUEUES, s->job.target,
                               igm_cpl_status_name(status));
    }
    return status;
}

/*
 * Fetch the descriptor at the queue's head and check it (firmware loaded,
 * the limits, the arbiter): the job's status.
 */
static int idxgen_job_fetch(IdxgenState *s, unsigned qn)
{
    IdxgenQueue *q = &s->q[qn];
    struct igm_limits lim;
    struct idxgen_desc desc;
    int status;

    if (idxgen_dma(s, q->ring_base_l + (uint64_t)q->head * sizeof(desc),
                   &desc, sizeof(desc), DMA_DIRECTION_TO_DEVICE) != MEMTX_OK) {
        qemu_log_mask(LOG_GUEST_ERROR, "idxgen: queue %u slot %u: "
                      "descriptor fetch failed\n", qn, q->head);
        return IDXGEN_CPL_DMA_FAULT;
    }
    if (idxgen_is_uq(qn)) {
        /* The queue's requester, whatever the process wrote there */
        desc.requester = cpu_to_le32(q->requester);
    }
    memcpy(s->job_desc, &desc, sizeof(desc));
    igm_job_from_desc(&s->job, &desc);
    s->job_have_desc = true;
    q->cur_job_id = s->job.job_id;
    trace_idxgen_job_fetch(qn, s->job_slot, s->job.job_id);
    if (!s->ready) {
        return IDXGEN_CPL_NO_FIRMWARE;
    }
    igm_limits(s, &lim, false);
    status = igm_job_validate(&s->job, &lim);
    if (status != IDXGEN_CPL_OK) {
        return status;
    }
    status = igm_arb_job_check(&s->arb, s->job.flags, s->job.requester);
    if (status != IDXGEN_CPL_OK || !idxgen_is_uq(qn)) {
        return status;
    }
    return idxgen_uq_window_check(s, qn);
}

/* A valid job: served from the history, or the generator set up for it. */
static void idxgen_job_begin(IdxgenState *s, IdxgenQueue *q)
{
    s->job_warps = igm_job_warps(&s->job);
    if (!(s->job.flags & IDXGEN_DESC_F_NO_HISTORY) &&
        igm_hist_lookup(&s->hist, &s->job)) {
        trace_idxgen_hist_hit(s->job.target, igm_job_bytes(&s->job));
        s->job_hit = true;
        q->warps_ready = s->job_warps;
    } else {
        /* About to overwrite the range: entries there become stale. */
        trace_idxgen_hist_miss(s->job.target, igm_job_bytes(&s->job));
        igm_hist_invalidate(&s->hist, s->job.target,
                            igm_job_bytes(&s->job));
        igm_gen_init(&s->gen, &s->job);
    }
    s->job_cycles = igm_job_cycles(&s->job, s->job_hit);
}

static void idxgen_job_start(IdxgenState *s, unsigned qn)
{
    IdxgenQueue *q = &s->q[qn];

    s->job_active = true;
    s->job_q = qn;
    s->job_slot = q->head;
    s->job_t0 = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    s->job_hit = false;
    s->job_hang = false;
    s->job_dirty = false;
    s->job_have_desc = false;
    s->job_warps = 0;
    s->job_warps_done = 0;
    memset(&s->job, 0, sizeof(s->job));
    memset(s->job_desc, 0, sizeof(s->job_desc));
    q->warps_ready = 0;

    s->job_status = idxgen_job_fetch(s, qn);
    if (s->job_status != IDXGEN_CPL_OK) {
        trace_idxgen_job_error(qn, s->job_slot,
                               igm_cpl_status_name(s->job_status));
        qemu_log_mask(LOG_GUEST_ERROR, "idxgen: queue %u slot %u: job "
                      "rejected: %s\n", qn, s->job_slot,
                      igm_cpl_status_name(s->job_status));
        s->job_cycles = IDXGEN_FILTER_CYCLES;
    } else {
        idxgen_job_begin(s, q);
        trace_idxgen_job_start(qn, s->job_slot, s->job_hit, s->job_warps,
                               s->job_cycles);
    }

    if (s->dbg_fault & IDXGEN_FAULT_HANG_JOB) {
        s->dbg_fault &= ~IDXGEN_FAULT_HANG_JOB;
        s->dbg_fired |= IDXGEN_FAULT_HANG_JOB;
        s->job_hang = true;
        qemu_log_mask(LOG_UNIMP, "idxgen: fault: queue %u slot %u hangs\n",
                      qn, s->job_slot);
        return;
    }
    idxgen_job_arm(s);
}

/* Arm the timer for the next event of the job in flight. */
static void idxgen_job_arm(IdxgenState *s)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    uint64_t cyc = s->job_cycles;
    int64_t when;

    if (!s->job_active || s->job_hang) {
        return;
    }
    if (idxgen_job_generating(s) && !igm_gen_done(&s->gen)) {
        cyc = idxgen_warps_due_cycle(s,
            MIN(s->job_warps_done + idxgen_chunk_warps(s), s->job_warps));
    }
    when = s->job_t0 + idxgen_cycles_to_ns(s, cyc);
    timer_mod(s->timer, MAX(when, now + 1));
}

/* One tick: generate the warps that are due (bounded), complete if done. */
static void idxgen_job_step(IdxgenState *s)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    uint64_t el = idxgen_ns_to_cycles(s, now - s->job_t0);
    bool gen_pending = idxgen_job_generating(s) && !igm_gen_done(&s->gen);

    if (!s->job_active || s->job_hang) {
        return;
    }
    if (gen_pending) {
        uint64_t due = idxgen_warps_due(s, el);

        if (due > s->job_warps_done) {
            uint64_t ws = s->job.word_size;
            uint64_t first = s->gen.next;
            uint64_t off = s->job.target + first * ws;
            uint64_t n, len;

            n = igm_gen_run(&s->gen, s->imem_ptr + off,
                            MIN(due - s->job_warps_done,
                                idxgen_chunk_warps(s)));
            s->job_warps_done += n;
            len = (MIN(s->gen.next, s->gen.threads) - first) * ws;
            if (len) {
                memory_region_flush_rom_device(&s->imem, off, len);
            }
            if (s->cap_features & IDXGEN_FEAT_INCREMENTAL) {
                s->q[s->job_q].warps_ready = s->job_warps_done;
            }
        }
        gen_pending = !igm_gen_done(&s->gen);
    }
    if (!gen_pending && el >= s->job_cycles) {
        idxgen_job_complete(s, s->job_status, s->job_cycles);
        idxgen_schedule(s);
        return;
    }
    idxgen_job_arm(s);
}

/*
 * A user queue's shadow tail into *tail (include/idxgen_hw.h, "Shadow
 * tail"): false, and the queue stopped, if it cannot be read or lies past
 * the ring, as a doorbell would.  The process writes it: nothing it holds
 * reaches further than its own queue.
 */
static bool idxgen_uq_shadow_tail(IdxgenState *s, unsigned qn, uint32_t *tail)
{
    IdxgenQueue *q = &s->q[qn];
    uint32_t v;

    if (idxgen_dma(s, q->shadow_addr_l + IDXGEN_UQ_SHADOW_TAIL, &v, sizeof(v),
                   DMA_DIRECTION_TO_DEVICE) != MEMTX_OK) {
        qemu_log_mask(LOG_GUEST_ERROR, "idxgen: user queue %u: shadow tail "
                      "read at 0x%" PRIx64 " failed, queue stopped\n",
                      qn - IDXGEN_MAX_QUEUES, q->shadow_addr_l);
        idxgen_queue_error(s, qn, IDXGEN_QERR_DMA);
        return false;
    }
    v = le32_to_cpu(v);
    if (v >= q->size_l) {
        qemu_log_mask(LOG_GUEST_ERROR, "idxgen: user queue %u: shadow tail %u "
                      ">= ring size %u, queue stopped\n",
                      qn - IDXGEN_MAX_QUEUES, v, q->size_l);
        idxgen_queue_error(s, qn, IDXGEN_QERR_BAD_DOORBELL);
        return false;
    }
    *tail = v;
    return true;
}

/*
 * Look for work on user queue qn through its shadow block: take its tail;
 * finding the queue empty, write the event index (the process then rings)
 * and read the tail once more, after that write, so that a tail stored
 * meanwhile is seen here or the event index there.
 */
/*
 * A shadow queue found empty: true while its idle window lasts (the device
 * looks at the tail again every IDXGEN_UQ_IDLE_POLL_NS, through the job
 * timer, which is free while no job runs), false once it may sleep.  A
 * process that stores its next tail within the window needs no doorbell:
 * under emulation a doorbell costs as much as a system call, and a device
 * that slept after every job would ask for one per job whenever it keeps
 * up with the process.
 */
static bool idxgen_uq_idle_window(IdxgenState *s, IdxgenQueue *q)
{
    int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);

    if (!s->uq_idle_ns || q->shadow_event == q->tail) {
        return false;           /* no window, or asleep at this tail already */
    }
    if (!q->idle_end) {
        q->idle_end = now + s->uq_idle_ns;
    }
    if (now >= q->idle_end) {
        q->idle_end = 0;
        return false;
    }
    timer_mod_anticipate(s->timer, MIN(now + IDXGEN_UQ_IDLE_POLL_NS,
                                       q->idle_end));
    return true;
}

static void idxgen_uq_shadow_poll(IdxgenState *s, unsigned qn)
{
    IdxgenQueue *q = &s->q[qn];
    uint32_t ev;

    if (!q->enabled || !q->shadow_addr_l ||
        !idxgen_uq_shadow_tail(s, qn, &q->tail)) {
        return;
    }
    if (q->head != q->tail) {
        q->idle_end = 0;
        return;
    }
    if (idxgen_uq_idle_window(s, q)) {
        return;
    }
    if (q->shadow_event != q->tail) {
        ev = cpu_to_le32(q->tail);
        if (idxgen_dma(s, q->shadow_addr_l + IDXGEN_UQ_SHADOW_EVENT, &ev,
                       sizeof(ev), DMA_DIRECTION_FROM_DEVICE) != MEMTX_OK) {
            qemu_log_mask(LOG_GUEST_ERROR, "idxgen: user queue %u: event "
                          "index write failed, queue stopped\n",
                          qn - IDXGEN_MAX_QUEUES);
            idxgen_queue_error(s, qn, IDXGEN_QERR_DMA);
            return;
        }
        q->shadow_event = q->tail;
        trace_idxgen_uq_shadow_sleep(qn - IDXGEN_MAX_QUEUES, q->tail);
    }
    smp_mb();
    idxgen_uq_shadow_tail(s, qn, &q->tail);
}

/* Start the next job, round robin over the queues with work. */
static void idxgen_schedule(IdxgenState *s)
{
    unsigned i;

    if (s->job_active || !idxgen_can_run(s)) {
        return;
    }
    for (i = 0; i < idxgen_rr_count(s); i++) {
        unsigned k = (s->rr_next + i) % idxgen_rr_count(s);
        unsigned qn = idxgen_rr_queue(s, k);
        IdxgenQueue *q = &s->q[qn];

        if (idxgen_is_uq(qn)) {
            idxgen_uq_shadow_poll(s, qn);
        }
        if (q->enabled && q->head != q->tail) {
            s->rr_next = (k + 1) % idxgen_rr_count(s);
            idxgen_job_start(s, qn);
            return;
        }
    }
}

static void idxgen_bh(void *opaque)
{
    idxgen_schedule(opaque);
}

static void idxgen_timer_cb(void *opaque)
{
    IdxgenState *s = opaque;
    MemReentrancyGuard *guard = &DEVICE(s)->mem_reentrancy_guard;
    bool engaged = guard->engaged_in_io;

    /*
     * Like a guarded bottom half: DMA and MSI-X writes issued from here must
     * not re-enter our own MMIO regions.
     */
    guard->engaged_in_io = true;
    if (s->job_active) {
        idxgen_job_step(s);
    } else {
        /* Armed by post_load: resume the queues once the VM runs. */
        idxgen_schedule(s);
    }
    guard->engaged_in_io = engaged;
}

/* Cancel the job in flight of queue qn with an ABORTED completion. */
static void idxgen_queue_abort(IdxgenState *s, unsigned qn)
{
    if (s->job_active && s->job_q == qn) {
        int64_t now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);

        idxgen_job_complete(s, IDXGEN_CPL_ABORTED,
                            idxgen_ns_to_cycles(s, now - s->job_t0));
        idxgen_kick(s);
    }
}

/* ------------------------------------------------------------------ */
/* Firmware, range commands, reset                                    */
/* ------------------------------------------------------------------ */

static bool idxgen_work_pending(IdxgenState *s)
{
    unsigned i;

    if (s->job_active) {
        return true;
    }
    for (i = 0; i < IDXGEN_ALL_QUEUES; i++) {
        if (s->q[i].enabled && s->q[i].head != s->q[i].tail) {
            return true;
        }
    }
    return false;
}

/* The image's schedule table (checked by igm_fw_check) into the registers */
static void idxgen_sched_load(IdxgenState *s, const struct igm_fw_info *info)
{
    unsigned i;

    s->sched_count = MIN(info->sched_count, IDXGEN_SCHED_MAX_ENTRIES);
    for (i = 0; i < IDXGEN_SCHED_MAX_ENTRIES; i++) {
        const struct igm_sched_cfg *e = &info->sched[i];
        bool on = i < s->sched_count;

        s->sched_order[i] = on ? e->order : 0;
        s->sched_stride[i] = on ? e->stride : 0;
        s->sched_gran[i] = on ? e->granularity : 0;
        s->sched_tile_w[i] = on ? e->tile_w : 0;
        s->sched_tile_h[i] = on ? e->tile_h : 0;
    }
}

/*
 * The read-only schedule-table block.  Everything reads 0 without a loaded
 * image, without SCHED_ORDERS and past SCHED_COUNT (idxgen_hw.h).
 */
static uint32_t idxgen_sched_read(IdxgenState *s, hwaddr addr)
{
    unsigned i;

    if (!s->ready || !(s->cap_features & IDXGEN_FEAT_SCHED_ORDERS) ||
        !s->sched_count) {
        return 0;
    }
    if (addr == IDXGEN_REG_SCHED_COUNT) {
        return s->sched_corrupt == IDXGEN_SCHED_CORRUPT_COUNT ?
            IDXGEN_SCHED_MAX_ENTRIES + 1 : s->sched_count;
    }
    if (addr < IDXGEN_REG_SCHED_ENTRY(0)) {
        return 0;
    }
    i = (addr - IDXGEN_REG_SCHED_ENTRY(0)) / 16;
    if (i >= s->sched_count) {
        return 0;
    }
    switch ((addr - IDXGEN_REG_SCHED_ENTRY(0)) % 16) {
    case IDXGEN_SCHED_E_ORDER:
        if (i == 0 && s->sched_corrupt == IDXGEN_SCHED_CORRUPT_ENTRY) {
            return IDXGEN_SCHED_E_ORDER_WORD(IDXGEN_ORDER_COUNT, 0);
        }
        return IDXGEN_SCHED_E_ORDER_WORD(s->sched_order[i], s->sched_gran[i]);
    case IDXGEN_SCHED_E_STRIDE:
        return s->sched_stride[i];
    case IDXGEN_SCHED_E_TILE:
        return IDXGEN_SCHED_E_TILE_WORD(s->sched_tile_w[i], s->sched_tile_h[i]);
    default:
        return 0;
    }
}

static void idxgen_fw_load(IdxgenState *s)
{
    struct igm_limits hw;
    struct igm_fw_info info;
    g_autofree uint8_t *img = NULL;
    int st;

    if (idxgen_work_pending(s)) {
        /* Rejected: the loaded firmware (if any) stays in charge. */
        qemu_log_mask(LOG_GUEST_ERROR, "idxgen: firmware load while jobs "
                      "are in flight\n");
        s->fw_status = IDXGEN_FW_ERR_BUSY;
        idxgen_irq_error(s);
        return;
    }

    /* From here on the previous firmware is gone, whatever the outcome. */
    s->ready = false;
    s->fw_version = 0;
    s->sched_count = 0;
    idxgen_caps_hw(s);

    if (s->dbg_fault & IDXGEN_FAULT_FW_REJECT) {
        s->dbg_fault &= ~IDXGEN_FAULT_FW_REJECT;
        s->dbg_fired |= IDXGEN_FAULT_FW_REJECT;
        qemu_log_mask(LOG_UNIMP, "idxgen: fault: firmware image unreadable\n");
        st = IDXGEN_FW_ERR_DMA;
    } else if (s->fw_size < sizeof(struct idxgen_fw_header) ||
        s->fw_size > IDXGEN_FW_MAX_SIZE) {
        st = IDXGEN_FW_ERR_SIZE;
    } else {
        img = g_malloc(s->fw_size);
        if (idxgen_dma(s, s->fw_addr, img, s->fw_size,
                       DMA_DIRECTION_TO_DEVICE) != MEMTX_OK) {
            st = IDXGEN_FW_ERR_DMA;
        } else {
            igm_limits(s, &hw, true);
            st = igm_fw_check(img, s->fw_size, &hw, s->hist_entries,
                              &info);
        }
    }

    if (st == IDXGEN_FW_OK) {
        s->cap_max_threads = info.max_threads;
        s->cap_max_dim[0] = info.max_dim[0];
        s->cap_max_dim[1] = info.max_dim[1];
        s->cap_max_dim[2] = info.max_dim[2];
        s->cap_hist = info.hist_entries;
        /* The debug block is hardware, not a firmware feature. */
        s->cap_features = (info.features & s->hw_features) |
            (s->hw_features & IDXGEN_HW_FIXED_FEATURES);
        igm_hist_init(&s->hist, s->cap_hist);
        idxgen_sched_load(s, &info);
        s->fw_version = info.version;
        s->ready = true;
    } else {
        qemu_log_mask(LOG_GUEST_ERROR, "idxgen: firmware rejected: %s\n",
                      igm_fw_status_name(st));
    }
    s->fw_status = st;
    trace_idxgen_fw_load(st, s->fw_version);
    idxgen_irq_error(s);
}

static void idxgen_range_cmd(IdxgenState *s, uint32_t cmd)
{
    uint64_t base = s->range_base, len = s->range_size;

    if ((cmd != IDXGEN_RANGE_CMD_INVALIDATE && cmd != IDXGEN_RANGE_CMD_ZERO) ||
        !(s->cap_features & IDXGEN_FEAT_HIST_RANGE) ||
        !idxgen_range_ok(base, len, s->imem_size)) {
        trace_idxgen_range_cmd(cmd, base, len, false);
        qemu_log_mask(LOG_GUEST_ERROR, "idxgen: range command %u on [0x%"
                      PRIx64 ", +0x%" PRIx64 ") rejected\n", cmd, base, len);
        s->range_status = 1;
        return;
    }
    s->range_status = 0;
    trace_idxgen_range_cmd(cmd, base, len, true);
    if (!len) {
        return;
    }
    if (cmd == IDXGEN_RANGE_CMD_ZERO) {
        memset(s->imem_ptr + base, 0, len);
        memory_region_flush_rom_device(&s->imem, base, len);
    }
    idxgen_imem_changed(s, base, len);
}

/*
 * Power-on state of everything but PCI config space and index memory.
 * CTRL_RESET (ctrl_reset) keeps the IDXGEN_FAULT_STICKY faults armed: they
 * are meant to hit the driver's recovery from a reset.
 */
static void idxgen_reset_state(IdxgenState *s, bool ctrl_reset)
{
    uint32_t sticky = ctrl_reset ? s->dbg_fault & IDXGEN_FAULT_STICKY : 0;
    unsigned i;

    trace_idxgen_reset(ctrl_reset);
    /* The job in flight is dropped: no completion is written. */
    s->job_active = false;
    timer_del(s->timer);
    timer_del(s->arb_timer);
    igm_arb_reset(&s->arb, s->hw_features & IDXGEN_FEAT_MUTEX_ARB);
    qemu_bh_cancel(s->bh);
    memset(&s->job, 0, sizeof(s->job));
    memset(s->job_desc, 0, sizeof(s->job_desc));
    s->job_have_desc = s->job_hit = s->job_hang = s->job_dirty = false;
    s->job_status = IDXGEN_CPL_OK;
    s->job_q = s->job_slot = 0;
    s->job_t0 = 0;
    s->job_cycles = s->job_warps = s->job_warps_done = 0;

    s->ctrl = 0;
    s->fatal = false;
    s->fatal_code = IDXGEN_FATAL_NONE;
    s->ready = false;
    s->fw_status = IDXGEN_FW_NONE;
    s->fw_version = 0;
    s->fw_addr = 0;
    s->fw_size = 0;
    s->sched_count = 0;
    memset(s->sched_order, 0, sizeof(s->sched_order));
    memset(s->sched_stride, 0, sizeof(s->sched_stride));
    memset(s->sched_gran, 0, sizeof(s->sched_gran));
    memset(s->sched_tile_w, 0, sizeof(s->sched_tile_w));
    memset(s->sched_tile_h, 0, sizeof(s->sched_tile_h));
    idxgen_caps_hw(s);
    s->irq_status = 0;
    s->irq_enable = 0;
    s->uq_irq_status = 0;
    s->uq_irq_enable = 0;
    s->range_base = s->range_size = 0;
    s->range_status = 0;
    s->stat_jobs = s->stat_hits = s->stat_misses = 0;
    s->stat_warps = s->stat_busy_cycles = s->stat_errors = 0;
    s->dbg_fault = 0;
    if (s->debug) {
        s->dbg_fault = (s->fault_hang ? IDXGEN_FAULT_HANG_JOB : 0) |
            (s->fault_drop_irq ? IDXGEN_FAULT_DROP_IRQ : 0) |
            (s->fault_corrupt_cpl ? IDXGEN_FAULT_CORRUPT_CPL : 0) |
            (s->fault_fail_dma ? IDXGEN_FAULT_FAIL_DMA : 0) | sticky;
    }
    s->dbg_fired = 0;
    s->bad_head_q = 0;
    s->dbg_scratch = 0;
    memset(s->q, 0, sizeof(s->q));
    for (i = 0; i < IDXGEN_MAX_QUEUES; i++) {
        s->q[i].irq_vector = i < s->num_queues ? i : 0;
    }
    for (i = 0; i < s->num_uqueues; i++) {
        s->q[IDXGEN_UQN(i)].irq_vector =
            IDXGEN_MSIX_UQ_VECTOR(s->num_queues, i);
    }
    s->rr_next = 0;
}

/* ------------------------------------------------------------------ */
/* BAR0 registers                                                     */
/* ------------------------------------------------------------------ */

static uint32_t lo32(uint64_t v)
{
    return (uint32_t)v;
}

static uint32_t hi32(uint64_t v)
{
    return (uint32_t)(v >> 32);
}

static uint64_t set_lo32(uint64_t v, uint32_t lo)
{
    return (v & 0xffffffff00000000ULL) | lo;
}

static uint64_t set_hi32(uint64_t v, uint32_t hi)
{
    return (v & 0xffffffffULL) | ((uint64_t)hi << 32);
}

/* A 64-bit statistics counter at its _LO offset. */
static uint64_t *idxgen_stat(IdxgenState *s, hwaddr reg)
{
    switch (reg) {
    case IDXGEN_REG_STAT_JOBS:
        return &s->stat_jobs;
    case IDXGEN_REG_STAT_HITS:
        return &s->stat_hits;
    case IDXGEN_REG_STAT_MISSES:
        return &s->stat_misses;
    case IDXGEN_REG_STAT_WARPS:
        return &s->stat_warps;
    case IDXGEN_REG_STAT_BUSY_CYCLES:
        return &s->stat_busy_cycles;
    case IDXGEN_REG_STAT_ERRORS:
        return &s->stat_errors;
    }
    return NULL;
}

static uint32_t idxgen_status(IdxgenState *s)
{
    return ((s->ctrl & IDXGEN_CTRL_ENABLE) ? IDXGEN_STATUS_ENABLED : 0) |
        (s->ready ? IDXGEN_STATUS_READY : 0) |
        (s->fatal ? IDXGEN_STATUS_FATAL : 0) |
        (s->job_active ? IDXGEN_STATUS_BUSY : 0);
}

static uint32_t idxgen_qstatus(IdxgenState *s, unsigned qn)
{
    IdxgenQueue *q = &s->q[qn];

    return (q->enabled ? IDXGEN_QSTATUS_ENABLED : 0) |
        (s->job_active && s->job_q == qn ? IDXGEN_QSTATUS_BUSY : 0) |
        (q->err ? IDXGEN_QSTATUS_ERROR |
         ((uint32_t)q->err << IDXGEN_QSTATUS_ERR_SHIFT) : 0);
}

static bool idxgen_queue_reg_read(IdxgenState *s, unsigned qn, hwaddr r,
                                  uint32_t *val)
{
    IdxgenQueue *q = &s->q[qn];

    switch (r) {
    case IDXGEN_Q_RING_BASE_LO:
        *val = lo32(q->ring_base);
        break;
    case IDXGEN_Q_RING_BASE_HI:
        *val = hi32(q->ring_base);
        break;
    case IDXGEN_Q_CPL_BASE_LO:
        *val = lo32(q->cpl_base);
        break;
    case IDXGEN_Q_CPL_BASE_HI:
        *val = hi32(q->cpl_base);
        break;
    case IDXGEN_Q_RING_SIZE:
        *val = q->ring_size;
        break;
    case IDXGEN_Q_HEAD:
        *val = q->head;
        if (s->bad_head_q & (1u << qn)) {
            s->bad_head_q &= ~(1u << qn);
            s->dbg_fired |= IDXGEN_FAULT_BAD_HEAD;
            *val = q->size_l + 0x1235;
            qemu_log_mask(LOG_UNIMP, "idxgen: fault: queue %u HEAD reads "
                          "0x%x\n", qn, *val);
        }
        break;
    case IDXGEN_Q_TAIL:
        *val = q->tail;
        break;
    case IDXGEN_Q_CTRL:
        *val = q->enabled ? IDXGEN_QCTRL_ENABLE : 0;
        break;
    case IDXGEN_Q_STATUS:
        *val = idxgen_qstatus(s, qn);
        break;
    case IDXGEN_Q_IRQ_VECTOR:
        *val = q->irq_vector;
        break;
    case IDXGEN_Q_PRIORITY:
        *val = q->priority;
        break;
    case IDXGEN_Q_WARPS_READY:
        *val = q->warps_ready;
        break;
    case IDXGEN_Q_CUR_JOB_ID:
        *val = q->cur_job_id;
        break;
    case IDXGEN_Q_COMPLETED:
        *val = q->completed;
        break;
    default:
        return false;
    }
    return true;
}

/* User-queue registers, reads (writes: below, after the config queue's). */
/*
 * Fault UQ_LATE: the work of the doorbells it held back starts now, before
 * the UQ_STATUS read that fires it returns.  A job the device refuses at
 * its fetch ends here too, without waiting out its filter cycles, so its
 * completion (and, for a descriptor it could not read, its queue's stop)
 * lands between the driver's register reads.
 */
static void idxgen_uq_late_fire(IdxgenState *s)
{
    if (!(s->dbg_fault & IDXGEN_FAULT_UQ_LATE)) {
        return;
    }
    s->dbg_fault &= ~IDXGEN_FAULT_UQ_LATE;
    s->dbg_fired |= IDXGEN_FAULT_UQ_LATE;
    trace_idxgen_fault_uq_late();
    idxgen_schedule(s);
    if (s->job_active && !s->job_hang && s->job_status != IDXGEN_CPL_OK) {
        timer_del(s->timer);
        idxgen_job_complete(s, s->job_status, s->job_cycles);
        idxgen_schedule(s);
    }
}

static bool idxgen_uq_reg_read(IdxgenState *s, unsigned qn, hwaddr r,
                               uint32_t *val)
{
    IdxgenQueue *q = &s->q[qn];

    if (r >= IDXGEN_UQ_WIN(0) && r < IDXGEN_UQ_WIN(IDXGEN_UQ_WINDOWS)) {
        unsigned w = (r - IDXGEN_UQ_WIN(0)) / 16;

        switch ((r - IDXGEN_UQ_WIN(0)) % 16) {
        case IDXGEN_UQW_BASE:
            *val = q->win_base[w];
            return true;
        case IDXGEN_UQW_SIZE:
            *val = q->win_size[w];
            return true;
        case IDXGEN_UQW_FLAGS:
            *val = q->win_flags[w];
            return true;
        }
        *val = 0;
        return true;
    }
    switch (r) {
    case IDXGEN_UQ_RING_BASE_LO:
    case IDXGEN_UQ_RING_BASE_HI:
    case IDXGEN_UQ_CPL_BASE_LO:
    case IDXGEN_UQ_CPL_BASE_HI:
    case IDXGEN_UQ_RING_SIZE:
    case IDXGEN_UQ_HEAD:
    case IDXGEN_UQ_TAIL:
    case IDXGEN_UQ_CTRL:
    case IDXGEN_UQ_STATUS:
    case IDXGEN_UQ_IRQ_VECTOR:
        if (r == IDXGEN_UQ_STATUS) {
            idxgen_uq_late_fire(s);
        }
        /* The same layout as a config queue's first registers */
        return idxgen_queue_reg_read(s, qn, r, val);
    case IDXGEN_UQ_REQUESTER:
        *val = q->requester;
        return true;
    case IDXGEN_UQ_REJECTED:
        *val = q->rejected;
        return true;
    case IDXGEN_UQ_FENCE_ADDR_LO:
        *val = lo32(q->fence_addr);
        return true;
    case IDXGEN_UQ_FENCE_ADDR_HI:
        *val = hi32(q->fence_addr);
        return true;
    case IDXGEN_UQ_FENCE_VALUE_LO:
        *val = lo32(q->fence_value);
        return true;
    case IDXGEN_UQ_FENCE_VALUE_HI:
        *val = hi32(q->fence_value);
        return true;
    case IDXGEN_UQ_SHADOW_ADDR_LO:
        *val = lo32(q->shadow_addr);
        return true;
    case IDXGEN_UQ_SHADOW_ADDR_HI:
        *val = hi32(q->shadow_addr);
        return true;
    }
    return false;
}

/* The global user-queue registers (0x400..); false: not one of them. */
static bool idxgen_uq_global_read(IdxgenState *s, hwaddr addr, uint32_t *val)
{
    bool on = s->num_uqueues > 0;

    switch (addr) {
    case IDXGEN_REG_UQ_COUNT:
        *val = s->num_uqueues;
        return true;
    case IDXGEN_REG_UQ_WINDOWS:
        *val = on ? IDXGEN_UQ_WINDOWS : 0;
        return true;
    case IDXGEN_REG_UQ_DB_STRIDE:
        *val = on ? IDXGEN_UQ_DB_STRIDE : 0;
        return true;
    case IDXGEN_REG_UQ_IRQ_STATUS:
        *val = s->uq_irq_status;
        return true;
    case IDXGEN_REG_UQ_IRQ_ENABLE:
        *val = s->uq_irq_enable;
        return true;
    }
    return false;
}

/* The register blocks with their own decoders; false: not in one of them. */
static bool idxgen_block_read(IdxgenState *s, hwaddr addr, uint32_t *val)
{
    uint64_t *stat;

    if (addr >= IDXGEN_UQ_BASE) {
        unsigned u = (addr - IDXGEN_UQ_BASE) / IDXGEN_UQ_STRIDE;

        return u < s->num_uqueues &&
            idxgen_uq_reg_read(s, IDXGEN_UQN(u), (addr - IDXGEN_UQ_BASE) %
                               IDXGEN_UQ_STRIDE, val);
    }
    if (idxgen_uq_global_read(s, addr, val)) {
        return true;
    }
    if (addr >= IDXGEN_QUEUE_BASE) {
        unsigned qn = (addr - IDXGEN_QUEUE_BASE) / IDXGEN_QUEUE_STRIDE;

        return qn < s->num_queues &&
            idxgen_queue_reg_read(s, qn, (addr - IDXGEN_QUEUE_BASE) %
                                  IDXGEN_QUEUE_STRIDE, val);
    }
    if (addr >= IDXGEN_REG_ARB_BASE &&
        addr < IDXGEN_REG_ARB_BASE + IDXGEN_REG_ARB_SIZE) {
        *val = idxgen_arb_mmio_read(s, addr);
        return true;
    }
    if (addr >= IDXGEN_REG_SCHED_BASE &&
        addr < IDXGEN_REG_SCHED_BASE + IDXGEN_REG_SCHED_SIZE) {
        *val = idxgen_sched_read(s, addr);
        return true;
    }
    stat = idxgen_stat(s, addr & ~7ULL);
    if (stat) {
        *val = (addr & 4) ? hi32(*stat) : lo32(*stat);
        return true;
    }
    return false;
}

/* Identity and capabilities (read-only). */
static bool idxgen_cap_reg_read(IdxgenState *s, hwaddr addr, uint32_t *val)
{
    switch (addr) {
    case IDXGEN_REG_ID:
        *val = IDXGEN_ID_MAGIC;
        return true;
    case IDXGEN_REG_VERSION:
        *val = IDXGEN_HW_VERSION;
        return true;
    case IDXGEN_REG_CAP_LANES:
        *val = s->lanes;
        return true;
    case IDXGEN_REG_CAP_MAX_THREADS:
        *val = s->cap_max_threads;
        return true;
    case IDXGEN_REG_CAP_MAX_DIM_X:
    case IDXGEN_REG_CAP_MAX_DIM_Y:
    case IDXGEN_REG_CAP_MAX_DIM_Z:
        *val = s->cap_max_dim[(addr - IDXGEN_REG_CAP_MAX_DIM_X) / 4];
        return true;
    case IDXGEN_REG_CAP_HIST_ENTRIES:
        *val = s->cap_hist;
        return true;
    case IDXGEN_REG_CAP_NUM_QUEUES:
        *val = s->num_queues;
        return true;
    case IDXGEN_REG_CAP_MAX_RING:
        *val = IDXGEN_HW_MAX_RING;
        return true;
    case IDXGEN_REG_CAP_FEATURES:
        *val = s->cap_features;
        return true;
    case IDXGEN_REG_CAP_CLOCK_KHZ:
        *val = s->clock_khz;
        return true;
    case IDXGEN_REG_CAP_IMEM_SIZE_LO:
        *val = lo32(s->imem_size);
        return true;
    case IDXGEN_REG_CAP_IMEM_SIZE_HI:
        *val = hi32(s->imem_size);
        return true;
    }
    return false;
}

/* Control, firmware, interrupt, range and debug registers. */
static bool idxgen_ctl_reg_read(IdxgenState *s, hwaddr addr, uint32_t *val)
{
    switch (addr) {
    case IDXGEN_REG_CTRL:
        *val = s->ctrl & IDXGEN_CTRL_ENABLE;
        return true;
    case IDXGEN_REG_STATUS:
        *val = idxgen_status(s);
        return true;
    case IDXGEN_REG_FATAL_CODE:
        *val = s->fatal_code;
        return true;
    case IDXGEN_REG_FW_ADDR_LO:
    case IDXGEN_REG_FW_ADDR_HI:
        *val = addr == IDXGEN_REG_FW_ADDR_LO ? lo32(s->fw_addr) :
            hi32(s->fw_addr);
        return true;
    case IDXGEN_REG_FW_SIZE:
        *val = s->fw_size;
        return true;
    case IDXGEN_REG_FW_STATUS:
        *val = s->fw_status;
        return true;
    case IDXGEN_REG_FW_VERSION:
        *val = s->fw_version;
        return true;
    case IDXGEN_REG_IRQ_STATUS:
        *val = s->irq_status;
        return true;
    case IDXGEN_REG_IRQ_ENABLE:
        *val = s->irq_enable;
        return true;
    case IDXGEN_REG_RANGE_BASE_LO:
    case IDXGEN_REG_RANGE_BASE_HI:
        *val = addr == IDXGEN_REG_RANGE_BASE_LO ? lo32(s->range_base) :
            hi32(s->range_base);
        return true;
    case IDXGEN_REG_RANGE_SIZE_LO:
    case IDXGEN_REG_RANGE_SIZE_HI:
        *val = addr == IDXGEN_REG_RANGE_SIZE_LO ? lo32(s->range_size) :
            hi32(s->range_size);
        return true;
    case IDXGEN_REG_RANGE_STATUS:
        *val = s->range_status;
        return true;
    case IDXGEN_REG_FW_CTRL:        /* command registers read as 0 */
    case IDXGEN_REG_RANGE_CMD:
        *val = 0;
        return true;
    case IDXGEN_REG_DBG_FAULT:      /* the debug block reads 0 when absent */
        *val = s->debug ? s->dbg_fault : 0;
        return true;
    case IDXGEN_REG_DBG_FIRED:
        *val = s->debug ? s->dbg_fired : 0;
        return true;
    case IDXGEN_REG_DBG_SCRATCH:
        *val = s->debug ? s->dbg_scratch : 0;
        return true;
    }
    return false;
}

static uint64_t idxgen_reg_read(void *opaque, hwaddr addr, unsigned size)
{
    IdxgenState *s = opaque;
    uint32_t val = 0;

    if (!idxgen_block_read(s, addr, &val) &&
        !idxgen_cap_reg_read(s, addr, &val) &&
        !idxgen_ctl_reg_read(s, addr, &val)) {
        qemu_log_mask(LOG_GUEST_ERROR, "idxgen: read of unknown register 0x%"
                      HWADDR_PRIx "\n", addr);
        val = 0;
    }
    trace_idxgen_reg_read(addr, val);
    return val;
}

/* A write to a read-only or unknown register. */
static void idxgen_bad_write(IdxgenState *s, hwaddr addr, uint32_t val)
{
    qemu_log_mask(LOG_GUEST_ERROR, "idxgen: write 0x%x to read-only or "
                  "unknown register 0x%" HWADDR_PRIx "\n", val, addr);
    if (s->ctrl & IDXGEN_CTRL_ENABLE) {
        idxgen_fatal(s, IDXGEN_FATAL_BAD_REG_WRITE);
    }
}

static void idxgen_queue_enable(IdxgenState *s, unsigned qn, bool on)
{
    IdxgenQueue *q = &s->q[qn];
    uint64_t n = q->ring_size;

    if (on == q->enabled) {
        return;
    }
    trace_idxgen_queue_enable(qn, on, q->ring_size);
    if (!on) {
        idxgen_queue_abort(s, qn);
        q->enabled = false;
        return;
    }
    if (n < 2 || n > IDXGEN_HW_MAX_RING || !is_power_of_2(n) ||
        !QEMU_IS_ALIGNED(q->ring_base, IDXGEN_RING_ALIGN) ||
        !QEMU_IS_ALIGNED(q->cpl_base, IDXGEN_RING_ALIGN) ||
        q->ring_base + n * sizeof(struct idxgen_desc) < q->ring_base ||
        q->cpl_base + n * sizeof(struct idxgen_cpl) < q->cpl_base ||
        (idxgen_is_uq(qn) &&
         (!QEMU_IS_ALIGNED(q->fence_addr, IDXGEN_FENCE_ALIGN) ||
          !QEMU_IS_ALIGNED(q->shadow_addr, IDXGEN_SHADOW_ALIGN) ||
          q->shadow_addr + IDXGEN_UQ_SHADOW_SIZE < q->shadow_addr))) {
        qemu_log_mask(LOG_GUEST_ERROR, "idxgen: queue %u: bad ring (base 0x%"
                      PRIx64 ", completions 0x%" PRIx64 ", size %u, "
                      "completion value 0x%" PRIx64 ")\n", qn, q->ring_base,
                      q->cpl_base, q->ring_size, q->fence_addr);
        idxgen_queue_error(s, qn, IDXGEN_QERR_BAD_RING);
        return;
    }
    q->ring_base_l = q->ring_base;
    q->cpl_base_l = q->cpl_base;
    q->size_l = q->ring_size;
    q->head = q->tail = 0;
    q->err = IDXGEN_QERR_NONE;
    q->warps_ready = 0;
    q->enabled = true;
    if (idxgen_is_uq(qn)) {
        q->fence_addr_l = q->fence_addr;
        q->fence_value = 0;
        q->shadow_addr_l = q->shadow_addr;
        q->shadow_event = IDXGEN_SHADOW_NO_EVENT;
        q->idle_end = 0;
        return;
    }
    /* BAD_HEAD hits the first HEAD read after this enable */
    if (s->dbg_fault & IDXGEN_FAULT_BAD_HEAD) {
        s->dbg_fault &= ~IDXGEN_FAULT_BAD_HEAD;
        s->bad_head_q |= 1u << qn;
    }
}

static void idxgen_queue_reg_write(IdxgenState *s, unsigned qn, hwaddr r,
                                   hwaddr addr, uint32_t val)
{
    IdxgenQueue *q = &s->q[qn];

    switch (r) {
    case IDXGEN_Q_RING_BASE_LO:
        q->ring_base = set_lo32(q->ring_base, val);
        break;
    case IDXGEN_Q_RING_BASE_HI:
        q->ring_base = set_hi32(q->ring_base, val);
        break;
    case IDXGEN_Q_CPL_BASE_LO:
        q->cpl_base = set_lo32(q->cpl_base, val);
        break;
    case IDXGEN_Q_CPL_BASE_HI:
        q->cpl_base = set_hi32(q->cpl_base, val);
        break;
    case IDXGEN_Q_RING_SIZE:
        q->ring_size = val;
        break;
    case IDXGEN_Q_TAIL:
        if (!q->enabled) {
            qemu_log_mask(LOG_GUEST_ERROR, "idxgen: queue %u: doorbell while "
                          "disabled ignored\n", qn);
        } else if (val >= q->size_l) {
            qemu_log_mask(LOG_GUEST_ERROR, "idxgen: queue %u: doorbell %u >= "
                          "ring size %u ignored\n", qn, val, q->size_l);
            idxgen_queue_error(s, qn, IDXGEN_QERR_BAD_DOORBELL);
        } else {
            trace_idxgen_doorbell(qn, val);
            q->tail = val;
            idxgen_kick(s);
        }
        break;
    case IDXGEN_Q_CTRL:
        idxgen_queue_enable(s, qn, val & IDXGEN_QCTRL_ENABLE);
        idxgen_kick(s);
        break;
    case IDXGEN_Q_IRQ_VECTOR:
        if (val >= s->nvectors) {
            qemu_log_mask(LOG_GUEST_ERROR, "idxgen: queue %u: vector %u out "
                          "of range ignored\n", qn, val);
        } else {
            q->irq_vector = val;
        }
        break;
    case IDXGEN_Q_PRIORITY:
        q->priority = val;
        break;
    default:
        idxgen_bad_write(s, addr, val);
        break;
    }
}

/* ------------------------------------------------------------------ */
/* User queues: registers (BAR0) and doorbells (BAR5)                 */
/* ------------------------------------------------------------------ */

static void idxgen_uq_win_write(IdxgenQueue *q, hwaddr r, uint32_t val)
{
    unsigned w = (r - IDXGEN_UQ_WIN(0)) / 16;

    switch ((r - IDXGEN_UQ_WIN(0)) % 16) {
    case IDXGEN_UQW_BASE:
        q->win_base[w] = val;
        break;
    case IDXGEN_UQW_SIZE:
        q->win_size[w] = val;
        break;
    case IDXGEN_UQW_FLAGS:
        q->win_flags[w] = val & IDXGEN_UQW_F_MASK;
        break;
    }
}

static void idxgen_uq_reg_write(IdxgenState *s, unsigned qn, hwaddr r,
                                hwaddr addr, uint32_t val)
{
    IdxgenQueue *q = &s->q[qn];

    if (r >= IDXGEN_UQ_WIN(0) && r < IDXGEN_UQ_WIN(IDXGEN_UQ_WINDOWS)) {
        idxgen_uq_win_write(q, r, val);
        return;
    }
    switch (r) {
    case IDXGEN_UQ_RING_BASE_LO:
    case IDXGEN_UQ_RING_BASE_HI:
    case IDXGEN_UQ_CPL_BASE_LO:
    case IDXGEN_UQ_CPL_BASE_HI:
    case IDXGEN_UQ_RING_SIZE:
    case IDXGEN_UQ_CTRL:
    case IDXGEN_UQ_IRQ_VECTOR:
        idxgen_queue_reg_write(s, qn, r, addr, val);
        return;
    case IDXGEN_UQ_REQUESTER:
        q->requester = val & (IDXGEN_DESC_REQ_VALID | IDXGEN_DESC_REQ_ID_MASK);
        return;
    case IDXGEN_UQ_FENCE_ADDR_LO:
        q->fence_addr = set_lo32(q->fence_addr, val);
        return;
    case IDXGEN_UQ_FENCE_ADDR_HI:
        q->fence_addr = set_hi32(q->fence_addr, val);
        return;
    case IDXGEN_UQ_SHADOW_ADDR_LO:
    case IDXGEN_UQ_SHADOW_ADDR_HI:
        /* Ignored without the feature: an interface 1.1 device */
        if (s->hw_features & IDXGEN_FEAT_UQ_SHADOW) {
            q->shadow_addr = r == IDXGEN_UQ_SHADOW_ADDR_LO ?
                set_lo32(q->shadow_addr, val) : set_hi32(q->shadow_addr, val);
        }
        return;
    }
    idxgen_bad_write(s, addr, val);
}

static bool idxgen_uq_global_write(IdxgenState *s, hwaddr addr, uint32_t val)
{
    switch (addr) {
    case IDXGEN_REG_UQ_IRQ_STATUS:
        s->uq_irq_status &= ~val;
        return true;
    case IDXGEN_REG_UQ_IRQ_ENABLE:
        s->uq_irq_enable = val & idxgen_uq_mask(s);
        return true;
    case IDXGEN_REG_UQ_COUNT:
    case IDXGEN_REG_UQ_WINDOWS:
    case IDXGEN_REG_UQ_DB_STRIDE:
        if (!s->num_uqueues) {
            /* The block is absent: no register, but no fatal either */
            qemu_log_mask(LOG_GUEST_ERROR, "idxgen: no user queues, write "
                          "to 0x%" HWADDR_PRIx " ignored\n", addr);
            return true;
        }
        return false;
    }
    return false;
}

/*
 * A doorbell.  The process that owns the page writes it: a value past the
 * ring stops this queue (its running job is aborted) and nothing else.
 */
static void idxgen_uq_doorbell(IdxgenState *s, unsigned u, uint32_t val)
{
    unsigned qn = IDXGEN_UQN(u);
    IdxgenQueue *q = &s->q[qn];

    if (!q->enabled) {
        qemu_log_mask(LOG_GUEST_ERROR, "idxgen: user queue %u: doorbell "
                      "while stopped ignored\n", u);
        return;
    }
    if (val >= q->size_l) {
        qemu_log_mask(LOG_GUEST_ERROR, "idxgen: user queue %u: doorbell %u "
                      ">= ring size %u, queue stopped\n", u, val, q->size_l);
        idxgen_queue_abort(s, qn);
        if (q->enabled) {
            idxgen_queue_error(s, qn, IDXGEN_QERR_BAD_DOORBELL);
        }
        return;
    }
    trace_idxgen_doorbell(qn, val);
    q->tail = val;
    if (s->dbg_fault & IDXGEN_FAULT_UQ_LATE) {
        return;     /* idxgen_uq_late_fire() starts it */
    }
    idxgen_kick(s);
}

static uint64_t idxgen_db_read(void *opaque, hwaddr addr, unsigned size)
{
    IdxgenState *s = opaque;
    unsigned u = addr / IDXGEN_UQ_DB_STRIDE;

    if (u >= s->num_uqueues) {
        return 0;
    }
    switch (addr % IDXGEN_UQ_DB_STRIDE) {
    case IDXGEN_UQ_DB_TAIL:
        return s->q[IDXGEN_UQN(u)].tail;
    case IDXGEN_UQ_DB_HEAD:
        return s->q[IDXGEN_UQN(u)].head;
    }
    return 0;
}

static void idxgen_db_write(void *opaque, hwaddr addr, uint64_t data,
                            unsigned size)
{
    IdxgenState *s = opaque;
    unsigned u = addr / IDXGEN_UQ_DB_STRIDE;

    if (u >= s->num_uqueues ||
        addr % IDXGEN_UQ_DB_STRIDE != IDXGEN_UQ_DB_TAIL) {
        qemu_log_mask(LOG_GUEST_ERROR, "idxgen: doorbell write 0x%x to 0x%"
                      HWADDR_PRIx " ignored\n", (uint32_t)data, addr);
        return;
    }
    idxgen_uq_doorbell(s, u, data);
}

static const MemoryRegionOps idxgen_db_ops = {
    .read = idxgen_db_read,
    .write = idxgen_db_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
    .impl = {
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

/* The register blocks with their own decoders; false: not in one of them. */
static bool idxgen_block_write(IdxgenState *s, hwaddr addr, uint32_t val)
{
    if (addr >= IDXGEN_UQ_BASE) {
        unsigned u = (addr - IDXGEN_UQ_BASE) / IDXGEN_UQ_STRIDE;

        if (u < s->num_uqueues) {
            idxgen_uq_reg_write(s, IDXGEN_UQN(u), (addr - IDXGEN_UQ_BASE) %
                                IDXGEN_UQ_STRIDE, addr, val);
        } else {
            idxgen_bad_write(s, addr, val);
        }
        return true;
    }
    if (idxgen_uq_global_write(s, addr, val)) {
        return true;
    }
    if (addr >= IDXGEN_QUEUE_BASE) {
        unsigned qn = (addr - IDXGEN_QUEUE_BASE) / IDXGEN_QUEUE_STRIDE;

        if (qn < s->num_queues) {
            idxgen_queue_reg_write(s, qn, (addr - IDXGEN_QUEUE_BASE) %
                                   IDXGEN_QUEUE_STRIDE, addr, val);
        } else {
            idxgen_bad_write(s, addr, val);
        }
        return true;
    }
    if (addr >= IDXGEN_REG_ARB_BASE &&
        addr < IDXGEN_REG_ARB_BASE + IDXGEN_REG_ARB_SIZE) {
        idxgen_arb_mmio_write(s, addr, val);
        return true;
    }
    if (addr >= IDXGEN_REG_SCHED_BASE &&
        addr < IDXGEN_REG_SCHED_BASE + IDXGEN_REG_SCHED_SIZE) {
        /* Read-only, but not fatal: the table is no control register. */
        qemu_log_mask(LOG_GUEST_ERROR, "idxgen: write 0x%x to read-only "
                      "schedule-table register 0x%" HWADDR_PRIx " ignored\n",
                      val, addr);
        return true;
    }
    if (idxgen_stat(s, addr & ~7ULL)) {
        idxgen_bad_write(s, addr, val);
        return true;
    }
    return false;
}

static void idxgen_ctrl_write(IdxgenState *s, uint32_t val)
{
    if (val & IDXGEN_CTRL_RESET) {
        idxgen_reset_state(s, true);
        return;
    }
    if (val & IDXGEN_CTRL_HIST_FLUSH) {
        trace_idxgen_hist_flush();
        igm_hist_flush(&s->hist);
    }
    s->ctrl = val & IDXGEN_CTRL_ENABLE;
    idxgen_kick(s);
}

static void idxgen_dbg_write(IdxgenState *s, hwaddr addr, uint32_t val)
{
    if (!s->debug) {
        qemu_log_mask(LOG_GUEST_ERROR, "idxgen: debug block absent, write "
                      "to 0x%" HWADDR_PRIx " ignored\n", addr);
    } else if (addr == IDXGEN_REG_DBG_FAULT) {
        s->dbg_fault = val & IDXGEN_FAULT_MASK;
        /* A hang armed while the device idles hits the next job. */
    } else if (addr == IDXGEN_REG_DBG_FIRED) {
        s->dbg_fired &= ~val;
    } else {
        s->dbg_scratch = val;
    }
}

static void idxgen_reg_write(void *opaque, hwaddr addr, uint64_t data,
                             unsigned size)
{
    IdxgenState *s = opaque;
    uint32_t val = data;

    trace_idxgen_reg_write(addr, val);
    if (idxgen_block_write(s, addr, val)) {
        return;
    }
    switch (addr) {
    case IDXGEN_REG_CTRL:
        idxgen_ctrl_write(s, val);
        return;
    case IDXGEN_REG_FW_ADDR_LO:
        s->fw_addr = set_lo32(s->fw_addr, val);
        return;
    case IDXGEN_REG_FW_ADDR_HI:
        s->fw_addr = set_hi32(s->fw_addr, val);
        return;
    case IDXGEN_REG_FW_SIZE:
        s->fw_size = val;
        return;
    case IDXGEN_REG_FW_CTRL:
        if (val & IDXGEN_FW_CTRL_LOAD) {
            idxgen_fw_load(s);
            idxgen_kick(s);
        }
        return;
    case IDXGEN_REG_IRQ_STATUS:
        s->irq_status &= ~val;
        return;
    case IDXGEN_REG_IRQ_ENABLE:
        s->irq_enable = val & (IDXGEN_IRQ_ERROR | IDXGEN_IRQ_ARB |
                               MAKE_64BIT_MASK(0, s->num_queues));
        return;
    case IDXGEN_REG_RANGE_BASE_LO:
        s->range_base = set_lo32(s->range_base, val);
        return;
    case IDXGEN_REG_RANGE_BASE_HI:
        s->range_base = set_hi32(s->range_base, val);
        return;
    case IDXGEN_REG_RANGE_SIZE_LO:
        s->range_size = set_lo32(s->range_size, val);
        return;
    case IDXGEN_REG_RANGE_SIZE_HI:
        s->range_size = set_hi32(s->range_size, val);
        return;
    case IDXGEN_REG_RANGE_CMD:
        idxgen_range_cmd(s, val);
        return;
    case IDXGEN_REG_DBG_FAULT:
    case IDXGEN_REG_DBG_FIRED:
    case IDXGEN_REG_DBG_SCRATCH:
        idxgen_dbg_write(s, addr, val);
        return;
    }
    idxgen_bad_write(s, addr, val);
}

static const MemoryRegionOps idxgen_reg_ops = {
    .read = idxgen_reg_read,
    .write = idxgen_reg_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = {
        .min_access_size = 4,
        .max_access_size = 8,
    },
    .impl = {
        /* 64-bit accesses are split into two 32-bit ones, low first. */
        .min_access_size = 4,
        .max_access_size = 4,
    },
};

/* ------------------------------------------------------------------ */
/* Migration                                                          */
/* ------------------------------------------------------------------ */

static const VMStateDescription vmstate_idxgen_queue = {
    .name = "idxgen-queue",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(ring_base, IdxgenQueue),
        VMSTATE_UINT64(cpl_base, IdxgenQueue),
        VMSTATE_UINT32(ring_size, IdxgenQueue),
        VMSTATE_UINT32(irq_vector, IdxgenQueue),
        VMSTATE_UINT32(priority, IdxgenQueue),
        VMSTATE_UINT64(ring_base_l, IdxgenQueue),
        VMSTATE_UINT64(cpl_base_l, IdxgenQueue),
        VMSTATE_UINT32(size_l, IdxgenQueue),
        VMSTATE_BOOL(enabled, IdxgenQueue),
        VMSTATE_UINT8(err, IdxgenQueue),
        VMSTATE_UINT32(head, IdxgenQueue),
        VMSTATE_UINT32(tail, IdxgenQueue),
        VMSTATE_UINT32(warps_ready, IdxgenQueue),
        VMSTATE_UINT32(cur_job_id, IdxgenQueue),
        VMSTATE_UINT32(completed, IdxgenQueue),
        VMSTATE_END_OF_LIST()
    },
};

/* A user queue: a config queue's fields and its own (subsection idxgen/uq). */
static const VMStateDescription vmstate_idxgen_uqueue = {
    .name = "idxgen-uqueue",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(ring_base, IdxgenQueue),
        VMSTATE_UINT64(cpl_base, IdxgenQueue),
        VMSTATE_UINT32(ring_size, IdxgenQueue),
        VMSTATE_UINT32(irq_vector, IdxgenQueue),
        VMSTATE_UINT64(ring_base_l, IdxgenQueue),
        VMSTATE_UINT64(cpl_base_l, IdxgenQueue),
        VMSTATE_UINT32(size_l, IdxgenQueue),
        VMSTATE_BOOL(enabled, IdxgenQueue),
        VMSTATE_UINT8(err, IdxgenQueue),
        VMSTATE_UINT32(head, IdxgenQueue),
        VMSTATE_UINT32(tail, IdxgenQueue),
        VMSTATE_UINT32(warps_ready, IdxgenQueue),
        VMSTATE_UINT32(cur_job_id, IdxgenQueue),
        VMSTATE_UINT32(completed, IdxgenQueue),
        VMSTATE_UINT64(fence_addr, IdxgenQueue),
        VMSTATE_UINT64(fence_addr_l, IdxgenQueue),
        VMSTATE_UINT64(fence_value, IdxgenQueue),
        VMSTATE_UINT32(requester, IdxgenQueue),
        VMSTATE_UINT32(rejected, IdxgenQueue),
        VMSTATE_UINT32_ARRAY(win_base, IdxgenQueue, IDXGEN_UQ_WINDOWS),
        VMSTATE_UINT32_ARRAY(win_size, IdxgenQueue, IDXGEN_UQ_WINDOWS),
        VMSTATE_UINT32_ARRAY(win_flags, IdxgenQueue, IDXGEN_UQ_WINDOWS),
        VMSTATE_END_OF_LIST()
    },
};

/* Only a device with user queues sends them: a 1.0 stream stays as it was. */
static bool idxgen_uq_needed(void *opaque)
{
    IdxgenState *s = opaque;

    return s->num_uqueues > 0;
}

static const VMStateDescription vmstate_idxgen_uq = {
    .name = TYPE_IDXGEN "/uq",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = idxgen_uq_needed,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(uq_irq_status, IdxgenState),
        VMSTATE_UINT32(uq_irq_enable, IdxgenState),
        VMSTATE_STRUCT_SUB_ARRAY(q, IdxgenState, IDXGEN_MAX_QUEUES,
                                 IDXGEN_MAX_UQUEUES, 1,
                                 vmstate_idxgen_uqueue, IdxgenQueue),
        VMSTATE_END_OF_LIST()
    },
};

/* A user queue's shadow block (subsection idxgen/shadow-tail). */
static const VMStateDescription vmstate_idxgen_uq_shadow_q = {
    .name = "idxgen-uq-shadow-q",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT64(shadow_addr, IdxgenQueue),
        VMSTATE_UINT64(shadow_addr_l, IdxgenQueue),
        VMSTATE_UINT32(shadow_event, IdxgenQueue),
        VMSTATE_END_OF_LIST()
    },
};

/* Only a device with shadow tails sends them. */
static bool idxgen_uq_shadow_needed(void *opaque)
{
    IdxgenState *s = opaque;

    return !!(s->hw_features & IDXGEN_FEAT_UQ_SHADOW);
}

static const VMStateDescription vmstate_idxgen_uq_shadow = {
    /* Not "idxgen/uq...": a name that idxgen/uq's begins would be looked
     * up among idxgen/uq's own subsections when it follows them. */
    .name = TYPE_IDXGEN "/shadow-tail",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = idxgen_uq_shadow_needed,
    .fields = (const VMStateField[]) {
        VMSTATE_STRUCT_SUB_ARRAY(q, IdxgenState, IDXGEN_MAX_QUEUES,
                                 IDXGEN_MAX_UQUEUES, 1,
                                 vmstate_idxgen_uq_shadow_q, IdxgenQueue),
        VMSTATE_END_OF_LIST()
    },
};

static const VMStateDescription vmstate_idxgen_hist_entry = {
    .name = "idxgen-hist-entry",
    .version_id = 1,
    .minimum_version_id = 1,
    .fields = (const VMStateField[]) {
        VMSTATE_BOOL(valid, struct igm_hist_entry),
        VMSTATE_UINT64(lru, struct igm_hist_entry),
        VMSTATE_UINT64(base, struct igm_hist_entry),
        VMSTATE_UINT64(len, struct igm_hist_entry),
        VMSTATE_UINT32(dx, struct igm_hist_entry),
        VMSTATE_UINT32(dy, struct igm_hist_entry),
        VMSTATE_UINT32(dz, struct igm_hist_entry),
        VMSTATE_UINT32(mx, struct igm_hist_entry),
        VMSTATE_UINT32(my, struct igm_hist_entry),
        VMSTATE_UINT32(mz, struct igm_hist_entry),
        VMSTATE_UINT32(word_size, struct igm_hist_entry),
        VMSTATE_UINT32(order, struct igm_hist_entry),
        VMSTATE_UINT32(granularity, struct igm_hist_entry),
        VMSTATE_UINT32(stride, struct igm_hist_entry),
        VMSTATE_UINT32(tile_w, struct igm_hist_entry),
        VMSTATE_UINT32(tile_h, struct igm_hist_entry),
        VMSTATE_END_OF_LIST()
    },
};

static int idxgen_arb_post_load(void *opaque, int version_id)
{
    IdxgenState *s = opaque;
    struct igm_arb *a = &s->arb;
    unsigned r, l, n = 0;

    /* Untrusted stream: the arbiter indexes its arrays with these. */
    if (a->enabled != !!(s->hw_features & IDXGEN_FEAT_MUTEX_ARB) ||
        a->fifo_count > IDXGEN_ARB_FIFO_DEPTH ||
        a->fifo_head >= IDXGEN_ARB_FIFO_DEPTH ||
        a->sel >= IDXGEN_ARB_REQUESTERS) {
        return -EINVAL;
    }
    for (l = 0; l < IDXGEN_ARB_LOCKS; l++) {
        if ((a->mutex[l] & IDXGEN_ARB_MUTEX_OWNER_MASK) >=
            IDXGEN_ARB_REQUESTERS) {
            return -EINVAL;
        }
    }
    for (r = 0; r < IDXGEN_ARB_REQUESTERS; r++) {
        if (a->cpr[r] > IDXGEN_ARB_CPR_MAX ||
            ((a->pending[r] || a->waiting[r]) &&
             a->req_lock[r] >= IDXGEN_ARB_LOCKS)) {
            return -EINVAL;
        }
        n += !!a->pending[r];
    }
    for (l = 0; l < a->fifo_count; l++) {
        uint32_t e = a->fifo[(a->fifo_head + l) % IDXGEN_ARB_FIFO_DEPTH];

        if (IGM_ARB_ENTRY_REQ(e) >= IDXGEN_ARB_REQUESTERS ||
            IGM_ARB_ENTRY_LOCK(e) >= IDXGEN_ARB_LOCKS ||
            !a->pending[IGM_ARB_ENTRY_REQ(e)]) {
            return -EINVAL;
        }
    }
    if (n != a->fifo_count) {
        return -EINVAL;
    }
    if (a->fifo_count) {
        timer_mod(s->arb_timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
    }
    return 0;
}

static const VMStateDescription vmstate_idxgen_arb = {
    .name = TYPE_IDXGEN "/arb",
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = idxgen_arb_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(arb.enabled, IdxgenState),
        VMSTATE_UINT32(arb.ctrl, IdxgenState),
        VMSTATE_UINT32(arb.hold_limit, IdxgenState),
        VMSTATE_UINT32(arb.sel, IdxgenState),
        VMSTATE_UINT32(arb.cmd_result, IdxgenState),
        VMSTATE_UINT32_ARRAY(arb.mutex, IdxgenState, IDXGEN_ARB_LOCKS),
        VMSTATE_UINT32_ARRAY(arb.cpr, IdxgenState, IDXGEN_ARB_REQUESTERS),
        VMSTATE_UINT32_ARRAY(arb.status, IdxgenState, IDXGEN_ARB_REQUESTERS),
        VMSTATE_UINT32_ARRAY(arb.req_lock, IdxgenState,
                             IDXGEN_ARB_REQUESTERS),
        VMSTATE_UINT32_ARRAY(arb.pending, IdxgenState, IDXGEN_ARB_REQUESTERS),
        VMSTATE_UINT32_ARRAY(arb.waiting, IdxgenState, IDXGEN_ARB_REQUESTERS),
        VMSTATE_UINT64_ARRAY(arb.wait_seq, IdxgenState,
                             IDXGEN_ARB_REQUESTERS),
        VMSTATE_UINT32_ARRAY(arb.hold_count, IdxgenState,
                             IDXGEN_ARB_REQUESTERS),
        VMSTATE_UINT32_ARRAY(arb.lost_count, IdxgenState,
                             IDXGEN_ARB_REQUESTERS),
        VMSTATE_UINT32_ARRAY(arb.fifo, IdxgenState, IDXGEN_ARB_FIFO_DEPTH),
        VMSTATE_UINT32(arb.fifo_head, IdxgenState),
        VMSTATE_UINT32(arb.fifo_count, IdxgenState),
        VMSTATE_UINT64(arb.seq, IdxgenState),
        VMSTATE_UINT32(arb.irq, IdxgenState),
        VMSTATE_UINT64(arb.stat_grants, IdxgenState),
        VMSTATE_UINT64(arb.stat_preemptions, IdxgenState),
        VMSTATE_UINT64(arb.stat_hold_releases, IdxgenState),
        VMSTATE_UINT64(arb.stat_denials, IdxgenState),
        VMSTATE_UINT32(arb.stat_max_depth, IdxgenState),
        VMSTATE_END_OF_LIST()
    },
};

static bool idxgen_sched_needed(void *opaque)
{
    IdxgenState *s = opaque;

    return s->sched_count != 0;
}

static int idxgen_sched_post_load(void *opaque, int version_id)
{
    IdxgenState *s = opaque;
    unsigned i;

    /* Untrusted stream: only a table a firmware image could have given. */
    if (s->sched_count > IDXGEN_SCHED_MAX_ENTRIES ||
        (s->sched_count && !s->ready)) {
        return -EINVAL;
    }
    for (i = 0; i < IDXGEN_SCHED_MAX_ENTRIES; i++) {
        if (i >= s->sched_count ?
            (s->sched_order[i] || s->sched_stride[i] || s->sched_gran[i] ||
             s->sched_tile_w[i] || s->sched_tile_h[i]) :
            (s->sched_gran[i] > UINT16_MAX || s->sched_tile_w[i] > UINT16_MAX ||
             s->sched_tile_h[i] > UINT16_MAX ||
             igm_order_validate(s->sched_order[i], s->sched_stride[i],
                                s->sched_gran[i], s->sched_tile_w[i],
                                s->sched_tile_h[i],
                                IDXGEN_FEAT_SCHED_ORDERS) != IDXGEN_CPL_OK)) {
            return -EINVAL;
        }
    }
    return 0;
}

static const VMStateDescription vmstate_idxgen_sched = {
    .name = TYPE_IDXGEN "/sched",
    .version_id = 1,
    .minimum_version_id = 1,
    .needed = idxgen_sched_needed,
    .post_load = idxgen_sched_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_UINT32(sched_count, IdxgenState),
        VMSTATE_UINT32_ARRAY(sched_order, IdxgenState, IDXGEN_SCHED_MAX_ENTRIES),
        VMSTATE_UINT32_ARRAY(sched_stride, IdxgenState,
                             IDXGEN_SCHED_MAX_ENTRIES),
        VMSTATE_UINT32_ARRAY(sched_gran, IdxgenState, IDXGEN_SCHED_MAX_ENTRIES),
        VMSTATE_UINT32_ARRAY(sched_tile_w, IdxgenState,
                             IDXGEN_SCHED_MAX_ENTRIES),
        VMSTATE_UINT32_ARRAY(sched_tile_h, IdxgenState,
                             IDXGEN_SCHED_MAX_ENTRIES),
        VMSTATE_END_OF_LIST()
    },
};

/* Migration: a user queue's own fields as its registers could hold them. */
static bool idxgen_uq_state_ok(IdxgenState *s, unsigned qn)
{
    IdxgenQueue *q = &s->q[qn];
    unsigned w;

    if (!idxgen_is_uq(qn)) {
        return true;
    }
    if ((q->requester & ~(IDXGEN_DESC_REQ_VALID | IDXGEN_DESC_REQ_ID_MASK)) ||
        (q->enabled && !QEMU_IS_ALIGNED(q->fence_addr_l, IDXGEN_FENCE_ALIGN)) ||
        (q->enabled && !QEMU_IS_ALIGNED(q->shadow_addr_l, IDXGEN_SHADOW_ALIGN)) ||
        (!(s->hw_features & IDXGEN_FEAT_UQ_SHADOW) &&
         (q->shadow_addr || q->shadow_addr_l))) {
        return false;
    }
    for (w = 0; w < IDXGEN_UQ_WINDOWS; w++) {
        if (q->win_flags[w] & ~IDXGEN_UQW_F_MASK) {
            return false;
        }
    }
    return true;
}

/* Migration: the capabilities and queues of an untrusted stream, in range. */
static bool idxgen_post_load_state_ok(IdxgenState *s)
{
    unsigned i;

    if (s->hist.entries < 1 || s->hist.entries > IDXGEN_HW_MAX_HIST ||
        s->cap_hist != s->hist.entries || s->cap_hist > s->hist_entries ||
        s->cap_max_threads < 1 || s->cap_max_threads > IDXGEN_HW_MAX_THREADS ||
        s->cap_max_dim[0] < 1 || s->cap_max_dim[0] > IDXGEN_HW_MAX_DIM ||
        s->cap_max_dim[1] < 1 || s->cap_max_dim[1] > IDXGEN_HW_MAX_DIM ||
        s->cap_max_dim[2] < 1 || s->cap_max_dim[2] > IDXGEN_HW_MAX_DIM ||
        (s->cap_features & ~s->hw_features) ||
        s->job_status < 0 || s->job_status > IDXGEN_CPL_MAX) {
        return false;
    }
    for (i = 0; i < IDXGEN_ALL_QUEUES; i++) {
        IdxgenQueue *q = &s->q[i];

        if (q->enabled &&
            (!idxgen_queue_exists(s, i) || q->size_l < 2 ||
             q->size_l > IDXGEN_HW_MAX_RING || !is_power_of_2(q->size_l) ||
             q->head >= q->size_l || q->tail >= q->size_l)) {
            return false;
        }
        if (q->irq_vector >= s->nvectors || !idxgen_uq_state_ok(s, i)) {
            return false;
        }
    }
    return s->rr_next < idxgen_rr_count(s) &&
        !(s->uq_irq_enable & ~idxgen_uq_mask(s)) &&
        !(s->uq_irq_status & ~idxgen_uq_mask(s));
}

/*
 * Migration: the active job's generator, re-derived from its descriptor by
 * replaying the warps already in index memory into scratch.
 */
static int idxgen_post_load_job(IdxgenState *s)
{
    struct igm_limits lim;
    uint64_t chunk, left = s->job_warps_done;
    g_autofree uint8_t *scratch = NULL;

    memset(&s->job, 0, sizeof(s->job));
    if (s->job_have_desc) {
        igm_job_from_desc(&s->job, (struct idxgen_desc *)s->job_desc);
    }
    if (s->job_status != IDXGEN_CPL_OK) {
        return 0;
    }
    igm_limits(s, &lim, false);
    if (!s->job_have_desc ||
        igm_job_validate(&s->job, &lim) != IDXGEN_CPL_OK) {
        return -EINVAL;
    }
    if (s->job_hit) {
        return 0;
    }
    if (s->job_warps != igm_job_warps(&s->job) || left > s->job_warps) {
        return -EINVAL;
    }
    chunk = idxgen_chunk_warps(s);  /* of the decoded job's warp size */
    scratch = g_malloc(chunk * s->job.c * s->job.word_size);
    igm_gen_init(&s->gen, &s->job);
    while (left) {
        uint64_t n = igm_gen_run(&s->gen, scratch, MIN(left, chunk));

        if (!n) {
            return -EINVAL;
        }
        left -= n;
    }
    return 0;
}

/* Some user queue takes its tail from a shadow block. */
static bool idxgen_uq_shadow_enabled(IdxgenState *s)
{
    unsigned i;

    for (i = IDXGEN_MAX_QUEUES; i < IDXGEN_ALL_QUEUES; i++) {
        if (s->q[i].enabled && s->q[i].shadow_addr_l) {
            return true;
        }
    }
    return false;
}

static int idxgen_post_load(void *opaque, int version_id)
{
    IdxgenState *s = opaque;

    /* The stream is untrusted: check what the device relies on. */
    if (!idxgen_post_load_state_ok(s)) {
        return -EINVAL;
    }
    if (!s->job_active) {
        /*
         * The bottom half did not run before the save, or a shadow queue
         * was in its idle window (not migrated: its process may store a
         * tail without ringing): look at the queues on resume.
         */
        if (idxgen_work_pending(s) || idxgen_uq_shadow_enabled(s)) {
            timer_mod(s->timer, qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL));
        }
        return 0;
    }
    if (s->job_q >= IDXGEN_ALL_QUEUES || !idxgen_queue_exists(s, s->job_q) ||
        !s->q[s->job_q].enabled ||
        s->job_slot >= s->q[s->job_q].size_l) {
        return -EINVAL;
    }
    if (idxgen_post_load_job(s)) {
        return -EINVAL;
    }
    /* Start and length drive the timer: no overflow, no endless job. */
    if (s->job_cycles != (s->job_status == IDXGEN_CPL_OK ?
                          igm_job_cycles(&s->job, s->job_hit) :
                          IDXGEN_FILTER_CYCLES) ||
        s->job_t0 < 0 ||
        s->job_t0 > INT64_MAX - idxgen_cycles_to_ns(s, s->job_cycles)) {
        return -EINVAL;
    }
    idxgen_job_arm(s);
    return 0;
}

static const VMStateDescription vmstate_idxgen = {
    .name = TYPE_IDXGEN,
    .version_id = 1,
    .minimum_version_id = 1,
    .post_load = idxgen_post_load,
    .fields = (const VMStateField[]) {
        VMSTATE_PCI_DEVICE(parent_obj, IdxgenState),
        VMSTATE_MSIX(parent_obj, IdxgenState),
        VMSTATE_UINT32(ctrl, IdxgenState),
        VMSTATE_BOOL(fatal, IdxgenState),
        VMSTATE_UINT32(fatal_code, IdxgenState),
        VMSTATE_BOOL(ready, IdxgenState),
        VMSTATE_UINT32(fw_status, IdxgenState),
        VMSTATE_UINT32(fw_version, IdxgenState),
        VMSTATE_UINT64(fw_addr, IdxgenState),
        VMSTATE_UINT32(fw_size, IdxgenState),
        VMSTATE_UINT32(cap_max_threads, IdxgenState),
        VMSTATE_UINT32_ARRAY(cap_max_dim, IdxgenState, 3),
        VMSTATE_UINT32(cap_hist, IdxgenState),
        VMSTATE_UINT32(cap_features, IdxgenState),
        VMSTATE_UINT32(irq_status, IdxgenState),
        VMSTATE_UINT32(irq_enable, IdxgenState),
        VMSTATE_UINT64(range_base, IdxgenState),
        VMSTATE_UINT64(range_size, IdxgenState),
        VMSTATE_UINT32(range_status, IdxgenState),
        VMSTATE_UINT64(stat_jobs, IdxgenState),
        VMSTATE_UINT64(stat_hits, IdxgenState),
        VMSTATE_UINT64(stat_misses, IdxgenState),
        VMSTATE_UINT64(stat_warps, IdxgenState),
        VMSTATE_UINT64(stat_busy_cycles, IdxgenState),
        VMSTATE_UINT64(stat_errors, IdxgenState),
        VMSTATE_UINT32(dbg_fault, IdxgenState),
        VMSTATE_UINT32(dbg_fired, IdxgenState),
        VMSTATE_UINT32(dbg_scratch, IdxgenState),
        VMSTATE_STRUCT_SUB_ARRAY(q, IdxgenState, 0, IDXGEN_MAX_QUEUES, 1,
                                 vmstate_idxgen_queue, IdxgenQueue),
        VMSTATE_UINT32(rr_next, IdxgenState),
        VMSTATE_UINT32(hist.entries, IdxgenState),
        VMSTATE_UINT64(hist.clock, IdxgenState),
        VMSTATE_STRUCT_ARRAY(hist.e, IdxgenState, IDXGEN_HW_MAX_HIST, 1,
                             vmstate_idxgen_hist_entry,
                             struct igm_hist_entry),
        VMSTATE_BOOL(job_active, IdxgenState),
        VMSTATE_BOOL(job_hit, IdxgenState),
        VMSTATE_BOOL(job_hang, IdxgenState),
        VMSTATE_BOOL(job_dirty, IdxgenState),
        VMSTATE_BOOL(job_have_desc, IdxgenState),
        VMSTATE_UINT32(job_q, IdxgenState),
        VMSTATE_UINT32(job_slot, IdxgenState),
        VMSTATE_INT32(job_status, IdxgenState),
        VMSTATE_INT64(job_t0, IdxgenState),
        VMSTATE_UINT64(job_cycles, IdxgenState),
        VMSTATE_UINT64(job_warps, IdxgenState),
        VMSTATE_UINT64(job_warps_done, IdxgenState),
        VMSTATE_UINT8_ARRAY(job_desc, IdxgenState, sizeof(struct idxgen_desc)),
        VMSTATE_END_OF_LIST()
    },
    .subsections = (const VMStateDescription * const []) {
        &vmstate_idxgen_arb,
        &vmstate_idxgen_sched,
        &vmstate_idxgen_uq,
        &vmstate_idxgen_uq_shadow,
        NULL
    },
};

/* ------------------------------------------------------------------ */
/* QOM                                                                */
/* ------------------------------------------------------------------ */

/* Realize, in nvme's three steps: properties, device state, PCI side. */
static bool idxgen_check_params(IdxgenState *s, Error **errp)
{
    if (s->imem_size < IDXGEN_IMEM_SIZE_MIN ||
        s->imem_size > IDXGEN_IMEM_SIZE_MAX || !is_power_of_2(s->imem_size)) {
        error_setg(errp, "idxgen: imem-size must be a power of two between "
                   "%llu MiB and %llu GiB (got %" PRIu64 ")",
                   IDXGEN_IMEM_SIZE_MIN >> 20, IDXGEN_IMEM_SIZE_MAX >> 30,
                   s->imem_size);
        return false;
    }
    if (s->num_queues < 1 || s->num_queues > IDXGEN_MAX_QUEUES) {
        error_setg(errp, "idxgen: num-queues must be in [1, %u] (got %u)",
                   IDXGEN_MAX_QUEUES, s->num_queues);
        return false;
    }
    if (s->num_uqueues > IDXGEN_MAX_UQUEUES) {
        error_setg(errp, "idxgen: num-uqueues must be in [0, %u] (got %u)",
                   IDXGEN_MAX_UQUEUES, s->num_uqueues);
        return false;
    }
    if (s->lanes < 1 || s->lanes > IDXGEN_HW_MAX_LANES) {
        error_setg(errp, "idxgen: lanes must be in [1, %u] (got %u)",
                   IDXGEN_HW_MAX_LANES, s->lanes);
        return false;
    }
    if (s->hist_entries < 1 || s->hist_entries > IDXGEN_HW_MAX_HIST) {
        error_setg(errp, "idxgen: hist-entries must be in [1, %u] (got %u)",
                   IDXGEN_HW_MAX_HIST, s->hist_entries);
        return false;
    }
    if (s->clock_khz < 1) {
        error_setg(errp, "idxgen: clock-khz must be at least 1");
        return false;
    }
    if (!s->debug && (s->fault_hang || s->fault_drop_irq ||
                      s->fault_corrupt_cpl || s->fault_fail_dma)) {
        error_setg(errp, "idxgen: fault-* properties need debug=on");
        return false;
    }
    if (s->aer && !pci_is_express(PCI_DEVICE(s))) {
        error_setg(errp, "idxgen: aer=on needs a PCI Express bus");
        return false;
    }
    return true;
}

/* What does not depend on the bus: derived values, the timers, the BH. */
static void idxgen_init_state(IdxgenState *s)
{
    s->hw_features = IDXGEN_HW_FEATURES | (s->debug ? IDXGEN_FEAT_DEBUG : 0) |
        (s->num_uqueues ? IDXGEN_FEAT_USER_QUEUES : 0) |
        (s->num_uqueues && s->uq_shadow ? IDXGEN_FEAT_UQ_SHADOW : 0);
    s->nvectors = IDXGEN_MSIX_VECTORS_UQ(s->num_queues, s->num_uqueues);
    s->bh = qemu_bh_new_guarded(idxgen_bh, s,
                                &DEVICE(s)->mem_reentrancy_guard);
    s->timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, idxgen_timer_cb, s);
    s->arb_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, idxgen_arb_timer_cb, s);
}

static void idxgen_free_state(IdxgenState *s)
{
    timer_free(s->timer);
    s->timer = NULL;
    timer_free(s->arb_timer);
    s->arb_timer = NULL;
    qemu_bh_delete(s->bh);
    s->bh = NULL;
}

/* Config space identity and the PCIe/AER capabilities. */
static bool idxgen_init_pci_caps(PCIDevice *pdev, Error **errp)
{
    IdxgenState *s = IDXGEN(pdev);

    pci_config_set_vendor_id(pdev->config, IDXGEN_PCI_VENDOR_ID);
    pci_config_set_device_id(pdev->config, IDXGEN_PCI_DEVICE_ID);
    pci_set_word(pdev->config + PCI_SUBSYSTEM_VENDOR_ID,
                 IDXGEN_PCI_SUBVENDOR_ID);
    pci_set_word(pdev->config + PCI_SUBSYSTEM_ID, IDXGEN_PCI_SUBDEVICE_ID);
    pdev->config[PCI_INTERRUPT_PIN] = 0;    /* MSI-X only */

    if (pci_is_express(pdev) &&
        pcie_endpoint_cap_init(pdev, IDXGEN_PCIE_CAP_OFFSET) < 0) {
        error_setg(errp, "idxgen: cannot add the PCIe capability");
        return false;
    }
    /*
     * For pcie_aer_inject_error: the error log is not migrated.  The
     * error-reporting enables of DEVCTL become writable with it.
     */
    if (s->aer) {
        if (pcie_aer_init(pdev, PCI_ERR_VER, IDXGEN_AER_CAP_OFFSET,
                          PCI_ERR_SIZEOF, errp) < 0) {
            error_prepend(errp, "idxgen: cannot add the AER capability: ");
            pcie_cap_exit(pdev);
            return false;
        }
        pcie_cap_deverr_init(pdev);
    }
    return true;
}

static void idxgen_exit_pci_caps(PCIDevice *pdev)
{
    if (IDXGEN(pdev)->aer && pci_is_express(pdev)) {
        pcie_aer_exit(pdev);
    }
    if (pci_is_express(pdev)) {
        pcie_cap_exit(pdev);
    }
}

/* The BARs: registers, index memory (a ROM device), MSI-X, doorbells. */
static bool idxgen_init_bars(PCIDevice *pdev, Error **errp)
{
    IdxgenState *s = IDXGEN(pdev);
    unsigned i;

    memory_region_init_io(&s->regs, OBJECT(s), &idxgen_reg_ops, s,
                          "idxgen-regs", IDXGEN_BAR_REGS_SIZE);
    pci_register_bar(pdev, IDXGEN_BAR_REGS, PCI_BASE_ADDRESS_SPACE_MEMORY,
                     &s->regs);

    if (!memory_region_init_rom_device(&s->imem, OBJECT(s), &idxgen_imem_ops,
                                       s, "idxgen-imem", s->imem_size,
                                       errp)) {
        return false;
    }
    s->imem_ptr = memory_region_get_ram_ptr(&s->imem);
    pci_register_bar(pdev, IDXGEN_BAR_IMEM,
                     PCI_BASE_ADDRESS_SPACE_MEMORY |
                     PCI_BASE_ADDRESS_MEM_PREFETCH |
                     PCI_BASE_ADDRESS_MEM_TYPE_64, &s->imem);

    if (msix_init_exclusive_bar(pdev, s->nvectors, IDXGEN_BAR_MSIX, errp)) {
        return false;
    }
    if (s->num_uqueues) {
        memory_region_init_io(&s->doorbells, OBJECT(s), &idxgen_db_ops, s,
                              "idxgen-doorbells", IDXGEN_UQ_DB_BAR_SIZE);
        pci_register_bar(pdev, IDXGEN_BAR_DOORBELL,
                         PCI_BASE_ADDRESS_SPACE_MEMORY, &s->doorbells);
    }
    for (i = 0; i < s->nvectors; i++) {
        msix_vector_use(pdev, i);
    }
    return true;
}

static bool idxgen_init_pci(PCIDevice *pdev, Error **errp)
{
    if (!idxgen_init_pci_caps(pdev, errp)) {
        return false;
    }
    if (!idxgen_init_bars(pdev, errp)) {
        idxgen_exit_pci_caps(pdev);
        return false;
    }
    return true;
}

static void idxgen_realize(PCIDevice *pdev, Error **errp)
{
    IdxgenState *s = IDXGEN(pdev);

    if (!idxgen_check_params(s, errp)) {
        return;
    }
    idxgen_init_state(s);
    if (!idxgen_init_pci(pdev, errp)) {
        idxgen_free_state(s);
        return;
    }
    idxgen_reset_state(s, false);
}

static void idxgen_exit(PCIDevice *pdev)
{
    idxgen_free_state(IDXGEN(pdev));
    msix_unuse_all_vectors(pdev);
    msix_uninit_exclusive_bar(pdev);
    idxgen_exit_pci_caps(pdev);
}

static void idxgen_reset_hold(Object *obj, ResetType type)
{
    idxgen_reset_state(IDXGEN(obj), false);
}

static const Property idxgen_properties[] = {
    DEFINE_PROP_SIZE("imem-size", IdxgenState, imem_size,
                     IDXGEN_IMEM_SIZE_DEFAULT),
    DEFINE_PROP_UINT32("num-queues", IdxgenState, num_queues,
                       IDXGEN_HW_DEFAULT_QUEUES),
    DEFINE_PROP_UINT32("num-uqueues", IdxgenState, num_uqueues,
                       IDXGEN_HW_DEFAULT_UQUEUES),
    DEFINE_PROP_UINT32("lanes", IdxgenState, lanes, IDXGEN_HW_DEFAULT_LANES),
    DEFINE_PROP_UINT32("hist-entries", IdxgenState, hist_entries,
                       IDXGEN_HW_DEFAULT_HIST),
    DEFINE_PROP_UINT32("clock-khz", IdxgenState, clock_khz,
                       IDXGEN_HW_DEFAULT_CLOCK_KHZ),
    DEFINE_PROP_BOOL("uq-shadow", IdxgenState, uq_shadow, true),
    DEFINE_PROP_UINT32("uq-idle-ns", IdxgenState, uq_idle_ns,
                       IDXGEN_UQ_IDLE_NS_DEFAULT),
    DEFINE_PROP_BOOL("debug", IdxgenState, debug, false),
    DEFINE_PROP_BOOL("aer", IdxgenState, aer, false),
    DEFINE_PROP_BOOL("fault-hang", IdxgenState, fault_hang, false),
    DEFINE_PROP_BOOL("fault-drop-irq", IdxgenState, fault_drop_irq, false),
    DEFINE_PROP_BOOL("fault-corrupt-cpl", IdxgenState, fault_corrupt_cpl,
                     false),
    DEFINE_PROP_BOOL("fault-fail-dma", IdxgenState, fault_fail_dma, false),
};

static void idxgen_get_sched_corrupt(Object *obj, Visitor *v,
                                     const char *name, void *opaque,
                                     Error **errp)
{
    visit_type_uint32(v, name, &IDXGEN(obj)->sched_corrupt, errp);
}

static void idxgen_set_sched_corrupt(Object *obj, Visitor *v,
                                     const char *name, void *opaque,
                                     Error **errp)
{
    uint32_t val;

    if (!visit_type_uint32(v, name, &val, errp)) {
        return;
    }
    if (val > IDXGEN_SCHED_CORRUPT_COUNT) {
        error_setg(errp, "x-sched-corrupt must be 0, 1 or 2, not %u", val);
        return;
    }
    IDXGEN(obj)->sched_corrupt = val;
}

static void idxgen_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);
    ResettableClass *rc = RESETTABLE_CLASS(klass);

    k->realize = idxgen_realize;
    k->exit = idxgen_exit;
    k->vendor_id = IDXGEN_PCI_VENDOR_ID;
    k->device_id = IDXGEN_PCI_DEVICE_ID;
    k->subsystem_vendor_id = IDXGEN_PCI_SUBVENDOR_ID;
    k->subsystem_id = IDXGEN_PCI_SUBDEVICE_ID;
    k->revision = IDXGEN_PCI_REVISION;
    k->class_id = IDXGEN_PCI_CLASS >> 8;
    rc->phases.hold = idxgen_reset_hold;
    dc->desc = "idxgen thread-index generator accelerator";
    dc->vmsd = &vmstate_idxgen;
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
    device_class_set_props(dc, idxgen_properties);

    object_class_property_set_description(klass, "imem-size",
        "index memory (BAR2) size in bytes: a power of two, 1M..4G");
    object_class_property_set_description(klass, "num-queues",
        "config queues, 1..16");
    object_class_property_set_description(klass, "num-uqueues",
        "user queues (doorbell pages in BAR5), 0..16; 0: none, as "
        "interface 1.0");
    object_class_property_set_description(klass, "uq-idle-ns",
        "how long a user queue with a shadow tail that ran empty has its "
        "tail read again before the device sleeps (and asks for the "
        "doorbell); 0: at once");
    object_class_property_set_description(klass, "lanes",
        "generator lanes = warp size = max iteration step, 1..64");
    object_class_property_set_description(klass, "hist-entries",
        "history cache entries, 1..64");
    object_class_property_set_description(klass, "clock-khz",
        "generator clock of the timing model in kHz, >= 1");
    object_class_property_set_description(klass, "debug",
        "debug/fault-injection register block");
    object_class_property_set_description(klass, "aer",
        "PCIe AER extended capability, for pcie_aer_inject_error");
    object_class_property_set_description(klass, "fault-hang",
        "arm at reset: the next job never completes (needs debug=on)");
    object_class_property_set_description(klass, "fault-drop-irq",
        "arm at reset: the next interrupt is not raised (needs debug=on)");
    object_class_property_set_description(klass, "fault-corrupt-cpl",
        "arm at reset: the next completion record has a bad check word "
        "(needs debug=on)");
    object_class_property_set_description(klass, "fault-fail-dma",
        "arm at reset: the next DMA transfer fails (needs debug=on)");
    /* A plain QOM property: qom-set may change it while the guest runs. */
    object_class_property_add(klass, "x-sched-corrupt", "uint32",
                              idxgen_get_sched_corrupt,
                              idxgen_set_sched_corrupt, NULL, NULL);
    object_class_property_set_description(klass, "x-sched-corrupt",
        "test only: schedule-table registers misreport (1: entry 0 has an "
        "unknown order, 2: SCHED_COUNT above the maximum; 0: off)");
}

static const TypeInfo idxgen_info = {
    .name = TYPE_IDXGEN,
    .parent = TYPE_PCI_DEVICE,
    .instance_size = sizeof(IdxgenState),
    .class_init = idxgen_class_init,
    .interfaces = (InterfaceInfo[]) {
        { INTERFACE_PCIE_DEVICE },
        { },
    },
};

static void idxgen_register_types(void)
{
    type_register_static(&idxgen_info);
}

type_init(idxgen_register_types)
