/*
 * QTest for the idxgen accelerator: queues and descriptors.
 *
 * Jobs on one queue and on several, incremental generation, every
 * descriptor error code, ring validation and wrap-around.
 *
 * Copyright (c) 2026 the idxgen authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "gen_ref.h"
#include "idxgen-qtest.h"

/* ------------------------------------------------------------------ */
/* Jobs                                                               */
/* ------------------------------------------------------------------ */

static void test_queue_single(void)
{
    static const struct {
        uint32_t dx, dy, dz, c;
        uint64_t target;
    } shapes[] = {
        { 32, 64, 1, 32, 0 },
        { 100, 2, 2, 32, 0x10000 },
        { 33, 33, 33, 32, 0x20000 },     /* 18 bits: 32-bit words */
        { 7, 5, 3, 1, 0x40000 },
        { 7, 5, 3, 13, 0x41000 },
        { 1, 1, 1, 1, 0x42000 },
        { 1, 1, 300, 17, 0x43000 },
        { 65535, 1, 1, 32, 0x50000 },
        { 1, 65535, 1, 31, 0x80000 },
        { 16, 16, 4, 64, 0xc0000 },
        { 3, 3, 3, 27, 0xc4000 },
        { 2, 2, 2, 9, 0xc5002 },         /* c above the thread count */
    };
    Idx d;
    Queue q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;
    uint64_t warps = 0, cycles = 0;
    unsigned i;

    idx_start_ready(&d, "lanes=64");
    q_setup(&d, &q, 0, 16);
    for (i = 0; i < G_N_ELEMENTS(shapes); i++) {
        int64_t ns;

        mkdesc(&dsc, shapes[i].target, shapes[i].dx, shapes[i].dy,
               shapes[i].dz, shapes[i].c, 100 + i);
        ns = run_job(&d, &q, &dsc, &c);
        check_cpl_ok(&c, &dsc, false);
        check_output(&d, &dsc);
        /* the job took its cycles of virtual time */
        g_assert_cmpint(ns, >=, le64_to_cpu(c.cycles) * NS_PER_CYCLE);
        g_assert_cmpint(ns, <=, (le64_to_cpu(c.cycles) + 1) * NS_PER_CYCLE);
        warps += le32_to_cpu(c.warps);
        cycles += le64_to_cpu(c.cycles);
        g_assert_cmpuint(rd(&d, IDXGEN_QREG(0, IDXGEN_Q_HEAD)), ==, q.tail);
        g_assert_cmpuint(rd(&d, IDXGEN_QREG(0, IDXGEN_Q_WARPS_READY)), ==,
                         desc_warps(&dsc));
        g_assert_cmpuint(rd(&d, IDXGEN_QREG(0, IDXGEN_Q_CUR_JOB_ID)), ==,
                         100 + i);
    }
    g_assert_cmpuint(q_completed(&d, &q), ==, G_N_ELEMENTS(shapes));
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_JOBS), ==, G_N_ELEMENTS(shapes));
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_MISSES), ==,
                     G_N_ELEMENTS(shapes));
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_HITS), ==, 0);
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_ERRORS), ==, 0);
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_WARPS), ==, warps);
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_BUSY_CYCLES), ==, cycles);
    g_assert_true(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_QUEUE(0));
    wr(&d, IDXGEN_REG_IRQ_STATUS, IDXGEN_IRQ_QUEUE(0));
    g_assert_false(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_QUEUE(0));
    g_assert_cmphex(rd(&d, IDXGEN_REG_STATUS), ==,
                    IDXGEN_STATUS_ENABLED | IDXGEN_STATUS_READY);
    idx_stop(&d);
}

