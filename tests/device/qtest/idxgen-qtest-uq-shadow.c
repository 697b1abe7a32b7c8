/*
 * QTest for the idxgen accelerator: user queues' shadow tail
 * (FEAT_UQ_SHADOW, include/idxgen_hw.h "Shadow tail").
 *
 * A process that stores its tail into memory and rings the doorbell only
 * when idxgen_uq_shadow_need_doorbell() says so: jobs stored while the
 * device is busy run without a doorbell, the event index says where the
 * device went to sleep, and a device without the feature is a 1.1 one.  A
 * hostile process's shadow block (tails past the ring, blocks outside RAM
 * or misaligned) stops its own queue only.  Outputs are checked against
 * tests/common/gen_ref.h (check_output).
 *
 * Copyright (c) 2026 the idxgen authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "libqos/pci-pc.h"
#include "idxgen-qtest.h"

/*
 * A user queue with a shadow block at bus address sh, enabled: the device
 * may look at the block at once, so the caller checks UQ_STATUS.
 */
static void shq_setup(Idx *d, UQ *q, unsigned u, uint32_t size, uint64_t sh)
{
    uint64_t ring = guest_alloc(&d->alloc, size * sizeof(struct idxgen_desc));
    uint64_t cpl = guest_alloc(&d->alloc, size * sizeof(struct idxgen_cpl));
    uint64_t fence = guest_alloc(&d->alloc, 8);

    qtest_memset(d->qts, cpl, 0, size * sizeof(struct idxgen_cpl));
    qtest_writeq(d->qts, fence, 0);
    q->db = db_map(d);
    wr64(d, IDXGEN_UQREG(u, IDXGEN_UQ_SHADOW_ADDR_LO), sh);
    uq_setup_at(d, q, u, size, ring, cpl, fence);
}

static uint32_t uq_st(Idx *d, unsigned u)
{
    return rd(d, IDXGEN_UQREG(u, IDXGEN_UQ_STATUS));
}

static uint32_t sh_event(Idx *d, uint64_t sh)
{
    return qtest_readl(d->qts, sh + IDXGEN_UQ_SHADOW_EVENT);
}

/*
 * Store one descriptor and the new shadow tail; ring the doorbell only when
 * the device asks (as lib/uq.c does): whether it rang.
 */
static bool shq_submit(Idx *d, UQ *q, uint64_t sh,
                       const struct idxgen_desc *dsc)
{
    uint32_t old = q->tail;

    uq_put(d, q, dsc);
    qtest_writel(d->qts, sh + IDXGEN_UQ_SHADOW_TAIL, q->tail);
    if (!idxgen_uq_shadow_need_doorbell(sh_event(d, sh), q->tail, old,
                                        q->size)) {
        return false;
    }
    uq_doorbell(d, q, q->tail);
    return true;
}

/* The helper's rule against the slots it names, for every case of a ring. */
static void check_need_doorbell_rule(void)
{
    uint32_t n = 8, ev, old, k;

    for (ev = 0; ev < n; ev++) {
        for (old = 0; old < n; old++) {
            for (k = 0; k < n; k++) {
                bool inside = false;
                uint32_t j;

                for (j = 0; j < k; j++) {
                    inside |= (old + j) % n == ev;
                }
                g_assert_cmpint(idxgen_uq_shadow_need_doorbell(ev, (old + k) % n,
                                                               old, n), ==,
                                inside);
            }
        }
    }
}

