/*
 * QTest for the idxgen accelerator: resets, FATAL, MSI-X.
 *
 * Reset by register and by system reset in the middle of a job, FATAL
 * on a bad register write, MSI-X delivery.
 *
 * Copyright (c) 2026 the idxgen authors
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include "qemu/osdep.h"
#include "standard-headers/linux/pci_regs.h"
#include "qemu/bswap.h"
#include "gen_ref.h"
#include "idxgen-qtest.h"

/* ------------------------------------------------------------------ */
/* Reset                                                              */
/* ------------------------------------------------------------------ */

void check_power_on(Idx *d)
{
    unsigned i;

    g_assert_cmphex(rd(d, IDXGEN_REG_STATUS), ==, 0);
    g_assert_cmphex(rd(d, IDXGEN_REG_CTRL), ==, 0);
    g_assert_cmphex(rd(d, IDXGEN_REG_FW_STATUS), ==, IDXGEN_FW_NONE);
    g_assert_cmphex(rd(d, IDXGEN_REG_FW_VERSION), ==, 0);
    g_assert_cmphex(rd(d, IDXGEN_REG_IRQ_STATUS), ==, 0);
    g_assert_cmphex(rd(d, IDXGEN_REG_IRQ_ENABLE), ==, 0);
    g_assert_cmpuint(rd64(d, IDXGEN_REG_STAT_JOBS), ==, 0);
    g_assert_cmpuint(rd64(d, IDXGEN_REG_STAT_MISSES), ==, 0);
    g_assert_cmpuint(rd64(d, IDXGEN_REG_STAT_BUSY_CYCLES), ==, 0);
    for (i = 0; i < rd(d, IDXGEN_REG_CAP_NUM_QUEUES); i++) {
        g_assert_cmphex(rd(d, IDXGEN_QREG(i, IDXGEN_Q_STATUS)), ==, 0);
        g_assert_cmphex(rd(d, IDXGEN_QREG(i, IDXGEN_Q_HEAD)), ==, 0);
        g_assert_cmphex(rd(d, IDXGEN_QREG(i, IDXGEN_Q_TAIL)), ==, 0);
        g_assert_cmphex(rd(d, IDXGEN_QREG(i, IDXGEN_Q_COMPLETED)), ==, 0);
        g_assert_cmphex(rd(d, IDXGEN_QREG(i, IDXGEN_Q_RING_SIZE)), ==, 0);
        g_assert_cmphex(rd(d, IDXGEN_QREG(i, IDXGEN_Q_IRQ_VECTOR)), ==, i);
    }
}

static void reset_case(bool system)
{
    Idx d;
    Queue q;
    struct idxgen_desc small, big;
    struct idxgen_cpl c;
    uint32_t before;

    idx_start_ready(&d, NULL);
    wr(&d, IDXGEN_REG_IRQ_ENABLE, IDXGEN_IRQ_QUEUE(0));
    q_setup(&d, &q, 0, 8);
    mkdesc(&small, 0x1000, 8, 8, 1, 32, 1);
    run_job(&d, &q, &small, &c);
    check_cpl_ok(&c, &small, false);
    run_job(&d, &q, &small, &c);
    check_cpl_ok(&c, &small, true);

    /* A big job and more queued behind it, then reset in the middle */
    mkdesc(&big, 0x100000, 1024, 256, 1, 32, 2);
    q_put(&d, &q, &big);
    q_put(&d, &q, &small);
    q_ring(&d, &q);
    step(&d, 20000);
    g_assert_true(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_BUSY);
    g_assert_cmpuint(rd(&d, IDXGEN_QREG(0, IDXGEN_Q_WARPS_READY)), >, 0);
    before = q_completed(&d, &q);
    qtest_memset(d.qts, q.cpl + 2 * sizeof(c), 0, 2 * sizeof(c));
    if (system) {
        qtest_system_reset(d.qts);
        /* the reset also cleared the BARs and bus mastering */
        qpci_device_enable(d.dev);
        qpci_config_writel(d.dev, PCI_BASE_ADDRESS_0, d.regs.addr);
        qpci_config_writel(d.dev, PCI_BASE_ADDRESS_2, d.imem.addr);
        qpci_config_writel(d.dev, PCI_BASE_ADDRESS_3, 0);
    } else {
        wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_RESET);
    }
    check_power_on(&d);
    g_assert_cmpuint(before, ==, 2);
    /* the dropped job never completes, nothing is written */
    step(&d, 10 * 1000 * 1000);
    q_cpl(&d, &q, 2, &c);
    g_assert_cmphex(le32_to_cpu(c.check), ==, 0);
    check_power_on(&d);

    /* Back to work: the history is empty after reset */
    fw_load_good(&d);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    q_setup(&d, &q, 0, 8);
    run_job(&d, &q, &small, &c);
    check_cpl_ok(&c, &small, false);
    run_job(&d, &q, &big, &c);
    check_cpl_ok(&c, &big, false);
    check_output(&d, &big);
    idx_stop(&d);
}