/* Several queues, several jobs each, all rung at once: round robin. */
static void test_queue_multi(void)
{
    enum { NQ = 4, PER_Q = 3 };
    Idx d;
    Queue q[NQ];
    struct idxgen_desc dsc[NQ][PER_Q];
    struct idxgen_cpl c;
    unsigned i, j, done = 0;

    idx_start_ready(&d, NULL);
    for (i = 0; i < NQ; i++) {
        q_setup(&d, &q[i], i, 4);
        for (j = 0; j < PER_Q; j++) {
            mkdesc(&dsc[i][j], (i * PER_Q + j) * 0x2000, 10 + i, 7 + j, 3, 32,
                   i << 8 | j);
            q_put(&d, &q[i], &dsc[i][j]);
        }
    }
    for (i = 0; i < NQ; i++) {
        q_ring(&d, &q[i]);
    }
    /* Fairness: round k completes one job of every queue */
    while (done < NQ * PER_Q) {
        unsigned total = 0, min = PER_Q, max = 0;

        step(&d, NS_PER_CYCLE);
        for (i = 0; i < NQ; i++) {
            unsigned n = q_completed(&d, &q[i]);

            total += n;
            min = MIN(min, n);
            max = MAX(max, n);
        }
        g_assert_cmpuint(max - min, <=, 1);
        done = total;
        g_assert_cmpint(now_ns(&d), <, MAX_WAIT_NS);
    }
    for (i = 0; i < NQ; i++) {
        for (j = 0; j < PER_Q; j++) {
            q_cpl(&d, &q[i], j, &c);
            g_assert_true(cpl_check_ok(&c));
            g_assert_cmpuint(le32_to_cpu(c.job_id), ==, i << 8 | j);
            check_cpl_ok(&c, &dsc[i][j], false);
            check_output(&d, &dsc[i][j]);
        }
        g_assert_true(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_QUEUE(i));
    }
    idx_stop(&d);
}