/* The capability, the registers, and a device without the feature. */
static void test_uq_shadow_identity(void)
{
    Idx d;

    check_need_doorbell_rule();
    idx_start(&d, NULL);
    g_assert_true(rd(&d, IDXGEN_REG_CAP_FEATURES) & IDXGEN_FEAT_UQ_SHADOW);
    fw_load_good(&d);
    g_assert_true(rd(&d, IDXGEN_REG_CAP_FEATURES) & IDXGEN_FEAT_UQ_SHADOW);
    wr64(&d, IDXGEN_UQREG(4, IDXGEN_UQ_SHADOW_ADDR_LO), 0x123456789a0ULL);
    g_assert_cmphex(rd64(&d, IDXGEN_UQREG(4, IDXGEN_UQ_SHADOW_ADDR_LO)), ==,
                    0x123456789a0ULL);
    /* a reset clears it */
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_RESET);
    g_assert_cmphex(rd64(&d, IDXGEN_UQREG(4, IDXGEN_UQ_SHADOW_ADDR_LO)), ==, 0);
    idx_stop(&d);

    /* uq-shadow=off: the 1.1 device, registers read 0 and writes are no fatal */
    idx_start_ready(&d, "uq-shadow=off");
    g_assert_true(rd(&d, IDXGEN_REG_CAP_FEATURES) & IDXGEN_FEAT_USER_QUEUES);
    g_assert_false(rd(&d, IDXGEN_REG_CAP_FEATURES) & IDXGEN_FEAT_UQ_SHADOW);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    wr64(&d, IDXGEN_UQREG(4, IDXGEN_UQ_SHADOW_ADDR_LO), 0x1000);
    g_assert_cmphex(rd64(&d, IDXGEN_UQREG(4, IDXGEN_UQ_SHADOW_ADDR_LO)), ==, 0);
    g_assert_false(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_FATAL);
    idx_stop(&d);

    /* without user queues there is no shadow either */
    idx_start(&d, "num-uqueues=0");
    g_assert_false(rd(&d, IDXGEN_REG_CAP_FEATURES) & IDXGEN_FEAT_UQ_SHADOW);
    idx_stop(&d);
}

/* Jobs stored while the device works need no doorbell. */
static void test_uq_shadow_jobs(void)
{
    Idx d;
    UQ q;
    struct idxgen_desc big, dsc[3];
    uint64_t sh;
    unsigned i;

    /* no idle window: the device sleeps as soon as it finds the queue empty */
    idx_start_ready(&d, "imem-size=4M,uq-idle-ns=0");
    sh = guest_alloc(&d.alloc, IDXGEN_UQ_SHADOW_SIZE);
    qtest_writeq(d.qts, sh, 0);
    shq_setup(&d, &q, 1, 8, sh);
    g_assert_cmphex(uq_st(&d, 1), ==, IDXGEN_QSTATUS_ENABLED);
    uq_window(&d, 1, 0, 0, 0x400000, WIN_RW);

    /* the device has not looked yet (event 0 = slot 0): the first rings */
    mkdesc(&big, 0, 1024, 512, 1, 32, 1);
    g_assert_true(shq_submit(&d, &q, sh, &big));
    step(&d, 20000);
    g_assert_true(rd(&d, IDXGEN_UQREG(1, IDXGEN_UQ_STATUS)) &
                  IDXGEN_QSTATUS_BUSY);
    /* busy: three more by stores alone */
    for (i = 0; i < 3; i++) {
        mkdesc(&dsc[i], 0x200000 + i * 0x1000, 16, 8 + i, 1, 32, 10 + i);
        g_assert_false(shq_submit(&d, &q, sh, &dsc[i]));
    }
    g_assert_cmpuint(qpci_io_readl(d.dev, q.db, 1 * IDXGEN_UQ_DB_STRIDE +
                                   IDXGEN_UQ_DB_TAIL), ==, 1);
    uq_wait(&d, &q, 4);
    check_output(&d, &big);
    for (i = 0; i < 3; i++) {
        struct idxgen_cpl c;

        qtest_memread(d.qts, q.cpl + (1 + i) * sizeof(c), &c, sizeof(c));
        g_assert_true(cpl_check_ok(&c));
        check_cpl_ok(&c, &dsc[i], false);
        check_output(&d, &dsc[i]);
    }
    /* empty: asleep at slot 4, so the next store must ring, and does */
    g_assert_cmpuint(sh_event(&d, sh), ==, 4);
    mkdesc(&dsc[0], 0x300000, 8, 8, 1, 32, 20);
    uq_put(&d, &q, &dsc[0]);
    qtest_writel(d.qts, sh + IDXGEN_UQ_SHADOW_TAIL, q.tail);
    g_assert_true(idxgen_uq_shadow_need_doorbell(sh_event(&d, sh), q.tail, 4,
                                                 q.size));
    step(&d, 1000000);
    g_assert_cmpuint(uq_value(&d, &q), ==, 4);  /* asleep: it did not look */
    uq_doorbell(&d, &q, q.tail);
    uq_wait(&d, &q, 5);
    check_output(&d, &dsc[0]);
    /* a plain doorbell (the 1.1 way) still works with a shadow block */
    mkdesc(&dsc[1], 0x310000, 8, 4, 1, 32, 21);
    uq_put(&d, &q, &dsc[1]);
    qtest_writel(d.qts, sh + IDXGEN_UQ_SHADOW_TAIL, q.tail);
    uq_doorbell(&d, &q, q.tail);
    uq_wait(&d, &q, 6);
    check_output(&d, &dsc[1]);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(1, IDXGEN_UQ_STATUS)), ==,
                    IDXGEN_QSTATUS_ENABLED);
    idx_stop(&d);
}

