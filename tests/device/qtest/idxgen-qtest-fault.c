/*
 * QTest for the idxgen accelerator: faults and garbage.
 *
 * Fault injection (debug=on), armed by property and at run time, and a
 * hostile guest's random register, descriptor and memory writes.
 *
 * Copyright (c) 2026 the idxgen authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "qemu/bswap.h"
#include "standard-headers/linux/pci_regs.h"
#include "idxgen-qtest.h"

/* One fault, armed by property (at start) or at run time */
typedef void (*FaultFn)(Idx *d, bool runtime);

typedef struct FaultCase {
    const char *prop;
    FaultFn fn;
    bool runtime;
} FaultCase;

/* ------------------------------------------------------------------ */
/* Fault injection                                                    */
/* ------------------------------------------------------------------ */

static void fault_hang(Idx *d, bool runtime)
{
    Queue q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;

    if (runtime) {
        wr(d, IDXGEN_REG_DBG_FAULT, IDXGEN_FAULT_HANG_JOB);
    }
    g_assert_cmphex(rd(d, IDXGEN_REG_DBG_FAULT), ==, IDXGEN_FAULT_HANG_JOB);
    q_setup(d, &q, 0, 8);
    mkdesc(&dsc, 0, 4, 4, 1, 16, 1);
    q_submit(d, &q, &dsc);
    q_submit(d, &q, &dsc);
    step(d, 10 * 1000 * 1000);
    g_assert_cmpuint(q_completed(d, &q), ==, 0);
    g_assert_true(rd(d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_BUSY);
    g_assert_cmphex(rd(d, IDXGEN_REG_DBG_FIRED), ==, IDXGEN_FAULT_HANG_JOB);
    g_assert_cmphex(rd(d, IDXGEN_REG_DBG_FAULT), ==, 0);
    /* Recovery by disabling the queue: the hung job is aborted */
    wr(d, IDXGEN_QREG(0, IDXGEN_Q_CTRL), 0);
    q_cpl(d, &q, 0, &c);
    g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_ABORTED);
    q_setup(d, &q, 0, 8);
    g_assert_cmpuint(run_job_status(d, &q, &dsc), ==, IDXGEN_CPL_OK);
    wr(d, IDXGEN_REG_DBG_FIRED, IDXGEN_FAULT_HANG_JOB);
    g_assert_cmphex(rd(d, IDXGEN_REG_DBG_FIRED), ==, 0);
}