static void test_reset_register(void)
{
    reset_case(false);
}

static void test_reset_system(void)
{
    reset_case(true);
}

/*
 * Issue 42: an AER SDN round found a job done but its output zero from its
 * fourth page on.  SDN's link reset (the AER core's secondary bus reset)
 * is a cold reset of the device, the Resettable path of a system reset,
 * and leaves the device's config space reset (BARs, decode off) until
 * the core restores it.  test_reset_link: the reset cannot leave such an
 * output, a reader of BAR2 while config space is reset reads zeroes.
 */

/* Put back what a cold reset took from config space, as slot_reset does. */
static void restore_config(Idx *d)
{
    qpci_device_enable(d->dev);
    qpci_config_writel(d->dev, PCI_BASE_ADDRESS_0, d->regs.addr);
    qpci_config_writel(d->dev, PCI_BASE_ADDRESS_2, d->imem.addr);
    qpci_config_writel(d->dev, PCI_BASE_ADDRESS_3, 0);
}

/* Threads of dsc's output that hold their reference word. */
static uint32_t output_good(Idx *d, const struct idxgen_desc *dsc)
{
    uint32_t dx = le16_to_cpu(dsc->dx), dy = le16_to_cpu(dsc->dy);
    uint32_t n, threads = dx * dy * le16_to_cpu(dsc->dz), good = 0;
    size_t len = (size_t)threads * dsc->word_size;
    g_autofree uint8_t *buf = g_malloc(len);

    qpci_memread(d->dev, d->imem, le64_to_cpu(dsc->target), buf, len);
    for (n = 0; n < threads; n++) {
        good += idxgen_ref_load(buf, n, dsc->word_size) ==
                idxgen_ref_word(n, dx, dy, dsc->mx, dsc->my);
    }
    return good;
}

/*
 * The failing job (64x64x3, 2-byte words, at 0x70000: 384 warps, 388
 * cycles) reset at cycles of its life: its start, the filter, half way,
 * around its completion and after.  Before the reset its output is all
 * there with a completion, or none of it without one (12288 threads fit
 * one generation chunk; thread 0's word is 0, so "none" counts one); the
 * reset writes no completion and keeps index memory, so the same holds
 * after it; while config space is reset (BARs and decode off, until the
 * AER core's slot_reset restores it) BAR2 reads are zeroes; once it is
 * restored, the job run again writes all of it with an OK completion.
 */
static void test_reset_link(void)
{
    static const uint32_t cycles[] = {
        1, 3, 4, 5, 100, 196, 387, 388, 389, 500
    };
    const uint32_t threads = 64 * 64 * 3;
    struct idxgen_desc dsc;
    struct idxgen_cpl c;
    uint32_t i, before, n;
    bool done;
    Queue q;
    Idx d;

    mkdesc(&dsc, 0x70000, 64, 64, 3, 32, 7);
    g_assert_cmpuint(dsc.word_size, ==, 2);
    idx_start_ready(&d, NULL);
    g_assert_cmpuint(desc_warps(&dsc), ==, 384);
    for (i = 0; i < ARRAY_SIZE(cycles); i++) {
        wr64(&d, IDXGEN_REG_RANGE_BASE_LO, 0x70000);
        wr64(&d, IDXGEN_REG_RANGE_SIZE_LO, threads * 2);
        wr(&d, IDXGEN_REG_RANGE_CMD, IDXGEN_RANGE_CMD_ZERO);
        g_assert_cmpuint(rd(&d, IDXGEN_REG_RANGE_STATUS), ==, 0);
        wr(&d, IDXGEN_QREG(0, IDXGEN_Q_CTRL), 0);  /* a new ring: re-latched */
        q_setup(&d, &q, 0, 4);
        n = q_completed(&d, &q);        /* kept across enables */
        q_submit(&d, &q, &dsc);
        step(&d, (int64_t)cycles[i] * NS_PER_CYCLE);
        done = q_completed(&d, &q) == n + 1;
        before = output_good(&d, &dsc);
        g_test_message("reset at cycle %u: %s, %u threads right", cycles[i],
                       done ? "completed" : "no completion", before);
        g_assert_cmpuint(before, ==, done ? threads : 1);

        qtest_system_reset(d.qts);
        g_assert_cmpuint(output_good(&d, &dsc), ==, 1);
        restore_config(&d);
        check_power_on(&d);
        step(&d, 10 * 1000 * 1000);
        check_power_on(&d);
        g_assert_cmpuint(output_good(&d, &dsc), ==, before);

        fw_load_good(&d);
        wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
        q_setup(&d, &q, 0, 4);
        run_job(&d, &q, &dsc, &c);
        check_cpl_ok(&c, &dsc, false);
        g_assert_cmpuint(output_good(&d, &dsc), ==, threads);
    }
    idx_stop(&d);
}