/* A hostile process's shadow block stops its own queue, nothing else. */
static void test_uq_shadow_hostile(void)
{
    Idx d;
    UQ bad, good;
    struct idxgen_desc dsc;
    uint64_t sh, gsh;

    idx_start_ready(&d, "imem-size=1M");
    imem_fill(&d);
    wr(&d, IDXGEN_REG_IRQ_STATUS, ~0u);
    sh = guest_alloc(&d.alloc, IDXGEN_UQ_SHADOW_SIZE);
    gsh = guest_alloc(&d.alloc, IDXGEN_UQ_SHADOW_SIZE);
    qtest_writeq(d.qts, sh, 0);
    qtest_writeq(d.qts, gsh, 0);
    shq_setup(&d, &good, 3, 4, gsh);
    g_assert_cmphex(uq_st(&d, 3), ==, IDXGEN_QSTATUS_ENABLED);
    uq_window(&d, 3, 0, 0x60000, 0x1000, WIN_RW);

    /* a tail past the ring, seen at the next look: stopped */
    shq_setup(&d, &bad, 1, 16, sh);
    g_assert_cmphex(uq_st(&d, 1), ==, IDXGEN_QSTATUS_ENABLED);
    uq_window(&d, 1, 0, 0x40000, 0x10000, WIN_RW);
    mkdesc(&dsc, 0x40000, 8, 8, 1, 32, 1);
    uq_put(&d, &bad, &dsc);
    qtest_writel(d.qts, sh + IDXGEN_UQ_SHADOW_TAIL, 16);
    uq_doorbell(&d, &bad, bad.tail);
    step(&d, 100000);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(1, IDXGEN_UQ_STATUS)), ==,
                    uq_qerr(IDXGEN_QERR_BAD_DOORBELL));
    g_assert_true(rd(&d, IDXGEN_REG_UQ_IRQ_STATUS) & (1u << 1));
    /* a huge tail stored while a job runs: seen when it ends, stopped */
    qtest_writel(d.qts, sh + IDXGEN_UQ_SHADOW_TAIL, 0);
    shq_setup(&d, &bad, 1, 16, sh);
    g_assert_cmphex(uq_st(&d, 1), ==, IDXGEN_QSTATUS_ENABLED);
    mkdesc(&dsc, 0x40000, 256, 128, 1, 32, 2);     /* 1024 warps: 10 us */
    g_assert_true(shq_submit(&d, &bad, sh, &dsc));
    step(&d, 2000);
    g_assert_true(rd(&d, IDXGEN_UQREG(1, IDXGEN_UQ_STATUS)) &
                  IDXGEN_QSTATUS_BUSY);
    qtest_writel(d.qts, sh + IDXGEN_UQ_SHADOW_TAIL, 0xffffffffu);
    uq_wait(&d, &bad, 1);
    step(&d, 100000);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(1, IDXGEN_UQ_STATUS)), ==,
                    uq_qerr(IDXGEN_QERR_BAD_DOORBELL));
    check_output(&d, &dsc);

    /* a shadow block outside RAM: DMA error at the first look (enable) */
    shq_setup(&d, &bad, 1, 16, NOWHERE);
    step(&d, 1000);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(1, IDXGEN_UQ_STATUS)), ==,
                    uq_qerr(IDXGEN_QERR_DMA));
    /* a block on the device's own registers: no re-entry, a DMA error */
    shq_setup(&d, &bad, 1, 16, d.regs.addr + IDXGEN_UQREG(1, 0));
    step(&d, 1000);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(1, IDXGEN_UQ_STATUS)), ==,
                    uq_qerr(IDXGEN_QERR_DMA));
    /* misaligned, or wrapping past the top of the bus: not enabled */
    shq_setup(&d, &bad, 1, 16, sh + 4);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(1, IDXGEN_UQ_STATUS)), ==,
                    uq_qerr(IDXGEN_QERR_BAD_RING));
    shq_setup(&d, &bad, 1, 16, 0xfffffffffffffffcULL);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(1, IDXGEN_UQ_STATUS)), ==,
                    uq_qerr(IDXGEN_QERR_BAD_RING));
    shq_setup(&d, &bad, 1, 16, 0xfffffffffffffff8ULL);
    g_assert_cmphex(rd(&d, IDXGEN_UQREG(1, IDXGEN_UQ_STATUS)), ==,
                    uq_qerr(IDXGEN_QERR_BAD_RING));

    /* the other queue, the device: untouched */
    g_assert_false(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_ERROR);
    g_assert_false(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_FATAL);
    mkdesc(&dsc, 0x60000, 8, 8, 1, 32, 3);
    shq_submit(&d, &good, gsh, &dsc);
    uq_wait(&d, &good, 1);
    check_output(&d, &dsc);
    imem_untouched_outside3(&d, 0x40000, 0x10000, 0x60000, 0x1000, 0, 0);
    idx_stop(&d);
}