static void fault_drop_irq(Idx *d, bool runtime)
{
    Queue q;
    struct idxgen_desc dsc;
    uint64_t msg = guest_alloc(&d->alloc, 4 * 5);

    msix_setup(d, msg, 5);
    wr(d, IDXGEN_REG_IRQ_ENABLE, IDXGEN_IRQ_QUEUE(1));
    if (runtime) {
        wr(d, IDXGEN_REG_DBG_FAULT, IDXGEN_FAULT_DROP_IRQ);
    }
    q_setup(d, &q, 1, 8);
    mkdesc(&dsc, 0, 4, 4, 1, 16, 1);
    g_assert_cmpuint(run_job_status(d, &q, &dsc), ==, IDXGEN_CPL_OK);
    g_assert_cmphex(msg_of(d, msg, 1), ==, 0);
    g_assert_true(rd(d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_QUEUE(1));
    g_assert_cmphex(rd(d, IDXGEN_REG_DBG_FIRED), ==, IDXGEN_FAULT_DROP_IRQ);
    g_assert_cmpuint(run_job_status(d, &q, &dsc), ==, IDXGEN_CPL_OK);
    g_assert_cmphex(msg_of(d, msg, 1), ==, 0x101);
}

static void fault_corrupt_cpl(Idx *d, bool runtime)
{
    Queue q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;
    uint32_t slot;

    if (runtime) {
        wr(d, IDXGEN_REG_DBG_FAULT, IDXGEN_FAULT_CORRUPT_CPL);
    }
    q_setup(d, &q, 0, 8);
    mkdesc(&dsc, 0, 4, 4, 1, 16, 1);
    slot = q_submit(d, &q, &dsc);
    q_wait(d, &q, 1, NS_PER_CYCLE);
    q_cpl(d, &q, slot, &c);
    g_assert_false(cpl_check_ok(&c));
    g_assert_cmphex(rd(d, IDXGEN_REG_DBG_FIRED), ==, IDXGEN_FAULT_CORRUPT_CPL);
    g_assert_cmpuint(run_job_status(d, &q, &dsc), ==, IDXGEN_CPL_OK);
}

static void fault_fail_dma(Idx *d, bool runtime)
{
    Queue q;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;

    if (runtime) {
        wr(d, IDXGEN_REG_DBG_FAULT, IDXGEN_FAULT_FAIL_DMA);
    } else {
        /* armed at reset: the firmware fetch is the first DMA */
        uint8_t img[FW_IMG_SIZE];
        FwSpec f = fw_default();

        g_assert_cmpuint(fw_load(d, img, fw_build(img, &f)), ==,
                         IDXGEN_FW_ERR_DMA);
        g_assert_cmphex(rd(d, IDXGEN_REG_DBG_FIRED), ==,
                        IDXGEN_FAULT_FAIL_DMA);
        wr(d, IDXGEN_REG_DBG_FIRED, ~0u);
        fw_load_good(d);
        wr(d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
        wr(d, IDXGEN_REG_DBG_FAULT, IDXGEN_FAULT_FAIL_DMA);
    }
    q_setup(d, &q, 0, 8);
    mkdesc(&dsc, 0, 4, 4, 1, 16, 1);
    /* the descriptor fetch is the next DMA: the job id is unknown */
    q_submit(d, &q, &dsc);
    q_wait(d, &q, 1, NS_PER_CYCLE);
    q_cpl(d, &q, 0, &c);
    g_assert_true(cpl_check_ok(&c));
    g_assert_cmpuint(le16_to_cpu(c.status), ==, IDXGEN_CPL_DMA_FAULT);
    g_assert_cmpuint(le32_to_cpu(c.job_id), ==, 0);
    g_assert_cmphex(rd(d, IDXGEN_REG_DBG_FIRED), ==, IDXGEN_FAULT_FAIL_DMA);
    g_assert_cmpuint(run_job_status(d, &q, &dsc), ==, IDXGEN_CPL_OK);
}

static void test_fault(const void *opaque)
{
    const FaultCase *fc = opaque;
    Idx d;
    g_autofree char *props = g_strdup_printf("debug=on%s%s%s",
                                             fc->runtime ? "" : ",",
                                             fc->runtime ? "" : fc->prop,
                                             fc->runtime ? "" : "=on");

    idx_start(&d, props);
    if (fc->runtime || fc->fn != fault_fail_dma) {
        fw_load_good(&d);
        wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    }
    fc->fn(&d, fc->runtime);
    idx_stop(&d);
}

/* Completion DMA failure stops the queue with QERR_DMA. */
static void test_fault_cpl_dma(void)
{
    Idx d;
    Queue q;
    struct idxgen_desc dsc;

    idx_start_ready(&d, "debug=on");
    q_setup(&d, &q, 0, 8);
    mkdesc(&dsc, 0, 4, 4, 1, 16, 1);
    q_submit(&d, &q, &dsc);             /* descriptor fetched now */
    wr(&d, IDXGEN_REG_DBG_FAULT, IDXGEN_FAULT_FAIL_DMA);
    step(&d, 100000);
    g_assert_cmphex(rd(&d, IDXGEN_QREG(0, IDXGEN_Q_STATUS)), ==,
                    IDXGEN_QSTATUS_ERROR |
                    IDXGEN_QERR_DMA << IDXGEN_QSTATUS_ERR_SHIFT);
    g_assert_cmpuint(q_completed(&d, &q), ==, 0);
    g_assert_true(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_ERROR);
    /* a stopped queue restarts by re-enabling it */
    q_setup(&d, &q, 0, 8);
    g_assert_cmpuint(run_job_status(&d, &q, &dsc), ==, IDXGEN_CPL_OK);
    /* firmware DMA failure */
    wr(&d, IDXGEN_REG_DBG_FAULT, IDXGEN_FAULT_FAIL_DMA);
    {
        uint8_t img[FW_IMG_SIZE];
        FwSpec f = fw_default();

        g_assert_cmpuint(fw_load(&d, img, fw_build(img, &f)), ==,
                         IDXGEN_FW_ERR_DMA);
        g_assert_cmpuint(fw_load(&d, img, fw_build(img, &f)), ==,
                         IDXGEN_FW_OK);
    }
    idx_stop(&d);
}

/*
 * BAD_HEAD and FW_REJECT survive CTRL_RESET (they target a driver's reset
 * recovery), fire once, and a system reset disarms them.
 */
static void test_fault_sticky(void)
{
    Idx d;
    Queue q;
    uint8_t img[FW_IMG_SIZE];
    FwSpec f = fw_default();
    uint32_t both = IDXGEN_FAULT_BAD_HEAD | IDXGEN_FAULT_FW_REJECT;

    idx_start_ready(&d, "debug=on");
    wr(&d, IDXGEN_REG_DBG_FAULT, both);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_RESET);
    g_assert_cmphex(rd(&d, IDXGEN_REG_DBG_FAULT), ==, both);
    g_assert_cmpuint(fw_load(&d, img, fw_build(img, &f)), ==,
                     IDXGEN_FW_ERR_DMA);
    g_assert_cmpuint(fw_load(&d, img, fw_build(img, &f)), ==, IDXGEN_FW_OK);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    q_setup(&d, &q, 0, 8);
    g_assert_cmphex(rd(&d, IDXGEN_QREG(0, IDXGEN_Q_HEAD)), ==, 8 + 0x1235);
    g_assert_cmphex(rd(&d, IDXGEN_QREG(0, IDXGEN_Q_HEAD)), ==, 0);
    g_assert_cmphex(rd(&d, IDXGEN_REG_DBG_FIRED), ==, both);
    g_assert_cmphex(rd(&d, IDXGEN_REG_DBG_FAULT), ==, 0);
    /* a system reset disarms them */
    wr(&d, IDXGEN_REG_DBG_FAULT, both);
    qtest_system_reset(d.qts);
    qpci_device_enable(d.dev);
    qpci_config_writel(d.dev, PCI_BASE_ADDRESS_0, d.regs.addr);
    g_assert_cmphex(rd(&d, IDXGEN_REG_DBG_FAULT), ==, 0);
    idx_stop(&d);
}

/* ------------------------------------------------------------------ */
/* Hostile guest                                                      */
/* ------------------------------------------------------------------ */

static void test_garbage(void)
{
    Idx d;
    GRand *r = g_rand_new_with_seed(0x1d8e4c3b);
    Queue q[2];
    struct idxgen_desc dsc;
    struct idxgen_cpl c;
    unsigned i, k;
    uint8_t junk[64];

    idx_start_ready(&d, "imem-size=1M,debug=on,num-queues=2");
    q_setup(&d, &q[0], 0, 16);
    q_setup(&d, &q[1], 1, 4);
    for (i = 0; i < 3000; i++) {
        unsigned op = g_rand_int_range(r, 0, 100);
        uint32_t val = g_rand_int(r);

        if (op < 35) {
            /* any register, any value (but not RESET every time) */
            uint64_t off = g_rand_int_range(r, 0, IDXGEN_BAR_REGS_SIZE / 4) * 4;

            if (g_rand_boolean(r)) {
                off = IDXGEN_QREG(g_rand_int_range(r, 0, 3),
                                  g_rand_int_range(r, 0, 0x40) & ~3);
            }
            if (off == IDXGEN_REG_CTRL && (val & IDXGEN_CTRL_RESET) &&
                g_rand_int_range(r, 0, 8)) {
                val &= ~IDXGEN_CTRL_RESET;
            }
            if (g_rand_boolean(r)) {
                val &= 0xfff;
            }
            wr(&d, off, val);
        } else if (op < 45) {
            rd(&d, g_rand_int_range(r, 0, IDXGEN_BAR_REGS_SIZE / 4) * 4);
        } else if (op < 75) {
            /* a descriptor: random, or a mutated valid one */
            Queue *qq = &q[g_rand_int_range(r, 0, 2)];

            if (g_rand_boolean(r)) {
                for (k = 0; k < sizeof(junk); k++) {
                    junk[k] = g_rand_int(r);
                }
                memcpy(&dsc, junk, sizeof(dsc));
            } else {
                mkdesc(&dsc, g_rand_int_range(r, 0, 1 << 20) & ~3,
                       g_rand_int_range(r, 1, 200),
                       g_rand_int_range(r, 1, 50), g_rand_int_range(r, 1, 4),
                       g_rand_int_range(r, 1, 40), i);
                ((uint8_t *)&dsc)[g_rand_int_range(r, 0, 64)] ^=
                    g_rand_boolean(r) ? 1 << g_rand_int_range(r, 0, 8) : 0;
            }
            qtest_memwrite(d.qts, qq->ring + qq->tail * sizeof(dsc), &dsc,
                           sizeof(dsc));
            qq->tail = (qq->tail + 1) % qq->size;
            q_ring(&d, qq);
        } else if (op < 85) {
            step(&d, g_rand_int_range(r, 1, 20000));
        } else if (op < 92) {
            uint64_t off = g_rand_int_range(r, 0, d.imem_size / 8) * 8;

            qtest_writeq(d.qts, d.imem.addr + off, ((uint64_t)val << 32) | val);
        } else if (op < 96) {
            /* re-arm the rings, maybe at silly addresses */
            unsigned qn = g_rand_int_range(r, 0, 2);

            wr(&d, IDXGEN_QREG(qn, IDXGEN_Q_CTRL), 0);
            if (g_rand_boolean(r)) {
                wr64(&d, IDXGEN_QREG(qn, IDXGEN_Q_CPL_BASE_LO),
                     ((uint64_t)g_rand_int(r) << 32 | g_rand_int(r)) & ~63ULL);
            } else {
                wr64(&d, IDXGEN_QREG(qn, IDXGEN_Q_CPL_BASE_LO), q[qn].cpl);
            }
            wr64(&d, IDXGEN_QREG(qn, IDXGEN_Q_RING_BASE_LO), q[qn].ring);
            wr(&d, IDXGEN_QREG(qn, IDXGEN_Q_RING_SIZE), q[qn].size);
            wr(&d, IDXGEN_QREG(qn, IDXGEN_Q_CTRL), IDXGEN_QCTRL_ENABLE);
            q[qn].tail = 0;
        } else {
            /* point DMA at our own BARs: no re-entrancy, no crash */
            unsigned qn = g_rand_int_range(r, 0, 2);
            uint64_t bar = g_rand_boolean(r) ? d.regs.addr : d.imem.addr;

            wr(&d, IDXGEN_QREG(qn, IDXGEN_Q_CTRL), 0);
            wr64(&d, IDXGEN_QREG(qn, IDXGEN_Q_CPL_BASE_LO), bar);
            wr64(&d, IDXGEN_QREG(qn, IDXGEN_Q_RING_BASE_LO),
                 g_rand_boolean(r) ? bar : q[qn].ring);
            wr(&d, IDXGEN_QREG(qn, IDXGEN_Q_RING_SIZE), q[qn].size);
            wr(&d, IDXGEN_QREG(qn, IDXGEN_Q_CTRL), IDXGEN_QCTRL_ENABLE);
            q[qn].tail = 0;
            wr(&d, IDXGEN_QREG(qn, IDXGEN_Q_TAIL), 1);
            q[qn].tail = 1;
        }
    }
    step(&d, 100 * 1000 * 1000);
    g_rand_free(r);

    /* Alive, and a clean start works */
    g_assert_cmphex(rd(&d, IDXGEN_REG_ID), ==, IDXGEN_ID_MAGIC);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_RESET);
    check_power_on(&d);
    fw_load_good(&d);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    q_setup(&d, &q[0], 0, 8);
    mkdesc(&dsc, 0x400, 31, 7, 3, 32, 7);
    run_job(&d, &q[0], &dsc, &c);
    check_cpl_ok(&c, &dsc, false);
    check_output(&d, &dsc);
    idx_stop(&d);
}

void register_fault(void)
{
    static const FaultCase faults[] = {
        { "fault-hang", fault_hang, false },
        { "fault-hang", fault_hang, true },
        { "fault-drop-irq", fault_drop_irq, false },
        { "fault-drop-irq", fault_drop_irq, true },
        { "fault-corrupt-cpl", fault_corrupt_cpl, false },
        { "fault-corrupt-cpl", fault_corrupt_cpl, true },
        { "fault-fail-dma", fault_fail_dma, false },
        { "fault-fail-dma", fault_fail_dma, true },
    };
    unsigned i;

    for (i = 0; i < G_N_ELEMENTS(faults); i++) {
        g_autofree char *path = g_strdup_printf("/idxgen/fault/%s/%s",
                                                faults[i].prop,
                                                faults[i].runtime ?
                                                "runtime" : "property");

        qtest_add_data_func(path, &faults[i], test_fault);
    }
    qtest_add_func("/idxgen/fault/completion-dma", test_fault_cpl_dma);
    qtest_add_func("/idxgen/fault/sticky", test_fault_sticky);
    qtest_add_func("/idxgen/garbage", test_garbage);
}