/* Q_WARPS_READY grows while a big job runs; ready warps are in memory. */
static void test_incremental(void)
{
    Idx d;
    Queue q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;
    uint64_t warps;
    uint32_t ready, prev = 0;
    int64_t t0;
    unsigned steps = 0;
    g_autofree uint8_t *buf = NULL;

    idx_start_ready(&d, NULL);
    q_setup(&d, &q, 3, 4);
    mkdesc(&dsc, 0x10000, 1024, 1024, 1, 32, 42);     /* 1M threads */
    warps = desc_warps(&dsc);
    g_assert_cmpuint(warps, ==, 32768);
    t0 = now_ns(&d);
    q_submit(&d, &q, &dsc);
    g_assert_cmphex(rd(&d, IDXGEN_QREG(3, IDXGEN_Q_STATUS)), ==,
                    IDXGEN_QSTATUS_ENABLED | IDXGEN_QSTATUS_BUSY);
    g_assert_cmpuint(rd(&d, IDXGEN_QREG(3, IDXGEN_Q_CUR_JOB_ID)), ==, 42);
    g_assert_cmpuint(rd(&d, IDXGEN_QREG(3, IDXGEN_Q_WARPS_READY)), ==, 0);
    buf = g_malloc(32 * 4);
    while (q_completed(&d, &q) == 0) {
        int64_t t = step(&d, 25000);

        ready = rd(&d, IDXGEN_QREG(3, IDXGEN_Q_WARPS_READY));
        g_assert_cmpuint(ready, >=, prev);
        g_assert_cmpuint(ready, <=, warps);
        /* never ahead of the timing model */
        g_assert_cmpint((int64_t)(IDXGEN_FILTER_CYCLES + ready) * NS_PER_CYCLE,
                        <=, t - t0);
        if (ready && ready < warps) {
            uint32_t n = (ready - 1) * 32, k;

            /* the last ready warp is in index memory */
            qpci_memread(d.dev, d.imem, 0x10000 + n * 4, buf, 32 * 4);
            for (k = 0; k < 32; k++) {
                g_assert_cmphex(idxgen_ref_load(buf, k, 4), ==,
                                idxgen_ref_word(n + k, 1024, 1024, 10, 10));
            }
            steps++;
        }
        prev = ready;
        g_assert_cmpint(t - t0, <, MAX_WAIT_NS);
    }
    g_assert_cmpuint(steps, >=, 5);
    q_cpl(&d, &q, 0, &c);
    check_cpl_ok(&c, &dsc, false);
    check_output(&d, &dsc);
    g_assert_cmpuint(rd(&d, IDXGEN_QREG(3, IDXGEN_Q_WARPS_READY)), ==, warps);
    g_assert_cmphex(rd(&d, IDXGEN_QREG(3, IDXGEN_Q_STATUS)), ==,
                    IDXGEN_QSTATUS_ENABLED);

    /*
     * A guest write into the output while it is generated: the job is not
     * recorded in the history (the generator overwrites the word later, but
     * the device does not know what the guest meant).
     */
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE | IDXGEN_CTRL_HIST_FLUSH);
    q_submit(&d, &q, &dsc);
    step(&d, 50000);
    g_assert_true(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_BUSY);
    qtest_writel(d.qts, d.imem.addr + 0x10000 + 4 * 1000000, 0xdeadbeef);
    q_wait(&d, &q, 2, 10000);
    q_cpl(&d, &q, 1, &c);
    check_cpl_ok(&c, &dsc, false);
    check_output(&d, &dsc);
    q_submit(&d, &q, &dsc);
    q_wait(&d, &q, 3, 10000);
    q_cpl(&d, &q, 2, &c);
    check_cpl_ok(&c, &dsc, false);
    q_submit(&d, &q, &dsc);
    q_wait(&d, &q, 4, 10);
    q_cpl(&d, &q, 3, &c);
    check_cpl_ok(&c, &dsc, true);
    g_assert_cmpuint(rd(&d, IDXGEN_QREG(3, IDXGEN_Q_WARPS_READY)), ==, warps);

    /* Likewise a RANGE INVALIDATE of the output while it is generated */
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE | IDXGEN_CTRL_HIST_FLUSH);
    q_submit(&d, &q, &dsc);
    step(&d, 50000);
    g_assert_true(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_BUSY);
    wr64(&d, IDXGEN_REG_RANGE_BASE_LO, 0x10000 + 4 * 1000000);
    wr64(&d, IDXGEN_REG_RANGE_SIZE_LO, 4);
    wr(&d, IDXGEN_REG_RANGE_CMD, IDXGEN_RANGE_CMD_INVALIDATE);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_RANGE_STATUS), ==, 0);
    q_wait(&d, &q, 5, 10000);
    q_cpl(&d, &q, 0, &c);
    check_cpl_ok(&c, &dsc, false);
    q_submit(&d, &q, &dsc);
    q_wait(&d, &q, 6, 10000);
    q_cpl(&d, &q, 1, &c);
    check_cpl_ok(&c, &dsc, false);
    idx_stop(&d);
}