/*
 * The idle window (uq-idle-ns): a tail stored soon after the queue ran
 * empty is taken without a doorbell; the event index is written (the
 * device sleeps, the next store rings) only once the window has passed.
 */
static void test_uq_shadow_idle(void)
{
    Idx d;
    UQ q;
    struct idxgen_desc dsc[3];
    uint64_t sh;
    unsigned i;

    idx_start_ready(&d, "imem-size=1M,uq-idle-ns=50000");
    sh = guest_alloc(&d.alloc, IDXGEN_UQ_SHADOW_SIZE);
    qtest_writeq(d.qts, sh, 0);
    shq_setup(&d, &q, 2, 8, sh);
    g_assert_cmphex(uq_st(&d, 2), ==, IDXGEN_QSTATUS_ENABLED);
    uq_window(&d, 2, 0, 0, 0x100000, WIN_RW);
    for (i = 0; i < 3; i++) {
        mkdesc(&dsc[i], 0x10000 * (i + 1), 8 + i, 8, 1, 32, 40 + i);
    }
    /* event 0 (never written) lies in [0, 1): the first store rings */
    g_assert_true(shq_submit(&d, &q, sh, &dsc[0]));
    uq_wait(&d, &q, 1);
    /* 10 us into the window: awake, no event index, a store alone will do */
    step(&d, 10000);
    g_assert_cmpuint(sh_event(&d, sh), ==, 0);
    g_assert_false(shq_submit(&d, &q, sh, &dsc[1]));
    uq_wait(&d, &q, 2);
    /* the window over: asleep at slot 2, and a store alone is not seen */
    step(&d, 100000);
    g_assert_cmpuint(sh_event(&d, sh), ==, 2);
    uq_put(&d, &q, &dsc[2]);
    qtest_writel(d.qts, sh + IDXGEN_UQ_SHADOW_TAIL, q.tail);
    g_assert_true(idxgen_uq_shadow_need_doorbell(sh_event(&d, sh), q.tail, 2,
                                                 q.size));
    step(&d, 1000000);
    g_assert_cmpuint(uq_value(&d, &q), ==, 2);
    uq_doorbell(&d, &q, q.tail);
    uq_wait(&d, &q, 3);
    for (i = 0; i < 3; i++) {
        struct idxgen_cpl c;

        qtest_memread(d.qts, q.cpl + i * sizeof(c), &c, sizeof(c));
        g_assert_true(cpl_check_ok(&c));
        check_cpl_ok(&c, &dsc[i], false);
        check_output(&d, &dsc[i]);
    }
    idx_stop(&d);
}

/*
 * Migrated inside the idle window (not part of the state): the target
 * looks at the queue on resume, so a tail stored there without a doorbell
 * (the event index still says awake) is taken, not left for ever.
 */
static void test_uq_shadow_idle_migrate(void)
{
    static const char props[] = "imem-size=1M,uq-idle-ns=50000";
    g_autofree char *uri = g_strdup_printf("unix:%s/idxgen-idlemig-%d.sock",
                                           g_get_tmp_dir(), getpid());
    Idx s, t;
    UQ q;
    struct idxgen_desc dsc[2];
    uint64_t sh;

    idx_start_ready(&s, props);
    sh = guest_alloc(&s.alloc, IDXGEN_UQ_SHADOW_SIZE);
    qtest_writeq(s.qts, sh, 0);
    shq_setup(&s, &q, 3, 8, sh);
    uq_window(&s, 3, 0, 0, 0x100000, WIN_RW);
    mkdesc(&dsc[0], 0x20000, 16, 8, 1, 32, 50);
    mkdesc(&dsc[1], 0x30000, 8, 4, 1, 32, 51);
    g_assert_true(shq_submit(&s, &q, sh, &dsc[0]));
    uq_wait(&s, &q, 1);
    step(&s, 5000);
    g_assert_cmpuint(sh_event(&s, sh), ==, 0);     /* in its window */

    migrate_live(&s, &t, props, uri);
    t.now = s.now;

    g_assert_false(shq_submit(&t, &q, sh, &dsc[1]));
    uq_wait(&t, &q, 2);
    check_output(&t, &dsc[1]);
    idx_stop(&t);
    g_free(s.dev);
    qpci_free_pc(s.bus);
    alloc_destroy(&s.alloc);
    qtest_quit(s.qts);
}