/* Writing a read-only register while enabled is fatal until RESET. */
static void test_fatal(void)
{
    Idx d;
    Queue q;
    struct idxgen_desc dsc;

    idx_start_ready(&d, NULL);
    q_setup(&d, &q, 0, 4);
    wr(&d, IDXGEN_REG_STAT_JOBS, 5);
    g_assert_true(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_FATAL);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_FATAL_CODE), ==,
                     IDXGEN_FATAL_BAD_REG_WRITE);
    g_assert_true(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_ERROR);
    g_assert_cmpuint(rd64(&d, IDXGEN_REG_STAT_JOBS), ==, 0);
    /* no jobs run while fatal */
    mkdesc(&dsc, 0, 4, 4, 4, 32, 1);
    q_submit(&d, &q, &dsc);
    step(&d, 100000);
    g_assert_cmpuint(q_completed(&d, &q), ==, 0);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_RESET);
    g_assert_cmphex(rd(&d, IDXGEN_REG_STATUS), ==, 0);
    g_assert_cmpuint(rd(&d, IDXGEN_REG_FATAL_CODE), ==, IDXGEN_FATAL_NONE);
    /* disabled: the same write is only logged */
    wr(&d, IDXGEN_REG_ID, 5);
    wr(&d, IDXGEN_QREG(3, 0x80), 5);
    wr(&d, IDXGEN_QREG(9, 0), 5);
    g_assert_cmphex(rd(&d, IDXGEN_REG_STATUS), ==, 0);
    wr(&d, IDXGEN_REG_CTRL, IDXGEN_CTRL_ENABLE);
    wr(&d, IDXGEN_QREG(9, 0), 5);
    g_assert_true(rd(&d, IDXGEN_REG_STATUS) & IDXGEN_STATUS_FATAL);
    idx_stop(&d);
}

/* ------------------------------------------------------------------ */
/* Interrupts                                                         */
/* ------------------------------------------------------------------ */

void msix_setup(Idx *d, uint64_t msg, unsigned nvec)
{
    unsigned v;

    qpci_msix_enable(d->dev);
    for (v = 0; v < nvec; v++) {
        uint64_t off = d->dev->msix_table_off + v * PCI_MSIX_ENTRY_SIZE;

        qpci_io_writel(d->dev, d->dev->msix_table_bar,
                       off + PCI_MSIX_ENTRY_LOWER_ADDR,
                       (uint32_t)(msg + 4 * v));
        qpci_io_writel(d->dev, d->dev->msix_table_bar,
                       off + PCI_MSIX_ENTRY_UPPER_ADDR, (msg + 4 * v) >> 32);
        qpci_io_writel(d->dev, d->dev->msix_table_bar,
                       off + PCI_MSIX_ENTRY_DATA, 0x100 + v);
        qpci_io_writel(d->dev, d->dev->msix_table_bar,
                       off + PCI_MSIX_ENTRY_VECTOR_CTRL, 0);
    }
    qtest_memset(d->qts, msg, 0, 4 * nvec);
}

uint32_t msg_of(Idx *d, uint64_t msg, unsigned v)
{
    uint32_t val = qtest_readl(d->qts, msg + 4 * v);

    qtest_writel(d->qts, msg + 4 * v, 0);
    return val;
}