/* Every descriptor error code; the queue keeps working after each. */
static void test_desc_errors(void)
{
    Idx d;
    Queue q, qf;
    struct idxgen_desc good, dsc;
    struct idxgen_cpl c;
    unsigned errors = 0;

    idx_start(&d, "imem-size=1M,lanes=32");
    fw_load_good(&d);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    q_setup(&d, &q, 0, 8);
    mkdesc(&good, 0x800, 6, 5, 4, 32, 500);

#define EXPECT_ERR(st) do {                                                 \
        run_job(&d, &q, &dsc, &c);                                          \
        g_assert_cmpuint(le16_to_cpu(c.status), ==, (st));                  \
        g_assert_cmpuint(le32_to_cpu(c.warps), ==, 0);                      \
        g_assert_cmpuint(le32_to_cpu(c.threads), ==, 0);                    \
        g_assert_cmpuint(le64_to_cpu(c.cycles), ==, IDXGEN_FILTER_CYCLES);  \
        errors++;                                                           \
        g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_ERRORS), ==, errors);     \
        run_job(&d, &q, &good, &c);                                         \
        g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_OK);         \
    } while (0)

    dsc = good;
    dsc.flags = cpu_to_le16(4);
    EXPECT_ERR(IDXGEN_CPL_BAD_FLAGS);
    dsc = good;
    dsc.rsvd0 = 1;
    EXPECT_ERR(IDXGEN_CPL_BAD_RESERVED);
    dsc = good;
    dsc.rsvd1[1] = cpu_to_le32(1);
    EXPECT_ERR(IDXGEN_CPL_BAD_RESERVED);
    dsc = good;
    dsc.requester = cpu_to_le32(IDXGEN_DESC_REQ_VALID | 0x10);
    EXPECT_ERR(IDXGEN_CPL_BAD_RESERVED);
    dsc = good;
    dsc.order = IDXGEN_ORDER_COUNT;
    EXPECT_ERR(IDXGEN_CPL_BAD_ORDER);
    /* this device does not advertise IDXGEN_FEAT_SCHED_ORDERS (yet) */
    dsc = good;
    dsc.order = IDXGEN_ORDER_HILBERT;
    EXPECT_ERR(IDXGEN_CPL_ORDER_DISABLED);
    dsc = good;
    dsc.stride = cpu_to_le32(2);
    EXPECT_ERR(IDXGEN_CPL_ORDER_UNUSED_PARAM);
    dsc = good;
    dsc.grid_blocks = cpu_to_le32(2);
    EXPECT_ERR(IDXGEN_CPL_BAD_GRID);
    dsc = good;
    dsc.dy = 0;
    EXPECT_ERR(IDXGEN_CPL_BAD_DIMS);
    mkdesc(&dsc, 0, 2048, 1024, 1, 32, 501);
    EXPECT_ERR(IDXGEN_CPL_TOO_MANY_THREADS);
    dsc = good;
    dsc.c = 0;
    EXPECT_ERR(IDXGEN_CPL_BAD_STEP);
    mkdesc(&dsc, 0x800, 6, 5, 4, 33, 502);
    EXPECT_ERR(IDXGEN_CPL_BAD_STEP);
    dsc = good;
    dsc.yc = cpu_to_le16(le16_to_cpu(dsc.yc) + 1);
    EXPECT_ERR(IDXGEN_CPL_BAD_STEP_INDEX);
    dsc = good;
    dsc.word_size = 3;
    EXPECT_ERR(IDXGEN_CPL_BAD_WORD_SIZE);
    dsc = good;
    dsc.mz = 1;
    EXPECT_ERR(IDXGEN_CPL_WIDTH_TOO_SMALL);
    dsc = good;
    dsc.mx = 14;
    EXPECT_ERR(IDXGEN_CPL_WIDTH_OVERFLOW);
    dsc = good;
    dsc.target = cpu_to_le64(0x801);
    EXPECT_ERR(IDXGEN_CPL_MISALIGNED);
    dsc = good;
    dsc.target = cpu_to_le64(d.imem_size - 2);
    EXPECT_ERR(IDXGEN_CPL_OUT_OF_RANGE);
    dsc = good;
    dsc.target = cpu_to_le64(0xfffffffffffffffeULL);
    EXPECT_ERR(IDXGEN_CPL_OUT_OF_RANGE);
    mkdesc(&dsc, 0, 1024, 512, 1, 32, 503);            /* 1 MiB of words */
    EXPECT_ERR(IDXGEN_CPL_OUT_OF_RANGE);
    dsc = good;
    dsc.size_limit = cpu_to_le32(le32_to_cpu(dsc.size_limit) - 1);
    EXPECT_ERR(IDXGEN_CPL_SIZE_LIMIT);