/*
 * A job hung (DBG_FAULT HANG_JOB) on a user queue with a shadow tail: a
 * tail past the ring stored meanwhile is not seen (the device reads the
 * tail when it looks for work, after a job, and a hung job never ends: the
 * driver's watchdog resets the device); a doorbell past the ring aborts the
 * hung job (an ABORTED completion and value) and stops the queue with
 * BAD_DOORBELL; the generator is free again for the other queues.
 */
static void test_uq_hang_bad_doorbell(void)
{
    Idx d;
    UQ q, other;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;
    uint64_t sh;

    idx_start_ready(&d, "imem-size=1M,debug=on");
    sh = guest_alloc(&d.alloc, IDXGEN_UQ_SHADOW_SIZE);
    qtest_writeq(d.qts, sh, 0);
    shq_setup(&d, &q, 1, 8, sh);
    uq_window(&d, 1, 0, 0, 0x80000, WIN_RW);
    wr(&d, IDXGEN_REG_DBG_FAULT, IDXGEN_FAULT_HANG_JOB);
    mkdesc(&dsc, 0x1000, 8, 8, 1, 32, 0x77);
    g_assert_true(shq_submit(&d, &q, sh, &dsc));
    step(&d, 10 * 1000 * 1000);
    g_assert_cmphex(rd(&d, IDXGEN_REG_DBG_FIRED), ==, IDXGEN_FAULT_HANG_JOB);
    g_assert_cmpuint(uq_value(&d, &q), ==, 0);
    g_assert_cmphex(uq_st(&d, 1), ==,
                    IDXGEN_QSTATUS_ENABLED | IDXGEN_QSTATUS_BUSY);

    qtest_writel(d.qts, sh + IDXGEN_UQ_SHADOW_TAIL, 0xffffu);
    step(&d, 10 * 1000 * 1000);
    g_assert_cmphex(uq_st(&d, 1), ==,
                    IDXGEN_QSTATUS_ENABLED | IDXGEN_QSTATUS_BUSY);
    g_assert_cmpuint(uq_value(&d, &q), ==, 0);

    uq_doorbell(&d, &q, 8);
    g_assert_cmphex(uq_st(&d, 1), ==, uq_qerr(IDXGEN_QERR_BAD_DOORBELL));
    g_assert_true(rd(&d, IDXGEN_REG_UQ_IRQ_STATUS) & (1u << 1));
    g_assert_cmpuint(uq_value(&d, &q), ==, 1);
    qtest_memread(d.qts, q.cpl, &c, sizeof(c));
    g_assert_true(cpl_check_ok(&c));
    g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_ABORTED);
    g_assert_cmphex(le32_to_cpu(c.job_id), ==, 0x77);
    g_assert_false(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_BUSY);
    g_assert_false(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_FATAL);

    uq_setup(&d, &other, 4, 8);
    uq_window(&d, 4, 0, 0x80000, 0x80000, WIN_RW);
    mkdesc(&dsc, 0x90000, 8, 8, 1, 32, 0x78);
    g_assert_cmpuint(uq_run(&d, &other, &dsc, &c), ==, IDXGEN_CPL_OK);
    check_output(&d, &dsc);
    idx_stop(&d);
}

void register_uq_shadow(void)
{
    qtest_add_func("/idxgen/uq/shadow/identity", test_uq_shadow_identity);
    qtest_add_func("/idxgen/uq/shadow/jobs", test_uq_shadow_jobs);
    qtest_add_func("/idxgen/uq/shadow/hostile", test_uq_shadow_hostile);
    qtest_add_func("/idxgen/uq/shadow/idle", test_uq_shadow_idle);
    qtest_add_func("/idxgen/uq/shadow/idle-migrate", test_uq_shadow_idle_migrate);
    qtest_add_func("/idxgen/uq/hang-bad-doorbell", test_uq_hang_bad_doorbell);
}