static void test_msix(void)
{
    Idx d;
    Queue q0, q2;
    struct idxgen_desc dsc;
    uint64_t msg;
    unsigned nvec = IDXGEN_MSIX_VECTORS(IDXGEN_HW_DEFAULT_QUEUES);
    unsigned err = IDXGEN_MSIX_ERR_VECTOR(IDXGEN_HW_DEFAULT_QUEUES);
    uint64_t off;

    idx_start_ready(&d, NULL);
    msg = guest_alloc(&d.alloc, 4 * nvec);
    msix_setup(&d, msg, nvec);
    q_setup(&d, &q0, 0, 8);
    q_setup(&d, &q2, 2, 8);
    mkdesc(&dsc, 0, 9, 4, 1, 32, 1);

    /* Not enabled in IRQ_ENABLE: status only */
    run_job_status(&d, &q0, &dsc);
    g_assert_true(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_QUEUE(0));
    g_assert_cmphex(msg_of(&d, msg, 0), ==, 0);

    wr(&d, IDXGEN_REG_IRQ_ENABLE, ~0u);
    g_assert_cmphex(rd(&d, IDXGEN_REG_IRQ_ENABLE), ==,
                    IDXGEN_IRQ_ERROR | IDXGEN_IRQ_ARB | 0xf);
    run_job_status(&d, &q0, &dsc);
    g_assert_cmphex(msg_of(&d, msg, 0), ==, 0x100);
    run_job_status(&d, &q2, &dsc);
    g_assert_cmphex(msg_of(&d, msg, 2), ==, 0x102);
    g_assert_cmphex(msg_of(&d, msg, 0), ==, 0);

    /* Vector remapping; out-of-range vectors are refused */
    wr(&d, IDXGEN_QREG(2, IDXGEN_Q_IRQ_VECTOR), 3);
    wr(&d, IDXGEN_QREG(2, IDXGEN_Q_IRQ_VECTOR),
       IDXGEN_MSIX_VECTORS_UQ(IDXGEN_HW_DEFAULT_QUEUES,
                              IDXGEN_HW_DEFAULT_UQUEUES));
    g_assert_cmpuint(rd(&d, IDXGEN_QREG(2, IDXGEN_Q_IRQ_VECTOR)), ==, 3);
    run_job_status(&d, &q2, &dsc);
    g_assert_cmphex(msg_of(&d, msg, 3), ==, 0x103);
    g_assert_cmphex(msg_of(&d, msg, 2), ==, 0);

    /* Error vector: bad doorbell */
    wr(&d, IDXGEN_QREG(0, IDXGEN_Q_TAIL), 100);
    g_assert_cmphex(msg_of(&d, msg, err), ==, 0x100 + err);

    /* Error vector: an arbiter event (a lock granted) */
    wr(&d, IDXGEN_REG_ARB_CMD, IDXGEN_ARB_CMD(IDXGEN_ARB_OP_LOCK, 1, 0));
    step(&d, IDXGEN_ARB_SERVE_CYCLES * NS_PER_CYCLE);
    g_assert_cmphex(msg_of(&d, msg, err), ==, 0x100 + err);
    g_assert_true(rd(&d, IDXGEN_REG_IRQ_STATUS) & IDXGEN_IRQ_ARB);

    /* W1C */
    wr(&d, IDXGEN_REG_IRQ_STATUS, IDXGEN_IRQ_QUEUE(0) | IDXGEN_IRQ_ERROR |
       IDXGEN_IRQ_ARB);
    g_assert_cmphex(rd(&d, IDXGEN_REG_IRQ_STATUS), ==, IDXGEN_IRQ_QUEUE(2));

    /* A masked vector becomes pending, delivered on unmask */
    off = d.dev->msix_table_off + 0 * PCI_MSIX_ENTRY_SIZE;
    qpci_io_writel(d.dev, d.dev->msix_table_bar,
                   off + PCI_MSIX_ENTRY_VECTOR_CTRL, 1);
    run_job_status(&d, &q0, &dsc);
    g_assert_true(qpci_msix_pending(d.dev, 0));
    g_assert_cmphex(msg_of(&d, msg, 0), ==, 0);
    qpci_io_writel(d.dev, d.dev->msix_table_bar,
                   off + PCI_MSIX_ENTRY_VECTOR_CTRL, 0);
    g_assert_false(qpci_msix_pending(d.dev, 0));
    g_assert_cmphex(msg_of(&d, msg, 0), ==, 0x100);
    idx_stop(&d);
}

void register_reset(void)
{
    qtest_add_func("/idxgen/reset/register", test_reset_register);
    qtest_add_func("/idxgen/reset/system", test_reset_system);
    qtest_add_func("/idxgen/reset/link", test_reset_link);
    qtest_add_func("/idxgen/fatal", test_fatal);
    qtest_add_func("/idxgen/msix", test_msix);
}