#undef EXPECT_ERR

    /* DMA_FAULT: a ring in unmapped address space */
    memset(&qf, 0, sizeof(qf));
    wr64(&d, IDXGEN_QREG(1, IDXGEN_Q_RING_BASE_LO), 0xfffff00000000000ULL);
    qf.cpl = guest_alloc(&d.alloc, 4 * sizeof(c));
    wr64(&d, IDXGEN_QREG(1, IDXGEN_Q_CPL_BASE_LO), qf.cpl);
    wr(&d, IDXGEN_QREG(1, IDXGEN_Q_RING_SIZE), 4);
    wr(&d, IDXGEN_QREG(1, IDXGEN_Q_CTRL), IDXGEN_QCTRL_ENABLE);
    wr(&d, IDXGEN_QREG(1, IDXGEN_Q_TAIL), 1);
    qf.qn = 1;
    q_wait(&d, &qf, 1, NS_PER_CYCLE);
    q_cpl(&d, &qf, 0, &c);
    g_assert_true(cpl_check_ok(&c));
    g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_DMA_FAULT);

    /* ABORTED: queue disabled while its job runs */
    mkdesc(&dsc, 0, 512, 512, 1, 32, 504);
    q_submit(&d, &q, &dsc);
    step(&d, 1000);
    wr(&d, IDXGEN_QREG(0, IDXGEN_Q_CTRL), 0);
    q_cpl(&d, &q, (q.tail + q.size - 1) % q.size, &c);
    g_assert_true(cpl_check_ok(&c));
    g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_ABORTED);
    g_assert_cmpuint(le32_to_cpu(c.job_id), ==, 504);
    g_assert_cmphex(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_BUSY, ==, 0);
    g_assert_cmphex(rd(&d, IDXGEN_QREG(0, IDXGEN_Q_STATUS)), ==, 0);
    /* re-enable: indices restart at 0; the aborted job's range was stale */
    q_setup(&d, &q, 0, 8);
    run_job(&d, &q, &good, &c);
    check_cpl_ok(&c, &good, false);
    check_output(&d, &good);
    run_job(&d, &q, &good, &c);
    check_cpl_ok(&c, &good, true);
    idx_stop(&d);
}

/* Ring validation, doorbell checks, wrap-around. */
static void test_ring(void)
{
    Idx d;
    Queue q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;
    unsigned i, round;
    uint64_t ring;

    idx_start_ready(&d, NULL);
    ring = guest_alloc(&d.alloc, 8192 * sizeof(dsc));

#define EXPECT_BAD_RING(base, cpl, size) do {                                \
        wr64(&d, IDXGEN_QREG(2, IDXGEN_Q_RING_BASE_LO), (base));             \
        wr64(&d, IDXGEN_QREG(2, IDXGEN_Q_CPL_BASE_LO), (cpl));               \
        wr(&d, IDXGEN_QREG(2, IDXGEN_Q_RING_SIZE), (size));                  \
        wr(&d, IDXGEN_QREG(2, IDXGEN_Q_CTRL), IDXGEN_QCTRL_ENABLE);          \
        g_assert_cmphex(rd(&d, IDXGEN_QREG(2, IDXGEN_Q_STATUS)), ==,         \
                        IDXGEN_QSTATUS_ERROR |                               \
                        IDXGEN_QERR_BAD_RING << IDXGEN_QSTATUS_ERR_SHIFT);   \
        g_assert_cmphex(rd(&d, IDXGEN_QREG(2, IDXGEN_Q_CTRL)), ==, 0);       \
    } while (0)

    EXPECT_BAD_RING(ring, ring, 0);
    EXPECT_BAD_RING(ring, ring, 1);
    EXPECT_BAD_RING(ring, ring, 3);
    EXPECT_BAD_RING(ring, ring, 8192);
    EXPECT_BAD_RING(ring, ring, 0x80000000);
    EXPECT_BAD_RING(ring + 32, ring, 4);
    EXPECT_BAD_RING(ring, ring + 8, 4);
    EXPECT_BAD_RING(0xffffffffffffffc0ULL, ring, 4);
#undef EXPECT_BAD_RING
    g_assert_true(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_ERROR);
    /* The largest ring is fine; the error clears on a good enable */
    wr(&d, IDXGEN_QREG(2, IDXGEN_Q_RING_SIZE), IDXGEN_HW_MAX_RING);
    wr64(&d, IDXGEN_QREG(2, IDXGEN_Q_RING_BASE_LO), ring);
    wr(&d, IDXGEN_QREG(2, IDXGEN_Q_CTRL), IDXGEN_QCTRL_ENABLE);
    g_assert_cmphex(rd(&d, IDXGEN_QREG(2, IDXGEN_Q_STATUS)), ==,
                    IDXGEN_QSTATUS_ENABLED);
    wr(&d, IDXGEN_QREG(2, IDXGEN_Q_CTRL), 0);

    /* Doorbell while disabled: ignored */
    wr(&d, IDXGEN_QREG(1, IDXGEN_Q_TAIL), 1);
    g_assert_cmpuint(rd(&d, IDXGEN_QREG(1, IDXGEN_Q_TAIL)), ==, 0);

    /* Wrap-around on a 4-entry ring, batches of 1..3 */
    q_setup(&d, &q, 1, 4);
    for (round = 0; round < 6; round++) {
        unsigned n = 1 + round % 3;
        uint32_t first = q.tail, base = q.submitted;

        for (i = 0; i < n; i++) {
            mkdesc(&dsc, (base + i) * 0x1000, 5 + round, 3, 2, 4, base + i);
            q_put(&d, &q, &dsc);
        }
        q_ring(&d, &q);
        q_wait(&d, &q, q.submitted, 100);
        for (i = 0; i < n; i++) {
            uint32_t slot = (first + i) % 4;

            q_cpl(&d, &q, slot, &c);
            g_assert_true(cpl_check_ok(&c));
            g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_OK);
            g_assert_cmpuint(le32_to_cpu(c.slot), ==, slot);
            g_assert_cmpuint(le32_to_cpu(c.job_id), ==, base + i);
        }
        g_assert_cmpuint(rd(&d, IDXGEN_QREG(1, IDXGEN_Q_HEAD)), ==, q.tail);
    }
    g_assert_cmpuint(q_completed(&d, &q), ==, q.submitted);

    /* Bad doorbell: error reported, write ignored, queue still works */
    wr(&d, IDXGEN_REG_IRQ_STATUS, ~0u);
    wr(&d, IDXGEN_QREG(1, IDXGEN_Q_TAIL), 4);
    g_assert_cmphex(rd(&d, IDXGEN_QREG(1, IDXGEN_Q_STATUS)), ==,
                    IDXGEN_QSTATUS_ENABLED | IDXGEN_QSTATUS_ERROR |
                    IDXGEN_QERR_BAD_DOORBELL << IDXGEN_QSTATUS_ERR_SHIFT);
    g_assert_cmpuint(rd(&d, IDXGEN_QREG(1, IDXGEN_Q_TAIL)), ==, q.tail);
    g_assert_true(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_ERROR);
    wr(&d, IDXGEN_QREG(1, IDXGEN_Q_TAIL), 0xffffffff);
    mkdesc(&dsc, 0, 9, 9, 9, 32, 9);
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==, IDXGEN_CPL_OK);
    check_output(&d, &dsc);
    idx_stop(&d);
}

void register_queue(void)
{
    qtest_add_func("/idxgen/queue/single", test_queue_single);
    qtest_add_func("/idxgen/queue/multi", test_queue_multi);
    qtest_add_func("/idxgen/queue/ring", test_ring);
    qtest_add_func("/idxgen/queue/desc-errors", test_desc_errors);
    qtest_add_func("/idxgen/incremental", test_incremental);
}
